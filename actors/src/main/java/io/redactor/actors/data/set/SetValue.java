package io.redactor.actors.data.set;

import io.redactor.actors.data.DataValue;
import io.redactor.actors.data.SizedValue;
import io.redactor.core.number.RedisIntegers;

import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * A Redis set. It starts as an intset (sorted longs) while every member is an integer in canonical form and
 * there are at most set-max-intset-entries of them, and turns into a hashtable for good as soon as a write
 * breaks either rule, as Redis 7.0 does (it never converts back).
 *
 * <p>Members are addressed by position too, {@code 0 <= index < size()}: on an intset the index-th smallest
 * member, on a hashtable an entry of the table. Positions give uniform random picks and allocation-free
 * iteration; they stay valid until the set changes. An intset stores numbers and a hashtable packs members
 * ({@link MemberTable}): members handed in are copied, and those handed out are copies.
 */
public final class SetValue extends SizedValue implements DataValue {
    /** Non-null while the set is an intset. */
    private IntSet ints;
    /** Non-null once the set is a hashtable. */
    private MemberTable table;

    private SetValue(IntSet ints, MemberTable table) {
        this.ints = ints;
        this.table = table;
    }

    /** An empty intset: what Redis builds the results of SUNIONSTORE, SINTERSTORE and SDIFFSTORE in. */
    public static SetValue empty() {
        return new SetValue(new IntSet(), null);
    }

    /** The empty set a first member would go into (Redis's setTypeCreate): an intset if it is an integer. */
    public static SetValue emptyFor(byte[] firstMember) {
        return emptyFor(firstMember, 0, 0);
    }

    /**
     * {@link #emptyFor(byte[])} for a set whose members are known (one read from a snapshot): a hashtable has room
     * for {@code expected} members of {@code expectedBytes} bytes in all.
     */
    public static SetValue emptyFor(byte[] firstMember, int expected, long expectedBytes) {
        return isInteger(firstMember) ? empty() : new SetValue(null, new MemberTable(expected, expectedBytes));
    }

    @Override
    public String typeName() {
        return "set";
    }

    @Override
    public String encoding() {
        return ints != null ? "intset" : "hashtable";
    }

    @Override
    public long memoryBytes() {
        return shell(2, 0) + (ints != null ? ints.memoryBytes() : table.memoryBytes());
    }

    public boolean isIntset() {
        return ints != null;
    }

    public int size() {
        return ints != null ? ints.size() : table.size();
    }

    public boolean contains(byte[] member) {
        if (table != null) {
            return table.contains(member);
        }
        return isInteger(member) && ints.contains(RedisIntegers.parseLong(member));
    }

    /**
     * Adds {@code member}; false when it was already there. {@code maxIntsetEntries} is the live
     * set-max-intset-entries: an intset that would grow past it becomes a hashtable.
     */
    public boolean add(byte[] member, long maxIntsetEntries) {
        if (table != null) {
            return table.add(member);
        }
        if (!isInteger(member)) {
            convert(1);
            return table.add(member);
        }
        if (!ints.add(RedisIntegers.parseLong(member))) {
            return false;
        }
        if (ints.size() > maxIntsetEntries) {
            convert(0);
        }
        return true;
    }

    /** Turns the intset into a hashtable with room for {@code more} members beyond the current ones. */
    private void convert(int more) {
        long text = 0;
        for (int i = 0; i < ints.size(); i++) {
            text += RedisIntegers.decimalLength(ints.get(i));
        }
        MemberTable converted = new MemberTable(ints.size() + more, text);
        for (int i = 0; i < ints.size(); i++) {
            converted.add(RedisIntegers.toBytes(ints.get(i)));
        }
        table = converted;
        ints = null;
    }

    public boolean remove(byte[] member) {
        if (table != null) {
            return table.remove(member);
        }
        return isInteger(member) && ints.remove(RedisIntegers.parseLong(member));
    }

    /** The member at {@code index}. */
    public byte[] member(int index) {
        return ints != null ? RedisIntegers.toBytes(ints.get(index)) : table.member(index);
    }

    /**
     * Removes the member at {@code index} and returns it. On a hashtable the last position's member moves
     * into {@code index}; on an intset the members after it shift down by one.
     */
    public byte[] removeAt(int index) {
        byte[] member = member(index);
        if (ints != null) {
            ints.removeAt(index);
        } else {
            table.removeEntry(index);
        }
        return member;
    }

    /** A uniformly chosen member; the set must not be empty. */
    public byte[] random(RandomGenerator random) {
        return member(random.nextInt(size()));
    }

    /** Removes a uniformly chosen member and returns it; the set must not be empty. */
    public byte[] popRandom(RandomGenerator random) {
        return removeAt(random.nextInt(size()));
    }

    /**
     * One SSCAN step. An intset is small and returned whole with cursor 0, whatever the cursor, as Redis
     * does; a hashtable visits one bucket and returns the next cursor (0 at the end).
     */
    public long scan(long cursor, Consumer<byte[]> visitor) {
        if (ints != null) {
            for (int i = 0; i < ints.size(); i++) {
                visitor.accept(RedisIntegers.toBytes(ints.get(i)));
            }
            return 0;
        }
        return table.scan(cursor, visitor);
    }

    @Override
    public SetValue copy() {
        return ints != null ? new SetValue(ints.copy(), null) : new SetValue(null, table.copy());
    }

    /**
     * Whether {@code member} is an integer as Redis writes them (string2ll's strict form). The shape is checked
     * without exceptions; only a number of 19 digits or more can overflow, and only those go through the parser.
     */
    static boolean isInteger(byte[] member) {
        int n = member.length;
        if (n == 0 || n > 20) {
            return false;
        }
        int i = member[0] == '-' ? 1 : 0;
        if (i == n) {
            return false;
        }
        if (member[i] == '0') {
            return n == 1;
        }
        for (; i < n; i++) {
            int d = member[i] - '0';
            if (d < 0 || d > 9) {
                return false;
            }
        }
        return n < 19 || RedisIntegers.isLong(member);
    }
}
