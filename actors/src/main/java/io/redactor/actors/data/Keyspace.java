package io.redactor.actors.data;

/**
 * The data a command may touch: one partition's databases, or the union of several reserved partitions.
 */
public interface Keyspace {
    int DATABASES = 16;

    Db db(int index);

    /** Exchanges two databases (SWAPDB) in every partition this keyspace spans. */
    void swap(int first, int second);
}
