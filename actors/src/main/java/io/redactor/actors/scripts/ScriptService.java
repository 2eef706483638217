package io.redactor.actors.scripts;

import io.redactor.actors.data.Keyspace;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.RateMeter;
import io.redactor.actors.node.RedactorVersion;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.actors.pubsub.PubSub;
import io.redactor.lua.CompiledScript;
import io.redactor.lua.LuaEngine;
import io.redactor.lua.LuaLibrary;
import io.redactor.lua.RedisErrorReply;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptRun;
import io.redactor.lua.functions.FunctionRegistry;
import io.redactor.lua.functions.RestorePolicy;
import org.luaj.vm2.LuaValue;
import io.redactor.lua.libs.RedisLuaLibraries;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.function.Predicate;

/**
 * The node's scripts: the Lua engine with its script cache and function registry, and the atomic scripts running
 * now, each on a thread of its own unless it is straight-line code (see {@link AtomicScript}). Watches them for
 * the busy threshold and kills them on request.
 */
public final class ScriptService {
    static final ErrorReply NOT_BUSY = new ErrorReply("NOTBUSY No scripts in execution right now.");
    static final ErrorReply UNKILLABLE = new ErrorReply("UNKILLABLE Sorry the script already executed write "
            + "commands against the dataset. You can either wait the script termination or kill the server in a "
            + "hard way using the SHUTDOWN NOSAVE command.");

    private static final org.slf4j.Logger SCRIPT_LOG = org.slf4j.LoggerFactory.getLogger("io.redactor.scripts");
    /** What library code sees of the server while it loads: only redis.log. */
    private static final ScriptContext LOADING = new ScriptContext() {
        @Override
        public LuaValue call(byte[][] command, ScriptRun run) {
            return RedisErrorReply.of("ERR This Redis command is not allowed from script");
        }

        @Override
        public void log(int level, String message) {
            ScriptService.log(level, message);
        }
    };

    private final LuaEngine engine;
    private final FunctionRegistry functions;
    /**
     * One lock per library: a library's functions share the state its code made when it loaded (upvalues, tables),
     * which is not thread-safe, so calls of one library run one at a time. Taken before any partition.
     */
    private final ConcurrentHashMap<String, ReentrantLock> libraryLocks = new ConcurrentHashMap<>();
    /**
     * Platform threads, reused: a running script yields the CPU to the event loops now and then, which only an OS
     * thread can do (a virtual thread yields to other virtual threads). Unbounded, because a script may wait for
     * partitions that scripts still queued for a thread would hold.
     */
    private final ExecutorService threads;
    private final Set<AtomicScript> running = ConcurrentHashMap.newKeySet();
    /** The BUSY error of a busy script that holds the whole server ({@link AtomicScript#holdsEverything}), else null. */
    private volatile ErrorReply busyEverywhere;
    /** Scripts (by SHA or function name) seen using keys they did not declare. */
    private final Set<String> undeclaredKeyUsers = ConcurrentHashMap.newKeySet();
    /** Scripts seen running to their end within their declared keys: candidates to run inline. */
    private final Set<String> cleanRunners = ConcurrentHashMap.newKeySet();
    /** Scripts that polled: they did long work (large strings, code made at run time) and never run inline. */
    private final Set<String> longRunners = ConcurrentHashMap.newKeySet();

    private final AsyncScripts async;
    private final RateMeter asyncCallRate = new RateMeter();
    private final ScriptSubscriptions subscriptions;
    private final ScriptSettings settings;
    private final ScriptLoader loader = new ScriptLoader();

    public ScriptService(ScriptSettings settings, PubSub pubsub) {
        this.engine = new LuaEngine(libraries(), RedactorVersion.REDIS_VERSION, RedactorVersion.REDIS_VERSION_NUM);
        this.functions = new FunctionRegistry(engine);
        this.settings = settings;
        this.threads = Executors.newCachedThreadPool(new ScriptCpuPriority(settings.nice())
                .lowering(Thread.ofPlatform().name("script-", 0).daemon().factory()));
        this.async = new AsyncScripts(settings, AsyncScriptCarriers.lowered(settings.asyncNice()),
                AsyncScriptCarriers.shared());
        this.subscriptions = new ScriptSubscriptions(pubsub);
        engine.limitMemory(settings.maxMemory(), bytes -> true);
    }

    /** Scripts get Lua's memory error for a large value when {@code heapAdmits} says the heap cannot take it. */
    public void guardMemory(java.util.function.LongPredicate heapAdmits) {
        engine.limitMemory(settings.maxMemory(), heapAdmits);
    }

