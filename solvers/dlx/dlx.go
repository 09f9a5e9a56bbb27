// Package dlx is Knuth's Algorithm X with dancing links (his program DLX1,
// "Dancing links", The Art of Computer Programming 7.2.2.1, and
// arXiv:cs/0011047): exact cover with primary items, covered exactly once,
// and secondary items, covered at most once, or, with colors, by any
// number of options that give them the same color (his DLX2, Algorithm C:
// a colored secondary item is "purified" instead of covered), and with
// multiplicities, bounds u:v on how many options cover a primary item (his
// DLX3, Algorithm M: multi.go). At each level
// it branches on the primary item with the fewest remaining options, the
// first in item order among ties, as DLX1 does; so the order of the items,
// organ-pipe for the queens, steers the search.
//
// It reads any exact cover problem (xcc.Read), not only queens.
package dlx

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/xcc"
)

// node is one cell of the sparse matrix, Knuth's TOP, ULINK and DLINK. For
// an item header (nodes 1..items) top is the item's LEN; for a spacer
// between options top is -(number of the option before it), and up/down
// point to the first node of the previous option and the last node of the
// next one.
type node struct {
	top, up, down int32
}

// item is an item header's horizontal links (Knuth's LLINK, RLINK). Items
// 1..primary are the active list headed by 0; secondary items are linked
// in their own list headed by items+1.
type item struct {
	prev, next int32
}

// Problem is an exact cover problem ready for the dancing links. It is not
// safe for concurrent use; Count with Jobs > 1 works on copies.
type Problem struct {
	// Progress, if set, is told the nodes searched so far, every few
	// thousand nodes, from the goroutine of First or Enumerate (a display
	// of a long search; Count does not call it).
	Progress func(nodes uint64)

	primary, items int
	options        int
	nodes          []node
	links          []item
	// optStart[k] is the first node of option k.
	optStart []int32
	// color, for a problem with colors (nil without), is Knuth's COLOR
	// of each node: 0 for none, -1 once purified; for an item header, the
	// color that purified it.
	color []int32
	// bound and slack, for a problem with multiplicities (nil without),
	// are Knuth's BOUND and SLACK of each primary item (see multi.go).
	bound, slack []int32
}

// Stats counts the work of a search as Knuth's DLX1 does, so that the
// figures of the same input agree with his: Nodes are the nodes of the
// search tree (the root, and one for each option tried, a solution being a
// special node), Updates the links removed by covering (the item from the
// item list, then each node of a hidden option).
type Stats struct {
	Nodes, Updates uint64
	// Jobs is the number of goroutines that ran (Count: at most one a
	// subtree of its cut).
	Jobs int
}

