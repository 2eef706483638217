package io.redactor.api.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.redactor.actors.node.config.ConfigParameter;
import io.redactor.actors.node.config.ConfigParameters;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

/**
 * The launcher's command line: {@code --port}, {@code --bind}, {@code --partitions}, {@code --http-port},
 * {@code --http-token}, {@code --config FILE}, {@code --dir DIR}, and any Redis parameter as redis-server takes it
 * ({@code --appendonly yes}). Flags win over the file, which wins over application.conf and the reference
 * configuration.
 */
record LaunchOptions(Config config, String configFile) {

    static final String USAGE = """
            Usage: redactor [--port N] [--bind ADDRESS...] [--partitions N] [--http-port N] [--http-token T]
                            [--config FILE] [--dir DIR] [--PARAMETER VALUE...]
              --port N           TCP port for the Redis protocol (default 6379)
              --bind ADDRESSES   addresses to listen on, space separated (default 127.0.0.1)
              --partitions N     number of key-range partitions, 1..16384 (default 64)
              --http-port N      TCP port for the REST API, 0 for none (default 7380)
              --http-token T     bearer token the REST API requires (needed to bind HTTP beyond loopback)
              --config FILE      HOCON file overriding application.conf (see the documented application.conf)
              --dir DIR          data directory: the RDB file and the append-only directory (default: the
                                 working directory)
              --PARAMETER VALUE  any Redis 7.0 configuration parameter, as redis-server takes it
                                 (--appendonly yes, --appendfsync always, --save "")
            """;

    static LaunchOptions parse(String[] args) {
        Map<String, Object> flags = new HashMap<>();
        String configFile = null;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (flag.equals("--help") || flag.equals("-h")) {
                throw new UsageException(null);
            }
            if (i + 1 >= args.length) {
                throw new UsageException("missing value for " + flag);
            }
            String value = args[++i];
            switch (flag) {
                case "--port" -> flags.put("redactor.port", integer(flag, value, 0, 65535));
                case "--bind" -> flags.put("redactor.bind", value);
                case "--partitions" -> flags.put("redactor.partitions", integer(flag, value, 1, 16384));
                case "--http-port" -> flags.put("redactor.http.port", integer(flag, value, 0, 65535));
                case "--http-token" -> flags.put("redactor.http.token", value);
                case "--config" -> configFile = value;
                default -> flags.put(redisParameter(flag), value);
            }
        }
        Config config = ConfigFactory.parseMap(flags);
        if (configFile != null) {
            File file = new File(configFile);
            if (!file.isFile()) {
                throw new UsageException("configuration file not found: " + configFile);
            }
            try {
                config = config.withFallback(ConfigFactory.parseFile(file));
            } catch (StackOverflowError e) {
                // the HOCON parser recurses on nesting: a file nested thousands deep is refused, not a crash
                throw new UsageException("configuration file " + configFile + " is nested too deeply to read");
            }
            configFile = file.getAbsolutePath();
        }
        Config loaded = RedactorConfig.load(config);
        // every setting Redactor has must still be there, of a usable kind: a file that puts a value where an
        // object belongs ("redactor = 1") hides the defaults below it, and the server would fail later, less clearly
        loaded.checkValid(RedactorConfig.defaults(), "redactor");
        return new LaunchOptions(loaded, configFile);
    }

    /** {@code --dir}, {@code --appendonly}, ...: the configuration key of a Redis parameter given as a flag. */
    private static String redisParameter(String flag) {
        String name = flag.startsWith("--") ? flag.substring(2).toLowerCase(java.util.Locale.ROOT) : "";
        ConfigParameter parameter = name.isEmpty() ? null : ConfigParameters.byName(name);
        if (parameter == null || name.equals("port") || name.equals("bind")) {
            throw new UsageException("unknown option " + flag);
        }
        return "redactor.redis." + parameter.name();
    }

    private static int integer(String flag, String value, int min, int max) {
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(flag + " needs an integer between " + min + " and " + max + ", got '" + value + "'");
    }

    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
