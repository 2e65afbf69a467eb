/* cctrace: a Valgrind tool that writes the instruction-fetch trace of a
   run, for cachecat's validation (testsuite/validate/README.md).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Built out of tree against the headers and static libraries that
   Debian's valgrind package ships (Makefile: cctrace).  It sees exactly
   what callgrind sees (same CPU model, same guest code), so its trace and
   callgrind's per-instruction counts can be compared one to one.  Run it
   with --vex-guest-chase=no (ground-truth-notes.md, trap 1).

   Output (--out=FILE): little-endian 64-bit records, one per executed
   instruction, in execution order:
     bits  0..47  the instruction's address
     bits 48..55  its length in bytes
     bits 56..63  what it does to the call stack: 0 nothing, 1 a call
                  (the next record is the callee's first instruction),
                  2 a return
   Calls and returns come from the ends of VEX superblocks (Ijk_Call,
   Ijk_Ret): with chasing off, a call or a return always ends one.  */

#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_options.h"

#define BUF_RECORDS (1 << 16)

static const HChar *clo_out = NULL;
static Int out_fd = -1;
static ULong buf[BUF_RECORDS];
static UInt buf_n;

static void
flush (void)
{
  const char *p = (const char *) buf;
  Int left = (Int) (buf_n * sizeof buf[0]);
  while (left > 0)
    {
      Int w = VG_(write) (out_fd, p, left);
      if (w <= 0)
        {
          VG_(umsg) ("cctrace: cannot write %s\n", clo_out);
          VG_(exit) (1);
        }
      p += w;
      left -= w;
    }
  buf_n = 0;
}

static VG_REGPARM (1) void
fetch (ULong record)
{
  buf[buf_n++] = record;
  if (buf_n == BUF_RECORDS)
    flush ();
}

static Bool
process_option (const HChar *arg)
{
  if (VG_STR_CLO (arg, "--out", clo_out))
    return True;
  return False;
}

static void
print_usage (void)
{
  VG_(printf) ("    --out=FILE    write the fetch trace to FILE\n");
}

static void
print_debug_usage (void)
{
}

static void
post_clo_init (void)
{
  if (!clo_out)
    {
      VG_(umsg) ("cctrace: --out=FILE is required\n");
      VG_(exit) (1);
    }
  SysRes r = VG_(open) (clo_out, VKI_O_WRONLY | VKI_O_CREAT | VKI_O_TRUNC, 0644);
  if (sr_isError (r))
    {
      VG_(umsg) ("cctrace: cannot open %s\n", clo_out);
      VG_(exit) (1);
    }
  out_fd = (Int) sr_Res (r);
}

static IRSB *
instrument (VgCallbackClosure *closure, IRSB *in, const VexGuestLayout *layout,
            const VexGuestExtents *vge, const VexArchInfo *archinfo_host,
            IRType gWordTy, IRType hWordTy)
{
  IRSB *out = deepCopyIRSBExceptStmts (in);
  Int last_mark = -1;
  for (Int i = 0; i < in->stmts_used; i++)
    if (in->stmts[i] && in->stmts[i]->tag == Ist_IMark)
      last_mark = i;
  ULong end_kind = in->jumpkind == Ijk_Call ? 1 : in->jumpkind == Ijk_Ret ? 2 : 0;
  for (Int i = 0; i < in->stmts_used; i++)
    {
      IRStmt *st = in->stmts[i];
      if (!st || st->tag == Ist_NoOp)
        continue;
      if (st->tag == Ist_IMark)
        {
          ULong rec = ((ULong) st->Ist.IMark.addr & 0xffffffffffffULL)
                      | ((ULong) (st->Ist.IMark.len & 0xff) << 48)
                      | ((i == last_mark ? end_kind : 0) << 56);
          IRDirty *di = unsafeIRDirty_0_N (1, "fetch", VG_(fnptr_to_fnentry) (fetch),
                                           mkIRExprVec_1 (mkIRExpr_HWord ((HWord) rec)));
          addStmtToIRSB (out, IRStmt_Dirty (di));
        }
      addStmtToIRSB (out, st);
    }
  return out;
}

static void
fini (Int exitcode)
{
  if (out_fd >= 0)
    {
      flush ();
      VG_(close) (out_fd);
    }
}

static void
pre_clo_init (void)
{
  VG_(details_name) ("cctrace");
  VG_(details_version) (NULL);
  VG_(details_description) ("instruction-fetch traces for cachecat");
  VG_(details_copyright_author) ("Copyright (C) 2026 the cachecat authors.");
  VG_(details_bug_reports_to) ("the cachecat authors");
  VG_(details_avg_translation_sizeB) (275);
  VG_(basic_tool_funcs) (post_clo_init, instrument, fini);
  VG_(needs_command_line_options) (process_option, print_usage, print_debug_usage);
}

VG_DETERMINE_INTERFACE_VERSION (pre_clo_init)
