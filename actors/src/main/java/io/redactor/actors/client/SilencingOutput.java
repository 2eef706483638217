package io.redactor.actors.client;

import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;

/** Drops the replies CLIENT REPLY OFF or SKIP silence ({@link ReplyControl}); everything else passes. */
final class SilencingOutput implements ClientPipeline.Output {
    private final ClientPipeline.Output out;
    private final ReplyControl control;

    SilencingOutput(ClientPipeline.Output out, ReplyControl control) {
        this.out = out;
        this.control = control;
    }

    /** One command's reply. */
    @Override
    public void write(Reply reply) {
        if (control.passReply()) {
            out.write(reply);
        }
    }

    /** Output that is not a command's reply (a MONITOR line). */
    void writeOther(Reply reply) {
        if (control.passOther()) {
            out.write(reply);
        }
    }

    @Override
    public void push(PushReply message) {
        out.push(message);
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void setReading(boolean reading) {
        out.setReading(reading);
    }

    @Override
    public void closeAfterFlush() {
        out.closeAfterFlush();
    }

    @Override
    public void drop() {
        out.drop();
    }
}
