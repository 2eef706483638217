package io.redactor.lua;

import static org.objectweb.asm.Opcodes.AALOAD;
import static org.objectweb.asm.Opcodes.AASTORE;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ARETURN;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.ATHROW;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.GETSTATIC;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.IADD;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.IFEQ;
import static org.objectweb.asm.Opcodes.IFNE;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.NEW;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.SIPUSH;
import static org.objectweb.asm.Opcodes.V21;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.SortedSet;
import java.util.TreeSet;

import org.luaj.vm2.Lua;
import org.luaj.vm2.Prototype;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.MethodTooLargeException;

/**
 * Compiles a Lua function prototype to a JVM class implementing {@link CompiledFunction}: each Lua instruction
 * becomes the bytecode of the interpreter's case for it in {@link ScriptClosure}, with its operands as constants
 * and its jumps as JVM jumps, so nothing is decoded or dispatched at run time and the JIT sees each Lua loop as
 * a Java loop. Registers stay in the frame's array (upvalues point into it, calls take slices of it), and the
 * instructions that are more than a line call the {@link FrameOps} the interpreter calls, so both run a function
 * alike: same values, same errors at the same positions, same polls of the stop flag.
 *
 * <p>The classes are hidden classes: nothing names them, and they are unloaded with the script that made them.
 */
final class PrototypeCompiler {
    /**
     * HotSpot's JIT leaves methods longer than this many bytes of bytecode to the JVM's interpreter
     * ({@code -XX:HugeMethodLimit}), which would run a Lua function far slower than {@link ScriptClosure} does.
     */
    static final int MAX_CODE_BYTES = 8000;

    private static final String CLASS_NAME = "io/redactor/lua/CompiledLuaFunction";
    private static final String LUA_VALUE = "org/luaj/vm2/LuaValue";
    private static final String VALUE = "L" + LUA_VALUE + ";";
    private static final String VARARGS = "Lorg/luaj/vm2/Varargs;";
    private static final String CLOSURE = "Lio/redactor/lua/ScriptClosure;";
    private static final String RUN = "Lio/redactor/lua/ScriptRun;";
    private static final String VALUES = "[" + VALUE;
    private static final String UPVALUES = "[Lorg/luaj/vm2/UpValue;";
    private static final String FRAME_OPS = "io/redactor/lua/FrameOps";
    private static final String ARITH = "io/redactor/lua/Lua51Arith";
    private static final String SCRIPT_CLOSURE = "io/redactor/lua/ScriptClosure";

    // the locals of CompiledFunction.run
    private static final int CLOSURE_ARG = 1;
    private static final int STACK = 2;
    private static final int VARARGS_ARG = 3;
    private static final int OPENUPS = 4;
    private static final int RUN_ARG = 5;
    private static final int ENTRY = 6;
    private static final int V = 7;
    private static final int TOP = 8;
    private static final int K = 9;
    private static final int UPVALS = 10;
    private static final int PC = 11;
    private static final int TMP = 12;

    private final Prototype p;
    private final int[] code;
    private final MethodVisitor mv;
    private final Label[] labels;

    private PrototypeCompiler(Prototype p, MethodVisitor mv) {
        this.p = p;
        this.code = p.code;
        this.mv = mv;
        this.labels = new Label[code.length + 1];
        for (int j = 0; j < labels.length; j++) {
            labels[j] = new Label();
        }
    }

