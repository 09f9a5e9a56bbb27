#include "textflag.h"

// func scanAVX512(tab *uint64, chunks int, items []uint64, sums *[8]uint64)
// A table row is 8 words (64 bytes); chunk c's rows start at c*32 rows
// (Bits = 5): 2048 bytes apart.
TEXT ·scanAVX512(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ chunks+8(FP), R8
	MOVQ items_base+16(FP), DI
	MOVQ items_len+24(FP), CX
	MOVQ sums+40(FP), DX
	VPXORQ Z2, Z2, Z2
	TESTQ CX, CX
	JZ done

loop:
	MOVQ (DI), AX
	MOVQ AX, BX
	ANDQ $31, BX
	SHLQ $6, BX
	VMOVDQU64 (SI)(BX*1), Z0
	SHRQ $5, AX
	MOVQ SI, R9
	MOVQ $1, R10

inner:
	CMPQ R10, R8
	JGE innerdone
	ADDQ $2048, R9
	MOVQ AX, BX
	ANDQ $31, BX
	SHLQ $6, BX
	VPANDQ (R9)(BX*1), Z0, Z0
	SHRQ $5, AX
	INCQ R10
	JMP inner

innerdone:
	VPOPCNTQ Z0, Z1
	VPADDQ Z1, Z2, Z2
	ADDQ $8, DI
	DECQ CX
	JNZ loop

done:
	VMOVDQU64 Z2, (DX)
	VZEROUPPER
	RET

// func pextKeys(list []uint64, mask uint64, keys []uint16)
// keys[i] = the bits of list[i] under mask, packed (BMI2 PEXT).
TEXT ·pextKeys(SB), NOSPLIT, $0-56
	MOVQ list_base+0(FP), SI
	MOVQ list_len+8(FP), CX
	MOVQ mask+24(FP), R8
	MOVQ keys_base+32(FP), DI
	TESTQ CX, CX
	JZ pdone

ploop:
	MOVQ (SI), AX
	PEXTQ R8, AX, BX
	MOVW BX, (DI)
	ADDQ $8, SI
	ADDQ $2, DI
	DECQ CX
	JNZ ploop

pdone:
	RET

// func pextScatter(list []uint64, mask uint64, keys []uint16, next []int, dst []uint64)
// dst[next[keys[i]]] = list[i]'s bits outside mask, packed (BMI2 PEXT with
// the complement of mask); next[keys[i]]++.
TEXT ·pextScatter(SB), NOSPLIT, $0-104
	MOVQ list_base+0(FP), SI
	MOVQ list_len+8(FP), CX
	MOVQ mask+24(FP), R9
	NOTQ R9
	MOVQ keys_base+32(FP), DI
	MOVQ next_base+56(FP), R10
	MOVQ dst_base+80(FP), R11
	TESTQ CX, CX
	JZ xdone

xloop:
	MOVQ (SI), AX
	PEXTQ R9, AX, AX
	MOVWQZX (DI), BX
	MOVQ (R10)(BX*8), DX
	MOVQ AX, (R11)(DX*8)
	INCQ DX
	MOVQ DX, (R10)(BX*8)
	ADDQ $8, SI
	ADDQ $2, DI
	DECQ CX
	JNZ xloop

xdone:
	RET

// func andnRowsAVX512(dst, src *uint64, rows int, h *[8]uint64)
// Row k of dst (8 words) is row k of src AND NOT h, for rows >= 1.
TEXT ·andnRowsAVX512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	MOVQ h+24(FP), DX
	VMOVDQU64 (DX), Z1

rowloop:
	VPANDNQ (SI), Z1, Z0
	VMOVDQU64 Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ rowloop
	VZEROUPPER
	RET
