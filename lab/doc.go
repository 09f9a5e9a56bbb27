// Package lab runs solvers on a benchmark suite written by package suite,
// checks every answer against the instance and the manifest, records each
// run as one line of a results file, and scores the solvers (PAR-2).
//
// A solver is a Runner: a command line on one file of the suite and a
// reader of its answer. The package knows how to run the external DIMACS
// solvers (package solvers/sat), clasp on pseudo-Boolean files and
// MiniZinc; a caller supplies the runners of anything else, such as the
// in-process solvers of this module run in a process of their own, and the
// wrapper that puts a run under a memory limit. Every run is a process
// group of its own, killed at its time limit.
package lab
