/* What each x86-64 instruction does to control, as cc_isa_decoded_flow
   must say from objdump's text (testsuite/tools/ccflow.c: a label
   expect_FLOW_WHAT[__to_SYMBOL] is on an instruction of flow FLOW; a
   direct one goes to SYMBOL, default `there').
   Copyright (C) 2026 the cachecat authors.  GPLv3 or later, see COPYING.  */

	.text
	.globl	_start
_start:
there:
expect_NEXT_mov:		mov	%rdi, %rax
expect_NEXT_lea_rip:		lea	there(%rip), %rax
expect_NEXT_push:		push	%rbx
expect_NEXT_nopw:		nopw	0x0(%rax,%rax,1)
expect_NEXT_endbr64:		endbr64
expect_NEXT_avx512_masked:	vpaddd	%zmm1, %zmm2, %zmm3{%k1}
expect_NEXT_rep_movsb:		rep movsb
expect_NEXT_lock_cmpxchg:	lock cmpxchg %rcx, (%rdx)
expect_NEXT_xtest:		xtest
expect_NEXT_cmovne:		cmovne	%rcx, %rax
expect_NEXT_setne:		setne	%al
expect_NEXT_pause:		pause
expect_NEXT_nop:		nop

/* Direct: rel32 and rel8 forms, and the prefixes ld and CET write.  */
expect_CALL_call:		call	there
expect_JUMP_jmp:		jmp	there
expect_JUMP_jmp_rel8__to_near1:	jmp	near1
near1:
/* ld's relaxed call through the GOT (gas drops a written addr32).  */
expect_CALL_addr32_call:	.byte	0x67
				call	there
expect_JUMP_bnd_jmp:		bnd jmp there
expect_CALL_bnd_call:		bnd call there
expect_COND_je:			je	there
expect_COND_jg:			jg	there
expect_COND_jne_rel8__to_near2:	jne	near2
near2:
expect_COND_jrcxz__to_near3:	jrcxz	near3
near3:
expect_COND_loop__to_near4:	loop	near4
near4:
expect_COND_loopne__to_near5:	loopne	near5
near5:

/* Indirect.  */
expect_ICALL_call_reg:		call	*%rax
expect_ICALL_call_r11:		call	*%r11
expect_ICALL_call_mem:		call	*8(%rax)
expect_ICALL_call_rip:		call	*there(%rip)
expect_IJUMP_jmp_reg:		jmp	*%rax
expect_IJUMP_jmp_table:		jmp	*0x400000(,%rax,8)
expect_IJUMP_notrack_jmp:	notrack jmp *%rax
expect_ICALL_notrack_call:	notrack call *%rdx
expect_IJUMP_bnd_jmp_reg:	bnd jmp	*%rcx

/* Returns.  */
expect_RETURN_ret:		ret
expect_RETURN_ret_imm:		ret	$8
expect_RETURN_repz_ret:		repz ret
expect_RETURN_bnd_ret:		bnd ret

/* The kernel, traps, and what no model follows.  */
expect_KERNEL_syscall:		syscall
expect_KERNEL_int_0x80:		int	$0x80
expect_STOP_ud2:		ud2
expect_STOP_hlt:		hlt
expect_STOP_int3:		int3
/* int $3 in its long form (gas writes int3).  */
expect_UNKNOWN_int_3:		.byte	0xcd, 0x03
expect_UNKNOWN_xbegin:		xbegin	there
expect_UNKNOWN_xabort:		xabort	$1
expect_UNKNOWN_lret:		lretq
expect_UNKNOWN_ljmp_mem:	ljmp	*(%rax)
expect_UNKNOWN_lcall_mem:	lcall	*(%rax)
expect_UNKNOWN_iretq:		iretq
expect_UNKNOWN_sysret:		sysretq
expect_NEXT_last:		nop
/* Bytes that are no instruction: last (the walk stops there).  */
expect_DECLINED_bad:		.byte	0x0f, 0x04
