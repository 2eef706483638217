package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plays a corpus (see {@link CorpusLine} for its syntax) in order on {@link RealRedis#shared()} and on
 * {@link TestRedactor#shared()}, each line on the connection it names, and compares every reply: byte for byte,
 * or as the line's {@link Marker}s say. Every mismatch is reported with its line number, not just the first.
 *
 * <p>Both servers start from FLUSHALL. The configuration parameters the corpus changes with CONFIG SET are put
 * back afterwards, and the servers flushed again, so the corpus may change settings and leave data freely.
 */
public final class CorpusRunner {
    private final Corpus corpus;
    private int batchSize = 1;
    private boolean keyspaceEvents;
    private boolean resettingAcl;
    private UnaryOperator<byte[][]> ourCommand = UnaryOperator.identity();

    private CorpusRunner(Corpus corpus) {
        this.corpus = corpus;
    }

    public static CorpusRunner of(String resource) {
        return new CorpusRunner(Corpus.load(resource));
    }

    /**
     * Sends consecutive lines for the same connection (not blocking, not {@code @scan}) in pipelined batches of up
     * to {@code batchSize} commands, so that commands for many partitions are in flight at once.
     */
    public CorpusRunner pipelined(int batchSize) {
        this.batchSize = batchSize;
        return this;
    }

    /**
     * Also compares the keyspace notifications each line causes (the corpus turns them on with CONFIG SET
     * notify-keyspace-events): a connection per server subscribes to every keyspace and keyevent channel, and
     * after each line the line's connection publishes an end marker. Lines run one at a time; a line's
     * connection must not be in MULTI or blocked.
     */
    public CorpusRunner comparingKeyspaceEvents() {
        this.keyspaceEvents = true;
        return this;
    }

    /**
     * Puts the ACL back on both servers after the corpus, whether its lines match or not (it may fail midway): every
     * user but the default one deleted, the default user on, without password, with all keys, channels and commands
     * and no selectors, requirepass "", the ACL log empty. Otherwise a corpus that sets a password or takes rights
     * from the default user could lock out the tests that share the servers. It is done on a connection opened as
     * the default user before the corpus runs (which stays authenticated whatever password the corpus sets, so the
     * corpus must leave the default user the right to run ACL and CONFIG). Best effort: a server that answers these
     * commands with errors (one without ACL) is left as it is.
     */
    public CorpusRunner resettingAcl() {
        this.resettingAcl = true;
        return this;
    }

    /**
     * Sends Redactor each line's command as {@code rewrite} makes it (Redis gets the line as written): to check that
     * a Redactor command answers exactly as the Redis command it stands in for (EVALASYNC for EVAL).
     */
    public CorpusRunner withOurCommands(UnaryOperator<byte[][]> rewrite) {
        this.ourCommand = rewrite;
        return this;
    }

    /** Fails, listing every mismatch, unless the corpus has {@code minimumLines} lines and all match Redis. */
    public void assertMatchesRedis(int minimumLines) {
        int lines = corpus.lines().size();
        assertTrue(lines >= minimumLines, corpus.resource() + " has only " + lines + " command lines");
        List<Mismatch> mismatches = play();
        assertTrue(mismatches.isEmpty(), mismatches.size() + " of " + lines + " lines of " + corpus.resource()
                + " differ from Redis:\n" + mismatches.stream().map(Mismatch::toString).collect(joining("\n")));
    }

    /** Plays the corpus on both servers; the lines whose replies differ, in order. */
    public List<Mismatch> play() {
        Set<String> parameters = configuredParameters();
        try (Connections redis = new Connections("redis", RealRedis.shared()::raw);
             Connections ours = new Connections("redactor", TestRedactor.shared()::raw)) {
            ConfigSnapshot redisConfig = prepare(redis, parameters);
            ConfigSnapshot ourConfig = prepare(ours, parameters);
            RawClient redisAdmin = resettingAcl ? redis.fresh() : null;
            RawClient ourAdmin = resettingAcl ? ours.fresh() : null;
            try {
                return keyspaceEvents ? playWithEvents(redis, ours) : playLines(redis, ours, null, null);
            } finally {
                resetAcl(redisAdmin);
                resetAcl(ourAdmin);
                cleanUp(redis, redisConfig);
                cleanUp(ours, ourConfig);
            }
        }
    }

    private List<Mismatch> playWithEvents(Connections redis, Connections ours) {
        try (KeyspaceEvents redisEvents = new KeyspaceEvents(redis.fresh());
             KeyspaceEvents ourEvents = new KeyspaceEvents(ours.fresh())) {
            List<Mismatch> mismatches = playLines(redis, ours, redisEvents, ourEvents);
            if (redisEvents.received() == 0) {
                throw new IllegalStateException(corpus.resource() + " caused no keyspace events on Redis: "
                        + "it should turn them on with CONFIG SET notify-keyspace-events");
            }
            return mismatches;
        }
    }

    private List<Mismatch> playLines(Connections redis, Connections ours, KeyspaceEvents redisEvents,
                                     KeyspaceEvents ourEvents) {
        List<Mismatch> mismatches = new ArrayList<>();
        List<CorpusLine> lines = corpus.lines();
        for (int from = 0; from < lines.size(); ) {
            int to = batchEnd(from);
            if (to - from > 1) {
                playBatch(lines.subList(from, to), redis, ours, mismatches);
            } else {
                CorpusLine line = lines.get(from);
                record(mismatches, line, play(line, line.argv(), redis, redisEvents),
                        play(line, ourCommand.apply(line.argv()), ours, ourEvents));
            }
            from = to;
        }
        return mismatches;
    }

    /** The reply to one line in comparable form, with the events it caused when those are compared too. */
    private static String play(CorpusLine line, byte[][] argv, Connections server, KeyspaceEvents events) {
        return onLine(line, server, connections -> {
            RawClient client = connections.get(line.connection());
            byte[][] resolved = connections.withClientIds(argv);
            String reply = switch (line.mode()) {
                case CALL -> line.markers().contains(Marker.SCAN) ? Scan.all(client, resolved)
                        : ReplyForm.of(client.call(resolved), line.markers());
                case RECEIVE -> line.markers().isEmpty() ? ReplyForm.exact(client.readReply())
                        : ReplyForm.of(client.readReply(), line.markers());
                case BLOCK -> {
                    connections.sendAndAwaitBlocked(line.connection(), resolved);
                    yield "(blocked)";
                }
            };
            return events == null || line.mode() == CorpusLine.Mode.BLOCK ? reply
                    : reply + "\n        events: " + events.after(client);
        });
    }

    private void playBatch(List<CorpusLine> batch, Connections redis, Connections ours, List<Mismatch> mismatches) {
        for (Connections server : List.of(redis, ours)) {
            RawClient client = server.get(batch.get(0).connection());
            batch.forEach(line -> client.command(
                    server.withClientIds(server == ours ? ourCommand.apply(line.argv()) : line.argv())));
        }
        for (CorpusLine line : batch) {
            Function<Connections, String> reply =
                    server -> ReplyForm.of(server.get(line.connection()).readReply(), line.markers());
            record(mismatches, line, onLine(line, redis, reply), onLine(line, ours, reply));
        }
    }

    private static void record(List<Mismatch> mismatches, CorpusLine line, String redis, String ours) {
        String difference = Differential.difference(redis, ours);
        if (difference != null) {
            mismatches.add(new Mismatch(line, difference));
        }
    }

    /** Runs a step of the line, naming the server and the line if it fails (a timeout, a closed connection). */
    private static String onLine(CorpusLine line, Connections server, Function<Connections, String> step) {
        try {
            return step.apply(server);
        } catch (RuntimeException e) {
            throw new IllegalStateException(server.server() + " failed at line " + line.number() + ": " + line.text(),
                    e);
        }
    }

    /** The end (exclusive) of the pipelined batch that starts at {@code from}: just that line if not pipelined. */
    private int batchEnd(int from) {
        List<CorpusLine> lines = corpus.lines();
        if (batchSize <= 1 || keyspaceEvents) {
            return from + 1;
        }
        int to = from;
        while (to < lines.size() && to - from < batchSize && pipelinable(lines.get(to))
                && lines.get(to).connection() == lines.get(from).connection()) {
            to++;
        }
        return Math.max(to, from + 1);
    }

    private static boolean pipelinable(CorpusLine line) {
        return line.mode() == CorpusLine.Mode.CALL && !line.markers().contains(Marker.SCAN);
    }

    /** The parameters the corpus sets with CONFIG SET, to be put back after it. */
    private Set<String> configuredParameters() {
        Set<String> names = new LinkedHashSet<>();
        for (CorpusLine line : corpus.lines()) {
            byte[][] argv = line.argv();
            if (line.command().equals("CONFIG") && argv.length > 2
                    && new String(argv[1], StandardCharsets.UTF_8).equalsIgnoreCase("SET")) {
                for (int i = 2; i < argv.length; i += 2) {
                    names.add(new String(argv[i], StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
                }
            }
        }
        return names;
    }

    private static ConfigSnapshot prepare(Connections server, Set<String> parameters) {
        try (RawClient client = server.fresh()) {
            client.call("FLUSHALL");
            return ConfigSnapshot.take(client, parameters);
        }
    }

    /** See {@link #resettingAcl()}; nothing without an admin connection. */
    private static void resetAcl(RawClient admin) {
        if (admin == null) {
            return;
        }
        try (admin) {
            byte[] users = admin.call(bytes("ACL"), bytes("USERS"));
            if (RespBytes.isAggregate(users)) {
                List<byte[]> deleted = new ArrayList<>(List.of(bytes("ACL"), bytes("DELUSER")));
                for (byte[] user : RespBytes.elements(users)) {
                    if (!RespBytes.text(user).equals("default")) {
                        deleted.add(RespBytes.bulk(user));
                    }
                }
                if (deleted.size() > 2) {
                    admin.call(deleted.toArray(new byte[0][]));
                }
            }
            admin.call("ACL", "SETUSER", "default", "on", "nopass", "allkeys", "allchannels", "allcommands",
                    "clearselectors");
            admin.call("CONFIG", "SET", "requirepass", "");
            admin.call("ACL", "LOG", "RESET");
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void cleanUp(Connections server, ConfigSnapshot config) {
        try (RawClient client = server.fresh()) {
            config.restore(client);
            client.call("FLUSHALL");
        }
    }
}
