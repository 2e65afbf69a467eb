/* h_json_lexer: a JSON validator and statistics collector written as an
   explicit pushdown state machine (a switch on the state, nested switches
   on the character), with strtol for numbers and strncmp for literals.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   The protocol-parser shape: per character a state switch and a character
   switch (two jump tables), with rare error exits; a few documents are
   malformed on purpose so the error paths run.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum st { VALUE, AFTER_VALUE, OBJ_KEY_OR_END, OBJ_KEY, COLON, STRING,
          STRING_ESC, DONE, ERROR };

struct stats
{
  int objects, arrays, strings, numbers, literals, max_depth, errors;
  long number_sum;
};

static int
parse (const char *s, struct stats *out)
{
  char stack[64];               /* '{' or '[' */
  int depth = 0;
  enum st st = VALUE, after_string = AFTER_VALUE;
  while (st != DONE && st != ERROR)
    {
      char c = *s;
      switch (st)
        {
        case VALUE:
          switch (c)
            {
            case ' ': case '\n': case '\t':
              s++;
              break;
            case '{':
              if (depth == 64) { st = ERROR; break; }
              stack[depth++] = '{';
              out->objects++;
              s++;
              st = OBJ_KEY_OR_END;
              break;
            case '[':
              if (depth == 64) { st = ERROR; break; }
              stack[depth++] = '[';
              out->arrays++;
              s++;
              /* Empty array?  */
              while (*s == ' ')
                s++;
              if (*s == ']')
                {
                  depth--;
                  s++;
                  st = AFTER_VALUE;
                }
              break;
            case '"':
              s++;
              after_string = AFTER_VALUE;
              out->strings++;
              st = STRING;
              break;
            case '-': case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
              {
                char *end;
                out->number_sum += strtol (s, &end, 10);
                out->numbers++;
                s = end;
                st = AFTER_VALUE;
                break;
              }
            case 't':
              st = strncmp (s, "true", 4) ? ERROR : AFTER_VALUE;
              s += 4;
              out->literals++;
              break;
            case 'f':
              st = strncmp (s, "false", 5) ? ERROR : AFTER_VALUE;
              s += 5;
              out->literals++;
              break;
            case 'n':
              st = strncmp (s, "null", 4) ? ERROR : AFTER_VALUE;
              s += 4;
              out->literals++;
              break;
            default:
              st = ERROR;
              break;
            }
          break;
        case AFTER_VALUE:
          if (depth > out->max_depth)
            out->max_depth = depth;
          switch (c)
            {
            case ' ': case '\n': case '\t':
              s++;
              break;
            case ',':
              s++;
              if (depth == 0)
                st = ERROR;
              else
                st = stack[depth - 1] == '{' ? OBJ_KEY : VALUE;
              break;
            case '}':
            case ']':
              if (depth == 0 || stack[depth - 1] != (c == '}' ? '{' : '['))
                st = ERROR;
              else
                {
                  depth--;
                  s++;
                }
              break;
            case 0:
              st = depth ? ERROR : DONE;
              break;
            default:
              st = ERROR;
              break;
            }
          break;
        case OBJ_KEY_OR_END:
          while (*s == ' ')
            s++;
          if (*s == '}')
            {
              depth--;
              s++;
              st = AFTER_VALUE;
              break;
            }
          /* fall through */
        case OBJ_KEY:
          while (*s == ' ' || *s == '\n')
            s++;
          if (*s != '"')
            {
              st = ERROR;
              break;
            }
          s++;
          after_string = COLON;
          st = STRING;
          break;
        case COLON:
          while (*s == ' ')
            s++;
          if (*s++ != ':')
            st = ERROR;
          else
            st = VALUE;
          break;
        case STRING:
          if (c == '"')
            st = after_string;
          else if (c == '\\')
            st = STRING_ESC;
          else if (c == 0)
            st = ERROR;
          s++;
          break;
        case STRING_ESC:
          st = c ? STRING : ERROR;
          s++;
          break;
        case DONE:
        case ERROR:
          break;
        }
    }
  if (st == ERROR)
    out->errors++;
  return st == DONE;
}

static const char *const docs[] = {
  "{\"name\": \"sensor\", \"id\": 17, \"values\": [1, 2, 3, -4, 50],"
  " \"ok\": true, \"cal\": {\"gain\": 3, \"offset\": -12}, \"note\": null}",
  "[[], [[]], [[[1]]], {\"a\": [true, false, {\"b\": \"c\\\"d\"}]}]",
  "{\"list\": [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], \"empty\": {}}",
  "{\"bad\": [1, 2,, 3]}",
  "{\"unterminated\": \"abc",
  "[1, 2, 3] 4",
  "{\"deep\": [[[[[[[[[[42]]]]]]]]]], \"x\": tru}",
  "  \"just a string\"  ",
};

int
main (void)
{
  struct stats st = { 0 };
  int valid = 0;
  for (int round = 0; round < 20; round++)
    for (unsigned d = 0; d < sizeof docs / sizeof docs[0]; d++)
      valid += parse (docs[d], &st);
  printf ("valid %d errors %d\n", valid, st.errors);
  printf ("objects %d arrays %d strings %d numbers %d literals %d\n",
          st.objects, st.arrays, st.strings, st.numbers, st.literals);
  printf ("max depth %d sum %ld\n", st.max_depth, st.number_sum);
  return 0;
}
