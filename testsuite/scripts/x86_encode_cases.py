#!/usr/bin/env python3
# cachecat: statements to compare the x86-64 length encoder with gas.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
# usage: x86_encode_cases.py synthetic          (edge cases, one per line)
#        x86_encode_cases.py FILE.s ...          (the instructions in them)
#
# The synthetic cases put every operand shape next to the values where gas
# switches forms: immediates and displacements at the edges of a signed
# byte and of 32 bits, zero displacements under each base (%rbp and %r13
# need one), %rsp and %r12 bases (a SIB byte), extended and REX-only byte
# registers, symbols, segment overrides.
import re
import sys

GPR = {8: ["%rax", "%rcx", "%rsp", "%rbp", "%rsi", "%r8", "%r12", "%r13", "%r15"],
       4: ["%eax", "%ecx", "%esp", "%ebp", "%esi", "%r8d", "%r12d", "%r13d", "%r15d"],
       2: ["%ax", "%cx", "%sp", "%bp", "%si", "%r8w", "%r13w"],
       1: ["%al", "%cl", "%ah", "%spl", "%sil", "%dil", "%r8b", "%r13b"]}
SUF = {1: "b", 2: "w", 4: "l", 8: "q"}
MEMS = ["(%rax)", "(%rsp)", "(%rbp)", "(%r12)", "(%r13)", "0(%rax)", "0(%rbp)",
        "8(%rax)", "127(%rbx)", "128(%rbx)", "-128(%rcx)", "-129(%rcx)",
        "0x7f(%rdx)", "0x80(%rdx)", "8(%rsp)", "-8(%rbp)", "4(%r13)", "(%rax,%rbx)",
        "(%rax,%rbx,8)", "16(%rsp,%rax,4)", "(%r12,%r9,2)", "(%r13,%rax)",
        "200(%rbp,%r11,8)", "(,%rax,8)", "0(,%rax,8)", "sym(,%rax,8)",
        "sym(%rip)", "sym+8(%rip)", "sym-8(%rip)", ".LC3(%rip)", "0(%rip)",
        "sym@GOTPCREL(%rip)", "sym(%rax)", "sym+4(%rax,%rcx,2)", "sym", "1234",
        "0x7fffffff", "%fs:40", "%fs:0", "%fs:sym@tpoff", "%gs:(%rax)",
        "-2147483648(%rax)", "2147483647(%rax)"]
IMMS = ["$0", "$1", "$2", "$-1", "$127", "$128", "$-128", "$-129", "$255", "$256",
        "$0x7f", "$0x80", "$65535", "$65536", "$32767", "$-32768", "$-32769",
        "$2147483647", "$-2147483648", "$4294967295", "$0xffffffff", "$sym",
        "$sym+8", "$.LC0", "$2147483648", "$0xff"]


