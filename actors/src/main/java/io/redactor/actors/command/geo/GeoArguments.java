package io.redactor.actors.command.geo;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.geo.GeoHash;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.reply.ErrorReply;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The geo commands' arguments: coordinates, distances with their unit, box sizes; with Redis's errors. */
final class GeoArguments {
    static final CommandError NOT_A_FLOAT = new CommandError(Errors.NOT_FLOAT);
    private static final CommandError UNSUPPORTED_UNIT =
            new CommandError(Errors.err("unsupported unit provided. please use M, KM, FT, MI"));
    private static final CommandError NEED_RADIUS = new CommandError(Errors.err("need numeric radius"));
    private static final CommandError NEED_WIDTH = new CommandError(Errors.err("need numeric width"));
    private static final CommandError NEED_HEIGHT = new CommandError(Errors.err("need numeric height"));
    private static final CommandError NEGATIVE_RADIUS = new CommandError(Errors.err("radius cannot be negative"));
    private static final CommandError NEGATIVE_BOX =
            new CommandError(Errors.err("height or width cannot be negative"));

    private GeoArguments() {
    }

    /** A longitude and a latitude (Redis's extractLongLatOrReply): numbers, within Redis's ranges. */
    static double[] longitudeLatitude(byte[] longitude, byte[] latitude) {
        double lon = number(longitude, NOT_A_FLOAT);
        double lat = number(latitude, NOT_A_FLOAT);
        if (!GeoHash.isValid(lon, lat)) {
            throw new CommandError(new ErrorReply("ERR invalid longitude,latitude pair " + fixed(lon) + ","
                    + fixed(lat)));
        }
        return new double[] {lon, lat};
    }

    /** Metres per unit of a unit name (Redis's extractUnitOrReply). */
    static double unit(byte[] name) {
        if (Arguments.is(name, "m")) {
            return 1;
        }
        if (Arguments.is(name, "km")) {
            return 1000;
        }
        if (Arguments.is(name, "ft")) {
            return 0.3048;
        }
        if (Arguments.is(name, "mi")) {
            return 1609.34;
        }
        throw UNSUPPORTED_UNIT;
    }

    /** A radius: a number, not negative. Its unit is parsed after it ({@link #unit}). */
    static double radius(byte[] arg) {
        double radius = number(arg, NEED_RADIUS);
        if (radius < 0) {
            throw NEGATIVE_RADIUS;
        }
        return radius;
    }

    /** A box's width and height, both numbers (the width parsed first), neither negative. */
    static double[] box(byte[] width, byte[] height) {
        double w = number(width, NEED_WIDTH);
        double h = number(height, NEED_HEIGHT);
        if (h < 0 || w < 0) {
            throw NEGATIVE_BOX;
        }
        return new double[] {w, h};
    }

    private static double number(byte[] arg, CommandError error) {
        try {
            return RedisDoubles.parseDouble(arg);
        } catch (NotANumberException e) {
            throw error;
        }
    }

    /** C's {@code %f}: six decimals, exactly rounded, the sign of a negative zero kept. */
    static String fixed(double value) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        String digits = new BigDecimal(Math.abs(value)).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        return Double.doubleToRawLongBits(value) < 0 ? "-" + digits : digits;
    }
}
