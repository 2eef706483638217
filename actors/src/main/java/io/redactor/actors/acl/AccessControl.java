package io.redactor.actors.acl;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.node.ServerStats;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.reply.ErrorReply;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;

/**
 * The node's ACL users, as Redis 7.0 has them: the {@code default} user (every command, key and channel, no
 * password unless {@code requirepass} sets one) and those ACL SETUSER makes, listed in byte order of their names.
 * Edits are serialised; checks read published users without locks.
 */
public final class AccessControl {
    public static final String DEFAULT_USER = "default";
    /** What a client refused by protected mode is told before it is disconnected, as Redis 7.0 words it. */
    public static final String PROTECTED_MODE_DENIAL = "DENIED Redis is running in protected mode because protected "
            + "mode is enabled and no password is set for the default user. In this mode connections are only accepted "
            + "from the loopback interface. If you want to connect from external computers to Redis you may adopt one "
            + "of the following solutions: 1) Just disable protected mode sending the command 'CONFIG SET "
            + "protected-mode no' from the loopback interface by connecting to Redis from the same host the server is "
            + "running, however MAKE SURE Redis is not publicly accessible from internet if you do so. Use CONFIG "
            + "REWRITE to make this change permanent. 2) Alternatively you can just disable the protected mode by "
            + "editing the Redis configuration file, and setting the protected mode option to 'no', and then "
            + "restarting the server. 3) If you started the server manually just for testing, restart it with the "
            + "'--protected-mode no' option. 4) Setup a an authentication password for the default user. NOTE: You "
            + "only need to do one of the above things in order for the server to start accepting connections from "
            + "the outside.";
    private static final ErrorReply NO_PERMISSION_KEY =
            new ErrorReply("NOPERM this user has no permissions to access one of the keys used as arguments");
    private static final ErrorReply NO_PERMISSION_CHANNEL =
            new ErrorReply("NOPERM this user has no permissions to access one of the channels used as arguments");

    private final CommandCatalog catalog;
    private final RuleEditor editor;
    private final AclDescription description;
    private final CommandTable table;
    private final RuntimeConfig config;
    private final ConcurrentSkipListMap<String, AclUser> users = new ConcurrentSkipListMap<>();
    private final AclUser defaultUser;
    private final AclLog log;
    private final ServerStats stats;

    public AccessControl(CommandTable table, RuntimeConfig config, ServerStats stats) {
        this.table = table;
        this.catalog = new CommandCatalog(table);
        this.editor = new RuleEditor(catalog, this::newUsersGetAllChannels);
        this.description = new AclDescription(catalog);
        this.config = config;
        this.stats = stats;
        this.log = new AclLog(() -> (int) Math.min(Integer.MAX_VALUE, Long.parseLong(config.get("acllog-max-len"))));
        this.defaultUser = new AclUser(bytes(DEFAULT_USER), editor.defaultUserRules());
        users.put(DEFAULT_USER, defaultUser);
        setDefaultPassword(config.get("requirepass"));
        config.onChange("requirepass", this::setDefaultPassword);
    }

    public AclUser defaultUser() {
        return defaultUser;
    }

    public AclLog log() {
        return log;
    }

    /** Names, like patterns, have no spaces or NUL: ACL LIST and ACL files separate rules with spaces. */
    public static boolean isValidUserName(byte[] name) {
        return !Selector.hasSpaces(name);
    }

    /** The user of that name, or null. */
    public AclUser user(byte[] name) {
        return users.get(text(name));
    }

    /** Every user, in the order ACL LIST and ACL USERS give them. */
    public List<AclUser> users() {
        return new ArrayList<>(users.values());
    }

    /** Records a denied command in ACL LOG: the command, or the key or channel it may not use. */
    public void logDenial(ClientSession client, Denial denial, CommandSpec spec, byte[][] args, String context,
                          boolean sentByClient) {
        byte[] object = denial.reason() == Denial.Reason.COMMAND ? bytes(spec.fullName()) : args[denial.position()];
        stats.aclDenials.increment();
        long now = System.currentTimeMillis();
        if (sentByClient) {
            // the client's current command, as CLIENT INFO shows it while Redis checks it (in a script or EXEC: that)
            client.touched(now, spec.fullName());
        }
        log.add(denial.reason().logName(), context, object, client.user().name(), now, client.describe(now));
    }

    /**
     * Records a failed AUTH or HELLO AUTH of {@code client} as {@code username}; in the context "multi" when EXEC runs
     * it (the client's current command is then EXEC: a top-level AUTH would be its own current command).
     */
    public void logFailedAuthentication(ClientSession client, byte[] command, byte[] username) {
        stats.authFailures.increment();
        long now = System.currentTimeMillis();
        log.add("auth", "exec".equals(client.lastCommand()) ? "multi" : "toplevel", command, username, now,
                client.describe(now));
    }

