package io.redactor.actors.command.latency;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.actors.latency.LatencyDoctor;
import io.redactor.actors.latency.LatencyGraph;
import io.redactor.actors.latency.LatencyMonitor;
import io.redactor.actors.latency.LatencySeries;
import io.redactor.actors.node.CommandStatistics;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.VerbatimString;
import org.HdrHistogram.Histogram;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * LATENCY LATEST, HISTORY, GRAPH, DOCTOR, RESET (the node's {@link LatencyMonitor}), HISTOGRAM (the commands' latency
 * histograms kept for {@code latency-tracking}) and HELP, as Redis 7.0 answers them.
 */
public final class LatencyCommands {
    private static final String[] SPECIAL = {"nondeterministic_output", "request_policy:all_nodes",
            "response_policy:special"};

    private LatencyCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(command("latency", -2).doc(LatencyDocs.LATENCY).subcommands(
                subcommand("doctor", 2).tips(SPECIAL).doc(LatencyDocs.DOCTOR).runsAtClient(LatencyCommands::doctor),
                subcommand("graph", 3).tips(SPECIAL).doc(LatencyDocs.GRAPH).runsAtClient(LatencyCommands::graph),
                command("help", 2).flags(LOADING, STALE).doc(LatencyDocs.HELP).runsAtClient(LatencyCommands::help),
                subcommand("histogram", -2).tips(SPECIAL).doc(LatencyDocs.HISTOGRAM)
                        .runsAtClient(LatencyCommands::histogram),
                subcommand("history", 3).tips(SPECIAL).doc(LatencyDocs.HISTORY)
                        .runsAtClient(LatencyCommands::history),
                subcommand("latest", 2).tips(SPECIAL).doc(LatencyDocs.LATEST).runsAtClient(LatencyCommands::latest),
                subcommand("reset", -2).tips("request_policy:all_nodes", "response_policy:all_succeeded")
                        .doc(LatencyDocs.RESET).runsAtClient(LatencyCommands::reset)).build());
    }

    private static CommandSpec.Builder subcommand(String name, int arity) {
        return command(name, arity).flags(ADMIN, NOSCRIPT, LOADING, STALE);
    }

    private static LatencyMonitor monitor(ClientCall call) {
        return call.node().server().latencyMonitor();
    }

    private static long now() {
        return System.currentTimeMillis() / 1000;
    }

    static Reply latest(ClientCall call) {
        List<Reply> events = new ArrayList<>();
        for (LatencyMonitor.Event event : monitor(call).events()) {
            LatencySeries.Sample latest = event.series().latest();
            events.add(ArrayReply.of(BulkString.of(event.name()),
                    IntegerReply.of(latest == null ? 0 : latest.unixSeconds()),
                    IntegerReply.of(latest == null ? 0 : latest.millis()),
                    IntegerReply.of(event.series().allTimeHigh())));
        }
        return new ArrayReply(events);
    }

    static Reply history(ClientCall call) {
        LatencySeries series = monitor(call).series(Arguments.text(call.arg(2)));
        List<Reply> samples = new ArrayList<>();
        if (series != null) {
            for (LatencySeries.Sample sample : series.samples()) {
                samples.add(ArrayReply.of(IntegerReply.of(sample.unixSeconds()), IntegerReply.of(sample.millis())));
            }
        }
        return new ArrayReply(samples);
    }

    static Reply graph(ClientCall call) {
        String event = Arguments.text(call.arg(2));
        LatencySeries series = monitor(call).series(event);
        if (series == null) {
            return Errors.err("No samples available for event '" + event + "'");
        }
        return verbatim(LatencyGraph.render(event, series, now()));
    }

    static Reply doctor(ClientCall call) {
        return verbatim(LatencyDoctor.report(monitor(call), call.node().server().config(), now()));
    }

    static Reply reset(ClientCall call) {
        if (call.argc() == 2) {
            return IntegerReply.of(monitor(call).reset(null));
        }
        long resets = 0;
        for (int i = 2; i < call.argc(); i++) {
            resets += monitor(call).reset(Arguments.text(call.arg(i)));
        }
        return IntegerReply.of(resets);
    }

    /**
     * With no argument, every command with a histogram; otherwise, for each name given (a command, or
     * {@code container|subcommand}; unknown names skipped), its histogram and those of its subcommands.
     */
    static Reply histogram(ClientCall call) {
        CommandStatistics stats = call.node().server().commandStats();
        List<Reply> map = new ArrayList<>();
        if (call.argc() == 2) {
            for (String name : stats.namesWithLatencyHistogram()) {
                add(map, name, stats.latencyHistogram(name));
            }
            return new MapReply(map);
        }
        for (int i = 2; i < call.argc(); i++) {
            CommandSpec spec = byFullName(call, call.arg(i));
            if (spec == null) {
                continue;
            }
            add(map, spec.fullName(), stats.latencyHistogram(spec.fullName()));
            for (CommandSpec sub : spec.subcommands().values()) {
                add(map, sub.fullName(), stats.latencyHistogram(sub.fullName()));
            }
        }
        return new MapReply(map);
    }

    private static void add(List<Reply> map, String name, Histogram histogram) {
        if (histogram != null) {
            map.add(BulkString.of(name));
            map.add(LatencyHistogramReply.of(histogram));
        }
    }

    private static CommandSpec byFullName(ClientCall call, byte[] name) {
        String text = Arguments.text(name).toLowerCase(Locale.ROOT);
        int bar = text.indexOf('|');
        if (bar < 0) {
            return call.node().router().table().lookup(text);
        }
        CommandSpec container = call.node().router().table().lookup(text.substring(0, bar));
        return container == null ? null : container.subcommand(text.substring(bar + 1));
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "DOCTOR",
                "    Return a human readable latency analysis report.",
                "GRAPH <event>",
                "    Return an ASCII latency graph for the <event> class.",
                "HISTORY <event>",
                "    Return time-latency samples for the <event> class.",
                "LATEST",
                "    Return the latest latency samples for all events.",
                "RESET [<event> ...]",
                "    Reset latency data of one or more <event> classes.",
                "    (default: reset all data for all event classes)",
                "HISTOGRAM [COMMAND ...]",
                "    Return a cumulative distribution of latencies in the format of a histogram for the specified "
                        + "command names.",
                "    If no commands are specified then all histograms are replied.");
    }

    private static Reply verbatim(String text) {
        return new VerbatimString("txt", text.getBytes(StandardCharsets.UTF_8));
    }
}
