package draw

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// A Chart is a line or scatter chart of named series, drawn with gonum/plot
// (WriteChart).
type Chart struct {
	Title, XLabel, YLabel string
	LogX, LogY            bool
	Series                []Series
	// Points draws the series as points only (a scatter chart); otherwise
	// as lines with points.
	Points bool
	// Diagonal draws the line y = x (a scatter chart of two solvers).
	Diagonal bool
	// Limit, if above 0, is a bound both axes of a scatter chart run to
	// (a timeout, on which the runs not solved are drawn), marked by a
	// dotted line on each axis, named LimitName in the legend.
	Limit     float64
	LimitName string
}

// A Series is one named set of points.
type Series struct {
	Name string
	XY   [][2]float64
	// Style, if above 0, picks the color, mark and dash (Style-1 in their
	// cycles) instead of the series' place; Dashed draws the line dashed
	// (a virtual best solver's), and Shape, if above 0, picks the mark
	// (Shape-1 in its cycle).
	Style  int
	Dashed bool
	Shape  int
}

// chartColors give the series distinct colors, in order: the palette of
// Okabe and Ito, told apart by readers with any form of color blindness
// (without its yellow, faint on white), then a grey (the eighth: the
// VBS's, Style 8).
var chartColors = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff}, {0xd5, 0x5e, 0x00, 0xff}, {0x00, 0x9e, 0x73, 0xff}, {0xcc, 0x79, 0xa7, 0xff},
	{0xe6, 0x9f, 0x00, 0xff}, {0x56, 0xb4, 0xe9, 0xff}, {0x00, 0x00, 0x00, 0xff}, {0x99, 0x99, 0x99, 0xff},
}

// chartGlyphs mark the points of a series, each series its own (the
// style's, in turn), so that a chart printed in grey tells its series
// apart by their marks and dashes alone.
var chartGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{}, draw.RingGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{}, draw.SquareGlyph{}}

// chartDashes are the lines' dashes, each series its own in turn (nil:
// solid), of a period prime to the glyphs' so that the pairs repeat
// after 56 series.
var chartDashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(3)},
	{vg.Points(1.5), vg.Points(2)},
	{vg.Points(8), vg.Points(2), vg.Points(1.5), vg.Points(2)},
	{vg.Points(3), vg.Points(3)},
	{vg.Points(10), vg.Points(4)},
	{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2), vg.Points(1.5), vg.Points(2)},
}

// WriteChart draws the chart as "png", "svg" or "pdf", 720 by 480 points
// and its legend beside it.
func WriteChart(w io.Writer, c Chart, format string) error {
	return WriteCharts(w, []Chart{c}, format)
}

// WriteCharts draws charts one above the other, 720 by 480 points each and
// their legends beside them, as "png", "svg" or "pdf".
func WriteCharts(w io.Writer, charts []Chart, format string) error {
	grid := make([][]Chart, len(charts))
	for i, c := range charts {
		grid[i] = []Chart{c}
	}
	return writeGrid(w, grid, vg.Points(720), vg.Points(480), format)
}

// WritePanels draws charts side by side, 500 by 420 points each and their
// legends beside them, as "png", "svg" or "pdf".
func WritePanels(w io.Writer, charts []Chart, format string) error {
	return writeGrid(w, [][]Chart{charts}, vg.Points(500), vg.Points(420), format)
}

// Formats are the formats the charts are drawn in.
var Formats = []string{"png", "svg", "pdf"}

// cellPad is the margin around each chart of a grid.
const cellPad = 4 * vg.Millimeter

// writeGrid draws rows of charts, each width by height and its legend to
// its right, outside the data: the legend's entries in as many columns
// as its height needs, the grid's columns as wide as their widest legend.
func writeGrid(w io.Writer, grid [][]Chart, width, height vg.Length, format string) error {
	type cell struct {
		p      *plot.Plot
		legend legend
	}
	var cells [][]cell
	for _, row := range grid {
		var crow []cell
		for _, c := range row {
			p, entries, err := newPlot(c)
			if err != nil {
				return err
			}
			crow = append(crow, cell{p, newLegend(entries, height-2*cellPad)})
		}
		cells = append(cells, crow)
	}
	if len(cells) == 0 || len(cells[0]) == 0 {
		return fmt.Errorf("draw: no chart to draw")
	}
	legendW := make([]vg.Length, len(cells[0]))
	for _, row := range cells {
		for j, c := range row {
			legendW[j] = max(legendW[j], c.legend.width())
		}
	}
	total := vg.Length(0)
	for _, lw := range legendW {
		total += width + lw
	}
	totalH := height * vg.Length(len(cells))
	var canvas vg.CanvasWriterTo
	switch format {
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.New(total, totalH)}
	case "svg":
		canvas = vgsvg.New(total, totalH)
	case "pdf":
		canvas = vgpdf.New(total, totalH)
	default:
		return fmt.Errorf("draw: unknown chart format %q (png, svg or pdf)", format)
	}
	dc := draw.New(canvas)
	for i, row := range cells {
		x := vg.Length(0)
		top := totalH - height*vg.Length(i)
		for j, c := range row {
			area := vg.Rectangle{Min: vg.Point{X: x + cellPad, Y: top - height + cellPad}, Max: vg.Point{X: x + width - cellPad, Y: top - cellPad}}
			c.p.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: area})
			lw := legendW[j]
			if lw > 0 {
				c.legend.draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: x + width, Y: top - height + cellPad}, Max: vg.Point{X: x + width + lw, Y: top - cellPad}}})
			}
			x += width + lw
		}
	}
	_, err := canvas.WriteTo(w)
	return err
}

