/* SPDX-License-Identifier: GPL-2.0 */
	.text
	.globl __fentry__
__fentry__:
	ret
	.section .note.GNU-stack,"",@progbits
