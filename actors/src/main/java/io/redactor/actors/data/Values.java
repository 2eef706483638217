package io.redactor.actors.data;

/** What TYPE and OBJECT ENCODING say of a stored value. */
public final class Values {
    private Values() {
    }

    public static String typeName(Object value) {
        if (value == null) {
            return "none";
        }
        if (value instanceof DataValue data) {
            return data.typeName();
        }
        if (StringValues.isString(value)) {
            return "string";
        }
        throw new IllegalArgumentException("unknown value type " + value.getClass());
    }

    public static String encoding(Object value) {
        if (value instanceof DataValue data) {
            return data.encoding();
        }
        if (StringValues.isString(value)) {
            return StringValues.encoding(value);
        }
        throw new IllegalArgumentException("unknown value type " + value.getClass());
    }

    /** An independent copy for COPY: immutable values are shared, the others duplicated. */
    public static Object duplicate(Object value) {
        if (value instanceof MutableString mutable) {
            return new MutableString(mutable.toBytes(), 0);
        }
        if (value instanceof DataValue data) {
            return data.copy();
        }
        return value;
    }
}
