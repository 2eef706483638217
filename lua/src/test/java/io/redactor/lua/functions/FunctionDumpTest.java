package io.redactor.lua.functions;

import static io.redactor.lua.functions.Libraries.ENGINE;
import static io.redactor.lua.functions.Libraries.bytes;
import static io.redactor.lua.functions.Libraries.fcall;
import static io.redactor.lua.functions.Libraries.list;
import static io.redactor.lua.functions.Libraries.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.redactor.core.rdb.Crc64;
import io.redactor.core.rdb.RdbWriter;
import io.redactor.lua.ScriptContext;

/**
 * FUNCTION DUMP and RESTORE. The expected payloads are {@code redis-cli FUNCTION DUMP} of redis-server 7.0.15 after
 * loading the same code; the RESTORE texts are its replies to the same payloads.
 */
class FunctionDumpTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final String RAW = "#!lua name=rr\nredis.register_function(\"rr\", function() end)";
    private static final String FOUR;
    private static final String DESCRIBED = "#!lua name=described\nredis.register_function{function_name=\"hello\", "
            + "callback=function(keys, args) return \"hello \" .. (args[1] or \"world\") end, flags={\"no-writes\", "
            + "\"allow-stale\"}, description=\"says hello\"}\n";

    static {
        StringBuilder code = new StringBuilder("#!lua name=mylib\n");
        for (int i = 0; i < 4; i++) {
            code.append("redis.register_function(\"f").append(i)
                    .append("\", function(keys, args) return redis.call(\"GET\", keys[1]) end)\n");
        }
        FOUR = code.toString();
    }

    private final FunctionRegistry registry = new FunctionRegistry(ENGINE);

    private String dump(String code, boolean compress) {
        registry.flush();
        load(registry, code);
        return HEX.formatHex(registry.dump(compress));
    }

    private String restoreError(byte[] payload, RestorePolicy policy) {
        return assertThrows(FunctionError.class, () -> registry.restore(payload, policy, ScriptContext.NONE))
                .getMessage();
    }

    /** A payload as FUNCTION DUMP frames it, around the given entries. */
    private static byte[] payload(int version, byte[]... entries) {
        RdbWriter w = new RdbWriter();
        for (byte[] e : entries) {
            w.writeRaw(e, 0, e.length);
        }
        w.writeByte(version & 0xff).writeByte(version >> 8);
        byte[] body = w.toByteArray();
        long crc = Crc64.of(body, 0, body.length);
        for (int i = 0; i < 8; i++) {
            w.writeByte((int) (crc >>> (8 * i)));
        }
        return w.toByteArray();
    }

    private static byte[] function2(String code) {
        return new RdbWriter().writeByte(245).writeString(bytes(code), true).toByteArray();
    }

    private static byte[] preGa(String name, String engine, String description, String blob) {
        RdbWriter w = new RdbWriter().writeByte(246).writeString(bytes(name), false).writeString(bytes(engine), false);
        w.writeLength(description == null ? 0 : 1);
        if (description != null) {
            w.writeString(bytes(description), false);
        }
        return w.writeString(bytes(blob), false).toByteArray();
    }

    private static byte[] entry(String hex) {
        return HEX.parseHex(hex);
    }

    @Test
    void dumpsAreByteForByteRedis70s() {
        assertEquals("0a005d9b5c400f7fa2da", HEX.formatHex(registry.dump(true)), "no libraries");
        assertEquals("f53b23216c7561206e616d653d72720a72656469732e72656769737465725f66756e6374696f6e28227272222c2066756e"
                + "6374696f6e282920656e64290a0088a9aa18fc35cfc5", dump(RAW, true));
        assertEquals("f5c3407a41791f23216c7561206e616d653d6d796c69620a72656469732e72656769737465725f0e66756e6374696f6e"
                + "28226630222c20e0000e116b6579732c2061726773292072657475726e200640390863616c6c2822474554202d4024085b31"
                + "5d2920656e6429e012590031202be04d590032e050590033e0345901290a0a0081f906c6e8609bf7", dump(FOUR, true));
        assertEquals("f5c340b940cd1f23216c7561206e616d653d6465736372696265640a72656469732e72656769730c7465725f66756e63"
                + "74696f6e7bc008005f602f112268656c6c6f222c2063616c6c6261636b3dc01f13286b6579732c2061726773292072657475"
                + "726e20802d062022202e2e202840191f5b315d206f722022776f726c64222920656e642c20666c6167733d7b226e6f2d0577"
                + "7269746573205e0022205e0b6f772d7374616c65227d2c2080a700704091063d2273617973208088017d0a0a00a38487a80a"
                + "9675bd", dump(DESCRIBED, true));
        assertEquals("f540cd23216c7561206e616d653d6465736372696265640a72656469732e72656769737465725f66756e6374696f6e7b"
                + "66756e6374696f6e5f6e616d653d2268656c6c6f222c2063616c6c6261636b3d66756e6374696f6e286b6579732c206172"
                + "6773292072657475726e202268656c6c6f2022202e2e2028617267735b315d206f722022776f726c64222920656e642c2066"
                + "6c6167733d7b226e6f2d777269746573222c2022616c6c6f772d7374616c65227d2c206465736372697074696f6e3d227361"
                + "79732068656c6c6f227d0a0a008de295686a784ab3", dump(DESCRIBED, false), "rdbcompression no");
    }

    @Test
    void restoreLoadsWhatRedisDumped() {
        // FUNCTION DUMP of redis-server 7.0.15 holding libraries rr and mylib
        byte[] two = HEX.parseHex("f53b23216c7561206e616d653d72720a72656469732e72656769737465725f66756e6374696f6e2822"
                + "7272222c2066756e6374696f6e282920656e6429f5c3407a41791f23216c7561206e616d653d6d796c69620a7265646973"
                + "2e72656769737465725f0e66756e6374696f6e28226630222c20e0000e116b6579732c2061726773292072657475726e2006"
                + "40390863616c6c2822474554202d4024085b315d2920656e6429e012590031202be04d590032e050590033e0345901290a0a"
                + "002b779d2e5b77a203");
        registry.restore(two, RestorePolicy.APPEND, ScriptContext.NONE);
        assertEquals(List.of("rr", "mylib"), registry.libraries().stream().map(FunctionLibrary::name).toList());
        assertEquals(5, registry.functionCount());
        assertEquals(FOUR, new String(registry.library("mylib").code(), java.nio.charset.StandardCharsets.ISO_8859_1));
        byte[] again = registry.dump(true);
        registry.flush();
        registry.restore(again, RestorePolicy.APPEND, ScriptContext.NONE);
        assertEquals(HEX.formatHex(again), HEX.formatHex(registry.dump(true)));
    }

    @Test
    void thePayloadMustHaveAKnownVersionAndTheRightChecksum() {
        String wrong = "ERR DUMP payload version or checksum are wrong";
        assertEquals(wrong, restoreError(new byte[0], RestorePolicy.APPEND));
        assertEquals(wrong, restoreError(bytes("abc"), RestorePolicy.APPEND));
        assertEquals(wrong, restoreError(bytes("0123456789"), RestorePolicy.APPEND));
        assertEquals(wrong, restoreError(payload(11, function2(RAW)), RestorePolicy.APPEND));
        byte[] flipped = payload(10, function2(RAW));
        flipped[flipped.length - 1] ^= 1;
        assertEquals(wrong, restoreError(flipped, RestorePolicy.APPEND));
        byte[] zeroCrc = payload(10, function2(RAW));
        java.util.Arrays.fill(zeroCrc, zeroCrc.length - 8, zeroCrc.length, (byte) 0);
        assertEquals(wrong, restoreError(zeroCrc, RestorePolicy.APPEND));
        registry.restore(payload(9, function2(RAW)), RestorePolicy.APPEND, ScriptContext.NONE);
        registry.restore(payload(0, function2(RAW)), RestorePolicy.FLUSH, ScriptContext.NONE);
        assertEquals(1, registry.libraryCount());
        registry.restore(payload(10), RestorePolicy.APPEND, ScriptContext.NONE);
        assertEquals(1, registry.libraryCount());
    }

    @Test
    void entriesThatAreNotFunctionsOrCannotBeRead() {
        assertEquals("ERR given type is not a function", restoreError(payload(10, entry("00016b0176")), RestorePolicy.APPEND));
        assertEquals("ERR given type is not a function", restoreError(payload(10, entry("ff")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading library payload",
                restoreError(payload(10, entry("f53f23216c7561")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading library payload",
                restoreError(payload(10, entry("f5c3051078787878")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading library payload", restoreError(payload(10, entry("f5c4")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading library payload",
                restoreError(payload(10, entry("f545000000")), RestorePolicy.APPEND));
        assertEquals("ERR Missing library metadata", restoreError(payload(10, entry("f5c005")), RestorePolicy.APPEND));
        assertEquals("ERR Missing library metadata",
                restoreError(payload(10, entry("f5810000000000000005"), bytes("hello")), RestorePolicy.APPEND));
    }

    @Test
    void releaseCandidateEntriesAreStillRead() {
        registry.restore(payload(10, preGa("pre", "LUA", null, "redis.register_function('fpre', function() return 1 end)")),
                RestorePolicy.APPEND, ScriptContext.NONE);
        registry.restore(payload(10, preGa("pre2", "lua", "desc", "\nredis.register_function('fpre2', function() "
                + "error('x') end)")), RestorePolicy.APPEND, ScriptContext.NONE);
        assertEquals("#!LUA name=pre\nredis.register_function('fpre', function() return 1 end)",
                new String(registry.library("pre").code(), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("ERR user_function:3: x script: fpre2, on @user_function:3.", Libraries.fcallError(registry, "fpre2"));
        assertEquals("ERR Failed loading library name", restoreError(payload(10, entry("f6")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading engine name", restoreError(payload(10, entry("f6016e")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading library description",
                restoreError(payload(10, entry("f6016e034c554101")), RestorePolicy.APPEND));
        assertEquals("ERR Failed loading library blob",
                restoreError(payload(10, entry("f6016e034c554100")), RestorePolicy.APPEND));
        assertEquals("ERR Engine 'js' not found",
                restoreError(payload(10, preGa("n", "js", null, "x")), RestorePolicy.APPEND));
        assertEquals("ERR Invalid metadata value given: x",
                restoreError(payload(10, preGa("n x", "LUA", null, "x")), RestorePolicy.APPEND));
    }

    @Test
    void aStringMayReachIntoTheTrailerAsInRedis() {
        String code = "#!lua name=tr\nredis.register_function('tr', function() return 1 end)--";
        for (int into : new int[] {10, 5}) {
            for (int pad = 0; pad < 40; pad++) {
                String padded = code.replace("--", " ".repeat(pad) + "--");
                byte[] body = new RdbWriter().writeByte(245).writeLength(padded.length() + into)
                        .writeRaw(bytes(padded), 0, padded.length()).toByteArray();
                byte[] p = payload(0, body);
                boolean lineBreakInCrc = false;
                for (int i = p.length - 8; i < p.length; i++) {
                    lineBreakInCrc |= p[i] == '\n' || p[i] == '\r';
                }
                if (!lineBreakInCrc) {
                    registry.restore(p, RestorePolicy.FLUSH, ScriptContext.NONE);
                    assertEquals(1, fcall(registry, "tr", list(), list()).toint());
                    break;
                }
            }
        }
    }

    @Test
    void restoreChecksThePayloadsLibrariesAgainstEachOther() {
        load(registry, "#!lua name=existing\nredis.register_function('fexisting', function() end)");
        String a = "#!lua name=a\nredis.register_function('a', function() end)";
        assertEquals("ERR Library 'a' already exists",
                restoreError(payload(10, function2(a), function2("#!lua name=a\nredis.register_function('a2', function() end)")),
                        RestorePolicy.APPEND));
        assertEquals("ERR Function same already exists", restoreError(payload(10,
                function2("#!lua name=a\nredis.register_function('same', function() end)"),
                function2("#!lua name=b\nredis.register_function('same', function() end)")), RestorePolicy.FLUSH));
        assertEquals("ERR No functions registered",
                restoreError(payload(10, function2("#!lua name=z\nreturn 1")), RestorePolicy.APPEND));
        assertEquals("ERR Missing library metadata",
                restoreError(payload(10, function2(a), function2("return 1")), RestorePolicy.APPEND));
        assertEquals("existing", String.join(" ", registry.libraries().stream().map(FunctionLibrary::name).toList()),
                "a failed restore changes nothing");
    }

    @Test
    void restorePolicies() {
        String existing = "#!lua name=existing\nredis.register_function('fexisting', function() return 'old' end)";
        String replacement = "#!lua name=existing\nredis.register_function('other', function() return 'new' end)";
        String clashing = "#!lua name=x\nredis.register_function('FEXISTING', function() return 'x' end)";
        load(registry, existing);

        assertEquals("ERR Library existing already exists",
                restoreError(payload(10, function2(replacement)), RestorePolicy.APPEND));
        assertEquals("ERR Function FEXISTING already exists",
                restoreError(payload(10, function2(clashing)), RestorePolicy.APPEND));
        assertEquals("ERR Function FEXISTING already exists",
                restoreError(payload(10, function2(clashing)), RestorePolicy.REPLACE));
        assertEquals(List.of("existing"), registry.libraries().stream().map(FunctionLibrary::name).toList());

        registry.restore(payload(10, function2(replacement)), RestorePolicy.REPLACE, ScriptContext.NONE);
        assertEquals("new", fcall(registry, "other", list(), list()).tojstring());
        assertEquals(null, registry.function("fexisting"));

        registry.flush();
        load(registry, existing);
        registry.restore(payload(10, function2(replacement), function2("#!lua name=q\nredis.register_function("
                + "'fexisting', function() return 'q' end)")), RestorePolicy.REPLACE, ScriptContext.NONE);
        assertEquals("q", fcall(registry, "fexisting", list(), list()).tojstring(),
                "the replaced library's function names are free for the others");

        registry.restore(payload(10, function2(clashing)), RestorePolicy.FLUSH, ScriptContext.NONE);
        assertEquals(List.of("x"), registry.libraries().stream().map(FunctionLibrary::name).toList());
    }

    @Test
    void restoreHasNoTimeLimit() {
        // redis.log keeps the thread busy past FUNCTION LOAD's 500 ms (its CPU time: see LoadTimer), then the loop
        // gives the engine a chance to notice
        ScriptContext slowLog = new ScriptContext() {
            @Override
            public org.luaj.vm2.LuaValue call(byte[][] command, io.redactor.lua.ScriptRun run) {
                throw new AssertionError();
            }

            @Override
            public void log(int level, String message) {
                java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
                long until = threads.getCurrentThreadCpuTime()
                        + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(FunctionRegistry.LOAD_TIMEOUT_MILLIS + 100);
                while (threads.getCurrentThreadCpuTime() < until) {
                    Thread.onSpinWait();
                }
            }
        };
        String slow = "#!lua name=slow\nredis.log(redis.LOG_NOTICE, 'zzz')\n"
                + "local n = 0 while n < 10000 do n = n + 1 end redis.register_function('slow', function() return n end)";
        assertEquals("ERR Error registering functions: ERR FUNCTION LOAD timeout", assertThrows(FunctionError.class,
                () -> registry.load(bytes(slow), false, slowLog, FunctionRegistry.LOAD_TIMEOUT_MILLIS)).getMessage());
        registry.restore(payload(10, function2(slow)), RestorePolicy.APPEND, slowLog);
        assertEquals(10000, fcall(registry, "slow", list(), list()).toint());
    }
}
