// Package cluster runs a count of native over work units (the
// constellation count's, or the join's of quarter boards) so that a count
// can be resumed after a crash and split across machines: a
// checkpoint journal records each finished unit, a shard is every M-th
// unit, and Merge adds up the shard files once it has checked that they
// are every shard of one count, each once and unchanged.
package cluster

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/lockfile"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
)

// Work units: counting.Units(n, depth) is the deterministic list of
// subproblems of the constellation count (a border constellation, one per
// symmetry class, with the queens of its first depth inner rows), and
// counting.JoinUnits(n) that of the join (a set of east rows, one per
// symmetry class); each is made as it is read, never held; the same
// method, n, depth and toolkit version give the same list on any machine.
// A shard i of m is the units whose index is i modulo m, for the join in
// blocks of counting.JoinBlock consecutive units: unit k is in shard
// (k / block) mod m (shardRule), so that a unit of the join follows the
// one before it and reuses its quarters' lists. The two methods' lists
// have different digests, so that their shards and journals are never
// mixed.

// Options describe a resumable or sharded count.
type Options struct {
	// Method is nqueens.Constellation (the default, also for "") or
	// nqueens.Join, which counts all solutions only and has no depth.
	Method nqueens.Method
	Jobs   int
	// Depth is the number of inner rows a unit pre-places (0 to
	// counting.MaxConstellationDepth), or AutoDepth.
	Depth int
	// Shard and Shards select shard Shard (0-based) of Shards; Shards = 0
	// counts everything.
	Shard, Shards int
	// Checkpoint is the journal file ("" for none): finished units are
	// appended to it, and a run that finds it resumes from it.
	Checkpoint string
	// Progress is called with units done (resumed ones included) and total:
	// first once before any unit is counted, with the units resumed from
	// the journal (0 without one), then as units end.
	Progress func(done, total int)
}

// AutoDepth chooses the depth by the number of shards: whole
// constellations, or the smallest depth that gives every shard at least
// unitsPerShard units (constellations differ in size, and many units per
// shard even out the shards' times).
const AutoDepth = -1

const unitsPerShard = 16

// Result is the result of Count.
type Result struct {
	// Method is the counter: nqueens.Constellation or nqueens.Join. The
	// join gives All only (Distinct and ByOrbit stay 0) and Nodes is the
	// pairs of halves it tested.
	Method        nqueens.Method
	N, Depth      int
	Shard, Shards int
	// Block is how many consecutive units a shard takes at a time
	// (shardRule): counting.JoinBlock for the join, 1 for the
	// constellation count.
	Block int
	// Units is the number of units counted here (the shard's); Total the
	// number of units of the whole count; Resumed how many came from the
	// journal.
	Units, Total, Resumed int
	// Digest identifies the list of all units (counting.UnitsDigest).
	Digest string
	// Done is the number of units finished, resumed ones included.
	Done                 int
	ByOrbit              [3]uint64
	All, Distinct, Nodes uint64
	// Recounted, of a merge with a spot check, is how many units were
	// counted again, and agreed.
	Recounted int
	// UnitAll, of a shard of the join, is what each of its units added,
	// the shard's units in order (unit i is UnitAll[shardRule.local(i)]):
	// what a merge recounts a sample of (MergeOptions.SpotCheck).
	UnitAll []uint64
}

// unitRecord is what one unit adds: for the constellation count its classes
// by orbit size and nodes, for the join its solutions (All) and pairs
// tested (Nodes).
type unitRecord struct {
	ByOrbit    [3]uint64
	All, Nodes uint64
}

func (u *Result) add(r unitRecord) {
	for k := range u.ByOrbit {
		u.ByOrbit[k] += r.ByOrbit[k]
	}
	u.All += r.All
	u.Nodes += r.Nodes
}

func (u *Result) finish() {
	if u.Method == nqueens.Join {
		return // All is the sum of the units'
	}
	u.Distinct = u.ByOrbit[0] + u.ByOrbit[1] + u.ByOrbit[2]
	u.All = 2*u.ByOrbit[0] + 4*u.ByOrbit[1] + 8*u.ByOrbit[2]
}

// HasDistinct says whether the result has an essentially distinct count
// (the constellation count's; the join counts all solutions only).
func (u *Result) HasDistinct() bool { return u.Method != nqueens.Join }

// MinN is the smallest n that has work units.
const MinN = counting.ConstellationMinN

