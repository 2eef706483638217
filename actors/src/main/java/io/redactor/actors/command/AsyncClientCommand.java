package io.redactor.actors.command;

import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletionStage;

/** A client-context command whose reply needs other actors (for example INFO asking every partition). */
@FunctionalInterface
public interface AsyncClientCommand {
    CompletionStage<Reply> execute(ClientCall call);
}
