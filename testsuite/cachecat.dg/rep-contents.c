/* The report holds what the README promises: format version, cache shape,
   layout assumptions, entry, functions with loops, UPs and instructions with
   offsets, lengths, categories, scopes, lines, sets, source locations and
   per-context verdicts, and a summary that counts every instruction.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-entry=main -fplugin-arg-cachecat-entry-state=warm" } */
/* { dg-final { report-json-ok "d['cachecat'] == 3 and d['cache'] == {'size': 4096, 'line': 32, 'ways': 1, 'sets': 128, 'policy': 'lru', 'hit_cycles': 1, 'miss_penalty': 10, 'config': 'default'}" } } */
/* { dg-final { report-json-ok "d['entry'] == {'symbol': 'main', 'found': True, 'state': 'warm'}" } } */
/* { dg-final { report-json-ok "set(d['layout']) >= {'offsets', 'set_indices', 'phases', 'sections'} and d['layout']['phases'] >= 1" } } */
/* { dg-final { report-json-ok "sorted(f['name'] for f in d['functions']) == ['main', 'sum']" } } */
/* { dg-final { report-json-ok "all(set(i) >= {'offset', 'length', 'category', 'line', 'set', 'loc', 'contexts'} for f in d['functions'] for i in f['insns'])" } } */
/* { dg-final { report-json-ok "all(i['category'] in ('always-hit', 'always-miss', 'first-miss', 'first-hit', 'conflict') for f in d['functions'] for i in f['insns'])" } } */
/* { dg-final { report-json-ok "all(('scope' in i) == (i['category'] in ('first-miss', 'first-hit')) for f in d['functions'] for i in f['insns'])" } } */
/* { dg-final { report-json-ok "all(i['loc'].split(':')[0].endswith('rep-contents.c') and i['loc'].split(':')[1].isdigit() for f in d['functions'] for i in f['insns'])" } } */
/* { dg-final { report-json-ok "all(a['offset'] + a['length'] <= b['offset'] for f in d['functions'] for a, b in zip(f['insns'], f['insns'][1:]))" } } */
/* { dg-final { report-json-ok "sum(d['summary'].values()) == sum(len(f['insns']) for f in d['functions'])" } } */
/* { dg-final { report-json-ok "all(sum(f['summary'].values()) == len(f['insns']) for f in d['functions'])" } } */
/* { dg-final { report-json-ok "len([f for f in d['functions'] if f['name'] == 'sum'][0]['loops']) == 1 and [f for f in d['functions'] if f['name'] == 'sum'][0]['loops'][0]['parent'] is None" } } */
/* { dg-final { report-json-ok "all(l['header'] in l['insns'] for f in d['functions'] for l in f['loops'])" } } */
/* { dg-final { report-json-ok "all(c['instances'] == 'all' or set(c['instances']) <= set(f['instances']) for f in d['functions'] for i in f['insns'] for c in i['contexts'])" } } */
/* { dg-final { report-json-ok "all(c['up'] in [u['id'] for u in f['ups']] and c['category'] in ('always-hit', 'always-miss', 'first-miss', 'first-hit', 'conflict') for f in d['functions'] for i in f['insns'] for c in i['contexts'])" } } */
/* { dg-final { report-json-ok "all(f['ups'] and all(u['blocks'] for u in f['ups']) for f in d['functions'])" } } */
/* { dg-final { report-json-ok "[f['section'] for f in d['functions'] if f['name'] == 'main'] == ['.text.startup']" } } */
/* { dg-final { report-json-ok "len(re.findall(r'cachecat: ', asm)) == sum(len(f['insns']) for f in d['functions'])" } } */

int data[100];

__attribute__ ((noinline)) int
sum (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int
main (void)
{
  return sum (data, 100);
}