// legendEntry is a named series as its legend shows it.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// legend lays out the entries of a chart's legend in columns of perCol
// entries, each colW wide.
type legend struct {
	entries []legendEntry
	perCol  int
	colW    vg.Length
}

// legendGap is the space between a chart and its legend's columns, and
// legendPadding between its entries (room for a viewer's font, in SVG,
// larger than the one measured).
const (
	legendGap     = 3 * vg.Millimeter
	legendPadding = vg.Length(4) // points
)

// newLegend lays out entries in columns of at most height; none for a
// chart of one series, which its caption and axes name.
func newLegend(entries []legendEntry, height vg.Length) legend {
	if len(entries) < 2 {
		return legend{}
	}
	l := plot.NewLegend()
	l.Padding = legendPadding
	rowH := l.TextStyle.Rectangle("Mg").Max.Y + l.Padding
	perCol := max(1, int(height/rowH))
	colW := vg.Length(0)
	for _, e := range entries {
		colW = max(colW, l.ThumbnailWidth+l.TextStyle.Rectangle(" "+e.name).Max.X)
	}
	return legend{entries: entries, perCol: perCol, colW: colW + legendGap}
}

// width is the legend's, 0 without one.
func (l legend) width() vg.Length {
	if len(l.entries) == 0 {
		return 0
	}
	cols := (len(l.entries) + l.perCol - 1) / l.perCol
	return vg.Length(cols) * l.colW
}

// draw draws the legend's columns, left to right from the top of c.
func (l legend) draw(c draw.Canvas) {
	for k := 0; k*l.perCol < len(l.entries); k++ {
		col := plot.NewLegend()
		col.Top, col.Left, col.Padding = true, true, legendPadding
		for _, e := range l.entries[k*l.perCol : min(len(l.entries), (k+1)*l.perCol)] {
			col.Add(e.name, e.thumbs...)
		}
		x := c.Min.X + vg.Length(k)*l.colW + legendGap
		col.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: x, Y: c.Min.Y}, Max: vg.Point{X: x + l.colW, Y: c.Max.Y}}})
	}
}