// New builds the linked structure of x. Options are kept in their order;
// option k of x is option k of every solution this package reports.
func New(x *xcc.Problem) (*Problem, error) {
	if len(x.Primary) == 0 {
		return nil, errors.New("dlx: no primary items")
	}
	items := x.Items()
	total := items + 1 + len(x.Options) + 1
	for _, o := range x.Options {
		total += len(o)
	}
	if total > 1<<31-1 {
		return nil, fmt.Errorf("dlx: %d nodes, more than the 2^31-1 this program holds", total)
	}
	p := &Problem{primary: len(x.Primary), items: items, options: len(x.Options)}
	p.links = make([]item, items+2)
	for i := 0; i <= items+1; i++ {
		p.links[i] = item{prev: int32(i - 1), next: int32(i + 1)}
	}
	// Active list 0 <-> 1..primary <-> 0; secondary list items+1 <-> primary+1..items.
	p.links[0].prev = int32(p.primary)
	p.links[p.primary].next = 0
	head := int32(items + 1)
	if items > p.primary {
		p.links[p.primary+1].prev = head
		p.links[items].next = head
		p.links[head] = item{prev: int32(items), next: int32(p.primary + 1)}
	} else {
		p.links[head] = item{prev: head, next: head}
	}
	p.nodes = make([]node, 0, total)
	p.nodes = append(p.nodes, node{}) // node 0 unused
	for i := 1; i <= items; i++ {
		p.nodes = append(p.nodes, node{top: 0, up: int32(i), down: int32(i)})
	}
	// First spacer.
	p.nodes = append(p.nodes, node{top: 0})
	lastSpacer := int32(len(p.nodes) - 1)
	p.optStart = make([]int32, len(x.Options))
	if x.Colors != nil {
		p.color = make([]int32, 0, total)
		p.color = append(p.color, make([]int32, len(p.nodes))...)
	}
	seen := make([]int, items+1)
	for k, o := range x.Options {
		if len(o) == 0 {
			return nil, fmt.Errorf("dlx: option %d is empty", k+1)
		}
		start := int32(len(p.nodes))
		p.optStart[k] = start
		primary := false
		var colors []int
		if x.Colors != nil {
			colors = x.Colors[k]
		}
		for j, it := range o {
			if it < 0 || it >= items {
				return nil, fmt.Errorf("dlx: option %d names item %d of %d", k+1, it, items)
			}
			i := int32(it + 1)
			if seen[i] == k+1 {
				return nil, fmt.Errorf("dlx: option %d names item %s twice", k+1, x.Name(it))
			}
			seen[i] = k + 1
			primary = primary || it < p.primary
			x := int32(len(p.nodes))
			up := p.nodes[i].up
			p.nodes = append(p.nodes, node{top: i, up: up, down: i})
			if p.color != nil {
				if colors[j] != 0 && it < p.primary {
					return nil, fmt.Errorf("dlx: option %d gives primary item %d a color", k+1, it+1)
				}
				p.color = append(p.color, int32(colors[j]))
			}
			p.nodes[up].down = x
			p.nodes[i].up = x
			p.nodes[i].top++
		}
		if !primary {
			return nil, fmt.Errorf("dlx: option %d has no primary item", k+1)
		}
		p.nodes[lastSpacer].down = int32(len(p.nodes) - 1)
		p.nodes = append(p.nodes, node{top: -int32(k + 1), up: start})
		if p.color != nil {
			p.color = append(p.color, 0)
		}
		lastSpacer = int32(len(p.nodes) - 1)
	}
	if x.Bounds != nil {
		p.bound, p.slack = make([]int32, items+2), make([]int32, items+2)
		for i, b := range x.Bounds {
			if b[0] < 0 || b[1] < 1 || b[0] > b[1] {
				return nil, fmt.Errorf("dlx: item %s has bounds %d:%d", x.Primary[i], b[0], b[1])
			}
			p.bound[i+1], p.slack[i+1] = int32(b[1]), int32(b[1]-b[0])
		}
		if p.color == nil {
			p.color = make([]int32, len(p.nodes))
		}
	}
	if err := p.checkLinks(); err != nil {
		return nil, err
	}
	return p, nil
}

// checkLinks reports a link of a node that is not an index of p.nodes, an
// item of a node that is not an item, or a link of an item that is not an
// index of p.links: the structure must be closed for at and linkAt to be
// safe. New builds it so; this holds it to that.
func (p *Problem) checkLinks() error {
	last := int32(len(p.nodes) - 1)
	for i, nd := range p.nodes {
		if nd.up < 0 || nd.up > last || nd.down < 0 || nd.down > last || (i > p.items && nd.top > int32(p.items)) {
			return fmt.Errorf("dlx: node %d links outside the structure (%d, %d, %d)", i, nd.top, nd.up, nd.down)
		}
	}
	for i, it := range p.links {
		if it.prev < 0 || int(it.prev) >= len(p.links) || it.next < 0 || int(it.next) >= len(p.links) {
			return fmt.Errorf("dlx: item %d links outside the structure (%d, %d)", i, it.prev, it.next)
		}
	}
	return nil
}

// clone copies the mutable state, for a parallel worker.
func (p *Problem) clone() *Problem {
	c := *p
	c.nodes = append([]node(nil), p.nodes...)
	c.links = append([]item(nil), p.links...)
	if p.color != nil {
		c.color = append([]int32(nil), p.color...)
	}
	if p.bound != nil {
		c.bound = append([]int32(nil), p.bound...)
	}
	return &c
}

// option returns the option number of node x.
func (p *Problem) option(x int32) int {
	for p.nodes[x].top > 0 {
		x++
	}
	return int(-p.nodes[x].top) - 1
}

