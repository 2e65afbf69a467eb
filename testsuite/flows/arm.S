/* What each Thumb and A32 instruction does to control, as
   cc_isa_decoded_flow must say from objdump's text (testsuite/tools/
   ccflow.c: a label expect_FLOW_WHAT[__to_SYMBOL] is on an instruction of
   flow FLOW; a direct one goes to SYMBOL, default `there').  An
   instruction in an IT block carries its condition.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

	.syntax	unified
	.arch	armv7-a
	.fpu	vfpv3-d16
	.text
	.thumb
	.globl	_start
	.thumb_func
_start:
there:
expect_NEXT_adds:		adds	r0, r1, r2
expect_NEXT_ldr:		ldr	r0, [r1, #4]
expect_NEXT_push:		push	{r4, lr}
expect_NEXT_pop_no_pc:		pop	{r4, r5}
expect_NEXT_mov_r0_pc:		mov	r0, pc
expect_NEXT_add_r0_pc:		add	r0, pc
expect_NEXT_bics:		bics	r0, r1
expect_NEXT_bfi:		bfi	r0, r1, #4, #8
expect_NEXT_cmp:		cmp	r0, #1
expect_NEXT_vadd:		vadd.f32 s0, s1, s2
expect_NEXT_ldm_no_pc:		ldm	r0, {r1, r2}
expect_NEXT_nop:		nop

/* Direct: 16- and 32-bit, conditional, and in IT blocks.  */
expect_JUMP_b_n:		b.n	there
expect_JUMP_b_w:		b.w	there
expect_COND_beq_n:		beq.n	there
expect_COND_beq_w:		beq.w	there
expect_COND_ble:		ble.w	there
expect_COND_blt:		blt.n	there
expect_COND_bls:		bls.w	there
expect_COND_blo:		blo.n	there
expect_CALL_bl:			bl	there
expect_CALL_blx__to_there_arm:	blx	there_arm
expect_NEXT_it_ne:		it	ne
expect_COND_bne_in_it:		bne.n	there
				it	ne
expect_COND_bne_w_in_it:	bne.w	there
				it	eq
expect_COND_CALL_bleq_in_it:	bleq	there
/* cbz and cbnz branch forwards, past at least one instruction (gas
   makes a cbz to the next one a nop).  */
expect_COND_cbz__to_fwd1:	cbz	r0, fwd1
				nop
fwd1:
expect_COND_cbnz__to_fwd2:	cbnz	r1, fwd2
				nop
fwd2:

/* Indirect, and returns.  */
expect_ICALL_blx_reg:		blx	r3
expect_RETURN_bx_lr:		bx	lr
expect_IJUMP_bx_reg:		bx	r3
				it	eq
expect_COND_RETURN_bxeq_lr:	bxeq	lr
				it	eq
