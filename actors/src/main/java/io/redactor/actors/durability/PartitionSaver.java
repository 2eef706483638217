package io.redactor.actors.durability;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.TableFreeze;
import io.redactor.actors.partition.PartitionChore;

import java.util.ArrayList;
import java.util.List;

/**
 * One partition's part of a {@link SnapshotJob}: its frozen tables, database by database, encoded a few hundred
 * entries per step on the partition's own thread, between its commands.
 */
final class PartitionSaver implements PartitionChore {
    /** Entries encoded per step at most, and bytes: a step stays well under a millisecond for small values. */
    private static final int ENTRIES_PER_STEP = 256;
    private static final int BYTES_PER_STEP = 256 << 10;
    private static final int ENTRIES_PER_VISIT = 16;

    private final SnapshotJob job;
    private final int partition;
    private final TableFreeze[] frozen;
    private final EntryEncoder encoder;
    private int db;
    private boolean holdsCredit;
    private long visited;
    /** Copies made by tables finished since the last submit. */
    private long copies;

    PartitionSaver(SnapshotJob job, int partition, TableFreeze[] frozen, EntryEncoder encoder) {
        this.job = job;
        this.partition = partition;
        this.frozen = frozen;
        this.encoder = encoder;
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
        while (db < Keyspace.DATABASES && visited - before < ENTRIES_PER_STEP && encoder.size() < BYTES_PER_STEP) {
            boolean more = frozen[db].visit(ENTRIES_PER_VISIT, (key, value, expireAt) -> {
                encoder.entry(key, value, expireAt);
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
        if (encoder.size() > 0) {
            output.add(new SnapshotJob.Chunk(db, encoder.take()));
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