// look is the color, mark and dash of a series of the given style (its
// place, or its Style-1): the marks shift by two each round of the
// colors, and the dashes have a period of their own, so that no two of
// the first 56 series share all three.
func look(style int, s Series) (color.RGBA, draw.GlyphDrawer, []vg.Length) {
	glyph := chartGlyphs[(style+2*(style/len(chartColors)))%len(chartGlyphs)]
	if s.Shape > 0 {
		glyph = chartGlyphs[(s.Shape-1)%len(chartGlyphs)]
	}
	dashes := chartDashes[style%len(chartDashes)]
	if s.Dashed {
		dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	return chartColors[style%len(chartColors)], glyph, dashes
}

// newPlot makes the gonum plot of a chart, and the entries of its legend,
// which writeGrid draws beside it, not over its data.
func newPlot(c Chart) (*plot.Plot, []legendEntry, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text, p.Y.Label.Text = c.XLabel, c.YLabel
	if c.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if c.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	var entries []legendEntry
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range c.Series {
		if len(s.XY) == 0 {
			continue
		}
		style := i
		if s.Style != 0 {
			style = s.Style - 1
		}
		xy := make(plotter.XYs, len(s.XY))
		for k, pt := range s.XY {
			x, y := pt[0], pt[1]
			// A log axis has no room for 0: the smallest time shown is 1 ms.
			if c.LogX {
				x = math.Max(x, 1e-3)
			}
			if c.LogY {
				y = math.Max(y, 1e-3)
			}
			xy[k] = plotter.XY{X: x, Y: y}
			lo, hi = math.Min(lo, math.Min(x, y)), math.Max(hi, math.Max(x, y))
		}
		col, glyph, dashes := look(style, s)
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, nil, fmt.Errorf("draw: %v", err)
		}
		sc.Color, sc.Shape = col, glyph
		sc.Radius = vg.Points(3)
		if c.Points {
			p.Add(sc)
			entries = append(entries, legendEntry{s.Name, []plot.Thumbnailer{sc}})
			continue
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, nil, fmt.Errorf("draw: %v", err)
		}
		l.Color, l.Dashes = col, dashes
		l.Width = vg.Points(1.5)
		p.Add(l, sc)
		entries = append(entries, legendEntry{s.Name, []plot.Thumbnailer{l, sc}})
	}
	if c.Limit > 0 {
		hi = math.Max(hi, c.Limit)
		lo = math.Min(lo, c.Limit)
	}
	if (c.Diagonal || c.Limit > 0) && lo <= hi {
		// Both axes over the same range, a margin beyond the data (and
		// the limit) so that no mark sits on the frame.
		a, b := lo, hi
		if c.LogX && c.LogY {
			a, b = lo/1.4, hi*1.4
		} else {
			pad := (hi - lo) / 20
			a, b = lo-pad, hi+pad
		}
		if c.Diagonal {
			d, err := plotter.NewLine(plotter.XYs{{X: a, Y: a}, {X: b, Y: b}})
			if err != nil {
				return nil, nil, fmt.Errorf("draw: %v", err)
			}
			d.Color = color.RGBA{0x99, 0x99, 0x99, 0xff}
			d.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
			p.Add(d)
		}
		if c.Limit > 0 {
			v, err := plotter.NewLine(plotter.XYs{{X: c.Limit, Y: a}, {X: c.Limit, Y: b}})
			if err != nil {
				return nil, nil, fmt.Errorf("draw: %v", err)
			}
			h, _ := plotter.NewLine(plotter.XYs{{X: a, Y: c.Limit}, {X: b, Y: c.Limit}})
			for _, l := range []*plotter.Line{v, h} {
				l.Color = color.RGBA{0x55, 0x55, 0x55, 0xff}
				l.Width = vg.Points(0.8)
				l.Dashes = []vg.Length{vg.Points(1), vg.Points(2.5)}
				p.Add(l)
			}
			if c.LimitName != "" {
				entries = append(entries, legendEntry{c.LimitName, []plot.Thumbnailer{v}})
			}
		}
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = a, b, a, b
	}
	drawable(&p.X, c.LogX)
	drawable(&p.Y, c.LogY)
	return p, entries, nil
}

// drawable gives an axis a range it can be drawn with whatever the data:
// none at all (an empty chart: 0 to 1, or 1 ms to 1 s on a log axis), a single value (a decade about it on a log axis, a tenth of
// it, or 1, either side otherwise, so that 2^62 gets a range too), and
// nothing at or below 0 on a log axis.
func drawable(a *plot.Axis, log bool) {
	if math.IsInf(a.Min, 0) || math.IsInf(a.Max, 0) || math.IsNaN(a.Min) || math.IsNaN(a.Max) || a.Min > a.Max {
		a.Min, a.Max = 0, 1 // no data
	}
	if log {
		switch {
		case a.Max <= 0:
			a.Min, a.Max = 1e-3, 1
		case a.Min <= 0:
			a.Min = math.Min(1e-3, a.Max/10)
		}
		if a.Min >= a.Max {
			a.Min, a.Max = a.Min/math.Sqrt(10), a.Max*math.Sqrt(10)
		}
		return
	}
	if a.Min == a.Max {
		d := math.Max(1, math.Abs(a.Min)/10)
		a.Min, a.Max = a.Min-d, a.Max+d
	}
}

// logTicks marks a log axis at 1, 2 and 5 times the powers of ten, labelled,
// and at the other multiples, unlabelled, so that an axis within one decade
// has labels too; an axis that would have fewer than two labels has every
// mark labelled.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if lo <= 0 || hi <= lo {
		return nil
	}
	var ticks []plot.Tick
	for k := math.Floor(math.Log10(lo)); k <= math.Ceil(math.Log10(hi)); k++ {
		p := math.Pow(10, k)
		for m := 1.0; m < 10; m++ {
			v := m * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'g', 3, 64)
			}
			ticks = append(ticks, t)
		}
	}
	labelled := 0
	for _, t := range ticks {
		if t.Label != "" {
			labelled++
		}
	}
	if labelled < 2 {
		// A narrow axis: every mark labelled, so that it reads.
		for i := range ticks {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'g', 3, 64)
		}
	}
	return ticks
}
