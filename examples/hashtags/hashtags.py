#!/usr/bin/env python3
"""Trending hashtags as a graph of four subscribed scripts:

    posts --> count-posts.lua      INCR posts:count
          \\-> post-text.lua   --> texts --> text-hashtags.lua --> hashtags --> count-hashtags.lua
                                                                           ZINCRBY hashtags 1 <tag>, probes

SCRIPT LOADs and SSUBSCRIBEs the four scripts, publishes synthetic posts (generate.py) at a steady rate,
times the probes (PUBLISH -> message on `probes`), waits for the pipeline to drain, prints the throughput,
the probe latencies and the top hashtags, checks every count against the generator's, and SUNSUBSCRIBEs.
"""

import argparse
import os
import sys
import threading
import time
from statistics import mean

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from resp import Client, connection_options, load_script  # noqa: E402

import generate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
STAGES = [("count-posts.lua", "posts"), ("post-text.lua", "posts"), ("text-hashtags.lua", "texts"),
          ("count-hashtags.lua", "hashtags")]


class ProbeListener:
    """SUBSCRIBEs to `probes` on its own connection and notes when each probe id arrives."""

    def __init__(self, host, port):
        self.client = Client(host, port)
        self.client.send("SUBSCRIBE", "probes")
        confirmation = self.client.read()
        if confirmation[0] != b"subscribe":
            raise RuntimeError("SUBSCRIBE probes answered %r" % (confirmation,))
        self.arrived = {}
        self.last = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _listen(self):
        try:
            while True:
                message = self.client.read()
                now = time.perf_counter()
                if isinstance(message, list) and message[0] == b"message":
                    probe = message[2].decode()
                    self.arrived[probe] = now
                    if probe == self.last:
                        self.done.set()
        except (OSError, ConnectionError):
            pass

    def close(self):
        self.client.close()


def wait_idle(control, subscriptions, deadline):
    """Waits until no stage has a message waiting or running, seen twice in a row (a stage's run hands its
    messages to the next stage before it ends, but the stages are read one after the other); False at the
    deadline."""
    idle_in_a_row = 0
    while time.monotonic() < deadline:
        waiting = {(f[b"sha"].decode(), f[b"channel"].decode()): f[b"waiting"]
                   for f in (dict(zip(e[::2], e[1::2])) for e in control.call("SCRIPT", "SUBSCRIPTIONS"))}
        idle_in_a_row = idle_in_a_row + 1 if all(waiting.get(key, 0) == 0 for key in subscriptions) else 0
        if idle_in_a_row == 2:
            return True
        time.sleep(0.005)
    return False


def stage_report(control, subscriptions):
    """Each stage's runs from SCRIPT SUBSCRIPTIONS: processed, and failed with the last error if any failed (a
    stage's PUBLISH is refused with a BUSY error while the next stage's backlog is full)."""
    stats = {}
    for entry in control.call("SCRIPT", "SUBSCRIPTIONS"):
        fields = dict(zip(entry[::2], entry[1::2]))
        stats[(fields[b"sha"].decode(), fields[b"channel"].decode())] = fields
    report = []
    for (script, _), key in zip(STAGES, subscriptions):
        fields = stats.get(key)
        if fields is None:
            report.append("%s (not subscribed)" % script)
            continue
        line = "%s %d" % (script, fields[b"processed"])
        if fields[b"failed"]:
            line += " (%d failed, the last with: %s)" % (fields[b"failed"], fields[b"last-error"].decode())
        report.append(line)
    return report


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    generate.generator_options(connection_options(parser))
    parser.add_argument("--drain-timeout", type=float, default=60,
                        help="seconds to wait for the pipeline to finish after the last post (default 60)")
    parser.add_argument("--parallel", type=int, default=16,
                        help="messages of a channel each stage may run at once (SSUBSCRIBE ... PARALLEL n; every "
                             "stage only counts, so their order does not matter; 1: one at a time, default 16)")
    opts = parser.parse_args(argv)

    control = Client(opts.host, opts.port)
    control.call("DEL", "posts:count", "hashtags")
    subscriptions = []
    try:
        for script, channel in STAGES:
            sha = load_script(control, os.path.join(HERE, script))
            control.call("SSUBSCRIBE", sha, channel, "PARALLEL", opts.parallel)
            subscriptions.append((sha, channel))
        listener = ProbeListener(opts.host, opts.port)
        posts = generate.Posts(opts.seed, opts.probe_every)
        publisher = generate.Publisher(Client(opts.host, opts.port), posts, opts.rate, opts.seconds)
        listener.last = str(publisher.total)   # the last post always carries a probe
        publisher.run()
        publisher.client.close()

        drained = listener.done.wait(opts.drain_timeout)
        # with PARALLEL stages the last post's probe may come back before earlier posts are through
        drained = drained and wait_idle(control, subscriptions, time.monotonic() + opts.drain_timeout)
        finished = time.perf_counter()
        counted = int(control.call("GET", "posts:count") or 0)
        deadline = time.monotonic() + opts.drain_timeout
        while counted < posts.count and time.monotonic() < deadline:
            time.sleep(0.01)
            counted = int(control.call("GET", "posts:count") or 0)
        listener.close()

        sent_time = publisher.ended - publisher.began
        print("published %d posts in %.3f s (%.0f posts/s asked, %.0f sent); receivers per PUBLISH: %s" %
              (posts.count, sent_time, opts.rate, posts.count / sent_time,
               ", ".join("%d x%d" % (r, n) for r, n in sorted(publisher.receivers.items()))))
        if publisher.errors:
            print("PUBLISH errors: %s" % publisher.errors[:3])
        if not drained:
            print("script runs per stage: " + ", ".join(stage_report(control, subscriptions)))
            print("FAILED: the last probe did not arrive within %g s" % opts.drain_timeout)
            return 1
        print("processed: %.0f posts/s (first PUBLISH to the last post's probe: %.3f s)" %
              (posts.count / (finished - publisher.began), finished - publisher.began))
        latencies = [(listener.arrived[p] - sent) * 1000 for p, sent in publisher.sent_at.items()
                     if p in listener.arrived]
        print("probe latency (PUBLISH -> probes), %d probes: mean %.2f ms, p50 %.2f ms, p99 %.2f ms, max %.2f ms" %
              (len(latencies), mean(latencies), percentile(latencies, 50), percentile(latencies, 99),
               max(latencies)))
        print("ZREVRANGEBYSCORE hashtags +inf 0 WITHSCORES LIMIT 0 5:")
        top = control.call("ZREVRANGEBYSCORE", "hashtags", "+inf", 0, "WITHSCORES", "LIMIT", 0, 5)
        for tag, score in zip(top[::2], top[1::2]):
            print("  %-10s %s" % (tag.decode(), score.decode()))

        print("script runs per stage: " + ", ".join(stage_report(control, subscriptions)))

        counts = control.call("ZRANGE", "hashtags", 0, -1, "WITHSCORES")
        got = {t.decode(): int(s) for t, s in zip(counts[::2], counts[1::2])}
        ok = counted == posts.count and got == dict(posts.expected) and len(latencies) == len(publisher.sent_at)
        print("posts:count %d of %d, %d tags counted of %d expected, %d of %d probes back: %s" %
              (counted, posts.count, sum(got.values()), sum(posts.expected.values()), len(latencies),
               len(publisher.sent_at), "OK" if ok else "FAILED"))
        return 0 if ok else 1
    finally:
        for sha, channel in subscriptions:
            control.call("SUNSUBSCRIBE", sha, channel)
        control.close()


if __name__ == "__main__":
    sys.exit(main())
