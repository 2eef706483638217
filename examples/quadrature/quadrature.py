#!/usr/bin/env python3
"""Parallel adaptive quadrature: k copies of quadrature.lua (EVALSHAASYNC, started at once) share a work list
of intervals in the server; then the same refinement in one sequential script. Prints the area against the
closed form, the time of 1..k copies and of the sequential script, and the speedups.
"""

import argparse
import math
import os
import sys
import threading
import time
from statistics import median

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from resp import Client, ServerError, connection_options, evalsha_command, load_script, script_options  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def peaks_antiderivative(x):
    """Of sin(40x) + sum over i = 1..30 of 1 / ((x - (2i - 1)/60)^2 + (i/3000)^2), as in quadrature.lua."""
    total = -math.cos(40 * x) / 40
    for i in range(1, 31):
        w = i / 3000
        total += math.atan((x - (2 * i - 1) / 60) / w) / w
    return total


def wave_antiderivative(x):
    """Of x sin(50x)."""
    return math.sin(50 * x) / 2500 - x * math.cos(50 * x) / 50


ANTIDERIVATIVES = {"peaks": peaks_antiderivative, "wave": wave_antiderivative}


class Quadrature:
    def __init__(self, opts):
        self.opts = opts
        tag = opts.tag
        self.keys = ("{%s}:work" % tag, "{%s}:total" % tag, "{%s}:pending" % tag)
        self.command = evalsha_command(opts)
        with Client(opts.host, opts.port) as client:
            self.sha = load_script(client, os.path.join(HERE, "quadrature.lua"))

    def args(self, mode):
        o = self.opts
        return (self.command, self.sha, 3, *self.keys, mode, o.integrand, repr(o.a), repr(o.b), repr(o.tolerance),
                o.pieces, o.budget, o.max_depth, o.idle_retries)

    def parallel(self, copies):
        """Seeds the work list, runs `copies` workers at once; returns (area, seconds, per-copy stats)."""
        o = self.opts
        with Client(o.host, o.port) as client:
            check(client.call(*self.args("seed")))
        clients = [Client(o.host, o.port) for _ in range(copies)]
        replies = [None] * copies

        def wait(i):
            replies[i] = clients[i].read()

        threads = [threading.Thread(target=wait, args=(i,)) for i in range(copies)]
        for t in threads:
            t.start()
        began = time.perf_counter()
        for c in clients:
            c.send(*self.args("worker"))
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - began
        for c in clients:
            c.close()
        for r in replies:
            check(r)
        with Client(o.host, o.port) as client:
            total, pending, left = client.pipeline([("GET", self.keys[1]), ("GET", self.keys[2]),
                                                    ("LLEN", self.keys[0])])
        if int(pending) != 0 or left != 0:
            raise RuntimeError("work left over: pending=%s, list length %s" % (pending, left))
        return float(total), elapsed, replies

    def sequential(self):
        with Client(self.opts.host, self.opts.port) as client:
            began = time.perf_counter()
            reply = check(client.call(*self.args("sequential")))
            elapsed = time.perf_counter() - began
        return float(reply[0]), elapsed, reply


def check(reply):
    if isinstance(reply, ServerError):
        raise reply
    return reply


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    connection_options(parser)
    script_options(parser)
    parser.add_argument("-k", "--copies", type=int, default=2, help="run 1..k parallel copies (default 2)")
    parser.add_argument("--integrand", choices=sorted(ANTIDERIVATIVES), default="peaks",
                        help="peaks (default) or wave, see quadrature.lua")
    parser.add_argument("--a", type=float, default=0.0, help="lower limit (default 0)")
    parser.add_argument("--b", type=float, default=1.0, help="upper limit (default 1)")
    parser.add_argument("--tolerance", type=float, default=1e-9, help="absolute error target (default 1e-9)")
    parser.add_argument("--pieces", type=int, default=16, help="first pieces of [a, b] (default 16)")
    parser.add_argument("--budget", type=int, default=2000,
                        help="subdivisions per work item before the rest goes back (default 2000)")
    parser.add_argument("--max-depth", type=int, default=50, help="deepest halving (default 50)")
    parser.add_argument("--idle-retries", type=int, default=1000,
                        help="polls of an empty list before a copy gives up (default 1000)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each configuration; the median time is shown (default 1)")
    parser.add_argument("--tag", default="quad", help="hash tag of the keys (default quad)")
    opts = parser.parse_args(argv)

    antiderivative = ANTIDERIVATIVES[opts.integrand]
    exact = antiderivative(opts.b) - antiderivative(opts.a)
    q = Quadrature(opts)
    print("integral of %s over [%g, %g], tolerance %g; closed form %.17g" %
          (opts.integrand, opts.a, opts.b, opts.tolerance, exact))
    if opts.repeat > 1:
        print("median times of %d runs" % opts.repeat)
    print("%-12s %9s %8s %8s  %-24s %9s  %s" % ("run", "time (s)", "vs 1", "vs seq", "area", "error",
                                                 "items per copy"))
    ok = True
    rows = []
    for copies in range(1, opts.copies + 1):
        runs = [q.parallel(copies) for _ in range(opts.repeat)]
        area, _, replies = runs[-1]
        rows.append(("%d cop%s" % (copies, "y" if copies == 1 else "ies"), area, median(r[1] for r in runs),
                     " ".join(str(r[0]) for r in replies)))
    runs = [q.sequential() for _ in range(opts.repeat)]
    seq_area, seq_time = runs[-1][0], median(r[1] for r in runs)
    rows.append(("sequential", seq_area, seq_time, ""))
    one = rows[0][2]
    for name, area, elapsed, items in rows:
        error = area - exact
        ok = ok and abs(error) <= opts.tolerance
        print("%-12s %9.3f %8.2f %8.2f  %-24.17g %9.1e  %s" % (name, elapsed, one / elapsed, seq_time / elapsed,
                                                               area, error, items))
    agree = max(abs(r[1] - seq_area) for r in rows)
    print("largest difference from the sequential area: %.1e" % agree)
    print("OK" if ok else "FAILED: an area is further than the tolerance from the closed form")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
