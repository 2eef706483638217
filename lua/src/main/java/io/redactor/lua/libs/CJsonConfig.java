package io.redactor.lua.libs;

/**
 * The settings of one cjson module (the one installed as {@code cjson}, or one {@code cjson.new()} made), with
 * lua-cjson's defaults. Scripts change them, and in Redis the change lasts for later scripts until the Lua state
 * is reset ({@code SCRIPT FLUSH}); whoever shares a module shares its settings.
 */
final class CJsonConfig {
    static final int INVALID_NUMBERS_OFF = 0;
    static final int INVALID_NUMBERS_ON = 1;
    static final int INVALID_NUMBERS_NULL = 2;

    volatile int encodeSparseConvert = 0;
    volatile int encodeSparseRatio = 2;
    volatile int encodeSparseSafe = 10;
    volatile int encodeMaxDepth = 1000;
    volatile int decodeMaxDepth = 1000;
    volatile int encodeInvalidNumbers = INVALID_NUMBERS_OFF;
    volatile int decodeInvalidNumbers = 1;
    volatile int encodeKeepBuffer = 1;
    volatile int encodeNumberPrecision = 14;
}
