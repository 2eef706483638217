package io.redactor.actors.command.scripting;

import io.redactor.actors.command.AsyncClientCommand;
import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyPositions;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ALLOW_BUSY;
import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.MOVABLE_KEYS;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.NO_MANDATORY_KEYS;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.SKIP_MONITOR;
import static io.redactor.actors.command.CommandFlag.MAY_REPLICATE;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * The scripting commands' table entries: EVAL, EVALSHA, EVAL_RO, EVALSHA_RO, SCRIPT, FCALL, FCALL_RO, FUNCTION, and
 * Redactor's EVALASYNC, EVALSHAASYNC, FCALLASYNC.
 */
public final class ScriptingCommands {
    private static final String WORST_RW = "We cannot tell how the keys will be used so we assume the worst, RW and UPDATE";
    private static final String WORST_RO = "We cannot tell how the keys will be used so we assume the worst, RO and ACCESS";

    private ScriptingCommands() {
    }

    /** The keys counted by numkeys (argument 2), from argument 3 on. */
    static KeySpec declaredKeys(String notes, String... flags) {
        return new KeySpec(notes, List.of(flags), new KeySpec.Index(2), new KeySpec.KeyNum(0, 1, 1));
    }

    /**
     * EVAL, FCALL and their variants: the script or function, numkeys, the keys, the arguments. Redis notes its
     * pessimistic key flags on some of them ({@code notes}).
     */
    private static CommandSpec caller(String name, boolean readOnly, boolean notes, CommandDoc doc,
                                      AsyncClientCommand handler) {
        return callerEntry(name, readOnly, notes).doc(doc).runsAtClientAsync(handler).build();
    }

    /** EVALASYNC and the like: EVAL's arguments, flags and key specs, under Redactor's own name and docs. */
    private static CommandSpec asyncCaller(String name, CommandDoc doc, AsyncClientCommand handler) {
        return callerEntry(name, false, true).extension().doc(doc).runsAtClientAsync(handler).build();
    }

    private static CommandSpec.Builder callerEntry(String name, boolean readOnly, boolean notes) {
        CommandSpec.Builder builder = command(name, -3).acl("scripting").keys(0, 0, 0, KeyPositions.numkeys(2, 3));
        if (readOnly) {
            return builder.flags(READONLY, NOSCRIPT, STALE, SKIP_MONITOR, NO_MANDATORY_KEYS, MOVABLE_KEYS)
                    .keySpecs(declaredKeys(notes ? WORST_RO : null, "RO", "access"));
        }
        return builder.flags(NOSCRIPT, STALE, SKIP_MONITOR, MAY_REPLICATE, NO_MANDATORY_KEYS, MOVABLE_KEYS)
                .keySpecs(declaredKeys(notes ? WORST_RW : null, "RW", "access", "update"));
    }

