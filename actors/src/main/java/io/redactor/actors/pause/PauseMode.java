package io.redactor.actors.pause;

/** What CLIENT PAUSE holds, from the least to the most restrictive (Redis's pause types). */
public enum PauseMode {
    OFF,
    /** Commands that may write or replicate, and key expiry. */
    WRITE,
    /** Every command of every client but monitors. */
    ALL
}
