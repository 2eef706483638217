package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.resps.Tuple;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A 100,000-member sorted set checked against a model (a sorted list of member and score) through ranks,
 * rank ranges, score ranges with LIMIT, counts and removals, before and after many changes. Scores are drawn from
 * a small range so that many are equal and members decide the order.
 */
class LargeSetTest extends SortedSetTestBase {
    private static final int SIZE = 100_000;
    private static final Comparator<Tuple> ORDER = Comparator.comparingDouble(Tuple::getScore)
            .thenComparing(Tuple::getElement);

    private final Random random = new Random(42);
    private final Map<String, Double> scores = new HashMap<>();
    private List<Tuple> model;

    private double randomScore() {
        return random.nextInt(4) == 0 ? random.nextInt(2000) / 8.0 : random.nextInt(500);
    }

    private void rebuildModel() {
        TreeSet<Tuple> sorted = new TreeSet<>(ORDER);
        scores.forEach((member, score) -> sorted.add(new Tuple(member, score)));
        model = new ArrayList<>(sorted);
    }

    @Test
    void ranksAndRangesMatchAModel() {
        String k = key("big");
        Map<String, Double> batch = new HashMap<>();
        try (Pipeline pipeline = jedis.pipelined()) {
            for (int i = 0; i < SIZE; i++) {
                String member = "member:" + Integer.toString(random.nextInt(Integer.MAX_VALUE), 36) + ":" + i;
                double score = randomScore();
                scores.put(member, score);
                batch.put(member, score);
                if (batch.size() == 1000) {
                    pipeline.zadd(k, batch);
                    batch = new HashMap<>();
                }
            }
            pipeline.sync();
        }
        assertEquals(SIZE, jedis.zcard(k));
        rebuildModel();
        checkAgainstModel(k);

        // Change it: new scores for 5,000 members, 10,000 removed one by one, then two range removals.
        List<String> members = new ArrayList<>(scores.keySet());
        Collections.shuffle(members, random);
        try (Pipeline pipeline = jedis.pipelined()) {
            for (String member : members.subList(0, 5_000)) {
                double increment = randomScore() - 250;
                pipeline.zincrby(k, increment, member);
                scores.merge(member, increment, Double::sum);
            }
            for (String member : members.subList(5_000, 15_000)) {
                pipeline.zrem(k, member);
                scores.remove(member);
            }
            pipeline.sync();
        }
        rebuildModel();
        assertEquals(3_000, jedis.zremrangeByRank(k, 40_000, 42_999));
        model.subList(40_000, 43_000).forEach(t -> scores.remove(t.getElement()));
        long inRange = model.stream().filter(t -> t.getScore() >= 100 && t.getScore() < 120).count();
        assertEquals(inRange, jedis.zremrangeByScore(k, "100", "(120"));
        model.stream().filter(t -> t.getScore() >= 100 && t.getScore() < 120)
                .forEach(t -> scores.remove(t.getElement()));
        rebuildModel();
        assertEquals(model.size(), jedis.zcard(k));
        checkAgainstModel(k);
        assertEquals(model, jedis.zrangeWithScores(k, 0, -1));
    }

    private void checkAgainstModel(String k) {
        int n = model.size();
        try (Pipeline pipeline = jedis.pipelined()) {
            List<Response<Long>> ranks = new ArrayList<>();
            List<Response<Long>> revRanks = new ArrayList<>();
            List<Integer> sampled = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                int r = i < 3 ? new int[] {0, 1, n - 1}[i] : random.nextInt(n);
                sampled.add(r);
                ranks.add(pipeline.zrank(k, model.get(r).getElement()));
                revRanks.add(pipeline.zrevrank(k, model.get(r).getElement()));
            }
            List<int[]> windows = new ArrayList<>();
            List<Response<List<Tuple>>> ranges = new ArrayList<>();
            List<Response<List<Tuple>>> revRanges = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int start = random.nextInt(n);
                int stop = Math.min(n - 1, start + random.nextInt(300));
                windows.add(new int[] {start, stop});
                ranges.add(pipeline.zrangeWithScores(k, start, stop));
                revRanges.add(pipeline.zrevrangeWithScores(k, start - n, stop - n));
            }
            List<double[]> bounds = new ArrayList<>();
            List<Response<List<Tuple>>> byScore = new ArrayList<>();
            List<Response<Long>> counts = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                double min = random.nextInt(600) - 50;
                double max = min + random.nextInt(5);
                int offset = random.nextInt(400);
                bounds.add(new double[] {min, max, offset});
                byScore.add(pipeline.zrangeByScoreWithScores(k, min, max, offset, 25));
                counts.add(pipeline.zcount(k, min, max));
            }
            pipeline.sync();
            for (int i = 0; i < sampled.size(); i++) {
                assertEquals(sampled.get(i), ranks.get(i).get().intValue(), "rank");
                assertEquals(n - 1 - sampled.get(i), revRanks.get(i).get().intValue(), "reverse rank");
            }
            for (int i = 0; i < windows.size(); i++) {
                List<Tuple> expected = model.subList(windows.get(i)[0], windows.get(i)[1] + 1);
                assertEquals(expected, ranges.get(i).get(), "ZRANGE " + windows.get(i)[0] + " " + windows.get(i)[1]);
                List<Tuple> reversed = new ArrayList<>(model.subList(n - 1 - windows.get(i)[1],
                        n - windows.get(i)[0]));
                Collections.reverse(reversed);
                assertEquals(reversed, revRanges.get(i).get(), "ZREVRANGE");
            }
            for (int i = 0; i < bounds.size(); i++) {
                double min = bounds.get(i)[0];
                double max = bounds.get(i)[1];
                List<Tuple> inRange = model.stream().filter(t -> t.getScore() >= min && t.getScore() <= max)
                        .toList();
                int offset = (int) bounds.get(i)[2];
                List<Tuple> expected = inRange.subList(Math.min(offset, inRange.size()),
                        Math.min(offset + 25, inRange.size()));
                assertEquals(expected, byScore.get(i).get(), "ZRANGEBYSCORE " + min + " " + max);
                assertEquals(inRange.size(), counts.get(i).get().intValue(), "ZCOUNT " + min + " " + max);
            }
        }
    }
}