// Count runs the constellation count of n over work units, for a shard or
// all of them, recording finished units in the checkpoint journal when one
// is given and resuming from it. On cancellation the journal holds every
// finished unit and the error is the context's. Its memory does not grow
// with the number of units, only with the shard's (the journal's records).
func Count(ctx context.Context, n int, o Options) (*Result, error) {
	if ctx == nil {
		return nil, errors.New("cluster: Count was given a nil context (use context.Background())")
	}
	switch o.Method {
	case "":
		o.Method = nqueens.Constellation
	case nqueens.Constellation, nqueens.Join:
	default:
		return nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: method %s has no work units (constellation and join have)", o.Method)}
	}
	join := o.Method == nqueens.Join
	minN, maxN := MinN, counting.BitmaskMaxN
	if join {
		minN, maxN = counting.JoinMinN, counting.JoinMaxN
	}
	if n < minN || n > maxN {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: work units of %s exist for N = %d..%d, not %d", o.Method, minN, maxN, n)}
	}
	if o.Shards < 0 || o.Shards > 0 && (o.Shard < 0 || o.Shard >= o.Shards) {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: shard %d/%d does not exist (shards are 0/M .. M-1/M)", o.Shard, o.Shards)}
	}
	if join && o.Depth > 0 {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: the join's work units are sets of rows: they have no depth")}
	}
	if join {
		// Shards split the units, not the memory: a shard's is the whole
		// count's.
		c, err := nqueens.LookupCounter(nqueens.Join)
		if err != nil {
			return nil, err
		}
		if err := c.Fits(model.Classic(n), o.Jobs); err != nil {
			return nil, fmt.Errorf("%w, whatever the shard", err)
		}
	}
	if !join && o.Depth != AutoDepth && (o.Depth < 0 || o.Depth > counting.MaxConstellationDepth) {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: a work unit pre-places 0 to %d inner rows, not %d", counting.MaxConstellationDepth, o.Depth)}
	}
	var total int
	var digest string
	switch {
	case join:
		o.Depth = 0
		total, digest = counting.JoinUnitsDigest(n)
	case o.Depth == AutoDepth:
		for o.Depth = 0; ; o.Depth++ {
			total, digest = counting.UnitsDigest(n, o.Depth)
			if o.Shards == 0 || total >= unitsPerShard*o.Shards || o.Depth == counting.MaxConstellationDepth {
				break
			}
		}
	default:
		total, digest = counting.UnitsDigest(n, o.Depth)
	}
	rule := shardRule{o.Shard, o.Shards, blockOf(o.Method)}
	res := &Result{Method: o.Method, N: n, Depth: o.Depth, Shard: o.Shard, Shards: o.Shards, Block: rule.block, Total: total, Digest: digest}
	mine := rule.owns
	res.Units = total
	if o.Shards > 0 {
		if most := rule.most(total); o.Shards > most {
			more := fmt.Sprintf(", or a larger depth (at most %d)", counting.MaxConstellationDepth)
			if join {
				more = fmt.Sprintf(" (a shard takes %d consecutive units at a time)", rule.block)
			}
			return nil, &nqueens.OptionError{Err: fmt.Errorf("%d shards for %d work units: use at most %d%s", o.Shards, total, most, more)}
		}
		res.Units = rule.units(total)
	}
	var j *journal
	done := map[int]unitRecord{}
	if o.Checkpoint != "" {
		var err error
		j, done, err = openJournal(o.Checkpoint, journalHeader{Method: o.Method, N: n, Depth: o.Depth, Units: total, Digest: digest, Shard: o.Shard, Shards: o.Shards, Block: rule.block})
		if err != nil {
			return nil, err
		}
		defer j.Close()
	}
	defer func() { res.Done += res.Resumed }()
	var unitMu sync.Mutex
	if join && o.Shards > 0 {
		if err := memlimit.Check(uint64(res.Units)*8, fmt.Sprintf("the counts of the %d units of shard %d/%d", res.Units, o.Shard, o.Shards)); err != nil {
			return nil, err
		}
		res.UnitAll = make([]uint64, res.Units)
	}
	// Unit i is the shard's rule.local(i)-th (UnitAll is made for shards
	// only).
	for i, r := range done {
		res.add(r)
		res.Resumed++
		if res.UnitAll != nil {
			res.UnitAll[rule.local(i)] = r.All
		}
	}
	var werr error
	if o.Progress != nil {
		o.Progress(res.Resumed, res.Units)
	}
	todo := res.Units - res.Resumed
	if todo <= 0 {
		res.finish()
		return res, nil
	}
	take := func(i int) bool {
		if !mine(i) {
			return false
		}
		_, resumed := done[i]
		return !resumed
	}
	onUnit := func(i int, r unitRecord) {
		res.Done++
		if res.UnitAll != nil {
			unitMu.Lock()
			res.UnitAll[rule.local(i)] = r.All
			unitMu.Unlock()
		}
		if j != nil && werr == nil {
			werr = j.Append(i, r, join)
		}
	}
	progress := func(d, _ int) {
		if o.Progress != nil {
			o.Progress(res.Resumed+d, res.Units)
		}
	}
	var err error
	if join {
		var r counting.JoinResult
		r, err = counting.JoinCount(ctx, n, counting.JoinOptions{Jobs: o.Jobs, Take: take, Taken: todo, Progress: progress,
			OnUnit: func(i int, r counting.JoinUnitResult) { onUnit(i, unitRecord{All: r.All, Nodes: r.Pairs}) }})
		res.add(unitRecord{All: r.All, Nodes: r.Pairs})
	} else {
		var r counting.SymmetryCount
		r, err = counting.ConstellationCount(ctx, n, counting.ConstellationOptions{Jobs: o.Jobs, Depth: o.Depth, Take: take, Taken: todo, Progress: progress,
			OnUnit: func(i int, r counting.UnitResult) { onUnit(i, unitRecord{ByOrbit: r.ByOrbit, Nodes: r.Nodes}) }})
		res.add(unitRecord{ByOrbit: r.ByOrbit, Nodes: r.Nodes})
	}
	if j != nil {
		if cerr := j.Close(); werr == nil {
			werr = cerr
		}
	}
	if werr != nil {
		return nil, fmt.Errorf("cluster: checkpoint %s: %v", o.Checkpoint, werr)
	}
	res.finish()
	if err != nil {
		return res, err
	}
	return res, nil
}