def synthetic():
    out = []
    alu = ["add", "or", "adc", "sbb", "and", "sub", "xor", "cmp", "test", "mov"]
    for op in alu:
        for size, regs in GPR.items():
            s = SUF[size]
            for r in regs:
                for r2 in regs[:3]:
                    out.append(f"{op}{s} {r2}, {r}")
                    out.append(f"{op} {r2}, {r}")
                for i in IMMS:
                    out.append(f"{op}{s} {i}, {r}")
                for m in MEMS[::3]:
                    out.append(f"{op}{s} {m}, {r}")
                    out.append(f"{op}{s} {r}, {m}")
            for m in MEMS:
                for i in IMMS[::2]:
                    out.append(f"{op}{s} {i}, {m}")
    for op in ["rol", "ror", "rcl", "rcr", "shl", "sal", "shr", "sar"]:
        for size, regs in GPR.items():
            s = SUF[size]
            for r in regs[::2] + MEMS[::7]:
                out += [f"{op}{s} {r}", f"{op}{s} $1, {r}", f"{op}{s} $2, {r}",
                        f"{op}{s} $31, {r}", f"{op}{s} %cl, {r}"]
    for op in ["inc", "dec", "neg", "not", "mul", "imul", "div", "idiv"]:
        for size, regs in GPR.items():
            for r in regs[::2] + MEMS[::5]:
                out.append(f"{op}{SUF[size]} {r}")
    for size in (2, 4, 8):
        s = SUF[size]
        for r in GPR[size]:
            for src in GPR[size][:3] + MEMS[::4]:
                out.append(f"imul{s} {src}, {r}")
                for i in ["$3", "$127", "$128", "$-128", "$1000", "$-1"]:
                    out.append(f"imul{s} {i}, {src}, {r}")
            out.append(f"imul{s} $10, {r}")
            for m in MEMS[::2]:
                out.append(f"lea{s} {m}, {r}")
            out.append(f"movbe{s} {MEMS[size]}, {r}")
            out.append(f"movbe{s} {r}, {MEMS[size + 3]}")
            for op in ["bsf", "bsr", "tzcnt", "lzcnt", "popcnt", "cmpxchg", "xadd", "xchg",
                       "bt", "bts", "btr", "btc"]:
                out.append(f"{op}{s} {GPR[size][1]}, {r}")
                out.append(f"{op}{s} {r}, {MEMS[7]}")
            for op in ["bt", "bts", "btr", "btc"]:
                out.append(f"{op}{s} $5, {r}")
                out.append(f"{op}{s} $5, {MEMS[9]}")
            out.append(f"xchg{s} %{'r' if size == 8 else 'e' if size == 4 else ''}ax, {r}")
            out.append(f"xchg{s} {r}, {GPR[size][0]}")
            for c in ["e", "ne", "l", "g", "le", "ae", "b", "s"]:
                out.append(f"cmov{c} {GPR[size][2]}, {r}")
                out.append(f"cmov{c}{s} {MEMS[5]}, {r}")
            out.append(f"shld{s} $3, {GPR[size][1]}, {r}")
            out.append(f"shrd{s} %cl, {GPR[size][1]}, {r}")
            if size >= 4:
                out.append(f"bswap{s} {r}")
                out.append(f"bswap {r}")
    for op, src_regs, dst_regs in [("movzbl", GPR[1], GPR[4]), ("movzbw", GPR[1], GPR[2]),
                                   ("movzbq", GPR[1], GPR[8]), ("movzwl", GPR[2], GPR[4]),
                                   ("movzwq", GPR[2], GPR[8]), ("movsbl", GPR[1], GPR[4]),
                                   ("movsbw", GPR[1], GPR[2]), ("movsbq", GPR[1], GPR[8]),
                                   ("movswl", GPR[2], GPR[4]), ("movswq", GPR[2], GPR[8]),
                                   ("movslq", GPR[4], GPR[8])]:
        for d in dst_regs[::2]:
            for sr in src_regs[::2] + MEMS[::6]:
                out.append(f"{op} {sr}, {d}")
    for c in ["e", "ne", "l", "g", "le", "ae", "b", "s", "p", "np", "o"]:
        for r in GPR[1] + MEMS[::8]:
            out.append(f"set{c} {r}")
    for r in GPR[8] + MEMS[::4] + ["$1", "$127", "$128", "$-1", "$sym", "%ax", "%r8w"]:
        out += [f"push {r}", f"pushq {r}", f"pop {r}", f"popq {r}"]
    for r in ["%rax", "%r11"] + MEMS[::3]:
        out += [f"call *{r}", f"jmp *{r}", f"notrack jmp *{r}"]
    out += ["call foo", "call foo@PLT", "jmp foo@PLT", "jne foo@PLT", "ret", "ret $8", "retq",
            "leave", "leaveq", "cltq", "cqto", "cltd", "cwtl", "cbtw", "cwtd", "nop", "hlt",
            "ud2", "int3", "pause", "lfence", "mfence", "sfence", "cpuid", "rdtsc", "syscall",
            "endbr64", "cld", "rep stosq", "rep stosb", "rep movsq", "rep movsb", "rep movsl",
            "rep ret", "repz ret", "movsb", "movsw", "movsl", "movsq", "stosw", "lodsq",
            "scasb", "cmpsb", "repe cmpsb", "repne scasb", "lock xaddl %eax, (%rdx)",
            "lock cmpxchgq %rcx, 8(%rdi)", "lock addl $1, (%rax)", "lock orq $0, (%rsp)",
            "nopl (%rax)", "nopl 0(%rax)", "nopw 0(%rax,%rax,1)", "nopl 0(%rax,%rax,1)",
            "nopw (%rax)", "prefetcht0 (%rax)", "prefetcht0 64(%rdi)", "prefetchnta (%r12)",
            "prefetchw 8(%rax)", "movabsq $81985529216486895, %rax", "movabsq $1, %r9",
            "movabsq $-68719476736, %rax", "movabsq $sym, %rcx", "movabs $5, %rax",
            "movabsq sym, %rax", "movq $-1, %rax",
            "movq $2147483648, %rax", "movl $-1, %eax"]
    sse = ["addsd", "subsd", "mulsd", "divsd", "sqrtsd", "minsd", "maxsd", "addss", "mulss",
           "addpd", "addps", "andpd", "andps", "xorps", "xorpd", "orpd", "andnpd", "movapd",
           "movaps", "movups", "movupd", "movdqa", "movdqu", "movsd", "movss", "ucomisd",
           "ucomiss", "comisd", "comiss", "cvtss2sd", "cvtsd2ss", "cvtdq2pd", "cvtdq2ps",
           "cvttps2dq", "cvtps2pd", "cvtpd2ps", "cvttpd2dq", "unpcklpd", "unpcklps",
           "unpckhpd", "movhlps", "movlhps", "pxor", "por", "pand", "pandn", "paddd",
           "paddq", "psubd", "pmuludq", "pcmpeqd", "pcmpeqb", "pcmpgtd", "punpckldq",
           "punpcklqdq", "punpckhqdq", "packuswb", "pminub", "pmaxsw", "psadbw", "pavgb",
           "pmullw", "pmulld", "pminsd", "pmaxud", "pshufb", "pcmpeqq", "pcmpgtq", "ptest",
           "rcpss", "rsqrtss", "movddup", "movshdup", "psllq", "psrld", "psraw", "packusdw",
           "pmuldq", "pmovsxdq", "pmovzxbw", "pabsd", "phaddd", "haddpd", "haddps",
           "pmaxsb", "pmaddubsw"]
    xr = ["%xmm0", "%xmm1", "%xmm7", "%xmm8", "%xmm15"]
    for op in sse:
        for d in xr[::2]:
            for sr in xr[1::2] + MEMS[::5]:
                out.append(f"{op} {sr}, {d}")
    for op in ["movsd", "movss", "movaps", "movups", "movdqa", "movdqu", "movlpd", "movhpd",
               "movlps", "movhps"]:
        for sr in xr[::2]:
            for m in MEMS[::5]:
                out.append(f"{op} {sr}, {m}")
    for op in ["shufps", "shufpd", "pshufd", "pshufhw", "pshuflw", "roundsd", "roundss",
               "roundpd", "cmpsd", "cmpss", "cmppd", "cmpps", "palignr", "pblendw",
               "blendpd", "insertps", "pclmulqdq", "dpps"]:
        for d in xr[::2]:
            for sr in xr[1::2] + MEMS[::9]:
                out.append(f"{op} $3, {sr}, {d}")
    for op in ["cmpltsd", "cmpeqss", "cmpnlepd", "cmpunordps", "cmpneqsd"]:
        out += [f"{op} %xmm1, %xmm0", f"{op} 8(%rax), %xmm9"]
    for op in ["psllq", "psrlq", "pslld", "psrad", "pslldq", "psrldq", "psllw"]:
        out += [f"{op} $4, %xmm0", f"{op} $4, %xmm12"]
    for g in GPR[4][::2] + GPR[8][::2]:
        for x in xr[::2]:
            out += [f"movd {g}, {x}", f"movd {x}, {g}", f"movq {g}, {x}", f"movq {x}, {g}",
                    f"cvtsi2sd {g}, {x}", f"cvtsi2ss {g}, {x}", f"cvttsd2si {x}, {g}",
                    f"cvtsd2si {x}, {g}", f"cvttss2si {x}, {g}", f"pmovmskb {x}, {g}",
                    f"movmskpd {x}, {g}", f"movmskps {x}, {g}", f"pextrw $1, {x}, {g}",
                    f"pinsrw $1, {g}, {x}", f"pextrd $1, {x}, {g}", f"pinsrd $1, {g}, {x}",
                    f"pextrq $1, {x}, {g}", f"pinsrq $1, {g}, {x}", f"pinsrb $1, {g}, {x}",
                    f"pextrb $1, {x}, {g}"]
            for q in "lq":
                out += [f"cvtsi2sd{q} {g}, {x}", f"cvttsd2si{q} {x}, {g}"]
    for x in xr[::2]:
        for m in MEMS[::6]:
            out += [f"movq {m}, {x}", f"movq {x}, {m}", f"movd {m}, {x}", f"movd {x}, {m}",
                    f"cvtsi2sdl {m}, {x}", f"cvtsi2sdq {m}, {x}", f"cvtsi2ssl {m}, {x}",
                    f"cvttsd2si {m}, %eax", f"cvttsd2siq {m}, %r9", f"pinsrq $1, {m}, {x}",
                    f"pextrq $1, {x}, {m}", f"pinsrd $0, {m}, {x}", f"cvtsi2sd {m}, {x}"]
        out += [f"movq %xmm3, {x}", f"movq {x}, %xmm9"]
    # x87: every memory form under every base, the stack register forms
    # with none, one and two operands.
    x87_mem = ["flds", "fldl", "fldt", "fsts", "fstl", "fstps", "fstpl", "fstpt", "filds",
               "fildl", "fildq", "fildll", "fists", "fistl", "fistps", "fistpl", "fistpq",
               "fistpll", "fisttps", "fisttpl", "fisttpq", "fisttpll", "fadds", "faddl",
               "fsubs", "fsubl", "fsubrs", "fsubrl", "fmuls", "fmull", "fdivs", "fdivl",
               "fdivrs", "fdivrl", "fiadds", "fiaddl", "fisubs", "fisubl", "fisubrs",
               "fisubrl", "fimuls", "fimull", "fidivs", "fidivl", "fidivrs", "fidivrl",
               "fcoms", "fcoml", "fcomps", "fcompl", "ficoms", "ficoml", "ficomps",
               "ficompl", "fnstcw", "fldcw", "fnstsw"]
    for op in x87_mem:
        for m in MEMS[::2] if op in ("fldt", "fstpt", "fildq") else MEMS[::9]:
            out.append(f"{op} {m}")
    out.append("fnstsw %ax")
    sts = ["%st", "%st(0)", "%st(1)", "%st(7)"]
    for op in ["fxch", "fucom", "fucomp", "fcom", "fcomp", "faddp", "fsubp", "fsubrp",
               "fmulp", "fdivp", "fdivrp"]:
        out.append(op)
    for op in ["fxch", "fucom", "fucomp", "fcom", "fcomp", "fld", "fst", "fstp", "ffree",
               "fucomi", "fucomip", "fcomi", "fcomip"]:
        out += [f"{op} {r}" for r in sts]
    for op in ["fadd", "fsub", "fsubr", "fmul", "fdiv", "fdivr"]:
        out += [f"{op} %st(3), %st", f"{op} %st, %st(3)", f"{op} %st(2)"]
    for op in ["faddp", "fsubp", "fsubrp", "fmulp", "fdivp", "fdivrp"]:
        out += [f"{op} %st, %st(1)", f"{op} %st(4)"]
    for op in ["fcmovb", "fcmove", "fcmovbe", "fcmovu", "fcmovnb", "fcmovne", "fcmovnbe",
               "fcmovnu", "fucomi", "fucomip", "fcomi", "fcomip"]:
        out.append(f"{op} %st(1), %st")
    out += ["fld1", "fldz", "fldpi", "fldl2e", "fldl2t", "fldlg2", "fldln2", "fchs", "fabs",
            "fsqrt", "frndint", "fprem", "fprem1", "fscale", "f2xm1", "fyl2x", "fyl2xp1",
            "fptan", "fpatan", "fsin", "fcos", "fsincos", "fxtract", "ftst", "fxam",
            "fucompp", "fcompp", "fninit", "fnclex", "fdecstp", "fincstp", "fnop",
            "fstcw (%rax)", "fstsw %ax", "finit", "fwait", "fld (%rax)", "fstp 8(%rsp)"]
    # VEX: every SSE form with the v, with two and three operands (gas
    # refuses the counts an instruction does not have), extended registers
    # in every place (the two-byte prefix has no bit for the r/m's), ymm.
    vr = ["%xmm0", "%xmm1", "%xmm8", "%xmm15", "%ymm2", "%ymm9"]
    vm = ["(%rax)", "8(%r9)", "(%rax,%r11,4)", ".LC0(%rip)", "-8(%rsp)", "%fs:16"]
    for op in sse + ["movsd", "movss", "movaps", "movups", "movdqa", "movdqu", "movlpd",
                     "movhpd", "movlps", "movhps", "movmskps", "pmovmskb", "cvttsd2si",
                     "cvtsd2si", "sqrtpd", "sqrtss", "rcpps", "rsqrtps", "movsldup", "minps",
                     "maxpd", "divps", "mulpd", "subps", "cvtps2dq", "cvtpd2dq"]:
        v = "v" + op
        for a in vr:
            for b in vr[::2]:
                out.append(f"{v} {a}, {b}")
                out.append(f"{v} {a}, {vr[3]}, {b}")
                out.append(f"{v} {a}, %xmm2, {b}")
        for m in vm:
            out += [f"{v} {m}, %xmm1", f"{v} {m}, %xmm9", f"{v} {m}, %xmm3, %xmm1",
                    f"{v} {m}, %ymm12, %ymm13", f"{v} %xmm3, {m}", f"{v} %ymm10, {m}"]
    for op in ["shufps", "shufpd", "pshufd", "pshufhw", "pshuflw", "roundsd", "roundss",
               "roundpd", "cmpsd", "cmpss", "cmppd", "cmpps", "palignr", "pblendw",
               "blendpd", "insertps", "pclmulqdq", "dpps", "psllq", "psrld", "psraw",
               "pslldq", "psrldq"]:
        for a in vr[::2] + vm[::2]:
            out += [f"v{op} $3, {a}, %xmm1", f"v{op} $3, {a}, %xmm8, %xmm1",
                    f"v{op} $3, {a}, %ymm3, %ymm11", f"v{op} $3, {a}, %xmm9"]
    for op in ["cmpltsd", "cmpeqss", "cmpnlepd", "cmpunordps", "cmpneqsd"]:
        out += [f"v{op} %xmm1, %xmm0, %xmm2", f"v{op} 8(%r8), %xmm9, %xmm1",
                f"v{op} %xmm9, %xmm1, %xmm2"]
    for g in ["%eax", "%r9d", "%rax", "%r10"]:
        for x in ["%xmm0", "%xmm9"]:
            out += [f"vmovd {g}, {x}", f"vmovd {x}, {g}", f"vmovq {g}, {x}",
                    f"vmovq {x}, {g}", f"vcvtsi2sd {g}, {x}, {x}", f"vcvtsi2ss {g}, %xmm1, {x}",
                    f"vcvttsd2si {x}, {g}", f"vcvtss2si {x}, {g}", f"vpmovmskb {x}, {g}",
                    f"vmovmskps {x}, {g}", f"vpextrw $1, {x}, {g}", f"vpinsrw $1, {g}, {x}, {x}",
                    f"vpextrd $1, {x}, {g}", f"vpinsrd $1, {g}, {x}, {x}",
                    f"vpextrq $1, {x}, {g}", f"vpinsrq $1, {g}, {x}, {x}",
                    f"vpextrb $1, {x}, {g}", f"vpinsrb $1, {g}, {x}, {x}"]
            for q in "lq":
                out += [f"vcvtsi2sd{q} {g}, {x}, {x}", f"vcvttsd2si{q} {x}, {g}"]
    for m in vm:
        out += [f"vmovq {m}, %xmm1", f"vmovq %xmm9, {m}", f"vmovd {m}, %xmm10",
                f"vmovd %xmm2, {m}", f"vcvtsi2sdl {m}, %xmm1, %xmm1",
                f"vcvtsi2sdq {m}, %xmm1, %xmm9", f"vcvttsd2si {m}, %eax",
                f"vpextrw $1, %xmm1, {m}", f"vpextrq $1, %xmm9, {m}",
                f"vpinsrq $1, {m}, %xmm1, %xmm1", f"vcvtsi2sd {m}, %xmm1, %xmm1"]
    out += ["vmovq %xmm3, %xmm9", "vmovq %xmm9, %xmm3", "vmovq %xmm8, %xmm9",
            "vzeroupper", "vzeroall"]
    # The VEX-only instructions: AVX, AVX2, FMA, BMI.
    vonly = ["vbroadcastss", "vbroadcastsd", "vpbroadcastb", "vpbroadcastw", "vpbroadcastd",
             "vpbroadcastq", "vbroadcastf128", "vbroadcasti128", "vcvtph2ps", "vpermd",
             "vpermps", "vpermilps", "vpermilpd", "vpsllvd", "vpsllvq", "vpsrlvd", "vpsrlvq",
             "vpsravd", "vmaskmovps", "vmaskmovpd", "vpmaskmovd", "vpmaskmovq", "vtestps",
             "vtestpd", "vfmadd132ps", "vfmadd213sd", "vfmadd231pd", "vfnmadd231ss",
             "vfmsub132sd", "vfnmsub213ps", "vfmaddsub231pd", "vfmsubadd132ps"]
    for op in vonly:
        for a in ["%xmm0", "%xmm9", "%ymm1", "%ymm12"] + vm[::2]:
            out += [f"{op} {a}, %xmm1", f"{op} {a}, %ymm10", f"{op} {a}, %ymm2, %ymm3",
                    f"{op} {a}, %xmm11, %xmm1", f"{op} %ymm2, %ymm3, {a}"]
    for op in ["vextractf128", "vextracti128", "vinsertf128", "vinserti128", "vperm2f128",
               "vperm2i128", "vpermq", "vpermpd", "vpblendd", "vpermilps", "vcvtps2ph"]:
        for a in ["%xmm0", "%xmm9", "%ymm1", "%ymm12"] + vm[::2]:
            out += [f"{op} $1, {a}, %ymm2, %ymm3", f"{op} $1, %ymm2, {a}",
                    f"{op} $1, {a}, %ymm10", f"{op} $1, {a}, %xmm1"]
    for op in ["vblendvps", "vblendvpd", "vpblendvb"]:
        for a in ["%xmm0", "%xmm9"] + vm[::2]:
            out += [f"{op} %xmm3, {a}, %xmm2, %xmm1", f"{op} %ymm11, {a}, %ymm2, %ymm9"]
    for op in ["andn", "bzhi", "pdep", "pext", "shlx", "shrx", "sarx", "mulx", "bextr"]:
        for a in ["%eax", "%r9d", "(%rax)", "8(%r12)", "%r11", "%rcx"]:
            for r in ["%ecx", "%r10d", "%rdx", "%r13"]:
                out += [f"{op} {r}, {a}, {r}", f"{op} {a}, {r}, {r}"]
        out += [f"{op}l %eax, %ecx, %edx", f"{op}q %rax, %rcx, %rdx"]
    for op in ["blsr", "blsi", "blsmsk"]:
        for a in ["%eax", "%r9d", "(%rax)", "8(%r12)", "%r11", "%rcx"]:
            out += [f"{op} {a}, %ecx", f"{op} {a}, %r10"]
    for a in ["%eax", "%r9d", "(%rax)", "8(%r12)", "%r11"]:
        out += [f"rorx $3, {a}, %ecx", f"rorx $33, {a}, %r10", f"rorxl $3, {a}, %ecx"]
    return out


def from_files(paths):
    seen = set()
    out = []
    for p in paths:
        code = False
        for line in open(p, errors="replace"):
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            if s.startswith(".section") or s.startswith(".pushsection"):
                f = re.search(r'"([a-zA-Z]*)"', s)
                code = bool(f and "x" in f.group(1)) or s.split()[1].startswith(".text")
                continue
            if s in (".text",):
                code = True
                continue
            if s in (".data", ".bss") or s.startswith(".popsection"):
                code = s.startswith(".popsection") and code
                continue
            if not code or s.startswith(".") or s.endswith(":"):
                continue
            s = s.split("#")[0].strip()
            for st in s.split(";"):
                st = " ".join(st.split())
                if st and st not in seen:
                    seen.add(st)
                    out.append(st)
    return out


if __name__ == "__main__":
    stmts = synthetic() if sys.argv[1:] == ["synthetic"] else from_files(sys.argv[1:])
    seen = set()
    for s in stmts:
        if s not in seen:
            seen.add(s)
            print(s)
