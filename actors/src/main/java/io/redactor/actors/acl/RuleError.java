package io.redactor.actors.acl;

/** Why an ACL rule was refused, with Redis's text for it. */
enum RuleError {
    SYNTAX("Syntax error"),
    UNKNOWN_NAME("Unknown command or category name in ACL"),
    KEY_PATTERN_AFTER_ALL("Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid and does not "
            + "have any effect. Try 'resetkeys' to start with an empty list of patterns"),
    CHANNEL_PATTERN_AFTER_ALL("Adding a pattern after the * pattern (or the 'allchannels' flag) is not valid and does "
            + "not have any effect. Try 'resetchannels' to start with an empty list of channels"),
    NO_SUCH_PASSWORD("The password you are trying to remove from the user does not exist"),
    BAD_HASH("The password hash must be exactly 64 characters and contain only lowercase hexadecimal characters"),
    DUPLICATE_USER("Duplicate user found. A user can only be defined once in config files"),
    FIRST_ARG_OF_SUBCOMMAND("Allowing first-arg of a subcommand is not supported");

    private final String message;

    RuleError(String message) {
        this.message = message;
    }

    String message() {
        return message;
    }
}
