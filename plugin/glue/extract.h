/* cachecat GCC glue: the steps of modelling a function (extract*.cc).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Include after gcc-common.h and glue.h.  extract.cc (the pass) collects
   the insns that produce bytes, extract_cfg.cc builds the model's blocks
   and edges over them, extract_record.cc makes the glue's record and the
   model's insns and puts our labels around them.  */

#ifndef CACHECAT_GLUE_EXTRACT_H
#define CACHECAT_GLUE_EXTRACT_H

/* Kinds of insns in the stream.  X_TABLE: a switch table of branch
   instructions (branch_table_p).  */
enum xkind { X_SKIP, X_CODE, X_ASM, X_BASIC_ASM, X_TABLE };

/* One modelled insn while building.  */
struct xins
{
  rtx_insn *insn;
  enum xkind kind;
  unsigned part;
};

/* A function while it is modelled.  */
struct extraction
{
  function *fun;
  tree decl;
  char *sym;            /* part 0 symbol as printed */
  uint32_t n;           /* the modelled insns, in stream (= address) order */
  xins *xs;
  bool two_parts;       /* a hot and a cold part */
  const char *why;      /* first reason the function cannot be modelled */
};

/* Record WHY as the reason X cannot be modelled, unless it has one.  */
static inline void
cc_extract_broken (extraction *x, const char *why)
{
  if (!x->why)
    x->why = why;
}

/* extract.cc */
/* Is TABLE, which JUMP jumps through, a table of branch instructions?  */
bool branch_table_p (rtx_insn *jump, rtx_jump_table_data *table);

/* extract_cfg.cc */
/* F's blocks, with their edges, calls and exits, over X's insns.  */
void cc_extract_cfg (extraction *x, cc_func *f);

/* extract_record.cc */
/* The printed name of DECL's assembler name, or NULL if it has none.  */
char *cc_extract_decl_name (tree decl);
/* X's glue record, and F's name, flags, file, parts and insns.  */
cc_glue_func *cc_extract_record (extraction *x, cc_func *f);

#endif
