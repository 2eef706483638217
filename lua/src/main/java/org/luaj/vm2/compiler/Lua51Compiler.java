package org.luaj.vm2.compiler;

import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntFunction;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;

/**
 * {@link LuaC#compile} with Lua 5.1's lexer and syntax errors: the parser takes the tokens Redactor's Lua 5.1 lexer
 * made ({@link LuaTokens}; LuaJ's own lexer is Lua 5.2's, and lexing twice cost a third of compiling a large
 * library), errors read {@code chunk:line: message near 'token'}, the end of the chunk is called {@code <eof>}, and
 * a lexical error is raised when the parser reaches its token, as Lua 5.1 would. In LuaJ's package because the
 * parser's classes are package-private.
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
     * Compiles a chunk as LuaC does (the body of its private luaY_parser), taking its tokens from {@code tokens}
     * instead of lexing it again, or throws {@link SyntaxError}.
     *
     * @param nearText      the text Lua 5.1 quotes for a name, string or number token ({@code near '...'}), by index
     * @param shortSource   the chunk's name as error messages give it ({@code user_script}, {@code [string "..."]})
     * @param lexicalError  the error Lua 5.1's lexer raised after the last of {@code tokens}, or null when they end
     *                      with {@link LuaTokens#EOS}
     */
    public static Prototype compile(LuaTokens tokens, IntFunction<String> nearText, String chunkName,
                                    String shortSource, SyntaxError lexicalError) {
        LuaC.CompileState state = new LuaC.CompileState();
        Lua51LexState lexer = new Lua51LexState(state, tokens, nearText, shortSource, lexicalError);
        FuncState main = new FuncState();
        lexer.fs = main;
        lexer.setinput(state, -1, InputStream.nullInputStream(), LuaValue.valueOf(chunkName));
        lexer.envn = GLOBALS_UPVALUE;
        main.f = new Prototype();
        main.f.source = LuaValue.valueOf(chunkName);
        lexer.mainfunc(main);
        return SharedPrototypeParts.share(main.f);
    }

    /** LuaJ's parser over {@link LuaTokens}: {@code next} and {@code lookahead} hand it the tokens one by one. */
    private static final class Lua51LexState extends LexState {
        private static final String UNEXPECTED_SYMBOL = "unexpected symbol";
        /** Lua 5.2's words for a statement that is neither a call nor an assignment; Lua 5.1 expects the '='. */
        private static final String NOT_A_STATEMENT = "syntax error";
        private static final VarHandle TOKEN;
        private static final VarHandle SEMINFO;
        private static final VarHandle VALUE;
        private static final VarHandle STRING_VALUE;

        static {
            // LuaJ's Token and SemInfo are private classes: their fields are reached the way its own code would
            try {
                Class<?> token = Class.forName("org.luaj.vm2.compiler.LexState$Token");
                Class<?> semInfo = Class.forName("org.luaj.vm2.compiler.LexState$SemInfo");
                MethodHandles.Lookup tokens = MethodHandles.privateLookupIn(token, MethodHandles.lookup());
                MethodHandles.Lookup semInfos = MethodHandles.privateLookupIn(semInfo, MethodHandles.lookup());
                TOKEN = tokens.findVarHandle(token, "token", int.class);
                SEMINFO = tokens.findVarHandle(token, "seminfo", semInfo);
                VALUE = semInfos.findVarHandle(semInfo, "r", LuaValue.class);
                STRING_VALUE = semInfos.findVarHandle(semInfo, "ts", LuaString.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final LuaC.CompileState strings;
        private final LuaTokens tokens;
        private final IntFunction<String> nearText;
        private final String shortSource;
        private final SyntaxError lexicalError;
        /** The next token to hand out; the one handed out last, whose text an error quotes; the held lookahead. */
        private int cursor;
        private int lastLexed = -1;
        private int held = -1;

        Lua51LexState(LuaC.CompileState state, LuaTokens tokens, IntFunction<String> nearText, String shortSource,
                      SyntaxError lexicalError) {
            super(state, InputStream.nullInputStream());
            this.strings = state;
            this.tokens = tokens;
            this.nearText = nearText;
            this.shortSource = shortSource;
            this.lexicalError = lexicalError;
        }

        @Override
        void next() {
            lastline = linenumber;
            int index = held >= 0 ? held : lex();
            held = -1;
            set(t, index);
            TOKEN.set((Object) lookahead, TK_EOS);
        }

        @Override
        void lookahead() {
            held = lex();
            set(lookahead, held);
        }

        /** Takes the next token as LuaJ's llex would read it: the line moves on to where it ends. */
        private int lex() {
            if (cursor == tokens.count) {
                if (lexicalError != null) {
                    throw lexicalError;
                }
                cursor--; // asked past the end: <eof> again, as LuaJ's lexer answers
            }
            int index = cursor++;
            linenumber = tokens.lines[index];
            lastLexed = index;
            return index;
        }

        private void set(Object token, int index) {
            int kind = tokens.kinds[index];
            TOKEN.set(token, kind);
            Object semInfo = SEMINFO.get(token);
            if (kind == TK_NUMBER) {
                VALUE.set(semInfo, tokens.values[index]);
            } else if (kind == TK_NAME || kind == TK_STRING) {
                // LuaJ's parser finds names in its string table: the lexer's values join it
                STRING_VALUE.set(semInfo, strings.newTString((LuaString) tokens.values[index]));
            }
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
                // as C Lua, the text of the token lexed last, which may be the lookahead
                case TK_NAME, TK_STRING, TK_NUMBER -> lastLexed < 0 ? "" : nearText.apply(lastLexed);
                default -> token2str(token);
            };
            throw new SyntaxError(where + " near '" + near + "'");
        }
    }
}
