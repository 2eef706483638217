#!/usr/bin/env python3
"""Load driver for the matrix-multiplication workload of bench/compare-scripts.sh (DESIGN.md section 9).

Two groups of clients at once against one server: script clients, each running
`EVALSHA <matrix script> 3 {tag}:A {tag}:B {tag}:R` (or EVALSHAASYNC, Redactor's script whose redis.call
runs as one command at a time, with --command) on its own pair of n x n matrices in a closed loop, and
GET clients reading small keys that are not the matrices' keys, each timing every GET. One thread drives
every connection through a selector, so no client waits on another's interpreter lock and each reply is
timed when it arrives.

Each script client's keys share a hash tag, and the GET keys have tags of their own; the tags are chosen
so that every tag falls in a different Redactor partition (slots grouped into --partitions contiguous
ranges, as Redactor's PartitionMap does): in Redactor the scripts can run side by side and the GETs are
served by partitions no script holds. Redis runs them all on its one thread.

Usage:
  matrix-load.py load --port P [options]   empty the server's keys of the workload, load the matrices and
                                           the GET keys, SCRIPT LOAD the script; prints its SHA1
  matrix-load.py run --port P --seconds S [options]
                                           run both groups for S seconds, check the results, print the
                                           figures (see report())
Options (the same for load and run): --host, --size N (matrix side, default 100), --script-clients N
(default 10), --get-clients N (default 5), --get-interval-ms MS (pause between a GET's reply and the
client's next GET, default 1; 0 sends the next at once), --partitions N (Redactor's count, default 64),
--seed N (of the random matrices, default 42). Options of run only: --command EVALSHA|EVALSHAASYNC (what the
script clients send, default EVALSHA; the same script and SHA1 either way, loaded by load); --slow-ms MS (print
each GET slower than MS to stderr with its send time, and count them).
A run with --get-clients 0 has script clients only (the GET figures are then 0).
Standard library only: raw RESP over sockets.
"""

import argparse
import hashlib
import os
import random
import selectors
import socket
import sys
import time

# DESIGN.md section 9's script, as examples/matrix runs it: one copy in the repository.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "matrix", "matrix.lua"),
          encoding="utf-8") as script_file:
    MATRIX_SCRIPT = script_file.read()
SCRIPT_SHA = hashlib.sha1(MATRIX_SCRIPT.encode()).hexdigest()
GET_VALUE = b"value-of-a-get-k"       # 16 bytes
MAX_ENTRY = 99                        # matrix entries are integers 0..99: every product sum is exact in Lua
PUSH_BATCH = 1000                     # elements per RPUSH when loading


# ---------------------------------------------------------------------------------------------------------
# RESP

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "lib"))
from resp import encode as command  # noqa: E402  (the examples' RESP encoder: one copy in the repository)


class ServerError(Exception):
    pass


class NeedMore(Exception):
    pass


def parse(buf, pos=0):
    """One reply from buf at pos: (value, next position); errors come back as ServerError instances.
    Raises NeedMore when the reply is not complete yet."""
    end = buf.find(b"\r\n", pos)
    if end < 0:
        raise NeedMore
    kind, line = buf[pos:pos + 1], buf[pos + 1:end]
    pos = end + 2
    if kind == b"+":
        return line, pos
    if kind == b"-":
        return ServerError(line.decode(errors="replace")), pos
    if kind == b":":
        return int(line), pos
    if kind == b"$":
        n = int(line)
        if n < 0:
            return None, pos
        if len(buf) < pos + n + 2:
            raise NeedMore
        return buf[pos:pos + n], pos + n + 2
    if kind == b"*":
        n = int(line)
        if n < 0:
            return None, pos
        items = []
        for _ in range(n):
            item, pos = parse(buf, pos)
            items.append(item)
        return items, pos
    raise ValueError("unexpected RESP type byte %r" % kind)


