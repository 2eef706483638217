package io.redactor.actors.durability;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.RdbValues;
import io.redactor.actors.data.TableFreeze;
import io.redactor.actors.partition.PartitionChore;

import java.util.ArrayList;
import java.util.List;

/**
 * One partition's part of a {@link SnapshotJob}: its frozen tables, database by database, captured a few hundred
 * entries per step on the partition's own thread, between its commands. Capturing takes a value as RDB sees it
 * ({@link RdbValues#toRdb}: its elements, which no command changes in place, in lists of their own) or, for values
 * that pack their elements, a copy ({@link RdbValues#capture}); the job's writer thread turns them into RDB, encodes
 * and compresses them, away from the partition's clients.
 */
final class PartitionSaver implements PartitionChore {
    /**
     * A step ends after this many entries, elements or this long, whichever comes first: the commands queued behind
     * it on the partition's thread wait no longer than that, whatever the values' sizes.
     */
    private static final int ENTRIES_PER_STEP = 256;
    private static final int ELEMENTS_PER_STEP = 16 << 10;
    private static final long NANOS_PER_STEP = 200_000;
    private static final int ENTRIES_PER_VISIT = 4;

    private final SnapshotJob job;
    private final int partition;
    private final TableFreeze[] frozen;
    private List<SnapshotJob.Entry> captured = new ArrayList<>();
    private long capturedElements;
    private int db;
    private boolean holdsCredit;
    private long visited;
    /** Copies made by tables finished since the last submit. */
    private long copies;

    PartitionSaver(SnapshotJob job, int partition, TableFreeze[] frozen) {
        this.job = job;
        this.partition = partition;
        this.frozen = frozen;
    }

    int partition() {
        return partition;
    }

    /** The writer gave this saver a credit while it waited. */
    void resumeWithCredit() {
        holdsCredit = true;
    }

    @Override
    public void step(PartitionData data) {
        try {
            saveSome();
        } catch (RuntimeException e) {
            // a bug must fail the snapshot, not leave it waiting for this partition for ever
            job.fail(e);
            abandon();
            job.saverDone();
        }
    }

    private void saveSome() {
        if (job.failed()) {
            abandon();
            job.saverDone();
            return;
        }
        if (!holdsCredit && !job.mayStep(this)) {
            return;
        }
        holdsCredit = false;
        List<SnapshotJob.Chunk> output = new ArrayList<>(2);
        long before = visited;
        long deadline = System.nanoTime() + NANOS_PER_STEP;
        capturedElements = 0;
        while (db < Keyspace.DATABASES && visited - before < ENTRIES_PER_STEP && capturedElements < ELEMENTS_PER_STEP
                && System.nanoTime() < deadline) {
            boolean more = frozen[db].visit(ENTRIES_PER_VISIT, (key, value, expireAt) -> {
                Object kept = RdbValues.capture(value);
                captured.add(new SnapshotJob.Entry(key, kept, expireAt));
                capturedElements += RdbValues.capturedSize(kept);
                visited++;
            });
            if (!more) {
                flush(output);
                copies += frozen[db].copiedCount();
                db++;
            }
        }
        flush(output);
        job.submit(output, visited - before, copies);
        copies = 0;
        if (db == Keyspace.DATABASES) {
            job.saverDone();
        } else {
            job.stepAgain(this);
        }
    }

    private void flush(List<SnapshotJob.Chunk> output) {
        if (!captured.isEmpty()) {
            output.add(new SnapshotJob.Chunk(db, captured));
            captured = new ArrayList<>();
        }
    }

    /** The job failed or never started: the tables stop keeping copies. */
    void abandon() {
        for (TableFreeze table : frozen) {
            table.abandon();
        }
        db = Keyspace.DATABASES;
    }
}
