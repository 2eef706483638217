package io.redactor.actors.data;

/** Everything one partition owns: its slice of each of the 16 databases. */
public final class PartitionData implements Keyspace {
    private final Database[] databases = new Database[DATABASES];
    private final int partition;
    private final CommandClock clock = new CommandClock();

    public PartitionData(int partition, DataEnvironment env, KeyObserver observer) {
        this.partition = partition;
        for (int i = 0; i < DATABASES; i++) {
            databases[i] = new Database(i, env, clock, observer);
        }
    }

    public int partition() {
        return partition;
    }

    @Override
    public Database db(int index) {
        return databases[index];
    }

    @Override
    public void swap(int first, int second) {
        databases[first].swapContents(databases[second]);
    }

    public CommandClock clock() {
        return clock;
    }

}
