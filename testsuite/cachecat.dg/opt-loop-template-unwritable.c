/* loop-template= to a path that cannot be written is an error that names
   it; the compile fails.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cachecat-loop-template=no-such-dir/loops.txt" } */
/* { dg-error "cachecat: cannot write the loop template 'no-such-dir/loops.txt': No such file or directory" "" { target *-*-* } 0 } */
/* { dg-final { compile-exit-status 1 } } */

int f (int x) { return x + 1; }
