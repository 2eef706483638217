package io.redactor.persistence.aof;

/** Told when the log position it waits for is on the disk, or that the disk failed first. Called on the writer. */
public interface DurabilityWaiter {
    void durable();

    /** The write or the fsync failed: what was waited for is not known to be on the disk. */
    void failed(String reason);
}
