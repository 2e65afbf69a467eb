/* Roots (docs/semantics.md §4.4): the entry, and every function that may be
   called from outside the unit: externally visible, address-taken or
   marked used.  A static function called only directly is not a root, at
   -O0 too (where GCC forces every function out).  */
/* { dg-do compile } */
/* { dg-options "-O0 -fplugin-arg-cachecat-entry=run" } */
/* { dg-final { report-json-ok "sorted(i['function'] for i in d['instances'] if i['root']) == ['cb', 'kept', 'run', 'visible']" } } */
/* { dg-final { report-json-ok "[i['function'] for i in d['instances'] if not i['root']] == ['helper']" } } */
/* { dg-final { report-json-ok "[i['cold'] for i in d['instances'] if i['function'] == 'run'] == [True]" } } */

volatile int sink;
static void helper (void) { sink = 1; }
static void cb (void) { sink = 2; }
static void __attribute__ ((used)) kept (void) { sink = 3; }
void visible (void) { sink = 4; }
void (*hook) (void) = cb;

void
run (void)
{
  helper ();
}
