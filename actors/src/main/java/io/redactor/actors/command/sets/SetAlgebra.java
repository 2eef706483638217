package io.redactor.actors.command.sets;

import io.redactor.actors.data.set.SetValue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Intersection, union and difference of sets, computed the way Redis 7.0 does so that the results have its
 * order and encoding. Missing keys are null entries and count as empty sets.
 *
 * <p>Unions and differences are built into a new set that starts as an intset (Redis's createIntsetObject), so
 * an all-integer result small enough comes out sorted and intset-encoded. An intersection walks the smallest
 * set and keeps the members found in all the others, in the smallest set's order.
 */
final class SetAlgebra {
    private SetAlgebra() {
    }

    /**
     * Visits the members of the intersection, in order, until {@code limit} of them (0: no limit); returns how
     * many it visited.
     */
    static long intersect(List<SetValue> sets, long limit, Consumer<byte[]> visitor) {
        for (SetValue set : sets) {
            if (set == null) {
                return 0;
            }
        }
        List<SetValue> bySize = new ArrayList<>(sets);
        bySize.sort(Comparator.comparingInt(SetValue::size)); // stable, like the merge sort behind glibc's qsort
        SetValue smallest = bySize.get(0);
        long found = 0;
        for (int i = 0; i < smallest.size(); i++) {
            byte[] member = smallest.member(i);
            if (inAllOthers(bySize, smallest, member)) {
                visitor.accept(member);
                if (++found == limit) {
                    break;
                }
            }
        }
        return found;
    }

    private static boolean inAllOthers(List<SetValue> sets, SetValue smallest, byte[] member) {
        for (int j = 1; j < sets.size(); j++) {
            SetValue other = sets.get(j);
            if (other != smallest && !other.contains(member)) {
                return false;
            }
        }
        return true;
    }

    /** The intersection as a new set (SINTERSTORE). */
    static SetValue intersection(List<SetValue> sets, long maxIntsetEntries) {
        SetValue result = SetValue.empty();
        intersect(sets, 0, member -> result.add(member, maxIntsetEntries));
        return result;
    }

    static SetValue union(List<SetValue> sets, long maxIntsetEntries) {
        SetValue result = SetValue.empty();
        for (SetValue set : sets) {
            if (set != null) {
                for (int i = 0; i < set.size(); i++) {
                    result.add(set.member(i), maxIntsetEntries);
                }
            }
        }
        return result;
    }

    /** The members of the first set that none of the others has. */
    static SetValue difference(List<SetValue> sets, long maxIntsetEntries) {
        SetValue result = SetValue.empty();
        SetValue first = sets.get(0);
        if (first == null) {
            return result;
        }
        for (int i = 0; i < first.size(); i++) {
            byte[] member = first.member(i);
            if (!inAnyOther(sets, member)) {
                result.add(member, maxIntsetEntries);
            }
        }
        return result;
    }

    private static boolean inAnyOther(List<SetValue> sets, byte[] member) {
        for (int j = 1; j < sets.size(); j++) {
            SetValue other = sets.get(j);
            if (other != null && other.contains(member)) {
                return true;
            }
        }
        return false;
    }
}
