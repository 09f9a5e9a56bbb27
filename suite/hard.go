package suite

// hardPoints are the ratios m/n at which half of the random completion
// instances have a solution, measured by scripts/hardness.sh (20
// instances a point, m/n in steps of 0.05, 2026-11-30): the phase
// transition, where Gent, Jefferson and Nightingale (JAIR 2017) place the
// hard instances. (At these sizes no peak of solving time stands above the
// cost of starting a solver: see README, "Hardness of completion".)
var hardPoints = [][2]float64{{20, 0.53}, {30, 0.60}, {40, 0.63}}

// HardM is the number of pre-placed queens at the measured phase
// transition of random completion for an n×n board: the ratio m/n
// interpolated between the measured boards, and held at the nearest one
// beyond them.
func HardM(n int) int {
	x := float64(n)
	ratio := hardPoints[0][1]
	for i := 1; i < len(hardPoints); i++ {
		q, p := hardPoints[i-1], hardPoints[i]
		switch {
		case x >= p[0]:
			ratio = p[1]
		case x > q[0]:
			ratio = q[1] + (p[1]-q[1])*(x-q[0])/(p[0]-q[0])
		}
	}
	return min(n, int(ratio*x+0.5))
}
