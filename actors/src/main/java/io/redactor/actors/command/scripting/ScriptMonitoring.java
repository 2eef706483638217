package io.redactor.actors.command.scripting;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.monitor.Monitors;

/**
 * EVAL, EVALSHA and FCALL (and their read-only and asynchronous forms) show themselves to MONITOR when they start, so
 * that the commands their script runs come after them, as in Redis; the command table keeps them from being shown
 * again once they end (skip_monitor).
 */
final class ScriptMonitoring {
    private ScriptMonitoring() {
    }

    static void starting(ClientCall call) {
        Monitors monitors = call.node().server().monitors();
        if (monitors.active() && call.client() != null) {
            monitors.feed(call.spec().fullName(), call.args(), call.client().db(), call.client(), false);
        }
    }
}
