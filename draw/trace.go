package draw

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

// TraceText writes the steps of the backtracking search as sentences, in
// the words of the classic 4-queens walkthrough of Wirth's backtracking, 1-based:
// "Row 2: columns 1 and 2 attacked; column 3 is safe." ... "Row 3: every
// column is attacked, so back up." ... "Back up to row 1." It ends each
// solution with its columns and its drawing.
type TraceText struct {
	w     io.Writer
	n     int
	place model.Placement
	// per row: the attacked columns seen since the row was last entered or
	// left, and whether this visit of the row began at column 1.
	attacked [][]int
	fresh    []bool
	err      error
}

// NewTraceText returns a TraceText writing to w for an n x n board.
func NewTraceText(w io.Writer, n int) *TraceText {
	t := &TraceText{w: w, n: n, place: make(model.Placement, n), attacked: make([][]int, n+1), fresh: make([]bool, n+1)}
	for i := range t.place {
		t.place[i] = model.Unset
	}
	t.fresh[0] = true
	return t
}

func (t *TraceText) printf(format string, a ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, a...)
	}
}

// columns says "column 3", "columns 1 and 2", "columns 1, 2 and 4" (1-based).
func columns(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c + 1)
	}
	switch len(cs) {
	case 1:
		return "column " + parts[0]
	case 2:
		return "columns " + parts[0] + " and " + parts[1]
	}
	return "columns " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Step takes the next step of the search.
func (t *TraceText) Step(s search.TraceStep) {
	r := s.Row
	switch s.Kind {
	case search.StepAttacked:
		t.attacked[r] = append(t.attacked[r], s.Col)
	case search.StepRejected:
		t.printf("Row %d: column %d is safe, but it leaves a later row no square; skip it.\n", r+1, s.Col+1)
	case search.StepPlace:
		if a := t.attacked[r]; len(a) > 0 {
			t.printf("Row %d: %s attacked; column %d is safe.\n", r+1, columns(a), s.Col+1)
		} else if t.fresh[r] {
			t.printf("Row %d: queen in column %d.\n", r+1, s.Col+1)
		} else {
			t.printf("Row %d: column %d.\n", r+1, s.Col+1)
		}
		t.attacked[r] = t.attacked[r][:0]
		t.place[r] = s.Col
		if r+1 < len(t.fresh) {
			t.fresh[r+1] = true
			t.attacked[r+1] = t.attacked[r+1][:0]
		}
	case search.StepRemove:
		t.place[r] = model.Unset
		t.fresh[r] = false
	case search.StepBackUp:
		a := t.attacked[r]
		switch {
		case t.fresh[r] && len(a) == t.n:
			t.printf("Row %d: every column is attacked, so back up.\n", r+1)
		case r == 0 && len(a) > 0:
			t.printf("Row 1: %s attacked; no column left: the search is over.\n", columns(a))
		case r == 0:
			t.printf("Row 1 has no columns left: the search is over.\n")
		case len(a) > 0:
			t.printf("Row %d: %s attacked, so back up to row %d.\n", r+1, columns(a), r)
		default:
			t.printf("Row %d has no columns left, so back up to row %d.\n", r+1, r)
		}
		t.attacked[r] = t.attacked[r][:0]
	case search.StepSolution:
		cols := make([]string, t.n)
		for i, c := range t.place {
			cols[i] = strconv.Itoa(c + 1)
		}
		t.printf("Solution [%s]:\n", strings.Join(cols, " "))
		if t.err == nil {
			t.err = model.DrawBoard(t.w, t.place)
		}
	}
}

// Err returns the first write error.
func (t *TraceText) Err() error { return t.err }

// TraceGIF collects the frames of an animated GIF of the search: placed
// queens green, the squares they attack in later rows faded blue, the
// square just tried and found attacked a red X, the finished solution
// purple.
type TraceGIF struct {
	animation
	p     model.Problem
	cell  int
	place []int
}

// animation holds the frames of a GIF and refuses more than MaxSteps.
type animation struct {
	anim     gif.GIF
	MaxSteps int // frames beyond this are refused (0: 5000)
	err      error
}

// MaxFrames is the most frames an animation holds unless told otherwise.
const MaxFrames = 5000

// GIFMemory bounds the memory of an animation of an n x n board with cell
// pixels a square: MaxFrames frames of one byte a pixel (the frames are
// held until the GIF is encoded), the local search's bar below the board
// included.
func GIFMemory(n, cell int) uint64 {
	side, bar := uint64(n)*uint64(cell), uint64(max(6, cell/3))
	return MaxFrames*side*(side+bar) + 64<<20
}

// room reports whether another frame may be added; when not, Write will
// say so.
func (a *animation) room() bool {
	limit := a.MaxSteps
	if limit == 0 {
		limit = MaxFrames
	}
	if len(a.anim.Image) < limit {
		return true
	}
	if a.err == nil {
		a.err = fmt.Errorf("draw: more than %d frames; trace a smaller board", limit)
	}
	return false
}

// add appends the picture as a frame shown for delay hundredths of a second.
func (a *animation) add(rgba *image.RGBA, delay int) {
	img := image.NewPaletted(rgba.Bounds(), palette)
	b := rgba.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			img.SetColorIndex(x, y, uint8(palette.Index(rgba.RGBAAt(x, y))))
		}
	}
	a.anim.Image = append(a.anim.Image, img)
	a.anim.Delay = append(a.anim.Delay, delay)
}

