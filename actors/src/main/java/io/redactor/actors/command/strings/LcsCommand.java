package io.redactor.actors.command.strings;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.StringValues;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * LCS: the longest common subsequence of two strings, by dynamic programming over a table of prefix lengths,
 * walked back from the end exactly as Redis does, so that the same subsequence and ranges come out when
 * several exist.
 */
final class LcsCommand {
    private static final ErrorReply NOT_STRINGS = Errors.err("The specified keys must contain string values");
    private static final ErrorReply LEN_AND_IDX =
            Errors.err("If you want both the length and indexes, please just use IDX.");
    private static final ErrorReply TABLE_TOO_BIG =
            Errors.err("Insufficient memory, transient memory for LCS exceeds proto-max-bulk-len");
    private static final ErrorReply TABLE_ALLOCATION_FAILED =
            Errors.err("Insufficient memory, failed allocating transient memory for LCS");

    private LcsCommand() {
    }

    static Reply lcs(KeyCall call) {
        Db db = call.db();
        Object first = db.read(call.arg(1));
        Object second = db.read(call.arg(2));
        if ((first != null && !StringValues.isString(first)) || (second != null && !StringValues.isString(second))) {
            return NOT_STRINGS;
        }
        byte[] a = first == null ? new byte[0] : StringValues.bytes(first);
        byte[] b = second == null ? new byte[0] : StringValues.bytes(second);
        boolean getLength = false;
        boolean getIndexes = false;
        boolean withMatchLength = false;
        long minMatchLength = 0;
        for (int j = 3; j < call.argc(); j++) {
            byte[] opt = call.arg(j);
            boolean more = j < call.argc() - 1;
            if (Arguments.is(opt, "idx")) {
                getIndexes = true;
            } else if (Arguments.is(opt, "len")) {
                getLength = true;
            } else if (Arguments.is(opt, "withmatchlen")) {
                withMatchLength = true;
            } else if (Arguments.is(opt, "minmatchlen") && more) {
                minMatchLength = Math.max(0, Arguments.parseLong(call.arg(++j)));
            } else {
                return Errors.SYNTAX;
            }
        }
        if (getIndexes && getLength) {
            return LEN_AND_IDX;
        }
        long cells = (long) (a.length + 1) * (b.length + 1);
        if (cells * Integer.BYTES > call.server().config().protoMaxBulkLen()) {
            return TABLE_TOO_BIG;
        }
        if (cells > Integer.MAX_VALUE - 8) {
            return TABLE_ALLOCATION_FAILED;
        }
        int[] table = prefixTable(a, b);
        int length = table[(a.length) * (b.length + 1) + b.length];
        if (getLength) {
            return IntegerReply.of(length);
        }
        return walkBack(a, b, table, length, getIndexes, withMatchLength, minMatchLength);
    }

    /** table[i * (|b| + 1) + j] = length of the LCS of a[0..i) and b[0..j). */
    private static int[] prefixTable(byte[] a, byte[] b) {
        int width = b.length + 1;
        int[] table = new int[(a.length + 1) * width];
        for (int i = 1; i <= a.length; i++) {
            for (int j = 1; j <= b.length; j++) {
                table[i * width + j] = a[i - 1] == b[j - 1]
                        ? table[(i - 1) * width + j - 1] + 1
                        : Math.max(table[(i - 1) * width + j], table[i * width + j - 1]);
            }
        }
        return table;
    }

    private static Reply walkBack(byte[] a, byte[] b, int[] table, int length, boolean getIndexes,
                                  boolean withMatchLength, long minMatchLength) {
        int width = b.length + 1;
        byte[] result = new byte[length];
        List<Reply> matches = new ArrayList<>();
        int rangeStartA = a.length;
        int rangeEndA = 0;
        int rangeStartB = 0;
        int rangeEndB = 0;
        int index = length;
        int i = a.length;
        int j = b.length;
        while (i > 0 && j > 0) {
            boolean emit = false;
            if (a[i - 1] == b[j - 1]) {
                result[index - 1] = a[i - 1];
                if (rangeStartA == a.length) {
                    rangeStartA = rangeEndA = i - 1;
                    rangeStartB = rangeEndB = j - 1;
                } else if (rangeStartA == i && rangeStartB == j) {
                    rangeStartA--;
                    rangeStartB--;
                } else {
                    emit = true;
                }
                if (rangeStartA == 0 || rangeStartB == 0) {
                    emit = true;
                }
                index--;
                i--;
                j--;
            } else {
                if (table[(i - 1) * width + j] > table[i * width + j - 1]) {
                    i--;
                } else {
                    j--;
                }
                if (rangeStartA != a.length) {
                    emit = true;
                }
            }
            if (emit) {
                long matchLength = rangeEndA - rangeStartA + 1;
                if (getIndexes && (minMatchLength == 0 || matchLength >= minMatchLength)) {
                    List<Reply> match = new ArrayList<>(3);
                    match.add(ArrayReply.of(IntegerReply.of(rangeStartA), IntegerReply.of(rangeEndA)));
                    match.add(ArrayReply.of(IntegerReply.of(rangeStartB), IntegerReply.of(rangeEndB)));
                    if (withMatchLength) {
                        match.add(IntegerReply.of(matchLength));
                    }
                    matches.add(new ArrayReply(match));
                }
                rangeStartA = a.length;
            }
        }
        if (!getIndexes) {
            return new BulkString(result);
        }
        return new MapReply(List.of(BulkString.of("matches"), new ArrayReply(matches),
                BulkString.of("len"), IntegerReply.of(length)));
    }
}
