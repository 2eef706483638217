package io.redactor.actors.command.server;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Help;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import io.redactor.actors.command.Errors;
import io.redactor.actors.node.config.ConfigRewrite;
import io.redactor.core.reply.ErrorReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/** CONFIG GET, SET, RESETSTAT, REWRITE and HELP. */
final class ConfigCommands {
    private static final Logger log = LoggerFactory.getLogger(ConfigCommands.class);
    private static final ErrorReply NO_CONFIG_FILE = Errors.err("The server is running without a config file");

    private ConfigCommands() {
    }

    static Reply get(ClientCall call) {
        return call.node().server().config().configGet(Arrays.asList(call.args()).subList(2, call.argc()));
    }

    /** An odd number of arguments is a syntax error there, as in Redis. */
    static Reply set(ClientCall call) {
        return call.node().server().config().configSet(Arrays.asList(call.args()).subList(2, call.argc()));
    }

    static Reply resetstat(ClientCall call) {
        call.node().server().stats().reset();
        call.node().server().commandStats().reset();
        return SimpleString.OK;
    }

    /**
     * CONFIG REWRITE: the file given with --config ({@link ConfigRewrite}). ACL users are not written there: ACL SAVE
     * writes them to the aclfile.
     */
    static Reply rewrite(ClientCall call) {
        String file = call.node().identity().configFile();
        if (file == null || file.isEmpty()) {
            return NO_CONFIG_FILE;
        }
        synchronized (ConfigCommands.class) {
            try {
                new ConfigRewrite(call.node().server().config()).rewrite(Path.of(file));
                log.info("CONFIG REWRITE executed with success.");
                return SimpleString.OK;
            } catch (IOException e) {
                String reason = reason(e);
                log.warn("CONFIG REWRITE failed: {}", reason);
                return Errors.err("Rewriting config file: " + reason);
            }
        }
    }

    /** The C library's words for the usual failures, as Redis reports strerror(errno). */
    private static String reason(IOException e) {
        return switch (e) {
            case NoSuchFileException missing -> "No such file or directory";
            case AccessDeniedException denied -> "Permission denied";
            case FileSystemException other when other.getReason() != null -> other.getReason();
            default -> e.getMessage();
        };
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "GET <pattern>",
                "    Return parameters matching the glob-like <pattern> and their values.",
                "SET <directive> <value>",
                "    Set the configuration <directive> to <value>.",
                "RESETSTAT",
                "    Reset statistics reported by the INFO command.",
                "REWRITE",
                "    Rewrite the configuration file.");
    }
}