// at is &p.nodes[i] (base: p.base()) without the bounds check, in the
// loops that are most of a search's time: 6% faster on the excluded
// diagonals instances, where dancing links confirms cp's answers (none on
// the classic problem, measured side by side). It is safe because the
// structure is closed: New checks that every link and item of a node is an
// index of p.nodes (checkLinks), and the dancing only copies those values
// from one node to another.
func at(base unsafe.Pointer, i int32) *node {
	return (*node)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(node{})))
}

// linkAt is &p.links[i] (links: the address of p.links[0]) without the
// bounds check, safe as at is: every link is an index of p.links.
func linkAt(links unsafe.Pointer, i int32) *item {
	return (*item)(unsafe.Add(links, uintptr(i)*unsafe.Sizeof(item{})))
}

// base is the address of p.nodes[0], for at.
func (p *Problem) base() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(p.nodes)) }

// linksBase is the address of p.links[0], for linkAt.
func (p *Problem) linksBase() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(p.links)) }

// hideColored takes the other nodes of the option of node pp out of their
// items' lists, in a problem with colors, and returns how many (the
// updates): nodes purified (color -1) are out of their lists already and
// stay as they are (Knuth's hide').
func (p *Problem) hideColored(pp int32) (updates uint64) {
	nodes, color := p.nodes, p.color
	for q := pp + 1; q != pp; {
		x := nodes[q].top
		u, d := nodes[q].up, nodes[q].down
		if x <= 0 {
			q = u
			continue
		}
		if color[q] >= 0 {
			nodes[u].down = d
			nodes[d].up = u
			nodes[x].top--
			updates++
		}
		q++
	}
	return updates
}

// unhideColored undoes hideColored.
func (p *Problem) unhideColored(pp int32) {
	nodes, color := p.nodes, p.color
	for q := pp - 1; q != pp; {
		x := nodes[q].top
		u, d := nodes[q].up, nodes[q].down
		if x <= 0 {
			q = d
			continue
		}
		if color[q] >= 0 {
			nodes[u].down = q
			nodes[d].up = q
			nodes[x].top++
		}
		q--
	}
}

func (p *Problem) cover(i int32, st *Stats) {
	if p.color == nil {
		st.Updates += coverPlain(p.base(), p.linksBase(), i)
		return
	}
	updates := uint64(1) // the item leaves the list of items
	for pp := p.nodes[i].down; pp != i; pp = p.nodes[pp].down {
		updates += p.hideColored(pp)
	}
	st.Updates += updates
	l, r := p.links[i].prev, p.links[i].next
	p.links[l].next = r
	p.links[r].prev = l
}

func (p *Problem) uncover(i int32) {
	if p.color == nil {
		uncoverPlain(p.base(), p.linksBase(), i)
		return
	}
	l, r := p.links[i].prev, p.links[i].next
	p.links[l].next = i
	p.links[r].prev = i
	for pp := p.nodes[i].up; pp != i; pp = p.nodes[pp].up {
		p.unhideColored(pp)
	}
}

// coverPlain is cover without colors, hide written into its loop: the
// dance of most searches, a call less for each option hidden. It returns
// the updates.
func coverPlain(base, links unsafe.Pointer, i int32) (updates uint64) {
	for pp := at(base, i).down; pp != i; pp = at(base, pp).down {
		for q := pp + 1; q != pp; {
			nq := at(base, q)
			x := nq.top
			u, d := nq.up, nq.down
			if x <= 0 {
				q = u
				continue
			}
			at(base, u).down = d
			at(base, d).up = u
			at(base, x).top--
			updates++
			q++
		}
	}
	li := linkAt(links, i)
	l, r := li.prev, li.next
	linkAt(links, l).next = r
	linkAt(links, r).prev = l
	return updates + 1 // and the item leaves the list of items
}

// uncoverPlain undoes coverPlain.
func uncoverPlain(base, links unsafe.Pointer, i int32) {
	li := linkAt(links, i)
	l, r := li.prev, li.next
	linkAt(links, l).next = i
	linkAt(links, r).prev = i
	for pp := at(base, i).up; pp != i; pp = at(base, pp).up {
		for q := pp - 1; q != pp; {
			nq := at(base, q)
			x := nq.top
			u, d := nq.up, nq.down
			if x <= 0 {
				q = d
				continue
			}
			at(base, u).down = q
			at(base, d).up = q
			at(base, x).top++
			q--
		}
	}
}

