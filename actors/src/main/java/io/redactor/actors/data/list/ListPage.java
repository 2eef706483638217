package io.redactor.actors.data.list;

import java.util.Arrays;

/**
 * A run of consecutive list elements packed into one byte array, the way a listpack packs them: each entry is
 * its length as a varint, its bytes, then the same varint bytes in reverse order so that the page can be walked
 * from either end. Live bytes are {@code buf[start, end)}; free room on both sides makes pushes at either end
 * cheap. An element of up to 127 bytes costs two bytes more than its content.
 *
 * <p>Positions handed around are offsets of an entry's first byte in {@link #buf}; they stay valid until the
 * page changes.
 */
final class ListPage {
    private static final byte[] EMPTY = new byte[0];

    byte[] buf;
    int start;
    int end;
    int count;

    ListPage(int capacity, boolean roomAtFront) {
        buf = new byte[capacity];
        start = roomAtFront ? capacity : 0;
        end = start;
    }

    private ListPage(byte[] buf, int start, int end, int count) {
        this.buf = buf;
        this.start = start;
        this.end = end;
        this.count = count;
    }

    int bytes() {
        return end - start;
    }

    /** Bytes an element of {@code length} bytes takes in a page. */
    static int entrySize(int length) {
        return length + 2 * varintSize(length);
    }

    private static int varintSize(int value) {
        int size = 1;
        while ((value >>>= 7) != 0) {
            size++;
        }
        return size;
    }

    // ---- reading entries

    /** Length of the element whose entry starts at {@code offset}. */
    int length(int offset) {
        int value = 0;
        int shift = 0;
        int b;
        do {
            b = buf[offset++];
            value |= (b & 0x7f) << shift;
            shift += 7;
        } while (b < 0);
        return value;
    }

    /** Offset of the element's first content byte. */
    int data(int offset) {
        while (buf[offset] < 0) {
            offset++;
        }
        return offset + 1;
    }

    /** Offset just past the entry that starts at {@code offset}. */
    int next(int offset) {
        int length = length(offset);
        return offset + entrySize(length);
    }

    /** Offset of the entry that ends just before {@code entryEnd}. */
    int previous(int entryEnd) {
        int value = 0;
        int shift = 0;
        int at = entryEnd;
        int b;
        do {
            b = buf[--at];
            value |= (b & 0x7f) << shift;
            shift += 7;
        } while (b < 0);
        return entryEnd - entrySize(value);
    }

    /** A fresh copy of the element at {@code offset}. */
    byte[] element(int offset) {
        int length = length(offset);
        if (length == 0) {
            return EMPTY;
        }
        int data = data(offset);
        return Arrays.copyOfRange(buf, data, data + length);
    }

    boolean matches(int offset, byte[] element) {
        int length = length(offset);
        if (length != element.length) {
            return false;
        }
        int data = data(offset);
        return Arrays.equals(buf, data, data + length, element, 0, length);
    }

    /** Offset of the entry at position {@code index} of this page, walking from the nearer end. */
    int offsetOf(int index) {
        if (index < count / 2) {
            int offset = start;
            for (int i = 0; i < index; i++) {
                offset = next(offset);
            }
            return offset;
        }
        int offset = end;
        for (int i = count; i > index; i--) {
            offset = previous(offset);
        }
        return offset;
    }

    // ---- changing the ends

    boolean fitsFront(int size) {
        return start >= size;
    }

    boolean fitsBack(int size) {
        return buf.length - end >= size;
    }

    void pushFront(byte[] element, int size) {
        start -= size;
        write(start, element);
        count++;
    }

    void pushBack(byte[] element, int size) {
        write(end, element);
        end += size;
        count++;
    }

    byte[] popFront() {
        byte[] element = element(start);
        dropFront(1);
        return element;
    }

    byte[] popBack() {
        int offset = previous(end);
        byte[] element = element(offset);
        end = offset;
        count--;
        return element;
    }

    void dropFront(int n) {
        int offset = start;
        for (int i = 0; i < n; i++) {
            offset = next(offset);
        }
        start = offset;
        count -= n;
    }

    void dropBack(int n) {
        int offset = end;
        for (int i = 0; i < n; i++) {
            offset = previous(offset);
        }
        end = offset;
        count -= n;
    }

