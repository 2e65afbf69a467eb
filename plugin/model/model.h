/* cachecat program model: everything the engine knows about a translation unit.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Data flows one way: GCC RTL -> this model -> engine -> categories.  The model
   holds no GCC type, so the engine can be unit-tested on hand-built models and
   can later re-read a model that the plugin serialized (model_io.c).

   Addresses are byte offsets from the start of an output section of the
   object file, exactly as the assembler placed them.  Where a section starts
   modulo the line size is known only up to the section's alignment; the
   engine enumerates the possible phases.  */

#ifndef CACHECAT_MODEL_H
#define CACHECAT_MODEL_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#define CC_NONE UINT32_MAX

enum cc_call_kind
{
  CC_CALL_NONE = 0,    /* the block ends without a call */
  CC_CALL_DIRECT = 1,  /* a call to the symbol in cc_block.callee; the engine
                          resolves it by name, and a symbol that is not a
                          function of the model is unknown code */
  CC_CALL_UNKNOWN = 2  /* indirect call, libcall, interposable callee: code
                          the engine cannot follow */
};

enum cc_insn_kind
{
  CC_INSN_CODE = 0,   /* a machine instruction of GCC's code */
  CC_INSN_ASM = 1,    /* a machine instruction of an inline asm statement */
  CC_INSN_PAD = 2     /* alignment padding executed on a fall-through: a
                         reference with no instruction of its own to annotate */
};

/* Whether the processor fetches an instruction when control runs through
   the GCC insn it belongs to (docs/semantics.md §3.2).
   One insn may be several machine instructions: `ret; int3` under
   -mharden-sls, a thunk of -mindirect-branch=thunk-inline.  */
enum cc_fetch
{
  CC_FETCH_ALWAYS = 0,  /* every time control passes the insn */
  CC_FETCH_MAYBE = 1,   /* some times: it loads a line in no must state */
  CC_FETCH_NEVER = 2    /* never (the int3 after a hardened ret): no line */
};

/* A relocation that lets the linker rewrite an instruction so that its
   boundaries in the linked program differ from the object's
   (docs/semantics.md §3.5): such an instruction carries no promise.  */
enum cc_rewrite
{
  CC_REWRITE_NONE = 0,
  CC_REWRITE_GOTPCRELX = 1,  /* jmp/call *f@GOTPCREL(%rip): jmp f; nop ... */
  CC_REWRITE_TLSGD = 2,      /* TLS general dynamic: initial or local exec */
  CC_REWRITE_TLSLD = 3,      /* TLS local dynamic: local exec */
  CC_REWRITE_TLSDESC = 4,    /* call *x@TLSCALL(%rax): the resolver (unknown
                                code) runs, or ld makes it a nop */
  CC_N_REWRITES = 5
};

typedef struct cc_section
{
  char *name;          /* ".text", ".text.startup", ".text.unlikely", ... */
  uint32_t align;      /* byte alignment of the section start (power of two) */
} cc_section;

typedef struct cc_insn
{
  uint32_t uid;        /* producer's id, unique in the function (GCC insn uid) */
  uint32_t part;       /* index into the function's parts (0 = main symbol) */
  uint32_t offset;     /* byte offset from the start of the part's section */
  uint32_t length;     /* bytes; 0 only for insns the assembler emitted nothing for */
  uint32_t file;       /* index into cc_model.files, CC_NONE if unknown */
  uint32_t line;       /* source line, 0 if unknown */
  uint8_t kind;        /* enum cc_insn_kind */
  uint8_t fetch;       /* enum cc_fetch */
  uint8_t rewrite;     /* enum cc_rewrite */
  uint8_t unsplit;     /* 1: the whole output of a GCC insn whose machine
                          instructions could not be told apart; only its
                          first byte is fetched for sure (maybe_tail) */
  uint8_t unordered;   /* 1: control inside its GCC insn runs backwards, so
                          it may be fetched out of address order */
  uint8_t runs_unknown; /* 1: code the model does not see runs right after
                           it (a retpoline thunk it jumps to, the resolver
                           a TLS descriptor call calls, RISC-V's
                           -msave-restore millicode) */
  uint8_t kernel;      /* 1 (cachecat-link; not in records): an asm insn
                          that enters the kernel or a debugger (a system
                          or semihosting call), which runs none of the
                          program's code and returns right after it */
  uint32_t maybe_tail; /* the last bytes of it that only some executions
                          (or some linker outcomes) fetch */
} cc_insn;

