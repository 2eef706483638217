package io.redactor.actors.data;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * How big the running JVM makes objects and arrays, for memory estimates: object and array headers, reference width
 * and alignment, read once from HotSpot's flags (compressed oops below 32 GB of heap, compact object headers when
 * enabled). Other JVMs get HotSpot's defaults.
 */
public final class JvmLayout {
    public static final int REF;
    public static final int OBJECT_HEADER;
    public static final int ARRAY_HEADER;
    public static final int ALIGN;

    static {
        boolean compressedOops = Runtime.getRuntime().maxMemory() < (32L << 30);
        boolean compressedClass = true;
        boolean compactHeaders = false;
        int align = 8;
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            compressedOops = flag(hotspot, "UseCompressedOops", compressedOops);
            compressedClass = flag(hotspot, "UseCompressedClassPointers", compressedClass);
            compactHeaders = flag(hotspot, "UseCompactObjectHeaders", false);
            align = Integer.parseInt(hotspot.getVMOption("ObjectAlignmentInBytes").getValue());
        } catch (RuntimeException | LinkageError notHotSpot) {
            // keep the defaults
        }
        REF = compressedOops ? 4 : 8;
        OBJECT_HEADER = compactHeaders ? 8 : compressedClass ? 12 : 16;
        ARRAY_HEADER = OBJECT_HEADER + 4;
        ALIGN = align;
    }

    private JvmLayout() {
    }

    private static boolean flag(HotSpotDiagnosticMXBean hotspot, String name, boolean otherwise) {
        try {
            return Boolean.parseBoolean(hotspot.getVMOption(name).getValue());
        } catch (IllegalArgumentException unknown) {
            return otherwise;
        }
    }

    static long align(long bytes, int to) {
        return (bytes + to - 1) & -to;
    }

    /** An array of {@code length} elements of {@code elementBytes} each. */
    public static long array(long length, int elementBytes) {
        long base = elementBytes == 8 ? align(ARRAY_HEADER, 8) : ARRAY_HEADER;
        return align(base + length * elementBytes, ALIGN);
    }

    public static long bytes(int length) {
        return align(ARRAY_HEADER + (long) length, ALIGN);
    }

    public static long refs(int length) {
        return array(length, REF);
    }

    /** An object with {@code refs} references and {@code primitiveBytes} bytes of primitive fields. */
    public static long object(int refs, int primitiveBytes) {
        return align(OBJECT_HEADER + (long) refs * REF + primitiveBytes, ALIGN);
    }
}
