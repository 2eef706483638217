package io.redactor.actors.data.zset;

/** Receives the entries of a sorted set, one member and its score at a time. */
@FunctionalInterface
public interface EntryVisitor {
    void visit(byte[] member, double score);
}
