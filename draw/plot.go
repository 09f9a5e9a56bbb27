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
}

// A Series is one named set of points.
type Series struct {
	Name string
	XY   [][2]float64
	// Style, if above 0, picks the color (Style-1 in the palette) instead
	// of the series' place; Dashed draws the line dashed.
	Style  int
	Dashed bool
}

// chartColors give the series distinct colors, in order.
var chartColors = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xd6, 0x27, 0x28, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0x94, 0x67, 0xbd, 0xff},
	{0xff, 0x7f, 0x0e, 0xff}, {0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff},
	{0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

// WriteChart draws the chart as "png" or "svg", 720 by 480 points.
func WriteChart(w io.Writer, c Chart, format string) error {
	return WriteCharts(w, []Chart{c}, format)
}

// WriteCharts draws charts one above the other, 720 by 480 points each, as
// "png" or "svg".
func WriteCharts(w io.Writer, charts []Chart, format string) error {
	grid := make([][]Chart, len(charts))
	for i, c := range charts {
		grid[i] = []Chart{c}
	}
	return writeGrid(w, grid, vg.Points(720), vg.Points(480), format)
}

// WritePanels draws charts side by side, 500 by 420 points each, as "png"
// or "svg".
func WritePanels(w io.Writer, charts []Chart, format string) error {
	return writeGrid(w, [][]Chart{charts}, vg.Points(500), vg.Points(420), format)
}

// writeGrid draws rows of charts, each cell width by height.
func writeGrid(w io.Writer, grid [][]Chart, width, height vg.Length, format string) error {
	var plots [][]*plot.Plot
	for _, row := range grid {
		var prow []*plot.Plot
		for _, c := range row {
			p, err := newPlot(c)
			if err != nil {
				return err
			}
			prow = append(prow, p)
		}
		plots = append(plots, prow)
	}
	if len(plots) == 0 || len(plots[0]) == 0 {
		return fmt.Errorf("draw: no chart to draw")
	}
	width *= vg.Length(len(plots[0]))
	height *= vg.Length(len(plots))
	var canvas vg.CanvasWriterTo
	switch format {
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.New(width, height)}
	case "svg":
		canvas = vgsvg.New(width, height)
	default:
		return fmt.Errorf("draw: unknown chart format %q (png or svg)", format)
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: len(plots[0]), PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 6, PadTop: vg.Millimeter * 2,
		PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 4}
	cells := plot.Align(plots, tiles, draw.New(canvas))
	for i, row := range plots {
		for j, p := range row {
			p.Draw(cells[i][j])
		}
	}
	_, err := canvas.WriteTo(w)
	return err
}

// newPlot makes the gonum plot of a chart.
func newPlot(c Chart) (*plot.Plot, error) {
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
	p.Legend.Top, p.Legend.Left = true, true
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
		col := chartColors[style%len(chartColors)]
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, fmt.Errorf("draw: %v", err)
		}
		sc.Color = col
		sc.Shape = draw.CircleGlyph{}
		sc.Radius = vg.Points(2.5)
		if c.Points {
			p.Add(sc)
			p.Legend.Add(s.Name, sc)
			continue
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, fmt.Errorf("draw: %v", err)
		}
		l.Color = col
		l.Width = vg.Points(1.5)
		if s.Dashed {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l, sc)
		p.Legend.Add(s.Name, l, sc)
	}
	if c.Diagonal && lo <= hi {
		d, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
		if err != nil {
			return nil, fmt.Errorf("draw: %v", err)
		}
		d.Color = color.RGBA{0x99, 0x99, 0x99, 0xff}
		d.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
		p.Add(d)
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	}
	drawable(&p.X, c.LogX)
	drawable(&p.Y, c.LogY)
	return p, nil
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
// has labels too.
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
	return ticks
}
