package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/native/counting"
)

// TestShardRule holds the rule over every count of 0 to 70 units, every
// number of shards up to one a block, and blocks of 1, 2, 3 and 16: each
// unit is in exactly one shard, which counts it, and a shard's units are
// in order at the places local gives them, which global undoes.
func TestShardRule(t *testing.T) {
	for _, block := range []int{1, 2, 3, 16} {
		for total := 0; total <= 70; total++ {
			most := shardRule{0, 1, block}.most(total)
			for shards := 1; shards <= max(1, most); shards++ {
				seen := make([]int, total)
				for shard := range shards {
					r := shardRule{shard, shards, block}
					k := 0
					for i := range total {
						if !r.owns(i) {
							continue
						}
						seen[i]++
						if r.of(i) != shard || r.local(i) != k || r.global(k) != i {
							t.Fatalf("block %d, %d units, shard %d/%d: unit %d is of %d, at %d (want %d), global(%d) = %d",
								block, total, shard, shards, i, r.of(i), r.local(i), k, k, r.global(k))
						}
						k++
					}
					if got := r.units(total); got != k {
						t.Fatalf("block %d, %d units, shard %d/%d: units() = %d, it holds %d", block, total, shard, shards, got, k)
					}
					if total > 0 && k == 0 {
						t.Fatalf("block %d, %d units, shard %d/%d of at most %d: empty", block, total, shard, shards, most)
					}
				}
				for i, c := range seen {
					if c != 1 {
						t.Fatalf("block %d, %d units, %d shards: unit %d in %d shards", block, total, shards, i, c)
					}
				}
			}
		}
	}
}

// TestShardsBefore: the parts of the join written before its shards took
// blocks (no "block": one unit at a time, unit k in shard k mod M) still
// merge, spot check included; mixed with a part of blocks they are
// refused; and a journal of such a shard is refused with a line that
// says why.
func TestShardsBefore(t *testing.T) {
	ctx := context.Background()
	const n, m = 12, 3
	var units []uint64
	if _, err := counting.JoinCount(ctx, n, counting.JoinOptions{Jobs: 1, OnUnit: func(i int, r counting.JoinUnitResult) {
		for len(units) <= i {
			units = append(units, 0)
		}
		units[i] = r.All
	}}); err != nil {
		t.Fatal(err)
	}
	total, digest := counting.JoinUnitsDigest(n)
	var parts []ShardFile
	var names []string
	for s := range m {
		r := &Result{Method: nqueens.Join, N: n, Shard: s, Shards: m, Total: total, Digest: digest}
		for i := s; i < total; i += m {
			r.UnitAll = append(r.UnitAll, units[i])
			r.All += units[i]
			r.Units++
		}
		p := NewShardFile(r)
		if raw, err := json.Marshal(p); err != nil || p.Block != 0 || strings.Contains(string(raw), "block") {
			t.Fatalf("a part of one unit at a time names its block: %+v", p)
		}
		parts = append(parts, p)
		names = append(names, fmt.Sprintf("old-%d", s))
	}
	merged, err := Merge(ctx, names, parts, MergeOptions{SpotCheck: AllUnits})
	if err != nil || merged.All != 14200 || merged.Recounted != total {
		t.Fatalf("the parts of one unit at a time: %v %+v", err, merged)
	}
	now, err := Count(ctx, n, Options{Method: nqueens.Join, Shard: 1, Shards: m})
	if err != nil || now.Block != counting.JoinBlock {
		t.Fatalf("a shard now: %v %+v", err, now)
	}
	mixed := []ShardFile{parts[0], NewShardFile(now), parts[2]}
	if _, err := Merge(ctx, names, mixed, MergeOptions{}); err == nil || !strings.Contains(err.Error(), "parts of two builds") {
		t.Errorf("parts of both rules merged: %v", err)
	}
	// A journal of the shard as the build before took it.
	path := filepath.Join(t.TempDir(), "j")
	h := journalHeader{Method: nqueens.Join, N: n, Units: total, Digest: digest, Shard: 1, Shards: m, Block: 1}
	if err := os.WriteFile(path, []byte(h.line()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Count(ctx, n, Options{Method: nqueens.Join, Shard: 1, Shards: m, Checkpoint: path})
	var oe *nqueens.OptionError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), "an earlier build took its units, one in every 3") {
		t.Errorf("a journal of one unit at a time: %v", err)
	}
	// A journal of the whole count, which no rule splits, resumes as it
	// did: its header names no block.
	whole := filepath.Join(t.TempDir(), "whole")
	h = journalHeader{Method: nqueens.Join, N: n, Units: total, Digest: digest, Block: 1}
	if err := os.WriteFile(whole, []byte(h.line()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := Count(ctx, n, Options{Method: nqueens.Join, Checkpoint: whole}); err != nil || r.All != 14200 {
		t.Errorf("a journal of the whole count: %v %+v", err, r)
	}
	if raw, _ := os.ReadFile(whole); strings.Contains(strings.SplitN(string(raw), "\n", 2)[0], "block") {
		t.Errorf("the whole count's journal names a block: %q", strings.SplitN(string(raw), "\n", 2)[0])
	}
}
