package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.AttributeReply;
import io.redactor.core.reply.BigNumber;
import io.redactor.core.reply.BooleanReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.VerbatimString;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG PROTOCOL type: Redis's test value of each reply type, for client libraries' RESP2 and RESP3 parsers. An
 * attribute and a push are each followed by a real reply, as Redis sends them.
 */
final class DebugProtocol implements DebugSubcommand {
    private static final ErrorReply UNKNOWN_TYPE = new ErrorReply("ERR Wrong protocol type name. Please use one of "
            + "the following: string|integer|double|bignum|null|array|set|map|attrib|push|verbatim|true|false");
    private static final ErrorReply NO_PUSH_IN_RESP2 = new ErrorReply("ERR RESP2 is not supported by this command");
    private static final List<Reply> ZERO_ONE_TWO = List.of(IntegerReply.of(0), IntegerReply.of(1), IntegerReply.of(2));

    @Override
    public String name() {
        return "protocol";
    }

    @Override
    public List<String> help() {
        return List.of(
                "PROTOCOL <type>",
                "    Reply with a test value of the specified type. <type> can be: string,",
                "    integer, double, bignum, null, array, set, map, attrib, push, verbatim,",
                "    true, false.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc == 3;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        int protocol = call.client() == null ? 2 : call.client().protocol();
        return DebugCommand.done(reply(Arguments.text(call.arg(2)).toLowerCase(Locale.ROOT), protocol));
    }

    private static Reply reply(String type, int protocol) {
        return switch (type) {
            case "string" -> BulkString.of("Hello World");
            case "integer" -> IntegerReply.of(12345);
            case "double" -> new DoubleReply(3.141);
            case "bignum" -> new BigNumber("1234567999999999999999999999999999999");
            case "null" -> NullReply.NULL_BULK;
            case "array" -> new ArrayReply(ZERO_ONE_TWO);
            case "set" -> new SetReply(ZERO_ONE_TWO);
            case "map" -> new MapReply(List.of(IntegerReply.of(0), BooleanReply.FALSE, IntegerReply.of(1),
                    BooleanReply.TRUE, IntegerReply.of(2), BooleanReply.FALSE));
            case "attrib" -> new AttributeReply(List.of(BulkString.of("key-popularity"),
                    ArrayReply.of(BulkString.of("key:123"), IntegerReply.of(90))),
                    BulkString.of("Some real reply following the attribute"));
            case "push" -> protocol < 3 ? NO_PUSH_IN_RESP2 : new ReplySequence(List.of(
                    new PushReply(List.of(BulkString.of("server-cpu-usage"), IntegerReply.of(42))),
                    BulkString.of("Some real reply following the push reply")));
            case "true" -> BooleanReply.TRUE;
            case "false" -> BooleanReply.FALSE;
            case "verbatim" -> new VerbatimString("txt", "This is a verbatim\nstring".getBytes(StandardCharsets.US_ASCII));
            default -> UNKNOWN_TYPE;
        };
    }
}
