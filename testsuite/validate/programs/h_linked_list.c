/* h_linked_list: a doubly linked list on malloc'd nodes: appends, sorted
   inserts, deletions with free, splitting, reversal, and an insertion sort
   of the list, under a workload of mixed operations.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Every node allocation and release calls into malloc/free, large unknown
   code that may evict the program's lines between any two list steps.  */
#include <stdio.h>
#include <stdlib.h>

struct node
{
  struct node *prev, *next;
  int key;
};

struct list
{
  struct node *head, *tail;
  int len;
};

static struct node *
new_node (int key)
{
  struct node *n = malloc (sizeof *n);
  if (!n)
    {
      puts ("out of memory");
      exit (1);
    }
  n->prev = n->next = NULL;
  n->key = key;
  return n;
}

static void
append (struct list *l, int key)
{
  struct node *n = new_node (key);
  n->prev = l->tail;
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
  l->len++;
}

static void
unlink_node (struct list *l, struct node *n)
{
  if (n->prev)
    n->prev->next = n->next;
  else
    l->head = n->next;
  if (n->next)
    n->next->prev = n->prev;
  else
    l->tail = n->prev;
  l->len--;
}

static void
insert_sorted (struct list *l, struct node *n)
{
  struct node *p = l->head;
  while (p && p->key < n->key)
    p = p->next;
  n->next = p;
  n->prev = p ? p->prev : l->tail;
  if (n->prev)
    n->prev->next = n;
  else
    l->head = n;
  if (p)
    p->prev = n;
  else
    l->tail = n;
  l->len++;
}

static void
sort_list (struct list *l)
{
  struct list out = { NULL, NULL, 0 };
  while (l->head)
    {
      struct node *n = l->head;
      unlink_node (l, n);
      insert_sorted (&out, n);
    }
  *l = out;
}

static void
reverse (struct list *l)
{
  struct node *p = l->head;
  while (p)
    {
      struct node *nx = p->next;
      p->next = p->prev;
      p->prev = nx;
      p = nx;
    }
  struct node *t = l->head;
  l->head = l->tail;
  l->tail = t;
}

static int
delete_if (struct list *l, int (*pred) (int))
{
  int removed = 0;
  for (struct node *p = l->head, *nx; p; p = nx)
    {
      nx = p->next;
      if (pred (p->key))
        {
          unlink_node (l, p);
          free (p);
          removed++;
        }
    }
  return removed;
}

static int is_odd (int k) { return k & 1; }
static int is_multiple_of_7 (int k) { return k % 7 == 0; }

static unsigned
hash (const struct list *l)
{
  unsigned h = 2166136261u;
  for (const struct node *p = l->head; p; p = p->next)
    h = (h ^ (unsigned) p->key) * 16777619u;
  return h;
}

static void
destroy (struct list *l)
{
  while (l->head)
    {
      struct node *n = l->head;
      l->head = n->next;
      free (n);
    }
  l->tail = NULL;
  l->len = 0;
}

int
main (void)
{
  struct list a = { NULL, NULL, 0 }, b = { NULL, NULL, 0 };
  unsigned x = 1;
  for (int i = 0; i < 400; i++)
    {
      x = x * 69069u + 1;
      if (x & 0x100)
        append (&a, (int) (x >> 20));
      else
        insert_sorted (&b, new_node ((int) (x >> 20)));
    }
  printf ("a: len %d hash %08x\n", a.len, hash (&a));
  printf ("b: len %d hash %08x\n", b.len, hash (&b));
  sort_list (&a);
  reverse (&b);
  int r1 = delete_if (&a, is_odd);
  int r2 = delete_if (&b, is_multiple_of_7);
  printf ("after: a %d (-%d) %08x, b %d (-%d) %08x\n", a.len, r1, hash (&a),
          b.len, r2, hash (&b));
  destroy (&a);
  destroy (&b);
  return 0;
}