// journalHeader identifies the count a checkpoint journal belongs to; the
// digest of the unit list (counting.UnitsDigest) ties it to the exact units,
// which a change of the search's pruning changes.
type journalHeader struct {
	Method                         nqueens.Method
	N, Depth, Units, Shard, Shards int
	Digest                         string
	// Block is the shards' block (shardRule): a header names it where it
	// is more than 1 (the join's) and the count is split (a whole count
	// takes every unit whatever the rule), which the journals of the
	// join's shards before it did not.
	Block int
}

// joinField is the field of a journal header that names the join; the
// constellation count's header has none (it is the line of the journals
// before the join).
const joinField = "method=" + string(nqueens.Join)

// line is the header line; the join's names its method (joinField).
func (h journalHeader) line() string {
	method := ""
	if h.Method == nqueens.Join {
		method = " " + joinField
	}
	block := ""
	if h.Block > 1 && h.Shards > 0 {
		block = fmt.Sprintf(" block=%d", h.Block)
	}
	return fmt.Sprintf("nqueens-checkpoint 3 version=%s%s n=%d depth=%d units=%d/%s shard=%d/%d%s", nqueens.Version, method, h.N, h.Depth, h.Units, h.Digest, h.Shard, h.Shards, block)
}

// JournalMethod is the method of the count whose checkpoint journal is at
// path, read from its header, so that the command that made it resumes it
// without naming the method again; false when there is no journal there
// with a header.
func JournalMethod(path string) (nqueens.Method, bool) {
	// Only a regular file is a journal (opening a FIFO would wait for a
	// writer); openJournal says so of anything else.
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var buf [256]byte
	k, _ := io.ReadFull(f, buf[:])
	header, _, complete := bytes.Cut(buf[:k], []byte("\n"))
	fields := strings.Fields(string(header))
	if !complete || len(fields) < 2 || fields[0] != "nqueens-checkpoint" {
		return "", false
	}
	if slices.Contains(fields, joinField) {
		return nqueens.Join, true
	}
	return nqueens.Constellation, true
}

// journal is an append-only checkpoint file: a header line, then one line
// per finished unit, "u INDEX ORBIT2 ORBIT4 ORBIT8 NODES CRC" for the
// constellation count and "j INDEX SOLUTIONS PAIRS CRC" for the join,
// where CRC is the CRC-32 (IEEE) of the line before it, in hex. A unit is
// resumed only when its whole line is there.
type journal struct {
	f      *os.File
	w      *bufio.Writer
	synced time.Time
	path   string
}

func recordText(i int, r unitRecord, join bool) string {
	if join {
		return fmt.Sprintf("j %d %d %d", i, r.All, r.Nodes)
	}
	return fmt.Sprintf("u %d %d %d %d %d", i, r.ByOrbit[0], r.ByOrbit[1], r.ByOrbit[2], r.Nodes)
}

