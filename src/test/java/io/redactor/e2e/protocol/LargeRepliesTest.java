package io.redactor.e2e.protocol;

import io.redactor.testing.Eventually;
import io.redactor.testing.Pinger;
import io.redactor.testing.RawClient;
import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replies far larger than the data set (issue 21: HRANDFIELD with a huge count once built a 2.7 GB reply and the
 * server stopped answering for 20 minutes) and replies of large values are streamed: a client that does not read
 * holds neither the heap nor the event loop other clients share, a client that reads gets the whole reply in order,
 * and client-output-buffer-limit drops a client in the middle of one, as Redis does.
 */
class LargeRepliesTest {
    private static final Map<String, String> HASH = Map.of("a", "1", "b", "2", "c", "3");
    /** Draws whose replies would take gigabytes, far more than the server's heap of 512 MB. */
    private static final String HUGE = "-2000000000";
    private static final long HEAP_SLACK = 48L << 20;

    @TempDir
    static Path dir;
    private static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.start(dir, Map.of("save", "", "appendonly", "no"), ServerProcess.binRedactorGc("512m"));
        try (Jedis jedis = server.jedis()) {
            jedis.hset("h", HASH);
            jedis.sadd("s", "a", "b", "c");
            jedis.zadd("z", Map.of("a", 1.0, "b", 2.0, "c", 3.0));
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void hugeRepliesToClientsThatDoNotReadHoldNeitherTheHeapNorOtherClients() throws Exception {
        long before = server.liveHeapBytes();
        List<RawClient> attackers = new ArrayList<>();
        Pinger pinger = Pinger.start(server::jedis);
        try {
            for (String[] command : List.of(new String[] {"HRANDFIELD", "h", HUGE, "WITHVALUES"},
                    new String[] {"SRANDMEMBER", "s", HUGE}, new String[] {"ZRANDMEMBER", "z", HUGE, "WITHSCORES"},
                    new String[] {"HRANDFIELD", "h", HUGE})) {
                RawClient attacker = new RawClient("127.0.0.1", server.port());
                attackers.add(attacker);
                attacker.command(command);
            }
            Thread.sleep(3000);
            long during = server.liveHeapBytes();
            assertTrue(during <= before + HEAP_SLACK, "heap after a full collection: " + (before >> 20)
                    + " MB before the replies, " + (during >> 20) + " MB while they wait for their clients");
        } finally {
            pinger.finish();
            attackers.forEach(RawClient::close);
        }
        pinger.assertAnswered();
        assertTrue(server.isAlive(), server.log());
        try (Jedis jedis = server.jedis()) {
            assertEquals("PONG", jedis.ping());
            assertEquals(HASH, jedis.hgetAll("h"));
        }
    }

    @Test
    void aClientThatReadsGetsTheWholeReplyAndThenTheNextOnes() throws IOException {
        try (Reader client = new Reader()) {
            client.send(List.of("SRANDMEMBER", "s", "-3000000"), List.of("PING"));
            List<String> members = new ArrayList<>();
            assertEquals(3_000_000, client.readLeaves(members::add));
            assertEquals(Set.of("a", "b", "c"), Set.copyOf(members));
            long a = Collections.frequency(members, "a");
            assertTrue(a > 950_000 && a < 1_050_000, "draws of a: " + a);
            assertEquals("PONG", client.readLine());

            // RESP2: field, value, field, value...
            client.send(List.of("HRANDFIELD", "h", "-2000000", "WITHVALUES"));
            Pairs pairs = new Pairs(HASH);
            assertEquals(4_000_000, client.readLeaves(pairs));
            assertEquals(2_000_000, pairs.count);

            // in a transaction, between other replies
            client.send(List.of("MULTI"), List.of("ZRANDMEMBER", "z", "-1500000", "WITHSCORES"),
                    List.of("SET", "k", "v"), List.of("EXEC"), List.of("GET", "k"));
            assertEquals("OK", client.readLine());
            assertEquals("QUEUED", client.readLine());
            assertEquals("QUEUED", client.readLine());
            Pairs scored = new Pairs(Map.of("a", "1", "b", "2", "c", "3"));
            List<String> rest = new ArrayList<>();
            assertEquals(3_000_001, client.readLeaves(leaf -> {
                if (scored.count < 1_500_000) {
                    scored.accept(leaf);
                } else {
                    rest.add(leaf);
                }
            }));
            assertEquals(List.of("OK"), rest);
            assertEquals("v", client.readLeafValue());

            // RESP3: [field, value] pairs
            client.send(List.of("HELLO", "3"));
            client.readLeaves(leaf -> { });
            client.send(List.of("HRANDFIELD", "h", "-2000000", "WITHVALUES"), List.of("PING"));
            Pairs resp3 = new Pairs(HASH);
            assertEquals(4_000_000, client.readLeaves(resp3));
            assertEquals("PONG", client.readLine());
        }
    }

    @Test
    void aLongListComesWholeAndInOrder() throws IOException {
        try (Jedis jedis = server.jedis(); Reader client = new Reader()) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < 200_000; i++) {
                values.add("value-" + i);
            }
            for (int i = 0; i < values.size(); i += 10_000) {
                jedis.rpush("list", values.subList(i, i + 10_000).toArray(String[]::new));
            }
            client.send(List.of("LRANGE", "list", "0", "-1"), List.of("LLEN", "list"));
            List<String> read = new ArrayList<>();
            client.readLeaves(read::add);
            assertEquals(values, read);
            assertEquals(":200000", client.readRaw());
        }
    }

    @Test
    void aClientOverItsOutputBufferLimitIsClosedInTheMiddleOfAReply() throws Exception {
        try (Jedis jedis = server.jedis()) {
            long closedBefore = stat(jedis, "client_output_buffer_limit_disconnections");
            jedis.configSet("client-output-buffer-limit", "normal 1mb 0 0");
            try (Reader attacker = new Reader()) {
                attacker.send(List.of("HRANDFIELD", "h", HUGE));
                Eventually.assertValue(closedBefore + 1,
                        () -> stat(jedis, "client_output_buffer_limit_disconnections"), "clients closed");
                // what the socket held when it was closed, then its end
                long received = attacker.in.transferTo(OutputStream.nullOutputStream());
                assertTrue(received < 64L << 20, received + " bytes received");
            } finally {
                jedis.configSet("client-output-buffer-limit", "normal 0 0 0");
            }
            assertEquals("PONG", jedis.ping());
        }
    }

    @Test
    void aReplyStopsWhenItsClientLeaves() throws Exception {
        try (Jedis jedis = server.jedis()) {
            try (Reader client = new Reader()) {
                client.send(List.of("HRANDFIELD", "h", HUGE));
                client.readBytes(1 << 20);
            }
            Eventually.until("the server stops writing to a client that left", () -> {
                long sent = stat(jedis, "total_net_output_bytes");
                LockSupport.parkNanos(300_000_000L);
                return stat(jedis, "total_net_output_bytes") - sent < 64 * 1024;
            });
        }
    }

    private static long stat(Jedis jedis, String field) {
        Matcher m = Pattern.compile(field + ":(\\d+)").matcher(jedis.info("stats"));
        assertTrue(m.find(), field);
        return Long.parseLong(m.group(1));
    }

    /** Checks that leaves come as name, value pairs of {@code expected}. */
    private static final class Pairs implements Consumer<String> {
        private final Map<String, String> expected;
        private String name;
        long count;

        Pairs(Map<String, String> expected) {
            this.expected = expected;
        }

        @Override
        public void accept(String leaf) {
            if (name == null) {
                assertTrue(expected.containsKey(leaf), "not a name: " + leaf);
                name = leaf;
            } else {
                assertEquals(expected.get(name), leaf, "value of " + name);
                name = null;
                count++;
            }
        }
    }

    /** A client reading replies element by element, without holding them. */
    private static final class Reader implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Reader() throws IOException {
            socket = new Socket("127.0.0.1", server.port());
            socket.setSoTimeout(60_000);
            in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            out = socket.getOutputStream();
        }

        @SafeVarargs
        final void send(List<String>... commands) throws IOException {
            StringBuilder request = new StringBuilder();
            for (List<String> command : commands) {
                request.append('*').append(command.size()).append("\r\n");
                for (String arg : command) {
                    request.append('$').append(arg.length()).append("\r\n").append(arg).append("\r\n");
                }
            }
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        /** Reads one reply, giving each string, number or status in it to {@code leaf}; returns how many. */
        long readLeaves(Consumer<String> leaf) throws IOException {
            String line = readRaw();
            char type = line.charAt(0);
            String rest = line.substring(1);
            switch (type) {
                case '*', '~', '>', '%' -> {
                    long count = Long.parseLong(rest) * (type == '%' ? 2 : 1);
                    long leaves = 0;
                    for (long i = 0; i < count; i++) {
                        leaves += readLeaves(leaf);
                    }
                    return leaves;
                }
                case '$' -> {
                    leaf.accept(new String(readBytes(Integer.parseInt(rest) + 2), 0, Integer.parseInt(rest),
                            StandardCharsets.UTF_8));
                    return 1;
                }
                case '+', ':', ',' -> {
                    leaf.accept(rest);
                    return 1;
                }
                default -> throw new IllegalStateException("unexpected reply line: " + line);
            }
        }

        String readLine() throws IOException {
            String line = readRaw();
            assertTrue(line.startsWith("+"), line);
            return line.substring(1);
        }

        String readLeafValue() throws IOException {
            List<String> leaves = new ArrayList<>();
            readLeaves(leaves::add);
            assertEquals(1, leaves.size(), leaves.toString());
            return leaves.getFirst();
        }

        String readRaw() throws IOException {
            StringBuilder line = new StringBuilder();
            int b;
            while ((b = in.read()) != '\r') {
                if (b < 0) {
                    throw new UncheckedIOException(new IOException("closed after " + line));
                }
                line.append((char) b);
            }
            assertEquals('\n', in.read());
            return line.toString();
        }

        byte[] readBytes(int length) throws IOException {
            byte[] bytes = in.readNBytes(length);
            assertEquals(length, bytes.length, "connection closed in a reply");
            return bytes;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
