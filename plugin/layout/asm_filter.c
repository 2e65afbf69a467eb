/* cachecat: the part of an assembly text that can move code (asm_filter.h).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

#include "layout/asm_filter.h"
#include "layout/asm_syntax.h"
#include "layout/target.h"
#include "support/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct section_ref
{
  char name[CC_ASM_NAME_MAX];
  int code;
} section_ref;

typedef struct frame
{
  section_ref cur, prev;
} frame;

typedef struct known_section
{
  char *name;
  int code;
} known_section;

/* A machine instruction statement of the insn at hand: its text (in
   ctext, the instruction without its prefix statements) and the label
   before it.  */
typedef struct cur_stmt
{
  size_t at, len;
  unsigned long label;
  unsigned char reloc;
} cur_stmt;

/* A label defined inside the insn at hand, before statement STMT.  */
typedef struct cur_label
{
  size_t at, len;
  uint32_t stmt;
} cur_label;

struct cc_asm_filter
{
  char comment[8];
  size_t comment_len;
  char sep;
  int failed;
  frame now;                 /* current and previous section */
  frame *stack;              /* .pushsection */
  size_t depth, stack_cap;
  known_section *known;      /* sections declared with flags */
  size_t n_known, known_cap;
  char *out;
  size_t n, cap;
  char *carry;               /* a line the previous text did not finish */
  size_t carry_n;
  /* Our labels (cc_asm_filter_labels); end_len 0: not asked for.  */
  char start_prefix[32], end_prefix[32];
  size_t start_len, end_len;
  unsigned long start_min;
  char pending[64];          /* an end label line held back */
  size_t pending_n;          /* 0: none */
  unsigned long pending_no;
  long *alias;               /* per end label number: its start label, -1 */
  size_t n_alias;
  /* Labels only debug information refers to (cc_asm_filter_debug_labels):
     left out while no kept line mentions one.  */
  char debug_prefix[CC_ASM_FILTER_MAX_DEBUG][16];
  size_t debug_len[CC_ASM_FILTER_MAX_DEBUG];
  size_t n_debug;
  /* Events (cc_asm_filter_events).  */
  int events;
  int undecodable;
  char local_prefix[16];
  size_t local_len;
  cc_asm_event *ev;
  size_t n_ev, ev_cap;
  long pending_ev;           /* the held-back end label's event, -1 */
  char **sec_names;          /* code sections of the events */
  unsigned n_secs;
  size_t secs_cap;
  long sec_idx;              /* the current section's, -1: not looked up */
  const cc_stmt_reader *rd;  /* how the target's statements read */
  const cc_asm_filter_ops *ops; /* cc_asm_filter_target; no_target: none */
  void *ops_state;           /* its state */
  int unencodable;
  char unencoded[80];        /* the first statement that made it so */
  char line_comment;         /* starts a comment at the start of a
                                statement (AArch64's #), 0: none */
  int seen_line;             /* a line has been read */
  int (*millicode) (const char *, const char *); /* cc_asm_filter_millicode */
  char *names;               /* SYMBOL names, each ending in a NUL */
  size_t names_n, names_cap;
  /* The machine instructions of GCC's insns (cc_asm_filter_machine).  */
  char mprefix[32];          /* of the labels before statements 1, 2, ... */
  size_t mprefix_len;        /* 0: not asked for */
  unsigned long cur;         /* the start label of the insn the text is
                                in, 0: in none */
  cur_stmt *cs;              /* its statements so far */
  size_t n_cs, cs_cap;
  char *ctext;               /* their text, and its labels' names */
  size_t ctext_n, ctext_cap;
  cur_label *cl;             /* labels defined inside it */
  size_t n_cl, cl_cap;
  char cur_sec[CC_ASM_NAME_MAX];/* its section */
  unsigned long cur_moves;   /* section_moves when it began */
  unsigned long section_moves; /* section changes so far */
  int cur_prefix;            /* a prefix waits for its instruction */
  int cur_unsplit;           /* something in it is not one of these */
  int first_in_line;         /* the statement at hand starts its line */
  unsigned long line_label;  /* a label to put before the line at hand */
  long line_label_ev;        /* its event, -1 */
  unsigned long n_mlabels;   /* labels placed */
  cc_mstmt *ms;              /* the results: statements, */
  size_t n_ms, ms_cap;
  cc_asm_split *sp;          /* and insns */
  size_t n_sp, sp_cap;
  /* What each distinct instruction statement is (stmt_memo): most
     statements of a unit are written many times.  */
  struct stmt_memo *memo;
  size_t n_memo, memo_cap;
  uint32_t *memo_index;      /* open addressing: entry + 1, 0 empty */
  size_t memo_size;          /* a power of two, over twice n_memo */
  char *memo_text;           /* the statements' text */
  size_t memo_text_n, memo_text_cap;
  unsigned char not_plain[256]; /* plain_statement: ':', '"', '=', the
                                   separator, the comment's first byte */
};

/* A statement that is no directive, and what the pure functions of its
   text say of it (cc_stmt_reader, the target's filter operations), each
   worked out the first time it is asked for.  */
typedef struct stmt_memo
{
  uint32_t hash;
  size_t at, len;            /* the text, in memo_text */
  enum cc_stmt_kind kind;
  unsigned long align, max;
  int have_reloc;
  unsigned char reloc;       /* cc_stmt_reloc */
  void *target;              /* the target's (cc_asm_filter_ops) */
} stmt_memo;

/* The operations of a filter that reads for no computed layout.  */
static const cc_asm_filter_ops no_target;

static unsigned
event_section (cc_asm_filter *f)
{
  if (f->sec_idx >= 0)
    return (unsigned) f->sec_idx;
  unsigned i;
  for (i = 0; i < f->n_secs; i++)
    if (strcmp (f->sec_names[i], f->now.cur.name) == 0)
      break;
  if (i == f->n_secs)
    {
      f->sec_names = cc_grow (f->sec_names, &f->secs_cap, f->n_secs + 1,
                              sizeof *f->sec_names, 8);
      f->sec_names[f->n_secs++] = cc_xstrdup (f->now.cur.name);
    }
  f->sec_idx = (long) i;
  return i;
}

/* Append an event in section SECTION.  */
static size_t
push_event (cc_asm_filter *f, unsigned char kind, unsigned section, unsigned long a,
            unsigned long b, size_t at, size_t len)
{
  if (f->n_ev == f->ev_cap)
    f->ev = cc_grow (f->ev, &f->ev_cap, f->n_ev + 1, sizeof *f->ev, 4096);
  cc_asm_event *v = &f->ev[f->n_ev];
  v->kind = kind;
  v->section = section;
  v->a = a;
  v->b = b;
  v->at = at;
  v->len = len;
  return f->n_ev++;
}

size_t
cc_asm_filter_event (cc_asm_filter *f, unsigned char kind, unsigned long a, unsigned long b,
                     size_t at, size_t len)
{
  return push_event (f, kind, event_section (f), a, b, at, len);
}

/* An event about a symbol (cc_asm_event_is_binding), in no section: the
   directive may stand in data, which must not become a code section by
   it.  */
static void
add_symbol_event (cc_asm_filter *f, unsigned char kind, size_t at, size_t len)
{
  push_event (f, kind, 0, 0, 0, at, len);
}

/* Keep the name [P, P + N) for an event; its position in NAMES.  */
size_t
cc_asm_filter_keep_name (cc_asm_filter *f, const char *p, size_t n)
{
  f->names = cc_grow (f->names, &f->names_cap, f->names_n + n + 1, 1, 4096);
  memcpy (f->names + f->names_n, p, n);
  f->names[f->names_n + n] = 0;
  size_t at = f->names_n;
  f->names_n += n + 1;
  return at;
}

