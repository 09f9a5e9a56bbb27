package suite

// hardPoints are the ratios m/n at which half of the random completion
// instances have a solution (the phase transition, where Gent, Jefferson
// and Nightingale, JAIR 2017, place the hard instances), measured by
// scripts/hard-points.sh (100 instances a point, seed 7, each decided by
// two methods, 2026-12-04): 51 of 100 at m = 10 for n = 20, 38 at m = 18
// for n = 30, 36 at m = 26 for n = 40. At these sizes they are not hard:
// the best of gini, cadical and dancing links decides them in 3-5 ms a
// median (docs/benchmarks.md, "The 50% points"), and gen --hard says so.
var hardPoints = [][2]float64{{20, 0.500}, {30, 0.600}, {40, 0.650}}

// blockedPoints are the ratios m/n^2 of blocked squares at which half of
// the random blocked instances have a solution, measured alike: 51 of 100
// at m = 271 for n = 20, 50 at m = 696 for n = 30, at m = 1322 for n = 40.
// Not hard either (4-13 ms a median, dancing links).
var blockedPoints = [][2]float64{{20, 0.6775}, {30, 0.7733}, {40, 0.8263}}

// HardBlocked is the number of blocked squares at the measured 50% point
// of random blocked n-queens for an n×n board: the ratio m/n^2
// interpolated between the measured boards, held beyond them.
func HardBlocked(n int) int { return min(n*n-n, int(ratioAt(blockedPoints, n)*float64(n*n)+0.5)) }

// EasyAtHard says, for a family whose --hard is its 50% point, that the
// instances there are not hard at the sizes measured (every instance
// decided in milliseconds), and which family has hard ones; "" for a
// family whose --hard is hard.
func EasyAtHard(family string) string {
	switch family {
	case "completion", "blocked":
		return family + " has no hard region at the sizes measured (n = 20..40): at its 50% point the best solver decides an instance in 3-13 ms; for hard instances with known answers, use gen diagonals --hard"
	}
	return ""
}

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
