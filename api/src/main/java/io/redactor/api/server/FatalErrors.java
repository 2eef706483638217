package io.redactor.api.server;

/**
 * What the process does with an error no code caught. An {@link OutOfMemoryError} first frees a reserve kept for the
 * purpose, so that the message saying why the server stops can be written at all, then the process exits with status
 * {@link #OUT_OF_MEMORY_STATUS}: a server whose threads fail at random is worse than one that stops and says why.
 * Other errors are printed, as the JVM prints them, and the thread ends.
 *
 * <p>Threads of the actor system have Akka's own handler ({@code akka.jvm-exit-on-fatal-error}), which prints the
 * error and exits with status 255; the reserve freed here helps it print too. Before any of this, the heap guard
 * ({@code redactor.memory.heap-limit}) logs when the heap nears its end and refuses work, so that it rarely comes to it.
 */
final class FatalErrors implements Thread.UncaughtExceptionHandler {
    static final int OUT_OF_MEMORY_STATUS = 3;
    private static final int RESERVE_BYTES = 8 << 20;

    @SuppressWarnings("unused") // held only to be let go of
    private volatile byte[] reserve = new byte[RESERVE_BYTES];

    private FatalErrors() {
    }

    static void install() {
        Thread.setDefaultUncaughtExceptionHandler(new FatalErrors());
    }

    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        if (error instanceof OutOfMemoryError) {
            reserve = null;
            System.err.println("redactor: the JVM ran out of memory in thread \"" + thread.getName()
                    + "\"; the server exits with status " + OUT_OF_MEMORY_STATUS + " (heap: -Xmx "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB; give it more with REDACTOR_JAVA_OPTS=-Xmx...)");
            error.printStackTrace();
            System.err.flush();
            System.exit(OUT_OF_MEMORY_STATUS);
        }
        System.err.print("Exception in thread \"" + thread.getName() + "\" ");
        error.printStackTrace();
    }
}
