package io.redactor.actors.routing;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Invocation;
import io.redactor.core.reply.ErrorReply;

/** Where one received command must go, decided by {@link CommandRouter}. */
public sealed interface Route {

    /**
     * Answered without running anything (unknown command, wrong arity). {@code spec}: the (sub)command refused, which
     * counts it among its rejected calls; null for an unknown command or subcommand, counted nowhere as in Redis.
     */
    record Rejected(ErrorReply reply, CommandSpec spec) implements Route {
        public Rejected(ErrorReply reply) {
            this(reply, null);
        }
    }

    /** Runs in the client's context. */
    record AtClient(CommandSpec spec, byte[][] args) implements Route {
    }

    /** Runs inside one partition. */
    record AtPartition(int partition, Invocation invocation) implements Route {
    }

    /** Runs with several partitions reserved ({@code partitions} ascending and distinct). */
    record AcrossPartitions(int[] partitions, Invocation invocation) implements Route {
    }
}
