package io.redactor.testing.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The command lines of a corpus file on the test class path (e.g. {@code /differential/keys.txt}). */
public record Corpus(String resource, List<CorpusLine> lines) {

    public static Corpus load(String resource) {
        try (InputStream in = Corpus.class.getResourceAsStream(resource)) {
            Objects.requireNonNull(in, resource + " is missing");
            List<String> texts = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<CorpusLine> lines = new ArrayList<>();
            for (int i = 0; i < texts.size(); i++) {
                CorpusLine line = CorpusLine.parse(i + 1, texts.get(i));
                if (line != null) {
                    lines.add(line);
                }
            }
            return new Corpus(resource, List.copyOf(lines));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
