package io.redactor.actors.routing;

import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandTable;
import io.redactor.core.keys.PartitionMap;
import io.redactor.core.reply.ErrorReply;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class CommandRouterTest {
    private final PartitionMap partitions = new PartitionMap(16);
    private final CommandRouter router = new CommandRouter(new CommandTable(CommandFamilies.all()), partitions);

    private Route route(String... args) {
        return router.route(Arrays.stream(args).map(a -> a.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new), 0, null);
    }

    private int partitionOf(String key) {
        return partitions.partitionOf(key.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aSingleKeyCommandGoesToTheKeysPartitionWhateverTheLetterCase() {
        Route.AtPartition route = assertInstanceOf(Route.AtPartition.class, route("gEt", "user:1"));
        assertEquals(partitionOf("user:1"), route.partition());
        assertEquals("get", route.invocation().spec().fullName());
    }

    @Test
    void keysSharingAHashTagStayInOnePartition() {
        Route.AtPartition route = assertInstanceOf(Route.AtPartition.class,
                route("MSET", "{user:1}:name", "a", "{user:1}:mail", "b"));
        assertEquals(partitionOf("user:1"), route.partition());
    }

    @Test
    void keysInSeveralPartitionsReserveThemInAscendingOrder() {
        String[] keys = {"a", "b", "c", "d", "e", "f", "g", "h"};
        Route.AcrossPartitions route = assertInstanceOf(Route.AcrossPartitions.class,
                route("DEL", "a", "b", "c", "d", "e", "f", "g", "h"));
        int[] expected = Arrays.stream(keys).mapToInt(this::partitionOf).sorted().distinct().toArray();
        assertArrayEquals(expected, route.partitions());
    }

    @Test
    void keyspaceWideCommandsReserveEveryPartition() {
        Route.AcrossPartitions route = assertInstanceOf(Route.AcrossPartitions.class, route("FLUSHDB"));
        assertEquals(16, route.partitions().length);
    }

    @Test
    void sortGoesToItsKeysUnlessAPatternNamesKeysFromItsElements() {
        assertEquals(partitionOf("list"), assertInstanceOf(Route.AtPartition.class,
                route("SORT", "list", "BY", "nosort", "GET", "#", "LIMIT", "0", "1")).partition());
        int[] withStore = Arrays.stream(new String[] {"list", "dst"}).mapToInt(this::partitionOf).sorted().toArray();
        assertArrayEquals(withStore, assertInstanceOf(Route.AcrossPartitions.class,
                route("SORT", "list", "STORE", "dst")).partitions());
        assertEquals(16, assertInstanceOf(Route.AcrossPartitions.class,
                route("SORT", "list", "BY", "weight_*")).partitions().length);
        assertEquals(16, assertInstanceOf(Route.AcrossPartitions.class,
                route("SORT_RO", "list", "GET", "user:*->name")).partitions().length);
    }

    @Test
    void scanGoesWhereItsCursorPoints() {
        assertEquals(0, assertInstanceOf(Route.AtPartition.class, route("SCAN", "0")).partition());
        assertEquals(5, assertInstanceOf(Route.AtPartition.class, route("SCAN", "5")).partition());
        assertEquals(3, assertInstanceOf(Route.AtPartition.class, route("SCAN", Long.toString((7L << 4) | 3))).partition());
        assertEquals(0, assertInstanceOf(Route.AtPartition.class, route("SCAN", "not-a-cursor")).partition());
    }

    @Test
    void connectionAndServerCommandsRunAtTheClient() {
        assertInstanceOf(Route.AtClient.class, route("PING"));
        assertEquals("config|get", assertInstanceOf(Route.AtClient.class, route("config", "GET", "maxclients")).spec().fullName());
    }

    @Test
    void rejectsUnknownCommandsWithRedisText() {
        assertEquals(new ErrorReply("ERR unknown command 'foo', with args beginning with: 'a' 'b  c' "),
                assertInstanceOf(Route.Rejected.class, route("foo", "a", "b\r\nc")).reply());
        String longArg = "x".repeat(200);
        assertEquals(new ErrorReply("ERR unknown command 'foo', with args beginning with: '" + "x".repeat(128) + "' "),
                assertInstanceOf(Route.Rejected.class, route("foo", longArg, "ignored")).reply());
    }

    @Test
    void rejectsWrongArityAndUnknownSubcommands() {
        assertEquals(new ErrorReply("ERR wrong number of arguments for 'get' command"),
                assertInstanceOf(Route.Rejected.class, route("GET")).reply());
        assertEquals(new ErrorReply("ERR wrong number of arguments for 'config|get' command"),
                assertInstanceOf(Route.Rejected.class, route("CONFIG", "get")).reply());
        assertEquals(new ErrorReply("ERR unknown subcommand 'Nope'. Try CLIENT HELP."),
                assertInstanceOf(Route.Rejected.class, route("client", "Nope")).reply());
    }
}
