package io.redactor.actors.node;

import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.routing.Admission;
import io.redactor.core.reply.ErrorReply;

/**
 * Redis's {@code min-replicas-to-write}: a master refuses writes with {@code -NOREPLICAS} while fewer good replicas
 * than that are connected, checked only while {@code min-replicas-max-lag} is not 0. A Redactor node has no
 * replicas, so a {@code min-replicas-to-write} above 0 refuses every write, as on a Redis master without replicas;
 * after the refusals before it ({@code -LOADING}, {@code -MISCONF}), as Redis checks them.
 */
public final class ReplicaQuorum {
    private static final ErrorReply NOREPLICAS = new ErrorReply("NOREPLICAS Not enough good replicas to write.");
    /** Good replicas connected: none, until nodes replicate. */
    private static final int GOOD_REPLICAS = 0;

    private final RuntimeConfig config;
    private volatile boolean checked;
    private volatile boolean refusing;

    public ReplicaQuorum(RuntimeConfig config) {
        this.config = config;
        update();
        config.onChange("min-replicas-to-write", value -> update());
        config.onChange("min-replicas-max-lag", value -> update());
    }

    private void update() {
        long wanted = Long.parseLong(config.get("min-replicas-to-write"));
        checked = wanted > 0 && Long.parseLong(config.get("min-replicas-max-lag")) > 0;
        refusing = checked && GOOD_REPLICAS < wanted;
    }

    /** Whether the quorum is checked: then INFO shows the good replicas ({@code min_slaves_good_slaves}). */
    public boolean checked() {
        return checked;
    }

    public int goodReplicas() {
        return GOOD_REPLICAS;
    }

    /** {@code before}'s refusals, then this one's. */
    public Admission after(Admission before) {
        return (spec, client) -> {
            ErrorReply refused = before.refusal(spec, client);
            if (refused == null && refusing && client != null && Admission.writes(spec, client)) {
                return NOREPLICAS;
            }
            return refused;
        };
    }
}
