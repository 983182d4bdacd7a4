package spackfmt

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// manyVariantsSpec is a spec file of one node with n boolean variants,
// written as Spack writes them: sorted by name, then the six flags.
func manyVariantsSpec(n int) []byte {
	return variantsSpec(n, func(i int) string { return fmt.Sprintf("v%07d", i) })
}

// variantsSpec is a spec file of one node with n boolean variants, the
// i-th named name(i), then the six flags.
func variantsSpec(n int, name func(i int) string) []byte {
	var b strings.Builder
	b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"libdwarf","version":"20130729",` +
		`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"namespace":"builtin.mock",` +
		`"parameters":{"build_system":"generic"`)
	for i := range n {
		fmt.Fprintf(&b, `,"%s":true`, name(i))
	}
	b.WriteString(`,"cflags":[],"cppflags":[],"cxxflags":[],"fflags":[],"ldflags":[],"ldlibs":[]},` +
		`"package_hash":"n7axrpelzl5kjuctt4yoaaf33gvgnik6cx7fjudwhc6hvywdrr4q====",` +
		`"hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgh"}]}}`)
	return []byte(b.String())
}

// decodeAllocs decodes data, a file named x.spec.json, and returns what
// it made and the objects and bytes Decode allocated.
func decodeAllocs(t *testing.T, data []byte) (set *Set, mallocs, bytes float64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	set, err := Decode("x.spec.json", data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	return set, float64(after.Mallocs - before.Mallocs), float64(after.TotalAlloc - before.TotalAlloc)
}

// TestManyVariantsDecodeAllocs (issue 35: a 4x input costs at most 4.4x):
// a spec of many variants found a key given twice with a map of copies
// of its keys past the 64 it scans, a malloc a key and a map that
// outgrew the caches (1.28M variants: 5x the time of 320k), and grew its
// list of variants by a quarter at a time (five times the list
// allocated). Keys in order, as Spack writes variants, are a run
// searched only for a key out of order; the lists grow by doubling. So
// decoding allocates at most one object a variant (its interned string),
// and 4x the variants at most 4.4x the bytes.
//
// The run kept each key's slice (16 bytes), and the list of variants
// doubled past what it held, both beside the node's copy: 163 bytes a
// variant, 50 MB of scratch a side at 1.28M variants, where the file is
// 20 MB (the two files of a diff decode at once: 301-328 MB peak RSS for
// Markdown). The run keeps offsets in the input (keySet), and the list
// grows in chunks of varChunk (addVariant).
//
// The chunks were then joined into the node's list, both alive at the
// end of the node, and each variant past the intern table was a string
// of its own (16 bytes for the 9 of "+v0000000"): 61 bytes and 1.0
// malloc a variant at 280k. Now the list is sized once it fills a chunk
// (membersLeft) and the variants past the table share blocks
// (variantString): 39 bytes and 0.05 mallocs a variant.
func TestManyVariantsDecodeAllocs(t *testing.T) {
	steadyIntern(t)
	measure := func(n int) (mallocs, bytes float64) {
		set, mallocs, bytes := decodeAllocs(t, manyVariantsSpec(n))
		v := set.Nodes[0].Variants
		if len(v) != n+1 || cap(v) != len(v) {
			t.Fatalf("%d variants (room for %d), want %d", len(v), cap(v), n+1)
		}
		for i, s := range v[1:] {
			if want := fmt.Sprintf("+v%07d", i); s != want {
				t.Fatalf("variant %d is %q, want %q", i+1, s, want)
			}
		}
		return mallocs, bytes
	}
	const n = 70000 // past the intern table's cap (maxInterned), a fixed cost
	m1, b1 := measure(n)
	m4, b4 := measure(4 * n)
	t.Logf("%d variants: %.0f mallocs, %.0f bytes; %d: %.0f mallocs, %.0f bytes (%.2fx)", n, m1, b1, 4*n, m4, b4, b4/b1)
	if per := m4 / (4 * n); per > 0.1 {
		t.Errorf("%d variants: %.2f mallocs a variant, want at most 0.1", 4*n, per)
	}
	if per := b4 / (4 * n); per > 48 {
		t.Errorf("%d variants: %.0f bytes allocated a variant, want at most 48", 4*n, per)
	}
	if b4/b1 > 4.4 {
		t.Errorf("4x the variants allocated %.2fx the bytes, want at most 4.4x", b4/b1)
	}
}

// TestKeySetRun: past the keys it scans, keySet's runs of keys in order
// (increasing, and decreasing) and its map of the others find every key
// given twice, whatever the order: mostly increasing (Spack's variants,
// then its flags), shuffled, or decreasing.
func TestKeySetRun(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 3))
		n := 1 + r.IntN(400)
		keys := make([][]byte, n)
		for i := range keys {
			v := i
			switch seed % 4 {
			case 1:
				v = r.IntN(n) // shuffled, with repeats
			case 2:
				v = n - i
				if seed%8 == 6 && r.IntN(8) == 0 {
					v = r.IntN(n) // decreasing, out of order now and then: the down run
				}
			case 3:
				if r.IntN(8) == 0 {
					v = r.IntN(n) // out of order now and then
				}
			}
			keys[i] = fmt.Appendf(nil, "k%04d", v)
		}
		// The keys as object gives them: slices of the input, each up
		// to its closing quote, but those written with an escape
		// (copies; the run keeps them as the text after their quote).
		var data []byte
		at := make([]int, n)
		escaped := make([]bool, n)
		for i, key := range keys {
			at[i] = len(data)
			data = append(data, '"')
			if r.IntN(16) == 0 {
				escaped[i] = true
				data = append(append(data, `\u006b`...), key[1:]...)
			} else {
				data = append(data, key...)
			}
			data = append(data, `":1,`...)
		}
		for i, key := range keys {
			if !escaped[i] {
				keys[i] = data[at[i]+1 : at[i]+1+len(key)]
			}
		}
		var k keySet
		k.reset(data)
		seen := map[string]bool{}
		for i, key := range keys {
			if got, want := k.add(key, at[i]), seen[string(key)]; got != want {
				t.Fatalf("seed %d: key %d (%s, escaped: %v): add = %v, want %v", seed, i, key, escaped[i], got, want)
			}
			seen[string(key)] = true
		}
		k.reset(data)
		if k.add(keys[0], at[0]) {
			t.Fatalf("seed %d: a key found again after reset", seed)
		}
	}
}

