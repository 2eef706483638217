package io.redactor.api.rest;

/** A reply holds bytes that are not UTF-8 and the request asked for text: answered 406, never altered. */
final class NotText extends RuntimeException {
    NotText() {
        super("the reply holds bytes that are not UTF-8 text; ask again with ?encoding=base64", null, false, false);
    }
}
