package io.redactor.actors.command.sort;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.MOVABLE_KEYS;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * SORT and SORT_RO's table entries. They run in the partitions of the sorted key (and STORE's destination), or
 * with every partition reserved when a BY or GET pattern makes them read keys named by the elements.
 */
public final class SortCommands {
    private static final KeySpec SORTED = KeySpec.range(1, 0, 1, "RO", "access");
    private static final KeySpec PATTERNS = new KeySpec("For the optional BY/GET keyword. It is marked 'unknown' "
            + "because the key names derive from the content of the key we sort", List.of("RO", "access"),
            new KeySpec.Unknown(), new KeySpec.Unknown());
    private static final KeySpec STORE = new KeySpec("For the optional STORE keyword. It is marked 'unknown' "
            + "because the keyword can appear anywhere in the argument array", List.of("OW", "update"),
            new KeySpec.Unknown(), new KeySpec.Unknown());

    private SortCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("sort", -2).flags(WRITE, DENYOOM, MOVABLE_KEYS).acl("set", "sortedset", "list", "dangerous")
                        .keys(1, 1, 1, SortArguments::keyPositions).keySpecs(SORTED, PATTERNS, STORE)
                        .doc(SortDocs.SORT)
                        .runsAtKeysOrAllPartitions(SortCommand::sort, SortArguments::readsPatternKeys).build(),
                command("sort_ro", -2).flags(READONLY, MOVABLE_KEYS).acl("set", "sortedset", "list", "dangerous")
                        .keys(1, 1, 1).keySpecs(SORTED, PATTERNS).doc(SortDocs.SORT_RO)
                        .runsAtKeysOrAllPartitions(SortCommand::sortReadOnly, SortArguments::readsPatternKeys)
                        .build());
    }
}