// reversedVariantsSpec is manyVariantsSpec with its variants in
// decreasing order: every key after the first 64 goes to keySet's map.
// Their names are their own: none interned by another test.
func reversedVariantsSpec(n int) []byte {
	return variantsSpec(n, func(i int) string { return fmt.Sprintf("r%07d", n-1-i) })
}

// TestReversedVariantsDecodeAllocs (issue 35: memory within 4x the
// input): a spec of many variants out of order, here decreasing, found
// a key given twice with keySet's map (now its down run,
// TestReversedVariantsDecodePeak). Its keys were copies, a malloc
// and 8 to 16 bytes a key beside the map's entry (1.28M variants: 328
// MB peak RSS for a 40 MB pair); they are strings over the input now.
// So decoding allocates at most one object a variant (its interned
// string) and the map's memory, and 4x the variants at most 4.4x the
// bytes; and a key given twice is still found. Its variants past the
// intern table share blocks too (variantString): 1.0 malloc a variant
// before, 0.06 now.
func TestReversedVariantsDecodeAllocs(t *testing.T) {
	steadyIntern(t)
	measure := func(n int) (mallocs, bytes float64) {
		set, mallocs, bytes := decodeAllocs(t, reversedVariantsSpec(n))
		if got := len(set.Nodes[0].Variants); got != n+1 {
			t.Fatalf("%d variants, want %d", got, n+1)
		}
		return mallocs, bytes
	}
	const n = 70000
	m1, b1 := measure(n)
	m4, b4 := measure(4 * n)
	t.Logf("%d variants: %.0f mallocs, %.0f bytes; %d: %.0f mallocs, %.0f bytes (%.2fx)", n, m1, b1, 4*n, m4, b4, b4/b1)
	if per := m4 / (4 * n); per > 0.1 {
		t.Errorf("%d variants: %.2f mallocs a variant, want at most 0.1", 4*n, per)
	}
	if b4/b1 > 4.4 {
		t.Errorf("4x the variants allocated %.2fx the bytes, want at most 4.4x", b4/b1)
	}
	twice := reversedVariantsSpec(1000)
	twice = []byte(strings.Replace(string(twice), `"r0000000":true`, `"r0000000":true,"r0000500":false`, 1))
	if _, err := Decode("x.spec.json", twice); err == nil || !strings.Contains(err.Error(), `"r0000500" is given twice`) {
		t.Errorf("a key given twice among keys out of order: %v, want it refused", err)
	}
}