/* The statement [P, E) cannot be encoded: remember the first.  */
void
cc_asm_filter_refuse (cc_asm_filter *f, const char *p, const char *e)
{
  if (f->unencodable)
    return;
  f->unencodable = 1;
  size_t n = (size_t) (e - p) < sizeof f->unencoded - 1 ? (size_t) (e - p)
             : sizeof f->unencoded - 1;
  memcpy (f->unencoded, p, n);
  f->unencoded[n] = 0;
}

/* A label [P, P + N) in code: an event unless it is numeric (the
   target's label operation names those it needs), ours, or local while
   the target does not ask for them (the decoder needs only the others;
   a computed layout relaxes jumps to them).  */
static void
note_symbol (cc_asm_filter *f, const char *p, size_t n)
{
  if (!f->ops->local_symbols && n >= f->local_len
      && memcmp (p, f->local_prefix, f->local_len) == 0)
    return;
  size_t d = 0;
  while (d < n && p[d] >= '0' && p[d] <= '9')
    d++;
  if (d == n)
    return;
  size_t at = cc_asm_filter_keep_name (f, p, n);
  cc_asm_filter_event (f, CC_ASM_EV_SYMBOL, 0, 0, at, n);
}

/* Does [P, P + N) mention a debug label prefix?  */
static int
mentions_debug_label (const cc_asm_filter *f, const char *p, size_t n)
{
  const char *e = p + n;
  char c0 = f->debug_prefix[0][0];
  char c1 = f->debug_prefix[0][1];
  for (const char *q = p; (q = memchr (q, c0, (size_t) (e - q))) != NULL; q++)
    for (size_t i = 0; i < f->n_debug && q + 1 < e && q[1] == c1; i++)
      if ((size_t) (e - q) >= f->debug_len[i]
          && memcmp (q, f->debug_prefix[i], f->debug_len[i]) == 0)
        return 1;
  return 0;
}

static void
out_add (cc_asm_filter *f, const char *p, size_t n)
{
  /* A left-out debug label is used after all: keeping it would be safe,
     but it is gone; give up (the whole text is assembled).  */
  if (f->n_debug && mentions_debug_label (f, p, n))
    f->failed = 1;
  if (f->n + n + 1 > f->cap)
    f->out = cc_grow (f->out, &f->cap, f->n + n + 1, 1, 65536);
  memcpy (f->out + f->n, p, n);
  f->n += n;
  f->out[f->n] = 0;
}

cc_asm_filter *
cc_asm_filter_new (const char *comment, char separator)
{
  cc_asm_filter *f = cc_xcalloc (1, sizeof *f);
  size_t cl = strlen (comment);
  if (cl == 0 || cl >= sizeof f->comment)
    f->failed = 1;
  else
    memcpy (f->comment, comment, cl + 1);
  f->comment_len = cl;
  f->sep = separator;
  f->rd = cc_layout_reader (cc_built_arch ());
  f->ops = &no_target;
  f->not_plain[(unsigned char) ':'] = f->not_plain[(unsigned char) '"'] = 1;
  f->not_plain[(unsigned char) '='] = f->not_plain[(unsigned char) separator] = 1;
  f->not_plain[(unsigned char) f->comment[0]] = 1;
  strcpy (f->now.cur.name, ".text");
  f->now.cur.code = 1;
  out_add (f, "", 0);
  return f;
}

void
cc_asm_filter_free (cc_asm_filter *f)
{
  if (!f)
    return;
  for (size_t i = 0; i < f->n_known; i++)
    free (f->known[i].name);
  free (f->known);
  free (f->stack);
  free (f->out);
  free (f->carry);
  free (f->alias);
  free (f->ev);
  for (unsigned i = 0; i < f->n_secs; i++)
    free (f->sec_names[i]);
  free (f->sec_names);
  free (f->names);
  free (f->cs);
  free (f->ctext);
  free (f->cl);
  free (f->ms);
  free (f->sp);
  for (size_t i = 0; f->ops->free_memo && i < f->n_memo; i++)
    f->ops->free_memo (f->memo[i].target);
  if (f->ops->free_state)
    f->ops->free_state (f->ops_state);
  free (f->memo);
  free (f->memo_index);
  free (f->memo_text);
  free (f);
}

void
cc_asm_filter_events (cc_asm_filter *f, const char *local_prefix)
{
  size_t l = strlen (local_prefix);
  if (l == 0 || l >= sizeof f->local_prefix)
    {
      f->undecodable = 1;
      l = 0;
    }
  memcpy (f->local_prefix, local_prefix, l);
  f->local_prefix[l] = 0;
  f->local_len = l;
  f->events = 1;
  f->pending_ev = -1;
  f->sec_idx = -1;
}

void
cc_asm_filter_line_comment (cc_asm_filter *f, char c)
{
  f->line_comment = c;
}

void
cc_asm_filter_target (cc_asm_filter *f, const cc_asm_filter_ops *ops, void *state)
{
  f->ops = ops;
  f->ops_state = state;
}

void *
cc_asm_filter_target_state (const cc_asm_filter *f)
{
  return f->ops_state;
}

void
cc_asm_filter_millicode (cc_asm_filter *f, int (*is_millicode) (const char *p, const char *e))
{
  f->millicode = is_millicode;
}

const char *
cc_asm_filter_unencoded (const cc_asm_filter *f)
{
  return f->unencodable ? f->unencoded : NULL;
}

int
cc_asm_filter_encodable (const cc_asm_filter *f)
{
  return f->ops != &no_target && f->events && !f->unencodable && !f->undecodable
         && !f->failed;
}

const cc_asm_event *
cc_asm_filter_event_list (const cc_asm_filter *f, size_t *n, int *decodable)
{
  *n = f->n_ev;
  *decodable = f->events && !f->undecodable && !f->failed;
  return f->ev;
}

const char *
cc_asm_filter_section (const cc_asm_filter *f, unsigned i)
{
  return i < f->n_secs ? f->sec_names[i] : NULL;
}

unsigned
cc_asm_filter_n_sections (const cc_asm_filter *f)
{
  return f->n_secs;
}

const char *
cc_asm_filter_name (const cc_asm_filter *f, size_t at)
{
  return at < f->names_n ? f->names + at : "";
}

char *
cc_asm_filter_unlabelled (const cc_asm_filter *f, size_t *n)
{
  char *out = cc_xmalloc (f->n + 1);
  size_t o = 0, from = 0;
  for (size_t i = 0; i < f->n_ev; i++)
    {
      const cc_asm_event *v = &f->ev[i];
      if ((v->kind != CC_ASM_EV_START && v->kind != CC_ASM_EV_END
           && v->kind != CC_ASM_EV_MSTART)
          || v->at < from || v->at + v->len > f->n)
        continue;
      memcpy (out + o, f->out + from, v->at - from);
      o += v->at - from;
      from = v->at + v->len;
    }
  memcpy (out + o, f->out + from, f->n - from);
  o += f->n - from;
  out[o] = 0;
  *n = o;
  return out;
}

