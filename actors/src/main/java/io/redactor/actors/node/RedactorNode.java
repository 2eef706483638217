package io.redactor.actors.node;

import akka.actor.Cancellable;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Join;
import akka.cluster.typed.SelfUp;
import akka.cluster.typed.Subscribe;
import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.durability.Durability;
import io.redactor.actors.eviction.Evictor;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.partition.PartitionDirectory;
import io.redactor.actors.partition.PartitionGateway;
import io.redactor.actors.partition.Partitions;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.routing.Admission;
import io.redactor.actors.routing.CommandRouter;
import io.redactor.core.reply.ErrorReply;
import io.redactor.actors.scripts.ScriptService;
import io.redactor.core.keys.PartitionMap;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * A Redactor node inside an actor system: joins (or forms) the cluster, brings up the partitions through
 * Cluster Sharding, and exposes the services that front ends (RESP, REST, Java API) build on.
 */
public final class RedactorNode {
    private final ActorSystem<?> system;
    private final NodeServices services;
    private final Cancellable cron;
    private final CompletionStage<Void> loaded;

    private RedactorNode(ActorSystem<?> system, NodeServices services, Cancellable cron, CompletionStage<Void> loaded) {
        this.system = system;
        this.services = services;
        this.cron = cron;
        this.loaded = loaded;
    }

    /**
     * Starts the node. {@code identity} describes the process for INFO; {@code shutdown} is what SHUTDOWN runs.
     */
    public static CompletionStage<RedactorNode> start(ActorSystem<?> system, NodeSettings settings,
                                                      ServerIdentity identity, NodeServices.Shutdown shutdown) {
        return start(system, settings, new RuntimeConfig(settings.redisConfig()), identity, shutdown);
    }

    /** As above, with the live configuration made by the caller from {@code settings.redisConfig()}. */
    public static CompletionStage<RedactorNode> start(ActorSystem<?> system, NodeSettings settings,
                                                      RuntimeConfig config, ServerIdentity identity,
                                                      NodeServices.Shutdown shutdown) {
        PartitionMap partitionMap = new PartitionMap(settings.partitions());
        ServerContext server = new ServerContext(config, new ServerStats(), partitionMap,
                HeapGuard.start(settings.heapLimit()));
        Durability durability = new Durability(config, server.effectLog());
        PartitionDirectory directory = new PartitionDirectory(settings.partitions());

        return joinCluster(system, settings)
                .thenCompose(up -> Partitions.start(system, settings.partitions(), directory,
                        gateway -> new Partition.Environment(server, directory, gateway, settings.stashCapacity()),
                        settings.partitionDispatcher(), settings.startupTimeout()))
                .thenApply(gateway -> {
                    CommandTable table = new CommandTable(CommandFamilies.all());
                    AccessControl access = new AccessControl(table, config, server.stats());
                    String aclError = access.loadAtStart(settings.users());
                    if (aclError != null) {
                        throw new IllegalStateException(aclError);
                    }
                    ClientRegistry clients = new ClientRegistry(config::maxclients, server.stats(), access);
                    server.tracking().useClients(clients::byId);
                    ScriptService scripts = new ScriptService(settings.scripts(), server.pubsub());
                    // not the size: what a young collection left (old garbage included) misjudges scripts that
                    // make and drop big strings; their own budget bounds the size
                    HeapGuard guard = server.heapGuard();
                    scripts.guardMemory(bytes -> !guard.refusing());
                    Evictor evictor = new Evictor(server, gateway, () -> scripts.engine().cachedScriptBytes(),
                            server.replicaQuorum().after(durability));
                    server.useEviction(evictor);
                    NodeServices services = new NodeServices(server,
                            new CommandRouter(table, partitionMap,
                                    monitorsLast(heapFirst(server.heapGuard(), evictor)), access),
                            clients,
                            gateway, identity, shutdown, new KeyspaceStatistics(system, gateway),
                            (delay, task) -> system.scheduler().scheduleOnce(Duration.ofMillis(delay), task,
                                    system.executionContext()), scripts, durability, access);
                    CompletionStage<Void> loaded = durability.start(services);
                    ServerCron cronTask = new ServerCron(server, clients, scripts, durability);
                    Cancellable cron = system.scheduler().scheduleAtFixedRate(Duration.ofMillis(100),
                            Duration.ofMillis(100), cronTask, system.executionContext());
                    return new RedactorNode(system, services, cron, loaded);
                });
    }

    /**
     * Redis's order: a command that may grow memory is refused over the limit before the disk's state is looked
     * at. Only clients' commands: the server's own work (loading, expiry) must go on.
     */
    private static Admission heapFirst(HeapGuard guard, Admission next) {
        ErrorReply oom = new ErrorReply(HeapGuard.OOM_ERROR);
        return (spec, client) -> client != null && guard.refusing() && Admission.mayTakeMemory(spec, client) ? oom
                : next.refusal(spec, client);
    }

    /** Redis's next check: a client in MONITOR mode (a replica, to Redis) may not touch the keyspace. */
    private static Admission monitorsLast(Admission before) {
        ErrorReply keyspace = new ErrorReply("ERR Replica can't interact with the keyspace");
        return (spec, client) -> {
            ErrorReply refused = before.refusal(spec, client);
            if (refused != null || client == null || !client.monitoring()) {
                return refused;
            }
            return spec.has(CommandFlag.WRITE) || spec.has(CommandFlag.READONLY)
                    || spec.has(CommandFlag.MAY_REPLICATE) ? keyspace : null;
        };
    }

    private static CompletionStage<SelfUp> joinCluster(ActorSystem<?> system, NodeSettings settings) {
        Cluster cluster = Cluster.get(system);
        if (settings.joinSelf()) {
            cluster.manager().tell(Join.create(cluster.selfMember().address()));
        }
        return AskPattern.ask(cluster.subscriptions(), replyTo -> Subscribe.create(replyTo, SelfUp.class),
                settings.startupTimeout(), system.scheduler());
    }

    /**
     * Completes once the data set is loaded from disk and the node serves every command (clients get
     * {@code -LOADING} until then); fails when the data cannot be loaded.
     */
    public CompletionStage<Void> loaded() {
        return loaded;
    }

    public NodeServices services() {
        return services;
    }

    public ActorSystem<?> system() {
        return system;
    }

    /** Stops housekeeping and running scripts; the actor system's coordinated shutdown stops the partitions. */
    public void stop() {
        cron.cancel();
        services.scripts().stopAll();
        services.server().heapGuard().close();
    }

    public PartitionGateway partitions() {
        return services.partitions();
    }
}
