package io.redactor.actors.command.zsets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.set.SetValue;
import io.redactor.actors.data.zset.EntryVisitor;
import io.redactor.actors.data.zset.SortedSetBuilder;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD: Redis's zunionInterDiffGenericCommand. Inputs may be
 * sorted sets or plain sets (every member scoring 1); the order in which inputs are combined, and so how
 * floating-point sums round, follows Redis: inputs by ascending size for union and intersection.
 */
final class SetOperationCommands {
    private static final CommandError WEIGHT_NOT_A_FLOAT = new CommandError(Errors.err("weight value is not a float"));
    private static final CommandError LIMIT_NEGATIVE = new CommandError(Errors.err("LIMIT can't be negative"));

    private enum Operation { UNION, INTER, DIFF }

    private enum Aggregate { SUM, MIN, MAX }

    private SetOperationCommands() {
    }

    static Reply zunion(KeyCall call) {
        return operate(call, null, 1, Operation.UNION, false);
    }

    static Reply zinter(KeyCall call) {
        return operate(call, null, 1, Operation.INTER, false);
    }

    static Reply zdiff(KeyCall call) {
        return operate(call, null, 1, Operation.DIFF, false);
    }

    static Reply zunionstore(KeyCall call) {
        return operate(call, call.arg(1), 2, Operation.UNION, false);
    }

    static Reply zinterstore(KeyCall call) {
        return operate(call, call.arg(1), 2, Operation.INTER, false);
    }

    static Reply zdiffstore(KeyCall call) {
        return operate(call, call.arg(1), 2, Operation.DIFF, false);
    }

    static Reply zintercard(KeyCall call) {
        return operate(call, null, 1, Operation.INTER, true);
    }

    /** One input: a sorted set, a plain set, or nothing (a missing key), with its weight. */
    private static final class Source {
        final SortedSetValue zset;
        final SetValue set;
        double weight = 1;

        Source(Object value) {
            zset = value instanceof SortedSetValue z ? z : null;
            set = value instanceof SetValue s ? s : null;
        }

        int size() {
            return zset != null ? zset.size() : set != null ? set.size() : 0;
        }

        void forEach(EntryVisitor visitor) {
            if (zset != null) {
                zset.forEach(visitor);
            } else if (set != null) {
                for (int i = 0, n = set.size(); i < n; i++) {
                    visitor.visit(set.member(i), 1.0);
                }
            }
        }

        /** The member's score, NaN when absent. */
        double score(byte[] member) {
            if (zset != null) {
                return zset.score(member);
            }
            return set != null && set.contains(member) ? 1.0 : Double.NaN;
        }
    }

    private static Reply operate(KeyCall call, byte[] destination, int numkeysIndex, Operation op,
                                 boolean cardinalityOnly) {
        long setCount = Arguments.parseLong(call.arg(numkeysIndex));
        if (setCount < 1) {
            return Errors.err("at least 1 input key is needed for '" + call.name() + "' command");
        }
        if (setCount > call.argc() - (numkeysIndex + 1)) {
            return Errors.SYNTAX;
        }
        int n = (int) setCount;
        Db db = call.db();
        List<Source> sources = new ArrayList<>(n);
        int j = numkeysIndex + 1;
        for (int i = 0; i < n; i++, j++) {
            Object value = db.read(call.arg(j));
            if (value != null && !(value instanceof SortedSetValue) && !(value instanceof SetValue)) {
                return Errors.WRONGTYPE;
            }
            sources.add(new Source(value));
        }

        Aggregate aggregate = Aggregate.SUM;
        boolean withScores = false;
        long limit = 0;
        int remaining = call.argc() - j;
        while (remaining > 0) {
            byte[] arg = call.arg(j);
            if (op != Operation.DIFF && !cardinalityOnly && remaining >= n + 1 && Arguments.is(arg, "weights")) {
                j++;
                remaining--;
                for (int i = 0; i < n; i++, j++, remaining--) {
                    sources.get(i).weight = weight(call.arg(j));
                }
            } else if (op != Operation.DIFF && !cardinalityOnly && remaining >= 2
                    && Arguments.is(arg, "aggregate")) {
                byte[] mode = call.arg(j + 1);
                if (Arguments.is(mode, "sum")) {
                    aggregate = Aggregate.SUM;
                } else if (Arguments.is(mode, "min")) {
                    aggregate = Aggregate.MIN;
                } else if (Arguments.is(mode, "max")) {
                    aggregate = Aggregate.MAX;
                } else {
                    return Errors.SYNTAX;
                }
                j += 2;
                remaining -= 2;
            } else if (destination == null && !cardinalityOnly && Arguments.is(arg, "withscores")) {
                j++;
                remaining--;
                withScores = true;
            } else if (cardinalityOnly && remaining >= 2 && Arguments.is(arg, "limit")) {
                limit = nonNegative(call.arg(j + 1));
                j += 2;
                remaining -= 2;
            } else {
                return Errors.SYNTAX;
            }
        }

        if (op != Operation.DIFF) {
            // Stable, as glibc's qsort (a merge sort) is for inputs of equal size.
            sources.sort(Comparator.comparingInt(Source::size));
        }
        if (cardinalityOnly) {
            return IntegerReply.of(interCardinality(sources, limit));
        }
        SortedSetBuilder result = switch (op) {
            case UNION -> union(sources, aggregate);
            case INTER -> inter(sources, aggregate);
            case DIFF -> diff(sources);
        };

        if (destination != null) {
            if (result.size() == 0) {
                if (db.delete(destination)) {
                    db.changed(destination, KeyspaceEvents.GENERIC, "del");
                }
                return IntegerReply.ZERO;
            }
            SortedSetValue value = result.build(SortedSets.maxListpackEntries(call), SortedSets.maxListpackValue(call));
            db.set(destination, value, false);
            db.notify(KeyspaceEvents.ZSET, switch (op) {
                case UNION -> "zunionstore";
                case INTER -> "zinterstore";
                case DIFF -> "zdiffstore";
            }, destination);
            db.dirty(1);
            return IntegerReply.of(value.size());
        }
        SortedSetValue value = result.build();
        EntryReplies reply = EntryReplies.forClient(call, value.size(), withScores);
        value.forEach(reply);
        return reply.reply();
    }

