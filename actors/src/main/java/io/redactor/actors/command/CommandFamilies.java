package io.redactor.actors.command;

import io.redactor.actors.command.acl.AclCommands;
import io.redactor.actors.command.bitmaps.BitmapCommands;
import io.redactor.actors.command.connection.ConnectionCommands;
import io.redactor.actors.command.geo.GeoCommands;
import io.redactor.actors.command.hashes.HashCommands;
import io.redactor.actors.command.hyperloglog.HyperLogLogCommands;
import io.redactor.actors.command.keys.KeyCommands;
import io.redactor.actors.command.latency.LatencyCommands;
import io.redactor.actors.command.lists.ListCommands;
import io.redactor.actors.command.memory.MemoryCommands;
import io.redactor.actors.command.pubsub.PubSubCommands;
import io.redactor.actors.command.scripting.ScriptingCommands;
import io.redactor.actors.command.server.ServerCommands;
import io.redactor.actors.command.sets.SetCommands;
import io.redactor.actors.command.slowlog.SlowlogCommands;
import io.redactor.actors.command.sort.SortCommands;
import io.redactor.actors.command.streams.StreamCommands;
import io.redactor.actors.command.strings.StringCommands;
import io.redactor.actors.command.transactions.TransactionCommands;
import io.redactor.actors.command.zsets.SortedSetCommands;

import java.util.ArrayList;
import java.util.List;

/** Every command family's table entries: the whole command table. */
public final class CommandFamilies {
    private CommandFamilies() {
    }

    public static List<CommandSpec> all() {
        List<CommandSpec> all = new ArrayList<>();
        all.addAll(ConnectionCommands.specs());
        all.addAll(ServerCommands.specs());
        all.addAll(StringCommands.specs());
        all.addAll(BitmapCommands.specs());
        all.addAll(KeyCommands.specs());
        all.addAll(PubSubCommands.specs());
        all.addAll(TransactionCommands.specs());
        all.addAll(SetCommands.specs());
        all.addAll(ListCommands.specs());
        all.addAll(HashCommands.specs());
        all.addAll(SortedSetCommands.specs());
        all.addAll(StreamCommands.specs());
        all.addAll(GeoCommands.specs());
        all.addAll(HyperLogLogCommands.specs());
        all.addAll(SortCommands.specs());
        all.addAll(ScriptingCommands.specs());
        all.addAll(AclCommands.specs());
        all.addAll(SlowlogCommands.specs());
        all.addAll(LatencyCommands.specs());
        all.addAll(MemoryCommands.specs());
        return all;
    }
}
