package model

// knownCounts holds Q(n), the number of solutions (OEIS A000170), and the
// number of essentially distinct solutions under the 8 symmetries of the
// square (OEIS A002562), for n = 1..27. Source: oeis.org/A000170 and
// oeis.org/A002562; n = 27 was computed by the Q27 project (2016). Q(28) is
// not known. The tests check this table against testdata/known-counts.tsv.
var knownCounts = [...][2]uint64{
	{1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6}, {92, 12}, {352, 46}, {724, 92},
	{2680, 341}, {14200, 1787}, {73712, 9233}, {365596, 45752}, {2279184, 285053},
	{14772512, 1846955}, {95815104, 11977939}, {666090624, 83263591}, {4968057848, 621012754},
	{39029188884, 4878666808}, {314666222712, 39333324973}, {2691008701644, 336376244042},
	{24233937684440, 3029242658210}, {227514171973736, 28439272956934},
	{2207893435808352, 275986683743434}, {22317699616364044, 2789712466510289},
	{234907967154122528, 29363495934315694},
}

// KnownMax is the largest n whose solution count is known.
const KnownMax = len(knownCounts)

// KnownCount returns Q(n), the number of solutions of the classic n-queens
// problem, and the number of essentially distinct ones, for n = 1..KnownMax;
// ok is false outside that range.
func KnownCount(n int) (all, distinct uint64, ok bool) {
	if n < 1 || n > KnownMax {
		return 0, 0, false
	}
	return knownCounts[n-1][0], knownCounts[n-1][1], true
}
