/* cachecat-link: machine code read by objdump's decoder (libopcodes).
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

/* bfd.h insists on a config.h of the package that includes it.  */
#define PACKAGE "cachecat"
#define PACKAGE_VERSION "0"
#include <dis-asm.h>

#include "binary/decoder.h"
#include "support/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cc_decoder
{
  struct disassemble_info info;
  disassembler_ftype print_insn;
  const char *options;         /* given again before every instruction:
                                  ARM's decoder keeps them in globals */
  cc_decoded *out;             /* where the text goes */
  size_t pos;
};

/* Append to the text of D's instruction.  */
static void
append (cc_decoder *d, const char *fmt, va_list ap)
{
  size_t room = sizeof d->out->text - d->pos;
  /* Most pieces are "%s" or plain text: copied, not formatted (the
     formatting was a tenth of cachecat-link's time).  */
  const char *s = strcmp (fmt, "%s") == 0 ? va_arg (ap, const char *)
                  : strchr (fmt, '%') ? NULL : fmt;
  if (fmt != s && !strcmp (fmt, "%s") && !s)
    s = "(null)";
  if (s)
    {
      size_t n = strlen (s);
      n = n < room ? n : room - 1;
      memcpy (d->out->text + d->pos, s, n);
      d->pos += n;
      d->out->text[d->pos] = 0;
      return;
    }
  int n = vsnprintf (d->out->text + d->pos, room, fmt, ap);
  if (n > 0)
    d->pos += (size_t) n < room ? (size_t) n : room - 1;
}

/* The decoder's printers: the text into d->out, styles aside.  */
static int
print_text (void *stream, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  append (stream, fmt, ap);
  va_end (ap);
  return 0;
}

static int
print_styled (void *stream, enum disassembler_style style, const char *fmt, ...)
{
  (void) style;
  va_list ap;
  va_start (ap, fmt);
  append (stream, fmt, ap);
  va_end (ap);
  return 0;
}

/* An address the decoder names (a branch's target, a PC-relative
   operand): kept, and printed as objdump does.  */
static void
print_address (bfd_vma addr, struct disassemble_info *info)
{
  cc_decoder *d = info->stream;
  d->out->target = addr;
  d->out->has_target = 1;
  print_text (d, "0x%llx", (unsigned long long) addr);
}

/* Bytes the decoder reads past the code: none.  */
static void
memory_error (int status, bfd_vma addr, struct disassemble_info *info)
{
  (void) status;
  (void) addr;
  (void) info;
}

/* Is TEXT an instruction, not what the decoder prints for bytes it does
   not know: a directive (".byte", ".word", ".short", ".inst", RISC-V's
   ".2byte" and ".4byte"), "(bad)", ARM's "@ <UNDEFINED> instruction" and
   its operands "<illegal ...>" or "<invalid ...>"?  */
static int
is_instruction (const char *text)
{
  const char *p = text + strspn (text, " \t");
  return *p && *p != '.' && *p != '@' && !strstr (p, "(bad)") && !strcasestr (p, "undefined")
         && !strstr (p, "<illegal") && !strstr (p, "<invalid");
}

cc_decoder *
cc_decoder_open (cc_isa isa, int big_endian, char **err)
{
  const char *arch_name = NULL, *options = NULL;
  if (cc_isa_opcodes (isa, &arch_name, &options) < 0)
    {
      *err = cc_xstrdup ("objdump's decoder is not known for this code");
      return NULL;
    }
  const bfd_arch_info_type *arch = bfd_scan_arch (arch_name);
  if (!arch)
    {
      *err = cc_xasprintf ("libopcodes does not know the architecture %s", arch_name);
      return NULL;
    }
  disassembler_ftype f = disassembler (arch->arch, big_endian, arch->mach, NULL);
  if (!f)
    {
      *err = cc_xasprintf ("libopcodes has no decoder for %s", arch_name);
      return NULL;
    }
  cc_decoder *d = cc_xcalloc (1, sizeof *d);
  init_disassemble_info (&d->info, d, print_text, print_styled);
  d->info.arch = arch->arch;
  d->info.mach = arch->mach;
  d->info.endian = big_endian ? BFD_ENDIAN_BIG : BFD_ENDIAN_LITTLE;
  d->info.endian_code = d->info.endian;
  d->info.print_address_func = print_address;
  d->info.memory_error_func = memory_error;
  d->options = options;
  d->print_insn = f;
  d->info.disassembler_options = options;
  disassemble_init_for_target (&d->info);
  return d;
}

void
cc_decoder_close (cc_decoder *d)
{
  if (!d)
    return;
  disassemble_free_target (&d->info);
  free (d);
}

int
cc_decode (cc_decoder *d, const unsigned char *code, uint64_t base, uint64_t size,
           uint64_t addr, cc_decoded *out)
{
  memset (out, 0, sizeof *out);
  if (addr < base || addr >= base + size)
    return 0;
  d->out = out;
  d->pos = 0;
  d->info.buffer = (bfd_byte *) code;
  d->info.buffer_vma = base;
  d->info.buffer_length = size;
  d->info.disassembler_options = d->options;
  d->info.insn_info_valid = 0;
  int n = d->print_insn (addr, &d->info);
  d->out = NULL;
  if (n <= 0 || (uint64_t) n > base + size - addr || !is_instruction (out->text))
    return 0;
  out->length = n;
  out->addr = addr;
  return n;
}