// commitPlain is commit without colors; it returns the updates.
func commitPlain(base, links unsafe.Pointer, x int32) (updates uint64) {
	for q := x + 1; q != x; {
		nq := at(base, q)
		if nq.top <= 0 {
			q = nq.up
			continue
		}
		updates += coverPlain(base, links, nq.top)
		q++
	}
	return updates
}

// uncommitPlain undoes commitPlain.
func uncommitPlain(base, links unsafe.Pointer, x int32) {
	for q := x - 1; q != x; {
		nq := at(base, q)
		if nq.top <= 0 {
			q = nq.down
			continue
		}
		uncoverPlain(base, links, nq.top)
		q--
	}
}

// choose returns the active primary item with the fewest options, the
// first in order among ties, or 0 when none is left.
func (p *Problem) choose() int32 {
	best, min := int32(0), int32(1<<31-1)
	base := p.base()
	links := p.linksBase()
	for i := linkAt(links, 0).next; i != 0; i = linkAt(links, i).next {
		if l := at(base, i).top; l < min {
			best, min = i, l
			if l == 0 {
				break
			}
		}
	}
	return best
}

// commit covers the other items of the option of node x (Knuth's X5), or,
// for an item the option gives a color, purifies it (his C5).
func (p *Problem) commit(x int32, st *Stats) {
	if p.color != nil {
		p.commitColored(x, st)
		return
	}
	st.Updates += commitPlain(p.base(), p.linksBase(), x)
}

func (p *Problem) commitColored(x int32, st *Stats) {
	for q := x + 1; q != x; {
		j := p.nodes[q].top
		if j <= 0 {
			q = p.nodes[q].up
			continue
		}
		switch c := p.color[q]; {
		case c == 0:
			p.cover(j, st)
		case c > 0:
			p.purify(q, st)
		}
		q++
	}
}

// uncommit undoes commit (Knuth's X6, C6).
func (p *Problem) uncommit(x int32) {
	if p.color != nil {
		p.uncommitColored(x)
		return
	}
	uncommitPlain(p.base(), p.linksBase(), x)
}

func (p *Problem) uncommitColored(x int32) {
	for q := x - 1; q != x; {
		j := p.nodes[q].top
		if j <= 0 {
			q = p.nodes[q].down
			continue
		}
		switch c := p.color[q]; {
		case c == 0:
			p.uncover(j)
		case c > 0:
			p.unpurify(q)
		}
		q--
	}
}

// purify keeps, of the other options of the item of node pp, those that
// give it pp's color, marked as settled (color -1), and hides the others
// (Knuth's purify in DLX2).
func (p *Problem) purify(pp int32, st *Stats) {
	c, i := p.color[pp], p.nodes[pp].top
	p.color[i] = c
	for q := p.nodes[i].down; q != i; q = p.nodes[q].down {
		switch {
		case p.color[q] != c:
			st.Updates += p.hideColored(q)
		case q != pp:
			p.color[q] = -1
		}
	}
}

// unpurify undoes purify.
func (p *Problem) unpurify(pp int32) {
	c, i := p.color[pp], p.nodes[pp].top
	for q := p.nodes[i].up; q != i; q = p.nodes[q].up {
		switch {
		case p.color[q] < 0:
			p.color[q] = c
		case q != pp:
			p.unhideColored(q)
		}
	}
}

// stopEvery is how many tree nodes pass between looks at the context.
const stopEvery = 1 << 14

// search runs Algorithm X (Knuth's steps X2 to X8) from the current state,
// with x holding the nodes of the options already chosen, and calls visit
// with each solution (a node of each chosen option). visit returns false
// to stop. The search always unwinds what it covered, so the structure is
// as before; it returns false when it was stopped (by visit or the
// context).
func (p *Problem) search(ctx context.Context, x []int32, st *Stats, visit func([]int32) bool) bool {
	base := len(x)
	stop := false
	var i int32
	tick := st.Nodes + stopEvery
enter: // X2
	if p.links[0].next == 0 {
		if !visit(x) {
			stop = true
		}
		goto backtrack
	}
	i = p.choose() // X3
	p.cover(i, st) // X4
	x = append(x, p.nodes[i].down)
tryX: // X5
	if l := len(x) - 1; stop || x[l] == i {
		p.uncover(i) // X7
		x = x[:l]
		goto backtrack
	}
	st.Nodes++
	if st.Nodes >= tick {
		tick = st.Nodes + stopEvery
		if ctx.Err() != nil {
			stop = true
			goto tryX
		}
		if p.Progress != nil {
			p.Progress(st.Nodes)
		}
	}
	p.commit(x[len(x)-1], st)
	goto enter
backtrack: // X8, then X6
	if len(x) == base {
		return !stop
	}
	{
		l := len(x) - 1
		p.uncommit(x[l])
		i = p.nodes[x[l]].top
		x[l] = p.nodes[x[l]].down
	}
	goto tryX
}

