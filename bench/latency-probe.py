#!/usr/bin/env python3
"""GETs one at a time on one connection until SIGTERM, writing one line per GET to stdout: the time it was sent
(unix ms, with a fraction) and how long its reply took (microseconds). The caller keeps the lines of the window it
cares about (while a snapshot runs, say). Usage: latency-probe.py PORT KEYS"""
import random
import signal
import socket
import sys
import time

running = True


def stop(signum, frame):
    global running
    running = False


def main():
    port, keys = int(sys.argv[1]), int(sys.argv[2])
    signal.signal(signal.SIGTERM, stop)
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    reader = sock.makefile("rb")
    out = sys.stdout
    rng = random.Random(7)
    while running:
        key = b"key:%012d" % rng.randrange(keys)
        request = b"*2\r\n$3\r\nGET\r\n$16\r\n" + key + b"\r\n"
        sent = time.time()
        start = time.perf_counter_ns()
        sock.sendall(request)
        line = reader.readline()
        if line.startswith(b"$") and not line.startswith(b"$-1"):
            reader.read(int(line[1:]) + 2)
        elapsed_us = (time.perf_counter_ns() - start) // 1000
        out.write("%.3f %d\n" % (sent * 1000, elapsed_us))
    out.flush()


if __name__ == "__main__":
    main()
