/* What each RISC-V instruction does to control, as cc_isa_decoded_flow
   must say from objdump's text (testsuite/tools/ccflow.c: a label
   expect_FLOW_WHAT[__to_SYMBOL] is on an instruction of flow FLOW; a
   direct one goes to SYMBOL, default `there').  Assembled as RV64GC and
   as RV32IMAC (c.jal).  Not relaxed: `call' stays auipc and jalr.
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

	.option	norelax
	.text
	.globl	_start
_start:
there:
expect_NEXT_addi:		addi	a0, a0, 1
expect_NEXT_c_addi:		c.addi	a0, 1
expect_NEXT_lui:		lui	a0, 0x12345
expect_NEXT_auipc:		auipc	a1, 0
expect_NEXT_lw:			lw	a0, 0(a1)
expect_NEXT_mul:		mul	a0, a1, a2
expect_NEXT_fence:		fence
expect_NEXT_amoadd:		amoadd.w a0, a1, (a2)
expect_NEXT_nop:		nop

/* Direct jumps and calls: ra, and t0 (the millicode of -msave-restore)
   link; another register is no call cachecat-link follows.  */
expect_JUMP_j:			j	there
expect_JUMP_jal_zero:		jal	zero, there
expect_JUMP_c_j:		c.j	there
expect_CALL_jal:		jal	there
expect_CALL_jal_ra:		jal	ra, there
expect_CALL_jal_t0:		jal	t0, there
expect_UNKNOWN_jal_a5:		jal	a5, there
#if __riscv_xlen == 32
expect_CALL_c_jal:		c.jal	there
#endif

/* Conditional branches, full and compressed, and their pseudos.  */
expect_COND_beq:		beq	a0, a1, there
expect_COND_bne:		bne	a0, a1, there
expect_COND_blt:		blt	a0, a1, there
expect_COND_bge:		bge	a0, a1, there
expect_COND_bltu:		bltu	a0, a1, there
expect_COND_bgeu:		bgeu	a0, a1, there
expect_COND_bgt:		bgt	a0, a1, there
expect_COND_blez:		blez	a0, there
expect_COND_beqz:		beqz	a0, there
expect_COND_bnez:		bnez	a0, there
expect_COND_c_beqz:		c.beqz	a0, there
expect_COND_c_bnez:		c.bnez	a0, there

/* Indirect, and returns.  */
expect_IJUMP_jr:		jr	a5
expect_IJUMP_jr_offset:		jalr	zero, 8(a5)
expect_ICALL_jalr:		jalr	a5
expect_ICALL_jalr_t0:		jalr	t0, 0(a5)
expect_UNKNOWN_jalr_a1:		jalr	a1, 0(a5)
expect_RETURN_ret:		ret
expect_RETURN_jr_ra:		jalr	zero, 0(ra)
expect_IJUMP_c_jr:		c.jr	a5
expect_ICALL_c_jalr:		c.jalr	a5
expect_RETURN_c_jr_ra:		c.jr	ra

/* The same without the compressed extension.  */
	.option	push
	.option	norvc
expect_JUMP_j_32:		j	there
expect_COND_beqz_32:		beqz	a0, there
expect_COND_bnez_32:		bnez	a0, there
expect_IJUMP_jr_32:		jr	a5
expect_ICALL_jalr_32:		jalr	a5
expect_RETURN_ret_32:		ret
expect_KERNEL_ebreak_32:	ebreak
expect_NEXT_addi_32:		addi	a0, a0, 1
	.option	pop

/* call and tail of a function out of jal's reach: auipc and jalr of the
   same register; with another register the jalr is indirect.  */
expect_NEXT_call_auipc:		auipc	ra, %pcrel_hi(there)
expect_CALL_call_jalr:		jalr	ra, %pcrel_lo(expect_NEXT_call_auipc)(ra)
expect_NEXT_tail_auipc:		auipc	t1, %pcrel_hi(there)
expect_JUMP_tail_jr:		jalr	zero, %pcrel_lo(expect_NEXT_tail_auipc)(t1)
expect_NEXT_millicode_auipc:	auipc	t0, %pcrel_hi(there)
expect_CALL_millicode_jalr:	jalr	t0, %pcrel_lo(expect_NEXT_millicode_auipc)(t0)
expect_NEXT_other_auipc:	auipc	t1, 0
expect_ICALL_jalr_not_paired:	jalr	ra, 0(t2)
expect_NEXT_other_auipc2:	auipc	t1, 0
				addi	a0, a0, 1
expect_ICALL_jalr_not_after:	jalr	ra, 0(t1)

/* The kernel, traps, and what no model follows.  */
expect_KERNEL_ecall:		ecall
expect_KERNEL_ebreak:		ebreak
expect_KERNEL_c_ebreak:		c.ebreak
/* unimp (c.unimp, the halfword 0; csrrw zero, cycle, zero): an illegal
   instruction, which traps.  */
expect_STOP_c_unimp:		c.unimp
	.option	push
	.option	norvc
expect_STOP_unimp:		unimp
	.option	pop
expect_UNKNOWN_mret:		mret
expect_UNKNOWN_sret:		sret
expect_NEXT_last:		nop
