package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.hyperloglog.HllFormat;
import io.redactor.actors.data.hyperloglog.HllSelfTest;
import io.redactor.actors.data.hyperloglog.HyperLogLog;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/** Redis's HyperLogLog debugging commands: PFDEBUG and PFSELFTEST. */
final class DebugCommands {
    private static final ErrorReply NO_SUCH_KEY = Errors.err("The specified key does not exist");
    private static final ErrorReply NOT_SPARSE = Errors.err("HLL encoding is not sparse");
    private static final SimpleString DENSE = new SimpleString("dense");
    private static final SimpleString SPARSE = new SimpleString("sparse");

    private DebugCommands() {
    }

    /**
     * PFDEBUG GETREG|DECODE|ENCODING|TODENSE key. The key is looked up and made changeable in place before the
     * subcommand is even known, as in Redis; turning it dense (GETREG, TODENSE) is a change that is propagated but
     * neither signalled nor notified.
     */
    static Reply pfdebug(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(2);
        Object value = db.write(key);
        if (value == null) {
            return NO_SUCH_KEY;
        }
        HyperLogLogs.requireHll(value);
        MutableString hll = HyperLogLogs.unshared(db, key, value);
        byte[] subcommand = call.arg(1);
        boolean sparse = HllFormat.encoding(hll.buffer()) == HllFormat.SPARSE;
        if (Arguments.is(subcommand, "getreg")) {
            if (sparse && !madeDense(call, hll)) {
                return HyperLogLogs.CORRUPT;
            }
            List<Reply> registers = new ArrayList<>(HllFormat.REGISTERS);
            for (int register : HyperLogLog.registers(hll.buffer())) {
                registers.add(IntegerReply.of(register));
            }
            return new ArrayReply(registers);
        }
        if (Arguments.is(subcommand, "decode")) {
            return sparse ? BulkString.of(HyperLogLog.decode(hll.buffer(), hll.length())) : NOT_SPARSE;
        }
        if (Arguments.is(subcommand, "encoding")) {
            return sparse ? SPARSE : DENSE;
        }
        if (Arguments.is(subcommand, "todense")) {
            if (!sparse) {
                return IntegerReply.ZERO;
            }
            return madeDense(call, hll) ? IntegerReply.ONE : HyperLogLogs.CORRUPT;
        }
        return Errors.err("Unknown PFDEBUG subcommand '" + Arguments.text(asCString(subcommand)) + "'");
    }

    private static boolean madeDense(KeyCall call, MutableString hll) {
        if (!HyperLogLog.toDense(hll)) {
            return false;
        }
        call.keyspace().effects().dirty();
        return true;
    }

    /** The argument up to its first zero byte, as Redis prints it with %s. */
    private static byte[] asCString(byte[] arg) {
        for (int i = 0; i < arg.length; i++) {
            if (arg[i] == 0) {
                return Arrays.copyOf(arg, i);
            }
        }
        return arg;
    }

    /** PFSELFTEST, on a thread of its own: it takes about as long as in Redis (hundreds of milliseconds). */
    static CompletionStage<Reply> pfselftest(ClientCall call) {
        long sparseMaxBytes = call.node().server().config().hllSparseMaxBytes();
        return CompletableFuture.supplyAsync(() -> {
            String failure = HllSelfTest.run(sparseMaxBytes, ThreadLocalRandom.current());
            return failure == null ? SimpleString.OK : Errors.err(failure);
        }, task -> Thread.ofPlatform().name("pfselftest").daemon().start(task));
    }
}
