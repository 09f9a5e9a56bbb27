// Package draw makes pictures of boards: a solution as SVG or PNG (a chess
// board up to BoardMaxN, a scatter of the queens above, so a million-queen
// solution still shows its structure), the backtracking search as an
// animated GIF, and the search as text in the words of the classic 4-queens
// walkthrough of Wirth's backtracking. Boards and traces use the standard
// library (SVG text, image/png, image/gif); charts use gonum/plot.
//
// Rows and columns are 0-based in the API and 1-based in the text.
package draw

import (
	"image"
	"image/color"

	"github.com/queenslab/nqueens/model"
)

// BoardMaxN is the largest N drawn as a chess board; above it a picture is
// a scatter of the queens' positions scaled to the picture.
const BoardMaxN = 300

// Colors of the pictures.
var (
	Light      = color.RGBA{0xf0, 0xd9, 0xb5, 0xff}
	Dark       = color.RGBA{0xb5, 0x88, 0x63, 0xff}
	QueenColor = color.RGBA{0x1b, 0x1b, 0x1b, 0xff}
	FixedColor = color.RGBA{0xc0, 0x39, 0x2b, 0xff} // a pre-placed queen
	BlockColor = color.RGBA{0x55, 0x5f, 0x66, 0xff} // a blocked square
	Placed     = color.RGBA{0x2e, 0x8b, 0x57, 0xff} // trace: a queen placed
	Attacked   = color.RGBA{0xc6, 0xdb, 0xef, 0xff} // trace: attacked in a later row
	Tried      = color.RGBA{0xd6, 0x27, 0x28, 0xff} // trace: the square just tried and found attacked
	Solved     = color.RGBA{0x7b, 0x3f, 0xa0, 0xff} // trace: the finished solution
	White      = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// Picture says what to draw.
type Picture struct {
	Problem model.Problem
	// Columns is the queen's column in each row (model.Unset for none); it
	// may be nil to draw the empty board with its pre-placed queens.
	Columns []uint32
	// Size is the width and height in pixels; 0 chooses by N.
	Size int
}

// unset marks a row without a queen in Columns.
const unset = ^uint32(0)

// layout returns the picture size and the cell size (0 for a scatter).
func (p Picture) layout() (size, cell int) {
	n := p.Problem.N
	size = p.Size
	if n > BoardMaxN {
		if size <= 0 {
			size = 800
		}
		return size, 0
	}
	if size <= 0 {
		cell = max(4, min(48, 800/n))
		return cell * n, cell
	}
	cell = max(1, size/n)
	return cell * n, cell
}

// squareColor is the color of square (r, c) of an empty board.
func squareColor(r, c int) color.RGBA {
	if (r+c)%2 == 0 {
		return Light
	}
	return Dark
}

// scatterPoint maps row r, column c of an n-board to a pixel of a size-wide picture.
func scatterPoint(n, size, r, c int) image.Point {
	return image.Pt(int(int64(c)*int64(size)/int64(n)), int(int64(r)*int64(size)/int64(n)))
}

func fill(img *image.RGBA, r image.Rectangle, col color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, col)
		}
	}
}

// disc paints a filled circle in the cell with corner (x, y) and side s.
func disc(img *image.RGBA, x, y, s int, col color.RGBA) {
	cx, cy, rad := 2*x+s, 2*y+s, s*7/10 // doubled coordinates: centre of the cell, radius 0.35 s
	for py := y; py < y+s; py++ {
		for px := x; px < x+s; px++ {
			dx, dy := 2*px+1-cx, 2*py+1-cy
			if dx*dx+dy*dy <= rad*rad {
				img.SetRGBA(px, py, col)
			}
		}
	}
}

// cross paints an X in the cell with corner (x, y) and side s.
func cross(img *image.RGBA, x, y, s int, col color.RGBA) {
	w := max(1, s/10)
	for i := s / 6; i < s-s/6; i++ {
		for k := 0; k < w; k++ {
			img.SetRGBA(x+i, y+i+k-w/2, col)
			img.SetRGBA(x+s-1-i, y+i+k-w/2, col)
		}
	}
}
