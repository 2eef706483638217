package io.redactor.actors.command;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;

import java.nio.charset.StandardCharsets;

/** A command running in its client's context. */
public record ClientCall(CommandSpec spec, byte[][] args, ClientSession client, NodeServices node) {

    public String name() {
        return spec.fullName();
    }

    public int argc() {
        return args.length;
    }

    public byte[] arg(int index) {
        return args[index];
    }

    public String argString(int index) {
        return new String(args[index], StandardCharsets.UTF_8);
    }
}
