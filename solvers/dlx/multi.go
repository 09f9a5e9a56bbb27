package dlx

import "context"

// Exact covering with multiplicities (Knuth's DLX3, Algorithm M of TAOCP
// 7.2.2.1): a primary item i must be covered by at least lo and at most hi
// of the chosen options. The item keeps a "bound", the number of options
// that may still cover it, and a "slack", hi - lo; it is covered when its
// bound reaches 0, and, while its bound exceeds its slack, branching on it
// removes ("tweaks") its options one by one from the top of its list.
// Colors are handled as in DLX2. This is a port of Knuth's program, step
// for step; the names follow his.

// multiState is the per-level state of Algorithm M.
type multiState struct {
	choice     int32 // the node chosen, or the item's header for a null move
	firstTweak int32 // the item's first node before tweaking, 0 if covered
}

// bestMulti is the active primary item to branch on: the one of least
// branching degree (Knuth's score l+s-b+1), with that score; score is inf
// when no primary item is active.
func (p *Problem) bestMulti() (best int32, score int32) {
	const inf = 1<<31 - 1
	score = inf
	var bestS, bestL int32
	for k := p.links[0].next; k != 0; k = p.links[k].next {
		b, s, l := p.bound[k], p.slack[k], p.nodes[k].top
		if s > b {
			s = b
		}
		t := l + s - b + 1
		if t <= score && (t < score || s < bestS || s == bestS && l > bestL) {
			score, best, bestS, bestL = t, k, s, l
		}
	}
	return best, score
}

// coverM is Knuth's cover(c, deact) of DLX3: purified nodes stay put.
func (p *Problem) coverM(c int32, deact bool, st *Stats) {
	if deact {
		l, r := p.links[c].prev, p.links[c].next
		p.links[l].next, p.links[r].prev = r, l
	}
	st.Updates++
	for rr := p.nodes[c].down; rr != c; rr = p.nodes[rr].down {
		st.Updates += p.hideColored(rr)
	}
}

func (p *Problem) uncoverM(c int32, react bool) {
	for rr := p.nodes[c].down; rr != c; rr = p.nodes[rr].down {
		p.unhideColored(rr)
	}
	if react {
		l, r := p.links[c].prev, p.links[c].next
		p.links[l].next, p.links[r].prev = c, c
	}
}

// tweak removes node n, the topmost of its item, from the item's list, and
// with block the rest of its option from the other lists too.
func (p *Problem) tweak(n int32, block bool, st *Stats) {
	nodes := p.nodes
	nn := n
	if block {
		nn = n + 1
	}
	for {
		if p.color[nn] >= 0 {
			u, d, cc := nodes[nn].up, nodes[nn].down, nodes[nn].top
			if cc <= 0 {
				nn = u
				continue
			}
			nodes[u].down, nodes[d].up = d, u
			st.Updates++
			nodes[cc].top--
		}
		if nn == n {
			break
		}
		nn++
	}
}

// untweak restores item c, whose first node was x before the tweaks.
func (p *Problem) untweak(c, x int32, unblock bool) {
	nodes := p.nodes
	z := nodes[c].down
	nodes[c].down = x
	rr, qq, k := x, c, int32(0)
	for ; rr != z; qq, rr = rr, nodes[rr].down {
		nodes[rr].up = qq
		k++
		if unblock {
			for nn := rr + 1; nn != rr; {
				if p.color[nn] >= 0 {
					u, d, cc := nodes[nn].up, nodes[nn].down, nodes[nn].top
					if cc <= 0 {
						nn = u
						continue
					}
					nodes[u].down, nodes[d].up = nn, nn
					nodes[cc].top++
				}
				nn++
			}
		}
	}
	nodes[rr].up = qq
	nodes[c].top += k
	if !unblock {
		p.uncoverM(c, false)
	}
}

// commitM covers, or partially covers, the other items of the option of
// node cur.
func (p *Problem) commitM(cur int32, st *Stats) {
	for pp := cur + 1; pp != cur; {
		cc := p.nodes[pp].top
		if cc <= 0 {
			pp = p.nodes[pp].up
			continue
		}
		switch c := p.color[pp]; {
		case int(cc) <= p.primary:
			if p.bound[cc]--; p.bound[cc] == 0 {
				p.coverM(cc, true, st)
			}
		case c == 0:
			p.coverM(cc, true, st)
		case c > 0:
			p.purify(pp, st)
		}
		pp++
	}
}

func (p *Problem) uncommitM(cur int32) {
	for pp := cur - 1; pp != cur; {
		cc := p.nodes[pp].top
		if cc <= 0 {
			pp = p.nodes[pp].down
			continue
		}
		switch c := p.color[pp]; {
		case int(cc) <= p.primary:
			if p.bound[cc] == 0 {
				p.uncoverM(cc, true)
			}
			p.bound[cc]++
		case c == 0:
			p.uncoverM(cc, true)
		case c > 0:
			p.unpurify(pp)
		}
		pp--
	}
}

// searchMulti runs Algorithm M and calls visit with the nodes of each
// solution's options; it returns false when stopped.
func (p *Problem) searchMulti(ctx context.Context, st *Stats, visit func([]int32) bool) bool {
	var levels []multiState
	var best, cur, score int32
	level := 0
	tick := st.Nodes + stopEvery
	var sol []int32
forward:
	st.Nodes++
	if st.Nodes >= tick {
		tick = st.Nodes + stopEvery
		if ctx.Err() != nil {
			return false
		}
	}
	best, score = p.bestMulti()
	if score <= 0 {
		goto backdown
	}
	if score == 1<<31-1 {
		sol = sol[:0]
		for _, s := range levels[:level] {
			if s.choice > int32(p.items) {
				sol = append(sol, s.choice)
			}
		}
		if !visit(sol) {
			return false
		}
		goto backdown
	}
	if level == len(levels) {
		levels = append(levels, multiState{})
	}
	cur = p.nodes[best].down
	levels[level] = multiState{choice: cur}
	p.bound[best]--
	if p.bound[best] == 0 && p.slack[best] == 0 {
		p.coverM(best, true, st)
	} else {
		levels[level].firstTweak = cur
		if p.bound[best] == 0 {
			p.coverM(best, true, st)
		}
	}
advance:
	switch {
	case p.bound[best] == 0 && p.slack[best] == 0:
		if cur == best {
			goto backup
		}
	case p.nodes[best].top <= p.bound[best]-p.slack[best]:
		goto backup
	case cur != best:
		p.tweak(cur, p.bound[best] != 0, st)
	case p.bound[best] != 0:
		l, r := p.links[best].prev, p.links[best].next
		p.links[l].next, p.links[r].prev = r, l // deactivate best
	}
	if cur > int32(p.items) {
		p.commitM(cur, st)
	}
	level++
	goto forward
backup:
	if p.bound[best] == 0 && p.slack[best] == 0 {
		p.uncoverM(best, true)
	} else {
		p.untweak(best, levels[level].firstTweak, p.bound[best] != 0)
	}
	p.bound[best]++
backdown:
	if level == 0 {
		return true
	}
	level--
	cur = levels[level].choice
	if cur <= int32(p.items) { // a null move: reactivate the item
		best = cur
		l, r := p.links[best].prev, p.links[best].next
		p.links[l].next, p.links[r].prev = best, best
		goto backup
	}
	best = p.nodes[cur].top
	p.uncommitM(cur)
	cur = p.nodes[cur].down
	levels[level].choice = cur
	goto advance
}
