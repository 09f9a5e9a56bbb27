// Package suite writes benchmark suites of N-Queens instances with known
// answers (the classic problem, random completion and blocked variants, and
// unsatisfiable completions), each instance in several formats, with a
// manifest that gives every file's expected answer and SHA-256; Verify
// re-checks a suite as read from disk.
package suite
