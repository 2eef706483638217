package io.redactor.actors.command;

import io.redactor.core.reply.ErrorReply;

/** Redis 7.0's error replies, word for word. */
public final class Errors {
    public static final ErrorReply WRONGTYPE =
            new ErrorReply("WRONGTYPE Operation against a key holding the wrong kind of value");
    public static final ErrorReply SYNTAX = new ErrorReply("ERR syntax error");
    public static final ErrorReply NOT_INTEGER = new ErrorReply("ERR value is not an integer or out of range");
    public static final ErrorReply NOT_FLOAT = new ErrorReply("ERR value is not a valid float");
    public static final ErrorReply OVERFLOW = new ErrorReply("ERR increment or decrement would overflow");
    public static final ErrorReply NO_SUCH_KEY = new ErrorReply("ERR no such key");
    public static final ErrorReply DB_INDEX_OUT_OF_RANGE = new ErrorReply("ERR DB index is out of range");
    public static final ErrorReply STRING_TOO_LONG =
            new ErrorReply("ERR string exceeds maximum allowed size (proto-max-bulk-len)");
    public static final ErrorReply INVALID_EXPIRE_TIME_SET = invalidExpireTime("set");

    private Errors() {
    }

    public static ErrorReply wrongArity(String commandName) {
        return new ErrorReply("ERR wrong number of arguments for '" + commandName + "' command");
    }

    public static ErrorReply invalidExpireTime(String commandName) {
        return new ErrorReply("ERR invalid expire time in '" + commandName + "' command");
    }

    /** Redis's addReplySubcommandSyntaxError: the subcommand as the client typed it, the container upper case. */
    public static ErrorReply subcommandSyntax(byte[] subcommand, String container) {
        return err("unknown subcommand or wrong number of arguments for '" + Arguments.text(subcommand) + "'. Try "
                + container + " HELP.");
    }

    public static ErrorReply err(String text) {
        return new ErrorReply("ERR " + text);
    }
}