// openJournal opens the checkpoint at path for the count h, creating it,
// or reading back the units it holds, and locks it (flock) for this run: a
// second run on the same journal is refused. A journal without a complete
// header (a crash right after creating it) counts as new. A damaged last
// record (a crash in the middle of a write) is cut off, to be counted
// again; damage anywhere else, a record for a unit twice with different
// values, or a header of another count is an error. Only a regular file
// is a journal.
func openJournal(path string, h journalHeader) (*journal, map[int]unitRecord, error) {
	f, err := lockfile.Open(path)
	var pe *fs.PathError
	switch {
	case errors.Is(err, lockfile.ErrBusy):
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: checkpoint %s is in use by another running count", path)}
	case errors.As(err, &pe):
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: checkpoint %s: %v", path, pe.Err)}
	case err != nil:
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("cluster: checkpoint %s is %v", path, err)}
	}
	fail := func(err error) (*journal, map[int]unitRecord, error) {
		f.Close()
		return nil, nil, err
	}
	raw, err := io.ReadAll(f)
	if err != nil {
		return fail(fmt.Errorf("cluster: checkpoint %s: %v", path, err))
	}
	done, good, err := readJournal(raw, h, path)
	switch {
	case err != nil:
		return fail(err)
	case good == 0:
		// Empty, or a header cut short: a new journal.
		if err := f.Truncate(0); err != nil {
			return fail(err)
		}
		if _, err := f.WriteAt([]byte(h.line()+"\n"), 0); err != nil {
			return fail(err)
		}
		if err := f.Sync(); err != nil {
			return fail(err)
		}
		good = len(h.line()) + 1
	default:
		if err := f.Truncate(int64(good)); err != nil {
			return fail(err)
		}
	}
	if _, err := f.Seek(int64(good), io.SeekStart); err != nil {
		return fail(err)
	}
	return &journal{f: f, w: bufio.NewWriter(f), synced: time.Now(), path: path}, done, nil
}

// readJournal reads the content of the journal at path for the count h: the
// units it holds and the number of its bytes that are sound (0 when it has
// no complete header and is to be started anew).
func readJournal(raw []byte, h journalHeader, path string) (map[int]unitRecord, int, error) {
	done := map[int]unitRecord{}
	bad := func(line int, format string, a ...any) error {
		return &nqueens.OptionError{Err: fmt.Errorf("cluster: checkpoint %s, line %d: %s", path, line, fmt.Sprintf(format, a...))}
	}
	header, rest, complete := bytes.Cut(raw, []byte("\n"))
	switch {
	case !complete && bytes.HasPrefix([]byte(h.line()), header):
		return done, 0, nil
	case !complete:
		return nil, 0, bad(1, "no complete header line")
	case string(header) != h.line():
		if old := h; h.Block > 1 && h.Shards > 0 {
			if old.Block = 1; string(header) == old.line() {
				return nil, 0, bad(1, "the journal is of this shard as an earlier build took its units, one in every %d, where this one takes %d consecutive units at a time: finish it with that build, or remove the journal to count the shard anew", h.Shards, h.Block)
			}
		}
		return nil, 0, bad(1, "the journal is of another count: %q, this run is %q", header, h.line())
	}
	good := len(header) + 1
	lines := bytes.SplitAfter(rest, []byte("\n"))
	for k, l := range lines {
		if len(l) == 0 {
			continue
		}
		last := k == len(lines)-1 || k == len(lines)-2 && len(lines[len(lines)-1]) == 0
		i, r, problem := parseRecord(l, h.Units, h.Method == nqueens.Join)
		if problem != "" {
			if last {
				break // a write cut short: drop it, the unit is counted again
			}
			return nil, 0, bad(k+2, "%s", problem)
		}
		if prev, dup := done[i]; dup && prev != r {
			return nil, 0, bad(k+2, "unit %d recorded twice with different counts", i)
		}
		if h.Shards > 0 && i%h.Shards != h.Shard {
			return nil, 0, bad(k+2, "unit %d is not in shard %d/%d", i, h.Shard, h.Shards)
		}
		done[i] = r
		good += len(l)
	}
	return done, good, nil
}

