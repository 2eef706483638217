package io.redactor.actors.command.sort;

/** An element being sorted, with its numeric weight or (ALPHA with BY) the text it is compared by. */
final class SortEntry {
    final byte[] element;
    double score;
    byte[] text;

    SortEntry(byte[] element) {
        this.element = element;
    }
}
