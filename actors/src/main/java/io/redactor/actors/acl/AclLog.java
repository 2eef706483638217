package io.redactor.actors.acl;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * ACL LOG: the latest denied commands and failed authentications, newest first, at most {@code acllog-max-len}.
 * An event like one of the ten newest (same reason, context, object and user, within a minute) counts on that entry
 * and moves it to the front instead of adding one.
 */
public final class AclLog {
    private static final long GROUPING_MILLIS = 60_000;
    private static final int GROUPING_SCAN = 10;

    /** What ACL LOG shows of one entry. */
    public record Entry(long count, String reason, String context, byte[] object, byte[] username,
                        long createdMs, String clientInfo) {
    }

    private final IntSupplier maxLength;
    private final LinkedList<Entry> entries = new LinkedList<>();

    AclLog(IntSupplier maxLength) {
        this.maxLength = maxLength;
    }

    synchronized void add(String reason, String context, byte[] object, byte[] username, long nowMs,
                          String clientInfo) {
        Iterator<Entry> scan = entries.iterator();
        for (int i = 0; i < GROUPING_SCAN && scan.hasNext(); i++) {
            Entry e = scan.next();
            if (e.reason().equals(reason) && e.context().equals(context)
                    && Math.abs(e.createdMs() - nowMs) <= GROUPING_MILLIS
                    && java.util.Arrays.equals(e.object(), object) && java.util.Arrays.equals(e.username(), username)) {
                scan.remove();
                entries.addFirst(new Entry(e.count() + 1, reason, context, object, username, nowMs, clientInfo));
                return;
            }
        }
        entries.addFirst(new Entry(1, reason, context, object, username, nowMs, clientInfo));
        trim();
    }

    /** Drops the oldest entries beyond the limit: only when an entry is added, as Redis does. */
    private void trim() {
        while (entries.size() > Math.max(0, maxLength.getAsInt())) {
            entries.removeLast();
        }
    }

    public synchronized List<Entry> newest(long count) {
        return new ArrayList<>(entries.subList(0, (int) Math.min(count, entries.size())));
    }

    public synchronized void reset() {
        entries.clear();
    }
}
