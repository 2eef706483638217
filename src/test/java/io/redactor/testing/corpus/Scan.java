package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** Iterates a SCAN, SSCAN, HSCAN or ZSCAN from its cursor to the end on one connection. */
public final class Scan {
    private static final int MAX_CALLS = 10_000;

    private Scan() {
    }

    /**
     * The keys, members, or (field, value) pairs of HSCAN and ZSCAN, that the whole iteration returned, as a
     * sorted set; or the first reply that is not a scan page (an error).
     */
    public static String all(RawClient client, byte[][] command) {
        String name = new String(command[0], StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
        int cursorIndex = name.equals("SCAN") ? 1 : 2;
        boolean pairs = name.equals("HSCAN") || name.equals("ZSCAN");
        byte[][] argv = command.clone();
        TreeSet<String> seen = new TreeSet<>();
        for (int calls = 0; calls < MAX_CALLS; calls++) {
            byte[] reply = client.call(argv);
            if (!RespBytes.isAggregate(reply)) {
                return RespBytes.show(reply);
            }
            List<byte[]> page = RespBytes.elements(reply);
            List<byte[]> items = RespBytes.elements(page.get(1));
            for (int i = 0; i < items.size(); i += pairs ? 2 : 1) {
                seen.add(pairs ? RespBytes.show(items.get(i)) + " => " + RespBytes.show(items.get(i + 1))
                        : RespBytes.show(items.get(i)));
            }
            byte[] cursor = RespBytes.bulk(page.get(0));
            if (new String(cursor, StandardCharsets.US_ASCII).equals("0")) {
                return "complete scan of " + seen.size() + " " + seen;
            }
            argv[cursorIndex] = cursor;
        }
        return "scan did not end after " + MAX_CALLS + " calls";
    }
}
