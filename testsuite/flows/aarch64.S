/* What each A64 instruction does to control, as cc_isa_decoded_flow
   must say from objdump's text (testsuite/tools/ccflow.c: a label
   expect_FLOW_WHAT[__to_SYMBOL] is on an instruction of flow FLOW; a
   direct one goes to SYMBOL, default `there').
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

	.arch	armv8.5-a
	.text
	.globl	_start
_start:
there:
expect_NEXT_add:		add	x0, x1, x2
expect_NEXT_ldr:		ldr	x0, [x1, #8]
expect_NEXT_adrp:		adrp	x0, there
expect_NEXT_adr:		adr	x0, there
expect_NEXT_stp:		stp	x29, x30, [sp, #-16]!
expect_NEXT_neon:		add	v0.4s, v1.4s, v2.4s
expect_NEXT_bic:		bic	x0, x1, x2
expect_NEXT_bfi:		bfi	x0, x1, #4, #8
expect_NEXT_bti:		bti	c
expect_NEXT_paciasp:		paciasp
expect_NEXT_autiasp:		autiasp
expect_NEXT_csel:		csel	x0, x1, x2, eq
expect_NEXT_nop:		nop

/* Direct.  */
expect_JUMP_b:			b	there
expect_CALL_bl:			bl	there
expect_COND_b_eq:		b.eq	there
expect_COND_b_ne:		b.ne	there
expect_COND_b_le:		b.le	there
expect_JUMP_b_al:		b.al	there
expect_COND_cbz:		cbz	x0, there
expect_COND_cbnz:		cbnz	w1, there
expect_COND_tbz:		tbz	x0, #3, there
expect_COND_tbnz:		tbnz	w0, #31, there

/* Indirect, and returns (ret through another register than x30 is an
   indirect jump).  */
expect_IJUMP_br:		br	x16
expect_ICALL_blr:		blr	x8
expect_RETURN_ret:		ret
expect_RETURN_ret_x30:		ret	x30
expect_IJUMP_ret_x1:		ret	x1
expect_IJUMP_braa:		braa	x0, x1
expect_IJUMP_braaz:		braaz	x0
expect_ICALL_blraa:		blraa	x0, x1
expect_ICALL_blrabz:		blrabz	x0
expect_RETURN_retaa:		retaa
expect_RETURN_retab:		retab

/* The kernel, traps, and what no model follows.  */
expect_KERNEL_svc:		svc	#0
expect_STOP_brk:		brk	#0x3e8
expect_KERNEL_hlt_semihosting:	hlt	#0xf000
expect_STOP_udf:		udf	#0
expect_UNKNOWN_eret:		eret
expect_UNKNOWN_hvc:		hvc	#0
expect_UNKNOWN_smc:		smc	#0
/* Bytes that are no instruction.  */
expect_DECLINED_undefined:	.inst	0xffffffff
expect_NEXT_last:		nop