// Enumerate calls each with every solution, as the option numbers in the
// order chosen, until each returns false. It returns the number of
// solutions given to each and the statistics; on cancellation, the count
// so far and the context's error. The problem is left as it was.
func (p *Problem) Enumerate(ctx context.Context, each func(options []int) bool) (uint64, Stats, error) {
	st := Stats{Nodes: 1, Jobs: 1} // the root
	var count uint64
	buf := []int{}
	search := func(visit func([]int32) bool) { p.run(ctx, nil, &st, visit) }
	if p.bound != nil {
		st.Nodes = 0 // Algorithm M counts the root as it enters it
		search = func(visit func([]int32) bool) { p.searchMulti(ctx, &st, visit) }
	}
	search(func(x []int32) bool {
		count++
		if each == nil {
			return true
		}
		buf = buf[:0]
		for _, n := range x {
			buf = append(buf, p.option(n))
		}
		return each(buf)
	})
	return count, st, ctx.Err()
}

// run searches from the chosen options to the end or the first stop.
func (p *Problem) run(ctx context.Context, chosen []int32, st *Stats, visit func([]int32) bool) {
	x := make([]int32, 0, p.primary+1)
	x = append(x, chosen...)
	p.search(ctx, x, st, visit)
}

// Count returns the number of solutions. With jobs > 1 the tree is cut at
// the least depth that gives each goroutine cutTasks subtrees (the top
// searched first, serially), and the subtrees are handed out in order to
// goroutines, each on its own copy of the structure; the count and the
// statistics are the serial search's.
func (p *Problem) Count(ctx context.Context, jobs int) (uint64, Stats, error) {
	if jobs <= 1 || p.bound != nil { // multiplicities: one goroutine
		return p.Enumerate(ctx, nil)
	}
	// The top of the tree, searched here: cut at the least depth that
	// gives every goroutine cutTasks subtrees, or none when it is all the
	// tree. Its nodes, updates and solutions are counted once, here.
	var tasks [][]int32
	var shallow uint64
	var root Stats
	for depth := 1; depth <= p.primary; depth++ {
		tasks, shallow, root = p.top(depth)
		if len(tasks) >= cutTasks*jobs || len(tasks) == 0 {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, root, err
	}
	var next atomic.Int64
	var total, nodes, updates atomic.Uint64
	total.Store(shallow)
	var wg sync.WaitGroup
	var caught panics.Catcher
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	workers := min(jobs, len(tasks))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(stop)
			ctx := wctx
			c := p.clone()
			var st, none Stats
			x := make([]int32, 0, c.primary+1)
			for {
				k := int(next.Add(1) - 1)
				if k >= len(tasks) || ctx.Err() != nil {
					break
				}
				// Down the task's path as the top did (counted there),
				// then the subtree below it, then back up.
				x = append(x[:0], tasks[k]...)
				for _, o := range x {
					c.cover(c.nodes[o].top, &none)
					c.commit(o, &none)
				}
				var n uint64
				c.search(ctx, x, &st, func([]int32) bool { n++; return true })
				for _, o := range slices.Backward(x) {
					c.uncommit(o)
					c.uncover(c.nodes[o].top)
				}
				total.Add(n)
			}
			nodes.Add(st.Nodes)
			updates.Add(st.Updates)
		}()
	}
	wg.Wait()
	st := Stats{Nodes: root.Nodes + nodes.Load(), Updates: root.Updates + updates.Load(), Jobs: max(workers, 1)}
	if err := caught.Err(); err != nil {
		return total.Load(), st, err
	}
	return total.Load(), st, ctx.Err()
}

// cutTasks is how many subtrees each goroutine of Count gets at least
// when the tree is big enough: enough that one long subtree does not
// leave the other goroutines idle for long.
const cutTasks = 16