    /**
     * Makes room for {@code size} more bytes at the front or back: a new array of {@code capacity} bytes at least,
     * with all the free room on that side, or, when {@code balanced}, the free room split between both sides (a
     * page that takes pushes at both ends would otherwise move its bytes from side to side at every turn).
     */
    void grow(int size, boolean atFront, int capacity, boolean balanced) {
        int used = bytes();
        byte[] bigger = new byte[Math.max(capacity, used + size)];
        int free = bigger.length - used;
        int newStart;
        if (balanced) {
            newStart = atFront ? Math.max(size, free / 2) : Math.min(free - size, free / 2);
        } else {
            newStart = atFront ? free : 0;
        }
        System.arraycopy(buf, start, bigger, newStart, used);
        buf = bigger;
        start = newStart;
        end = newStart + used;
    }

    // ---- changing the middle

    /** Replaces the bytes {@code [from, to)} with {@code size} bytes of room; returns where the room starts. */
    private int splice(int from, int to, int size) {
        int removed = to - from;
        int delta = size - removed;
        if (delta == 0) {
            return from;
        }
        int tail = end - to;
        int head = from - start;
        if (delta < 0) {
            // shrink towards whichever side moves fewer bytes
            if (head < tail) {
                System.arraycopy(buf, start, buf, start - delta, head);
                start -= delta;
                return from - delta;
            }
            System.arraycopy(buf, to, buf, to + delta, tail);
            end += delta;
            return from;
        }
        if (buf.length - end >= delta && (tail <= head || start < delta)) {
            System.arraycopy(buf, to, buf, to + delta, tail);
            end += delta;
            return from;
        }
        if (start >= delta) {
            System.arraycopy(buf, start, buf, start - delta, head);
            start -= delta;
            return from - delta;
        }
        int used = end - start + delta;
        byte[] bigger = new byte[used + Math.max(used / 2, 16)];
        int newStart = (bigger.length - used) / 2;
        System.arraycopy(buf, start, bigger, newStart, head);
        System.arraycopy(buf, to, bigger, newStart + head + size, tail);
        buf = bigger;
        start = newStart;
        end = newStart + used;
        return newStart + head;
    }

    void insert(int offset, byte[] element) {
        int at = splice(offset, offset, entrySize(element.length));
        write(at, element);
        count++;
    }

    void replace(int offset, byte[] element) {
        int at = splice(offset, next(offset), entrySize(element.length));
        write(at, element);
    }

    /** Removes the entry at {@code offset}; returns the offset where the entry after it now starts. */
    int remove(int offset) {
        int to = next(offset);
        int tail = end - to;
        System.arraycopy(buf, to, buf, offset, tail);
        end -= to - offset;
        count--;
        return offset;
    }

    /** Splits off the entries from position {@code index} on into a new page (this page keeps the first ones). */
    ListPage splitAt(int index) {
        int offset = offsetOf(index);
        byte[] second = Arrays.copyOfRange(buf, offset, end);
        ListPage page = new ListPage(second, 0, second.length, count - index);
        end = offset;
        count = index;
        return page;
    }

    /** Moves all entries of {@code other} (the page after this one) to the end of this page. */
    void append(ListPage other) {
        int size = other.bytes();
        if (!fitsBack(size)) {
            grow(size, false, bytes() + size, false);
        }
        System.arraycopy(other.buf, other.start, buf, end, size);
        end += size;
        count += other.count;
    }

    /** An independent copy without free room. */
    ListPage copy() {
        return new ListPage(Arrays.copyOfRange(buf, start, end), 0, end - start, count);
    }

    /** Gives back free room beyond {@code slack} bytes. */
    void trimCapacity(int slack) {
        if (buf.length - bytes() > slack) {
            buf = Arrays.copyOfRange(buf, start, end);
            end -= start;
            start = 0;
        }
    }

    private void write(int offset, byte[] element) {
        int length = element.length;
        int at = offset;
        int value = length;
        while (value >= 0x80) {
            buf[at++] = (byte) (value | 0x80);
            value >>>= 7;
        }
        buf[at++] = (byte) value;
        System.arraycopy(element, 0, buf, at, length);
        int headerEnd = at;
        at += length;
        // the header's bytes backwards, so that a walk from the end reads the low bits first
        for (int h = headerEnd - 1; h >= offset; h--) {
            buf[at++] = buf[h];
        }
    }
}
