package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/huge"
	"github.com/queenslab/nqueens/native/search"
	"github.com/spf13/cobra"
)

// pictureFlags are --svg and --png.
type pictureFlags struct{ svg, png string }

func (pic *pictureFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&pic.svg, "svg", "", "draw the board into this SVG file")
	c.Flags().StringVar(&pic.png, "png", "", "draw the board into this PNG file")
}

func (pic *pictureFlags) check() error {
	for _, p := range []string{pic.svg, pic.png} {
		if err := checkWritable(p); err != nil {
			return err
		}
	}
	return nil
}

// write draws the picture into the files asked for, each whole or not at all.
func (files *pictureFlags) write(ctx context.Context, pic draw.Picture) error {
	if files.svg != "" {
		if err := atomicfile.Write(ctx, files.svg, func(w io.Writer) error { return draw.WriteSVG(w, pic) }); err != nil {
			return err
		}
	}
	if files.png != "" {
		if err := atomicfile.Write(ctx, files.png, func(w io.Writer) error { return draw.WritePNG(w, pic) }); err != nil {
			return err
		}
	}
	return nil
}

func newDraw(e *env) *cobra.Command {
	var (
		pic       pictureFlags
		probFlags problemFlags
		size      int
	)
	c := &cobra.Command{
		Use:   "draw N [FILE|-] --svg F | --png F",
		Short: "Draw a solution file (or the empty board) as SVG or PNG",
		Long: `Draw the board with the queens of a solution file (the classic format that
solve -o writes; standard input with -), or the empty board with its
pre-placed queens (--fix) and blocked squares (--block) without FILE. Up to
N = 300 the picture is a chess board; above, a scatter of the queens'
positions scaled to the picture (--size pixels, default 800), so that a
million-queen solution shows its structure.`,
		Args: argsBetween(1, 2, "N and an optional FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := probFlags.parse(args[:1])
			if err != nil {
				return err
			}
			if pic.svg == "" && pic.png == "" {
				return usagef("draw: give --svg FILE or --png FILE")
			}
			if size < 0 || size > 16384 {
				return usagef("--size must be between 1 and 16384 pixels")
			}
			solution := ""
			if len(args) == 2 {
				solution = args[1]
			}
			if err := distinctFiles(fileArg{"--svg", pic.svg, true}, fileArg{"--png", pic.png, true}, fileArg{"FILE", solution, false}, probFlags.paramFile()); err != nil {
				return err
			}
			if err := pic.check(); err != nil {
				return err
			}
			picture := draw.Picture{Problem: p, Size: size}
			if len(args) == 2 {
				q, err := readSolution(cmd.Context(), e, args[1:], p.N)
				if err != nil {
					return err
				}
				picture.Columns = make([]uint32, len(q))
				for i, c := range q {
					picture.Columns[i] = uint32(c)
				}
			}
			return pic.write(cmd.Context(), picture)
		},
	}
	pic.add(c)
	probFlags.add(c)
	c.Flags().IntVar(&size, "size", 0, "picture width in pixels (0: by N)")
	return c
}

