package counting

import (
	"github.com/queenslab/nqueens/model"
)

// JoinMemory estimates the bytes the join of n takes on jobs goroutines.
// Below JoinPerUnitFrom: the quarters' table while it is made (20 bytes a
// placement and 8 per entry of its index) and, for even n, its two
// filtered copies; each goroutine's lists of halves and, for odd n, its
// four filtered copies of the table. From JoinPerUnitFrom on, no table:
// each goroutine's four lists built per unit (rowsMemory) and its halves
// (halvesMemory). A quarter more for the garbage collector's slack. It is
// an upper bound of the peak measured: 258 MB at n = 20 on one job (the
// bound 366 MB), 790 MB at n = 21 on two before the copies were sized
// exactly (the bound now 870 MB); see docs/cluster.md for the lists built
// per unit.
func JoinMemory(n, jobs int) uint64 {
	if n < JoinMinN || n > JoinMaxN {
		return 0
	}
	h := n / 2
	if n >= JoinPerUnitFrom {
		return withSlack(uint64(max(1, jobs)) * (rowsMemory(h) + halvesMemory(h)))
	}
	p, idx := quarterPlacements(h), uint64(1)<<(2*h)+1
	table := 20*p + 8*idx
	if n%2 == 0 {
		table += 2 * (8*p + 4*idx)
	}
	perJob := 2 * 2 * 8 * maxHalves(n) // east and west, grown by doubling
	if n%2 == 1 {
		perJob += 4 * (8*p + 4*idx)
	}
	return withSlack(table + uint64(max(1, jobs))*perJob)
}

// halvesMemory bounds what the halves of one unit take on a goroutine
// when the lists are built per unit: each side's chunk holds at most
// halvesChunk halves or one outer placement's (at most a set of rows'
// placements, never more than halvesChunk), in a buffer allocated once at
// that size (8 bytes a half; for even n the west ones are split by their
// long-diagonal queens in place); and the sieve's sorted copies of both
// (8 bytes a half) with one buffer of their keys (2 bytes a half of the
// longer), likewise allocated once (newJoiner). The sieve's other buffers
// (its samples, the items it gathers for a bucket) are a few MB at most,
// within withSlack's 16.
func halvesMemory(h int) uint64 {
	chunk := uint64(halvesChunk(h))
	return (8 + 8 + 16 + 2) * chunk
}

// withSlack is the memory that live bytes of the join's data take: a
// quarter more for the garbage collector's slack, and 16 MB besides.
func withSlack(live uint64) uint64 { return live + live/4 + 16<<20 }

// JoinProblemMemory is JoinMemory for p: for a variant, four tables of
// quarters (one a quarter, each at most the classic one), the four
// filtered copies of every n on each goroutine, and twice the halves (no
// symmetry halves the east ones); from JoinPerUnitFrom on, the lists
// built per unit as for the classic problem. Blocked lines make all of it
// less.
func JoinProblemMemory(p model.Problem, jobs int) uint64 {
	n := p.N
	if p.IsClassic() || n < JoinMinN || n > JoinMaxN || n >= JoinPerUnitFrom {
		return JoinMemory(n, jobs)
	}
	h := n / 2
	q, idx := quarterPlacements(h), uint64(1)<<(2*h)+1
	table := 4 * (20*q + 8*idx)
	perJob := 2*2*2*8*maxHalves(n) + 4*(8*q+4*idx)
	return withSlack(table + uint64(max(1, jobs))*perJob)
}

// maxHalves bounds the halves of one unit below JoinPerUnitFrom: the
// longest list measured (JoinResult.MaxHalves) at n = 18, grown by 6.6
// for every two more queens (the longest lists of whole counts are 2,956,
// 17,506 and 109,094 at n = 16, 18 and 20; of a sample, 716,616 at 22).
func maxHalves(n int) uint64 {
	m := uint64(17506)
	for k := 18; k < n; k += 2 {
		m = m * 66 / 10
	}
	return max(m, 4096)
}
