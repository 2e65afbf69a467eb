/* A config path that does not exist. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cachecat-config=/nonexistent/dir/x.conf" } */
/* { dg-error {cachecat: -fplugin-arg-cachecat-config=/nonexistent/dir/x.conf: cannot read config file '/nonexistent/dir/x.conf': No such file or directory} "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */
/* { dg-final { output-absent } } */

int
f (int x)
{
  return x + 1;
}
