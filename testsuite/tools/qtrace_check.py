#!/usr/bin/env python3
# cachecat: checks of instruction-fetch traces (cctrace's format, written
# by testsuite/validate/cctrace.c under valgrind and by
# testsuite/validate/qtrace.c under qemu), for check-qemu-trace.sh.
# Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.
#
#   qtrace_check.py compare QTRACE CCTRACE
#       The two traces must be the same records (address, length, flag), in
#       the same order.  Prints the count of records, calls and returns, or
#       the first difference with the records around it; exit status 1 on a
#       difference.
#
#   qtrace_check.py disasm ARCH OBJDUMP TRACE [--require FORM;...]
#       ARCH: x86_64, aarch64, riscv, arm; OBJDUMP: the output of
#       `objdump -d -z -w` of the traced program (riscv: with -M no-aliases).
#       Every record must be an instruction of the disassembly, of its
#       length; its flag must be what the instruction's text says (a call:
#       bl, blr, blraa..., jal/jalr with rd ra or t0, c.jal, c.jalr, bl, blx,
#       call; a return: ret..., jalr/c.jr to ra or t0 with rd zero, bx lr,
#       pop/ldm sp with pc, ldr pc, [sp], mov pc, lr), except that on arm a
#       call or return followed by its fall-through did not happen (a failed
#       condition) and must have no flag; a call must be followed by its
#       target (a direct call's operand, an indirect one's a symbol), a
#       return by the instruction after the call it returns from (a shadow
#       stack, where the frame of a call to no symbol, such as x86's
#       "call 1f; 1: pop", may be skipped); the trace starts at _start and
#       ends at the exit system call.
#       --require: forms that must occur, separated by ";": "call:TEXT", "ret:TEXT",
#       "untaken-call:TEXT", "untaken-ret:TEXT", TEXT being the instruction
#       as objdump prints it without addresses and comments ("blx r3",
#       "jal t0", "bnd ret").
#       --firmware SYMBOL: a bare-metal image under qemu-system
#       (validate's firmware.py): the records before the first fetch of
#       SYMBOL (a boot ROM's, no code of the program) are not checked, the
#       trace must reach SYMBOL, and it ends at semihosting's breakpoint
#       (bkpt 0x00ab, ebreak), not at an exit system call.
#       Prints the counts; exit status 1 on any violation (at most 20 shown).
import array
import re
import sys

ADDR = (1 << 48) - 1
FLAGS = {0: "none", 1: "call", 2: "ret"}


def read_trace(path):
    a = array.array("Q")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    if sys.byteorder != "little":
        a.byteswap()
    return a


def show(rec):
    return "%#x len %d %s" % (rec & ADDR, (rec >> 48) & 0xff, FLAGS.get(rec >> 56, rec >> 56))


def counts(trace):
    calls = sum(1 for r in trace if r >> 56 == 1)
    rets = sum(1 for r in trace if r >> 56 == 2)
    return "%d records, %d calls, %d returns" % (len(trace), calls, rets)


def compare(qpath, vpath):
    q, v = read_trace(qpath), read_trace(vpath)
    if q == v:
        print("identical: %s" % counts(q))
        return 0
    i = next((k for k, (x, y) in enumerate(zip(q, v)) if x != y), min(len(q), len(v)))
    print("DIFFERENT: qtrace %d records, cctrace %d; first difference at record %d:"
          % (len(q), len(v), i))
    for k in range(max(0, i - 3), i + 4):
        a = show(q[k]) if k < len(q) else "-"
        b = show(v[k]) if k < len(v) else "-"
        print("  %s%8d  qtrace %-30s cctrace %s" % ("*" if a != b else " ", k, a, b))
    return 1


# ---------------------------------------------------------------------------
# The disassembly.

COMMENT = {"x86_64": r"\s+#.*$", "riscv": r"\s+#.*$", "arm": r"\s*@.*$",
           "aarch64": r"\s*//.*$"}
