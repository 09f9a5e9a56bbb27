package cluster_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cluster"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
)

// TestCheckpointResume interrupts a count, damages the journal's last
// record as a crash would, and resumes: the total is exact.
func TestCheckpointResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	n := 12
	want, wantDistinct, _ := model.KnownCount(n)
	ctx, cancel := context.WithCancel(context.Background())
	stopAt := 40
	r, err := cluster.Count(ctx, n, cluster.Options{Jobs: 2, Checkpoint: path, Progress: func(done, total int) {
		if done == stopAt {
			cancel()
		}
	}})
	if err == nil || r.Done < stopAt || r.Done >= r.Units {
		t.Fatalf("interrupted run: %v, %+v", err, r)
	}
	raw, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	if len(lines) != r.Done+1 {
		t.Fatalf("journal has %d records, %d units done", len(lines)-1, r.Done)
	}
	// A crash in the middle of a write: half a record at the end.
	os.WriteFile(path, []byte(string(raw)+lines[len(lines)-1][:7]), 0o644)
	r, err = cluster.Count(context.Background(), n, cluster.Options{Jobs: 2, Checkpoint: path})
	if err != nil || r.All != want || r.Distinct != wantDistinct || r.Resumed != len(lines)-1 {
		t.Fatalf("resumed: %v %+v, want %d", err, r, want)
	}
	// Everything is in the journal now: a third run counts nothing anew.
	r, err = cluster.Count(context.Background(), n, cluster.Options{Checkpoint: path})
	if err != nil || r.All != want || r.Resumed != r.Units {
		t.Errorf("third run: %v %+v", err, r)
	}
	// A damaged record that is not the last is an error, as is a journal of
	// another count.
	raw, _ = os.ReadFile(path)
	lines = strings.Split(string(raw), "\n")
	lines[3] = strings.Replace(lines[3], " 0 ", " 1 ", 1) + "x"
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	if _, err := cluster.Count(context.Background(), n, cluster.Options{Checkpoint: path}); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("damaged middle record: %v", err)
	}
	if _, err := cluster.Count(context.Background(), 13, cluster.Options{Checkpoint: path}); err == nil || !strings.Contains(err.Error(), "another count") {
		t.Errorf("another count's journal: %v", err)
	}
	// The same N, depth and number of units, but another list of units (a
	// build whose search prunes differently): refused too.
	_, digest := counting.UnitsDigest(n, 0)
	if !strings.Contains(lines[0], "/"+digest+" ") {
		t.Fatalf("journal header %q does not name the units' digest %s", lines[0], digest)
	}
	lines[0] = strings.Replace(lines[0], digest, "0123456789abcdef", 1)
	os.WriteFile(path, []byte(strings.Join(lines[:1], "\n")+"\n"), 0o644)
	if _, err := cluster.Count(context.Background(), n, cluster.Options{Checkpoint: path}); err == nil || !strings.Contains(err.Error(), "another count") {
		t.Errorf("journal of another unit list: %v", err)
	}
}

// TestJournalLockAndEmpty: a journal in use by a running count is refused
// (flock); an empty journal, or one whose header a crash cut short, is a
// new one; a FIFO is not a journal.
func TestJournalLockAndEmpty(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	n := 12
	want, _, _ := model.KnownCount(n)
	started, release := make(chan bool), make(chan bool)
	done := make(chan error)
	go func() {
		first := true
		_, err := cluster.Count(context.Background(), n, cluster.Options{Jobs: 1, Checkpoint: path, Progress: func(d, total int) {
			if first {
				first = false
				started <- true
				<-release
			}
		}})
		done <- err
	}()
	<-started
	_, err := cluster.Count(context.Background(), n, cluster.Options{Checkpoint: path})
	if err == nil || !strings.Contains(err.Error(), "is in use by another running count") {
		t.Errorf("a second run on a journal in use: %v", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, content := range []string{"", "nqueens-checkp"} {
		os.WriteFile(path, []byte(content), 0o644)
		r, err := cluster.Count(context.Background(), n, cluster.Options{Checkpoint: path})
		if err != nil || r.All != want || r.Resumed != 0 {
			t.Errorf("journal %q: %v %+v", content, err, r)
		}
	}
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o600)
	if _, err := cluster.Count(context.Background(), n, cluster.Options{Checkpoint: fifo}); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO as journal: %v", err)
	}
}