class Client:
    """A blocking connection for loading and checking."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=60)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def call(self, *args):
        return self.pipeline([args])[0]

    def pipeline(self, commands):
        self.sock.sendall(b"".join(command(*c) for c in commands))
        replies = []
        pos = 0
        while len(replies) < len(commands):
            try:
                reply, pos = parse(self.buf, pos)
                replies.append(reply)
            except NeedMore:
                self.buf = self.buf[pos:]
                pos = 0
                data = self.sock.recv(1 << 20)
                if not data:
                    raise ConnectionError("server closed the connection")
                self.buf += data
        self.buf = self.buf[pos:]
        return replies

    def close(self):
        self.sock.close()


# ---------------------------------------------------------------------------------------------------------
# Keys: hash tags in distinct partitions

def crc16(data):
    """CRC16-CCITT (XMODEM), the checksum of Redis's key hash slots."""
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def partition_of_tag(tag, partitions):
    slot = crc16(tag.encode()) % 16384
    return slot * partitions // 16384


def choose_tags(script_clients, get_clients, partitions):
    """Tags m<i> for the script clients and g<i> for the GET clients, each in a partition none of the
    others has (as long as there are enough partitions; then they are only spread)."""
    taken = set()

    def pick(prefix, count):
        tags, i = [], 0
        while len(tags) < count:
            tag = "%s%d" % (prefix, i)
            p = partition_of_tag(tag, partitions)
            if p not in taken or len(taken) >= partitions:
                taken.add(p)
                tags.append(tag)
            i += 1
        return tags

    return pick("m", script_clients), pick("g", get_clients)


class Layout:
    def __init__(self, opts):
        self.size = opts.size
        self.script_tags, self.get_tags = choose_tags(opts.script_clients, opts.get_clients, opts.partitions)
        rng = random.Random(opts.seed)
        self.matrices = []
        for _ in self.script_tags:
            a = [rng.randint(0, MAX_ENTRY) for _ in range(self.size * self.size)]
            b = [rng.randint(0, MAX_ENTRY) for _ in range(self.size * self.size)]
            self.matrices.append((a, b))

    @staticmethod
    def keys(tag):
        return ("{%s}:A" % tag, "{%s}:B" % tag, "{%s}:R" % tag)

    @staticmethod
    def get_key(tag):
        return "{%s}:get" % tag

    def product(self, i):
        """The script's result list for client i: row j of A times column c of B, for j, then c."""
        n = self.size
        a, b = self.matrices[i]
        rows = [a[j * n:(j + 1) * n] for j in range(n)]
        cols = [b[c::n] for c in range(n)]
        return [str(sum(x * y for x, y in zip(row, col))).encode() for row in rows for col in cols]


# ---------------------------------------------------------------------------------------------------------
# load

def load(opts, layout):
    client = Client(opts.host, opts.port)
    try:
        batch = []
        for tag, (a, b) in zip(layout.script_tags, layout.matrices):
            ka, kb, kr = layout.keys(tag)
            batch.append(("DEL", ka, kb, kr))
            for key, values in ((ka, a), (kb, b)):
                for start in range(0, len(values), PUSH_BATCH):
                    batch.append(("RPUSH", key) + tuple(values[start:start + PUSH_BATCH]))
        for tag in layout.get_tags:
            batch.append(("SET", layout.get_key(tag), GET_VALUE))
        for reply in client.pipeline(batch):
            if isinstance(reply, ServerError):
                raise SystemExit("loading failed: %s" % reply)
        for tag in layout.script_tags:
            ka, kb, _ = layout.keys(tag)
            lengths = client.pipeline([("LLEN", ka), ("LLEN", kb)])
            if lengths != [layout.size ** 2] * 2:
                raise SystemExit("after loading, LLEN of %s and %s is %r, not %d" % (ka, kb, lengths, layout.size ** 2))
        sha = client.call("SCRIPT", "LOAD", MATRIX_SCRIPT)
        if sha != SCRIPT_SHA.encode():
            raise SystemExit("SCRIPT LOAD replied %r, expected %s" % (sha, SCRIPT_SHA))
        print(SCRIPT_SHA)
    finally:
        client.close()


# ---------------------------------------------------------------------------------------------------------
# run