void
cc_asm_filter_debug_labels (cc_asm_filter *f, const char *const *prefixes,
                            size_t n)
{
  f->n_debug = 0;
  for (size_t i = 0; i < n && i < CC_ASM_FILTER_MAX_DEBUG; i++)
    {
      size_t l = strlen (prefixes[i]);
      /* The first two characters the same for all: mentions are looked
         for by them.  */
      if (l < 3 || l >= sizeof f->debug_prefix[0]
          || prefixes[i][0] != prefixes[0][0] || prefixes[i][1] != prefixes[0][1])
        {
          f->n_debug = 0;
          return;
        }
      memcpy (f->debug_prefix[i], prefixes[i], l + 1);
      f->debug_len[i] = l;
      f->n_debug = i + 1;
    }
}

int
cc_asm_filter_labels (cc_asm_filter *f, const char *start_prefix,
                      unsigned long start_min, const char *end_prefix)
{
  size_t sl = strlen (start_prefix), el = strlen (end_prefix);
  if (sl == 0 || el == 0 || sl >= sizeof f->start_prefix
      || el >= sizeof f->end_prefix)
    return 0;                  /* left off: every label stays */
  memcpy (f->start_prefix, start_prefix, sl + 1);
  memcpy (f->end_prefix, end_prefix, el + 1);
  f->start_len = sl;
  f->end_len = el;
  f->start_min = start_min;
  return 1;
}

long
cc_asm_filter_alias (const cc_asm_filter *f, unsigned long n)
{
  return n < f->n_alias ? f->alias[n] : -1;
}

/* Does a section of this name hold code when it is named without flags?
   (GNU as gives .text*, .init and .fini the flags "ax".)  */
static int
default_code (const char *name)
{
  return strncmp (name, ".text", 5) == 0 || strcmp (name, ".init") == 0
         || strcmp (name, ".fini") == 0;
}

static int
known_code (const cc_asm_filter *f, const char *name)
{
  for (size_t i = 0; i < f->n_known; i++)
    if (strcmp (f->known[i].name, name) == 0)
      return f->known[i].code;
  return default_code (name);
}

static void
remember (cc_asm_filter *f, const char *name, int code)
{
  for (size_t i = 0; i < f->n_known; i++)
    if (strcmp (f->known[i].name, name) == 0)
      return;                  /* the first declaration's flags stay */
  f->known = cc_grow (f->known, &f->known_cap, f->n_known + 1, sizeof *f->known, 16);
  f->known[f->n_known].name = cc_xstrdup (name);
  f->known[f->n_known].code = code;
  f->n_known++;
}

enum dir_kind
{
  D_OTHER, D_TEXT, D_DATA, D_BSS, D_SECTION, D_PUSH, D_POP, D_PREVIOUS,
  D_SUBSECTION, D_MODE, D_CODELESS, D_UNFOLLOWABLE, D_BINDING
};

typedef struct dir_word
{
  const char *w;
  enum dir_kind k;
} dir_word;

/* Sorted by strcmp for bsearch.  D_MODE: kept in any section, they change
   how later code is read; D_CODELESS: emit no code wherever they stand;
   D_UNFOLLOWABLE: could hide a section change we cannot follow;
   D_BINDING: kept in any section too, for a symbol's binding and
   visibility decide whether gas relaxes a jump to it (a .globl of a
   function written while in .data still makes a jump to it long).  */
static const dir_word dir_words[] = {
  { ".altmacro", D_UNFOLLOWABLE }, { ".arch", D_MODE }, { ".arch_extension", D_MODE },
  { ".arm", D_MODE }, { ".att_syntax", D_MODE }, { ".bss", D_BSS },
  { ".code16", D_MODE }, { ".code16gcc", D_MODE }, { ".code32", D_MODE },
  { ".code64", D_MODE }, { ".cpu", D_MODE }, { ".data", D_DATA },
  { ".else", D_UNFOLLOWABLE }, { ".elseif", D_UNFOLLOWABLE }, { ".end", D_UNFOLLOWABLE },
  { ".endif", D_UNFOLLOWABLE }, { ".endm", D_UNFOLLOWABLE }, { ".endr", D_UNFOLLOWABLE },
  { ".equ", D_MODE }, { ".equiv", D_MODE }, { ".eqv", D_MODE },
  { ".exitm", D_UNFOLLOWABLE }, { ".file", D_CODELESS }, { ".fpu", D_MODE },
  { ".global", D_BINDING }, { ".globl", D_BINDING }, { ".hidden", D_BINDING },
  { ".ident", D_CODELESS }, { ".include", D_UNFOLLOWABLE }, { ".intel_syntax", D_MODE },
  { ".internal", D_BINDING }, { ".irp", D_UNFOLLOWABLE }, { ".irpc", D_UNFOLLOWABLE },
  { ".loc", D_CODELESS }, { ".loc_mark_labels", D_CODELESS },
  { ".macro", D_UNFOLLOWABLE }, { ".option", D_MODE }, { ".popsection", D_POP },
  { ".previous", D_PREVIOUS }, { ".protected", D_BINDING },
  { ".purgem", D_UNFOLLOWABLE }, { ".pushsection", D_PUSH }, { ".rept", D_UNFOLLOWABLE },
  { ".sect", D_UNFOLLOWABLE }, { ".section", D_SECTION }, { ".set", D_MODE },
  { ".struct", D_UNFOLLOWABLE }, { ".subsection", D_SUBSECTION },
  { ".symver", D_BINDING }, { ".syntax", D_MODE }, { ".text", D_TEXT },
  { ".thumb", D_MODE }, { ".weak", D_BINDING }, { ".weakref", D_BINDING },
};

static enum dir_kind
classify (const char *w, size_t n)
{
  /* GNU as reads directives in any case: `.SECTION' switches too.  */
  char lower[24];
  for (size_t i = 0; i < n; i++)
    if (w[i] >= 'A' && w[i] <= 'Z')
      {
        if (n >= sizeof lower)
          return D_OTHER;
        for (size_t j = 0; j < n; j++)
          lower[j] = (char) (w[j] >= 'A' && w[j] <= 'Z' ? w[j] - 'A' + 'a' : w[j]);
        w = lower;
        break;
      }
  if (n > 5 && memcmp (w, ".cfi_", 5) == 0)
    return D_CODELESS;
  if (n >= 3 && memcmp (w, ".if", 3) == 0)
    return D_UNFOLLOWABLE;
  long k = cc_find_name (dir_words, sizeof dir_words / sizeof dir_words[0], sizeof dir_words[0],
                         w, n);
  return k < 0 ? D_OTHER : dir_words[k].k;
}

void
cc_asm_filter_machine (cc_asm_filter *f, const char *prefix)
{
  size_t l = strlen (prefix);
  if (l == 0 || l >= sizeof f->mprefix || !f->start_len)
    return;
  memcpy (f->mprefix, prefix, l + 1);
  f->mprefix_len = l;
  f->line_label_ev = -1;
}

const cc_asm_split *
cc_asm_filter_splits (const cc_asm_filter *f, size_t *n, const cc_mstmt **ms,
                      unsigned long *n_labels)
{
  *n = f->n_sp;
  *ms = f->ms;
  *n_labels = f->n_mlabels;
  return f->sp;
}

/* Keep [P, P + N) of the insn at hand; its place in ctext.  */
static size_t
keep_ctext (cc_asm_filter *f, const char *p, size_t n)
{
  f->ctext = cc_grow (f->ctext, &f->ctext_cap, f->ctext_n + n, 1, 1024);
  memcpy (f->ctext + f->ctext_n, p, n);
  f->ctext_n += n;
  return f->ctext_n - n;
}

/* The insn at hand ends: record it if it is not simply one instruction
   always fetched.  */