X86_PREFIXES = {"rep", "repz", "repnz", "repe", "repne", "bnd", "notrack", "data16",
                "lock", "cs", "ds", "ss", "es", "fs", "gs", "addr32"}
CONDS = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge",
         "lt", "gt", "le", "al"}
RV_LINK = {"ra", "t0"}
CALL, RET = 1, 2


def parse_objdump(path, arch):
    """Instructions by address: (length, text), and the symbols' addresses."""
    insns, syms = {}, {}
    line_re = re.compile(r"^\s*([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$")
    sym_re = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            m = sym_re.match(line)
            if m:
                syms[m.group(2)] = int(m.group(1), 16)
                continue
            m = line_re.match(line)
            if not m:
                continue
            text = re.sub(COMMENT[arch], "", m.group(3).replace("\t", " "))
            text = re.sub(r"\s+", " ", text).strip()
            if text.startswith("."):        # .word, .short: data in code
                continue
            insns[int(m.group(1), 16)] = (len(m.group(2).replace(" ", "")) // 2, text)
    return insns, syms


def split(text, arch):
    """Mnemonic and operands (x86: after the prefixes)."""
    words = text.split(" ")
    if arch == "x86_64":
        while len(words) > 1 and words[0] in X86_PREFIXES:
            words = words[1:]
    return words[0], " ".join(words[1:])


def kind(text, arch):
    m, ops = split(text, arch)
    o = [x.strip() for x in ops.split(",")]
    if arch == "x86_64":
        return CALL if m in ("call", "callq") else RET if m in ("ret", "retq") else 0
    if arch == "aarch64":
        if m in ("bl", "blr", "blraa", "blrab", "blraaz", "blrabz"):
            return CALL
        return RET if m in ("ret", "retaa", "retab") else 0
    if arch == "riscv":
        if m == "jal":
            return CALL if o[0] in RV_LINK else 0
        if m in ("c.jal", "c.jalr"):
            return CALL
        if m == "jalr":
            rs1 = re.sub(r".*\((\w+)\)$", r"\1", o[-1])
            return CALL if o[0] in RV_LINK else RET if rs1 in RV_LINK else 0
        if m == "c.jr":
            return RET if o[0] in RV_LINK else 0
        return 0
    # arm: A32 and Thumb, unified syntax; m may carry a condition and .w/.n.
    m = re.sub(r"\.[wn]$", "", m)

    def base(name):
        return m == name or (m.startswith(name) and m[len(name):] in CONDS)

    if base("bl") or base("blx"):
        return CALL
    pc_in_list = re.search(r"\{[^}]*\bpc\}", ops) is not None
    if (base("bx") and ops == "lr") or (base("pop") and pc_in_list) \
            or (re.fullmatch(r"ldm(ia|ib|da|db|fd|fa|ed|ea)?(%s)?" % "|".join(CONDS), m)
                and o[0] in ("sp", "sp!") and pc_in_list) \
            or (base("ldr") and re.fullmatch(r"pc, \[sp\], #\d+", ops)) \
            or (base("mov") and ops == "pc, lr"):
        return RET
    return 0


def direct_target(text):
    m = re.search(r"\b([0-9a-f]+) <[^>]+>", text)
    return int(m.group(1), 16) if m else None


def form(text):
    """The instruction as --require names it: no addresses."""
    return re.sub(r",$", "", re.sub(r"\s*\b[0-9a-f]+ <[^>]+>", "", text)).strip()


def disasm(arch, objdump, tpath, require, firmware=None):
    insns, syms = parse_objdump(objdump, arch)
    entries = set(syms.values())
    trace = read_trace(tpath)
    errors, seen, stack = [], set(), []
    untaken = 0

    def error(msg):
        errors.append(msg)

    if firmware:
        # From the first fetch of the image's entry on.
        first = next((i for i, r in enumerate(trace) if r & ADDR == syms.get(firmware)), None)
        if first is None:
            error("the trace never reaches %s" % firmware)
            first = len(trace)
        trace = trace[first:]
    if not trace:
        error("empty trace")
    elif not firmware and "_start" in syms and trace[0] & ADDR != syms["_start"]:
        error("the trace starts at %#x, not at _start (%#x)" % (trace[0] & ADDR, syms["_start"]))
    for i, rec in enumerate(trace):
        addr, length, flag = rec & ADDR, (rec >> 48) & 0xff, rec >> 56
        insn = insns.get(addr)
        if insn is None:
            error("record %d: %s: no instruction starts there" % (i, show(rec)))
            continue
        if insn[0] != length:
            error("record %d: %s: objdump says %d bytes (%s)" % (i, show(rec), insn[0], insn[1]))
        want = kind(insn[1], arch)
        nxt = trace[i + 1] & ADDR if i + 1 < len(trace) else None
        if want and arch == "arm" and nxt == addr + length:
            seen.add("untaken-%s:%s" % (FLAGS[want], form(insn[1])))
            untaken += 1
            want = 0
        if flag != want:
            error("record %d: %s: %s must be %s" % (i, show(rec), insn[1], FLAGS[want]))
            continue
        if flag:
            seen.add("%s:%s" % (FLAGS[flag], form(insn[1])))
        if nxt is None:
            continue
        if flag == CALL:
            target = direct_target(insn[1])
            if (target is not None and nxt != target) or (target is None and nxt not in entries):
                error("record %d: %s: %s is followed by %#x, not its callee"
                      % (i, show(rec), insn[1], nxt))
            # A call to no symbol (x86 "call 1f; 1: pop", an inline thunk)
            # may never be returned from: a return may skip its frame.
            stack.append((addr + length, nxt not in entries))
        elif flag == RET:
            while stack and stack[-1][0] != nxt and stack[-1][1]:
                stack.pop()
            if not stack:
                error("record %d: %s: a return with no call to return from" % (i, show(rec)))
            elif stack.pop()[0] != nxt:
                error("record %d: %s: returns to %#x, not after its call" % (i, show(rec), nxt))
    if trace:
        last = insns.get(trace[-1] & ADDR, (0, "?"))[1]
        if firmware and last not in ("bkpt 0x00ab", "ebreak"):
            error("the trace ends at %s (%s), not at semihosting's breakpoint"
                  % (show(trace[-1]), last))
        elif not firmware and split(last, arch)[0] not in ("syscall", "svc", "ecall"):
            error("the trace ends at %s (%s), not at the exit system call"
                  % (show(trace[-1]), last))
    for r in require:
        if r not in seen:
            error("required form %s not in the trace (seen: %s)" % (r, ", ".join(sorted(seen))))
    for e in errors[:20]:
        print("VIOLATION " + e)
    if len(errors) > 20:
        print("... %d more" % (len(errors) - 20))
    print("%s: %s, %d untaken; %d forms; %d violations"
          % ("ok" if not errors else "FAIL", counts(trace), untaken, len(seen), len(errors)))
    return 1 if errors else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "compare":
        return compare(argv[2], argv[3])
    if len(argv) in (5, 7, 9) and argv[1] == "disasm" and argv[2] in COMMENT:
        opts = dict(zip(argv[5::2], argv[6::2]))
        if set(opts) - {"--require", "--firmware"}:
            return usage()
        require = [r for r in opts.get("--require", "").split(";") if r]
        return disasm(argv[2], argv[3], argv[4], require, opts.get("--firmware"))
    return usage()


def usage():
    print("usage: qtrace_check.py compare QTRACE CCTRACE\n"
          "       qtrace_check.py disasm x86_64|aarch64|riscv|arm OBJDUMP TRACE"
          " [--require FORM;...] [--firmware SYMBOL]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
