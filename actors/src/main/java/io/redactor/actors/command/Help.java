package io.redactor.actors.command;

import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The reply of a container's HELP subcommand, in Redis's layout. */
public final class Help {
    private Help() {
    }

    public static Reply reply(ClientCall call, String... lines) {
        String name = Arguments.text(call.arg(0)).toUpperCase(Locale.ROOT);
        List<Reply> items = new ArrayList<>(lines.length + 3);
        items.add(new SimpleString(name + " <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"));
        for (String line : lines) {
            items.add(new SimpleString(line));
        }
        items.add(new SimpleString("HELP"));
        items.add(new SimpleString("    Prints this help."));
        return new ArrayReply(items);
    }
}
