package io.redactor.actors.data.zset;

/** Receives the entries of a sorted set one at a time, and says whether to go on. */
@FunctionalInterface
public interface EntryScanner {
    /** Returns false to stop. */
    boolean visit(byte[] member, double score);
}