static void
machine_close (cc_asm_filter *f)
{
  if (!f->cur)
    return;
  size_t n = f->n_cs;
  if (f->cur_prefix)
    f->cur_unsplit = 1;        /* a prefix of nothing */
  if (n >= 2 || f->cur_unsplit || (n == 1 && f->cs[0].reloc != CC_RELOC_NONE))
    {
      f->ms = cc_grow (f->ms, &f->ms_cap, f->n_ms + n, sizeof *f->ms, 256);
      for (size_t k = 0; k < n; k++)
        {
          const cur_stmt *c = &f->cs[k];
          cc_stmt_info info;
          f->rd->flow (f->ctext + c->at, f->ctext + c->at + c->len, &info);
          cc_mstmt *m = &f->ms[f->n_ms + k];
          m->flow = (unsigned char) info.flow;
          m->reloc = c->reloc;
          m->returns = (unsigned char) info.returns;
          m->drops_return = (unsigned char) info.drops_return;
          m->label = c->label;
          m->target = -1;
          for (size_t j = 0; info.target && j < f->n_cl; j++)
            if (f->cl[j].len == info.target_len
                && memcmp (f->ctext + f->cl[j].at, info.target, info.target_len) == 0)
              m->target = (int32_t) f->cl[j].stmt;
        }
      f->sp = cc_grow (f->sp, &f->sp_cap, f->n_sp + 1, sizeof *f->sp, 64);
      f->sp[f->n_sp++] = (cc_asm_split){ f->cur, f->n_ms, n, f->cur_unsplit };
      f->n_ms += n;
    }
  f->cur = 0;
}

/* The insn of start label NO begins.  */
static void
machine_open (cc_asm_filter *f, unsigned long no)
{
  if (!f->mprefix_len)
    return;
  machine_close (f);
  f->cur = no;
  f->n_cs = f->ctext_n = f->n_cl = 0;
  f->cur_prefix = f->cur_unsplit = 0;
  strcpy (f->cur_sec, f->now.cur.name);
  f->cur_moves = f->section_moves;
}

/* A label [P, P + N) defined in the insn at hand: before its next
   statement.  */
static void
machine_label (cc_asm_filter *f, const char *p, size_t n)
{
  if (f->cur_prefix)
    f->cur_unsplit = 1;        /* between a prefix and its instruction */
  f->cl = cc_grow (f->cl, &f->cl_cap, f->n_cl + 1, sizeof *f->cl, 8);
  size_t at = keep_ctext (f, p, n);
  f->cl[f->n_cl++] = (cur_label){ at, n, (uint32_t) f->n_cs };
}

static uint32_t
text_hash (const char *p, const char *e)
{
  uint32_t h = 2166136261u;
  for (; p < e; p++)
    h = (h ^ (unsigned char) *p) * 16777619u;
  return h;
}

static void
memo_rehash (cc_asm_filter *f)
{
  size_t size = f->memo_size ? f->memo_size * 2 : 1024;
  uint32_t *t = cc_xcalloc (size, sizeof *t);
  for (size_t i = 0; i < f->n_memo; i++)
    {
      size_t h = f->memo[i].hash & (size - 1);
      while (t[h])
        h = (h + 1) & (size - 1);
      t[h] = (uint32_t) i + 1;
    }
  free (f->memo_index);
  f->memo_index = t;
  f->memo_size = size;
}

/* The memo of the statement [P, E), which is no directive, of text hash
   HASH: found, or made with its kind.  */
static stmt_memo *
memo_find (cc_asm_filter *f, const char *p, const char *e, uint32_t hash)
{
  size_t len = (size_t) (e - p);
  if (2 * (f->n_memo + 1) > f->memo_size)
    memo_rehash (f);
  size_t h = hash & (f->memo_size - 1);
  for (; f->memo_index[h]; h = (h + 1) & (f->memo_size - 1))
    {
      stmt_memo *m = &f->memo[f->memo_index[h] - 1];
      if (m->hash == hash && m->len == len && memcmp (f->memo_text + m->at, p, len) == 0)
        return m;
    }
  f->memo = cc_grow (f->memo, &f->memo_cap, f->n_memo + 1, sizeof *f->memo, 256);
  f->memo_text = cc_grow (f->memo_text, &f->memo_text_cap, f->memo_text_n + len, 1, 8192);
  stmt_memo *m = &f->memo[f->n_memo];
  memset (m, 0, sizeof *m);
  m->hash = hash;
  m->at = f->memo_text_n;
  m->len = len;
  memcpy (f->memo_text + m->at, p, len);
  f->memo_text_n += len;
  m->kind = f->rd->classify (p, e, &m->align, &m->max);
  f->memo_index[h] = (uint32_t) ++f->n_memo;
  return m;
}

static stmt_memo *
memo_of (cc_asm_filter *f, const char *p, const char *e)
{
  return memo_find (f, p, e, text_hash (p, e));
}

/* The relocation of statement [P, E) (cc_stmt_reader).  A jump to
   millicode (cc_asm_filter_millicode) counts as one to a retpoline thunk:
   code the model does not see runs right after it.  */
static unsigned char
stmt_reloc (const cc_asm_filter *f, const char *p, const char *e)
{
  if (f->millicode && f->millicode (p, e))
    return CC_RELOC_THUNK;
  return (unsigned char) f->rd->reloc (p, e);
}

/* The relocation of the statement [P, E) of memo M (or NULL).  */
static unsigned char
memo_reloc (const cc_asm_filter *f, stmt_memo *m, const char *p, const char *e)
{
  if (!m)
    return stmt_reloc (f, p, e);
  if (!m->have_reloc)
    {
      m->reloc = stmt_reloc (f, p, e);
      m->have_reloc = 1;
    }
  return m->reloc;
}

/* Statement [P, E) of KIND in the insn at hand.  A machine instruction
   begins at its first prefix statement, or at the instruction; before
   every one but the first goes a label, on a line of its own before the
   statement's line (a statement after another on its line cannot have
   one: the insn stays whole).  */
static void
machine_statement (cc_asm_filter *f, enum cc_stmt_kind kind, const char *p, const char *e,
                   stmt_memo *mm)
{
  if (kind == CC_STMT_NOTHING)
    return;
  /* In another section (the entry of __patchable_function_entries that
     -fpatchable-function-entry writes, say): not the insn's bytes.  */
  if (f->section_moves != f->cur_moves && strcmp (f->now.cur.name, f->cur_sec) != 0)
    return;
  if (kind != CC_STMT_INSN && kind != CC_STMT_PREFIX)
    {
      f->cur_unsplit = 1;
      return;
    }
  if (!f->cur_prefix)
    {
      unsigned long label = 0;
      if (f->n_cs > 0)
        {
          if (!f->first_in_line || f->line_label)
            f->cur_unsplit = 1;
          else
            {
              label = ++f->n_mlabels;
              f->line_label = label;
              if (f->events)
                f->line_label_ev = (long) cc_asm_filter_event (f, CC_ASM_EV_MSTART, label, 0, 0, 0);
            }
        }
      f->cs = cc_grow (f->cs, &f->cs_cap, f->n_cs + 1, sizeof *f->cs, 8);
      f->cs[f->n_cs++] = (cur_stmt){ 0, 0, label, CC_RELOC_NONE };
    }
  f->cur_prefix = kind == CC_STMT_PREFIX;
  if (kind == CC_STMT_INSN)
    {
      cur_stmt *c = &f->cs[f->n_cs - 1];
      c->at = keep_ctext (f, p, (size_t) (e - p));
      c->len = (size_t) (e - p);
      c->reloc = memo_reloc (f, mm, p, e);
    }
}

/* The label line to put before the line at hand, if a statement of it
   asked for one.  */
