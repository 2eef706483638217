package io.redactor.actors.durability;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** An input that counts the bytes read through it: where one reader stopped, for the next to go on from. */
final class CountingInput extends FilterInputStream {
    private long count;

    CountingInput(InputStream in) {
        super(in);
    }

    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count += skipped;
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
