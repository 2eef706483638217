package io.redactor.actors.node;

/** How this server describes itself in INFO server: process, ports, configuration file. */
public record ServerIdentity(String runId, long processId, int tcpPort, String bind, String executable,
                             String configFile) {
}
