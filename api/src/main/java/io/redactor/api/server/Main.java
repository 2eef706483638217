package io.redactor.api.server;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;

import java.util.Map;
import java.util.concurrent.CompletionException;

/** {@code bin/redactor}: starts a standalone server and runs until SHUTDOWN or SIGTERM. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        FatalErrors.install();
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (LaunchOptions.UsageException e) {
            if (e.getMessage() != null) {
                System.err.println("redactor: " + e.getMessage());
            }
            System.err.print(LaunchOptions.USAGE);
            System.exit(e.getMessage() == null ? 0 : 2);
            return;
        } catch (ConfigException e) {
            System.err.println("redactor: invalid configuration: " + e.getMessage());
            System.exit(2);
            return;
        }
        // A standalone server's process ends with its actor system (after SHUTDOWN, for instance).
        var config = ConfigFactory.parseMap(Map.of("akka.coordinated-shutdown.exit-jvm", "on"))
                .withFallback(options.config());
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "redactor", config);
        TerminationSignals.install(system);
        try {
            RedactorServer.start(system, config, options.configFile()).toCompletableFuture().join();
        } catch (RuntimeException e) {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            System.err.println("redactor: could not start: " + cause.getMessage());
            System.exit(1);
        }
    }
}
