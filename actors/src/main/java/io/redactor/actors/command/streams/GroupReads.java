package io.redactor.actors.command.streams;

import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamIterator;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reading a stream in a consumer group: new entries ({@code >}), or a consumer's own pending history. */
final class GroupReads {
    private GroupReads() {
    }

    /**
     * {@code streamReplyWithRange} with a group: the entries from {@code start} on, at most {@code count} (0 for
     * all). Each entry past the group's last ID moves it there and advances the read counter while it can be known;
     * each entry becomes pending for {@code consumer} (recorded as an XCLAIM) unless {@code noack}, where the new last
     * ID is recorded as an XGROUP SETID instead.
     */
    static List<Reply> deliver(StreamValue stream, ConsumerGroup group, Consumer consumer, StreamId start,
                               long count, boolean noack, long now, Recorder recorder) {
        List<Reply> entries = new ArrayList<>();
        boolean lastIdMoved = false;
        StreamIterator it = stream.iterator(start, StreamId.MAX, false);
        while (it.next()) {
            StreamId id = it.id();
            if (id.compareTo(group.lastId()) > 0) {
                if (group.entriesRead() != ConsumerGroup.INVALID_ENTRIES_READ
                        && !stream.rangeHasTombstones(id, null)) {
                    group.setEntriesRead(group.entriesRead() + 1);
                } else if (stream.entriesAdded() != 0) {
                    group.setEntriesRead(stream.entriesReadAt(id));
                }
                group.setLastId(id);
                lastIdMoved |= noack;
            }
            entries.add(Streams.entry(it));
            if (!noack) {
                recorder.claimed(id, group.deliver(id, consumer, now));
            }
            if (count != 0 && entries.size() == count) {
                break;
            }
        }
        if (lastIdMoved) {
            recorder.lastIdMoved();
        }
        return entries;
    }

    /** What a delivery records. */
    interface Recorder {
        void claimed(StreamId id, PendingEntry entry);

        void lastIdMoved();
    }

    /**
     * {@code streamReplyWithRangeFromConsumerPEL}: the consumer's pending entries from {@code start} on, at most
     * {@code count} (0 for all), each delivered once more now; an entry no longer in the stream as its ID and a null.
     */
    static List<Reply> history(StreamValue stream, Consumer consumer, StreamId start, long count, long now) {
        List<Reply> entries = new ArrayList<>();
        for (Map.Entry<StreamId, PendingEntry> pending : consumer.pending().tailMap(start, true).entrySet()) {
            if (count != 0 && entries.size() >= count) {
                break;
            }
            StreamId id = pending.getKey();
            StreamIterator it = stream.iterator(id, id, false);
            if (it.next()) {
                entries.add(Streams.entry(it));
                PendingEntry entry = pending.getValue();
                entry.setDeliveryTime(now);
                entry.setDeliveryCount(entry.deliveryCount() + 1);
            } else {
                entries.add(ArrayReply.of(Streams.id(id), NullReply.NULL_ARRAY));
            }
        }
        return entries;
    }
}