    /**
     * Checks a command that runs without a client session (the REST API's key routes): null when {@code user} may
     * run {@code args}, a single-key command of the table without subcommands, else Redis's -NOPERM reply, the
     * denial logged in ACL LOG for the client {@code clientDescription} describes.
     */
    public ErrorReply permits(AclUser user, byte[][] args, Supplier<String> clientDescription) {
        CommandSpec spec = table.lookup(args[0]);
        Denial denial = user.check(spec, args);
        if (denial == null) {
            return null;
        }
        byte[] object = denial.reason() == Denial.Reason.COMMAND ? bytes(spec.fullName()) : args[denial.position()];
        stats.aclDenials.increment();
        log.add(denial.reason().logName(), "toplevel", object, user.name(), System.currentTimeMillis(),
                clientDescription.get());
        return noPermission(denial, spec);
    }

    /**
     * The user those credentials log in as, for a client without a session (REST, embedded); a failure is counted
     * and logged in ACL LOG as a failed AUTH of the client {@code clientDescription} describes.
     */
    public AclUser authenticate(byte[] name, byte[] password, Supplier<String> clientDescription) {
        AclUser user = authenticate(name, password);
        if (user == null) {
            stats.authFailures.increment();
            log.add("auth", "toplevel", bytes("AUTH"), name, System.currentTimeMillis(), clientDescription.get());
        }
        return user;
    }

    /** Redis's -NOPERM reply to a denied command. */
    public static ErrorReply noPermission(Denial denial, CommandSpec spec) {
        return switch (denial.reason()) {
            case COMMAND -> new ErrorReply("NOPERM this user has no permissions to run the '" + spec.fullName()
                    + "' command");
            case KEY -> NO_PERMISSION_KEY;
            case CHANNEL -> NO_PERMISSION_CHANNEL;
        };
    }

    /** The default user is {@code nopass}: AUTH with a password alone is a configuration mistake. */
    public boolean defaultUserHasNoPassword() {
        return defaultUser.rules().has(User.NOPASS);
    }

    /** The error of a script's call its caller may not make (Redis's getAclErrorMessage). */
    public static ErrorReply noPermissionInScript(Denial denial) {
        return new ErrorReply("ERR The user executing the script " + switch (denial.reason()) {
            case COMMAND -> "can't run this command or subcommand";
            case KEY -> "can't access at least one of the keys mentioned in the command arguments";
            case CHANNEL -> "can't publish to the channel mentioned in the command";
        });
    }

    /**
     * Redis's protected mode: with {@code protected-mode yes} and no password for the default user, only clients of
     * the loopback address itself (127.0.0.1 or ::1, as Redis's islocalClient) may connect.
     */
    public boolean protectedModeRefuses(InetAddress client) {
        if (!"yes".equals(config.get("protected-mode")) || !defaultUserHasNoPassword()) {
            return false;
        }
        boolean local = client instanceof Inet4Address ? client.getHostAddress().equals("127.0.0.1")
                : client.isLoopbackAddress();
        return !local;
    }

    /**
     * The client runs as the default user, authenticated when its front end authenticated it or when the default
     * user needs no password (Redis's new connections and RESET).
     */
    public void signInAsDefault(ClientSession client, boolean authenticatedElsewhere) {
        client.signIn(defaultUser, authenticatedElsewhere || !authenticationRequired());
    }

    /** Whether a connection that has not authenticated must do so first: the default user needs a password. */
    public boolean authenticationRequired() {
        User rules = defaultUser.rules();
        return !rules.has(User.NOPASS) || !rules.enabled();
    }

    /** The user those credentials log in as, or null (unknown user, disabled, wrong password). */
    public AclUser authenticate(byte[] name, byte[] password) {
        AclUser user = user(name);
        if (user == null) {
            return null;
        }
        User rules = user.rules();
        return rules.enabled() && rules.acceptsPassword(password) ? user : null;
    }

    /**
     * ACL SETUSER: applies the rules to a copy of the user (a new one when there is none) and publishes it only when
     * all of them were valid. Null when done, else Redis's error text.
     */
    public synchronized String setUser(byte[] name, List<byte[]> rules) {
        RuleEditor.MergedRules merged = RuleEditor.mergeSelectors(rules);
        if (merged.unmatched() != null) {
            return "Unmatched parenthesis in acl selector starting at '" + upToNul(text(merged.unmatched())) + "'.";
        }
        AclUser existing = user(name);
        User edited = existing == null ? editor.created() : existing.rules().copy();
        for (byte[] rule : merged.rules()) {
            RuleError error = editor.apply(edited, rule);
            if (error != null) {
                return "Error in ACL SETUSER modifier '" + upToNul(text(rule)) + "': " + error.message();
            }
        }
        if (existing == null) {
            users.put(text(name), new AclUser(name.clone(), edited));
        } else {
            existing.replace(edited);
        }
        return null;
    }