// top searches the tree down to depth (the options chosen at depths 1 to
// depth) as search does and returns the paths that reach depth, each the
// nodes of its options, the solutions found above it, and the statistics
// of that search: the root, each option tried and each covering, as search
// counts them. The structure is left as it was.
func (p *Problem) top(depth int) (tasks [][]int32, solutions uint64, st Stats) {
	st.Nodes = 1 // the root
	path := make([]int32, 0, depth)
	var walk func()
	walk = func() {
		i := p.choose()
		if i == 0 {
			solutions++
			return
		}
		p.cover(i, &st)
		for x := p.nodes[i].down; x != i; x = p.nodes[x].down {
			st.Nodes++
			p.commit(x, &st)
			path = append(path, x)
			if len(path) == depth {
				tasks = append(tasks, slices.Clone(path))
			} else {
				walk()
			}
			path = path[:len(path)-1]
			p.uncommit(x)
		}
		p.uncover(i)
	}
	walk()
	return tasks, solutions, st
}

// First returns the first solution in the search order, or nil when there
// is none.
func (p *Problem) First(ctx context.Context) ([]int, Stats, error) {
	var first []int
	_, st, err := p.Enumerate(ctx, func(o []int) bool {
		first = append([]int(nil), o...)
		return false
	})
	return first, st, err
}

// FirstRandom looks for a first solution with Knuth's item choice (fewest
// options) but its ties broken at random and each item's options tried in a
// random order, restarting when a node budget runs out (it starts at the
// number of primary items plus 64 and doubles at each restart), which
// reaches a solution of large boards, N-Queens to N = 1000 among them,
// almost without backtracking. seed makes it reproducible. It returns the
// solution, or nil when the whole tree has been searched without one, with
// the nodes of all the runs and the number of restarts.
func (p *Problem) FirstRandom(ctx context.Context, seed uint64) ([]int, Stats, int, error) {
	if p.bound != nil || p.color != nil {
		// Colors and multiplicities: Knuth's order, which is complete.
		first, st, err := p.First(ctx)
		return first, st, 0, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d))
	st := Stats{Jobs: 1}
	budget := uint64(p.primary + 64)
	for restarts := 0; ; restarts++ {
		var first []int
		exhausted := p.searchRandom(ctx, rng, budget, &st, func(x []int32) {
			for _, n := range x {
				first = append(first, p.option(n))
			}
		})
		switch {
		case ctx.Err() != nil:
			return nil, st, restarts, ctx.Err()
		case first != nil:
			return first, st, restarts, nil
		case exhausted:
			return nil, st, restarts, nil
		}
		budget *= 2
	}
}

// searchRandom is Algorithm X with random tie-breaks and option order, up
// to budget nodes; it calls found with the first solution. It returns true
// when it searched the whole tree (no solution, or one found), false when
// the budget ran out first. The structure is left as it was.
func (p *Problem) searchRandom(ctx context.Context, rng *rand.Rand, budget uint64, st *Stats, found func([]int32)) bool {
	var chosen []int32
	var used uint64
	var rec func() int // 1 found, 0 searched, -1 out of budget
	rec = func() int {
		st.Nodes++
		if used++; used > budget {
			return -1
		}
		if used&0xfff == 0 && ctx.Err() != nil {
			return -1
		}
		if p.links[0].next == 0 {
			found(chosen)
			return 1
		}
		// The fewest options; ties at random (reservoir sampling).
		best, size, ties := int32(0), int32(1<<31-1), 0
		for i := p.links[0].next; i != 0; i = p.links[i].next {
			switch l := p.nodes[i].top; {
			case l < size:
				best, size, ties = i, l, 1
			case l == size:
				if ties++; rng.IntN(ties) == 0 {
					best = i
				}
			}
		}
		if size == 0 {
			return 0
		}
		p.cover(best, st)
		opts := make([]int32, 0, size)
		for x := p.nodes[best].down; x != best; x = p.nodes[x].down {
			opts = append(opts, x)
		}
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
		result := 0
		for _, x := range opts {
			p.commit(x, st)
			chosen = append(chosen, x)
			result = rec()
			chosen = chosen[:len(chosen)-1]
			p.uncommit(x)
			if result != 0 {
				break
			}
		}
		p.uncover(best)
		return result
	}
	return rec() >= 0
}
