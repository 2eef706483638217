package io.redactor.api.resp;

/** What the decoder emits when the client breaks the protocol: Redis answers the error, then closes. */
record ProtocolError(String message) {
    String replyText() {
        return "ERR Protocol error: " + message;
    }
}
