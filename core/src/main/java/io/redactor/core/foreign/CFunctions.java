package io.redactor.core.foreign;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Functions of the C library (libc and libm) called through the foreign function API. That API is final from JDK 22
 * and a preview in JDK 21, which the code is compiled for, so it is reached by reflection. It needs native access
 * ({@code java --enable-native-access=ALL-UNNAMED}); where it cannot be used, {@link #unavailableReason()} says why
 * and callers fall back to doing without.
 */
public final class CFunctions {
    private static final Linking LINKING = Linking.prepare();

    private CFunctions() {
    }

    /** Why C functions cannot be called in this JVM, or null when they can. */
    public static String unavailableReason() {
        return LINKING.failure;
    }

    /**
     * A handle on the C function {@code name} taking and returning the given types ({@code int.class},
     * {@code long.class} or {@code double.class}; {@code void.class} for no result), invoked exactly with those
     * types.
     *
     * @throws IllegalStateException when C functions cannot be called or the function is not found
     */
    public static MethodHandle function(String name, Class<?> result, Class<?>... parameters) {
        if (LINKING.failure != null) {
            throw new IllegalStateException(LINKING.failure);
        }
        try {
            return LINKING.link(name, result, parameters);
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot link " + name + ": " + cause, cause);
        }
    }

    /** The reflective entry points of the foreign function API, or why there are none. */
    private static final class Linking {
        final String failure;
        private Object linker;
        private Object lookup;
        private Method find;
        private Method descriptorOf;
        private Method voidDescriptorOf;
        private Method downcall;
        private Class<?> layoutType;
        private Object noOptions;
        private Object intLayout;
        private Object longLayout;
        private Object doubleLayout;

        private Linking(String failure) {
            this.failure = failure;
        }

        static Linking prepare() {
            if (Runtime.version().feature() < 22) {
                return new Linking("native calls need JDK 22 or later");
            }
            try {
                if (!(boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(CFunctions.class.getModule())) {
                    return new Linking("native access is off (java --enable-native-access=ALL-UNNAMED turns it on)");
                }
                Linking linking = new Linking(null);
                Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
                linking.layoutType = Class.forName("java.lang.foreign.MemoryLayout");
                Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
                Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
                Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
                Class<?> valueLayouts = Class.forName("java.lang.foreign.ValueLayout");
                linking.linker = linkerType.getMethod("nativeLinker").invoke(null);
                linking.lookup = linkerType.getMethod("defaultLookup").invoke(linking.linker);
                linking.find = Class.forName("java.lang.foreign.SymbolLookup").getMethod("find", String.class);
                Class<?> layouts = linking.layoutType.arrayType();
                linking.descriptorOf = descriptorType.getMethod("of", linking.layoutType, layouts);
                linking.voidDescriptorOf = descriptorType.getMethod("ofVoid", layouts);
                linking.downcall = linkerType.getMethod("downcallHandle", segmentType, descriptorType,
                        optionType.arrayType());
                linking.noOptions = Array.newInstance(optionType, 0);
                linking.intLayout = valueLayouts.getField("JAVA_INT").get(null);
                linking.longLayout = valueLayouts.getField("JAVA_LONG").get(null);
                linking.doubleLayout = valueLayouts.getField("JAVA_DOUBLE").get(null);
                return linking;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return new Linking(String.valueOf(e.getCause() != null ? e.getCause() : e));
            }
        }

        MethodHandle link(String name, Class<?> result, Class<?>... parameters)
                throws ReflectiveOperationException {
            Object symbol = ((Optional<?>) find.invoke(lookup, name))
                    .orElseThrow(() -> new IllegalArgumentException("no C function " + name));
            Object arguments = Array.newInstance(layoutType, parameters.length);
            for (int i = 0; i < parameters.length; i++) {
                Array.set(arguments, i, layout(parameters[i]));
            }
            Object descriptor = result == void.class ? voidDescriptorOf.invoke(null, arguments)
                    : descriptorOf.invoke(null, layout(result), arguments);
            return (MethodHandle) downcall.invoke(linker, symbol, descriptor, noOptions);
        }

        private Object layout(Class<?> type) {
            if (type == int.class) {
                return intLayout;
            }
            if (type == long.class) {
                return longLayout;
            }
            if (type == double.class) {
                return doubleLayout;
            }
            throw new IllegalArgumentException("no C layout for " + type);
        }
    }
}