/* A basic block: a run of insns entered only at its first insn.
   Control leaves it, after its last insn, in this order:
     1. if call != CC_CALL_NONE: the call; it returns to the same point
        unless noreturn is set;
     2. if exits: the function may return (a return, or a sibling call
        whose callee returns to our caller);
     3. to one of succs (also when exits is set: a conditional return; no
        succs and no exit: the program stops here, e.g. after a noreturn
        call or __builtin_trap).
   fallthru is the successor reached by running on to the next insn in
   address order (the return point of a call, the not-taken side of a
   conditional jump); alignment padding between the block's end and that
   successor's first insn is executed on this edge only.  */
typedef struct cc_block
{
  uint32_t first_insn; /* index into cc_func.insns */
  uint32_t n_insns;    /* at least 1 */
  uint8_t call;        /* enum cc_call_kind */
  uint8_t exits;       /* leaves the function after the call, if any */
  uint8_t noreturn;    /* the call never returns (succs must be empty) */
  char *callee;        /* CC_CALL_DIRECT: assembler name of the callee */
  uint32_t fallthru;   /* block index, or CC_NONE */
  uint32_t n_succs;
  uint32_t *succs;     /* block indices in the same function, no duplicates */
} cc_block;

typedef struct cc_part
{
  char *symbol;        /* assembler symbol of this part ("f", "f.cold") */
  uint32_t section;    /* index into cc_model.sections */
  uint32_t offset;     /* offset of the symbol in its section */
  uint32_t size;       /* bytes from the symbol to the end of the part */
} cc_part;

enum cc_func_flags
{
  CC_FUNC_PUBLIC = 1,        /* may be called from outside the unit */
  CC_FUNC_ADDRESS_TAKEN = 2, /* may be called through a pointer */
  CC_FUNC_BROKEN = 4,        /* the producer could not model it: every insn
                                is conflict, calls from it are unknown */
  CC_FUNC_SYNTHETIC = 8,     /* not code of the program: made by cachecat-link
                                to stand for the targets of indirect calls
                                (no bytes, not reported as a function) */
  CC_FUNC_BUDGETED = 16,     /* the source gives it budgets (budget_misses,
                                budget_conflicts) */
  CC_FUNC_FROM_BYTES = 32    /* modelled by cachecat-link from the program's
                                bytes (binary/from_bytes.h), not compiled with
                                the plugin */
};

/* Where a loop's bound came from.  */
enum cc_bound_source
{
  CC_BOUND_GCC = 1,      /* GCC's own loop analysis (nb_iterations_upper_bound) */
  CC_BOUND_PRAGMA = 2,   /* the user's #pragma in the source */
  CC_BOUND_FACTS = 3     /* the user's flow facts (cachecat-link
                            --flow-facts; not in records) */
};

/* What the producer knows of one loop of its own code: the most times
   its header runs in one execution of it, and which insns made it up
   when that was known (GCC's loops at the end of its RTL loop
   optimizations).  Later passes still move code, so the loops the
   engine finds in the final code take a bound only where they still
   are that loop (docs/semantics.md §7.5, bounds.c).  */
