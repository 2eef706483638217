package io.redactor.actors.scripts;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.RedactorVersion;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.lua.LuaEngine;
import io.redactor.lua.LuaLibrary;
import io.redactor.lua.libs.RedisLuaLibraries;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;

/**
 * The node's scripts: the Lua engine with its script cache, and the atomic scripts running now, each on a
 * virtual thread of its own (a script waiting for a partition parks without holding an OS thread). Watches
 * them for the busy threshold and kills them on request.
 */
public final class ScriptService {
    static final ErrorReply NOT_BUSY = new ErrorReply("NOTBUSY No scripts in execution right now.");
    static final ErrorReply UNKILLABLE = new ErrorReply("UNKILLABLE Sorry the script already executed write "
            + "commands against the dataset. You can either wait the script termination or kill the server in a "
            + "hard way using the SHUTDOWN NOSAVE command.");

    private final LuaEngine engine;
    private final ThreadFactory threads = Thread.ofVirtual().name("script-", 0).factory();
    private final Set<AtomicScript> running = ConcurrentHashMap.newKeySet();

    public ScriptService() {
        this.engine = new LuaEngine(libraries(), RedactorVersion.REDIS_VERSION, RedactorVersion.REDIS_VERSION_NUM);
    }

    private static List<LuaLibrary> libraries() {
        return RedisLuaLibraries.all();
    }

    public LuaEngine engine() {
        return engine;
    }

    /**
     * Starts an atomic run of {@code request}; completes with its reply. {@code given}: the keyspace of the atomic
     * work it is part of (EXEC, holding every partition), where it runs on the calling thread; null otherwise.
     */
    public CompletionStage<Reply> run(ScriptRequest request, NodeServices node, Keyspace given) {
        AtomicScript script = new AtomicScript(node, request, given);
        running.add(script);
        if (given != null) {
            try {
                script.runHere();
            } finally {
                running.remove(script);
            }
            return script.reply();
        }
        threads.newThread(() -> {
            try {
                script.runHere();
            } finally {
                running.remove(script);
            }
        }).start();
        return script.reply();
    }

    /** Marks the scripts running longer than {@code thresholdMillis} busy (the server cron calls this). */
    public void markBusy(long thresholdMillis) {
        for (AtomicScript script : running) {
            if (!script.isBusy() && script.elapsedMillis() >= thresholdMillis) {
                script.becomeBusy();
            }
        }
    }

    /**
     * SCRIPT KILL or FUNCTION KILL: stops the busy scripts of that kind that have not written. Redis has one
     * script running at most; Redactor may have several busy at once, and kills each one it may.
     */
    public Reply kill(ScriptRequest.Kind kind) {
        boolean anyBusy = false;
        boolean otherKind = false;
        boolean unkillable = false;
        boolean killed = false;
        for (AtomicScript script : running) {
            if (!script.isBusy()) {
                continue;
            }
            anyBusy = true;
            if (script.request().kind() != kind) {
                otherKind = true;
            } else if (script.isDirty()) {
                unkillable = true;
            } else {
                script.kill();
                killed = true;
            }
        }
        if (killed) {
            return SimpleString.OK;
        }
        if (!anyBusy) {
            return NOT_BUSY;
        }
        if (unkillable) {
            return UNKILLABLE;
        }
        return otherKind && kind == ScriptRequest.Kind.SCRIPT ? AtomicScript.BUSY_FUNCTION : AtomicScript.BUSY_SCRIPT;
    }

    /** Atomic scripts running now. */
    public int runningCount() {
        return running.size();
    }
}
