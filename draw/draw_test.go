package draw_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/huge"
	"github.com/queenslab/nqueens/native/search"
)

func cols(q model.Placement) []uint32 {
	out := make([]uint32, len(q))
	for i, c := range q {
		out[i] = uint32(c)
	}
	return out
}

func same(a color.Color, b color.RGBA) bool {
	r, g, bl, _ := a.RGBA()
	return uint8(r>>8) == b.R && uint8(g>>8) == b.G && uint8(bl>>8) == b.B
}

// TestPNGBoard decodes the PNG of a completion solution and checks the
// pixel at the centre of every square: queens, the pre-placed one, blocked
// squares and empty squares.
func TestPNGBoard(t *testing.T) {
	p := model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}}, Blocked: []model.Square{{Row: 7, Col: 7}}}
	r, _ := search.Backtrack(context.Background(), p, search.BacktrackOptions{FirstOnly: true})
	var b bytes.Buffer
	if err := draw.WritePNG(&b, draw.Picture{Problem: p, Columns: cols(r.First), Size: 320}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, 320, 320) {
		t.Fatalf("bounds %v", img.Bounds())
	}
	cell := 40
	for row := 0; row < 8; row++ {
		for c := 0; c < 8; c++ {
			got := img.At(c*cell+cell/2, row*cell+cell/2)
			var want color.RGBA
			switch {
			case row == 0 && c == 0:
				want = draw.FixedColor
			case r.First[row] == c:
				want = draw.QueenColor
			case row == 7 && c == 7:
				want = draw.BlockColor
			case (row+c)%2 == 0:
				want = draw.Light
			default:
				want = draw.Dark
			}
			if row == 7 && c == 7 {
				got = img.At(c*cell+2, row*cell+cell/2) // beside the X
			}
			if !same(got, want) {
				t.Errorf("square (%d, %d): %v, want %v", row, c, got, want)
			}
		}
	}
}

// TestPNGScatter: above BoardMaxN each queen darkens its pixel.
func TestPNGScatter(t *testing.T) {
	n := 1000
	q, err := huge.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := draw.WritePNG(&b, draw.Picture{Problem: model.Classic(n), Columns: q, Size: 500}); err != nil {
		t.Fatalf("WritePNG: %v", err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if got := img.Bounds().Size(); got.X != 500 || got.Y != 500 {
		t.Fatalf("a picture of %v, want 500x500", got)
	}
	dark := 0
	for y := 0; y < 500; y++ {
		for x := 0; x < 500; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
				dark++
			}
		}
	}
	for r, c := range q {
		if r%97 == 0 {
			if v, _, _, _ := img.At(int(c)/2, r/2).RGBA(); v >= 0x8000 {
				t.Errorf("queen (%d, %d) not drawn", r, c)
			}
		}
	}
	if dark < 400 || dark > 1000 {
		t.Errorf("%d dark pixels for 1000 queens on 500x500", dark)
	}
}

