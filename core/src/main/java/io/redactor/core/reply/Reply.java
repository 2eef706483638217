package io.redactor.core.reply;

/**
 * A Redis reply, independent of the wire protocol. RESP2 and RESP3 renderings differ for some variants
 * (maps, sets, doubles, booleans, nulls); the encoder of each front end decides.
 */
public sealed interface Reply
        permits SimpleString, ErrorReply, IntegerReply, BulkString, NullReply, ArrayReply, MapReply, SetReply,
        DoubleReply, BooleanReply, VerbatimString, BigNumber, PushReply, ReplySequence, AttributeReply {

    default boolean isError() {
        return false;
    }
}
