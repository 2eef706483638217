package org.luaj.vm2.compiler;

import java.io.IOException;
import java.io.InputStream;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;

/**
 * {@link LuaC#compile} with Lua 5.1's syntax errors: {@code chunk:line: message near 'token'}, the end of the
 * chunk called {@code <eof>}, and a lexical error found beforehand by Lua 5.1's lexer raised when the parser
 * reaches its token, as Lua 5.1 would. In LuaJ's package because the parser's classes are package-private.
 */
public final class Lua51Compiler {
    /**
     * The name of the upvalue through which compiled code reaches its globals. LuaJ's is {@code _ENV}, so that a
     * local named {@code _ENV} would become the globals as in Lua 5.2; in Lua 5.1 {@code _ENV} is an ordinary name,
     * and no identifier can spell this one.
     */
    public static final LuaString GLOBALS_UPVALUE = LuaString.valueOf("\0globals");

    private Lua51Compiler() {
    }

    /** A body that does not compile; the message is Lua 5.1's. */
    public static final class SyntaxError extends LuaError {
        private static final long serialVersionUID = 1L;

        public SyntaxError(String message) {
            super(message);
        }
    }

    /**
     * Compiles Lua source text as LuaC does (the body of its private luaY_parser), or throws {@link SyntaxError}.
     *
     * @param shortSource   the chunk's name as error messages give it ({@code user_script}, {@code [string "..."]})
     * @param lexicalError  the error Lua 5.1's lexer raises at token {@code lexicalIndex} (0 is the first), or null
     */
    public static Prototype compile(InputStream in, String chunkName, String shortSource, int lexicalIndex,
                                    SyntaxError lexicalError) throws IOException {
        LuaC.CompileState state = new LuaC.CompileState();
        Lua51LexState lexer = new Lua51LexState(state, in, shortSource, lexicalIndex, lexicalError);
        FuncState main = new FuncState();
        lexer.fs = main;
        lexer.setinput(state, in.read(), in, LuaValue.valueOf(chunkName));
        lexer.envn = GLOBALS_UPVALUE;
        main.f = new Prototype();
        main.f.source = LuaValue.valueOf(chunkName);
        try {
            lexer.mainfunc(main);
        } catch (NumberFormatException e) {
            // LuaJ's numerals are Lua 5.2's; Lua 5.1's lexer has refused the ones LuaJ cannot read
            throw new SyntaxError(shortSource + ":" + lexer.linenumber + ": malformed number");
        }
        return main.f;
    }

    private static final class Lua51LexState extends LexState {
        private static final String UNEXPECTED_SYMBOL = "unexpected symbol";
        /** Lua 5.2's words for a statement that is neither a call nor an assignment; Lua 5.1 expects the '='. */
        private static final String NOT_A_STATEMENT = "syntax error";

        private final String shortSource;
        private final int lexicalIndex;
        private final SyntaxError lexicalError;
        private int lexed;
        private boolean lookaheadHeld;

        Lua51LexState(LuaC.CompileState state, InputStream in, String shortSource, int lexicalIndex,
                      SyntaxError lexicalError) {
            super(state, in);
            this.shortSource = shortSource;
            this.lexicalIndex = lexicalIndex;
            this.lexicalError = lexicalError;
        }

        @Override
        void next() {
            if (lookaheadHeld) {
                lookaheadHeld = false;
            } else {
                beforeLexing();
            }
            super.next();
        }

        @Override
        void lookahead() {
            beforeLexing();
            lookaheadHeld = true;
            super.lookahead();
        }

        private void beforeLexing() {
            if (lexicalError != null && lexed == lexicalIndex) {
                throw lexicalError;
            }
            lexed++;
        }

        @Override
        String token2str(int token) {
            return token == TK_EOS ? "<eof>" : super.token2str(token);
        }

        /** luaX_lexerror: the token is quoted, a name, string or number as far as it was read. */
        @Override
        void lexerror(String msg, int token) {
            // LuaJ says "unexpected symbol 286 (?)"
            String text = msg.startsWith(UNEXPECTED_SYMBOL) ? UNEXPECTED_SYMBOL
                    : msg.equals(NOT_A_STATEMENT) ? "'=' expected" : msg;
            String where = shortSource + ":" + linenumber + ": " + text;
            if (token == 0) {
                throw new SyntaxError(where);
            }
            String near = switch (token) {
                case TK_NAME, TK_STRING, TK_NUMBER -> bufferText();
                default -> token2str(token);
            };
            throw new SyntaxError(where + " near '" + near + "'");
        }

        /** The lexer's buffer as C prints it: up to its first NUL (LuaJ ends numerals with one). */
        private String bufferText() {
            String s = new String(buff, 0, nbuff);
            int nul = s.indexOf('\0');
            return nul < 0 ? s : s.substring(0, nul);
        }
    }
}
