package io.redactor.persistence.aof;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AofManifestTest {
    /** As Redis 7.0.15 writes it after two rewrites, history not yet deleted. */
    private static final String REDIS_MANIFEST = """
            file appendonly.aof.3.base.rdb seq 3 type b
            file appendonly.aof.2.base.rdb seq 2 type h
            file appendonly.aof.4.incr.aof seq 4 type h
            file appendonly.aof.5.incr.aof seq 5 type i
            """;

    private static AofManifest parse(String text) throws AofManifest.ManifestException {
        return AofManifest.parse(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void readsAndWritesRedisManifests() throws Exception {
        AofManifest manifest = parse(REDIS_MANIFEST);
        assertEquals("appendonly.aof.3.base.rdb", manifest.base().orElseThrow().name());
        assertEquals(2, manifest.history().size());
        assertEquals(List.of("appendonly.aof.3.base.rdb", "appendonly.aof.5.incr.aof"),
                manifest.loadOrder().stream().map(AofManifest.AofFile::name).toList());
        assertEquals(REDIS_MANIFEST, manifest.format());
    }

    @Test
    void namesNewFilesAsRedisDoes() throws Exception {
        AofManifest manifest = parse(REDIS_MANIFEST).withoutHistory()
                .withNewIncremental("appendonly.aof");
        assertEquals("appendonly.aof.6.incr.aof", manifest.lastIncremental().orElseThrow().name());
        AofManifest rewritten = manifest.withNewBase("appendonly.aof", true)
                .withIncrementalsBeforeAsHistory(manifest.lastIncremental().orElseThrow());
        assertEquals("""
                file appendonly.aof.4.base.rdb seq 4 type b
                file appendonly.aof.5.incr.aof seq 5 type h
                file appendonly.aof.3.base.rdb seq 3 type h
                file appendonly.aof.6.incr.aof seq 6 type i
                """, rewritten.format());
        assertEquals("appendonly.aof.1.base.aof",
                AofManifest.empty().withNewBase("appendonly.aof", false).base().orElseThrow().name());
    }

    @Test
    void quotesNamesThatNeedIt() throws Exception {
        AofManifest manifest = AofManifest.empty().withNewIncremental("my file.aof");
        String text = manifest.format();
        assertEquals("file \"my file.aof.1.incr.aof\" seq 1 type i\n", text);
        assertEquals("my file.aof.1.incr.aof", parse(text).lastIncremental().orElseThrow().name());
    }

    @Test
    void refusesWhatRedisRefuses() {
        assertMessage("", "Found an empty AOF manifest");
        assertMessage("file a seq 1\n", "Invalid AOF manifest file format");
        assertMessage("file a seq 1 type b extra\n", "Invalid AOF manifest file format");
        assertMessage("file a seq 0 type b\n", "Invalid AOF manifest file format");
        assertMessage("file dir/a seq 1 type b\n", "File can't be a path, just a filename");
        assertMessage("file a seq 1 type x\n", "Unknown AOF file type");
        assertMessage("file a seq 1 type b\nfile b seq 2 type b\n", "Found duplicate base file information");
        assertMessage("file a seq 2 type i\nfile b seq 2 type i\n", "Found a non-monotonic sequence number");
        assertMessage("file a seq 1 type i", "The AOF manifest file contains too long line");
        assertMessage("file " + "a".repeat(1100) + " seq 1 type i\n", "too long line");
        assertMessage("\n", "Invalid AOF manifest file format");
    }

    @Test
    void skipsCommentsAndAcceptsKeysInAnyOrderAndCase() throws Exception {
        AofManifest manifest = parse("# a comment\nTYPE i SEQ 7 FILE x.aof\n");
        assertEquals(7, manifest.lastIncremental().orElseThrow().seq());
        assertEquals(7, manifest.incrSeq());
    }

    private static void assertMessage(String text, String message) {
        AofManifest.ManifestException e = assertThrows(AofManifest.ManifestException.class, () -> parse(text));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
