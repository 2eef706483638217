#!/usr/bin/env python3
"""Time-series anomaly detection: writes a month of per-minute points with injected anomalies (generate.py),
runs anomaly.lua on it twice (the second run takes the window distributions from the cache the first one
wrote), prints both times and the anomalous windows, and checks them against the injected anomalies.
"""

import argparse
import os
import sys
import time
from statistics import median
from datetime import datetime, timezone

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from resp import Client, connection_options, evalsha_command, load_script, script_options  # noqa: E402

import generate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def cache_key(opts):
    """The cache hash, named after what its distributions depend on; same hash tag as the metric."""
    return "%s:windows:%d:%g:%g:%d" % (opts.key, opts.window, opts.lo, opts.hi, opts.bins)


def detect(client, sha, opts, begin, end):
    reply = client.call(evalsha_command(opts), sha, 2, opts.key, cache_key(opts), begin, end, opts.window,
                        opts.lo, opts.hi, opts.bins, opts.confidence, opts.season, opts.history, opts.min_history)
    windows, judged, computed, cached, anomalies = reply
    return {"windows": windows, "judged": judged, "computed": computed, "cached": cached,
            "anomalies": [(int(s), float(chi2), df, float(crit)) for s, chi2, df, crit in anomalies]}


def utc(ts):
    return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%d %H:%M")


def brief(timestamps, most=5):
    shown = ", ".join(utc(t) for t in timestamps[:most])
    return "(%s%s)" % (shown, ", ..." if len(timestamps) > most else "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    connection_options(parser)
    script_options(parser)
    parser.add_argument("--key", default="metric:{cpu}", help="the metric's sorted set (default metric:{cpu})")
    parser.add_argument("--days", type=int, default=30, help="days of per-minute points (default 30)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the generated noise (default 7)")
    parser.add_argument("--no-generate", action="store_true", help="use the points already in --key")
    parser.add_argument("--window", type=int, default=3600, help="window size in seconds (default 3600)")
    parser.add_argument("--bins", type=int, default=20, help="bins of the value distribution (default 20)")
    parser.add_argument("--lo", type=float, default=0.0, help="low end of the bins (default 0)")
    parser.add_argument("--hi", type=float, default=100.0, help="high end of the bins (default 100)")
    parser.add_argument("--confidence", type=float, default=0.99999, help="of the chi-square test (default 0.99999)")
    parser.add_argument("--season", type=int, default=86400,
                        help="compare with the windows whole seasons earlier (default 86400: same hours of "
                             "earlier days; 0: the windows just before)")
    parser.add_argument("--history", type=int, default=7, help="earlier windows pooled as reference (default 7)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="times to empty the cache and run twice; the median times are shown (default 3)")
    parser.add_argument("--show", type=int, default=20, help="anomalous windows listed at most (default 20)")
    parser.add_argument("--min-history", type=int, default=3,
                        help="windows with fewer references are not judged (default 3)")
    opts = parser.parse_args(argv)

    begin = generate.START
    end = generate.START + opts.days * generate.DAY
    with Client(opts.host, opts.port) as client:
        if not opts.no_generate:
            series = generate.points(opts.days, opts.seed)
            generate.write(client, opts.key, series)
            print("%d points in %s: %d days from %s, seed %d; anomalies injected:" %
                  (len(series), opts.key, opts.days, utc(begin), opts.seed))
            for kind, a, b in generate.anomalies(opts.days):
                print("  %-8s %s .. %s" % (kind, utc(a), utc(b)))
        sha = load_script(client, os.path.join(HERE, "anomaly.lua"))
        print("windows of %d s, %d bins over [%g, %g], confidence %g, season %d s, history %d (at least %d)" %
              (opts.window, opts.bins, opts.lo, opts.hi, opts.confidence, opts.season, opts.history,
               opts.min_history))
        results, first_times, cached_times = [], [], []
        for _ in range(opts.repeat):
            client.call("DEL", cache_key(opts))
            for times in (first_times, cached_times):
                started = time.perf_counter()
                results.append(detect(client, sha, opts, begin, end))
                times.append(time.perf_counter() - started)
    first, second = results[0], results[1]
    for name, result, times in (("first run", first, first_times), ("cached run", second, cached_times)):
        print("%-11s %7.3f s  %d windows, %d judged, %d computed from points, %d from the cache%s" %
              (name + ":", median(times), result["windows"], result["judged"], result["computed"],
               result["cached"], "" if opts.repeat == 1 else
               "  (median of %s)" % " ".join("%.3f" % t for t in times)))
    print("the cached run took %.1fx less time" % (median(first_times) / median(cached_times)))

    print("anomalous windows:")
    injected = generate.anomalies(opts.days) if not opts.no_generate else []
    for start, chi2, df, crit in first["anomalies"][:opts.show]:
        kinds = [k for k, a, b in injected if a < start + opts.window and start < b]
        print("  %s  chi-square %6.1f  df %2d  critical %5.1f  %s" % (utc(start), chi2, df, crit,
                                                                       ", ".join(kinds) or "(not injected)"))
    if len(first["anomalies"]) > opts.show:
        print("  ... and %d more" % (len(first["anomalies"]) - opts.show))
    ok = all(r["anomalies"] == first["anomalies"] for r in results)
    if not ok:
        print("FAILED: the runs found different windows: %s" % [[a[0] for a in r["anomalies"]] for r in results])
    if not opts.no_generate:
        expected = sorted({s for _, a, b in injected
                           for s in range(begin, end, opts.window) if s < b and a < s + opts.window})
        found = [a[0] for a in first["anomalies"]]
        if found == expected:
            print("OK: exactly the windows with injected anomalies")
        else:
            ok = False
            missed = [s for s in expected if s not in found]
            extra = [s for s in found if s not in expected]
            print("DIFFERENT: %d missed %s, %d not injected %s" % (len(missed), brief(missed), len(extra),
                                                                   brief(extra)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
