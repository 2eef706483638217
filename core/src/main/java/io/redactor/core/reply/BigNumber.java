package io.redactor.core.reply;

import java.math.BigInteger;

/** RESP3 big number ({@code (}); a bulk string in RESP2. */
public record BigNumber(BigInteger value) implements Reply {
}
