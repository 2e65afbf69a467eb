/* h_bst: a binary search tree on malloc'd nodes with recursive insert,
   in-order traversal with a visitor callback, recursive height and size,
   mutually recursive even/odd-level sums, deletion and recursive free.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Tree recursion whose depth depends on the insertion order, a callback
   passed down through the recursion, and malloc/free between steps.  */
#include <stdio.h>
#include <stdlib.h>

struct node
{
  int key, count;
  struct node *left, *right;
};

static struct node *
insert (struct node *t, int key)
{
  if (!t)
    {
      t = malloc (sizeof *t);
      if (!t)
        exit (1);
      t->key = key;
      t->count = 1;
      t->left = t->right = NULL;
      return t;
    }
  if (key < t->key)
    t->left = insert (t->left, key);
  else if (key > t->key)
    t->right = insert (t->right, key);
  else
    t->count++;
  return t;
}

static void
in_order (const struct node *t, void (*visit) (const struct node *, void *),
          void *ctx)
{
  if (!t)
    return;
  in_order (t->left, visit, ctx);
  visit (t, ctx);
  in_order (t->right, visit, ctx);
}

static int
height (const struct node *t)
{
  if (!t)
    return 0;
  int l = height (t->left), r = height (t->right);
  return 1 + (l > r ? l : r);
}

static long odd_levels (const struct node *t);

static long
even_levels (const struct node *t)
{
  return t ? t->key + odd_levels (t->left) + odd_levels (t->right) : 0;
}

static long
odd_levels (const struct node *t)
{
  return t ? even_levels (t->left) + even_levels (t->right) : 0;
}

static struct node *
delete_min (struct node *t, struct node **min)
{
  if (!t->left)
    {
      *min = t;
      return t->right;
    }
  t->left = delete_min (t->left, min);
  return t;
}

static struct node *
delete (struct node *t, int key)
{
  if (!t)
    return NULL;
  if (key < t->key)
    t->left = delete (t->left, key);
  else if (key > t->key)
    t->right = delete (t->right, key);
  else
    {
      struct node *l = t->left, *r = t->right, *m;
      free (t);
      if (!r)
        return l;
      r = delete_min (r, &m);
      m->left = l;
      m->right = r;
      return m;
    }
  return t;
}

static void
destroy (struct node *t)
{
  if (!t)
    return;
  destroy (t->left);
  destroy (t->right);
  free (t);
}

struct walk
{
  int prev, ordered, nodes, dups;
  unsigned hash;
};

static void
check_visit (const struct node *n, void *ctx)
{
  struct walk *w = ctx;
  if (n->key <= w->prev)
    w->ordered = 0;
  w->prev = n->key;
  w->nodes++;
  w->dups += n->count - 1;
  w->hash = w->hash * 31 + (unsigned) n->key;
}

static void
report (const char *what, const struct node *t)
{
  struct walk w = { -1, 1, 0, 0, 0 };
  in_order (t, check_visit, &w);
  printf ("%s: nodes %d dups %d height %d ordered %d even-odd %ld %ld "
          "hash %08x\n", what, w.nodes, w.dups, height (t), w.ordered,
          even_levels (t), odd_levels (t), w.hash);
}

int
main (void)
{
  struct node *t = NULL;
  unsigned x = 42;
  for (int i = 0; i < 700; i++)
    {
      x = x * 69069u + 7;
      t = insert (t, (int) ((x >> 12) % 3000));
    }
  /* A sorted run makes one branch of the tree degenerate.  */
  for (int k = 3000; k < 3060; k++)
    t = insert (t, k);
  report ("built", t);
  for (int k = 0; k < 3060; k += 3)
    t = delete (t, k);
  report ("thinned", t);
  destroy (t);
  return 0;
}
