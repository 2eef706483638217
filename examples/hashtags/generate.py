#!/usr/bin/env python3
"""Publishes synthetic JSON posts to the channel `posts` at a steady rate, and prints the hashtag counts they
carry (the counts the hashtags pipeline should reach).

A post: {"id": 17, "user": "user42", "text": "lorem #Tag ipsum ...", "probe": "17"}: 4 to 14 random words and
0 to 3 hashtags, drawn from 60 tags with Zipf-like weights (tag i with weight 1 / i^1.2), some of them
capitalized (the pipeline counts them in lowercase). Every --probe-every'th post, and the last one, carries a
probe id.
"""

import argparse
import json
import os
import random
import sys
import threading
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from resp import Client, ServerError, connection_options, encode  # noqa: E402

TAGS = 60
ZIPF_EXPONENT = 1.2


def made_up_words(rng, count, syllables):
    consonants, vowels = "bcdfghklmnprstvz", "aeiou"
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(rng.randint(*syllables))))
    return sorted(words)


class Posts:
    """A seeded stream of posts; `expected` counts the hashtags of those made so far, in lowercase."""

    def __init__(self, seed, probe_every):
        self.rng = random.Random(seed)
        vocabulary_rng = random.Random(0)
        self.words = made_up_words(vocabulary_rng, 400, (1, 3))
        self.tags = made_up_words(vocabulary_rng, TAGS, (2, 4))
        vocabulary_rng.shuffle(self.tags)
        self.weights = [1 / (i + 1) ** ZIPF_EXPONENT for i in range(TAGS)]
        self.probe_every = probe_every
        self.expected = Counter()
        self.count = 0

    def next(self, last=False):
        """(JSON bytes, probe id or None)"""
        rng = self.rng
        self.count += 1
        words = rng.choices(self.words, k=rng.randint(4, 14))
        for tag in rng.choices(self.tags, self.weights, k=rng.choice((0, 1, 1, 2, 2, 3))):
            self.expected[tag] += 1
            shown = tag.capitalize() if rng.random() < 0.2 else tag
            words.insert(rng.randrange(len(words) + 1), "#" + shown)
        post = {"id": self.count, "user": "user%d" % rng.randrange(1000), "text": " ".join(words)}
        probe = None
        if last or self.count % self.probe_every == 0:
            probe = str(self.count)
            post["probe"] = probe
        return json.dumps(post).encode(), probe


def post_count(rate, seconds):
    return max(1, int(rate * seconds))


class Publisher:
    """PUBLISHes posts at `rate` per second for `seconds` on one connection; a second thread reads the
    replies (the receiver counts). `sent_at` maps probe ids to the time their PUBLISH was sent."""

    def __init__(self, client, posts, rate, seconds):
        self.client, self.posts, self.rate, self.seconds = client, posts, rate, seconds
        self.sent_at = {}
        self.receivers = Counter()
        self.errors = []
        self.total = post_count(rate, seconds)
        self.began = self.ended = None

    def run(self):
        reader = threading.Thread(target=self._read_replies, daemon=True)
        reader.start()
        self.began = time.perf_counter()
        sent = 0
        while sent < self.total:
            # post k (from 1) is due k - 1 rate-periods after the start
            elapsed = time.perf_counter() - self.began
            due = min(self.total, int(elapsed * self.rate) + 1)
            if due <= sent:
                time.sleep(max(0.0, sent / self.rate - elapsed))
                continue
            batch, probes = [], []
            while sent < due:
                sent += 1
                message, probe = self.posts.next(last=sent == self.total)
                batch.append(encode("PUBLISH", "posts", message))
                if probe is not None:
                    probes.append(probe)
            now = time.perf_counter()
            for probe in probes:
                self.sent_at[probe] = now
            self.client.sock.sendall(b"".join(batch))
        self.ended = time.perf_counter()
        reader.join()

    def _read_replies(self):
        for _ in range(self.total):
            reply = self.client.read()
            if isinstance(reply, ServerError):
                self.errors.append(str(reply))
            else:
                self.receivers[reply] += 1


def generator_options(parser):
    parser.add_argument("--rate", type=float, default=2000, help="posts per second (default 2000)")
    parser.add_argument("--seconds", type=float, default=5, help="how long to publish (default 5)")
    parser.add_argument("--probe-every", type=int, default=50, help="a probe every N posts (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the posts (default 1)")
    return parser


def print_expected(posts):
    print("expected hashtag counts of %d posts:" % posts.count)
    for tag, count in posts.expected.most_common():
        print("  %s %d" % (tag, count))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    generator_options(connection_options(parser))
    parser.add_argument("--dry-run", action="store_true",
                        help="publish nothing: only print the counts the posts would carry")
    opts = parser.parse_args(argv)
    posts = Posts(opts.seed, opts.probe_every)
    if opts.dry_run:
        total = post_count(opts.rate, opts.seconds)
        for i in range(total):
            posts.next(last=i == total - 1)
        print_expected(posts)
        return 0
    with Client(opts.host, opts.port) as client:
        publisher = Publisher(client, posts, opts.rate, opts.seconds)
        publisher.run()
    print("published %d posts in %.3f s; receivers per PUBLISH: %s" %
          (posts.count, publisher.ended - publisher.began, dict(publisher.receivers)))
    print_expected(posts)
    return 1 if publisher.errors else 0


if __name__ == "__main__":
    sys.exit(main())
