package io.redactor.lua;

import java.lang.ref.WeakReference;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaThread;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * A script's coroutine, its body on a virtual thread of its own: suspended, it holds no OS thread (LuaJ's LuaThread
 * starts a platform thread per coroutine, which is why {@link #resume} is done here). Control passes from resumer
 * to body and back, exactly one of the two running at a time; the status is kept in LuaJ's {@link LuaThread.State}.
 *
 * <p>Each has Globals of its own: coroutines made by different runs (a library's) may resume one another.
 */
final class ScriptCoroutine extends LuaThread {
    /** How often a suspended body checks whether its coroutine was collected (nothing can resume it any more). */
    private static final long ORPHAN_CHECK_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** The run that resumed it last: its body runs on that run's behalf. */
    volatile ScriptRun run;
    /** The value its body raised, kept as a value (a table stays a table). */
    LuaValue raised;
    /** What else ended its body, to be thrown again on the resumer's thread. */
    volatile Throwable escaped;
    private final Exchange exchange;

    ScriptCoroutine(LuaValue body) {
        super(new Globals(), body);
        this.exchange = new Exchange(state);
    }

    /** Runs the body until it yields or ends, on its own thread, this thread waiting meanwhile. */
    @Override
    public Varargs resume(Varargs args) {
        return exchange.resume(args);
    }

    /**
     * Suspends the body running on this thread until its coroutine is resumed, then runs on behalf of the resumer's
     * run; returns what the resume passed. Holds only {@code self} weakly meanwhile.
     *
     * @throws Cancelled when the coroutine was collected or ended with its script while suspended
     */
    static Varargs yield(WeakReference<ScriptCoroutine> self, Varargs values) {
        ScriptCoroutine co = self.get();
        if (co == null) {
            throw new Cancelled();
        }
        Exchange exchange = co.exchange;
        co = null;
        Varargs resumedWith = exchange.yield(values, self);
        co = self.get();
        if (co == null) {
            throw new Cancelled();
        }
        ScriptRun.setCurrent(co.run);
        return resumedWith;
    }

    /** Ends a suspended coroutine for good: its body unwinds with {@link Cancelled} without running anything more. */
    void cancel() {
        exchange.cancel();
    }

    /** Unwinds the thread of a coroutine that will never be resumed. */
    static final class Cancelled extends Error {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super("coroutine ended with its script", null, false, false);
        }
    }

    /**
     * The hand-off between resumer and body: whose turn it is, and what passes across. It does not refer to the
     * coroutine, so that a suspended body does not keep its coroutine reachable. The resumer spins a little before
     * it parks, since a body often yields at once and waking a parked thread costs tens of microseconds.
     */
    private static final class Exchange {
        private static final int RESUMER = 0;
        private static final int BODY = 1;
        private static final int SPINS = 2000;

        private final LuaThread.State state;
        private volatile int turn = RESUMER;
        private volatile boolean cancelled;
        private Thread resumer;
        private Thread body;
        /** What passes across: the resume's arguments, then the yield's or the body's results. */
        private Varargs values = LuaValue.NONE;
        /** The message of what ended the body with an error, or null. */
        private String error;

        Exchange(LuaThread.State state) {
            this.state = state;
        }

        Varargs resume(Varargs args) {
            if (state.status > STATUS_SUSPENDED) {
                return LuaValue.varargsOf(LuaValue.FALSE, LuaValue.valueOf("cannot resume "
                        + (state.status == STATUS_DEAD ? "dead" : "non-suspended") + " coroutine"));
            }
            boolean starting = state.status == STATUS_INITIAL;
            values = args;
            state.status = STATUS_RUNNING;
            resumer = Thread.currentThread();
            turn = BODY;
            if (starting) {
                body = Thread.ofVirtual().name("lua-coroutine").start(this::runBody);
            } else {
                LockSupport.unpark(body);
            }
            awaitTurn();
            Varargs out = values;
            String failure = error;
            values = LuaValue.NONE;
            error = null;
            return failure != null ? LuaValue.varargsOf(LuaValue.FALSE, LuaValue.valueOf(failure))
                    : LuaValue.varargsOf(LuaValue.TRUE, out);
        }

        /** Waits, on the resumer's thread, for the body to yield or end (a kill makes it stop at its next poll). */
        private void awaitTurn() {
            for (int i = 0; i < SPINS && turn != RESUMER; i++) {
                Thread.onSpinWait();
            }
            boolean interrupted = false;
            while (turn != RESUMER) {
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        private void runBody() {
            Varargs result = LuaValue.NONE;
            String failure = null;
            try {
                Varargs args = values;
                values = LuaValue.NONE;
                result = state.function.invoke(args);
            } catch (Cancelled e) {
                return;
            } catch (Throwable e) {
                failure = String.valueOf(e.getMessage());
            }
            values = result;
            error = failure;
            state.status = STATUS_DEAD;
            handBack();
        }

        private void handBack() {
            turn = RESUMER;
            LockSupport.unpark(resumer);
        }

        Varargs yield(Varargs out, WeakReference<ScriptCoroutine> self) {
            values = out;
            state.status = STATUS_SUSPENDED;
            handBack();
            while (turn != BODY) {
                if (cancelled) {
                    throw new Cancelled();
                }
                LockSupport.parkNanos(this, ORPHAN_CHECK_NANOS);
                if (turn != BODY && self.get() == null) {
                    state.status = STATUS_DEAD;
                    throw new Cancelled();
                }
            }
            Varargs in = values;
            values = LuaValue.NONE;
            return in;
        }

        /** Ends a suspended body: it unwinds at once without running anything more. */
        void cancel() {
            if (state.status == STATUS_SUSPENDED) {
                state.status = STATUS_DEAD;
                cancelled = true;
                LockSupport.unpark(body);
            }
        }
    }
}
