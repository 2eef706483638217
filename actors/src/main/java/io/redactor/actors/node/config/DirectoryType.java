package io.redactor.actors.node.config;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@code dir}: an existing directory. A relative path is taken from the current value (Redis changes its
 * working directory); the value is the real absolute path, as Redis prints {@code getcwd()}. Redactor does not
 * change the JVM's working directory. Errors are the C library's texts Redis shows, such as
 * "No such file or directory" and "Not a directory".
 */
public record DirectoryType() implements ConfigType<String> {
    @Override
    public String parse(String text, String current) throws ConfigValueException {
        if (text.isEmpty()) {
            throw new ConfigValueException("No such file or directory");
        }
        String base = current != null ? Bytes.toUnicode(current) : System.getProperty("user.dir");
        Path path;
        try {
            path = Path.of(base).resolve(Bytes.toUnicode(text)).toRealPath();
        } catch (InvalidPathException | NoSuchFileException e) {
            throw new ConfigValueException("No such file or directory");
        } catch (AccessDeniedException e) {
            throw new ConfigValueException("Permission denied");
        } catch (IOException e) {
            throw new ConfigValueException(String.valueOf(e.getMessage()));
        }
        if (!Files.isDirectory(path)) {
            throw new ConfigValueException("Not a directory");
        }
        return Bytes.fromUnicode(path.toString());
    }

    @Override
    public String render(String value) {
        return value;
    }

    @Override
    public String describe() {
        return "existing directory";
    }
}
