/* cachecat GCC glue: the boilerplate of a GCC pass, from a few macros.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.

   Every pass of the plugin is a pass_data, a subclass of rtl_opt_pass or
   gimple_opt_pass and a function that makes one; written once here, as
   the Linux kernel's scripts/gcc-plugins/gcc-generate-*-pass.h do.  A .cc
   file defines the pass's functions and macros:

     static bool NAME_gate (function *fun);          (unless NO_GATE)
     static unsigned int NAME_execute (function *fun);
     #define PASS_NAME NAME              the pass's name, as a C identifier
     #define PASS_KIND rtl               rtl or gimple
     #define PASS_PARAM TYPE             optional: each instance's own
                                         parameter, given to make_NAME_pass,
                                         passed to the gate and execute after
                                         FUN
     #define PROPERTIES_REQUIRED ...     optional (0), likewise
                                         PROPERTIES_PROVIDED,
                                         PROPERTIES_DESTROYED,
                                         TODO_FLAGS_START, TODO_FLAGS_FINISH

   and then includes this file, which defines NAME_pass_data, class
   NAME_pass and

     opt_pass *make_NAME_pass (gcc::context *ctxt [, TYPE param]);

   and undefines the macros again.  No clone (): each instance is made by
   make_NAME_pass and registered at one place.  */

#ifndef PASS_NAME
#error "pass_generator.h: define PASS_NAME first"
#endif
#ifndef PASS_KIND
#error "pass_generator.h: define PASS_KIND (rtl or gimple) first"
#endif

#ifndef PROPERTIES_REQUIRED
#define PROPERTIES_REQUIRED 0
#endif
#ifndef PROPERTIES_PROVIDED
#define PROPERTIES_PROVIDED 0
#endif
#ifndef PROPERTIES_DESTROYED
#define PROPERTIES_DESTROYED 0
#endif
#ifndef TODO_FLAGS_START
#define TODO_FLAGS_START 0
#endif
#ifndef TODO_FLAGS_FINISH
#define TODO_FLAGS_FINISH 0
#endif

/* Pasting and quoting after the arguments' expansion.  */
#define CC_PASS_CAT2(a, b) a##b
#define CC_PASS_CAT(a, b) CC_PASS_CAT2 (a, b)
#define CC_PASS_STR2(a) #a
#define CC_PASS_STR(a) CC_PASS_STR2 (a)

/* What PASS_KIND stands for.  */
#define CC_PASS_TYPE_rtl RTL_PASS
#define CC_PASS_TYPE_gimple GIMPLE_PASS
#define CC_PASS_TYPE CC_PASS_CAT (CC_PASS_TYPE_, PASS_KIND)
#define CC_PASS_BASE CC_PASS_CAT (PASS_KIND, _opt_pass)

#define CC_PASS_DATA CC_PASS_CAT (PASS_NAME, _pass_data)
#define CC_PASS_CLASS CC_PASS_CAT (PASS_NAME, _pass)
#define CC_PASS_MAKE CC_PASS_CAT (make_, CC_PASS_CLASS)
#define CC_PASS_GATE CC_PASS_CAT (PASS_NAME, _gate)
#define CC_PASS_EXECUTE CC_PASS_CAT (PASS_NAME, _execute)

#ifdef PASS_PARAM
#define CC_PASS_PARAM_DECL , PASS_PARAM param
#define CC_PASS_PARAM_INIT , m_param (param)
#define CC_PASS_PARAM_ARG , m_param
#define CC_PASS_PARAM_PASS , param
#else
#define CC_PASS_PARAM_DECL
#define CC_PASS_PARAM_INIT
#define CC_PASS_PARAM_ARG
#define CC_PASS_PARAM_PASS
#endif

namespace {

const pass_data CC_PASS_DATA = {
  CC_PASS_TYPE,             /* type */
  CC_PASS_STR (PASS_NAME),  /* name */
  OPTGROUP_NONE,            /* optinfo_flags */
  TV_NONE,                  /* tv_id */
  PROPERTIES_REQUIRED,      /* properties_required */
  PROPERTIES_PROVIDED,      /* properties_provided */
  PROPERTIES_DESTROYED,     /* properties_destroyed */
  TODO_FLAGS_START,         /* todo_flags_start */
  TODO_FLAGS_FINISH         /* todo_flags_finish */
};

class CC_PASS_CLASS : public CC_PASS_BASE
{
public:
  CC_PASS_CLASS (gcc::context *ctxt CC_PASS_PARAM_DECL)
    : CC_PASS_BASE (CC_PASS_DATA, ctxt) CC_PASS_PARAM_INIT {}
#ifndef NO_GATE
  bool gate (function *fun) final override
  {
    return CC_PASS_GATE (fun CC_PASS_PARAM_ARG);
  }
#endif
  unsigned int execute (function *fun) final override
  {
    return CC_PASS_EXECUTE (fun CC_PASS_PARAM_ARG);
  }
#ifdef PASS_PARAM
private:
  PASS_PARAM m_param;
#endif
};

} // anon namespace

opt_pass *
CC_PASS_MAKE (gcc::context *ctxt CC_PASS_PARAM_DECL)
{
  return new CC_PASS_CLASS (ctxt CC_PASS_PARAM_PASS);
}

/* Ready for the next pass.  */
#undef PASS_NAME
#undef PASS_KIND
#undef PASS_PARAM
#undef NO_GATE
#undef PROPERTIES_REQUIRED
#undef PROPERTIES_PROVIDED
#undef PROPERTIES_DESTROYED
#undef TODO_FLAGS_START
#undef TODO_FLAGS_FINISH
#undef CC_PASS_CAT2
#undef CC_PASS_CAT
#undef CC_PASS_STR2
#undef CC_PASS_STR
#undef CC_PASS_TYPE_rtl
#undef CC_PASS_TYPE_gimple
#undef CC_PASS_TYPE
#undef CC_PASS_BASE
#undef CC_PASS_DATA
#undef CC_PASS_CLASS
#undef CC_PASS_MAKE
#undef CC_PASS_GATE
#undef CC_PASS_EXECUTE
#undef CC_PASS_PARAM_DECL
#undef CC_PASS_PARAM_INIT
#undef CC_PASS_PARAM_ARG
#undef CC_PASS_PARAM_PASS
