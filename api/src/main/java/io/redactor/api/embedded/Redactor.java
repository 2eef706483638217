package io.redactor.api.embedded;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.AskPattern;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import akka.http.javadsl.server.Route;
import io.redactor.actors.acl.AclUser;
import io.redactor.api.rest.HttpSettings;
import io.redactor.api.rest.RestApi;
import io.redactor.api.server.RedactorConfig;
import io.redactor.api.server.RedactorServer;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Redactor inside a Java or Akka application.
 *
 * <pre>{@code
 * Redactor redactor = Redactor.start().toCompletableFuture().join();
 * redactor.set("greeting", "hello").toCompletableFuture().join();
 * Optional<String> value = redactor.get("greeting").toCompletableFuture().join();
 * Reply length = redactor.command("LPUSH", "list", "a", "b").toCompletableFuture().join();
 * redactor.stop().toCompletableFuture().join();
 * }</pre>
 *
 * <p>Akka applications can also talk to a client actor ({@link #clientActor()}, {@link #newClientActor()})
 * with the typed messages of {@link RedactorProtocol}. Commands sent through one client (this facade, or one
 * client actor) take effect in the order they were sent, like the commands of one Redis connection; create more
 * clients for independent streams of commands. The Redis protocol server is off unless
 * {@code redactor.resp.enabled = on} is configured, and the REST API is not bound unless {@code redactor.http.port}
 * is; {@link #httpRoute()} hands its routes to the application's own Akka HTTP server.
 */
public final class Redactor {
    private static final AtomicInteger CLIENTS = new AtomicInteger();

    private final RedactorServer server;
    private final ActorRef<RedactorProtocol.Request> client;
    private final Duration timeout;
    private final boolean ownsSystem;
    private final List<ActorRef<RedactorProtocol.Request>> clients = new CopyOnWriteArrayList<>();

    private Redactor(RedactorServer server, boolean ownsSystem) {
        this.server = server;
        this.ownsSystem = ownsSystem;
        this.timeout = server.config().getDuration("redactor.embedded.ask-timeout");
        this.client = newClientActor();
    }

    /** Starts Redactor in an actor system of its own, with the default configuration. */
    public static CompletionStage<Redactor> start() {
        return start(ConfigFactory.empty());
    }

    /** Starts Redactor in an actor system of its own; {@code overrides} win over every other configuration. */
    public static CompletionStage<Redactor> start(Config overrides) {
        Config config = RedactorConfig.load(overrides.withFallback(embeddedDefaults()));
        return RedactorServer.start(config, null, "redactor").thenApply(server -> new Redactor(server, true));
    }

    /**
     * Starts Redactor inside an application's actor system, which must use the cluster provider
     * ({@code akka.actor.provider = cluster}). Redactor's settings are read from the system's configuration
     * under {@code redactor}, with its defaults for what is missing.
     */
    public static CompletionStage<Redactor> start(ActorSystem<?> system) {
        Config config = system.settings().config().withFallback(embeddedDefaults())
                .withFallback(RedactorConfig.defaults()).resolve();
        return RedactorServer.start(system, config, null).thenApply(server -> new Redactor(server, false));
    }

    private static Config embeddedDefaults() {
        return ConfigFactory.parseMap(Map.of("redactor.resp.enabled", false, "redactor.http.port", 0));
    }

    /** The client actor behind this facade's methods. */
    public ActorRef<RedactorProtocol.Request> clientActor() {
        return client;
    }

    /** A new, independent client: its own session (database, name) and its own ordering, as the default user. */
    public ActorRef<RedactorProtocol.Request> newClientActor() {
        return newClientActor(server.node().services().access().defaultUser());
    }

    /**
     * A new client running as the ACL user {@code userName}, with that user's permissions (as it has them when
     * each command runs). The application is trusted as the server's own process: no password is asked.
     *
     * @throws IllegalArgumentException when there is no such user
     */
    public ActorRef<RedactorProtocol.Request> newClientActorAs(String userName) {
        AclUser user = server.node().services().access().user(userName.getBytes(StandardCharsets.UTF_8));
        if (user == null) {
            throw new IllegalArgumentException("no ACL user '" + userName + "'");
        }
        return newClientActor(user);
    }

    /**
     * A new client of the ACL user those credentials log in as (as {@code AUTH user password} would; a failure is
     * counted and logged in ACL LOG).
     *
     * @throws RedactorException with Redis's WRONGPASS error when they do not log in
     */
    public ActorRef<RedactorProtocol.Request> newClientActor(String userName, String password) {
        AclUser user = server.node().services().access().authenticate(userName.getBytes(StandardCharsets.UTF_8),
                password.getBytes(StandardCharsets.UTF_8), () -> "addr=embedded:0 laddr= fd=-1 name=embedded");
        if (user == null) {
            throw new RedactorException("WRONGPASS invalid username-password pair or user is disabled.");
        }
        return newClientActor(user);
    }

    private ActorRef<RedactorProtocol.Request> newClientActor(AclUser user) {
        ActorRef<Object> actor = server.system().systemActorOf(
                EmbeddedClient.create(server.node().services(),
                        server.config().getInt("redactor.resp.max-pending-commands"), user),
                "redactor-client-" + CLIENTS.incrementAndGet(), Props.empty());
        ActorRef<RedactorProtocol.Request> client = actor.narrow();
        clients.add(client);
        return client;
    }

    /** Runs a typed command; the stage fails with {@link RedactorException} on an error reply. */
    public <R> CompletionStage<R> call(TypedCommand<R> command) {
        return AskPattern.<RedactorProtocol.Request, Result<R>>ask(client,
                replyTo -> new RedactorProtocol.Call<>(command, replyTo), timeout, server.system().scheduler())
                .thenApply(Result::get);
    }

    /** Runs any command (name first); error replies come back as {@link ErrorReply}, not as failures. */
    public CompletionStage<Reply> command(byte[]... args) {
        List<byte[]> list = Arrays.asList(args);
        return AskPattern.ask(client, replyTo -> new RedactorProtocol.Execute(list, replyTo), timeout,
                server.system().scheduler());
    }

    public CompletionStage<Reply> command(String... args) {
        byte[][] bytes = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            bytes[i] = args[i].getBytes(StandardCharsets.UTF_8);
        }
        return command(bytes);
    }

    public CompletionStage<Optional<String>> get(String key) {
        return call(new Commands.Get(key)).thenApply(value -> value.map(bytes -> new String(bytes, StandardCharsets.UTF_8)));
    }

    public CompletionStage<Optional<byte[]>> get(byte[] key) {
        return call(new Commands.Get(key));
    }

    public CompletionStage<Boolean> set(String key, String value) {
        return call(new Commands.Set(key, value));
    }

    public CompletionStage<Boolean> set(byte[] key, byte[] value) {
        return call(new Commands.Set(key, value));
    }

    /** SET with a time to live. */
    public CompletionStage<Boolean> set(String key, String value, Duration ttl) {
        return call(new Commands.Set(Commands.utf8(key), Commands.utf8(value), ttl, Commands.Set.Condition.ALWAYS));
    }

    public CompletionStage<Long> incr(String key) {
        return call(new Commands.IncrBy(key, 1));
    }

    public CompletionStage<Long> incrBy(String key, long by) {
        return call(new Commands.IncrBy(key, by));
    }

    public CompletionStage<Long> del(String... keys) {
        return call(new Commands.Del(Arrays.stream(keys).map(Commands::utf8).toList()));
    }

    public CompletionStage<Long> exists(String... keys) {
        return call(new Commands.Exists(Arrays.stream(keys).map(Commands::utf8).toList()));
    }

    public CompletionStage<Boolean> expire(String key, Duration ttl) {
        return call(new Commands.Expire(Commands.utf8(key), ttl));
    }

    /**
     * The REST API over this Redactor, for an Akka HTTP server of the application's own:
     * {@code Http.get(system).newServerAt("127.0.0.1", 8080).bind(redactor.httpRoute())}. It follows the
     * {@code redactor.http} settings (token, body size, request timeout); where it is bound is the application's
     * business. To have Redactor bind it, configure {@code redactor.http.port} instead.
     */
    public Route httpRoute() {
        return new RestApi(HttpSettings.from(server.config(), List.of()), server.node().services()).route();
    }

    /** The REST API's port when Redactor binds it ({@code redactor.http.port} set), else -1. */
    public int httpPort() {
        return server.httpPort();
    }

    /** The RESP port when the Redis protocol server is enabled, else -1. */
    public int respPort() {
        return server.port();
    }

    public ActorSystem<?> system() {
        return server.system();
    }

    /**
     * Stops Redactor. In its own actor system, that system terminates. Inside an application's system, the
     * clients made here and the RESP server stop; the partitions, which are Cluster Sharding entities of that
     * system, stop with it.
     */
    public CompletionStage<Void> stop() {
        for (ActorRef<RedactorProtocol.Request> actor : clients) {
            actor.tell(new RedactorProtocol.Close());
        }
        if (ownsSystem) {
            return server.stop();
        }
        server.detach();
        return CompletableFuture.completedFuture(null);
    }
}