static void
put_line_label (cc_asm_filter *f)
{
  if (!f->line_label)
    return;
  char buf[64];
  int n = snprintf (buf, sizeof buf, "%s%lu:\n", f->mprefix, f->line_label);
  if (f->line_label_ev >= 0)
    {
      f->ev[f->line_label_ev].at = f->n;
      f->ev[f->line_label_ev].len = (size_t) n;
    }
  out_add (f, buf, (size_t) n);
  f->line_label = 0;
  f->line_label_ev = -1;
}

void
cc_asm_filter_kind_event (cc_asm_filter *f, enum cc_stmt_kind kind, unsigned long align,
                          unsigned long max)
{
  switch (kind)
    {
    case CC_STMT_NOTHING:
      break;
    case CC_STMT_INSN:
      cc_asm_filter_event (f, CC_ASM_EV_INSN, 0, 0, 0, 0);
      break;
    case CC_STMT_PREFIX:
      cc_asm_filter_event (f, CC_ASM_EV_PREFIX, 0, 0, 0, 0);
      break;
    case CC_STMT_ALIGN:
      cc_asm_filter_event (f, CC_ASM_EV_ALIGN, align, max, 0, 0);
      break;
    default:
      f->undecodable = 1;
      break;
    }
}

/* Events: what statement [P, E) (labels taken off) of KIND in a code
   section places, by the target's operation where the layout is
   computed from the text (memo MM or NULL).  */
static void
statement_event (cc_asm_filter *f, enum cc_stmt_kind kind, unsigned long align,
                 unsigned long max, const char *p, const char *e, stmt_memo *mm)
{
  if (f->ops->statement)
    f->ops->statement (f, f->ops_state, kind, align, max, p, e, mm ? &mm->target : NULL);
  else
    cc_asm_filter_kind_event (f, kind, align, max);
}

static int
contains (const char *p, const char *e, const char *word)
{
  size_t n = strlen (word);
  for (; (size_t) (e - p) >= n; p++)
    if (memcmp (p, word, n) == 0)
      return 1;
  return 0;
}

/* Directives, in any section, that decide how gas relaxes jumps or that
   a computed layout does not follow: .weak names (a jump to a weak symbol
   is never relaxed), equates and symbol versions (a symbol that is
   another), ifuncs (never relaxed either), section groups (two sections
   of one name).  */
static void
encode_directive (cc_asm_filter *f, const char *w, size_t n, const char *rest,
                  const char *e)
{
  static const char *const unfollowed[] = { ".symver", ".weakref", NULL };
  for (size_t i = 0; unfollowed[i]; i++)
    if (strlen (unfollowed[i]) == n && memcmp (w, unfollowed[i], n) == 0)
      cc_asm_filter_refuse (f, w, e);
  static const char *const equates[] = { ".set", ".equ", ".equiv", ".eqv", NULL };
  for (size_t i = 0; equates[i]; i++)
    if (strlen (equates[i]) == n && memcmp (w, equates[i], n) == 0)
      {
        /* NAME, SYMBOL (GCC's aliases) or NAME, SYMBOL+N (its merged
           constants: .set .LC3,.LC20+8): NAME is another name of SYMBOL,
           or an address N bytes from it, never a plain number.  A number
           or another expression (SYMBOL-SYMBOL is one) could make an
           operand shorter than the encoder assumed.  */
        const char *p = cc_asm_skip_space (rest, e);
        size_t l = cc_asm_ident_len (p, e);
        const char *c = cc_asm_skip_space (p + l, e);
        const char *v = c < e && *c == ',' ? cc_asm_skip_space (c + 1, e) : e;
        size_t vl = cc_asm_ident_len (v, e);
        const char *t = cc_asm_skip_space (v + vl, e);
        if (vl > 0 && t < e && (*t == '+' || *t == '-'))
          {
            const char *d = cc_asm_skip_space (t + 1, e);
            const char *de = d;
            while (de < e && *de >= '0' && *de <= '9')
              de++;
            if (de > d)
              t = cc_asm_skip_space (de, e);
          }
        /* Where the target asks (dot_equates: RISC-V) also NAME, . + N
           (GCC's section anchors, in data):
           an address all the same, never made shorter.  */
        if (l == 0 || vl == 0 || t != e
            || (v[0] >= '0' && v[0] <= '9') || (vl == 1 && v[0] == '.' && !f->ops->dot_equates))
          cc_asm_filter_refuse (f, w, e);
        else
          add_symbol_event (f, CC_ASM_EV_EQUATE, cc_asm_filter_keep_name (f, p, l), l);
      }
  /* Symbols' binding and visibility: which jumps gas may relax.  */
  static const struct { const char *w; unsigned char kind; } binding[] = {
    { ".weak", CC_ASM_EV_WEAK }, { ".globl", CC_ASM_EV_GLOBAL },
    { ".global", CC_ASM_EV_GLOBAL }, { ".hidden", CC_ASM_EV_HIDDEN },
    { ".internal", CC_ASM_EV_HIDDEN }, { ".protected", CC_ASM_EV_HIDDEN },
  };
  int kind = -1;
  for (size_t i = 0; i < sizeof binding / sizeof binding[0]; i++)
    if (strlen (binding[i].w) == n && memcmp (w, binding[i].w, n) == 0)
      kind = binding[i].kind;
  if (kind >= 0)
    {
      const char *p = rest;
      for (;;)
        {
          p = cc_asm_skip_space (p, e);
          size_t l = cc_asm_ident_len (p, e);
          if (l == 0)
            {
              cc_asm_filter_refuse (f, w, e);
              return;
            }
          size_t at = cc_asm_filter_keep_name (f, p, l);
          add_symbol_event (f, (unsigned char) kind, at, l);
          p = cc_asm_skip_space (p + l, e);
          if (p == e)
            return;
          if (*p != ',')
            {
              cc_asm_filter_refuse (f, w, e);
              return;
            }
          p++;
        }
    }
  if (n == 5 && memcmp (w, ".type", 5) == 0
      && contains (rest, e, "gnu_indirect_function"))
    cc_asm_filter_refuse (f, w, e);
  if (cc_asm_section_of_a_kind (w, n, rest, e))
    cc_asm_filter_refuse (f, w, e);
}

static int statement_body (cc_asm_filter *f, const char *p, const char *e);

/* One statement [P, E).  Returns 1 if it must be kept, 0 if it may go, -1
   if the filter gives up.  */
static int
statement (cc_asm_filter *f, const char *p, const char *e)
{
  p = cc_asm_skip_space (p, e);
  int label_in_code = 0;
  /* Leading labels.  */
  for (;;)
    {
      size_t n = cc_asm_ident_len (p, e);
      const char *q = cc_asm_skip_space (p + n, e);
      if (n && q < e && *q == ':' && !(q + 1 < e && q[1] == ':'))
        {
          if (f->ops->label)
            f->ops->label (f, f->ops_state, p, n, f->events && f->now.cur.code);
          if (f->now.cur.code)
            {
              /* A label in code; its statement follows.  */
              if (f->events)
                note_symbol (f, p, n);
              label_in_code = 1;
            }
          else if (cc_asm_ident_len (p, e) == n && n < 10 && p[0] >= '0' && p[0] <= '9')
            {
              /* A numeric local label in data stays: `1f' and `1b' in
                 code count it (gas numbers them in all sections), though
                 as a label of another section it is not gone to.  */
              size_t d = 0;
              while (d < n && p[d] >= '0' && p[d] <= '9')
                d++;
              label_in_code |= d == n;
            }
          if (f->cur)
            machine_label (f, p, n);
          p = cc_asm_skip_space (q + 1, e);
          continue;
        }
      break;
    }
  int k = statement_body (f, p, e);
  return k < 0 ? k : k | label_in_code;
}

