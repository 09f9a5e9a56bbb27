package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"reflect"
	"testing"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/native/counting"
)

func record(i int, r counting.UnitResult) string {
	body := recordText(i, unitRecord{ByOrbit: r.ByOrbit, Nodes: r.Nodes}, false)
	return fmt.Sprintf("%s %08x\n", body, crc32.ChecksumIEEE([]byte(body)))
}

// FuzzReadJournal: any content is read without a panic; what is accepted
// names units of the count only, and its sound prefix reads back the same.
func FuzzReadJournal(f *testing.F) {
	h := journalHeader{N: 12, Depth: 3, Units: 40, Digest: "0123456789abcdef"}
	head := h.line() + "\n"
	f.Add([]byte(head))
	f.Add([]byte(""))
	f.Add([]byte(head[:10]))
	f.Add([]byte(head + record(3, counting.UnitResult{ByOrbit: [3]uint64{1, 2, 3}, Nodes: 9}) + record(7, counting.UnitResult{Nodes: 1})))
	f.Add([]byte(head + record(3, counting.UnitResult{Nodes: 2}) + "u 4 1 1"))
	f.Add([]byte(head + "u 99 0 0 0 0 00000000\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		done, good, err := readJournal(raw, h, "fuzz")
		if err != nil {
			if !errors.As(err, new(*nqueens.OptionError)) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if good > len(raw) {
			t.Fatalf("%d sound bytes of %d", good, len(raw))
		}
		for i := range done {
			if i < 0 || i >= h.Units {
				t.Fatalf("unit %d of %d", i, h.Units)
			}
		}
		if good == 0 {
			return
		}
		again, good2, err := readJournal(raw[:good], h, "fuzz")
		if err != nil || good2 != good || !reflect.DeepEqual(again, done) {
			t.Fatalf("the sound prefix reads differently: %v, %d of %d", err, good2, good)
		}
	})
}

// FuzzDecodeShard: any content is read without a panic, refused as bad
// input or read as a shard file that encodes back to the same value.
func FuzzDecodeShard(f *testing.F) {
	good := NewShardFile(&Result{N: 13, Depth: 3, Shard: 1, Shards: 5, Units: 20, Total: 99, Digest: "abc", ByOrbit: [3]uint64{1, 2, 3}})
	raw, _ := json.Marshal(good)
	f.Add(raw)
	f.Add(append(append([]byte(nil), raw...), []byte(" {}")...))
	f.Add([]byte(`{"format":"nqueens-shard-2","extra":1}`))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := decodeShard(raw, "fuzz")
		if err != nil {
			if !errors.As(err, new(*nqueens.OptionError)) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		again, _ := json.Marshal(s)
		s2, err := decodeShard(again, "fuzz")
		if err != nil || !reflect.DeepEqual(s2, s) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
