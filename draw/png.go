package draw

import (
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/queenslab/nqueens/model"
)

// Image renders the picture: a chess board with the queens as discs (the
// pre-placed ones red, blocked squares grey with an X) up to BoardMaxN, a
// scatter of one pixel per queen above.
func Image(p Picture) *image.RGBA {
	n := p.Problem.N
	size, cell := p.layout()
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	if cell == 0 {
		// A density scatter: each pixel darker with the queens that fall in
		// it, black at twice the mean (or at one queen, when pixels
		// outnumber queens).
		counts := make([]uint32, size*size)
		for r, c := range p.Columns {
			if c != unset {
				pt := scatterPoint(n, size, r, int(c))
				counts[pt.Y*size+pt.X]++
			}
		}
		full := max(1, 2*float64(n)/float64(size*size))
		for i, k := range counts {
			v := uint8(255 - 255*min(1, float64(k)/full))
			img.SetRGBA(i%size, i/size, color.RGBA{v, v, v, 0xff})
		}
		return img
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fill(img, image.Rect(c*cell, r*cell, (c+1)*cell, (r+1)*cell), squareColor(r, c))
		}
	}
	for _, b := range p.Problem.Blocked {
		fill(img, image.Rect(b.Col*cell, b.Row*cell, (b.Col+1)*cell, (b.Row+1)*cell), BlockColor)
		cross(img, b.Col*cell, b.Row*cell, cell, White)
	}
	fixed := map[model.Square]bool{}
	for _, f := range p.Problem.Fixed {
		fixed[f] = true
	}
	for r, c := range p.Columns {
		if c == unset {
			continue
		}
		col := QueenColor
		if fixed[model.Square{Row: r, Col: int(c)}] {
			col = FixedColor
		}
		disc(img, int(c)*cell, r*cell, cell, col)
	}
	if p.Columns == nil {
		for f := range fixed {
			disc(img, f.Col*cell, f.Row*cell, cell, FixedColor)
		}
	}
	return img
}

// WritePNG writes the picture as PNG.
func WritePNG(w io.Writer, p Picture) error {
	return png.Encode(w, Image(p))
}