static int
statement_body (cc_asm_filter *f, const char *p, const char *e)
{
  if (p == e)
    return 0;
  size_t n = cc_asm_ident_len (p, e);
  const char *w = p;
  unsigned long align = 0, max = 0;
  enum cc_stmt_kind kind;
  if (n == 0 || w[0] != '.')
    {
      /* An instruction, or data by other means.  */
      if (f->ops->bindings && memchr (p, '=', (size_t) (e - p)))
        cc_asm_filter_refuse (f, p, e);    /* sym = expr, in any section */
      int code = f->events && f->now.cur.code;
      if (code || f->cur)
        {
          stmt_memo *mm = memo_of (f, p, e);
          if (f->cur)
            machine_statement (f, mm->kind, p, e, mm);
          if (code)
            statement_event (f, mm->kind, mm->align, mm->max, p, e, mm);
        }
      return f->now.cur.code;
    }
  enum dir_kind k = classify (w, n);
  const char *rest = p + n;
  char name[CC_ASM_NAME_MAX];
  if (f->ops->bindings)
    encode_directive (f, w, n, rest, e);
  if (f->ops->directive)
    f->ops->directive (f, f->ops_state, w, n, rest, e);
  /* Section and mode directives matter in any section: they decide where
     and how later code goes.  */
  int code = f->events && (f->now.cur.code || (k != D_OTHER && k != D_BINDING));
  if (code || f->cur)
    {
      kind = f->rd->classify (p, e, &align, &max);
      /* Inside an insn, a switch of mode (or subsection), or what the
         filter does not follow, keeps it whole; its statements in other
         sections are not its bytes.  */
      if (f->cur)
        machine_statement (f, k == D_OTHER ? kind
                              : k == D_MODE || k == D_SUBSECTION || k == D_UNFOLLOWABLE
                              ? CC_STMT_UNDECODABLE : CC_STMT_NOTHING, p, e, NULL);
      if (code)
        statement_event (f, kind, align, max, p, e, NULL);
    }
  if (f->events && k >= D_TEXT && k <= D_SUBSECTION)
    f->sec_idx = -1;
  switch (k)
    {
    case D_UNFOLLOWABLE:
      return -1;
    case D_TEXT:
    case D_DATA:
    case D_BSS:
      f->section_moves++;
      f->now.prev = f->now.cur;
      strcpy (f->now.cur.name, k == D_TEXT ? ".text" : k == D_DATA ? ".data" : ".bss");
      f->now.cur.code = k == D_TEXT;
      return 1;
    case D_SECTION:
    case D_PUSH:
      {
        const char *after = cc_asm_section_name (rest, e, name);
        if (!after)
          return -1;
        int has_flags;
        int code = cc_asm_section_flags (after, e, &has_flags);
        if (code < 0)
          return -1;
        if (has_flags)
          remember (f, name, code);
        else
          code = known_code (f, name);
        f->section_moves++;
        if (k == D_PUSH)
          {
            f->stack = cc_grow (f->stack, &f->stack_cap, f->depth + 1, sizeof *f->stack, 8);
            f->stack[f->depth++] = f->now;
          }
        f->now.prev = f->now.cur;
        strcpy (f->now.cur.name, name);
        f->now.cur.code = code;
        return 1;
      }
    case D_POP:
      if (f->depth == 0)
        return -1;
      f->now = f->stack[--f->depth];
      f->section_moves++;
      return 1;
    case D_PREVIOUS:
      {
        if (!f->now.prev.name[0])
          return -1;
        section_ref t = f->now.cur;
        f->now.cur = f->now.prev;
        f->now.prev = t;
        f->section_moves++;
        return 1;
      }
    case D_SUBSECTION:
    case D_MODE:
    case D_BINDING:
      return 1;
    case D_OTHER:
      /* An ifunc is never relaxed to, wherever its type is given.  */
      if (n == 5 && memcmp (w, ".type", 5) == 0 && contains (rest, e, "gnu_indirect_function"))
        return 1;
      return f->now.cur.code;
    case D_CODELESS:
      return 0;
    default:
      return f->now.cur.code;
    }
}

/* Does the statement at S (before E) start a line comment (the rest of
   the line, separators and all)?  GNU as takes its line comment
   character so at the start of a line and after a separator.  */
static int
line_comment (const cc_asm_filter *f, const char *s, const char *e)
{
  if (!f->line_comment)
    return 0;
  s = cc_asm_skip_space (s, e);
  return s < e && *s == f->line_comment;
}

/* One line [P, E) without its newline: split into statements outside
   strings, up to a comment.  */
static int
line (cc_asm_filter *f, const char *p, const char *e)
{
  const char c0 = f->comment[0], sep = f->sep;
  size_t cl = f->comment_len;
  int keep = 0;
  const char *s = p;
  int in_str = 0;
  if (line_comment (f, s, e))
    return 0;
  for (const char *q = p;; q++)
    {
      if (q != e)
        {
          char c = *q;
          if (in_str)
            {
              if (c == '\\' && q + 1 < e)
                q++;
              else if (c == '"')
                in_str = 0;
              continue;
            }
          if (c == '"')
            {
              in_str = 1;
              continue;
            }
          if (c != sep && (c != c0 || (size_t) (e - q) < cl
                           || memcmp (q, f->comment, cl) != 0))
            continue;
        }
      f->first_in_line = s == p;
      int k = statement (f, s, q);
      if (k < 0)
        return -1;
      keep |= k;
      if (q == e || *q != sep)
        break;                 /* the end, or a comment */
      s = q + 1;
      if (line_comment (f, s, e))
        break;
    }
  return keep;
}

int
cc_asm_label_line (const char *p, const char *eol, const char *prefix, size_t plen,
            unsigned long *no)
{
  size_t n = (size_t) (eol - p);
  if (n < plen + 2 || n > plen + 19 || eol[-1] != ':'
      || memcmp (p, prefix, plen) != 0)
    return 0;
  unsigned long v = 0;
  for (const char *d = p + plen; d < eol - 1; d++)
    {
      if (*d < '0' || *d > '9')
        return 0;
      v = v * 10 + (unsigned long) (*d - '0');
    }
  *no = v;
  return 1;
}

/* Is the line [P, E) label definitions only (and perhaps a comment)?
   Such a line places no byte and changes no section.  */
static int
labels_only (const cc_asm_filter *f, const char *p, const char *e)
{
  int labels = 0;
  for (;;)
    {
      p = cc_asm_skip_space (p, e);
      if (p == e || ((size_t) (e - p) >= f->comment_len
                     && memcmp (p, f->comment, f->comment_len) == 0))
        return labels;
      size_t n = cc_asm_ident_len (p, e);
      const char *q = cc_asm_skip_space (p + n, e);
      if (n == 0 || q == e || *q != ':' || (q + 1 < e && q[1] == ':'))
        return 0;
      labels = 1;
      p = q + 1;
    }
}

static void
set_alias (cc_asm_filter *f, unsigned long end_no, unsigned long start_no)
{
  if (end_no >= f->n_alias)
    {
      size_t n = f->n_alias ? f->n_alias : 1024;
      while (n <= end_no)
        n *= 2;
      f->alias = cc_xrealloc (f->alias, n * sizeof *f->alias);
      for (size_t i = f->n_alias; i < n; i++)
        f->alias[i] = -1;
      f->n_alias = n;
    }
  f->alias[end_no] = (long) start_no;
}

