// Package model is the N-Queens problem: the board size, pre-placed queens,
// blocked squares, excluded diagonals and subsets of rows and columns
// (Problem), a queen per row (Placement), the check that names the first
// conflict (Verify), the eight symmetries of the square (D4) and the
// canonical form they define, solution files in the classic format, the
// .param files of Gent, Jefferson and Nightingale (DiagonalList), proofs of
// "no solution" by Farkas' lemma with their checker and their files
// (Farkas, ReadFarkas), and the known solution counts of OEIS A000170 and
// A002562.
//
// Numbering: rows and columns are 0-based in Go values; everything a person
// reads or types (messages, solution files, squares written "1:1") counts
// from 1.
//
// Package model imports nothing else of the project.
package model
