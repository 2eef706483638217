package io.redactor.actors.command;

import io.redactor.core.reply.Reply;

/** A command that runs where its data is: inside one partition, or across reserved partitions. */
@FunctionalInterface
public interface KeyCommand {
    Reply execute(KeyCall call);
}