/* Our start label N, the line [P, E), goes out (an event first, with
   its place in the text).  */
static void
keep_start_label (cc_asm_filter *f, const char *p, const char *e, unsigned long n)
{
  if (f->events)
    cc_asm_filter_event (f, CC_ASM_EV_START, n, 0, f->n, (size_t) (e - p));
  out_add (f, p, (size_t) (e - p));
}

/* The start label NO, the line [P, E), stands for the held-back end
   label, which goes nowhere: it aliases NO, and NO goes out.  */
static void
pending_is_start (cc_asm_filter *f, const char *p, const char *e, unsigned long no)
{
  set_alias (f, f->pending_no, no);
  if (f->events && f->pending_ev >= 0)
    f->ev[f->pending_ev].kind = CC_ASM_EV_NONE;
  f->pending_n = 0;
  f->pending_ev = -1;
  machine_open (f, no);
  keep_start_label (f, p, e, no);
}

/* The held-back end label goes out after all.  */
static void
flush_pending (cc_asm_filter *f)
{
  if (f->pending_n)
    {
      if (f->events && f->pending_ev >= 0)
        {
          f->ev[f->pending_ev].at = f->n;
          f->ev[f->pending_ev].len = f->pending_n;
        }
      out_add (f, f->pending, f->pending_n);
    }
  f->pending_n = 0;
  f->pending_ev = -1;
}

/* Our labels in the line [P, E) (EOL before its newline): returns 1 if
   the line is taken care of.  An end label in code is held back; the
   next start label, with nothing that places bytes or switches sections
   in between, replaces it.  Any other kept line lets it out first.  */
static int
our_labels (cc_asm_filter *f, const char *p, const char *eol, const char *e)
{
  unsigned long no;
  if (f->now.cur.code && (size_t) (e - p) <= sizeof f->pending
      && cc_asm_label_line (p, eol, f->end_prefix, f->end_len, &no))
    {
      machine_close (f);
      flush_pending (f);
      memcpy (f->pending, p, (size_t) (e - p));
      f->pending_n = (size_t) (e - p);
      f->pending_no = no;
      /* Its place in the code is here; its place in the text is known
         when it goes out.  */
      if (f->events)
        f->pending_ev = (long) cc_asm_filter_event (f, CC_ASM_EV_END, no, 0, 0, 0);
      return 1;
    }
  if (!f->pending_n)
    return 0;
  if (cc_asm_label_line (p, eol, f->start_prefix, f->start_len, &no)
      && no >= f->start_min)
    {
      pending_is_start (f, p, e, no);
      return 1;
    }
  if (labels_only (f, p, eol))
    {
      if (f->events)
        line (f, p, eol);      /* the symbol events */
      out_add (f, p, (size_t) (e - p));
      return 1;
    }
  return 0;
}

/* Is [P, EOL) the definition of a debug label, alone on its line?  */
static int
debug_label_line (const cc_asm_filter *f, const char *p, const char *eol)
{
  unsigned long no;
  if (eol - p < 3 || p[1] != f->debug_prefix[0][1])
    return 0;
  for (size_t i = 0; i < f->n_debug; i++)
    if (p[2] == f->debug_prefix[i][2]
        && cc_asm_label_line (p, eol, f->debug_prefix[i], f->debug_len[i], &no))
      return 1;
  return 0;
}

/* Is [P, EOL), a line that starts with a tab and a dot, one statement
   the filter would drop anyway: a line-number or call frame directive
   anywhere, or a data directive outside code?  With -g these are nearly
   all of the text; the full parse (line, statement) gives the same answer
   more slowly.  */
static int
plainly_dropped (const cc_asm_filter *f, const char *p, const char *eol)
{
#define W(s) { s, sizeof s - 1 }
  static const struct { const char *w; size_t n; } data_words[] = {
    W ("byte"), W ("long"), W ("quad"), W ("value"), W ("short"), W ("int"),
    W ("word"), W ("uleb128"), W ("sleb128"), W ("string"), W ("ascii"),
    W ("asciz"), W ("zero"), W ("2byte"), W ("4byte"), W ("8byte")
  };
#undef W
  const char *w = p + 2;        /* after the tab and the dot */
  size_t n = 0;
  while (w + n < eol && ((w[n] >= 'a' && w[n] <= 'z') || (w[n] >= '0' && w[n] <= '9')
                         || w[n] == '_'))
    n++;
  if (w + n < eol && w[n] != ' ' && w[n] != '\t')
    return 0;                  /* a label, or something else */
  int drop = (n == 3 && memcmp (w, "loc", 3) == 0)
             || (n > 4 && memcmp (w, "cfi_", 4) == 0);
  for (size_t i = 0; !drop && !f->now.cur.code && i < sizeof data_words / sizeof *data_words; i++)
    drop = data_words[i].n == n && memcmp (w, data_words[i].w, n) == 0;
  /* One statement: no separator (a string may hold one; then the full
     parse decides).  */
  return drop && !memchr (p, f->sep, (size_t) (eol - p));
}

/* The memo of the statement [P, E) if it is the whole of its line and
   plainly an instruction statement: no label, string, separator, comment
   or assignment in it (line, statement and statement_body would find
   the statement [P, E) and take it as no directive); else NULL.  P is
   past the line's blanks, at a letter.  */
static stmt_memo *
plain_statement (cc_asm_filter *f, const char *p, const char *e)
{
  uint32_t h = 2166136261u;
  for (const unsigned char *q = (const unsigned char *) p; q < (const unsigned char *) e; q++)
    {
      if (f->not_plain[*q])
        return NULL;
      h = (h ^ *q) * 16777619u;
    }
  return memo_find (f, p, e, h);
}

/* Decide on the whole line [P, E) (with its newline, if any).  */
static int
whole_line (cc_asm_filter *f, const char *p, const char *e)
{
  const char *eol = e > p && e[-1] == '\n' ? e - 1 : e;
  /* A text whose first line is `#NO_APP' is read without GNU as's
     handling of comments and blanks, which the layouts computed from
     the text assume.  */
  if ((f->line_comment || f->ops->no_app) && !f->seen_line && eol - p == 7
      && memcmp (p, "#NO_APP", 7) == 0)
    cc_asm_filter_refuse (f, p, eol);
  f->seen_line = 1;
  if (eol - p > 2 && p[0] == '\t' && p[1] == '.' && plainly_dropped (f, p, eol))
    return 0;
  /* Left out like a line of a debug section (a held-back end label stays
     held back): it places no byte.  */
  if (f->n_debug && *p == f->debug_prefix[0][0] && debug_label_line (f, p, eol))
    return 0;
  if (f->end_len && our_labels (f, p, eol, e))
    return 0;
  unsigned long no;
  if ((f->events || f->mprefix_len) && f->now.cur.code && f->start_len
      && cc_asm_label_line (p, eol, f->start_prefix, f->start_len, &no)
      && no >= f->start_min)
    {
      machine_open (f, no);
      if (f->events)
        {
          flush_pending (f);
          keep_start_label (f, p, e, no);
          return 0;
        }
    }
  /* Most lines are one instruction: a tab, a mnemonic, operands.  */
  if (p[0] == '\t' && (f->events && f->now.cur.code ? 1 : f->cur != 0))
    {
      const char *w = cc_asm_skip_space (p, eol);
      stmt_memo *mm = w < eol && *w >= 'a' && *w <= 'z' ? plain_statement (f, w, eol) : NULL;
      if (mm)
        {
          /* What line, statement and statement_body do with it.  */
          f->first_in_line = 1;
          if (f->cur)
            machine_statement (f, mm->kind, w, eol, mm);
          if (f->events && f->now.cur.code)
            statement_event (f, mm->kind, mm->align, mm->max, w, eol, mm);
          if (f->now.cur.code && !f->failed)
            {
              flush_pending (f);
              put_line_label (f);
              out_add (f, p, (size_t) (e - p));
            }
          f->line_label = 0;
          return 0;
        }
    }
  int k = line (f, p, eol);
  if (k < 0)
    {
      /* The output is of no use now; the insns are still read to the
         end (cc_asm_filter_splits).  */
      f->failed = 1;
      f->line_label = 0;
      return 0;
    }
  /* A dropped line places no byte in a code section: a held-back end
     label stays held back.  */
  if (k && !f->failed)
    {
      flush_pending (f);
      put_line_label (f);
      out_add (f, p, (size_t) (e - p));
    }
  f->line_label = 0;
  return 0;
}

