package lab

import (
	"encoding/csv"
	"io"
	"strconv"
)

// CSVWriter writes CSV for spreadsheets as well as for pandas: a cell that
// begins with =, +, -, @, a tab or a carriage return and is not a number
// gets a leading apostrophe, so that a spreadsheet shows it as text
// instead of running it as a formula (a solver's version line, a
// manifest's family or id are text of others'). Numbers, negative ones
// included, are written as they are.
type CSVWriter struct{ w *csv.Writer }

// NewCSVWriter writes to w.
func NewCSVWriter(w io.Writer) *CSVWriter { return &CSVWriter{csv.NewWriter(w)} }

// Write writes one record, its cells made safe (SafeCell).
func (c *CSVWriter) Write(record []string) error {
	safe := make([]string, len(record))
	for i, s := range record {
		safe[i] = SafeCell(s)
	}
	return c.w.Write(safe)
}

// Flush writes what is buffered and returns the first error met.
func (c *CSVWriter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}

// WriteAll writes the records and flushes.
func (c *CSVWriter) WriteAll(records [][]string) error {
	for _, r := range records {
		if err := c.Write(r); err != nil {
			return err
		}
	}
	return c.Flush()
}

// SafeCell is s as a CSV cell a spreadsheet shows as text: with a leading
// apostrophe when it begins with a character that starts a formula and is
// not a number.
func SafeCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return "'" + s
		}
	}
	return s
}
