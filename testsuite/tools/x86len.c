/* cachecat test tool: compare the x86-64 length decoder with objdump.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   usage: x86len ELF-FILE < LIST
   LIST has one line per instruction objdump decoded: its address (hex)
   and its length.  For each, cc_x86_length is run on the bytes of the
   file at that address.  Prints
     ELF-FILE: N agree, N declined, N wrong
   and the first wrong ones with their bytes; exits 1 if any is wrong.
   A declined instruction is safe (the plugin falls back to labels); a
   wrong length would be a wrong layout.  */

#include "layout/x86/x86_length.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  char line[256];
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
      sscanf (line, "%*x %*d %u", &sec_hint);
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
        agree++;
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
  free (img);
  return wrong ? 1 : 0;
}