// TestSVG parses the SVG and finds one circle per queen at its square.
func TestSVG(t *testing.T) {
	p := model.Problem{N: 6, Fixed: []model.Square{{Row: 1, Col: 3}}, Blocked: []model.Square{{Row: 0, Col: 0}}}
	r, _ := search.Backtrack(context.Background(), p, search.BacktrackOptions{FirstOnly: true})
	var b bytes.Buffer
	draw.WriteSVG(&b, draw.Picture{Problem: p, Columns: cols(r.First), Size: 300})
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		Circles []struct {
			Class string  `xml:"class,attr"`
			Row   int     `xml:"data-row,attr"`
			Col   int     `xml:"data-col,attr"`
			CX    float64 `xml:"cx,attr"`
			CY    float64 `xml:"cy,attr"`
		} `xml:"circle"`
		Groups []struct {
			Class string `xml:"class,attr"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Circles) != 6 || len(doc.Groups) != 1 || doc.Groups[0].Class != "blocked" {
		t.Fatalf("%d circles, %d groups", len(doc.Circles), len(doc.Groups))
	}
	for _, c := range doc.Circles {
		if r.First[c.Row-1] != c.Col-1 || c.CX != float64((c.Col-1)*50+25) || c.CY != float64((c.Row-1)*50+25) {
			t.Errorf("circle %+v", c)
		}
		if (c.Class == "fixed") != (c.Row == 2 && c.Col == 4) {
			t.Errorf("class %+v", c)
		}
	}
	b.Reset()
	draw.WriteSVG(&b, draw.Picture{Problem: model.Classic(5000), Columns: make([]uint32, 5000), Size: 200})
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil || !strings.Contains(b.String(), "data:image/png;base64,") {
		t.Errorf("large-N SVG: %v", err)
	}
}

// TestTraceText compares the 4-queens trace with the walkthrough of seed
// 003, in the 1-based numbering.
func TestTraceText(t *testing.T) {
	var b bytes.Buffer
	tt := draw.NewTraceText(&b, 4)
	search.Backtrack(context.Background(), model.Classic(4), search.BacktrackOptions{FirstOnly: true, Trace: tt.Step})
	want := `Row 1: queen in column 1.
Row 2: columns 1 and 2 attacked; column 3 is safe.
Row 3: every column is attacked, so back up.
Row 2: column 4.
Row 3: column 1 attacked; column 2 is safe.
Row 4: every column is attacked, so back up.
Row 3: columns 3 and 4 attacked, so back up to row 2.
Row 2 has no columns left, so back up to row 1.
Row 1: column 2.
Row 2: columns 1, 2 and 3 attacked; column 4 is safe.
Row 3: queen in column 1.
Row 4: columns 1 and 2 attacked; column 3 is safe.
Solution [2 4 1 3]:
-*--
---*
*---
--*-
`
	if b.String() != want {
		t.Errorf("trace:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestTraceGIF decodes the animation: one frame for the empty board and
// one per step shown, and the last frame is the solution in purple.
func TestTraceGIF(t *testing.T) {
	p := model.Classic(6)
	g := draw.NewTraceGIF(p, 20)
	steps := 0
	r, _ := search.Backtrack(context.Background(), p, search.BacktrackOptions{FirstOnly: true, Trace: func(s search.TraceStep) {
		g.Step(s)
		if s.Kind != search.StepRemove {
			steps++
		}
	}})
	var b bytes.Buffer
	if err := g.Write(&b); err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != steps+1 {
		t.Errorf("%d frames for %d steps", len(anim.Image), steps)
	}
	last := anim.Image[len(anim.Image)-1]
	for row, c := range r.First {
		if !same(last.At(c*20+10, row*20+10), draw.Solved) {
			t.Errorf("last frame, row %d: %v", row, last.At(c*20+10, row*20+10))
		}
	}
	// A frame after a failed try shows the red X on the square tried.
	found := false
	for k := 1; k < len(anim.Image) && !found; k++ {
		for y := 0; y < 120 && !found; y++ {
			for x := 0; x < 120 && !found; x++ {
				found = same(anim.Image[k].At(x, y), draw.Tried)
			}
		}
	}
	if !found {
		t.Error("no frame shows a square tried and found attacked")
	}
	_ = strconv.Itoa
}

// TestLocalGIF follows a local search: a frame per start and per swap, the
// last one the solution in purple.
func TestLocalGIF(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g := draw.NewLocalGIF(12, 10)
		events := 0
		r, err := huge.LocalSearch(context.Background(), 12, huge.LocalSearchOptions{Seed: seed,
			Start: func(c []uint32, k int64) { g.Start(c, k); events++ },
			Swap:  func(i, j int, k int64) { g.Swap(i, j, k); events++ }})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := g.Write(&b); err != nil {
			t.Fatal(err)
		}
		anim, err := gif.DecodeAll(&b)
		if err != nil || len(anim.Image) != events {
			t.Fatalf("seed %d: %d frames for %d events (%v)", seed, len(anim.Image), events, err)
		}
		last := anim.Image[len(anim.Image)-1]
		for row, c := range r.Columns {
			if !same(last.At(int(c)*10+5, row*10+5), draw.Solved) {
				t.Errorf("seed %d, row %d: %v", seed, row, last.At(int(c)*10+5, row*10+5))
			}
		}
	}
}

// TestLegendBesideData: a chart's legend is drawn beside its data, to
// the right of the plot's area, in as many columns as its entries need;
// every name is there once; PDF is drawn as well.
func TestLegendBesideData(t *testing.T) {
	for _, n := range []int{3, 60} {
		c := draw.Chart{Title: "t", XLabel: "x", YLabel: "y", LogY: true}
		for i := range n {
			c.Series = append(c.Series, draw.Series{Name: fmt.Sprintf("series-%02d", i), XY: [][2]float64{{1, 0.01 * float64(i+1)}, {720, 2}}})
		}
		var b bytes.Buffer
		if err := draw.WriteChart(&b, c, "svg"); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		width := regexp.MustCompile(`<svg width="([0-9.]+)pt"`).FindStringSubmatch(svg)
		texts := regexp.MustCompile(`<text x="([0-9.]+)" y="(-?[0-9.]+)"[^>]*>\s*(series-\d\d)</text>`).FindAllStringSubmatch(svg, -1)
		if len(texts) != n || width == nil {
			t.Fatalf("%d series: %d names in the SVG", n, len(texts))
		}
		xs := map[string]bool{}
		for _, m := range texts {
			x, _ := strconv.ParseFloat(m[1], 64)
			y, _ := strconv.ParseFloat(m[2], 64)
			if x < 720 || y > 0 || y < -480 {
				t.Errorf("%d series: %s at (%.1f, %.1f), inside the chart's 720 points or off its 480", n, m[3], x, -y)
			}
			xs[m[1]] = true
		}
		w, _ := strconv.ParseFloat(width[1], 64)
		if n == 60 && (len(xs) < 2 || w < 720+2*60) {
			t.Errorf("60 series in %d columns, the chart %.0f points wide", len(xs), w)
		}
		b.Reset()
		if err := draw.WriteChart(&b, c, "pdf"); err != nil || !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) {
			t.Errorf("pdf: %v %q", err, b.Bytes()[:min(8, b.Len())])
		}
	}
}
