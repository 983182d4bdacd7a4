package spackfmt

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"weak"
)

// tinyIndex is a build-cache index of n records of the smallest kind:
// a name (unique to the record) and a version under the hash.
func tinyIndex(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"database":{"version":"8","installs":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		h := fmt.Sprintf("%032d", i)
		h = strings.Map(func(r rune) rune { return 'a' + (r - '0') }, h)
		fmt.Fprintf(&b, "\n%q:{\"spec\":{\"name\":\"p%d\",\"version\":\"1\"},\"in_buildcache\":true}", h, i)
	}
	b.WriteString("\n}}}\n")
	return []byte(b.String())
}

// decodePeak decodes data and returns the heap live at the decoder's
// high-water point (every node read, edges resolved, the hash table
// still held: the highWater hook), above the heap before the call, with
// the input counted in: a collection first, so garbage does not count.
func decodePeak(t *testing.T, data []byte) uint64 {
	t.Helper()
	var before, at runtime.MemStats
	runtime.GC()
	runtime.GC() // empty the pools: the intern table is the decoder's
	runtime.ReadMemStats(&before)
	highWater = func() {
		runtime.GC()
		runtime.ReadMemStats(&at)
	}
	defer func() { highWater = nil }()
	set, err := Decode("index.json", data)
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(set)
	peak := uint64(len(data))
	if at.HeapAlloc > before.HeapAlloc {
		peak += at.HeapAlloc - before.HeapAlloc
	}
	return peak
}

// Issue 35 item 19: an index of tiny records (a name and a version, 97
// bytes each) peaked at about 10x its bytes while loaded: the decoder's
// per-record nodes of 288 bytes and its hash table were alive while the
// specs were built. At the decoder's high-water point the heap, the
// input included, stays within 4x the input, at two sizes, and 4x the
// records peak at most 4.4x as high.
func TestTinyIndexPeak(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 80000
	}
	var peaks [2]uint64
	for i, k := range []int{n, 4 * n} {
		data := tinyIndex(k)
		peak := decodePeak(t, data)
		peaks[i] = peak
		t.Logf("%d records, %d bytes: peak %d (%.2fx)", k, len(data), peak, float64(peak)/float64(len(data)))
		if peak > 4*uint64(len(data)) {
			t.Errorf("an index of %d tiny records (%d bytes) peaks at %d bytes while decoded: over 4x", k, len(data), peak)
		}
	}
	if r := float64(peaks[1]) / float64(peaks[0]); r > 4.4 {
		t.Errorf("4x the records peak at %.2fx the bytes (%d, then %d)", r, peaks[0], peaks[1])
	}
}

// Issue 35 item 19: the file's bytes are let go once read, before the
// edges resolve and the nodes sort, where the decoding holds the most;
// held until Decode returned, they were a fifth of a tiny lockfile's
// peak. The caller here keeps no reference to them either: at the
// high-water point the bytes are unreachable. That holds too for a file
// whose nodes have parameters, or dependencies written as an object (75th
// adversarial pass): the decoder's keys of such an object, slices of the
// bytes, kept them alive, in every real index.
func TestDecodeLetsBytesGo(t *testing.T) {
	for _, tc := range []struct {
		name string
		data func() []byte
	}{
		{"tiny index", func() []byte { return tinyIndex(2000) }},
		{"index with parameters", func() []byte {
			return []byte(strings.ReplaceAll(string(tinyIndex(2000)), `"version":"1"}`, `"version":"1","parameters":{"shared":true,"libs":"a"}}`))
		}},
		{"lockfile with dependencies by name", func() []byte { return tinyLockfile(2000, 4) }},
	} {
		var bytesAlive weak.Pointer[byte]
		alive, called := false, false
		highWater = func() {
			runtime.GC()
			alive, called = bytesAlive.Value() != nil, true
		}
		decode := func() (*Set, error) {
			data := tc.data()
			bytesAlive = weak.Make(&data[0])
			return Decode("index.json", data)
		}
		set, err := decode()
		highWater = nil
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !called {
			t.Fatalf("%s: Decode never reached its high-water point", tc.name)
		}
		if alive {
			t.Errorf("%s: the file's bytes are alive at the decoder's high-water point", tc.name)
		}
		runtime.KeepAlive(set)
	}
}

// tinyLockfile is a lockfile of version v of n records of the smallest
// kind, a name (unique to the record) and a version, keyed by one hash
// and giving itself another up to version 3 (a build hash and a DAG
// hash), as Spack wrote them; one root, on which the others hang each
// from the one before (a record no root reaches is left out).
func tinyLockfile(n, v int) []byte {
	hash := func(p byte, i int) string {
		return string(p) + strings.Map(func(r rune) rune { return 'a' + (r - '0') }, fmt.Sprintf("%031d", i))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},"roots":[{"hash":%q,"spec":"p0"}],"concrete_specs":{`, v, hash('k', 0))
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		own := hash('d', i)
		if v >= 4 {
			own = hash('k', i)
		}
		deps := ""
		if i+1 < n {
			deps = fmt.Sprintf(`,"dependencies":{"p%d":{"hash":%q,"type":["link"]}}`, i+1, hash('k', i+1))
		}
		fmt.Fprintf(&b, "\n%q:{\"p%d\":{\"version\":\"1\"%s,\"hash\":%q}}", hash('k', i), i, deps, own)
	}
	b.WriteString("\n}}\n")
	return []byte(b.String())
}

// A lockfile of version 1 to 3 is read by DAG hash (dag.go), in a walk
// that numbers the records rather than filing them in maps (a tenth
// adversarial pass, issue 35): five maps of every record (by key, by DAG
// hash, seen, kept, each key's record) made a tiny version 3 lockfile's
// decoding six times as slow as a version 4 one's, and allocate 3.2
// times as much. The bytes it allocates stay within 3 times a
// version 4 file's of as many records (the rest: each record's DAG hash,
// which Spack reads it by).
func TestTinyLockfileV3Allocates(t *testing.T) {
	n := 80000
	alloc := func(v int) uint64 {
		data := tinyLockfile(n, v)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		set, err := Decode("spack.lock", data)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if len(set.Nodes) != n {
			t.Fatalf("version %d: %d nodes, want %d", v, len(set.Nodes), n)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	v3, v4 := alloc(3), alloc(4)
	t.Logf("%d tiny records: version 3 allocates %d bytes, version 4 %d (%.2fx)", n, v3, v4, float64(v3)/float64(v4))
	if v3 > 3*v4 {
		t.Errorf("%d tiny records: version 3 allocates %d bytes, over 3x version 4's %d", n, v3, v4)
	}
}
