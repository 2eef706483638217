package io.redactor.testing.corpus;

/** A corpus line whose replies (or keyspace events) differ; {@code difference} shows both sides. */
public record Mismatch(CorpusLine line, String difference) {
    @Override
    public String toString() {
        return "line " + line.number() + ": " + line.text() + difference;
    }
}
