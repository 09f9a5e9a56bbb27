#include "textflag.h"

// func appendFitAVX512(dst, b1, b2, p *uint64, n int, a1, a2, pa uint64) int
// For y < n: where a1&b1[y] | a2&b2[y] is 0, writes pa|p[y] at dst's next
// place; returns how many it wrote. Eight at a time, VPCOMPRESSQ into a
// register stored whole: dst must have 7 words of room past the last
// candidate.
TEXT ·appendFitAVX512(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ b1+8(FP), SI
	MOVQ b2+16(FP), R8
	MOVQ p+24(FP), R9
	MOVQ n+32(FP), CX
	VPBROADCASTQ a1+40(FP), Z10
	VPBROADCASTQ a2+48(FP), Z11
	VPBROADCASTQ pa+56(FP), Z12
	XORQ DX, DX // kept
	CMPQ CX, $8
	JLT tail

loop8:
	VMOVDQU64 (R8), Z1
	VPANDQ Z11, Z1, Z1
	VMOVDQU64 (SI), Z0
	// Z0 = (Z0 & Z10) | Z1: VPTERNLOGQ's table 0xEA is (A & B) | C.
	VPTERNLOGQ $0xEA, Z1, Z10, Z0
	VPTESTNMQ Z0, Z0, K1
	VPORQ (R9), Z12, Z2
	VPCOMPRESSQ Z2, K1, Z3
	VMOVDQU64 Z3, (DI)(DX*8)
	KMOVW K1, AX
	POPCNTL AX, AX
	ADDQ AX, DX
	ADDQ $64, SI
	ADDQ $64, R8
	ADDQ $64, R9
	SUBQ $8, CX
	CMPQ CX, $8
	JGE loop8

tail:
	TESTQ CX, CX
	JZ done
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K2
	VMOVDQU64.Z (R8), K2, Z1
	VPANDQ Z11, Z1, Z1
	VMOVDQU64.Z (SI), K2, Z0
	VPTERNLOGQ $0xEA, Z1, Z10, Z0
	VPTESTNMQ Z0, Z0, K2, K1
	VMOVDQU64.Z (R9), K2, Z2
	VPORQ Z12, Z2, Z2
	VPCOMPRESSQ Z2, K1, Z3
	VMOVDQU64 Z3, (DI)(DX*8)
	KMOVW K1, AX
	POPCNTL AX, AX
	ADDQ AX, DX

done:
	MOVQ DX, ret+64(FP)
	VZEROUPPER
	RET

// func innerSetAVX512(i1, i2 *uint32, n int, b1, b2, p *uint64, sh, gs, mask, s1, s2 uint64)
// For y < n (a multiple of 8): b1[y] = i1[y]<<sh, b2[y] = i2[y]<<sh and
// p[y] = (b1[y]&mask)<<s1 | (b2[y]>>gs&mask)<<s2, eight at a time.
TEXT ·innerSetAVX512(SB), NOSPLIT, $0-88
	MOVQ i1+0(FP), SI
	MOVQ i2+8(FP), R8
	MOVQ n+16(FP), CX
	MOVQ b1+24(FP), DI
	MOVQ b2+32(FP), R9
	MOVQ p+40(FP), R10
	VPBROADCASTQ sh+48(FP), Z10
	VPBROADCASTQ gs+56(FP), Z11
	VPBROADCASTQ mask+64(FP), Z12
	VPBROADCASTQ s1+72(FP), Z13
	VPBROADCASTQ s2+80(FP), Z14
	SHRQ $3, CX
	JZ setdone

setloop:
	VPMOVZXDQ (SI), Z0
	VPMOVZXDQ (R8), Z1
	VPSLLVQ Z10, Z0, Z0
	VPSLLVQ Z10, Z1, Z1
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z1, (R9)
	VPANDQ Z12, Z0, Z2
	VPSRLVQ Z11, Z1, Z3
	VPANDQ Z12, Z3, Z3
	VPSLLVQ Z13, Z2, Z2
	VPSLLVQ Z14, Z3, Z3
	VPORQ Z3, Z2, Z2
	VMOVDQU64 Z2, (R10)
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $64, DI
	ADDQ $64, R9
	ADDQ $64, R10
	DECQ CX
	JNZ setloop

setdone:
	VZEROUPPER
	RET