typedef struct cc_loop_bound
{
  uint64_t max_runs;     /* header runs per execution of the loop, at most */
  uint8_t source;        /* enum cc_bound_source */
  uint32_t file, line;   /* where the loop is in the source (file: index
                            into cc_model.files, CC_NONE if unknown) */
  uint32_t max_uid;      /* insns with a larger uid were made later */
  uint32_t n_header;     /* uids[0 .. n_header): the header's insns */
  uint32_t n_body;       /* uids[n_header ..): every insn of the loop,
                            the header's too; both runs ascending.
                            0: an anchor instead (code that nothing
                            moved, -O0): the bound is the innermost
                            loops' that hold one of the header's uids
                            (the insns of the loop's exit test) */
  uint32_t *uids;
} cc_loop_bound;

typedef struct cc_func
{
  char *name;          /* assembler name of the function (= parts[0].symbol) */
  uint32_t flags;      /* enum cc_func_flags */
  uint32_t file, line; /* where the function is declared */
  uint32_t n_parts;
  cc_part *parts;
  uint32_t n_insns;
  cc_insn *insns;      /* in address order within each part, hot part first */
  uint32_t n_blocks;
  cc_block *blocks;    /* block 0 is the entry */
  uint32_t n_loop_bounds;
  cc_loop_bound *loop_bounds; /* loops the producer knows bounds of */
  /* With CC_FUNC_BUDGETED, the source's budgets (attributes
     cachecat_max_misses, cachecat_max_conflicts,
     cachecat_max_fetch_cycles): the most misses one call may cause, the
     most conflict instructions and the most cycles of fetch time one
     call may take, -1 for none.  */
  int64_t budget_misses, budget_conflicts, budget_fetch_cycles;
  /* With CC_FUNC_BROKEN, what a call of it may fetch, if that is known
     (cachecat-link, models from the bytes); NULL: anything.  Not in
     records.  */
  struct cc_footprint *footprint;
  /* With HAS_FACT_MISSES, the user's flow fact (cachecat-link
     --flow-facts; not in records): one invocation misses at most
     FACT_MISSES times.  */
  uint8_t has_fact_misses;
  uint64_t fact_misses;
} cc_func;

/* The code a function without a model may fetch when it is called, and
   nothing else (docs/semantics.md §7.4, "Footprints"): the byte RANGES
   (the symbol of a part is NULL) and whatever an invocation of each of
   the functions named in CALLS may fetch (functions with a model).  */
typedef struct cc_footprint
{
  uint32_t n_ranges;
  cc_part *ranges;
  uint32_t n_calls;
  char **calls;
} cc_footprint;

void cc_footprint_free (cc_footprint *fp);

typedef struct cc_model
{
  uint32_t n_sections;
  cc_section *sections;
  uint32_t n_files;
  char **files;
  uint32_t n_funcs;
  cc_func *funcs;
} cc_model;

/* Replacement policies (docs/semantics.md §6.4; README: "Replacement
   policies" says what each is analysed as).  */
enum cc_policy
{
  CC_POLICY_LRU = 0,
  CC_POLICY_FIFO = 1,
  CC_POLICY_PLRU = 2,   /* tree pseudo-LRU; ways a power of two */
  CC_POLICY_RANDOM = 3
};

/* Cache shape.  */
typedef struct cc_cache
{
  uint32_t size;       /* bytes */
  uint32_t line;       /* bytes per line, power of two */
  uint32_t ways;       /* associativity */
  uint32_t sets;       /* size / (line * ways), power of two */
  uint32_t policy;     /* enum cc_policy; irrelevant with one way */
  uint8_t timed;       /* the fetch time below is given */
  uint32_t hit_cycles; /* cycles of a fetch of one line that hits */
  uint32_t miss_penalty; /* cycles more when it misses */
} cc_cache;

/* Helpers shared by producers, readers and tests.  */
void cc_model_free (cc_model *m);
void cc_func_free (cc_func *f);
/* Replace F's insns by INSNS (F takes them over): old insn I became the
   consecutive new ones from FIRST[I], at least one, in order (the
   machine instructions of a GCC insn); FIRST[F->n_insns] is how many
   there are.  The blocks are renumbered.  */