// parseRecord reads one unit record of a journal (of the join's when join
// is set); problem says what is wrong with it, "" when nothing is.
func parseRecord(l []byte, units int, join bool) (unit int, r unitRecord, problem string) {
	if !bytes.HasSuffix(l, []byte("\n")) {
		return 0, r, "record without its line end"
	}
	f := strings.Fields(string(l))
	tag, fields := "u", 7
	if join {
		tag, fields = "j", 5
	}
	if len(f) != fields || f[0] != tag {
		return 0, r, fmt.Sprintf("not a unit record: %q", strings.TrimSpace(string(l)))
	}
	body := strings.Join(f[:fields-1], " ")
	if want := fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(body))); f[fields-1] != want {
		return 0, r, fmt.Sprintf("checksum %s, the record gives %s", want, f[fields-1])
	}
	nums := make([]uint64, fields-2)
	for k := range nums {
		v, err := strconv.ParseUint(f[k+1], 10, 64)
		if err != nil {
			return 0, r, fmt.Sprintf("%q is not a count", f[k+1])
		}
		nums[k] = v
	}
	if nums[0] >= uint64(units) {
		return 0, r, fmt.Sprintf("unit %d of %d", nums[0], units)
	}
	if join {
		r.All, r.Nodes = nums[1], nums[2]
	} else {
		r.ByOrbit = [3]uint64{nums[1], nums[2], nums[3]}
		r.Nodes = nums[4]
	}
	return int(nums[0]), r, ""
}

// journalSync is how often a journal's new records reach the disk. A
// sync per record would cost more than most of the join's units (tens of
// microseconds each, a sync about a millisecond here); a crash loses the
// records of the last moments, whose units are counted again.
const journalSync = time.Second

// Append records a finished unit; its line reaches the file and the disk
// within journalSync, or at Close.
func (j *journal) Append(i int, r unitRecord, join bool) error {
	body := recordText(i, r, join)
	if _, err := fmt.Fprintf(j.w, "%s %08x\n", body, crc32.ChecksumIEEE([]byte(body))); err != nil {
		return err
	}
	if time.Since(j.synced) >= journalSync {
		return j.sync()
	}
	return nil
}

// sync writes the buffered records and syncs the file.
func (j *journal) sync() error {
	j.synced = time.Now()
	if err := j.w.Flush(); err != nil {
		return err
	}
	return j.f.Sync()
}

// Close writes and syncs the records not yet on disk, and closes the file;
// a second call does nothing.
func (j *journal) Close() error {
	if j.f == nil {
		return nil
	}
	err := j.sync()
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	j.f = nil
	return err
}

// ShardFile is the result of one shard, as a sharded count writes it and
// Merge reads it.
type ShardFile struct {
	Format  string `json:"format"`
	Version string `json:"version"`
	// Method is "join" for the join's shards, empty for the constellation
	// count's (as before the join).
	Method string `json:"method,omitempty"`
	N      int    `json:"n"`
	Depth  int    `json:"depth"`
	Total  int    `json:"units_total"`
	Digest string `json:"units_digest"`
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
	// Block is how many consecutive units a shard takes at a time: unit
	// k is in shard (k / Block) mod Shards. It is absent for 1: the
	// constellation count's parts, and the join's written before its
	// shards took blocks.
	Block    int       `json:"block,omitempty"`
	Units    int       `json:"units"`
	ByOrbit  [3]uint64 `json:"by_orbit"`
	All      uint64    `json:"all"`
	Distinct uint64    `json:"distinct"`
	Nodes    uint64    `json:"nodes"`
	// UnitAll, of the join's shards, is what each unit of the shard added,
	// in order: their sum is All, and a merge recounts a sample of them
	// by another method (MergeOptions.SpotCheck).
	UnitAll  []uint64 `json:"unit_all,omitempty"`
	Checksum string   `json:"checksum"`
}

const shardFormat = "nqueens-shard-4"

// block is the part's Block, 1 where it is absent.
func (s ShardFile) block() int { return max(1, s.Block) }

// rule is the part's shard rule.
func (s ShardFile) rule() shardRule { return shardRule{s.Shard, s.Shards, s.block()} }

