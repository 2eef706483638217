package io.redactor.api.rest;

/** A command's reply would make a JSON body larger than {@code redactor.http.max-reply-size}: answered 400. */
final class ReplyTooLarge extends RuntimeException {
    ReplyTooLarge(long limit) {
        super("the reply is larger than redactor.http.max-reply-size (" + limit + " bytes); the command ran: read "
                + "large values in parts (ranges, SCAN) or over RESP", null, false, false);
    }
}
