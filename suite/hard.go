package suite

// hardPoints are the ratios m/n at which half of the random completion
// instances have a solution, measured by scripts/hardness.sh (20
// instances a point, m/n in steps of 0.05, 2026-11-30): the phase
// transition, where Gent, Jefferson and Nightingale (JAIR 2017) place the
// hard instances. (At these sizes no peak of solving time stands above the
// cost of starting a solver: see docs/benchmarks.md, "Hardness of random
// completion".)
var hardPoints = [][2]float64{{20, 0.53}, {30, 0.60}, {40, 0.63}}

// HardM is the number of pre-placed queens at the measured phase
// transition of random completion for an n×n board: the ratio m/n
// interpolated between the measured boards, and held at the nearest one
// beyond them.
func HardM(n int) int { return min(n, int(ratioAt(hardPoints, n)*float64(n)+0.5)) }

// ratioAt is the ratio of the measured points (board, ratio) at board n:
// interpolated between two boards, held at the nearest one beyond them.
func ratioAt(points [][2]float64, n int) float64 {
	x := float64(n)
	ratio := points[0][1]
	for i := 1; i < len(points); i++ {
		q, p := points[i-1], points[i]
		switch {
		case x >= p[0]:
			ratio = p[1]
		case x > q[0]:
			ratio = q[1] + (p[1]-q[1])*(x-q[0])/(p[0]-q[0])
		}
	}
	return ratio
}

// diagonalPeaks are the numbers of excluded diagonals, as a fraction of n,
// at which the excluded diagonals instances are hardest, measured by
// scripts/hardness-diagonals.sh 10 10s 12 14 16 18 20 with seeds 1 and 11
// (docs/benchmarks.md, 2026-12-01): the d of the greatest geometric mean
// over cadical, minisat, gini, clasp and cryptominisat5 of their median
// times (20 instances at each d), where 15-40% of the instances have a
// solution. At n = 12 no d stands above the cost of starting a solver; the
// peak moves right as n grows (d = 12 at n = 14, 21 at n = 20).
var diagonalPeaks = [][2]float64{{14, 0.86}, {16, 0.94}, {18, 0.83}, {20, 1.05}}

// HardDiagonals is the number of excluded diagonals at the measured peak
// of hardness of the diagonals family for an n x n board: the ratio d/n
// interpolated between the measured boards, and held at the nearest one
// beyond them.
func HardDiagonals(n int) int { return int(ratioAt(diagonalPeaks, n)*float64(n) + 0.5) }