    public static List<CommandSpec> specs() {
        return List.of(
                caller("eval", false, true, ScriptingDocs.EVAL, EvalCommands::eval),
                caller("evalsha", false, false, ScriptingDocs.EVALSHA, EvalCommands::evalsha),
                caller("eval_ro", true, true, ScriptingDocs.EVAL_RO, EvalCommands::evalReadOnly),
                caller("evalsha_ro", true, false, ScriptingDocs.EVALSHA_RO, EvalCommands::evalshaReadOnly),
                asyncCaller("evalasync", AsyncScriptingDocs.EVALASYNC, EvalCommands::evalAsync),
                asyncCaller("evalshaasync", AsyncScriptingDocs.EVALSHAASYNC, EvalCommands::evalshaAsync),
                asyncCaller("fcallasync", AsyncScriptingDocs.FCALLASYNC, FunctionCommands::fcallAsync),
                command("script", -2).doc(ScriptingDocs.SCRIPT).subcommands(
                        command("flush", -2).flags(NOSCRIPT).acl("scripting")
                                .tips("request_policy:all_nodes", "response_policy:all_succeeded")
                                .doc(ScriptingDocs.SCRIPT_FLUSH).runsAtClient(ScriptCacheCommands::flush),
                        command("exists", -3).flags(NOSCRIPT).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:agg_logical_and")
                                .doc(ScriptingDocs.SCRIPT_EXISTS).runsAtClient(ScriptCacheCommands::exists),
                        command("help", 2).flags(LOADING, STALE).acl("scripting")
                                .doc(ScriptingDocs.SCRIPT_HELP).runsAtClient(ScriptCacheCommands::help),
                        command("load", 3).flags(NOSCRIPT, STALE).acl("scripting")
                                .tips("request_policy:all_nodes", "response_policy:all_succeeded")
                                .doc(ScriptingDocs.SCRIPT_LOAD).runsAtClientAsync(ScriptCacheCommands::load),
                        command("kill", 2).flags(NOSCRIPT, ALLOW_BUSY).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:one_succeeded")
                                .doc(ScriptingDocs.SCRIPT_KILL).runsAtClient(ScriptCacheCommands::kill),
                        command("async", -3).flags(NOSCRIPT, ALLOW_BUSY).acl("scripting").extension()
                                .tips("nondeterministic_output")
                                .doc(AsyncScriptingDocs.SCRIPT_ASYNC).runsAtClient(AsyncScriptCommands::async),
                        command("subscriptions", 2).flags(NOSCRIPT, ALLOW_BUSY).acl("scripting").extension()
                                .tips("nondeterministic_output").doc(AsyncScriptingDocs.SCRIPT_SUBSCRIPTIONS)
                                .runsAtClient(call -> call.node().scripts().subscriptionList())).build(),
                caller("fcall", false, true, ScriptingDocs.FCALL, FunctionCommands::fcall),
                caller("fcall_ro", true, true, ScriptingDocs.FCALL_RO, FunctionCommands::fcallReadOnly),
                command("function", -2).doc(ScriptingDocs.FUNCTION).subcommands(
                        command("restore", -3).flags(WRITE, DENYOOM, NOSCRIPT).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:all_succeeded")
                                .doc(ScriptingDocs.FUNCTION_RESTORE).runsAtClientAsync(FunctionCommands::restore),
                        command("flush", -2).flags(WRITE, NOSCRIPT).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:all_succeeded")
                                .doc(ScriptingDocs.FUNCTION_FLUSH).runsAtClient(FunctionCommands::flush),
                        command("load", -3).flags(WRITE, DENYOOM, NOSCRIPT).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:all_succeeded")
                                .doc(ScriptingDocs.FUNCTION_LOAD).runsAtClientAsync(FunctionCommands::load),
                        command("kill", 2).flags(NOSCRIPT, ALLOW_BUSY).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:one_succeeded")
                                .doc(ScriptingDocs.FUNCTION_KILL).runsAtClient(FunctionCommands::kill),
                        command("delete", 3).flags(WRITE, NOSCRIPT).acl("scripting")
                                .tips("request_policy:all_shards", "response_policy:all_succeeded")
                                .doc(ScriptingDocs.FUNCTION_DELETE).runsAtClient(FunctionCommands::delete),
                        command("dump", 2).flags(NOSCRIPT).acl("scripting")
                                .doc(ScriptingDocs.FUNCTION_DUMP).runsAtClient(FunctionCommands::dump),
                        command("list", -2).flags(NOSCRIPT).acl("scripting").tips("nondeterministic_output_order")
                                .doc(ScriptingDocs.FUNCTION_LIST).runsAtClient(FunctionCommands::list),
                        command("stats", 2).flags(NOSCRIPT, ALLOW_BUSY).acl("scripting")
                                .tips("nondeterministic_output", "request_policy:all_shards", "response_policy:special")
                                .doc(ScriptingDocs.FUNCTION_STATS).runsAtClient(FunctionCommands::stats),
                        command("help", 2).flags(LOADING, STALE).acl("scripting")
                                .doc(ScriptingDocs.FUNCTION_HELP).runsAtClient(FunctionCommands::help)).build());
    }
}
