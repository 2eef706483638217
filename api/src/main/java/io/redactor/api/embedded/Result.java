package io.redactor.api.embedded;

/** The typed outcome of a {@link RedactorProtocol.Call}: a value, or the Redis error that the command got. */
public sealed interface Result<R> {
    record Ok<R>(R value) implements Result<R> {
    }

    record Failed<R>(RedactorException error) implements Result<R> {
    }

    /** The value, or throws the command's error. */
    default R get() {
        return switch (this) {
            case Ok<R> ok -> ok.value();
            case Failed<R> failed -> throw failed.error();
        };
    }
}
