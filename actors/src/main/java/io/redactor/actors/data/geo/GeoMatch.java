package io.redactor.actors.data.geo;

/** A member a search found: its score, its position (its cell's centre) and its distance from the centre, in metres. */
public record GeoMatch(byte[] member, double score, double longitude, double latitude, double distance) {
}