    /** ACL DELUSER of users other than default: those that existed, now gone. */
    public synchronized List<AclUser> deleteUsers(List<byte[]> names) {
        List<AclUser> deleted = new ArrayList<>();
        for (byte[] name : names) {
            AclUser user = users.remove(text(name));
            if (user != null) {
                deleted.add(user);
            }
        }
        return deleted;
    }

    /** What ACL LOAD did: null error when every user was replaced, and the users replaced (their clients to close). */
    public record Loaded(String error, List<AclUser> replaced) {
    }

    /** The {@code aclfile} parameter, empty when users are not kept in a file. */
    public String aclFile() {
        return config.get("aclfile");
    }

    /**
     * At start, as Redis: users of the configuration (each a {@code user} directive without its keyword), or the
     * ACL file, not both. Null when done, else why the server must not start.
     */
    public synchronized String loadAtStart(List<String> configuredUsers) {
        if (!aclFile().isEmpty() && !configuredUsers.isEmpty()) {
            return "Configuring Redis with users defined in redis.conf and at the same setting an ACL file path is "
                    + "invalid. This setup is very likely to lead to configuration errors and security holes, please "
                    + "define either an ACL file or declare users directly in your redis.conf, but not both.";
        }
        for (String line : configuredUsers) {
            List<byte[]> words = new ArrayList<>();
            for (String word : line.strip().split(" +")) {
                words.add(bytes(word));
            }
            if (words.isEmpty() || words.getFirst().length == 0 || !isValidUserName(words.getFirst())) {
                return "Bad user directive in the configuration: '" + line + "'";
            }
            String error = setUser(words.getFirst(), words.subList(1, words.size()));
            if (error != null) {
                return "Error in user declaration '" + line + "': " + error;
            }
        }
        if (!aclFile().isEmpty()) {
            Loaded loaded = loadFile();
            if (loaded.error() != null) {
                return "Aborting Redis startup because of ACL errors: " + loaded.error();
            }
        }
        return null;
    }

    /**
     * ACL LOAD: every user from the ACL file, replacing all of them at once, or none when a line is wrong (Redis's
     * texts, line by line). The default user keeps its connections; every other user is a new one, so the clients
     * of the users replaced are to be closed, as Redis does.
     */
    public synchronized Loaded loadFile() {
        AclFile.Parsed parsed = AclFile.read(aclFile(), editor);
        if (parsed.error() != null) {
            return new Loaded(parsed.error(), List.of());
        }
        java.util.TreeMap<String, User> loaded = parsed.users();
        List<AclUser> replaced = new ArrayList<>();
        for (AclUser old : users.values()) {
            if (old != defaultUser) {
                replaced.add(old);
            }
        }
        users.keySet().removeIf(name -> !name.equals(DEFAULT_USER));
        User newDefault = loaded.remove(DEFAULT_USER);
        defaultUser.replace(newDefault != null ? newDefault : editor.defaultUserRules());
        loaded.forEach((name, rules) -> users.put(name, new AclUser(bytes(name), rules)));
        return new Loaded(null, replaced);
    }

    /**
     * ACL SAVE: every user as ACL LIST describes it, written to a new file that then replaces the ACL file (and the
     * rename is forced to disk).
     */
    public synchronized boolean saveFile() {
        return AclFile.write(Path.of(aclFile()), users.values().stream().map(description::describe).toList());
    }

    /** The user as ACL LIST shows it: {@code user <name> <flags> <password hashes> <selectors>}. */
    public String describe(AclUser user) {
        return description.describe(user);
    }

    /** ACL GETUSER's fields of one selector: commands, keys, channels. */
    public List<String> selectorFields(AclUser user, int index) {
        return description.selectorFields(user, index);
    }

    public List<String> flags(AclUser user) {
        return user.rules().flags();
    }

    public List<String> passwordHashes(AclUser user) {
        return List.copyOf(user.rules().passwords());
    }

    public int selectorCount(AclUser user) {
        return user.rules().selectors().size();
    }

    /** Category names for ACL CAT, in Redis's order. */
    public List<String> categories() {
        return catalog.categoryNames();
    }

    /** The full names of a category's commands, or null for an unknown category. */
    public List<String> commandsIn(String category) {
        if (catalog.category(category) == null) {
            return null;
        }
        return catalog.inCategory(category).stream().map(CommandSpec::fullName).toList();
    }

    private void setDefaultPassword(String password) {
        synchronized (this) {
            User edited = defaultUser.rules().copy();
            editor.apply(edited, bytes("resetpass"));
            editor.apply(edited, password.isEmpty() ? bytes("nopass")
                    : RuleEditor.prefixed('>', password.getBytes(StandardCharsets.UTF_8)));
            defaultUser.replace(edited);
        }
    }

    private boolean newUsersGetAllChannels() {
        return "allchannels".equals(config.get("acl-pubsub-default"));
    }

    /** Redis prints a rule as a C string. */
    static String upToNul(String text) {
        int nul = text.indexOf(0);
        return nul < 0 ? text : text.substring(0, nul);
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
