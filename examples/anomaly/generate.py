#!/usr/bin/env python3
"""Writes a synthetic per-minute metric into a sorted set (score = timestamp in seconds, member
"<timestamp>:<value>"), with anomalies injected at known times, and prints them.

The normal signal: a daily cycle, 50 + 15 sin(2 pi t / 1 day), plus Gaussian noise of standard deviation 4.
The anomalies (day and minute are counted from the start; each lies within one hour):
  spike     values 30 higher for 15 minutes
  flatline  the sensor stalls: one value repeated for an hour
  noise     noise 4 times stronger for an hour
  outage    values 0 for 10 minutes
  shift     values 8 higher (2 standard deviations) for an hour
"""

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from resp import Client, ServerError, connection_options  # noqa: E402

START = 1704067200   # 2024-01-01T00:00:00Z
STEP = 60
DAY = 86400
# (kind, day from the start (0-based), first minute of that day, minutes)
ANOMALIES = [("spike", 4, 10 * 60 + 20, 15), ("flatline", 8, 3 * 60, 60), ("noise", 13, 16 * 60, 60),
             ("outage", 19, 8 * 60 + 45, 10), ("shift", 25, 21 * 60, 60)]
ZADD_BATCH = 1000


def anomalies(days):
    """The anomalies that fit in `days` days: (kind, start timestamp, end timestamp (exclusive))."""
    out = []
    for kind, day, minute, minutes in ANOMALIES:
        if day < days:
            begin = START + day * DAY + minute * STEP
            out.append((kind, begin, begin + minutes * STEP))
    return out


def points(days, seed):
    """(timestamp, value) per minute for `days` days, anomalies included."""
    rng = random.Random(seed)
    injected = anomalies(days)
    out = []
    stalled = None
    for i in range(days * DAY // STEP):
        ts = START + i * STEP
        normal = 50 + 15 * math.sin(2 * math.pi * (ts - START) / DAY)
        noise = rng.gauss(0, 4)
        value = normal + noise
        kind = next((k for k, begin, end in injected if begin <= ts < end), None)
        if kind == "spike":
            value += 30
        elif kind == "flatline":
            stalled = value if stalled is None else stalled
            value = stalled
        elif kind == "noise":
            value = normal + 4 * noise
        elif kind == "outage":
            value = 0.0
        elif kind == "shift":
            value += 8
        if kind != "flatline":
            stalled = None
        out.append((ts, round(value, 2)))
    return out


def write(client, key, series):
    """Replaces `key` by the points given."""
    client.call("DEL", key)
    batches = []
    for i in range(0, len(series), ZADD_BATCH):
        args = []
        for ts, value in series[i:i + ZADD_BATCH]:
            args += [ts, "%d:%.2f" % (ts, value)]
        batches.append(("ZADD", key, *args))
    for reply in client.pipeline(batches):
        if isinstance(reply, ServerError):
            raise reply


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    connection_options(parser)
    parser.add_argument("--key", default="metric:{cpu}", help="sorted set to write (default metric:{cpu})")
    parser.add_argument("--days", type=int, default=30, help="days of per-minute points (default 30)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the noise (default 7)")
    opts = parser.parse_args(argv)
    series = points(opts.days, opts.seed)
    with Client(opts.host, opts.port) as client:
        write(client, opts.key, series)
    print("%d points in %s from %d to %d" % (len(series), opts.key, series[0][0], series[-1][0]))
    for kind, begin, end in anomalies(opts.days):
        print("anomaly %-8s %d..%d" % (kind, begin, end))


if __name__ == "__main__":
    sys.exit(main())