void cc_func_replace_insns (cc_func *f, cc_insn *insns, const uint32_t *first);
/* Padding of LEN bytes at OFFSET of part 0 that runs on entry, before F's
   first insn (a loop's alignment at the top of a function): a block of
   its own, the new entry block 0, holding one CC_INSN_PAD insn that falls
   through to the old entry block.  Insns and blocks are renumbered (one
   more each); the loops' back edges reach the old entry, not the
   padding.  */
void cc_func_prepend_entry_pad (cc_func *f, uint32_t offset, uint32_t len);
/* The jump that ends a block at insn I of F also runs on to the next
   block of its part: it was printed conditionally (ARM's ccfsm makes
   an unconditional branch or return conditional).  ONLY: it runs on and
   goes nowhere else, it was not printed at all (the insns it skipped are
   run conditionally instead, so control fetches them on its way to the
   branch's target).  Returns 0, or -1 if I ends no block or no block of
   its part follows.  */
int cc_func_jump_runs_on (cc_func *f, uint32_t i, int only);
uint32_t cc_model_add_section (cc_model *m, const char *name, uint32_t align);
uint32_t cc_model_add_file (cc_model *m, const char *path);
uint32_t cc_model_find_func (const cc_model *m, const char *name);

/* M's functions sorted by name, for many lookups: cc_func_index_find
   answers what cc_model_find_func does (the first function of that
   name), by a binary search instead of a scan.  */
typedef struct cc_func_index
{
  uint32_t n;
  struct cc_named_func
  {
    const char *name;
    uint32_t func;
  } *by_name;            /* by (name, func) */
} cc_func_index;
void cc_func_index_build (cc_func_index *ix, const cc_model *m);
uint32_t cc_func_index_find (const cc_func_index *ix, const char *name);
void cc_func_index_free (cc_func_index *ix);

/* Does insn IN carry no promise but conflict?  Inline asm (unknown code
   may run inside), an instruction the linker may rewrite, an insn not
   split into its machine instructions, one fetched out of order.  */
static inline int
cc_insn_no_promise (const cc_insn *in)
{
  return in->kind == CC_INSN_ASM || in->rewrite != CC_REWRITE_NONE || in->unsplit
         || in->unordered;
}

/* May unknown code run right after insn IN: inline asm, a jump to a
   retpoline thunk, a TLS descriptor call (GCC writes neither as a call)?  */
static inline int
cc_insn_unknown_after (const cc_insn *in)
{
  return in->kind == CC_INSN_ASM || in->runs_unknown;
}

/* Is insn IN an instruction of the report: a machine instruction, not
   padding and not an insn without bytes (where the layout is not known,
   GCC's estimate says so)?  */
static inline int
cc_insn_reported (const cc_insn *in)
{
  return in->kind != CC_INSN_PAD && in->length > 0;
}

/* Is insn IN reported as never fetched?  Only in a function that was
   ANALYSED: the insns of one that was not are conflict, whatever they
   are.  */
static inline int
cc_insn_never_fetched (const cc_insn *in, int analysed)
{
  return analysed && in->fetch == CC_FETCH_NEVER;
}

/* The bytes between insn A and insn B of F (B follows A in address
   order) that execution runs through on the way from A to B: alignment
   padding (docs/semantics.md §3.6), 0 if none.  Both must lie in one
   part, and the gap must plausibly be alignment (less than 4 KiB).  */
static inline uint32_t
cc_padding_between (const cc_func *f, uint32_t a, uint32_t b)
{
  const cc_insn *x = &f->insns[a], *y = &f->insns[b];
  uint32_t end = x->offset + x->length;
  if (x->part != y->part || y->offset <= end || y->offset - end >= 4096)
    return 0;
  return y->offset - end;
}

/* Serialization (model_io.c): a line-oriented text format, stable and
   byte-identical for identical models.  Return 0 on success; on failure the
   reader sets *err to "LINE: what is wrong" (caller frees).  */
int cc_model_write (const cc_model *m, FILE *f);
int cc_model_read (cc_model *m, FILE *f, char **err);

#endif
