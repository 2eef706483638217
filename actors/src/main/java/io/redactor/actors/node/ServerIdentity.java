package io.redactor.actors.node;

/**
 * How this server describes itself in INFO server: process, ports, configuration file. The TCP port is known
 * only once the front end has bound it (port 0 asks for any free port), so it is filled in then.
 */
public final class ServerIdentity {
    private final String runId;
    private final long processId;
    private final String bind;
    private final String executable;
    private final String configFile;
    private volatile int tcpPort;

    public ServerIdentity(String runId, long processId, int configuredPort, String bind, String executable,
                          String configFile) {
        this.runId = runId;
        this.processId = processId;
        this.tcpPort = configuredPort;
        this.bind = bind;
        this.executable = executable;
        this.configFile = configFile;
    }

    /** Records the port actually listened on. */
    public void listeningOn(int port) {
        tcpPort = port;
    }

    public String runId() {
        return runId;
    }

    public long processId() {
        return processId;
    }

    public int tcpPort() {
        return tcpPort;
    }

    public String bind() {
        return bind;
    }

    public String executable() {
        return executable;
    }

    public String configFile() {
        return configFile;
    }
}
