package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/lab"
)

// The tables that several commands print: text in columns, Markdown, CSV
// or JSON.

// writeTable prints rows, the first being the header: as a Markdown table,
// or as text in columns, the first left ones aligned left and the others
// right. Every cell is escaped for its form (markdownCell, plainCell): a
// solver's path or version cannot add a column, a line or markup.
func writeTable(w io.Writer, rows [][]string, left int, markdown bool) {
	escape := plainCell
	if markdown {
		escape = markdownCell
	}
	rows = slices.Clone(rows)
	for k, r := range rows {
		rows[k] = make([]string, len(r))
		for i, c := range r {
			rows[k][i] = escape(c)
		}
	}
	var width []int
	for _, r := range rows {
		for i, s := range r {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len(s))
		}
	}
	for k, r := range rows {
		var b strings.Builder
		if markdown {
			b.WriteString("|")
		}
		for i, s := range r {
			switch {
			case markdown:
				b.WriteString(" " + s + " |")
			case i == 0:
				fmt.Fprintf(&b, "%-*s", width[i], s)
			case i < left:
				fmt.Fprintf(&b, "  %-*s", width[i], s)
			default:
				fmt.Fprintf(&b, "  %*s", width[i], s)
			}
		}
		fmt.Fprintln(w, b.String())
		if markdown && k == 0 {
			fmt.Fprintln(w, "|"+strings.Repeat(" --- |", len(r)))
		}
	}
}

// markdownCell escapes text for a cell of a Markdown table: the column
// bar, the characters of emphasis, code, links and escapes with a
// backslash, those of HTML as entities (a tag passes through most
// renderers), control characters and line breaks as spaces.
func markdownCell(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case strings.ContainsRune("\\|*_`[]#~", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f || r == '\u2028' || r == '\u2029':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainCell is text for a cell of a table in columns: control characters
// and line breaks as '?', so that a cell stays on its line.
func plainCell(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return '?'
		}
		return r
	}, s)
}

// chosen is how many of the flags are set (of output formats that exclude
// each other).
func chosen(flags ...bool) int {
	k := 0
	for _, f := range flags {
		if f {
			k++
		}
	}
	return k
}

// writeSummary prints the summary of runs (run, report), a row per solver
// and encoding: as text, Markdown, CSV or JSON.
func writeSummary(e *env, rows []lab.Summary, markdown, asCSV, asJSON bool) error {
	head := []string{"solver", "encoding", "runs", "SAT", "UNSAT", "TIMEOUT", "MEMOUT", "CRASH", "UNKNOWN", "WRONG", "PAR-2 s", "CPU s", "unique"}
	// With repetitions, the spread of PAR-2 over them beside it.
	repeated := slices.ContainsFunc(rows, func(s lab.Summary) bool { return s.Reps > 1 })
	if repeated {
		head = slices.Insert(head, 11, "PAR-2 of a repetition, least-most s")
	}
	cells := func(s lab.Summary) []string {
		c := []string{s.Solver, s.Encoding, strconv.Itoa(s.Runs), strconv.Itoa(s.Sat), strconv.Itoa(s.Unsat), strconv.Itoa(s.Timeout),
			strconv.Itoa(s.Memout), strconv.Itoa(s.Crash), strconv.Itoa(s.Unknown), strconv.Itoa(s.Wrong),
			strconv.FormatFloat(s.PAR2, 'f', 3, 64), strconv.FormatFloat(s.CPU, 'f', 2, 64), strconv.Itoa(s.Unique)}
		if repeated {
			spread := ""
			if s.Reps > 1 {
				spread = strconv.FormatFloat(s.PAR2Min, 'f', 3, 64) + "-" + strconv.FormatFloat(s.PAR2Max, 'f', 3, 64)
			}
			c = slices.Insert(c, 11, spread)
		}
		return c
	}
	switch {
	case asJSON:
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	case asCSV:
		w := lab.NewCSVWriter(e.stdout)
		w.Write(head)
		for _, s := range rows {
			w.Write(cells(s))
		}
		return w.Flush()
	}
	table := [][]string{head}
	for _, s := range rows {
		table = append(table, cells(s))
	}
	writeTable(e.stdout, table, 2, markdown)
	return nil
}