int
cc_asm_filter_add (cc_asm_filter *f, const char *text, size_t n)
{
  /* Given up: only the insns are still of interest.  */
  if (f->failed && !f->mprefix_len)
    return -1;
  const char *p = text, *e = text + n;
  if (f->carry_n)
    {
      /* Finish the line the previous text left open.  */
      const char *nl = memchr (p, '\n', n);
      size_t take = nl ? (size_t) (nl + 1 - p) : n;
      f->carry = cc_xrealloc (f->carry, f->carry_n + take);
      memcpy (f->carry + f->carry_n, p, take);
      f->carry_n += take;
      p += take;
      if (!nl)
        return 0;
      whole_line (f, f->carry, f->carry + f->carry_n);
      f->carry_n = 0;
    }
  while (p < e)
    {
      const char *nl = memchr (p, '\n', (size_t) (e - p));
      if (!nl)
        {
          f->carry = cc_xrealloc (f->carry, (size_t) (e - p));
          memcpy (f->carry, p, (size_t) (e - p));
          f->carry_n = (size_t) (e - p);
          return 0;
        }
      whole_line (f, p, nl + 1);
      p = nl + 1;
    }
  return f->failed ? -1 : 0;
}

void
cc_asm_filter_reserve (cc_asm_filter *f, size_t text, size_t events)
{
  f->out = cc_grow (f->out, &f->cap, f->n + text + 1, 1, 65536);
  f->ev = cc_grow (f->ev, &f->ev_cap, f->n_ev + events, sizeof *f->ev, 4096);
}

/* Hold back end label NO, its line [P, P + LEN) (our_labels).  */
static void
hold_end_label (cc_asm_filter *f, unsigned long no, const char *p, size_t len)
{
  memcpy (f->pending, p, len);
  f->pending_n = len;
  f->pending_no = no;
  if (f->events)
    f->pending_ev = (long) cc_asm_filter_event (f, CC_ASM_EV_END, no, 0, 0, 0);
}

int
cc_asm_filter_label (cc_asm_filter *f, int end, unsigned long no)
{
  char text[96];
  const char *prefix = end ? f->end_prefix : f->start_prefix;
  size_t pl = end ? f->end_len : f->start_len;
  if (!pl)
    return -1;                 /* no prefixes (cc_asm_filter_labels) */
  memcpy (text, prefix, pl);
  size_t len = pl + cc_put_decimal (text + pl, no);
  text[len++] = ':';
  text[len++] = '\n';
  const char *p = text, *e = text + len, *eol = e - 1;
  /* What whole_line does with the line, where it is plain what that is:
     a held-back line or a filter that gave up take the long way.  */
  if (f->carry_n || (f->failed && !f->mprefix_len))
    return cc_asm_filter_add (f, text, len);
  if (f->n_debug && *p == f->debug_prefix[0][0] && debug_label_line (f, p, eol))
    return f->failed ? -1 : 0;
  if (end && f->now.cur.code && len <= sizeof f->pending)
    {
      /* our_labels: an end label in code is held back.  */
      machine_close (f);
      flush_pending (f);
      hold_end_label (f, no, p, len);
      return f->failed ? -1 : 0;
    }
  if (!end && f->pending_n && no >= f->start_min)
    {
      /* our_labels: the next start label stands for the held-back end
         label.  */
      pending_is_start (f, p, e, no);
      return f->failed ? -1 : 0;
    }
  if (!end && !f->pending_n && f->events && f->now.cur.code && no >= f->start_min)
    {
      /* A start label in code.  */
      machine_open (f, no);
      keep_start_label (f, p, e, no);
      return f->failed ? -1 : 0;
    }
  whole_line (f, p, e);
  return f->failed ? -1 : 0;
}

/* Could the line of our label of PREFIX (LEN bytes) be taken for a debug
   label's (debug_label_line)?  Only if one prefix begins the other.  */
static int
may_be_debug (const cc_asm_filter *f, const char *prefix, size_t len)
{
  for (size_t i = 0; i < f->n_debug; i++)
    {
      size_t n = f->debug_len[i] < len ? f->debug_len[i] : len;
      if (memcmp (f->debug_prefix[i], prefix, n) == 0)
        return 1;
    }
  return 0;
}

int
cc_asm_filter_label_pair (cc_asm_filter *f, unsigned long end_no, unsigned long start_no)
{
  if (!f->end_len || f->carry_n || (f->failed && !f->mprefix_len) || !f->now.cur.code
      || start_no < f->start_min || f->end_len + 24 > sizeof f->pending
      || f->start_len + 24 > 64
      || (f->n_debug && (may_be_debug (f, f->end_prefix, f->end_len)
                         || may_be_debug (f, f->start_prefix, f->start_len))))
    {
      cc_asm_filter_label (f, 1, end_no);
      return cc_asm_filter_label (f, 0, start_no);
    }
  char text[96];
  /* The end label: held back (our_labels), ...  */
  machine_close (f);
  flush_pending (f);
  if (f->failed && !f->mprefix_len)
    {
      /* Given up on the way: the start label is not looked at.  */
      memcpy (text, f->end_prefix, f->end_len);
      size_t len = f->end_len + cc_put_decimal (text + f->end_len, end_no);
      text[len++] = ':';
      text[len++] = '\n';
      hold_end_label (f, end_no, text, len);
      return -1;
    }
  /* ... and the start label stands for it (the text of the end label is
     never needed).  */
  long ev = f->events ? (long) cc_asm_filter_event (f, CC_ASM_EV_END, end_no, 0, 0, 0) : -1;
  set_alias (f, end_no, start_no);
  if (ev >= 0)
    f->ev[ev].kind = CC_ASM_EV_NONE;
  f->pending_n = 0;
  f->pending_ev = -1;
  memcpy (text, f->start_prefix, f->start_len);
  size_t len = f->start_len + cc_put_decimal (text + f->start_len, start_no);
  text[len++] = ':';
  text[len++] = '\n';
  machine_open (f, start_no);
  keep_start_label (f, text, text + len, start_no);
  return f->failed ? -1 : 0;
}

const char *
cc_asm_filter_finish (cc_asm_filter *f, size_t *n)
{
  if (f->carry_n && (!f->failed || f->mprefix_len))
    {
      whole_line (f, f->carry, f->carry + f->carry_n);
      f->carry_n = 0;
    }
  machine_close (f);
  if (!f->failed)
    flush_pending (f);
  if (f->failed)
    {
      *n = 0;
      return NULL;
    }
  *n = f->n;
  return f->out;
}
