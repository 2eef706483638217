package io.redactor.actors.data;

/**
 * A value that clients can block on (lists for BLPOP and friends, sorted sets for BZPOPMIN and friends): when a
 * key gets such a value, clients blocked on that key are served after the command.
 */
public interface BlockableValue extends DataValue {
}
