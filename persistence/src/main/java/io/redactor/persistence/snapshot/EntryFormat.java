package io.redactor.persistence.snapshot;

/** The snapshot formats Redis has, and so Redactor: RDB, and commands (an AOF base without an RDB preamble). */
public enum EntryFormat {
    RDB,
    COMMANDS
}
