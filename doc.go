// Package nqueens is the facade of the nqueens toolkit: it names the methods
// that find and count N-Queens solutions and cross-checks their answers.
//
// The problem itself lives in package model; direct algorithms in package
// native. Command-line use is in cmd/nqueens.
package nqueens
