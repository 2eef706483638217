package io.redactor.actors.data.list;

import io.redactor.actors.data.BlockableValue;
import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.SizedValue;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A Redis list: a deque of {@link ListPage}s, each packing up to about {@link #PAGE_BYTES} bytes of elements,
 * kept in a circular array. Pushes and pops at either end are O(1) amortized; reaching an index walks page
 * counts from the nearer end, then entries inside one page. Elements cost their length plus two bytes (for up
 * to 127 bytes) and there is one small object per page, so a long list costs about what Redis's quicklist
 * does and gives the garbage collector few objects to trace.
 *
 * <p>Elements go in by copy and come out as fresh arrays, so callers may keep or share what they get.
 * Redis 7.0 reports every list as "quicklist" (the listpack encoding for small lists came in 7.2).
 */
public final class ListValue extends SizedValue implements BlockableValue {
    /** Pages stop taking pushes past this size (an element bigger than that gets a page of its own). */
    static final int PAGE_BYTES = 8192;
    /** A middle edit (LINSERT, LSET) splits a page that grows past this size. */
    private static final int SPLIT_BYTES = 2 * PAGE_BYTES;
    private static final int FIRST_PAGE_BYTES = 16;

    private ListPage[] pages;
    /** Slot of the first page in {@link #pages}. */
    private int head;
    private int pageCount;
    private long size;
    /** Bytes of the pages: their objects and arrays. */
    private long pageBytes;

    public ListValue() {
        pages = new ListPage[2];
    }

    private ListValue(ListPage[] pages, int pageCount, long size) {
        this.pages = pages;
        this.pageCount = pageCount;
        this.size = size;
        for (int i = 0; i < pageCount; i++) {
            pageBytes += pageBytes(pages[i]);
        }
    }

    private static long pageBytes(ListPage page) {
        return JvmLayout.object(1, 3 * 4) + JvmLayout.bytes(page.buf.length);
    }

    /** A page's array was replaced by one of another length. */
    private void resized(ListPage page, int capacityBefore) {
        pageBytes += JvmLayout.bytes(page.buf.length) - JvmLayout.bytes(capacityBefore);
    }

    @Override
    public long memoryBytes() {
        return shell(1, 4 + 4 + 8 + 8) + JvmLayout.refs(pages.length) + pageBytes;
    }

    @Override
    public String typeName() {
        return "list";
    }

    @Override
    public String encoding() {
        return "quicklist";
    }

    @Override
    public ListValue copy() {
        ListPage[] copied = new ListPage[Math.max(2, pageCount)];
        for (int i = 0; i < pageCount; i++) {
            copied[i] = page(i).copy();
        }
        return new ListValue(copied, pageCount, size);
    }

    public long size() {
        return size;
    }

    /** Pages the list is kept in (DEBUG OBJECT's ql_nodes). */
    public int pageCount() {
        return pageCount;
    }

    /** Bytes of the elements as packed in the pages, without free room (DEBUG OBJECT's ql_uncompressed_size). */
    public long packedBytes() {
        long bytes = 0;
        for (int i = 0; i < pageCount; i++) {
            bytes += page(i).bytes();
        }
        return bytes;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    // ---- pages

    private ListPage page(int i) {
        int slot = head + i;
        if (slot >= pages.length) {
            slot -= pages.length;
        }
        return pages[slot];
    }

    private ListPage first() {
        return pages[head];
    }

    private ListPage last() {
        return page(pageCount - 1);
    }

    private void ensurePageSlot() {
        if (pageCount == pages.length) {
            ListPage[] bigger = new ListPage[pages.length * 2];
            for (int i = 0; i < pageCount; i++) {
                bigger[i] = page(i);
            }
            pages = bigger;
            head = 0;
        }
    }

    private void addFirstPage(ListPage page) {
        ensurePageSlot();
        head = head == 0 ? pages.length - 1 : head - 1;
        pages[head] = page;
        pageBytes += pageBytes(page);
        pageCount++;
    }

    private void addLastPage(ListPage page) {
        ensurePageSlot();
        int slot = head + pageCount;
        if (slot >= pages.length) {
            slot -= pages.length;
        }
        pages[slot] = page;
        if (page != null) {
            pageBytes += pageBytes(page);
        }
        pageCount++;
    }

    private void removeFirstPage() {
        pageBytes -= pageBytes(pages[head]);
        pages[head] = null;
        head = head + 1 == pages.length ? 0 : head + 1;
        pageCount--;
        if (pageCount == 0) {
            head = 0;
        }
    }

    private void removeLastPage() {
        pageBytes -= pageBytes(last());
        dropLastSlot();
    }

    private void dropLastSlot() {
        int slot = head + pageCount - 1;
        if (slot >= pages.length) {
            slot -= pages.length;
        }
        pages[slot] = null;
        pageCount--;
        if (pageCount == 0) {
            head = 0;
        }
    }

    /** Inserts a page at position {@code at} (0..pageCount), shifting the later ones. */
    private void insertPage(int at, ListPage page) {
        ensurePageSlot();
        addLastPage(null);
        for (int i = pageCount - 1; i > at; i--) {
            setPage(i, page(i - 1));
        }
        setPage(at, page);
        pageBytes += pageBytes(page);
    }

    private void removePage(int at) {
        pageBytes -= pageBytes(page(at));
        for (int i = at; i < pageCount - 1; i++) {
            setPage(i, page(i + 1));
        }
        dropLastSlot();
    }

    private void setPage(int i, ListPage page) {
        int slot = head + i;
        if (slot >= pages.length) {
            slot -= pages.length;
        }
        pages[slot] = page;
    }

    /** Capacity for a new end page: small for a short list, a whole page once the list spans pages. */
    private static int newPageCapacity(int entrySize, boolean longList) {
        if (entrySize > PAGE_BYTES) {
            return entrySize;
        }
        return longList ? PAGE_BYTES : Math.max(FIRST_PAGE_BYTES, entrySize);
    }

    // ---- pushes and pops

    public void pushLeft(byte[] element) {
        int entry = ListPage.entrySize(element.length);
        ListPage page = pageCount == 0 ? null : first();
        if (page == null || page.bytes() + entry > PAGE_BYTES) {
            page = new ListPage(newPageCapacity(entry, pageCount > 0), true);
            addFirstPage(page);
        } else if (!page.fitsFront(entry)) {
            int capacity = page.buf.length;
            page.grow(entry, true, Math.min(PAGE_BYTES, 2 * page.buf.length), pageCount == 1);
            resized(page, capacity);
        }
        page.pushFront(element, entry);
        size++;
    }

    public void pushRight(byte[] element) {
        int entry = ListPage.entrySize(element.length);
        ListPage page = pageCount == 0 ? null : last();
        if (page == null || page.bytes() + entry > PAGE_BYTES) {
            page = new ListPage(newPageCapacity(entry, pageCount > 0), false);
            addLastPage(page);
        } else if (!page.fitsBack(entry)) {
            int capacity = page.buf.length;
            page.grow(entry, false, Math.min(PAGE_BYTES, 2 * page.buf.length), pageCount == 1);
            resized(page, capacity);
        }
        page.pushBack(element, entry);
        size++;
    }

    public void push(byte[] element, boolean left) {
        if (left) {
            pushLeft(element);
        } else {
            pushRight(element);
        }
    }

    /** Removes and returns the first element; null when the list is empty. */
    public byte[] popLeft() {
        if (size == 0) {
            return null;
        }
        ListPage page = first();
        byte[] element = page.popFront();
        if (page.count == 0) {
            removeFirstPage();
        }
        size--;
        return element;
    }

    /** Removes and returns the last element; null when the list is empty. */
    public byte[] popRight() {
        if (size == 0) {
            return null;
        }
        ListPage page = last();
        byte[] element = page.popBack();
        if (page.count == 0) {
            removeLastPage();
        }
        size--;
        return element;
    }

    public byte[] pop(boolean left) {
        return left ? popLeft() : popRight();
    }

    /** Removes {@code n} elements from the front without reading them. */
    public void dropLeft(long n) {
        n = Math.min(n, size);
        size -= n;
        while (n > 0) {
            ListPage page = first();
            if (page.count <= n) {
                n -= page.count;
                removeFirstPage();
            } else {
                page.dropFront((int) n);
                n = 0;
            }
        }
    }

    /** Removes {@code n} elements from the back without reading them. */
    public void dropRight(long n) {
        n = Math.min(n, size);
        size -= n;
        while (n > 0) {
            ListPage page = last();
            if (page.count <= n) {
                n -= page.count;
                removeLastPage();
            } else {
                page.dropBack((int) n);
                n = 0;
            }
        }
    }

    // ---- positions

    /** Page position and entry offset of the element at {@code index} (0 <= index < size), packed in a long. */
    private long locate(long index) {
        if (index < size / 2) {
            for (int p = 0; p < pageCount; p++) {
                ListPage page = page(p);
                if (index < page.count) {
                    return pack(p, page.offsetOf((int) index));
                }
                index -= page.count;
            }
        } else {
            long fromEnd = size - index;
            for (int p = pageCount - 1; p >= 0; p--) {
                ListPage page = page(p);
                if (fromEnd <= page.count) {
                    return pack(p, page.offsetOf((int) (page.count - fromEnd)));
                }
                fromEnd -= page.count;
            }
        }
        throw new IllegalStateException("index " + index + " beyond " + size);
    }

    private static long pack(int page, int offset) {
        return (long) page << 32 | (offset & 0xffffffffL);
    }

    private static int pageOf(long position) {
        return (int) (position >>> 32);
    }

    private static int offsetOf(long position) {
        return (int) position;
    }

    /** Redis's index rule: negative counts from the end. Returns -1 when out of range. */
    private long normalize(long index) {
        if (index < 0) {
            index += size;
        }
        return index < 0 || index >= size ? -1 : index;
    }

    /** The element at {@code index} (negative from the end), or null when out of range. */
    public byte[] get(long index) {
        long at = normalize(index);
        if (at < 0) {
            return null;
        }
        long position = locate(at);
        return page(pageOf(position)).element(offsetOf(position));
    }

    /** Replaces the element at {@code index} (negative from the end); false when out of range. */
    public boolean set(long index, byte[] element) {
        long at = normalize(index);
        if (at < 0) {
            return false;
        }
        long position = locate(at);
        int p = pageOf(position);
        ListPage page = page(p);
        int capacity = page.buf.length;
        page.replace(offsetOf(position), element);
        resized(page, capacity);
        splitIfLarge(p);
        return true;
    }

    /** A cursor at {@code index} (0 <= index < size) moving towards the tail or the head. */
    public Cursor cursor(long index, boolean towardsTail) {
        long position = locate(index);
        return new Cursor(pageOf(position), offsetOf(position), towardsTail);
    }

    /** Calls {@code action} with a fresh copy of each element from {@code from} to {@code to} (inclusive, in range). */
    public void forEach(long from, long to, Consumer<byte[]> action) {
        if (from > to) {
            return;
        }
        Cursor cursor = cursor(from, true);
        for (long i = from; i <= to; i++) {
            action.accept(cursor.element());
            cursor.advance();
        }
    }

    // ---- middle edits

    /**
     * Inserts {@code element} before or after the first element equal to {@code pivot}, from the head. Returns
     * false when there is no such element.
     */
    public boolean insert(byte[] pivot, byte[] element, boolean after) {
        for (int p = 0; p < pageCount; p++) {
            ListPage page = page(p);
            for (int offset = page.start; offset < page.end; offset = page.next(offset)) {
                if (page.matches(offset, pivot)) {
                    int capacity = page.buf.length;
                    page.insert(after ? page.next(offset) : offset, element);
                    resized(page, capacity);
                    size++;
                    splitIfLarge(p);
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * LREM: removes elements equal to {@code element}, at most {@code limit} of them (0: all), from the head,
     * or from the tail when {@code fromTail}. Returns how many were removed.
     */
    public long remove(byte[] element, long limit, boolean fromTail) {
        long removed = 0;
        if (fromTail) {
            for (int p = pageCount - 1; p >= 0 && (limit == 0 || removed < limit); p--) {
                ListPage page = page(p);
                int offset = page.end;
                while (offset > page.start && (limit == 0 || removed < limit)) {
                    offset = page.previous(offset);
                    if (page.matches(offset, element)) {
                        page.remove(offset);
                        removed++;
                    }
                }
            }
        } else {
            for (int p = 0; p < pageCount && (limit == 0 || removed < limit); p++) {
                ListPage page = page(p);
                int offset = page.start;
                while (offset < page.end && (limit == 0 || removed < limit)) {
                    if (page.matches(offset, element)) {
                        offset = page.remove(offset);
                        removed++;
                    } else {
                        offset = page.next(offset);
                    }
                }
            }
        }
        if (removed > 0) {
            size -= removed;
            compactPages();
        }
        return removed;
    }

    /** Drops empty pages and merges neighbours that fit in one page together (after removals). */
    private void compactPages() {
        int p = 0;
        while (p < pageCount) {
            ListPage page = page(p);
            if (page.count == 0) {
                removePage(p);
                continue;
            }
            if (p + 1 < pageCount) {
                ListPage next = page(p + 1);
                if (page.bytes() + next.bytes() <= PAGE_BYTES) {
                    int capacity = page.buf.length;
                    page.append(next);
                    resized(page, capacity);
                    removePage(p + 1);
                    continue;
                }
            }
            int capacity = page.buf.length;
            page.trimCapacity(PAGE_BYTES / 4);
            resized(page, capacity);
            p++;
        }
    }

    private void splitIfLarge(int p) {
        ListPage page = page(p);
        if (page.bytes() > SPLIT_BYTES && page.count > 1) {
            insertPage(p + 1, page.splitAt(page.count / 2));
            int capacity = page.buf.length;
            page.trimCapacity(0);
            resized(page, capacity);
        }
    }

    // ---- cursor

    /** A position in the list that walks it one element at a time; invalid once the list changes. */
    public final class Cursor {
        private int page;
        private int offset;
        private final boolean towardsTail;

        private Cursor(int page, int offset, boolean towardsTail) {
            this.page = page;
            this.offset = offset;
            this.towardsTail = towardsTail;
        }

        /** A fresh copy of the current element. */
        public byte[] element() {
            return page(page).element(offset);
        }

        public boolean matches(byte[] element) {
            return page(page).matches(offset, element);
        }

        /** Moves to the next element in the cursor's direction; false when it walked off the list. */
        public boolean advance() {
            ListPage current = page(page);
            if (towardsTail) {
                offset = current.next(offset);
                if (offset < current.end) {
                    return true;
                }
                if (++page >= pageCount) {
                    return false;
                }
                offset = page(page).start;
            } else {
                if (offset > current.start) {
                    offset = current.previous(offset);
                    return true;
                }
                if (--page < 0) {
                    return false;
                }
                ListPage previous = page(page);
                offset = previous.previous(previous.end);
            }
            return true;
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("ListValue[");
        if (size > 0) {
            forEach(0, Math.min(size, 10) - 1, element -> text.append(Arrays.toString(element)).append(' '));
        }
        return text.append("size=").append(size).append(']').toString();
    }
}
