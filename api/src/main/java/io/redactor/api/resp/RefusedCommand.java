package io.redactor.api.resp;

import io.redactor.actors.node.HeapGuard;

/** What the decoder emits for a command it read and dropped: answered with the error, and the connection goes on. */
record RefusedCommand(String replyText) {
    static final RefusedCommand OUT_OF_MEMORY = new RefusedCommand(HeapGuard.OOM_ERROR);
}