func (s ShardFile) sum() string {
	s.Checksum = ""
	b, _ := json.Marshal(s)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// NewShardFile describes a finished shard, with its checksum.
func NewShardFile(u *Result) ShardFile {
	method := ""
	if u.Method == nqueens.Join {
		method = string(nqueens.Join)
	}
	block := u.Block
	if block == 1 {
		block = 0
	}
	s := ShardFile{Format: shardFormat, Version: nqueens.Version, Method: method, N: u.N, Depth: u.Depth, Total: u.Total, Digest: u.Digest, Shard: u.Shard,
		Shards: u.Shards, Block: block, Units: u.Units, ByOrbit: u.ByOrbit, All: u.All, Distinct: u.Distinct, Nodes: u.Nodes, UnitAll: u.UnitAll}
	s.Checksum = s.sum()
	return s
}

// MergeOptions shape Merge.
type MergeOptions struct {
	// SpotCheck is how many units of each part of the join to count again
	// by the constraint-propagation search (RecountUnit), drawn at random
	// (Seed); 0 for none, AllUnits for every unit. A check of K of a
	// part's U units catches a fault that touches many units; one forged
	// unit it misses with probability 1 - K/U.
	SpotCheck int
	// Seed draws the units of the spot check: the same seed, the same
	// units.
	Seed uint64
	// Progress, if set, is told of the units recounted and their total.
	Progress func(done, total int)
}

// AllUnits, as MergeOptions.SpotCheck, recounts every unit of every part.
const AllUnits = math.MaxInt

// SpotCheckError is a unit of a part whose count a spot check found
// false: the part, the unit, what it says and what the recount gives.
type SpotCheckError struct {
	Part       string
	Index      int
	Unit       counting.JoinUnit
	Said, Real uint64
}

func (e *SpotCheckError) Error() string {
	return fmt.Sprintf("cluster: %s: unit %d (%s) says %d, the constraint-propagation search counts %d: the part is wrong, nothing merged", e.Part, e.Index, e.Unit, e.Said, e.Real)
}

// Merge checks that the parts are every shard of one count, each once and
// unchanged, and of the list of units that this build makes for their
// method, N and depth (its length and digest), and adds them up. names
// name the parts in messages. Parts that are not that are bad input
// (*nqueens.OptionError). A part of the join must list its units' counts,
// which must add up to its own (a sum that differs is bad input too); with
// o.SpotCheck, a sample of its units is counted again by another method
// (RecountUnit), and one that differs is a *SpotCheckError naming the part
// and unit.
func Merge(ctx context.Context, names []string, parts []ShardFile, o MergeOptions) (*Result, error) {
	if ctx == nil {
		return nil, errors.New("cluster: Merge was given a nil context (use context.Background())")
	}
	bad := func(format string, a ...any) error {
		return &nqueens.OptionError{Err: fmt.Errorf(format, a...)}
	}
	if len(parts) == 0 {
		return nil, bad("cluster: no parts")
	}
	first := parts[0]
	seen := map[int]string{}
	res := &Result{Method: nqueens.Constellation, N: first.N, Depth: first.Depth, Shards: first.Shards, Block: first.block(), Total: first.Total, Digest: first.Digest}
	if first.Method == string(nqueens.Join) {
		res.Method = nqueens.Join
	}
	methodName := func(m string) string {
		if m == "" {
			return string(nqueens.Constellation)
		}
		return m
	}
	for k, p := range parts {
		name := names[k]
		switch {
		case p.Format != shardFormat:
			return nil, bad("cluster: %s is not a shard file (format %q)", name, p.Format)
		case p.Checksum != p.sum():
			return nil, bad("cluster: %s has been changed (its checksum does not match)", name)
		case p.Method != "" && p.Method != string(nqueens.Join):
			return nil, bad("cluster: %s names method %q, which has no shards", name, p.Method)
		case p.Version != first.Version || p.Method != first.Method || p.N != first.N || p.Depth != first.Depth || p.Shards != first.Shards || p.Total != first.Total || p.Digest != first.Digest:
			return nil, bad("cluster: %s is of another count (version %s, method %s, N = %d, depth %d, %d shards, units %d/%s) than %s (version %s, method %s, N = %d, depth %d, %d shards, units %d/%s)",
				name, p.Version, methodName(p.Method), p.N, p.Depth, p.Shards, p.Total, p.Digest, names[0], first.Version, methodName(first.Method), first.N, first.Depth, first.Shards, first.Total, first.Digest)
		case p.Block < 0:
			return nil, bad("cluster: %s says its shard takes %d units at a time", name, p.Block)
		case p.block() != first.block():
			return nil, bad("cluster: %s takes its units %d at a time and %s %d: parts of two builds (a shard of the join takes %d consecutive units at a time, where it took one before); count the shards again with one build", name, p.block(), names[0], first.block(), counting.JoinBlock)
		case p.Shards < 1 || p.Shard < 0 || p.Shard >= p.Shards:
			return nil, bad("cluster: %s claims shard %d of %d", name, p.Shard, p.Shards)
		case p.Total < 0:
			return nil, bad("cluster: %s says the count has %d units", name, p.Total)
		}
		if other, dup := seen[p.Shard]; dup {
			return nil, bad("cluster: shard %d/%d twice: %s and %s", p.Shard, p.Shards, other, name)
		}
		if want := p.rule().units(p.Total); p.Units != want {
			return nil, bad("cluster: %s counts %d units, shard %d/%d has %d", name, p.Units, p.Shard, p.Shards, want)
		}
		if p.Method == string(nqueens.Join) {
			var sum uint64
			for _, a := range p.UnitAll {
				sum += a
			}
			switch {
			case len(p.UnitAll) != p.Units:
				return nil, bad("cluster: %s lists %d units' counts, its shard has %d units", name, len(p.UnitAll), p.Units)
			case sum != p.All:
				return nil, bad("cluster: %s says %d solutions, its units add up to %d", name, p.All, sum)
			}
		} else if p.UnitAll != nil {
			return nil, bad("cluster: %s lists units' counts, which only the join's parts do", name)
		}
		seen[p.Shard] = name
		for i := range res.ByOrbit {
			res.ByOrbit[i] += p.ByOrbit[i]
		}
		if res.Method == nqueens.Join {
			res.All += p.All
		}
		res.Nodes += p.Nodes
		res.Units += p.Units
	}
	var missing []string
	for i := 0; i < first.Shards; i++ {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, bad("cluster: missing shards %s of N = %d", strings.Join(missing, ", "), first.N)
	}
	// The parts agree with each other; the first is now held to the list
	// of units of its method, N and depth, as this build makes it, which
	// ties them all to the board.
	minN, maxN, maxDepth := MinN, counting.BitmaskMaxN, counting.MaxConstellationDepth
	if res.Method == nqueens.Join {
		minN, maxN, maxDepth = counting.JoinMinN, counting.JoinMaxN, 0
	}
	if first.N < minN || first.N > maxN || first.Depth < 0 || first.Depth > maxDepth {
		return nil, bad("cluster: %s is of N = %d, depth %d, which has no work units of %s (N = %d..%d, depth 0..%d)", names[0], first.N, first.Depth, res.Method, minN, maxN, maxDepth)
	}
	total, digest := counting.JoinUnitsDigest(first.N)
	if res.Method != nqueens.Join {
		total, digest = counting.UnitsDigest(first.N, first.Depth)
	}
	if first.Total != total || first.Digest != digest {
		return nil, bad("cluster: the parts say the count of N = %d has %d units (digest %s), but its list has %d (digest %s): parts of another build, or forged", first.N, first.Total, first.Digest, total, digest)
	}
	if o.SpotCheck > 0 {
		if res.Method != nqueens.Join {
			return nil, bad("cluster: a spot check recounts units of the join: the constellation count's parts (N = %d) have no variant to count again", first.N)
		}
		n, err := spotCheck(ctx, names, parts, o)
		if err != nil {
			return nil, err
		}
		res.Recounted = n
	}
	res.finish()
	return res, nil
}

// shardUnits is the number of units of shard i of m of a list of total.
func shardUnits(total, i, m int) int {
	if i >= total {
		return 0
	}
	return (total-i-1)/m + 1
}

// shardRule says which units shard of shards holds: unit k is in shard
// (k / block) mod shards, block consecutive units at a time. The join's
// shards take counting.JoinBlock (a unit that follows the one before it
// reuses its quarters' lists: the units of a shard taken one in every
// shards took 1.2 times as long at n = 23 and 25), the constellation
// count's 1 (its units share nothing).
type shardRule struct{ shard, shards, block int }

// blockOf is the block of the shards of method m.
func blockOf(m nqueens.Method) int {
	if m == nqueens.Join {
		return counting.JoinBlock
	}
	return 1
}

// owns says whether unit k is the shard's (every unit, without shards).
func (r shardRule) owns(k int) bool { return r.shards == 0 || r.of(k) == r.shard }

// of is the shard that holds unit k.
func (r shardRule) of(k int) int { return k / r.block % r.shards }

// local is the place of unit k among the shard's units, in order.
func (r shardRule) local(k int) int { return k/r.block/r.shards*r.block + k%r.block }

// global is the unit at place i among the shard's units (local's inverse).
func (r shardRule) global(i int) int { return (i/r.block*r.shards+r.shard)*r.block + i%r.block }

// most is the most shards that a count of total units has: one block
// each.
func (r shardRule) most(total int) int { return (total + r.block - 1) / r.block }

// units is the number of units of the shard, of total.
func (r shardRule) units(total int) int {
	if r.shards == 0 {
		return total
	}
	blocks := r.most(total)
	k := shardUnits(blocks, r.shard, r.shards) * r.block
	if last := blocks - 1; last >= 0 && last%r.shards == r.shard {
		k -= blocks*r.block - total // the last block is short
	}
	return k
}

// spotCheck recounts o.SpotCheck units of each part (every unit, for
// AllUnits), drawn with o.Seed, on every core, as the list of units is
// made, and compares each with what its part says; the first unit that
// differs is the error. It returns the number of units recounted.
func spotCheck(ctx context.Context, names []string, parts []ShardFile, o MergeOptions) (int, error) {
	byShard := make(map[int]int, len(parts))
	for pi, p := range parts {
		byShard[p.Shard] = pi
	}
	// The draw: every unit, or K of each part's (the same seed, the same
	// units); picked[i] says whether unit i is recounted.
	all := true
	for _, p := range parts {
		all = all && o.SpotCheck >= p.Units
	}
	total := 0
	picked := map[int]bool{}
	if all {
		total = parts[0].Total
	} else {
		if err := memlimit.Check(uint64(o.SpotCheck)*uint64(len(parts))*64, fmt.Sprintf("the units of a spot check of %d a part", o.SpotCheck)); err != nil {
			return 0, &nqueens.OptionError{Err: err}
		}
		rng := rand.New(rand.NewPCG(o.Seed, 0x5eed))
		for _, p := range parts {
			rule := p.rule()
			for _, k := range sample(rng, p.Units, o.SpotCheck) {
				picked[rule.global(k)] = true
			}
			total += min(o.SpotCheck, p.Units)
		}
	}
	if o.Progress != nil {
		o.Progress(0, total)
	}
	type pick struct {
		index int
		unit  counting.JoinUnit
	}
	feed := make(chan pick)
	var mu sync.Mutex
	var first error
	done := 0
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Which part holds a unit, and where: the parts share Shards and
	// Block (Merge), so one part's rule says it for all.
	rule := parts[0].rule()
	var wg sync.WaitGroup
	for range min(runtime.NumCPU(), max(total, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pk := range feed {
				got, err := RecountUnit(ctx, pk.unit)
				pi := byShard[rule.of(pk.index)]
				said := parts[pi].UnitAll[rule.local(pk.index)]
				mu.Lock()
				switch {
				case first != nil:
				case err != nil:
					first = fmt.Errorf("cluster: recounting unit %d of %s: %w", pk.index, names[pi], err)
					cancel()
				case got != said:
					first = &SpotCheckError{Part: names[pi], Index: pk.index, Unit: pk.unit, Said: said, Real: got}
					cancel()
				default:
					done++
					if o.Progress != nil {
						o.Progress(done, total)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i, u := range counting.JoinUnits(parts[0].N) {
		if !all && !picked[i] {
			continue
		}
		select {
		case feed <- pick{i, u}:
			continue
		case <-ctx.Done():
		}
		break
	}
	close(feed)
	wg.Wait()
	if first != nil {
		return done, first
	}
	return done, ctx.Err()
}

// sample draws k distinct numbers of 0..n-1 (all of them when k >= n), in
// memory of k, not n (Floyd's algorithm).
func sample(rng *rand.Rand, n, k int) []int {
	if k >= n {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	chosen := make(map[int]bool, k)
	out := make([]int, 0, k)
	for j := n - k; j < n; j++ {
		t := rng.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
		out = append(out, t)
	}
	return out
}

// maxShardFile caps what ReadShardFile reads: a shard file is a few
// hundred bytes, and a join's its units' counts, 21 bytes at most each.
const maxShardFile = 1 << 30

// ReadShardFile reads a shard file strictly: one JSON object with exactly
// the fields of ShardFile and nothing after it. A file that is not that is
// bad input (*nqueens.OptionError).
func ReadShardFile(path string) (ShardFile, error) {
	var s ShardFile
	raw, err := textio.ReadFile(path, maxShardFile)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if err != nil {
		return s, &nqueens.OptionError{Err: fmt.Errorf("cluster: cannot read %s: %v", path, err)}
	}
	return decodeShard(raw, path)
}

// decodeShard reads the bytes of a shard file named name.
func decodeShard(raw []byte, name string) (ShardFile, error) {
	var s ShardFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, &nqueens.OptionError{Err: fmt.Errorf("cluster: %s is not a shard file: %v", name, err)}
	}
	if rest := bytes.TrimSpace(raw[dec.InputOffset():]); len(rest) > 0 {
		return s, &nqueens.OptionError{Err: fmt.Errorf("cluster: %s is not a shard file: text after its JSON object", name)}
	}
	return s, nil
}