func newTrace(e *env) *cobra.Command {
	var (
		gifPath, method string
		probFlags       problemFlags
		forward         bool
		cell            int
		seed            uint64
	)
	c := &cobra.Command{
		Use:   "trace N [--gif FILE] [--method backtrack|localsearch]",
		Short: "Show a search step by step, as text or an animated GIF",
		Long: `Follow the backtracking search (Wirth 1976) to the first solution, step by step:
as text in the words of the 4-queens walkthrough ("Row 2: columns 1 and 2
attacked; column 3 is safe." ... "Back up to row 1."), 1-based, or with --gif
as an animation: queens placed in green, the squares they attack in later rows
faded blue, the square just tried and found attacked a red X, the finished
solution purple. N <= 32 (the GIF is refused beyond 5,000 frames).

With --method localsearch (N <= 64, --seed): the greedy start, then every swap
that lowers the collisions ("Swap rows 3 and 7: 4 collisions left."); in the
GIF the swapped queens are green, the attacked ones red, and a red bar under
the board shrinks with the collisions.`,
		Args: argsBetween(1, 1, "N"),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := probFlags.parse(args[:1])
			if err != nil {
				return err
			}
			switch method {
			case "localsearch":
				if !p.IsClassic() {
					return usagef("trace: localsearch solves the classic problem only")
				}
				if p.N > 64 || p.N < 4 {
					return usagef("trace: localsearch is traced for N = 4..64, not %d", p.N)
				}
			case "backtrack":
				if p.N > 32 {
					return usagef("trace: N = %d is too large to follow step by step (at most 32)", p.N)
				}
			default:
				return usagef("trace: unknown method %q (backtrack or localsearch)", method)
			}
			if cell < 4 || cell > 200 {
				return usagef("--cell must be between 4 and 200 pixels")
			}
			if err := checkWritable(gifPath); err != nil {
				return err
			}
			if gifPath != "" {
				if err := gifMemory(p.N, cell); err != nil {
					return err
				}
			}
			if method == "localsearch" {
				return traceLocal(cmd.Context(), e, p.N, seed, gifPath, cell)
			}
			var step func(search.TraceStep)
			var text *draw.TraceText
			var anim *draw.TraceGIF
			out := bufio.NewWriter(e.stdout)
			if gifPath != "" {
				anim = draw.NewTraceGIF(p, cell)
				step = anim.Step
			} else {
				text = draw.NewTraceText(out, p.N)
				step = text.Step
			}
			ctx, cancel := context.WithCancel(cmd.Context())
			defer cancel()
			r, err := search.Backtrack(ctx, p, search.BacktrackOptions{FirstOnly: true, ForwardCheck: forward, Trace: func(s search.TraceStep) {
				step(s)
				if anim != nil && anim.Frames() >= 5000 {
					cancel()
				}
			}})
			if err != nil && cmd.Context().Err() == nil && anim != nil {
				return fmt.Errorf("trace: more than 5,000 frames before the first solution; trace a smaller board")
			}
			if err != nil {
				return err
			}
			if r.First == nil {
				fmt.Fprintf(out, "No solution: %s searched.\n", plural(r.Nodes, "node"))
			}
			if anim != nil {
				if err := atomicfile.Write(cmd.Context(), gifPath, func(w io.Writer) error { return anim.Write(w) }); err != nil {
					return err
				}
				fmt.Fprintf(out, "%s: %s, %s\n", filepath.Base(gifPath), plural(uint64(anim.Frames()), "frame"), plural(r.Nodes, "node"))
			} else if text.Err() != nil {
				return text.Err()
			}
			return out.Flush()
		},
	}
	c.Flags().StringVar(&gifPath, "gif", "", "write the search as an animated GIF")
	c.Flags().BoolVar(&forward, "forward-check", false, "reject placements that leave a later row no free square (forward checking)")
	c.Flags().IntVar(&cell, "cell", 40, "--gif: pixels per square")
	c.Flags().StringVarP(&method, "method", "m", "backtrack", "backtrack or localsearch")
	c.Flags().Uint64Var(&seed, "seed", 1, "localsearch: random seed")
	probFlags.add(c)
	return c
}

// traceLocal follows the local search on a small board.
func traceLocal(ctx context.Context, e *env, n int, seed uint64, gifPath string, cell int) error {
	out := bufio.NewWriter(e.stdout)
	var anim *draw.LocalGIF
	opt := huge.LocalSearchOptions{Seed: seed}
	starts, swaps := 0, 0
	if gifPath != "" {
		anim = draw.NewLocalGIF(n, cell)
		opt.Start, opt.Swap = anim.Start, anim.Swap
	} else {
		opt.Start = func(_ []uint32, k int64) {
			if starts++; starts == 1 {
				fmt.Fprintf(out, "Greedy start: %s.\n", collisions(k))
			} else {
				fmt.Fprintf(out, "Stuck: restart from a new greedy start, %s.\n", collisions(k))
			}
		}
		opt.Swap = func(i, j int, k int64) {
			swaps++
			fmt.Fprintf(out, "Swap the queens of rows %d and %d: %s left.\n", i+1, j+1, collisions(k))
		}
	}
	r, err := huge.LocalSearch(ctx, n, opt)
	if err != nil {
		return err
	}
	if anim != nil {
		if err := atomicfile.Write(ctx, gifPath, func(w io.Writer) error { return anim.Write(w) }); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: %d frames, %d swaps, %d restarts, seed %d\n", filepath.Base(gifPath), anim.Frames(), r.Swaps, r.Restarts, r.Seed)
		return out.Flush()
	}
	cols := make([]string, n)
	for i, c := range r.Columns {
		cols[i] = fmt.Sprint(c + 1)
	}
	fmt.Fprintf(out, "Solution [%s] (seed %d):\n", strings.Join(cols, " "), r.Seed)
	if err := model.DrawBoard(out, r.Columns); err != nil {
		return err
	}
	return out.Flush()
}

func collisions(k int64) string {
	if k == 1 {
		return "1 collision"
	}
	return fmt.Sprintf("%d collisions", k)
}

// gifMemory refuses an animation whose frames might not fit in memory,
// before the first is drawn, and names the cell size that fits.
func gifMemory(n, cell int) error {
	l, ok := memlimit.Available()
	need := draw.GIFMemory(n, cell)
	if !ok || need <= l.Bytes {
		return nil
	}
	err := &memlimit.TooLargeError{What: fmt.Sprintf("a GIF of up to %d frames of a %dx%d board at %d pixels a square", draw.MaxFrames, n, n, cell),
		Need: need, Limit: l}
	fit := cell
	for fit > 4 && draw.GIFMemory(n, fit) > l.Bytes {
		fit--
	}
	if draw.GIFMemory(n, fit) <= l.Bytes {
		return usagef("%v: use --cell %d or less", err, fit)
	}
	return usageError{err}
}