    /** redis.log of scripts and libraries, at the matching log level. */
    static void log(int level, String message) {
        switch (level) {
            case 0 -> SCRIPT_LOG.debug(message);
            case 1, 2 -> SCRIPT_LOG.info(message);
            default -> SCRIPT_LOG.warn(message);
        }
    }

    public FunctionRegistry functions() {
        return functions;
    }

    /** FUNCTION LOAD on the calling thread (loading an RDB file): returns the library's name. */
    public String loadLibrary(byte[] code, boolean replace) {
        return functions.load(code, replace, LOADING, FunctionRegistry.LOAD_TIMEOUT_MILLIS);
    }

    /** FUNCTION RESTORE on the calling thread. */
    public void restoreLibraries(byte[] payload, RestorePolicy policy) {
        functions.restore(payload, policy, LOADING);
    }

    /**
     * Work on a library (FUNCTION LOAD, RESTORE) on the loader thread, off the event loops and partitions; or on the
     * calling thread when {@code here} (inside EXEC, which holds every partition: nothing could run meanwhile).
     * Completes with what {@code work} returns, or fails with what it throws.
     */
    public <T> CompletionStage<T> loading(Supplier<T> work, boolean here) {
        if (here) {
            try {
                return CompletableFuture.completedFuture(work.get());
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return loader.supply(work);
    }

    /**
     * The compiled script of an EVAL or SCRIPT LOAD body, compiled on first sight: on the calling thread when that is
     * quick or {@code here} (see {@link #loading}), on the loader thread when the body is long and not cached yet, or
     * so long that even its SHA1 takes a while. Fails with {@link io.redactor.lua.ScriptCompileError}.
     */
    public CompletionStage<CompiledScript> script(byte[] body, boolean here) {
        if (!here && body.length >= ScriptLoader.LARGE_BODY) {
            CompiledScript cached = body.length < ScriptLoader.HUGE_BODY ? engine.cached(body) : null;
            return cached != null ? CompletableFuture.completedFuture(cached) : loader.supply(() -> engine.compile(body));
        }
        return loading(() -> engine.compile(body), true);
    }

    /** The lock that serializes calls of one library's functions. */
    Lock libraryLock(String library) {
        return libraryLocks.computeIfAbsent(library, name -> new ReentrantLock());
    }

    /**
     * FUNCTION STATS' running_script: the function running longest (name, command, duration_ms), or null.
     */
    public Reply runningFunction() {
        AtomicScript oldest = null;
        for (AtomicScript script : running) {
            if (script.request().kind() == ScriptRequest.Kind.FUNCTION
                    && (oldest == null || script.elapsedMillis() > oldest.elapsedMillis())) {
                oldest = script;
            }
        }
        if (oldest == null) {
            return NullReply.NULL_BULK;
        }
        ScriptRequest request = oldest.request();
        List<Reply> command = new ArrayList<>();
        request.command().forEach(arg -> command.add(new BulkString(arg)));
        return new MapReply(List.of(BulkString.of("name"), BulkString.of(request.name()),
                BulkString.of("command"), new ArrayReply(command),
                BulkString.of("duration_ms"), IntegerReply.of(oldest.elapsedMillis())));
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
        AtomicScript script = new AtomicScript(this, node, request, given);
        running.add(script);
        if (given != null) {
            try {
                script.runInside();
            } finally {
                ended(script);
            }
            return script.reply();
        }
        script.start(threads, exclusiveLock(request), () -> ended(script));
        return script.reply();
    }

    private void ended(AtomicScript script) {
        if (running.remove(script) && script.isBusy()) {
            updateBusyEverywhere();
        }
    }

    /**
     * Starts an async run of {@code request} (EVALASYNC and its variants); completes with its reply, or at once with
     * a BUSY error when too many async scripts run and wait already.
     */
    public CompletionStage<Reply> runAsync(ScriptRequest request, NodeServices node) {
        return async.submit(request, node, exclusiveLock(request), AsyncScripts.Caller.CLIENT);
    }

    private Lock exclusiveLock(ScriptRequest request) {
        return request.kind() == ScriptRequest.Kind.FUNCTION ? libraryLock(request.library()) : null;
    }

    /** SCRIPT ASYNC LIST. */
    public Reply asyncList() {
        return async.list();
    }

    /** SCRIPT ASYNC KILL. */
    public Reply asyncKill(long id) {
        return async.kill(id);
    }

    /**
     * SSUBSCRIBE: the loaded script runs for each message published on {@code channels}, up to {@code parallelism}
     * messages of a channel at once (1: one after the other, in order).
     */
    public void subscribe(CompiledScript script, List<byte[]> channels, int parallelism, ClientSession caller,
                          NodeServices node) {
        subscriptions.subscribe(script, channels, parallelism, caller, node, async, settings.subscriptionBacklog());
    }

    /** SUNSUBSCRIBE: returns how many subscriptions of the script were removed (all of them when none named). */
    public int unsubscribe(String sha, List<byte[]> channels) {
        return subscriptions.unsubscribe(sha, channels);
    }

    /** SCRIPT SUBSCRIPTIONS. */
    public Reply subscriptionList() {
        return subscriptions.list();
    }

    /** INFO's scripts section. */
    public Map<String, Object> info() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("atomic_scripts_running", running.size());
        async.info(fields, Math.round(asyncCallRate.rate()));
        fields.put("script_subscriptions", subscriptions.count());
        fields.put("script_subscription_messages_waiting", subscriptions.waiting());
        return fields;
    }

    /** SCRIPT FLUSH: forgets every cached script, what was learnt about them, and their subscriptions. */
    public void flush() {
        engine.flush();
        subscriptions.clear();
        undeclaredKeyUsers.clear();
        cleanRunners.clear();
        longRunners.clear();
    }

    boolean ranClean(String name) {
        return cleanRunners.contains(name) && !undeclaredKeyUsers.contains(name) && !longRunners.contains(name);
    }

    void noteLong(String name) {
        longRunners.add(name);
    }

    void noteClean(String name) {
        cleanRunners.add(name);
    }

    boolean usesUndeclaredKeys(String name) {
        return undeclaredKeyUsers.contains(name);
    }

    void noteUndeclaredKeys(String name) {
        undeclaredKeyUsers.add(name);
    }

    /**
     * The server cron's work: marks atomic scripts running longer than {@code busyThresholdMillis} busy, stops async
     * scripts past their time limit, samples the async call rate.
     */
    public void cron(long nowMillis, long busyThresholdMillis) {
        markBusy(busyThresholdMillis);
        async.enforceTimeLimit();
        asyncCallRate.sample(nowMillis, async.totalCalls());
    }

    private void markBusy(long thresholdMillis) {
        boolean anyBusy = false;
        for (AtomicScript script : running) {
            if (!script.isBusy() && script.elapsedMillis() >= thresholdMillis) {
                script.becomeBusy();
            }
            anyBusy |= script.isBusy();
        }
        // also after a busy script took more partitions: it may hold all of them now
        if (anyBusy || busyEverywhere != null) {
            updateBusyEverywhere();
        }
    }

    /**
     * Synchronized so that the last update written is one made after the last change of the running scripts (a
     * script ending on its thread, the cron marking one busy).
     */
    private synchronized void updateBusyEverywhere() {
        AtomicScript longest = null;
        for (AtomicScript script : running) {
            if (script.isBusy() && script.holdsEverything()
                    && (longest == null || script.elapsedMillis() > longest.elapsedMillis())) {
                longest = script;
            }
        }
        busyEverywhere = longest == null ? null : longest.busyReply();
    }

    /**
     * What every client's command answers while an atomic script that holds the whole server is busy (Redis's BUSY
     * while a script is timed out), unless Redis lets it through then (flag allow_busy); null when none is busy.
     * A script holding some partitions makes only those answer BUSY.
     */
    public ErrorReply busyEverywhere() {
        return busyEverywhere;
    }

    /** The BUSY error of a busy EVAL (not a function) that holds the whole server, else null: FUNCTION STATS'. */
    public ErrorReply evalBusyEverywhere() {
        ErrorReply busy = busyEverywhere;
        return busy == AtomicScript.BUSY_SCRIPT ? busy : null;
    }

    /** Runs {@code task} on a thread of the atomic scripts' (a transaction with a script in it). */
    public void runAtomic(Runnable task) {
        threads.execute(task);
    }

    /** The BUSY error of {@code client}'s atomic script if it is busy (a script inside its EXEC), else null. */
    public ErrorReply busyReplyOf(ClientSession client) {
        return firstBusy(script -> script.request().client() == client);
    }

    /** The BUSY error of any busy atomic script, whatever it holds; null when none is busy. */
    public ErrorReply anyBusy() {
        return firstBusy(script -> true);
    }

    private ErrorReply firstBusy(Predicate<AtomicScript> which) {
        for (AtomicScript script : running) {
            ErrorReply reply = which.test(script) ? script.busyReply() : null;
            if (reply != null) {
                return reply;
            }
        }
        return null;
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
            if (script.isDirty()) {
                // Redis's order: a script that wrote is UNKILLABLE whichever command tries to kill it
                unkillable = true;
            } else if (script.request().kind() != kind) {
                otherKind = true;
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

    /** The node is going down: every running script stops (at its next poll), written or not, unanswered. */
    public void stopAll() {
        running.forEach(AtomicScript::abandon);
        async.stopAll();
    }

    /** Atomic scripts running now. */
    public int runningCount() {
        return running.size();
    }
}
