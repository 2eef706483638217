package io.redactor.actors.tracking;

import io.redactor.actors.client.ClientSession;
import io.redactor.core.reply.PushReply;

/** A tracking message and the client it is written to (the tracking client, or the one it redirects to). */
record Delivery(ClientSession to, PushReply message) {
    void send() {
        to.push(message);
    }
}
