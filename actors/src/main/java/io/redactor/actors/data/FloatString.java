package io.redactor.actors.data;

/**
 * An immutable string that Redis stores without trying its integer encoding: INCRBYFLOAT results. "3" made by
 * INCRBYFLOAT is "embstr" in OBJECT ENCODING where "3" made by SET is "int", so the difference is kept.
 */
public record FloatString(byte[] bytes) {
}
