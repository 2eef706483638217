#!/usr/bin/env python3
"""Matrix multiplication in a Lua script (DESIGN.md section 9): loads two random n x n matrices into lists,
runs matrix.lua on them with EVALSHAASYNC, and checks the product it wrote against one computed here.

With --parallel K, K multiplications (each on its own pair of matrices under its own hash tag) run at once
from K connections.
"""

import argparse
import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from resp import Client, ServerError, connection_options, evalsha_command, load_script, script_options  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_ENTRY = 99      # integer entries 0..99: every sum of products is exact in Lua's doubles
PUSH_BATCH = 1000   # elements per RPUSH


def keys(tag):
    """The two factors and the result, in one hash slot so that they live in one key range."""
    return "{%s}:A" % tag, "{%s}:B" % tag, "{%s}:R" % tag


def random_matrix(rng, n):
    return [rng.randint(0, MAX_ENTRY) for _ in range(n * n)]


def load(client, tag, a, b):
    """Replaces the tag's lists by the matrices given (row-major)."""
    key_a, key_b, key_r = keys(tag)
    client.call("DEL", key_a, key_b, key_r)
    for key, m in ((key_a, a), (key_b, b)):
        batches = [("RPUSH", key, *m[i:i + PUSH_BATCH]) for i in range(0, len(m), PUSH_BATCH)]
        for reply in client.pipeline(batches):
            if isinstance(reply, ServerError):
                raise reply


def product(a, b, n):
    """Row-major a x b, the order matrix.lua pushes its result in."""
    out = []
    for j in range(n):
        row = a[j * n:(j + 1) * n]
        for i in range(n):
            out.append(sum(row[k] * b[k * n + i] for k in range(n)))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    connection_options(parser)
    script_options(parser)
    parser.add_argument("-n", "--size", type=int, default=100, help="matrix side n (default 100)")
    parser.add_argument("--parallel", type=int, default=1, help="multiplications run at once (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random matrices (default 1)")
    parser.add_argument("--tag", default="matrix", help="hash tag prefix of the keys (default matrix)")
    opts = parser.parse_args(argv)
    n = opts.size

    rng = random.Random(opts.seed)
    tags = [opts.tag if opts.parallel == 1 else "%s%d" % (opts.tag, i) for i in range(opts.parallel)]
    factors = [(random_matrix(rng, n), random_matrix(rng, n)) for _ in tags]
    with Client(opts.host, opts.port) as client:
        for tag, (a, b) in zip(tags, factors):
            load(client, tag, a, b)
        sha = load_script(client, os.path.join(HERE, "matrix.lua"))

    command = evalsha_command(opts)
    replies = [None] * len(tags)
    clients = [Client(opts.host, opts.port) for _ in tags]
    start = threading.Barrier(len(tags) + 1)

    def run(i):
        start.wait()
        replies[i] = clients[i].read()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(tags))]
    for t in threads:
        t.start()
    began = time.perf_counter()
    for client, tag in zip(clients, tags):
        client.send(command, sha, 3, *keys(tag))
    start.wait()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    for c in clients:
        c.close()

    ok = True
    with Client(opts.host, opts.port) as client:
        for tag, (a, b), reply in zip(tags, factors, replies):
            if isinstance(reply, ServerError):
                print("%s %s: %s" % (command, tag, reply), file=sys.stderr)
                ok = False
                continue
            if reply != n:
                print("%s %s returned %r, expected %d" % (command, tag, reply, n), file=sys.stderr)
                ok = False
            got = [int(v) for v in client.call("LRANGE", keys(tag)[2], 0, -1)]
            if got != product(a, b, n):
                print("%s: the result list differs from the product computed locally" % keys(tag)[2],
                      file=sys.stderr)
                ok = False
    label = "n=%d" % n if opts.parallel == 1 else "n=%d parallel=%d" % (n, opts.parallel)
    print("%s time=%.3fs %s" % (label, elapsed, "OK" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