// TestManyVariantsSizedList: a node of many variants whose list is
// sized from the members left (membersLeft) holds exactly its variants,
// whatever the members it leaves out (empty lists) and whatever comes
// after it; a malformed value or a variant given an object past the
// first chunk is still refused where it is, and one key given twice
// there found.
func TestManyVariantsSizedList(t *testing.T) {
	n := 3*varChunk + 17
	var b strings.Builder
	b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"a","version":"1","hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgh",` +
		`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"parameters":{`)
	var want []string
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		switch i % 5 {
		case 1:
			fmt.Fprintf(&b, `"n%07d": null`, i)
			want = append(want, fmt.Sprintf("n%07d=None", i)) // Python's None, as Spack prints it
		case 2:
			fmt.Fprintf(&b, `"o%07d":[ ]`, i)
		case 3:
			fmt.Fprintf(&b, `"l%07d":[]`, i)
		case 4:
			fmt.Fprintf(&b, `"s%07d":"a\"b"`, i)
			want = append(want, fmt.Sprintf(`s%07d='a"b'`, i)) // quoted as Spack prints it
		default:
			fmt.Fprintf(&b, `"v%07d":false`, i)
			want = append(want, fmt.Sprintf("~v%07d", i))
		}
	}
	b.WriteString(`}},{"name":"b","version":"2","hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgi","parameters":{"shared":true}}]}}`)
	set, err := Decode("x.spec.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, nd := range set.Nodes {
		if nd.Name == "b" {
			if !slices.Equal(nd.Variants, []string{"+shared"}) {
				t.Errorf("the node after: %q", nd.Variants)
			}
			continue
		}
		if !slices.Equal(nd.Variants, want) || cap(nd.Variants) != len(want) {
			t.Errorf("%d variants (room for %d), want %d", len(nd.Variants), cap(nd.Variants), len(want))
		}
	}
	bad := strings.Replace(b.String(), fmt.Sprintf(`"v%07d":false`, 2*varChunk+1), fmt.Sprintf(`"v%07d":fals`, 2*varChunk+1), 1)
	if _, err := Decode("x.spec.json", []byte(bad)); err == nil {
		t.Errorf("a malformed value past the first chunk decoded")
	}
	object := strings.Replace(b.String(), fmt.Sprintf(`"l%07d":[]`, 2*varChunk+4), fmt.Sprintf(`"l%07d":{"x":[1,{"y":"}"}]}`, 2*varChunk+4), 1)
	if _, err := Decode("x.spec.json", []byte(object)); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("parameters.l%07d: want a value, not an object", 2*varChunk+4)) {
		t.Errorf("a variant given an object past the first chunk: %v", err)
	}
	twice := strings.Replace(b.String(), fmt.Sprintf(`"v%07d":false`, 2*varChunk+1), fmt.Sprintf(`"v%07d":false,"v%07d":true`, 2*varChunk+1, varChunk+3), 1)
	if _, err := Decode("x.spec.json", []byte(twice)); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a key given twice past the first chunk: %v", err)
	}
}

// TestReversedVariantsDecodePeak (issue 35: memory within 4x the
// input): a spec of many variants in decreasing order (a file rewritten
// in reverse) found a key given twice with keySet's map of every key
// past the 64 it scans: some 40 bytes a key beside the key's 16 of
// input, alive while the node's parameters were read. One spec of 1.28M
// such variants peaked at 6.9-7.4x its input (cachediff A B --format
// json), where in order it takes the run of offsets, 4 bytes a key. The
// keys in decreasing order are a run of their own now: decoding them
// allocates what decoding them in order does, give or take a tenth.
func TestReversedVariantsDecodePeak(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are not measured under the race detector")
	}
	steadyIntern(t)
	const n = 280000
	_, _, ordered := decodeAllocs(t, variantsSpec(n, func(i int) string { return fmt.Sprintf("o%07d", i) }))
	set, _, reversed := decodeAllocs(t, reversedVariantsSpec(n))
	if got := len(set.Nodes[0].Variants); got != n+1 {
		t.Fatalf("%d variants, want %d", got, n+1)
	}
	t.Logf("%d variants: %.0f bytes allocated in order, %.0f reversed (%.2fx)", n, ordered, reversed, reversed/ordered)
	if reversed > 1.1*ordered {
		t.Errorf("%d variants in decreasing order allocated %.0f bytes, %.2fx the %.0f of the same in order: want at most 1.1x", n, reversed, reversed/ordered, ordered)
	}
}

// TestUnorderedKeysDecodePeak (issue 35: memory within 4x the input): a
// spec of many parameters neither increasing nor decreasing in byte
// order, "v0", "v1", ... ("v10" comes before "v9"), put every key past
// the runs' ends in keySet's map, some 50 bytes a key where its input
// has 13: an index of one node of 1.28M such parameters peaked at 6.5x
// its input (cachediff A B --format json), the map 100 MB of 190
// (TestManyParametersMemory in cmd/cachediff). The keys out of order are
// offsets in a table of their hashes now, 5 to 11 bytes a key, sized once
// the object's members are counted (keySet.reserve; grown by doubling,
// 1.17x): decoding them allocates at most a tenth more than decoding the
// same in order (1.06x).
func TestUnorderedKeysDecodePeak(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are not measured under the race detector")
	}
	steadyIntern(t)
	const n = 280000
	_, _, ordered := decodeAllocs(t, variantsSpec(n, func(i int) string { return fmt.Sprintf("q%07d", i) }))
	set, _, unordered := decodeAllocs(t, variantsSpec(n, func(i int) string { return fmt.Sprintf("u%d", i) }))
	if got := len(set.Nodes[0].Variants); got != n+1 {
		t.Fatalf("%d variants, want %d", got, n+1)
	}
	t.Logf("%d variants: %.0f bytes allocated in order, %.0f out of order (%.2fx)", n, ordered, unordered, unordered/ordered)
	if unordered > 1.1*ordered {
		t.Errorf("%d variants out of order allocated %.0f bytes, %.2fx the %.0f of the same in order: want at most 1.1x", n, unordered, unordered/ordered, ordered)
	}
	twice := variantsSpec(1000, func(i int) string { return fmt.Sprintf("u%d", i) })
	twice = []byte(strings.Replace(string(twice), `"u999":true`, `"u999":true,"u500":false`, 1))
	if _, err := Decode("x.spec.json", twice); err == nil || !strings.Contains(err.Error(), `"u500" is given twice`) {
		t.Errorf("a key given twice among keys out of order: %v, want it refused", err)
	}
}

// TestManyVariantsLeaveIntern (issue 35: memory within 4x the input):
// the variants of a node of many, past the first chunk, are not filed
// in the intern table: they filled it to maxInterned entries of strings
// given once, some 80 bytes each with the string, a fixed cost of 5.6 MB
// a side, 1.5x the input of a diff of two nodes of 256k parameters
// (TestManyParametersMemory in cmd/cachediff). The variants are the same.
func TestManyVariantsLeaveIntern(t *testing.T) {
	table := map[string]string{}
	withInternTable(t, table)
	const n = 100000
	set, err := Decode("x.spec.json", variantsSpec(n, func(i int) string { return fmt.Sprintf("w%07d", i) }))
	if err != nil {
		t.Fatal(err)
	}
	v := set.Nodes[0].Variants
	if len(v) != n+1 || v[1] != "+w0000000" || v[n] != fmt.Sprintf("+w%07d", n-1) {
		t.Fatalf("%d variants, %q … %q", len(v), v[1], v[len(v)-1])
	}
	if len(table) > 2*varChunk {
		t.Errorf("a node of %d variants left %d strings in the intern table, want at most %d (its first chunks)", n, len(table), 2*varChunk)
	}
}
