package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import java.util.ArrayDeque;

/**
 * {@code cjson.encode}: one Lua value to JSON text, as lua-cjson writes it. Tables whose keys are all positive
 * integers are arrays (holes as {@code null}) unless too sparse; other tables are objects, with keys in the
 * table's iteration order. Also keeps count of the Lua stack slots lua-cjson would use, since running out of
 * them is reported like too deep a nesting.
 */
final class JsonEncoder {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final int sparseConvert;
    private final int sparseRatio;
    private final int sparseSafe;
    private final int maxDepth;
    private final int invalidNumbers;
    private final int precision;
    private final ByteBuf out = new ByteBuf();

    JsonEncoder(CJsonConfig config) {
        sparseConvert = config.encodeSparseConvert;
        sparseRatio = config.encodeSparseRatio;
        sparseSafe = config.encodeSparseSafe;
        maxDepth = config.encodeMaxDepth;
        invalidNumbers = config.encodeInvalidNumbers;
        precision = config.encodeNumberPrecision;
    }

    LuaString encode(LuaValue value) {
        if (value.type() != LuaValue.TTABLE) {
            appendScalar(value);
            return out.toLuaString();
        }
        // Iterative, not recursive: nesting may go thousands deep, past what a Java stack holds.
        ArrayDeque<Frame> frames = new ArrayDeque<>();
        frames.push(open((LuaTable) value, 1, 1));
        while (!frames.isEmpty()) {
            Frame frame = frames.peek();
            LuaValue child;
            int childStackTop;
            if (frame.arrayLength > 0) {
                if (frame.index > frame.arrayLength) {
                    out.add(']');
                    frames.pop();
                    continue;
                }
                if (frame.index > 1) {
                    out.add(',');
                }
                child = frame.table.rawget(frame.index++);
                childStackTop = frame.stackTop + 1;
            } else {
                Varargs entry = frame.table.next(frame.key);
                frame.key = entry.arg1();
                if (frame.key.isnil()) {
                    out.add('}');
                    frames.pop();
                    continue;
                }
                if (frame.index++ > 1) {
                    out.add(',');
                }
                appendKey(frame.key);
                child = entry.arg(2);
                childStackTop = frame.stackTop + 2;
            }
            if (child.type() == LuaValue.TTABLE) {
                frames.push(open((LuaTable) child, frame.depth + 1, childStackTop));
            } else {
                appendScalar(child);
            }
        }
        return out.toLuaString();
    }

    /** A table being written: an array (its length and next index) or an object (the last key written). */
    private static final class Frame {
        final LuaTable table;
        final int depth;
        /** Lua stack slots in use, the table itself included */
        final int stackTop;
        final int arrayLength;
        int index = 1;
        LuaValue key = LuaValue.NIL;

        Frame(LuaTable table, int depth, int stackTop, int arrayLength) {
            this.table = table;
            this.depth = depth;
            this.stackTop = stackTop;
            this.arrayLength = arrayLength;
        }
    }

    private Frame open(LuaTable table, int depth, int stackTop) {
        if (depth > maxDepth || stackTop + 3 > Lua51.MAX_C_STACK) {
            throw LibArgs.error("Cannot serialise, excessive nesting (" + depth + ")");
        }
        int length = arrayLength(table);
        out.add(length > 0 ? '[' : '{');
        return new Frame(table, depth, stackTop, length);
    }

    private void appendScalar(LuaValue value) {
        switch (value.type()) {
            case LuaValue.TSTRING -> appendString((LuaString) value);
            case LuaValue.TNUMBER -> appendNumber(value.todouble());
            case LuaValue.TBOOLEAN -> out.add(value.toboolean() ? "true" : "false");
            case LuaValue.TNIL -> out.add("null");
            default -> {
                if (value == CJsonLib.NULL) {
                    out.add("null");
                } else {
                    throw cannotSerialise(value.typename(), "type not supported");
                }
            }
        }
    }

    private static RuntimeException cannotSerialise(String type, String reason) {
        return LibArgs.error("Cannot serialise " + type + ": " + reason);
    }

    private void appendKey(LuaValue key) {
        if (key.type() == LuaValue.TNUMBER) {
            out.add('"');
            appendNumber(key.todouble());
            out.add("\":");
        } else if (key.type() == LuaValue.TSTRING) {
            appendString((LuaString) key);
            out.add(':');
        } else {
            throw cannotSerialise(key.typename(), "table key must be a number or string");
        }
    }

    /**
     * The array length when every key is a positive integer, else -1. Like lua-cjson the largest key is kept in
     * a C int, so keys from 2^31 up turn it negative and the table becomes an object.
     */
    private int arrayLength(LuaTable table) {
        int max = 0;
        int items = 0;
        LuaValue key = LuaValue.NIL;
        while (true) {
            key = table.next(key).arg1();
            if (key.isnil()) {
                break;
            }
            if (key.type() != LuaValue.TNUMBER) {
                return -1;
            }
            double k = key.todouble();
            if (Math.floor(k) != k || k < 1) {
                return -1;
            }
            if (k > max) {
                max = Lua51.toInt32(k);
            }
            items++;
        }
        if (sparseRatio > 0 && max > items * sparseRatio && max > sparseSafe) {
            if (sparseConvert == 0) {
                throw cannotSerialise("table", "excessively sparse array");
            }
            return -1;
        }
        return max;
    }

    private void appendNumber(double number) {
        if (Double.isNaN(number) || Double.isInfinite(number)) {
            switch (invalidNumbers) {
                case CJsonConfig.INVALID_NUMBERS_OFF -> throw cannotSerialise("number", "must not be NaN or Inf");
                case CJsonConfig.INVALID_NUMBERS_ON -> out.add(Double.isNaN(number) ? "nan" : number > 0 ? "inf" : "-inf");
                default -> out.add("null");
            }
            return;
        }
        out.add(CFormat.g(number, precision));
    }

    private void appendString(LuaString s) {
        out.add('"');
        byte[] bytes = s.m_bytes;
        for (int i = s.m_offset, end = s.m_offset + s.m_length; i < end; i++) {
            int c = bytes[i] & 0xff;
            switch (c) {
                case '"' -> out.add("\\\"");
                case '\\' -> out.add("\\\\");
                case '/' -> out.add("\\/");
                case '\b' -> out.add("\\b");
                case '\f' -> out.add("\\f");
                case '\n' -> out.add("\\n");
                case '\r' -> out.add("\\r");
                case '\t' -> out.add("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.add("\\u00").add(HEX[c >> 4]).add(HEX[c & 15]);
                    } else {
                        out.add(c);
                    }
                }
            }
        }
        out.add('"');
    }
}
