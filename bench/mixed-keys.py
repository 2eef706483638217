#!/usr/bin/env python3
"""Writes RESP commands for redis-cli --pipe that create N keys of mixed types, the same on every run:
40% strings of 100 bytes named key:%012d (what redis-benchmark's key:__rand_int__ overwrites with -r), then lists,
hashes, sets and sorted sets of 10 elements each (15% each). Usage: mixed-keys.py N > file"""
import sys


def command(*args):
    out = [b"*%d\r\n" % len(args)]
    for arg in args:
        data = arg if isinstance(arg, bytes) else str(arg).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


def main():
    n = int(sys.argv[1])
    strings = n * 40 // 100
    rest = n - strings
    out = sys.stdout.buffer
    value = b"v" * 100
    for i in range(strings):
        out.write(command("SET", "key:%012d" % i, value))
    for i in range(rest):
        kind = i % 4
        elements = [("e%d-%d" % (i, j)) for j in range(10)]
        if kind == 0:
            out.write(command("RPUSH", "list:%d" % i, *elements))
        elif kind == 1:
            pairs = []
            for j, e in enumerate(elements):
                pairs += ["f%d" % j, e]
            out.write(command("HSET", "hash:%d" % i, *pairs))
        elif kind == 2:
            out.write(command("SADD", "set:%d" % i, *elements))
        else:
            pairs = []
            for j, e in enumerate(elements):
                pairs += [j * 1.5, e]
            out.write(command("ZADD", "zset:%d" % i, *pairs))


if __name__ == "__main__":
    main()
