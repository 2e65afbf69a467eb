/* fs_lists: singly and doubly linked lists in a static node pool: sorted
   insertion, deletion, in-place reversal, merge sort of a list (recursive
   split and merge) and a free list.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Pointer-chasing loops whose trip counts are list lengths, unknown to the
   compiler; merge sort recursion depth is log2 of the length.  */
#include "../../valgrind/freestanding.h"

#define POOL 256

struct node
{
  int key;
  struct node *next, *prev;
};

static struct node pool[POOL];
static struct node *free_list;

static __attribute__ ((noinline)) void
pool_init (void)
{
  free_list = 0;
  for (int i = POOL - 1; i >= 0; i--)
    {
      pool[i].next = free_list;
      pool[i].key = -i;
      free_list = &pool[i];
    }
}

static __attribute__ ((noinline)) struct node *
node_alloc (int key)
{
  struct node *n = free_list;
  if (!n)
    return 0;
  free_list = n->next;
  n->key = key;
  n->next = n->prev = 0;
  return n;
}

static __attribute__ ((noinline)) void
node_free (struct node *n)
{
  n->next = free_list;
  free_list = n;
}

/* Sorted insertion into a doubly linked list.  */
static __attribute__ ((noinline)) struct node *
dl_insert_sorted (struct node *head, struct node *n)
{
  if (!head || n->key <= head->key)
    {
      n->next = head;
      if (head)
        head->prev = n;
      return n;
    }
  struct node *p = head;
  while (p->next && p->next->key < n->key)
    p = p->next;
  n->next = p->next;
  n->prev = p;
  if (p->next)
    p->next->prev = n;
  p->next = n;
  return head;
}

/* Removes every node whose key is divisible by d.  */
static __attribute__ ((noinline)) struct node *
dl_remove_multiples (struct node *head, int d)
{
  struct node *p = head;
  while (p)
    {
      struct node *nx = p->next;
      if (p->key % d == 0)
        {
          if (p->prev)
            p->prev->next = nx;
          else
            head = nx;
          if (nx)
            nx->prev = p->prev;
          node_free (p);
        }
      p = nx;
    }
  return head;
}

static __attribute__ ((noinline)) struct node *
sl_reverse (struct node *head)
{
  struct node *r = 0;
  while (head)
    {
      struct node *nx = head->next;
      head->next = r;
      r = head;
      head = nx;
    }
  return r;
}

static struct node *
sl_merge (struct node *a, struct node *b)
{
  struct node dummy, *t = &dummy;
  while (a && b)
    {
      if (a->key <= b->key)
        {
          t->next = a;
          a = a->next;
        }
      else
        {
          t->next = b;
          b = b->next;
        }
      t = t->next;
    }
  t->next = a ? a : b;
  return dummy.next;
}

static __attribute__ ((noinline)) struct node *
sl_merge_sort (struct node *head)
{
  if (!head || !head->next)
    return head;
  struct node *slow = head, *fast = head->next;
  while (fast && fast->next)
    {
      slow = slow->next;
      fast = fast->next->next;
    }
  struct node *second = slow->next;
  slow->next = 0;
  return sl_merge (sl_merge_sort (head), sl_merge_sort (second));
}

static __attribute__ ((noinline)) unsigned
list_hash (const struct node *p)
{
  unsigned h = 0;
  for (; p; p = p->next)
    h = h * 31 + (unsigned) p->key;
  return h;
}

static __attribute__ ((noinline)) int
program (void)
{
  unsigned acc = (unsigned) sink, x = 5;
  for (unsigned round = 0; round < 5; round++)
    {
      pool_init ();
      struct node *dl = 0, *sl = 0, *n;
      for (int i = 0; i < 100; i++)
        {
          x = x * 1103515245u + 12345u;
          if ((n = node_alloc ((int) ((x >> 16) % 1000))))
            dl = dl_insert_sorted (dl, n);
        }
      dl = dl_remove_multiples (dl, 3 + (int) round);
      acc = acc * 7 + list_hash (dl);
      /* Unsorted singly linked list from the remaining pool.  */
      for (int i = 0; i < 120; i++)
        {
          x = x * 1103515245u + 12345u;
          if ((n = node_alloc ((int) ((x >> 16) % 5000))))
            {
              n->next = sl;
              sl = n;
            }
        }
      sl = sl_reverse (sl);
      acc ^= list_hash (sl);
      sl = sl_merge_sort (sl);
      acc = acc * 7 + list_hash (sl);
    }
  sink = (int) acc;
  return (int) acc;
}
