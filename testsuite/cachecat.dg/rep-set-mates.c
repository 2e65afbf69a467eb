/* A conflict instruction's report entry names the other program lines of
   its set (docs/semantics.md §7.6), with their functions and source
   lines; its own line is not among them; the first conflict instruction
   of each program line has the key, no other instruction.  A cache of two 16-byte lines: lines 0, 2, 4 ... share set 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-unroll-loops -fplugin-arg-cachecat-cache-size=32 -fplugin-arg-cachecat-line-size=16" } */
/* { dg-final { report-json-ok "any(i['category'] == 'conflict' for f in d['functions'] for i in f['insns'])" } } */
/* { dg-final { report-json-ok "all(('set_mates' in i) == (i['category'] == 'conflict' and i['line'] not in [j['line'] for j in f['insns'][:k] if j['category'] == 'conflict']) for f in d['functions'] for k, i in enumerate(f['insns']))" } } */
/* { dg-final { report-json-ok "all(m['line'] != i['line'] and m['line'] % 2 == i['set'] and re.match(r'.*rep-set-mates.c:\\d+$', m['loc']) and m['function'] in ('poll', 'poll2') for f in d['functions'] for i in f['insns'] for m in i.get('set_mates', []))" } } */
/* { dg-final { report-json-ok "all(len(i['set_mates']) <= 8 and (len(i['set_mates']) == 8 or 'set_mates_more' not in i) for f in d['functions'] for i in f['insns'] if 'set_mates' in i)" } } */
/* { dg-final { report-json-ok "all(len(i['set_mates']) + i.get('set_mates_more', 0) == len({j['line'] for g in d['functions'] for j in g['insns'] if j['set'] == i['set']}) - 1 for f in d['functions'] for i in f['insns'] if 'set_mates' in i)" } } */

volatile unsigned dev[8];

unsigned
poll (void)
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 31 + dev[1] * dev[2] + (dev[3] ^ dev[4]) + dev[5] * dev[6] + dev[7];
  return acc;
}

unsigned
poll2 (void)
{
  unsigned acc = 0;
  for (unsigned k = 0; k < 8; k++)
    acc = acc * 17 + dev[1] * dev[7] + (dev[3] | dev[4]) + dev[5] * dev[6] + dev[0];
  return acc;
}
