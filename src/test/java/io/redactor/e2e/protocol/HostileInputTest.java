package io.redactor.e2e.protocol;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients that break the protocol, send too much, or vanish: the server answers as Redis does (an error, then
 * it closes the connection), never crashes or hangs, and other clients keep being served.
 */
class HostileInputTest {
    private final TestRedactor server = TestRedactor.shared();

    /** Each input gets the same reply from Redactor as from Redis, and both close (or keep) the connection. */
    @ParameterizedTest
    @ValueSource(strings = {
            "*abc\r\n",
            "*1\r\n+foo\r\n",
            "*1\r\n$-5\r\n",
            "*2\r\n$3\r\nget\r\n$600000000\r\n",
            "*1\r\n$1x\r\n",
            "*-1\r\nPING\r\n",
            "*0\r\nPING\r\n",
            "\r\n\r\nPING\r\n",
            "PING\n",
            "set a \"b\r\n",
            "set a 'b\r\n",
            "echo \"a\"b\r\n",
            "echo \"a\\x41\\n\"\r\n",
            "echo 'it\\'s'\r\n",
            "*1\r\n$4\r\nPINGxx*1\r\n$4\r\nPING\r\n",
            "*01\r\n$4\r\nPING\r\n",
            "*1\r\n$04\r\nPING\r\n",
            "*1\r\n$-0\r\n",
            "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$0\r\n\r\n*2\r\n$3\r\nGET\r\n$1\r\nk\r\n",
            "PING\r\n*1\r\n+x\r\nPING\r\n",
            "echo \"a\\x4\"\r\n",
            "echo \"a\\x4g\"\r\n",
            "echo \"\\q\\t\\a\\b\\\\\"\r\n",
            "echo a\"b c\"\r\n",
            "echo 'a\\b'\r\n",
            "echo '' \"\"\r\n",
            "echo \"unterminated\\\"\r\n",
            "echo 'x'y\r\n",
            "ECHO  \t spaced\t\r\n",
            "echo a\u0000b\r\n",
            // a zero byte before a header's CR: Redis's strchr never finds the line's end, so it waits for more
            "*1\u0000\r\n$4\r\nPING\r\n",
            "*1\r\n$4\u0000\r\nPING\r\n",
            "*1\r\n$4\r\nPING\r\n\u0000\u0000\r\n",
            "\u0000PING\r\n",
            // clients cannot nest aggregates, nor send RESP3 ones: anything but '*' first is an inline command
            "*1\r\n*1\r\n*1\r\n$4\r\nPING\r\n",
            "*2\r\n$4\r\nECHO\r\n*1\r\n$1\r\na\r\n",
            "%1\r\n+a\r\n+b\r\n",
            "~1\r\n$4\r\nPING\r\n",
            ">1\r\n$4\r\nPING\r\n",
            "|1\r\n+a\r\n+b\r\n*1\r\n$4\r\nPING\r\n",
            "_\r\n#t\r\n,1.5\r\n(12\r\n=3\r\ntxt\r\n!1\r\nx\r\n",
            // negative and huge lengths
            "*2\r\n$4\r\nECHO\r\n$-1\r\n",
            "*2147483647\r\n$4\r\nPING\r\n",
            "*2147483648\r\n",
            "*-2147483649\r\nPING\r\n",
            "*-9223372036854775808\r\nPING\r\n",
            "*99999999999999999999\r\n",
            "*9223372036854775807\r\n",
            "*2\r\n$4\r\nECHO\r\n$536870913\r\n",
            "*2\r\n$4\r\nECHO\r\n$2147483647\r\n",
            "*2\r\n$4\r\nECHO\r\n$18446744073709551616\r\n",
            "*2\r\n$4\r\nECHO\r\n$9223372036854775807\r\n",
            "*1\r\n$ 4\r\nPING\r\n",
            "*+1\r\n$4\r\nPING\r\n",
            "* 1\r\n$4\r\nPING\r\n",
            "*1 \r\n$4\r\nPING\r\n",
            "*\r\n$4\r\nPING\r\n",
            "*1\r\n$\r\nPING\r\n",
            // truncated: waits for the rest
            "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$10\r\nabc",
            "*3\r\n$3\r\nSET\r\n$1",
    })
    void answersMalformedInputLikeRedis(String input) {
        assertSameAsRedis(input.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void tooBigInlineAndCountLinesAreRefusedLikeRedis() {
        byte[] inline = new byte[70 * 1024];
        java.util.Arrays.fill(inline, (byte) 'a');
        assertSameAsRedis(inline);
        byte[] count = ("*" + "1".repeat(70 * 1024)).getBytes(StandardCharsets.US_ASCII);
        assertSameAsRedis(count);
        byte[] bulkCount = ("*1\r\n$" + "1".repeat(70 * 1024)).getBytes(StandardCharsets.US_ASCII);
        assertSameAsRedis(bulkCount);
    }

    /** 1 MB of requests nested 262,144 deep: answered as Redis answers it, at the second level, without recursion. */
    @Test
    void deepNestingIsRefusedLikeRedis() {
        assertSameAsRedis("*1\r\n".repeat(262_144).getBytes(StandardCharsets.US_ASCII));
        assertSameAsRedis("*2\r\n$4\r\nECHO\r\n".concat("*1\r\n".repeat(262_144))
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** 1 MB inline lines, ended or not, with zero bytes or without: refused as too big, as Redis refuses them. */
    @Test
    void megabyteInlineLinesAreRefusedLikeRedis() {
        byte[] line = new byte[1 << 20];
        java.util.Arrays.fill(line, (byte) 'a');
        line[line.length - 2] = '\r';
        line[line.length - 1] = '\n';
        assertSameAsRedis(line);
        byte[] words = ("SET k " + "ab ".repeat(350_000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        assertSameAsRedis(words);
        byte[] zeros = new byte[1 << 20];
        assertSameAsRedis(zeros);
    }

    @Test
    void randomBytesNeverKillTheServer() throws IOException {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            byte[] garbage = new byte[1 + random.nextInt(2048)];
            random.nextBytes(garbage);
            if (round % 3 == 0) {
                garbage[0] = '*';
            }
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                socket.setSoTimeout(2000);
                OutputStream out = socket.getOutputStream();
                out.write(garbage);
                out.flush();
                // Whatever comes back (an error, nothing, a close), the server must remain healthy.
                socket.getInputStream().readNBytes(Math.min(64, socket.getInputStream().available()));
            } catch (IOException ignoredBySpec) {
                // The server may close first; that is allowed.
            }
        }
        assertServerHealthy();
    }

    @Test
    void truncatedFramesWaitForTheRestThenWork() {
        try (RawClient client = server.raw()) {
            byte[] frame = RawClient.encode("SET".getBytes(), "truncated:key".getBytes(), "value".getBytes());
            for (byte b : frame) {
                client.send(new byte[] {b});
            }
            assertEquals("+OK\r\n", client.readReplyText());
        }
    }

    @Test
    void hundredThousandPipelinedCommandsAllAnsweredInOrder() {
        try (Jedis jedis = server.jedis()) {
            Pipeline pipeline = jedis.pipelined();
            List<redis.clients.jedis.Response<Long>> replies = new java.util.ArrayList<>();
            for (int i = 0; i < 100_000; i++) {
                replies.add(pipeline.incr("pipelined:" + (i % 97)));
            }
            pipeline.sync();
            long[] expected = new long[97];
            for (int i = 0; i < 100_000; i++) {
                assertEquals(++expected[i % 97], replies.get(i).get());
            }
        }
    }

    @Test
    void clientsThatVanishMidPipelineOrMidReplyLeaveNoTrace() throws Exception {
        try (Jedis jedis = server.jedis()) {
            jedis.set("big:value", "x".repeat(5_000_000));
        }
        for (int round = 0; round < 20; round++) {
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                OutputStream out = socket.getOutputStream();
                for (int i = 0; i < 200; i++) {
                    out.write(RawClient.encode("GET".getBytes(), "big:value".getBytes()));
                }
                out.flush();
                socket.getInputStream().readNBytes(1000);
                socket.setSoLinger(true, 0);
            }
        }
        assertServerHealthy();
    }

    @Test
    void declaredLengthsOverTheLimitAreRefusedOnAPrivateServer() {
        try (TestRedactor small = TestRedactor.start(java.util.Map.of("redactor.redis.proto-max-bulk-len", "1mb"));
             RawClient client = small.raw()) {
            client.send("*2\r\n$3\r\nGET\r\n$" + (1024 * 1024 + 1) + "\r\n");
            assertEquals("-ERR Protocol error: invalid bulk length\r\n", client.readReplyText());
            assertTrue(client.isClosedByServer(2000));
        }
    }

    private void assertSameAsRedis(byte[] input) {
        try (RawClient ours = server.raw(); RawClient theirs = RealRedis.shared().raw()) {
            sendIgnoringClose(ours, input);
            sendIgnoringClose(theirs, input);
            // both read at once: each waits for its connection to go quiet
            java.util.concurrent.FutureTask<String> expected = new java.util.concurrent.FutureTask<>(
                    () -> readAvailable(theirs));
            Thread.ofPlatform().daemon(true).start(expected);
            String actual = readAvailable(ours);
            try {
                assertEquals(expected.get(30, java.util.concurrent.TimeUnit.SECONDS), actual,
                        "reply to " + printable(input));
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException
                     | InterruptedException e) {
                throw new AssertionError("reading Redis's reply to " + printable(input), e);
            }
        }
        assertServerHealthy();
    }

    /** A server may close a connection before a large input is all sent: what it answered is still read. */
    private static void sendIgnoringClose(RawClient client, byte[] input) {
        try {
            client.send(input);
        } catch (java.io.UncheckedIOException closed) {
            // compared by what was answered
        }
    }

    /** Replies until the connection goes quiet (then "<open>") or closes (then "<closed>"). */
    private static String readAvailable(RawClient client) {
        StringBuilder text = new StringBuilder();
        while (true) {
            try {
                if (client.isClosedByServer(200)) {
                    return text.append("<closed>").toString();
                }
            } catch (RuntimeException e) {
                return text.append("<closed>").toString();
            }
            if (!client.hasData(200)) {
                return text.append("<open>").toString();
            }
            text.append(client.readReplyText());
        }
    }

    private void assertServerHealthy() {
        try (Jedis jedis = server.jedis()) {
            assertEquals("PONG", jedis.ping());
        }
    }

    private static String printable(byte[] input) {
        String text = new String(input, StandardCharsets.ISO_8859_1);
        return text.length() > 60 ? text.substring(0, 60) + "..." : text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
