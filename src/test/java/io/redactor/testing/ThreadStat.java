package io.redactor.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** A thread of this process as Linux's /proc shows it: name (15 characters at most), scheduler state, nice value. */
public record ThreadStat(String name, char state, int nice) {

    /** Running or waiting for a core. */
    public boolean running() {
        return state == 'R';
    }

    /** The calling OS thread (for a virtual thread, its carrier). */
    public static ThreadStat current() {
        try {
            return of(Path.of("/proc/thread-self/stat"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every thread of this process, except those that ended while being read. */
    public static List<ThreadStat> all() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.flatMap(task -> {
                try {
                    return Stream.of(of(task.resolve("stat")));
                } catch (IOException e) {
                    return Stream.empty();
                }
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The name sits between parentheses and may hold spaces; the fields after it start with the state. */
    private static ThreadStat of(Path stat) throws IOException {
        String text = Files.readString(stat);
        String name = text.substring(text.indexOf('(') + 1, text.lastIndexOf(')'));
        String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
        return new ThreadStat(name, fields[0].charAt(0), Integer.parseInt(fields[16]));
    }
}