expect_UNKNOWN_bxeq_reg:	bxeq	r3
expect_IJUMP_tbb:		tbb	[pc, r0]
expect_IJUMP_tbh:		tbh	[pc, r0, lsl #1]
				it	eq
expect_UNKNOWN_tbbeq_in_it:	tbbeq	[pc, r0]
expect_RETURN_pop_pc:		pop	{pc}
expect_RETURN_pop_r4_pc:	pop	{r4, pc}
				it	ne
expect_COND_RETURN_popne_in_it:	popne	{r4, pc}
				ite	eq
expect_NEXT_moveq_in_ite:	moveq	r0, #1
expect_COND_RETURN_popne_in_ite:	popne	{r4, r5, pc}
expect_RETURN_pop_w:		pop.w	{r4, r5, r6, r7, r8, pc}
expect_RETURN_ldr_pc_sp:	ldr	pc, [sp], #4
expect_RETURN_ldmia_sp:		ldmia.w	sp!, {r4, r5, pc}
expect_UNKNOWN_ldr_pc_r0:	ldr	pc, [r0]
expect_UNKNOWN_ldr_pc_table:	ldr.w	pc, [r1, r0, lsl #2]
expect_UNKNOWN_ldm_r0_pc:	ldm.w	r0, {r4, pc}
expect_RETURN_mov_pc_lr:	mov	pc, lr
expect_UNKNOWN_mov_pc_r3:	mov	pc, r3
expect_UNKNOWN_add_pc:		add	pc, r0

/* The kernel, traps.  */
expect_KERNEL_svc:		svc	#0
expect_KERNEL_bkpt:		bkpt	#0xab
expect_STOP_udf:		udf	#0
				it	eq
expect_UNKNOWN_svceq_in_it:	svceq	#0
/* Bytes that are no instruction (objdump: "<UNDEFINED> instruction").  */
expect_DECLINED_thumb_undefined:	.inst.w	0xffffffff
expect_NEXT_thumb_last:		nop

	.arm
	.align	2
there_arm:
expect_NEXT_a32_add:		add	r0, r1, r2
expect_NEXT_a32_ldr:		ldr	r0, [r1]
expect_NEXT_a32_bic:		bic	r0, r1, #1
expect_NEXT_a32_push:		push	{r4, lr}
expect_NEXT_a32_ldm_no_pc:	ldm	r0, {r1, r2}
expect_NEXT_a32_moveq:		moveq	r0, #1
expect_NEXT_a32_add_r0_pc:	add	r0, pc, #8
expect_JUMP_a32_b__to_there_arm:	b	there_arm
expect_COND_a32_beq__to_there_arm:	beq	there_arm
expect_COND_a32_ble__to_there_arm:	ble	there_arm
expect_COND_a32_bls__to_there_arm:	bls	there_arm
expect_COND_a32_blt__to_there_arm:	blt	there_arm
expect_CALL_a32_bl__to_there_arm:	bl	there_arm
expect_COND_CALL_a32_bleq__to_there_arm:	bleq	there_arm
expect_CALL_a32_blx_imm:	blx	there
expect_ICALL_a32_blx_reg:	blx	r3
expect_UNKNOWN_a32_blxeq_reg:	blxeq	r3
expect_RETURN_a32_bx_lr:	bx	lr
expect_COND_RETURN_a32_bxeq_lr:	bxeq	lr
expect_IJUMP_a32_bx_reg:	bx	r3
expect_UNKNOWN_a32_bxeq_reg:	bxeq	r3
expect_RETURN_a32_pop_pc:	pop	{r4, pc}
expect_COND_RETURN_a32_popne:	popne	{r4, pc}
expect_RETURN_a32_ldr_pc_sp:	ldr	pc, [sp], #4
expect_RETURN_a32_ldmfd_sp:	ldmfd	sp!, {r4, r5, pc}
expect_UNKNOWN_a32_ldr_pc_r0:	ldr	pc, [r0]
expect_UNKNOWN_a32_ldm_r0_pc:	ldm	r0, {r4, pc}
expect_UNKNOWN_a32_ldm_exception_return:	ldmfd	sp!, {r0, pc}^
expect_RETURN_a32_mov_pc_lr:	mov	pc, lr
expect_COND_RETURN_a32_movne_pc_lr:	movne	pc, lr
expect_UNKNOWN_a32_add_pc:	add	pc, pc, r0, lsl #2
expect_UNKNOWN_a32_subs_pc_lr:	subs	pc, lr, #4
expect_KERNEL_a32_svc:		svc	#0
expect_UNKNOWN_a32_svceq:	svceq	#0
expect_KERNEL_a32_bkpt:		bkpt	#0
expect_STOP_a32_udf:		udf	#0
expect_DECLINED_a32_undefined:	.inst	0xf6000010
expect_NEXT_a32_last:		nop

/* Armv8.1-M: low-overhead loops (the processor may loop back without
   fetching le) and branch future (it branches at a branch point that is
   no branch): no model follows them.  */
	.thumb
	.arch	armv8.1-m.main
	.arch_extension mve
	.align	2
m_loop:
expect_UNKNOWN_dls:		dls	lr, r0
expect_UNKNOWN_le:		le	lr, m_loop
expect_UNKNOWN_le_forever:	le	m_loop
expect_UNKNOWN_wls:		wls	lr, r0, m_out
				nop
m_out:
expect_UNKNOWN_dlstp:		dlstp.32 lr, r0
expect_UNKNOWN_letp:		letp	lr, m_loop
expect_UNKNOWN_wlstp:		wlstp.8	lr, r0, m_out2
				nop
m_out2:
expect_UNKNOWN_bf:		bf	m_point, m_loop
				nop
m_point:
expect_NEXT_m_last:		nop