// TestShardsMerge counts n = 13 in 5 shards and merges them; missing,
// duplicate, changed and foreign parts are refused by name.
func TestShardsMerge(t *testing.T) {
	var parts []cluster.ShardFile
	var names []string
	for i := 0; i < 5; i++ {
		r, err := cluster.Count(context.Background(), 13, cluster.Options{Shard: i, Shards: 5, Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, cluster.NewShardFile(r))
		names = append(names, "part-"+string(rune('0'+i)))
	}
	r, err := cluster.Merge(context.Background(), names, parts, cluster.MergeOptions{})
	if err != nil || r.All != 73712 || r.Distinct != 9233 {
		t.Fatalf("merge: %v %+v", err, r)
	}
	changed := append([]cluster.ShardFile(nil), parts...)
	changed[2].All++
	other, _ := cluster.Count(context.Background(), 12, cluster.Options{Shard: 1, Shards: 5})
	foreign := append([]cluster.ShardFile(nil), parts...)
	foreign[1] = cluster.NewShardFile(other)
	// Same N, depth and number of units, another list of units.
	r1, _ := cluster.Count(context.Background(), 13, cluster.Options{Shard: 1, Shards: 5})
	r1.Digest = "0123456789abcdef"
	otherUnits := append([]cluster.ShardFile(nil), parts...)
	otherUnits[1] = cluster.NewShardFile(r1)
	for _, tc := range []struct {
		names []string
		parts []cluster.ShardFile
		err   string
	}{
		{names[:4], parts[:4], "missing shards 4/5 of N = 13"},
		{append(names, "again"), append(parts, parts[3]), "shard 3/5 twice: part-3 and again"},
		{names, changed, "part-2 has been changed"},
		{names, foreign, "part-1 is of another count"},
		{names, otherUnits, "part-1 is of another count"},
	} {
		if _, err := cluster.Merge(context.Background(), tc.names, tc.parts, cluster.MergeOptions{}); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("merge: %v, want %q", err, tc.err)
		}
	}
	if _, err := cluster.Count(context.Background(), 13, cluster.Options{Shard: 5, Shards: 5}); err == nil {
		t.Error("shard 5/5 accepted")
	}
}

// TestJoinUnits: the join's count over work units resumes from its
// journal exactly (a crash's half record included), its shards merge to
// OEIS, and a journal or a shard of one method is refused by the other,
// the error saying why.
func TestJoinUnits(t *testing.T) {
	for _, n := range []int{12, 13} {
		want, _, _ := model.KnownCount(n)
		path := filepath.Join(t.TempDir(), "ck")
		ctx, cancel := context.WithCancel(context.Background())
		stopAt := 20
		r, err := cluster.Count(ctx, n, cluster.Options{Method: nqueens.Join, Jobs: 2, Checkpoint: path, Progress: func(done, total int) {
			if done == stopAt {
				cancel()
			}
		}})
		if err == nil || r.Done < stopAt || r.Done >= r.Units {
			t.Fatalf("n = %d, interrupted run: %v, %+v", n, err, r)
		}
		raw, _ := os.ReadFile(path)
		lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
		if !strings.Contains(lines[0], " method=join ") || !strings.HasPrefix(lines[1], "j ") {
			t.Fatalf("n = %d: journal %q", n, lines[:2])
		}
		os.WriteFile(path, []byte(string(raw)+lines[len(lines)-1][:5]), 0o644)
		r, err = cluster.Count(context.Background(), n, cluster.Options{Method: nqueens.Join, Jobs: 2, Checkpoint: path})
		if err != nil || r.All != want || r.Resumed != len(lines)-1 || r.HasDistinct() {
			t.Fatalf("n = %d, resumed: %v %+v, want %d", n, err, r, want)
		}
		// The constellation count does not take the join's journal.
		if _, err := cluster.Count(context.Background(), n, cluster.Options{Checkpoint: path}); err == nil || !strings.Contains(err.Error(), "another count") {
			t.Errorf("n = %d, the join's journal taken by the constellation count: %v", n, err)
		}
		// Shards.
		const m = 3
		var parts []cluster.ShardFile
		var names []string
		for i := range m {
			r, err := cluster.Count(context.Background(), n, cluster.Options{Method: nqueens.Join, Shard: i, Shards: m})
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, cluster.NewShardFile(r))
			names = append(names, fmt.Sprintf("part%d", i))
		}
		merged, err := cluster.Merge(context.Background(), names, parts, cluster.MergeOptions{})
		if err != nil || merged.All != want || merged.HasDistinct() {
			t.Fatalf("n = %d, merged: %v %+v, want %d", n, err, merged, want)
		}
		// A constellation shard among the join's is another count.
		other, err := cluster.Count(context.Background(), n, cluster.Options{Shard: 1, Shards: m, Depth: 0})
		if err != nil {
			t.Fatal(err)
		}
		mixed := append([]cluster.ShardFile{parts[0], cluster.NewShardFile(other)}, parts[2])
		if _, err := cluster.Merge(context.Background(), names, mixed, cluster.MergeOptions{}); err == nil || !strings.Contains(err.Error(), "method constellation") {
			t.Errorf("n = %d, mixed methods merged: %v", n, err)
		}
	}
	if _, err := cluster.Count(context.Background(), 12, cluster.Options{Method: nqueens.Join, Depth: 2}); err == nil {
		t.Error("a depth for the join accepted")
	}
}

