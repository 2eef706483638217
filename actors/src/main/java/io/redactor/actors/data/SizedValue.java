package io.redactor.actors.data;

/**
 * A stored value that changes in place (an aggregate, a string after APPEND): it can tell in O(1) how much heap it
 * holds, from the lengths of its arrays and a count of its elements' bytes that it keeps as it changes. The key table
 * holding it counts that figure into its partition's memory when the value goes in and re-reads it after each command
 * that looked the value up for writing ({@link MemoryMeter#settle}).
 */
public abstract class SizedValue {
    /** The table the value is in, null while in none (new, removed, a copy). */
    KeyTable owner;
    /** What {@link #owner} has counted for it. */
    long counted;
    /** Looked up for writing since the last settle. */
    boolean touched;

    /** Bytes of heap this value holds: its objects, arrays and elements, without the key. O(1). */
    public abstract long memoryBytes();

    /** An object of the subclass with {@code refs} references and {@code primitiveBytes} of its own fields. */
    protected static long shell(int refs, int primitiveBytes) {
        return JvmLayout.object(refs + 1, primitiveBytes + 8 + 1);
    }
}
