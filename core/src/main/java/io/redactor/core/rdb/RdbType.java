package io.redactor.core.rdb;

/**
 * Redis 7.0's RDB value types ({@code RDB_TYPE_*} in rdb.h): the byte before a key in an RDB file and the first byte
 * of a DUMP payload.
 */
public final class RdbType {
    public static final int STRING = 0;
    /** A linked list of strings (Redis before 3.2). */
    public static final int LIST = 1;
    public static final int SET = 2;
    /** Scores as text (Redis before 4.0). */
    public static final int ZSET = 3;
    public static final int HASH = 4;
    /** Scores as binary doubles. */
    public static final int ZSET_2 = 5;
    public static final int MODULE = 6;
    public static final int MODULE_2 = 7;
    public static final int HASH_ZIPMAP = 9;
    public static final int LIST_ZIPLIST = 10;
    public static final int SET_INTSET = 11;
    public static final int ZSET_ZIPLIST = 12;
    public static final int HASH_ZIPLIST = 13;
    /** A quicklist of ziplists (Redis 3.2 to 6.2). */
    public static final int LIST_QUICKLIST = 14;
    public static final int STREAM_LISTPACKS = 15;
    public static final int HASH_LISTPACK = 16;
    public static final int ZSET_LISTPACK = 17;
    /** A quicklist of listpacks and plain nodes (Redis 7.0). */
    public static final int LIST_QUICKLIST_2 = 18;
    public static final int STREAM_LISTPACKS_2 = 19;

    private RdbType() {
    }

    /** {@code rdbIsObjectType}: whether Redis 7.0 knows {@code type} as a value type. */
    public static boolean isValueType(int type) {
        return (type >= 0 && type <= 7) || (type >= 9 && type <= 19);
    }

    /** Whether Redactor reads this type: every value type but modules. */
    public static boolean isSupported(int type) {
        return isValueType(type) && type != MODULE && type != MODULE_2;
    }

    /** A name for messages, such as "stream" for 15. */
    public static String describe(int type) {
        return switch (type) {
            case STRING -> "string";
            case LIST -> "list";
            case SET -> "set";
            case ZSET -> "zset";
            case HASH -> "hash";
            case ZSET_2 -> "zset2";
            case MODULE, MODULE_2 -> "module";
            case HASH_ZIPMAP -> "hash zipmap";
            case LIST_ZIPLIST -> "list ziplist";
            case SET_INTSET -> "intset";
            case ZSET_ZIPLIST -> "zset ziplist";
            case HASH_ZIPLIST -> "hash ziplist";
            case LIST_QUICKLIST -> "list quicklist";
            case STREAM_LISTPACKS, STREAM_LISTPACKS_2 -> "stream";
            case HASH_LISTPACK -> "hash listpack";
            case ZSET_LISTPACK -> "zset listpack";
            case LIST_QUICKLIST_2 -> "list quicklist2";
            default -> "unknown";
        };
    }
}