// TestRecountUnits: every unit of the join, counted again by the
// constraint-propagation search on its variants (RecountUnit), adds what
// the join's unit adds, for even and odd n; together they are Q(n).
func TestRecountUnits(t *testing.T) {
	ctx := context.Background()
	top := 14
	if testing.Short() {
		top = 12
	}
	for n := counting.JoinMinN; n <= top; n++ {
		joined := map[int]uint64{}
		var mu sync.Mutex
		if _, err := counting.JoinCount(ctx, n, counting.JoinOptions{Jobs: 2, OnUnit: func(i int, r counting.JoinUnitResult) {
			mu.Lock()
			joined[i] = r.All
			mu.Unlock()
		}}); err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for i, u := range counting.JoinUnits(n) {
			got, err := cluster.RecountUnit(ctx, u)
			if err != nil {
				t.Fatalf("n = %d, unit %d: %v", n, i, err)
			}
			if got != joined[i] {
				t.Errorf("n = %d, unit %d (%s): recounted %d, the join %d", n, i, u, got, joined[i])
			}
			sum += got
		}
		if all, _, _ := model.KnownCount(n); sum != all {
			t.Errorf("n = %d: the units recounted add up to %d, Q(n) = %d", n, sum, all)
		}
	}
}

// TestShardsSpotCheck: the parts of a count of the join merge with a spot
// check of every unit; a part with one unit's count and its total
// changed is a *SpotCheckError naming it.
func TestShardsSpotCheck(t *testing.T) {
	ctx := context.Background()
	var parts []cluster.ShardFile
	var names []string
	for i := range 3 {
		r, err := cluster.Count(ctx, 12, cluster.Options{Method: nqueens.Join, Shard: i, Shards: 3})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, cluster.NewShardFile(r))
		names = append(names, fmt.Sprintf("part-%d", i))
	}
	if r, err := cluster.Merge(ctx, names, parts, cluster.MergeOptions{SpotCheck: 1000, Seed: 3}); err != nil || r.All != 14200 {
		t.Fatalf("honest parts: %v %v", r, err)
	}
	bad := parts[1]
	bad.UnitAll = append([]uint64(nil), bad.UnitAll...)
	k := 0
	for bad.UnitAll[k] == 0 {
		k++
	}
	bad.UnitAll[k]--
	bad.All--
	bad = cluster.NewShardFile(&cluster.Result{Method: nqueens.Join, N: bad.N, Shard: bad.Shard, Shards: bad.Shards, Block: bad.Block, Units: bad.Units, Total: bad.Total, Digest: bad.Digest, All: bad.All, UnitAll: bad.UnitAll})
	forged := []cluster.ShardFile{parts[0], bad, parts[2]}
	var sc *cluster.SpotCheckError
	if _, err := cluster.Merge(ctx, names, forged, cluster.MergeOptions{SpotCheck: 1000}); !errors.As(err, &sc) || sc.Part != "part-1" || sc.Index != (k/counting.JoinBlock*3+1)*counting.JoinBlock+k%counting.JoinBlock || sc.Said+1 != sc.Real {
		t.Errorf("a forged part: %v", err)
	}
	if _, err := cluster.Merge(ctx, names, forged, cluster.MergeOptions{}); err != nil {
		t.Errorf("without a spot check the forged part merges (its checksum is right): %v", err)
	}
}

