/* cachecat GCC glue: the unit's asm texts, for the functions they name.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Top-level asm and asm statements may name a function by its symbol
   and so call it, or hold its address, where GCC sees no reference
   (model/asm_named.h).  The texts are kept while the unit compiles:
   top-level asm at the end of the IPA passes (GCC prints it, and forgets
   it, before it expands the first function), each asm statement's
   template as its function is modelled (extract.cc); at the unit's end
   the functions they name are flagged address-taken.  */

#include "glue/gcc-common.h"
#include "glue/glue.h"

extern "C" {
#include "model/asm_named.h"
}

/* The texts so far, each followed by a newline.  */
static char *texts;
static size_t n_texts, cap_texts;

static void
keep_text (const char *s)
{
  if (!s || !*s)
    return;
  size_t len = strlen (s);
  texts = (char *) cc_grow (texts, &cap_texts, n_texts + len + 2, 1, 4096);
  memcpy (texts + n_texts, s, len);
  n_texts += len;
  texts[n_texts++] = '\n';
  texts[n_texts] = 0;
}

static void
keep_toplevel_asm (void *, void *)
{
  for (asm_node *a = symtab->first_asm_symbol (); a; a = a->next)
    if (a->asm_str && TREE_CODE (a->asm_str) == STRING_CST)
      keep_text (TREE_STRING_POINTER (a->asm_str));
}

void
cc_glue_note_asm (rtx_insn *insn)
{
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) == PARALLEL && XVECLEN (pat, 0) > 0)
    pat = XVECEXP (pat, 0, 0);
  if (GET_CODE (pat) == ASM_INPUT)
    {
      keep_text (XSTR (pat, 0));
      return;
    }
  rtx ops = extract_asm_operands (PATTERN (insn));
  if (ops)
    keep_text (ASM_OPERANDS_TEMPLATE (ops));
}

void
cc_glue_flag_asm_named (cc_model *m)
{
  cc_model_flag_asm_named (m, texts);
  free (texts);
  texts = NULL;
  n_texts = cap_texts = 0;
}

void
cc_glue_register_asm_names (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_END, keep_toplevel_asm, NULL);
}
