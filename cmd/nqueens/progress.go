package main

import (
	"encoding/json"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress modes (--progress).
const (
	progressAuto = "auto" // a bar on standard error when it is a terminal
	progressJSON = "json" // one JSON line per update on standard error
	progressOff  = "off"
)

// reporter shows how far a long run is: a bar with rate and time left on a
// terminal, JSON lines for scripts, or nothing.
type reporter struct {
	mu    sync.Mutex
	bar   *progressbar.ProgressBar
	json  *json.Encoder
	task  string
	start time.Time
	last  time.Time
	total int64
	// base is the steps done before this run (a journal's), and baseTime
	// when the run's own began: the rate and the time left are of the
	// steps done since.
	base     int64
	baseTime time.Time
}

// progress returns a reporter for a task of total steps, or nil when
// progress is off (--quiet, --progress=off, or auto and standard error is
// not a terminal).
func (e *env) progress(task string, total int64) *reporter {
	mode := e.progressMode
	if e.quiet || mode == progressOff {
		return nil
	}
	now := time.Now()
	r := &reporter{task: task, start: now, baseTime: now, total: total}
	switch mode {
	case progressJSON:
		r.json = json.NewEncoder(e.stderr)
		return r
	case progressAuto:
		f, ok := e.stderr.(*os.File)
		if !ok || !term.IsTerminal(int(f.Fd())) {
			return nil
		}
		size := total
		if size <= 0 {
			size = -1 // not known yet: a spinner with the count, its rate and the time
		}
		r.bar = progressbar.NewOptions64(size,
			progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription(task),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30))
		return r
	}
	return nil
}

// progressLine is one line of --progress=json.
type progressLine struct {
	Task    string  `json:"task"`
	Done    int64   `json:"done"`
	Total   int64   `json:"total"`
	Elapsed float64 `json:"elapsed_s"`
	Rate    float64 `json:"per_s"`
	ETA     float64 `json:"eta_s"`
}

// set reports done of total steps. A nil reporter does nothing.
func (r *reporter) set(done, total int64) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if total > 0 && total != r.total {
		r.total = total
		if r.bar != nil {
			r.bar.ChangeMax64(total)
		}
	}
	if r.bar != nil {
		r.bar.Set64(done)
		return
	}
	now := time.Now()
	if (done < r.total || r.total <= 0) && now.Sub(r.last) < 200*time.Millisecond {
		return
	}
	r.last = now
	el := now.Sub(r.start).Seconds()
	l := progressLine{Task: r.task, Done: done, Total: r.total, Elapsed: el}
	if since := now.Sub(r.baseTime).Seconds(); since > 0 && done > r.base {
		l.Rate = float64(done-r.base) / since
	}
	if l.Rate > 0 && r.total > 0 {
		l.ETA = float64(r.total-done) / l.Rate
	}
	r.json.Encode(l)
}

// startAt says that done steps were done before this run (resumed from a
// journal): the rate and the time left leave them out. A nil reporter
// does nothing.
func (r *reporter) startAt(done int64) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.base, r.baseTime = done, time.Now()
}

// done ends the display.
func (r *reporter) done() {
	if r == nil || r.bar == nil {
		return
	}
	r.bar.Finish()
	io.WriteString(r.bar, "")
}

// confirming is the progress of a confirmation (confirm.Options.Progress):
// a bar for each of its steps, "confirming: " and the step, in turn. Its
// stop ends the last one.
func (e *env) confirming() (tell func(what string, done, total int64), stop func()) {
	var mu sync.Mutex
	var bar *reporter
	step := ""
	tell = func(what string, done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		if what != step || bar == nil {
			bar.done()
			step = what
			bar = e.progress("confirming: "+what, total)
		}
		bar.set(done, total)
	}
	stop = func() {
		mu.Lock()
		defer mu.Unlock()
		bar.done()
	}
	return tell, stop
}