class Conn:
    def __init__(self, host, port, request, expected):
        self.sock = socket.create_connection((host, port), timeout=60)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.request = request
        self.expected = expected
        self.buf = b""
        self.sent_at = None        # while a request is out
        self.next_at = 0.0         # when the next request may go


def percentile(sorted_values, p):
    if not sorted_values:
        return 0.0
    k = max(0, min(len(sorted_values) - 1, int(-(-p * len(sorted_values) // 1)) - 1))
    return sorted_values[k]


def run(opts, layout):
    sel = selectors.DefaultSelector()
    conns = []
    for tag in layout.script_tags:
        c = Conn(opts.host, opts.port, command(opts.command, SCRIPT_SHA, 3, *layout.keys(tag)), layout.size)
        c.kind = "script"
        conns.append(c)
    for tag in layout.get_tags:
        c = Conn(opts.host, opts.port, command("GET", layout.get_key(tag)), GET_VALUE)
        c.kind = "get"
        conns.append(c)
    for c in conns:
        sel.register(c.sock, selectors.EVENT_READ, c)

    interval = opts.get_interval_ms / 1000.0
    script_latencies, get_latencies = [], []
    scripts_in_window = 0
    scripts_all = 0            # every correct script reply, those after the deadline too
    last_script_at = None
    wrong = {}                 # first wrong reply of each kind, and how many
    wrong_count = 0

    def send(c, now):
        c.sock.sendall(c.request)
        c.sent_at = now

    start = time.perf_counter()
    deadline = start + opts.seconds
    for c in conns:
        send(c, time.perf_counter())
    outstanding = len(conns)
    while outstanding:
        now = time.perf_counter()
        waiting = [c.next_at for c in conns if c.sent_at is None and now < deadline]
        timeout = max(0.0, min(waiting + [deadline]) - now) if now < deadline else 1.0
        events = sel.select(timeout)
        now = time.perf_counter()
        if not events and now >= deadline and now > deadline + opts.drain_seconds:
            raise SystemExit("no reply within %.0f s after the end of the run (%d requests outstanding)"
                             % (opts.drain_seconds, outstanding))
        for key, _ in events:
            c = key.data
            data = c.sock.recv(1 << 16)
            if not data:
                raise SystemExit("the server closed a %s client's connection" % c.kind)
            c.buf += data
            try:
                reply, pos = parse(c.buf)
            except NeedMore:
                continue
            c.buf = c.buf[pos:]
            latency = now - c.sent_at
            c.sent_at = None
            outstanding -= 1
            if reply != c.expected:
                wrong_count += 1
                wrong.setdefault(c.kind, repr(reply)[:200])
            if c.kind == "script":
                script_latencies.append(latency)
                if now <= deadline and reply == c.expected:
                    scripts_in_window += 1
                if reply == c.expected:
                    scripts_all += 1
                last_script_at = now
                c.next_at = now
            else:
                get_latencies.append(latency)
                if opts.slow_ms and latency * 1000 > opts.slow_ms:
                    sys.stderr.write("slow_get sent_at=%.6f ms=%.3f\n" % (now - latency, 1000 * latency))
                c.next_at = now + interval
        if now < deadline:
            for c in conns:
                if c.sent_at is None and c.next_at <= now:
                    send(c, now)
                    outstanding += 1
    elapsed = min(time.perf_counter(), deadline) - start
    drained = (scripts_all, (last_script_at - start) if last_script_at else 0.0)

    checked = check_results(opts, layout)
    return report(opts, layout, elapsed, scripts_in_window, drained, script_latencies, get_latencies, wrong_count,
                  wrong, checked)


def check_results(opts, layout):
    """Each result list is the product of its client's matrices, as Lua 5.1 numbers print (integers here)."""
    client = Client(opts.host, opts.port)
    try:
        for i, tag in enumerate(layout.script_tags):
            _, _, kr = layout.keys(tag)
            got = client.call("LRANGE", kr, 0, -1)
            want = layout.product(i)
            if got != want:
                if not isinstance(got, list):
                    return "LRANGE %s replied %r" % (kr, got)
                diff = next((k for k, (g, w) in enumerate(zip(got, want)) if g != w), min(len(got), len(want)))
                return "%s holds %d elements, %d expected; element %d is %r, %r expected" % (
                    kr, len(got), len(want), diff, got[diff] if diff < len(got) else None,
                    want[diff] if diff < len(want) else None)
        return "ok"
    finally:
        client.close()


def report(opts, layout, elapsed, scripts, drained, script_latencies, get_latencies, wrong_count, wrong, checked):
    """A line of key=value figures (times in ms), then check=<ok or what is wrong>, then first_wrong=<the
    first unexpected reply of each kind of client, or none>.

    scripts_per_s counts the scripts completed within the run. When a script takes a good part of the run
    and the clients' scripts end together, that count moves in steps of --script-clients (a 3-second run
    of 3-second scripts counts 0). They do end together on Redactor, which runs them side by side, and on
    Redis too, which runs every ready client's script in one event-loop iteration and writes the replies
    after it. drained_scripts_per_s counts every script sent, until the last reply (the run plus the time
    the last ones took), which short runs estimate better."""
    s = sorted(script_latencies)
    g = sorted(get_latencies)
    figures = [
        ("command", opts.command),
        ("seconds", "%.3f" % elapsed),
        ("scripts", scripts),
        ("scripts_per_s", "%.2f" % (scripts / elapsed if elapsed > 0 else 0)),
        ("drained_scripts", drained[0]),
        ("drained_seconds", "%.3f" % drained[1]),
        ("drained_scripts_per_s", "%.2f" % (drained[0] / drained[1] if drained[1] > 0 else 0)),
        ("script_avg_ms", "%.1f" % (1000 * sum(s) / len(s) if s else 0)),
        ("script_max_ms", "%.1f" % (1000 * s[-1] if s else 0)),
        ("gets", len(g)),
        ("get_avg_ms", "%.3f" % (1000 * sum(g) / len(g) if g else 0)),
        ("get_p50_ms", "%.3f" % (1000 * percentile(g, 0.50))),
        ("get_p99_ms", "%.3f" % (1000 * percentile(g, 0.99))),
        ("get_max_ms", "%.3f" % (1000 * g[-1] if g else 0)),
    ] + ([("gets_over_slow_ms", sum(1 for x in g if 1000 * x > opts.slow_ms))] if opts.slow_ms else []) + [
        ("wrong_replies", wrong_count),
        ("tags", ",".join("%s:%d" % (t, partition_of_tag(t, opts.partitions))
                          for t in layout.script_tags + layout.get_tags)),
    ]
    print(" ".join("%s=%s" % kv for kv in figures))
    print("check=%s" % checked)
    print("first_wrong=%s" % ("; ".join("%s %s" % kv for kv in wrong.items()) or "none"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["load", "run"])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--script-clients", type=int, default=10)
    parser.add_argument("--get-clients", type=int, default=5)
    parser.add_argument("--get-interval-ms", type=float, default=1)
    parser.add_argument("--partitions", type=int, default=64)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--command", choices=["EVALSHA", "EVALSHAASYNC"], default="EVALSHA",
                        help="what the script clients send (run only)")
    parser.add_argument("--drain-seconds", type=float, default=120,
                        help="how long to wait for the replies still out when the run ends")
    parser.add_argument("--slow-ms", type=float, default=0,
                        help="print each GET slower than this to stderr, with when it was sent (CLOCK_MONOTONIC "
                             "seconds, as the JVM's System.nanoTime and -Xlog's 'tn' decorator count), and count "
                             "them in gets_over_slow_ms (run only; 0: off)")
    opts = parser.parse_args()
    if opts.slow_ms < 0:
        parser.error("--slow-ms must be 0 (off) or more")
    layout = Layout(opts)
    if opts.action == "load":
        load(opts, layout)
    else:
        run(opts, layout)


if __name__ == "__main__":
    try:
        main()
    except (ConnectionError, OSError) as e:
        sys.exit("matrix-load.py: %s" % e)
