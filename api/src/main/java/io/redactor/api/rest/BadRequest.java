package io.redactor.api.rest;

/** Input the routes refuse with 400 and this message as the problem's detail. */
final class BadRequest extends RuntimeException {
    BadRequest(String message) {
        super(message, null, false, false);
    }
}
