/* cachecat test tool: compare the x86-64 length decoder with objdump.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   usage: x86len ELF-FILE < LIST
   LIST has one line per instruction objdump decoded: its address (hex)
   and its length, then either the index of its section (relocatable
   objects) or objdump's text of the instruction.  For each,
   cc_x86_length is run on the bytes of the file at that address.  Prints
     ELF-FILE: N agree, N declined, N wrong
   and the first wrong ones with their bytes; exits 1 if any is wrong.
   A declined instruction is safe (the plugin falls back to labels); a
   wrong length would be a wrong layout.

   With the text, cc_x86_flow is checked too (x86_flow.h): an instruction
   objdump names a jump, call, return, trap, system call or halt must not
   be one that runs on, and a system call must be one that enters the
   kernel.  Prints
     flow: N run on, N enter the kernel, N other, N wrong
   A wrong one would let cachecat-link analyse an asm statement that
   branches as straight-line code.  */

#include "isa/x86/x86_length.h"
#include "isa/x86/x86_flow.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mnemonic of objdump's TEXT, after the prefixes it writes as
   words.  */
static const char *
mnemonic (const char *text, char *buf, size_t n)
{
  static const char *const prefixes[] = {
    "lock", "rep", "repz", "repnz", "repe", "repne", "bnd", "notrack", "data16", "data32",
    "addr32", "cs", "ds", "ss", "es", "fs", "gs", "xacquire", "xrelease", "{vex}", "{vex3}",
    "{evex}", NULL
  };
  for (;;)
    {
      while (*text == ' ')
        text++;
      size_t k = 0;
      while (text[k] && text[k] != ' ' && k + 1 < n)
        {
          buf[k] = text[k];
          k++;
        }
      buf[k] = 0;
      int prefix = strncmp (buf, "rex", 3) == 0;
      for (int i = 0; prefixes[i] && !prefix; i++)
        prefix = strcmp (buf, prefixes[i]) == 0;
      if (!prefix || !text[k])
        return buf;
      text += k;
    }
}

/* Does objdump's mnemonic M transfer control, trap, stop or flush a
   line?  */
static int
transfers (const char *m)
{
  static const char *const exact[] = {
    "int3", "int1", "icebp", "into", "hlt", "ud0", "ud1", "ud2", "xbegin", "xabort", "xend",
    "rsm", "vmcall", "vmlaunch", "vmresume", "vmfunc", "enclu", "encls", "enclv", "uiret",
    "popf", "popfq", "popfw", "cli", "sti", "clflush", "clflushopt", "clwb", "cldemote", NULL
  };
  for (int i = 0; exact[i]; i++)
    if (strcmp (m, exact[i]) == 0)
      return 1;
  return m[0] == 'j' || strncmp (m, "call", 4) == 0 || strncmp (m, "ret", 3) == 0
         || strncmp (m, "loop", 4) == 0 || strncmp (m, "iret", 4) == 0
         || strncmp (m, "sys", 3) == 0 || strncmp (m, "int", 3) == 0
         || strncmp (m, "lcall", 5) == 0 || strncmp (m, "ljmp", 4) == 0
         || strncmp (m, "lret", 4) == 0;
}

static uint64_t
rd (const unsigned char *p, unsigned n)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint64_t) p[i] << (8 * i);
  return v;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: x86len ELF-FILE < LIST\n");
      return 2;
    }
  FILE *f = fopen (argv[1], "rb");
  if (!f)
    {
      perror (argv[1]);
      return 2;
    }
  fseek (f, 0, SEEK_END);
  long size = ftell (f);
  fseek (f, 0, SEEK_SET);
  unsigned char *img = malloc ((size_t) size);
  if (!img || fread (img, 1, (size_t) size, f) != (size_t) size)
    {
      fprintf (stderr, "x86len: cannot read %s\n", argv[1]);
      return 2;
    }
  fclose (f);
  if (size < 64 || memcmp (img, "\177ELF", 4) != 0 || img[4] != 2)
    {
      fprintf (stderr, "x86len: %s is not a 64-bit ELF file\n", argv[1]);
      return 2;
    }
  uint64_t shoff = rd (img + 0x28, 8);
  unsigned shentsize = (unsigned) rd (img + 0x3a, 2), shnum = (unsigned) rd (img + 0x3c, 2);
  unsigned long agree = 0, declined = 0, wrong = 0, unmapped = 0;
  unsigned long flows[3] = { 0, 0, 0 }, flow_wrong = 0;
  int with_text = 0;
  char line[512];
  while (fgets (line, sizeof line, stdin))
    {
      unsigned long long addr;
      int want;
      if (sscanf (line, "%llx %d", &addr, &want) != 2)
        continue;
      /* The executable section holding ADDR (relocatable objects: the
         address is the section offset, and the list says which section
         by a third field, its index).  */
      unsigned sec_hint = 0;
      char text[400] = "";
      if (sscanf (line, "%*x %*d %u", &sec_hint) != 1)
        sscanf (line, "%*x %*d %399[^\n]", text);
      const unsigned char *at = NULL;
      size_t avail = 0;
      for (unsigned s = 1; s < shnum && !at; s++)
        {
          const unsigned char *h = img + shoff + (uint64_t) s * shentsize;
          uint32_t type = (uint32_t) rd (h + 4, 4);
          uint64_t flags = rd (h + 8, 8), a = rd (h + 16, 8), off = rd (h + 24, 8),
                   sz = rd (h + 32, 8);
          if (type == 8 || !(flags & 4) || (sec_hint && s != sec_hint))
            continue;
          if (addr >= a && addr < a + sz && off + sz <= (uint64_t) size)
            {
              at = img + off + (addr - a);
              avail = (size_t) (a + sz - addr);
            }
        }
      if (!at)
        {
          unmapped++;
          continue;
        }
      int got = cc_x86_length (at, avail);
      if (got < 0)
        declined++;
      else if (got == want)
        {
          agree++;
          if (text[0])
            {
              char buf[64];
              const char *m = mnemonic (text, buf, sizeof buf);
              enum cc_x86_flow fl = cc_x86_flow (at, (size_t) got);
              int sys = strcmp (m, "syscall") == 0 || strcmp (m, "int") == 0;
              with_text = 1;
              flows[fl]++;
              if ((fl == CC_X86_NEXT && transfers (m)) || (sys && fl != CC_X86_KERNEL)
                  || (fl == CC_X86_KERNEL && !sys))
                {
                  if (flow_wrong < 20)
                    printf ("wrong flow at %llx: %s is %s\n", addr, text,
                            fl == CC_X86_NEXT ? "run on" : fl == CC_X86_KERNEL
                            ? "enter the kernel" : "other");
                  flow_wrong++;
                }
            }
        }
      else
        {
          if (wrong < 20)
            {
              printf ("wrong at %llx: decoder %d, objdump %d:", addr, got, want);
              for (int k = 0; k < want && k < 16; k++)
                printf (" %02x", at[k]);
              printf ("\n");
            }
          wrong++;
        }
    }
  printf ("%s: %lu agree, %lu declined, %lu wrong", argv[1], agree, declined, wrong);
  if (unmapped)
    printf (", %lu not in an executable section", unmapped);
  printf ("\n");
  if (with_text)
    printf ("flow: %lu run on, %lu enter the kernel, %lu other, %lu wrong\n",
            flows[CC_X86_NEXT], flows[CC_X86_KERNEL], flows[CC_X86_OTHER], flow_wrong);
  free (img);
  return wrong || flow_wrong ? 1 : 0;
}
