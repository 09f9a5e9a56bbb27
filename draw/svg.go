package draw

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"io"

	"github.com/queenslab/nqueens/model"
)

// WriteSVG writes the picture as SVG: up to BoardMaxN a board of <rect>
// squares with a <circle class="queen"> (or class="fixed") per queen and
// blocked squares as grey squares with an X (class="blocked"); above, the
// PNG scatter embedded as an <image>, with the board's outline.
func WriteSVG(w io.Writer, p Picture) error {
	n := p.Problem.N
	size, cell := p.layout()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", size, size, size, size)
	fmt.Fprintf(bw, "<title>%d queens</title>\n", n)
	if cell == 0 {
		var b bytes.Buffer
		if err := png.Encode(&b, Image(p)); err != nil {
			return err
		}
		fmt.Fprintf(bw, "<image x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" href=\"data:image/png;base64,%s\"/>\n", size, size, base64.StdEncoding.EncodeToString(b.Bytes()))
		fmt.Fprintf(bw, "<rect class=\"outline\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n</svg>\n", size, size)
		return bw.Flush()
	}
	hex := func(c interface{ RGBA() (r, g, b, a uint32) }) string {
		r, g, b, _ := c.RGBA()
		return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
	}
	fmt.Fprintf(bw, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", size, size, hex(Light))
	for r := 0; r < n; r++ {
		for c := (r + 1) % 2; c < n; c += 2 {
			fmt.Fprintf(bw, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", c*cell, r*cell, cell, cell, hex(Dark))
		}
	}
	for _, b := range p.Problem.Blocked {
		x, y := b.Col*cell, b.Row*cell
		fmt.Fprintf(bw, "<g class=\"blocked\" data-row=\"%d\" data-col=\"%d\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>", b.Row+1, b.Col+1, x, y, cell, cell, hex(BlockColor))
		fmt.Fprintf(bw, "<path d=\"M%d %dL%d %dM%d %dL%d %d\" stroke=\"#fff\" stroke-width=\"%d\"/></g>\n", x+cell/6, y+cell/6, x+cell-cell/6, y+cell-cell/6, x+cell-cell/6, y+cell/6, x+cell/6, y+cell-cell/6, max(1, cell/10))
	}
	fixed := map[model.Square]bool{}
	for _, f := range p.Problem.Fixed {
		fixed[f] = true
	}
	queen := func(r, c int) {
		class, col := "queen", QueenColor
		if fixed[model.Square{Row: r, Col: c}] {
			class, col = "fixed", FixedColor
		}
		fmt.Fprintf(bw, "<circle class=\"%s\" data-row=\"%d\" data-col=\"%d\" cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\"/>\n",
			class, r+1, c+1, float64(c*cell)+float64(cell)/2, float64(r*cell)+float64(cell)/2, 0.35*float64(cell), hex(col))
	}
	for r, c := range p.Columns {
		if c != unset {
			queen(r, int(c))
		}
	}
	if p.Columns == nil {
		for _, f := range p.Problem.Fixed {
			queen(f.Row, f.Col)
		}
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}