// TestMergeForged: a part changed in any field, its checksum computed
// again, is refused, or caught by a spot check of every unit: a merge
// never gives another total than the true one. Among them the parts of a
// board the other parts do not describe: a list of units longer or
// shorter than the board's, another digest, a board past the join's.
func TestMergeForged(t *testing.T) {
	ctx := context.Background()
	// N = 12 (14,200 solutions); under -short, emulated, N = 9 (352).
	n, truth, shards := 12, uint64(14200), 3
	if testing.Short() {
		n, truth = 9, 352
	}
	var parts []cluster.ShardFile
	var names []string
	for i := range shards {
		r, err := cluster.Count(ctx, n, cluster.Options{Method: nqueens.Join, Shard: i, Shards: shards})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, cluster.NewShardFile(r))
		names = append(names, fmt.Sprintf("part-%d", i))
	}
	if r, err := cluster.Merge(ctx, names, parts, cluster.MergeOptions{SpotCheck: 2, Seed: 1}); err != nil || r.All != truth || r.Recounted != 2*shards {
		t.Fatalf("honest parts, 2 units a part: %+v %v", r, err)
	}
	if r, err := cluster.Merge(ctx, names, parts, cluster.MergeOptions{SpotCheck: cluster.AllUnits}); err != nil || r.All != truth || r.Recounted != parts[0].Total {
		t.Fatalf("honest parts, every unit: %+v %v", r, err)
	}
	// N = 28's list of units takes 2.4 s to make here, far longer
	// emulated (-short): N = 20's then.
	big := 28
	if testing.Short() {
		big = 20
	}
	// extend makes the list k blocks of units a shard longer (or
	// shorter), each part holding as many more as the rule gives it.
	extend := func(p *cluster.ShardFile, k int) {
		p.Total += k * shards * max(1, p.Block)
		want := shardUnits(p.Total, p.Shard, p.Shards, max(1, p.Block))
		if want < p.Units {
			p.UnitAll = p.UnitAll[:want]
		} else {
			p.UnitAll = append(p.UnitAll, make([]uint64, want-p.Units)...)
		}
		p.Units = want
	}
	for name, forge := range map[string]func(all []cluster.ShardFile){
		"a unit's count and the total": func(all []cluster.ShardFile) { all[1].UnitAll[0]++; all[1].All++ },
		"a unit's count moved":         func(all []cluster.ShardFile) { all[1].UnitAll[0]++; all[1].UnitAll[1]-- },
		"the total alone":              func(all []cluster.ShardFile) { all[1].All++ },
		"units listed past the list":   func(all []cluster.ShardFile) { extend(&all[0], 5); extend(&all[1], 5); extend(&all[2], 5) },
		"a list cut short":             func(all []cluster.ShardFile) { extend(&all[0], -1); extend(&all[1], -1); extend(&all[2], -1) },
		"another digest": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Digest = "0123456789abcdef"
			}
		},
		"N = 28, one unit of nothing": func(all []cluster.ShardFile) { forgeBoard(all, big, 1) },
		"N = 33, two units":           func(all []cluster.ShardFile) { forgeBoard(all, 33, 2) },
		"N = 13, this many units":     func(all []cluster.ShardFile) { forgeBoard(all, 13, all[0].Total) },
		"a shard of another number":   func(all []cluster.ShardFile) { all[1].Shard = 7 },
		"fewer shards": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Shards = 2
			}
		},
		"the constellation's method": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Method = ""
			}
		},
		"a depth": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Depth = 2
			}
		},
		"another version": func(all []cluster.ShardFile) { all[2].Version = "0.0.1" },
		"another format":  func(all []cluster.ShardFile) { all[2].Format = "nqueens-shard-3" },
		"one unit at a time": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Block = 0
			}
		},
		"a negative block": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Block = -16
			}
		},
		"no units' counts": func(all []cluster.ShardFile) { all[1].UnitAll = nil },
		"a negative list": func(all []cluster.ShardFile) {
			for i := range all {
				all[i].Total = -3
			}
		},
	} {
		forged := make([]cluster.ShardFile, len(parts))
		for i, p := range parts {
			p.UnitAll = append([]uint64(nil), p.UnitAll...)
			forged[i] = p
		}
		forge(forged)
		for i := range forged {
			forged[i] = cluster.Resign(forged[i])
		}
		r, err := cluster.Merge(ctx, names, forged, cluster.MergeOptions{SpotCheck: cluster.AllUnits})
		if err == nil && r.All != truth {
			t.Errorf("%s: merged to %d solutions", name, r.All)
		}
		if err == nil {
			t.Errorf("%s: merged", name)
		}
	}
}

// forgeBoard makes the parts those of a count of N = n with total units,
// the first unit of the first part holding every solution they say.
func forgeBoard(all []cluster.ShardFile, n, total int) {
	for i := range all {
		all[i].N, all[i].Total, all[i].All = n, total, 0
		all[i].Units = shardUnits(total, i, len(all), max(1, all[i].Block))
		all[i].UnitAll = make([]uint64, all[i].Units)
	}
	if len(all[0].UnitAll) > 0 {
		all[0].UnitAll[0], all[0].All = 1234567, 1234567
	}
}

// shardUnits counts the units of shard i of m, of total, taken block
// consecutive units at a time (unit k in shard (k / block) mod m).
func shardUnits(total, i, m, block int) int {
	c := 0
	for k := range total {
		if k/block%m == i {
			c++
		}
	}
	return c
}