// Frames is the number of frames so far.
func (a *animation) Frames() int { return len(a.anim.Image) }

// Write encodes the animation.
func (a *animation) Write(w io.Writer) error {
	if a.err != nil {
		return a.err
	}
	return gif.EncodeAll(w, &a.anim)
}

var palette = color.Palette{Light, Dark, Placed, Attacked, Tried, Solved, FixedColor, BlockColor, White, QueenColor}

// NewTraceGIF starts a GIF of the search on p (N <= 32), cell pixels a square.
func NewTraceGIF(p model.Problem, cell int) *TraceGIF {
	t := &TraceGIF{p: p, cell: cell, place: make([]int, p.N)}
	for i := range t.place {
		t.place[i] = model.Unset
	}
	for _, f := range p.Fixed {
		t.place[f.Row] = f.Col
	}
	t.frame(nil, false, 50)
	return t
}

// frame adds the board as it stands, with tried marked attacked if not nil.
func (t *TraceGIF) frame(tried *model.Square, solved bool, delay int) {
	if !t.room() {
		return
	}
	n, s := t.p.N, t.cell
	under := make([][]bool, n)
	for r := range under {
		under[r] = make([]bool, n)
	}
	for r, c := range t.place {
		if c == model.Unset {
			continue
		}
		for r2 := r + 1; r2 < n; r2++ {
			for _, c2 := range []int{c, c - (r2 - r), c + (r2 - r)} {
				if c2 >= 0 && c2 < n {
					under[r2][c2] = true
				}
			}
		}
	}
	blocked := map[model.Square]bool{}
	for _, b := range t.p.Blocked {
		blocked[b] = true
	}
	rgba := image.NewRGBA(image.Rect(0, 0, n*s, n*s))
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			col := squareColor(r, c)
			switch {
			case blocked[model.Square{Row: r, Col: c}]:
				col = BlockColor
			case under[r][c] && t.place[r] != c:
				col = Attacked
			}
			fill(rgba, image.Rect(c*s, r*s, (c+1)*s, (r+1)*s), col)
		}
	}
	for r, c := range t.place {
		if c != model.Unset {
			col := Placed
			if solved {
				col = Solved
			}
			disc(rgba, c*s, r*s, s, col)
		}
	}
	if tried != nil {
		cross(rgba, tried.Col*s, tried.Row*s, s, Tried)
	}
	t.add(rgba, delay)
}

// Step adds the frame of one step.
func (t *TraceGIF) Step(s search.TraceStep) {
	switch s.Kind {
	case search.StepAttacked, search.StepRejected:
		t.frame(&model.Square{Row: s.Row, Col: s.Col}, false, 15)
	case search.StepPlace:
		t.place[s.Row] = s.Col
		t.frame(nil, false, 25)
	case search.StepRemove:
		t.place[s.Row] = model.Unset
	case search.StepBackUp:
		t.frame(nil, false, 25)
	case search.StepSolution:
		t.frame(nil, true, 300)
	}
}

// LocalGIF is an animated GIF of the local search on a small board: the
// queens of the start, then every swap that lowers the collisions (the two
// rows' queens green, queens still attacked red), with a bar under the
// board for the collisions left, and the solution purple.
type LocalGIF struct {
	animation
	n, cell int
	cols    []int
	initial int64
}

// NewLocalGIF starts a GIF of the local search on an n x n board.
func NewLocalGIF(n, cell int) *LocalGIF {
	return &LocalGIF{n: n, cell: cell, cols: make([]int, n)}
}

// Start takes the board of a (re)start.
func (t *LocalGIF) Start(columns []uint32, collisions int64) {
	for i, c := range columns {
		t.cols[i] = int(c)
	}
	t.initial = max(1, collisions)
	t.frame(-1, -1, collisions, 60)
}

// Swap takes an improving swap of rows i and j.
func (t *LocalGIF) Swap(i, j int, collisions int64) {
	t.cols[i], t.cols[j] = t.cols[j], t.cols[i]
	delay := 20
	if collisions == 0 {
		delay = 300
	}
	t.frame(i, j, collisions, delay)
}

func (t *LocalGIF) frame(i, j int, collisions int64, delay int) {
	if !t.room() {
		return
	}
	n, s := t.n, t.cell
	bar := max(6, s/3)
	rgba := image.NewRGBA(image.Rect(0, 0, n*s, n*s+bar))
	fill(rgba, rgba.Bounds(), White)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fill(rgba, image.Rect(c*s, r*s, (c+1)*s, (r+1)*s), squareColor(r, c))
		}
	}
	attacked := make([]bool, n)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if model.Attacks(model.Square{Row: a, Col: t.cols[a]}, model.Square{Row: b, Col: t.cols[b]}) {
				attacked[a], attacked[b] = true, true
			}
		}
	}
	for r, c := range t.cols {
		col := QueenColor
		switch {
		case collisions == 0:
			col = Solved
		case r == i || r == j:
			col = Placed
		case attacked[r]:
			col = Tried
		}
		disc(rgba, c*s, r*s, s, col)
	}
	w := int(int64(n*s) * collisions / t.initial)
	fill(rgba, image.Rect(0, n*s+1, w, n*s+bar-1), Tried)
	t.add(rgba, delay)
}
