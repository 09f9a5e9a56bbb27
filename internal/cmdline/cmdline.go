// Package cmdline writes an nqueens command line as a shell takes it back:
// the one form of it that files record (the headers of encoded instances,
// suite manifests) and that the command prints, so that running what a
// file records gives the same bytes again.
package cmdline

import "strings"

// Join writes "nqueens" and args, each quoted for a POSIX shell when it
// holds a space or a character the shell would take otherwise.
func Join(args []string) string {
	parts := []string{"nqueens"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`|&;<>()*?[]#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// Split reads back what Join wrote: words separated by spaces, single
// quotes around words that need them, and '\” for a quote inside one.
func Split(s string) []string {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}
