package io.redactor.lua;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/** {@code string.format} with Lua 5.1's C printf semantics (64-bit %d, precision for %e/%f/%g, %q). */
final class Lua51Format {
    private static final String FLAGS = "-+ #0";

    private Lua51Format() {
    }

    static Varargs format(Varargs args) {
        LuaString fmt = Args.checkString(args, 1);
        byte[] f = fmt.m_bytes;
        int end = fmt.m_offset + fmt.m_length;
        ByteArrayOutputStream out = new ByteArrayOutputStream(fmt.m_length + 16);
        int arg = 1;
        for (int i = fmt.m_offset; i < end;) {
            byte ch = f[i++];
            if (ch != '%') {
                out.write(ch);
                continue;
            }
            if (i < end && f[i] == '%') {
                out.write('%');
                i++;
                continue;
            }
            // spec: flags, width (2 digits), precision (2 digits), conversion
            int specStart = i;
            while (i < end && FLAGS.indexOf(f[i]) >= 0) {
                i++;
            }
            if (i - specStart > FLAGS.length()) {
                throw new LuaError("invalid format (repeated flags)");
            }
            String flags = new String(f, specStart, i - specStart, StandardCharsets.ISO_8859_1);
            int width = -1;
            int digits = 0;
            while (i < end && Character.isDigit(f[i])) {
                width = (width < 0 ? 0 : width * 10) + (f[i] - '0');
                i++;
                digits++;
            }
            int precision = -1;
            boolean tooLong = digits > 2;
            if (i < end && f[i] == '.') {
                i++;
                precision = 0;
                digits = 0;
                while (i < end && Character.isDigit(f[i])) {
                    precision = precision * 10 + (f[i] - '0');
                    i++;
                    digits++;
                }
                tooLong |= digits > 2;
            }
            if (tooLong) {
                throw new LuaError("invalid format (width or precision too long)");
            }
            if (i >= end) {
                throw new LuaError("invalid option '%' to 'format'");
            }
            char conversion = (char) (f[i++] & 0xff);
            arg++;
            if (arg > args.narg() && conversion != '%') {
                throw Args.error(arg, "no value");
            }
            String text;
            switch (conversion) {
                case 'c': {
                    // sprintf(buff, form, (int) number), then strlen(buff): a NUL ends the text there
                    int c = Lua51Numbers.toInt32LikeC(Args.checkNumber(args, arg));
                    if ((byte) c == 0) {
                        out.writeBytes(" ".repeat(flags.indexOf('-') >= 0 ? 0 : Math.max(0, width - 1))
                                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                    } else {
                        out.writeBytes(pad(new byte[] {(byte) c}, flags, width));
                    }
                    continue;
                }
                case 'd':
                case 'i': {
                    long v = Lua51Numbers.toLongLikeC(Args.checkNumber(args, arg));
                    text = integer(Long.toString(Math.abs(v)).replace("-", ""), v < 0, flags, precision);
                    if (v == Long.MIN_VALUE) {
                        text = integer("9223372036854775808", true, flags, precision);
                    }
                    break;
                }
                case 'o':
                case 'u':
                case 'x':
                case 'X': {
                    long v = Lua51Numbers.toLongLikeC(Args.checkNumber(args, arg));
                    String digitsText = switch (conversion) {
                        case 'o' -> Long.toOctalString(v);
                        case 'u' -> Long.toUnsignedString(v);
                        case 'x' -> Long.toHexString(v);
                        default -> Long.toHexString(v).toUpperCase();
                    };
                    if (flags.indexOf('#') >= 0 && v != 0) {
                        if (conversion == 'o' && !digitsText.startsWith("0")) {
                            digitsText = "0" + digitsText;
                        } else if (conversion == 'x') {
                            digitsText = "0x" + zeros(digitsText, precision);
                            precision = -1;
                        } else if (conversion == 'X') {
                            digitsText = "0X" + zeros(digitsText, precision);
                            precision = -1;
                        }
                    }
                    text = integer(digitsText, false, flags.replace("+", "").replace(" ", ""), precision);
                    break;
                }
                case 'e':
                case 'E':
                case 'f':
                case 'g':
                case 'G': {
                    double v = Args.checkNumber(args, arg);
                    int p = precision < 0 ? 6 : precision;
                    boolean alt = flags.indexOf('#') >= 0;
                    String body = switch (conversion) {
                        case 'e', 'E' -> Lua51Numbers.formatE(v, p, alt, conversion == 'E');
                        case 'f' -> Lua51Numbers.formatF(v, p, alt);
                        default -> Lua51Numbers.formatG(v, p, alt, conversion == 'G');
                    };
                    boolean negative = body.startsWith("-");
                    if (negative) {
                        body = body.substring(1);
                    }
                    String sign = negative ? "-" : flags.indexOf('+') >= 0 ? "+" : flags.indexOf(' ') >= 0 ? " " : "";
                    boolean finite = !Double.isNaN(v) && !Double.isInfinite(v);
                    if (flags.indexOf('0') >= 0 && flags.indexOf('-') < 0 && finite && width > 0) {
                        body = "0".repeat(Math.max(0, width - sign.length() - body.length())) + body;
                    }
                    text = sign + body;
                    break;
                }
                case 'q': {
                    LuaString s = Args.checkString(args, arg);
                    quote(out, s);
                    continue;
                }
                case 's': {
                    LuaValue v = args.arg(arg);
                    LuaString s = Args.checkString(args, arg);
                    if (v instanceof LuaString ls) {
                        s = ls;
                    }
                    byte[] bytes = new byte[s.m_length];
                    System.arraycopy(s.m_bytes, s.m_offset, bytes, 0, s.m_length);
                    if (precision >= 0 && bytes.length > precision) {
                        byte[] cut = new byte[precision];
                        System.arraycopy(bytes, 0, cut, 0, precision);
                        bytes = cut;
                    }
                    out.writeBytes(pad(bytes, flags, width));
                    continue;
                }
                default:
                    throw new LuaError("invalid option '%" + conversion + "' to 'format'");
            }
            out.writeBytes(pad(text.getBytes(StandardCharsets.ISO_8859_1), flags, width));
        }
        return LuaString.valueUsing(out.toByteArray());
    }

    private static String zeros(String digits, int precision) {
        return precision > digits.length() ? "0".repeat(precision - digits.length()) + digits : digits;
    }

    /** An integer conversion's text: precision as minimum digits, sign flags, zero padding applied in pad. */
    private static String integer(String digits, boolean negative, String flags, int precision) {
        if (precision == 0 && digits.equals("0")) {
            digits = "";
        }
        digits = zeros(digits, precision);
        String sign = negative ? "-" : flags.indexOf('+') >= 0 ? "+" : flags.indexOf(' ') >= 0 ? " " : "";
        String marker = precision >= 0 ? "" : "\u0000";
        return marker + sign + digits;
    }

    private static byte[] pad(byte[] text, String flags, int width) {
        boolean zeroAllowed = text.length > 0 && text[0] == 0;
        if (zeroAllowed) {
            byte[] t = new byte[text.length - 1];
            System.arraycopy(text, 1, t, 0, t.length);
            text = t;
        }
        if (width <= text.length) {
            return text;
        }
        byte[] out = new byte[width];
        int fill = width - text.length;
        if (flags.indexOf('-') >= 0) {
            System.arraycopy(text, 0, out, 0, text.length);
            java.util.Arrays.fill(out, text.length, width, (byte) ' ');
        } else if (zeroAllowed && flags.indexOf('0') >= 0) {
            int signLength = text.length > 0 && (text[0] == '-' || text[0] == '+' || text[0] == ' ') ? 1 : 0;
            if (text.length > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
                signLength = 2;
            }
            System.arraycopy(text, 0, out, 0, signLength);
            java.util.Arrays.fill(out, signLength, signLength + fill, (byte) '0');
            System.arraycopy(text, signLength, out, signLength + fill, text.length - signLength);
        } else {
            java.util.Arrays.fill(out, 0, fill, (byte) ' ');
            System.arraycopy(text, 0, out, fill, text.length);
        }
        return out;
    }

    private static void quote(ByteArrayOutputStream out, LuaString s) {
        out.write('"');
        for (int i = 0; i < s.m_length; i++) {
            byte b = s.m_bytes[s.m_offset + i];
            switch (b) {
                case '"', '\\', '\n' -> {
                    out.write('\\');
                    out.write(b);
                }
                case '\r' -> out.writeBytes("\\r".getBytes(StandardCharsets.ISO_8859_1));
                case 0 -> out.writeBytes("\\000".getBytes(StandardCharsets.ISO_8859_1));
                default -> out.write(b);
            }
        }
        out.write('"');
    }
}