    private static SortedSetBuilder union(List<Source> sources, Aggregate aggregate) {
        SortedSetBuilder result = new SortedSetBuilder(sources.get(sources.size() - 1).size());
        for (Source source : sources) {
            double weight = source.weight;
            source.forEach((member, score) -> {
                double weighted = weight * score;
                if (Double.isNaN(weighted)) {
                    weighted = 0;
                }
                int entry = result.find(member);
                if (entry < 0) {
                    result.add(member, weighted);
                } else {
                    result.setScore(entry, combine(result.score(entry), weighted, aggregate));
                }
            });
        }
        return result;
    }

    private static SortedSetBuilder inter(List<Source> sources, Aggregate aggregate) {
        Source smallest = sources.get(0);
        SortedSetBuilder result = new SortedSetBuilder(smallest.size());
        smallest.forEach((member, score) -> {
            double combined = smallest.weight * score;
            if (Double.isNaN(combined)) {
                combined = 0;
            }
            for (int i = 1; i < sources.size(); i++) {
                Source other = sources.get(i);
                double value = other.score(member);
                if (Double.isNaN(value)) {
                    return;
                }
                combined = combine(combined, value * other.weight, aggregate);
            }
            result.add(member, combined);
        });
        return result;
    }

    private static long interCardinality(List<Source> sources, long limit) {
        long[] cardinality = new long[1];
        Source smallest = sources.get(0);
        // Stops early once the limit is reached.
        try {
            smallest.forEach((member, score) -> {
                for (int i = 1; i < sources.size(); i++) {
                    if (Double.isNaN(sources.get(i).score(member))) {
                        return;
                    }
                }
                cardinality[0]++;
                if (limit > 0 && cardinality[0] >= limit) {
                    throw LimitReached.INSTANCE;
                }
            });
        } catch (LimitReached e) {
            // cardinality holds the limit
        }
        return cardinality[0];
    }

    /** The members of the first input that no other input has, with the first input's scores (no weights). */
    private static SortedSetBuilder diff(List<Source> sources) {
        Source first = sources.get(0);
        SortedSetBuilder result = new SortedSetBuilder(first.size());
        first.forEach((member, score) -> {
            for (int i = 1; i < sources.size(); i++) {
                if (!Double.isNaN(sources.get(i).score(member))) {
                    return;
                }
            }
            result.add(member, score);
        });
        return result;
    }

    /** Redis's zunionInterAggregate: a sum of opposite infinities is 0; MIN and MAX keep the target on NaN. */
    private static double combine(double target, double value, Aggregate aggregate) {
        return switch (aggregate) {
            case SUM -> {
                double sum = target + value;
                yield Double.isNaN(sum) ? 0.0 : sum;
            }
            case MIN -> value < target ? value : target;
            case MAX -> value > target ? value : target;
        };
    }

    private static double weight(byte[] arg) {
        try {
            return RedisDoubles.parseDouble(arg);
        } catch (NotANumberException e) {
            throw WEIGHT_NOT_A_FLOAT;
        }
    }

    private static long nonNegative(byte[] arg) {
        try {
            long value = RedisIntegers.parseLong(arg);
            if (value < 0) {
                throw LIMIT_NEGATIVE;
            }
            return value;
        } catch (NotANumberException e) {
            throw LIMIT_NEGATIVE;
        }
    }

    /** Ends an intersection count early. */
    private static final class LimitReached extends RuntimeException {
        static final LimitReached INSTANCE = new LimitReached();

        private LimitReached() {
            super(null, null, false, false);
        }
    }
}