    /** The compiled function, or null when {@code p} is too long for the JIT (it stays interpreted). */
    static CompiledFunction compile(Prototype p) {
        byte[] bytes = classBytes(p);
        if (bytes == null) {
            return null;
        }
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(bytes, true);
            return (CompiledFunction) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("a compiled Lua function did not load", e);
        }
    }

    /** The class file for {@code p}, or null when its method would be longer than {@link #MAX_CODE_BYTES}. */
    static byte[] classBytes(Prototype p) {
        if (surelyTooLong(p)) {
            return null;
        }
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(V21, ACC_FINAL | ACC_SUPER, CLASS_NAME, null, "java/lang/Object",
                new String[] {"io/redactor/lua/CompiledFunction"});
        MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "run",
                "(" + CLOSURE + VALUES + VARARGS + UPVALUES + RUN + "I" + VARARGS + "I)" + VARARGS, null, null);
        Label end = new PrototypeCompiler(p, mv).body();
        if (end == null) {
            return null;
        }
        cw.visitEnd();
        byte[] bytes;
        try {
            bytes = cw.toByteArray();
        } catch (MethodTooLargeException e) {
            return null;
        }
        return end.getOffset() > MAX_CODE_BYTES ? null : bytes;
    }

    /** The label after the method's last instruction, or null once the code passes {@link #MAX_CODE_BYTES}. */
    /**
     * Whether the method would pass {@link #MAX_CODE_BYTES} whatever its instructions: each one but EXTRAARG (at most
     * every other one) starts with at least 3 bytes recording its pc ({@link #at}).
     */
    private static boolean surelyTooLong(Prototype p) {
        return (p.code.length + 1) / 2 * 3 > MAX_CODE_BYTES;
    }

    private Label body() {
        mv.visitCode();
        Label start = new Label();
        Label finish = new Label();
        Label luaError = new Label();
        Label killed = new Label();
        Label overflow = new Label();
        Label outOfMemory = new Label();
        mv.visitTryCatchBlock(start, finish, luaError, "org/luaj/vm2/LuaError");
        mv.visitTryCatchBlock(start, finish, killed, "io/redactor/lua/ScriptKilledError");
        mv.visitTryCatchBlock(start, finish, overflow, "java/lang/StackOverflowError");
        mv.visitTryCatchBlock(start, finish, outOfMemory, "java/lang/OutOfMemoryError");
        mv.visitVarInsn(ALOAD, CLOSURE_ARG);
        mv.visitFieldInsn(GETFIELD, "org/luaj/vm2/LuaClosure", "p", "Lorg/luaj/vm2/Prototype;");
        mv.visitFieldInsn(GETFIELD, "org/luaj/vm2/Prototype", "k", VALUES);
        mv.visitVarInsn(ASTORE, K);
        mv.visitVarInsn(ALOAD, CLOSURE_ARG);
        mv.visitFieldInsn(GETFIELD, "org/luaj/vm2/LuaClosure", "upValues", UPVALUES);
        mv.visitVarInsn(ASTORE, UPVALS);
        mv.visitInsn(ICONST_0);
        mv.visitVarInsn(ISTORE, PC);
        mv.visitLabel(start);
        entries();
        for (int j = 0; j < code.length; j++) {
            mv.visitLabel(labels[j]);
            if (labels[j].getOffset() > MAX_CODE_BYTES) {
                // given up before ASM computes the frames, which costs seconds for a library's 100,000-line main chunk
                return null;
            }
            int i = code[j];
            int op = Lua.GET_OPCODE(i);
            if (op == Lua.OP_EXTRAARG) {
                continue; // the operand of the LOADKX or SETLIST before it
            }
            at(op == Lua.OP_SETLIST && Lua.GETARG_C(i) == 0 ? j + 1 : j);
            instruction(j, i, op);
        }
        mv.visitLabel(labels[code.length]);
        throwIllegalState("the function ran past its last instruction");
        mv.visitLabel(finish);
        handler(luaError, "(Lorg/luaj/vm2/LuaError;" + CLOSURE + RUN + "I)Lorg/luaj/vm2/LuaError;", true);
        handler(killed, "(Lio/redactor/lua/ScriptKilledError;" + CLOSURE + "I)Lio/redactor/lua/ScriptKilledError;", false);
        handler(overflow, "(Ljava/lang/VirtualMachineError;" + CLOSURE + RUN + "I)Lorg/luaj/vm2/LuaError;", true);
        handler(outOfMemory, "(Ljava/lang/VirtualMachineError;" + CLOSURE + RUN + "I)Lorg/luaj/vm2/LuaError;", true);
        Label end = new Label();
        mv.visitLabel(end);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        return end;
    }

    /** Jumps to instruction {@code entry}: 0, or a backward jump's target where the interpreter hands a loop over. */
    private void entries() {
        SortedSet<Integer> targets = new TreeSet<>();
        targets.add(0);
        for (int j = 0; j < code.length; j++) {
            int op = Lua.GET_OPCODE(code[j]);
            int target = j + 1 + Lua.GETARG_sBx(code[j]);
            if ((op == Lua.OP_JMP || op == Lua.OP_FORLOOP || op == Lua.OP_TFORLOOP) && target <= j) {
                targets.add(target);
            }
        }
        int[] keys = targets.stream().mapToInt(Integer::intValue).toArray();
        Label[] destinations = new Label[keys.length];
        for (int n = 0; n < keys.length; n++) {
            destinations[n] = labels[keys[n]];
        }
        Label other = new Label();
        mv.visitVarInsn(ILOAD, ENTRY);
        mv.visitLookupSwitchInsn(other, keys, destinations);
        mv.visitLabel(other);
        throwIllegalState("no loop starts at that instruction");
    }

    private void handler(Label label, String descriptor, boolean withRun) {
        mv.visitLabel(label);
        mv.visitVarInsn(ALOAD, CLOSURE_ARG);
        if (withRun) {
            mv.visitVarInsn(ALOAD, RUN_ARG);
        }
        mv.visitVarInsn(ILOAD, PC);
        mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "located", descriptor, false);
        mv.visitInsn(ATHROW);
    }

    private void instruction(int j, int i, int op) {
        int a = Lua.GETARG_A(i);
        int b = Lua.GETARG_B(i);
        int c = Lua.GETARG_C(i);
        int bx = Lua.GETARG_Bx(i);
        int target = j + 1 + Lua.GETARG_sBx(i);
        switch (op) {
            case Lua.OP_MOVE -> {
                register(a);
                load(b);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_LOADK -> {
                register(a);
                loadConstant(bx);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_LOADKX -> {
                register(a);
                loadConstant(code[j + 1] >>> 6);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_LOADBOOL -> {
                register(a);
                constant(b != 0 ? "TRUE" : "FALSE", "Lorg/luaj/vm2/LuaBoolean;");
                mv.visitInsn(AASTORE);
                if (c != 0) {
                    jump(j + 2);
                }
            }
            case Lua.OP_LOADNIL -> {
                for (int r = a; r <= a + b; r++) {
                    register(r);
                    constant("NIL", VALUE);
                    mv.visitInsn(AASTORE);
                }
            }
            case Lua.OP_GETUPVAL -> {
                register(a);
                upvalue(b);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_GETTABUP -> {
                register(a);
                upvalue(b);
                rk(c);
                index();
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_GETTABLE -> {
                register(a);
                load(b);
                rk(c);
                index();
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_SETTABUP -> {
                upvalue(a);
                rk(b);
                rk(c);
                mv.visitMethodInsn(INVOKEVIRTUAL, LUA_VALUE, "set", "(" + VALUE + VALUE + ")V", false);
            }
            case Lua.OP_SETUPVAL -> {
                upvalueCell(b);
                load(a);
                mv.visitMethodInsn(INVOKEVIRTUAL, "org/luaj/vm2/UpValue", "setValue", "(" + VALUE + ")V", false);
            }
            case Lua.OP_SETTABLE -> {
                load(a);
                rk(b);
                rk(c);
                mv.visitMethodInsn(INVOKESTATIC, SCRIPT_CLOSURE, "setIndex", "(" + VALUE + VALUE + VALUE + ")V", false);
            }
            case Lua.OP_NEWTABLE -> {
                register(a);
                mv.visitTypeInsn(NEW, "io/redactor/lua/Lua51Table");
                mv.visitInsn(DUP);
                push(ScriptClosure.fb2int(b));
                push(ScriptClosure.fb2int(c));
                mv.visitMethodInsn(INVOKESPECIAL, "io/redactor/lua/Lua51Table", "<init>", "(II)V", false);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_SELF -> {
                load(b);
                mv.visitVarInsn(ASTORE, TMP);
                register(a + 1);
                mv.visitVarInsn(ALOAD, TMP);
                mv.visitInsn(AASTORE);
                register(a);
                mv.visitVarInsn(ALOAD, TMP);
                rk(c);
                index();
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_ADD, Lua.OP_SUB, Lua.OP_MUL, Lua.OP_DIV, Lua.OP_MOD, Lua.OP_POW -> {
                register(a);
                push(op);
                rk(b);
                rk(c);
                mv.visitVarInsn(ALOAD, RUN_ARG);
                mv.visitMethodInsn(INVOKESTATIC, ARITH, "arith", "(I" + VALUE + VALUE + RUN + ")" + VALUE, false);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_UNM, Lua.OP_LEN -> {
                register(a);
                load(b);
                mv.visitMethodInsn(INVOKESTATIC, ARITH, op == Lua.OP_UNM ? "unm" : "len", "(" + VALUE + ")" + VALUE, false);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_NOT -> {
                register(a);
                load(b);
                truth();
                Label isTrue = new Label();
                Label stored = new Label();
                mv.visitJumpInsn(IFNE, isTrue);
                constant("TRUE", "Lorg/luaj/vm2/LuaBoolean;");
                mv.visitJumpInsn(GOTO, stored);
                mv.visitLabel(isTrue);
                constant("FALSE", "Lorg/luaj/vm2/LuaBoolean;");
                mv.visitLabel(stored);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_CONCAT -> {
                register(a);
                mv.visitVarInsn(ALOAD, STACK);
                push(b);
                push(c);
                mv.visitMethodInsn(INVOKESTATIC, ARITH, "concat", "(" + VALUES + "II)" + VALUE, false);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_JMP -> {
                if (a > 0) {
                    mv.visitVarInsn(ALOAD, OPENUPS);
                    push(a - 1);
                    mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "closeUpvalues", "(" + UPVALUES + "I)V", false);
                }
                if (target <= j) {
                    tick(target);
                }
                jump(target);
            }
            case Lua.OP_EQ, Lua.OP_LT, Lua.OP_LE -> {
                rk(b);
                rk(c);
                if (op == Lua.OP_EQ) {
                    mv.visitMethodInsn(INVOKEVIRTUAL, LUA_VALUE, "eq_b", "(" + VALUE + ")Z", false);
                } else {
                    mv.visitMethodInsn(INVOKESTATIC, ARITH, op == Lua.OP_LT ? "lessThan" : "lessEqual",
                            "(" + VALUE + VALUE + ")Z", false);
                }
                skipUnless(a != 0, j);
            }
            case Lua.OP_TEST -> {
                load(a);
                truth();
                skipUnless(c != 0, j);
            }
            case Lua.OP_TESTSET -> {
                load(b);
                mv.visitVarInsn(ASTORE, TMP);
                mv.visitVarInsn(ALOAD, TMP);
                truth();
                skipUnless(c != 0, j);
                register(a);
                mv.visitVarInsn(ALOAD, TMP);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_CALL -> {
                tick(j + 1);
                callArguments(a, b);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "call", "(" + VALUES + "III" + VARARGS + ")" + VARARGS, false);
                mv.visitVarInsn(ASTORE, V);
                if (c > 0) {
                    if (c > 1) {
                        spread(a, c, V);
                    }
                    noMoreResults();
                } else {
                    setTopAfter(a);
                }
            }
            case Lua.OP_TAILCALL -> {
                tick(j + 1);
                callArguments(a, b);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "tailcall", "(" + VALUES + "III" + VARARGS + ")" + VARARGS, false);
                mv.visitInsn(ARETURN);
            }
            case Lua.OP_RETURN -> {
                switch (b) {
                    case 0 -> {
                        mv.visitVarInsn(ALOAD, STACK);
                        push(a);
                        mv.visitVarInsn(ILOAD, TOP);
                        mv.visitVarInsn(ALOAD, V);
                        mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "returnAll", "(" + VALUES + "II" + VARARGS + ")" + VARARGS, false);
                    }
                    case 1 -> constant("NONE", VALUE);
                    case 2 -> load(a);
                    default -> {
                        mv.visitVarInsn(ALOAD, STACK);
                        push(a);
                        push(b - 1);
                        mv.visitMethodInsn(INVOKESTATIC, LUA_VALUE, "varargsOf", "(" + VALUES + "II)" + VARARGS, false);
                    }
                }
                mv.visitInsn(ARETURN);
            }
            case Lua.OP_FORLOOP -> {
                Label done = new Label();
                mv.visitVarInsn(ALOAD, STACK);
                push(a);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "forLoop", "(" + VALUES + "I)Z", false);
                mv.visitJumpInsn(IFEQ, done);
                tick(target);
                jump(target);
                mv.visitLabel(done);
            }
            case Lua.OP_FORPREP -> {
                mv.visitVarInsn(ALOAD, STACK);
                push(a);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "forPrep", "(" + VALUES + "I)V", false);
                jump(target);
            }
            case Lua.OP_TFORCALL -> {
                mv.visitVarInsn(ALOAD, STACK);
                push(a);
                push(c);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "forCall", "(" + VALUES + "II)V", false);
                noMoreResults();
            }
            case Lua.OP_TFORLOOP -> {
                Label done = new Label();
                load(a + 1);
                mv.visitMethodInsn(INVOKEVIRTUAL, LUA_VALUE, "isnil", "()Z", false);
                mv.visitJumpInsn(IFNE, done);
                register(a);
                load(a + 1);
                mv.visitInsn(AASTORE);
                tick(target);
                jump(target);
                mv.visitLabel(done);
            }
            case Lua.OP_SETLIST -> {
                mv.visitVarInsn(ALOAD, STACK);
                push(a);
                push(b);
                push(c != 0 ? c : code[j + 1] >>> 6);
                mv.visitVarInsn(ILOAD, TOP);
                mv.visitVarInsn(ALOAD, V);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "setList", "(" + VALUES + "IIII" + VARARGS + ")V", false);
                noMoreResults();
            }
            case Lua.OP_CLOSURE -> {
                register(a);
                mv.visitVarInsn(ALOAD, CLOSURE_ARG);
                push(bx);
                mv.visitVarInsn(ALOAD, STACK);
                mv.visitVarInsn(ALOAD, OPENUPS);
                mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "closure", "(" + CLOSURE + "I" + VALUES + UPVALUES + ")" + CLOSURE, false);
                mv.visitInsn(AASTORE);
            }
            case Lua.OP_VARARG -> {
                if (b == 0) {
                    mv.visitVarInsn(ALOAD, VARARGS_ARG);
                    mv.visitVarInsn(ASTORE, V);
                    setTopAfter(a);
                } else {
                    spread(a, b, VARARGS_ARG);
                }
            }
            default -> throwIllegalState("bad opcode " + op);
        }
    }

    /** What the interpreter's catch sees as {@code pc - 1} from here on: the instruction running. */
    private void at(int pc) {
        push(pc);
        mv.visitVarInsn(ISTORE, PC);
    }

    /** FrameOps.tick with the interpreter's pc at that point ({@code pc}; its catch would use pc - 1). */
    private void tick(int pc) {
        at(pc - 1);
        mv.visitVarInsn(ALOAD, RUN_ARG);
        mv.visitVarInsn(ALOAD, CLOSURE_ARG);
        push(pc);
        mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "tick", "(" + RUN + CLOSURE + "I)Z", false);
        mv.visitInsn(POP); // already compiled
    }

    private void callArguments(int a, int b) {
        mv.visitVarInsn(ALOAD, STACK);
        push(a);
        push(b);
        mv.visitVarInsn(ILOAD, TOP);
        mv.visitVarInsn(ALOAD, V);
    }

    /** FrameOps.spread of the Varargs in local {@code values} into registers {@code a ..}. */
    private void spread(int a, int n, int values) {
        mv.visitVarInsn(ALOAD, STACK);
        push(a);
        push(n);
        mv.visitVarInsn(ALOAD, values);
        mv.visitMethodInsn(INVOKESTATIC, FRAME_OPS, "spread", "(" + VALUES + "II" + VARARGS + ")V", false);
    }

    /** v = NONE: no call results wait beyond the registers. */
    private void noMoreResults() {
        constant("NONE", VALUE);
        mv.visitVarInsn(ASTORE, V);
    }

    /** top = a + v.narg() */
    private void setTopAfter(int a) {
        push(a);
        mv.visitVarInsn(ALOAD, V);
        mv.visitMethodInsn(INVOKEVIRTUAL, "org/luaj/vm2/Varargs", "narg", "()I", false);
        mv.visitInsn(IADD);
        mv.visitVarInsn(ISTORE, TOP);
    }

    /** With a boolean on the operand stack: skips the next instruction unless it equals {@code expected}. */
    private void skipUnless(boolean expected, int j) {
        mv.visitJumpInsn(expected ? IFEQ : IFNE, labels[j + 2]);
    }

    private void jump(int target) {
        mv.visitJumpInsn(GOTO, labels[target]);
    }

    /** The array and index of register r, for a store. */
    private void register(int r) {
        mv.visitVarInsn(ALOAD, STACK);
        push(r);
    }

    private void load(int r) {
        register(r);
        mv.visitInsn(AALOAD);
    }

    private void loadConstant(int index) {
        mv.visitVarInsn(ALOAD, K);
        push(index);
        mv.visitInsn(AALOAD);
    }

    /** An RK operand: a constant when its top bit is set, else a register. */
    private void rk(int x) {
        if (x > 0xff) {
            loadConstant(x & 0xff);
        } else {
            load(x);
        }
    }

    private void upvalueCell(int index) {
        mv.visitVarInsn(ALOAD, UPVALS);
        push(index);
        mv.visitInsn(AALOAD);
    }

    private void upvalue(int index) {
        upvalueCell(index);
        mv.visitMethodInsn(INVOKEVIRTUAL, "org/luaj/vm2/UpValue", "getValue", "()" + VALUE, false);
    }

    private void index() {
        mv.visitMethodInsn(INVOKESTATIC, SCRIPT_CLOSURE, "index", "(" + VALUE + VALUE + ")" + VALUE, false);
    }

    private void truth() {
        mv.visitMethodInsn(INVOKEVIRTUAL, LUA_VALUE, "toboolean", "()Z", false);
    }

    private void constant(String name, String descriptor) {
        mv.visitFieldInsn(GETSTATIC, LUA_VALUE, name, descriptor);
    }

    private void push(int value) {
        if (value >= -1 && value <= 5) {
            mv.visitInsn(ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            mv.visitIntInsn(BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            mv.visitIntInsn(SIPUSH, value);
        } else {
            mv.visitLdcInsn(value);
        }
    }

    private void throwIllegalState(String message) {
        mv.visitTypeInsn(NEW, "java/lang/IllegalStateException");
        mv.visitInsn(DUP);
        mv.visitLdcInsn(message);
        mv.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false);
        mv.visitInsn(ATHROW);
    }
}
