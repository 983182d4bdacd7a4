package spackfmt

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
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
// grows in chunks of varChunk (addVariant): at most 75 bytes a variant,
// where a list grown by doubling alone takes 88.
func TestManyVariantsDecodeAllocs(t *testing.T) {
	steadyIntern(t)
	measure := func(n int) (mallocs, bytes float64) {
		set, mallocs, bytes := decodeAllocs(t, manyVariantsSpec(n))
		if got := len(set.Nodes[0].Variants); got != n+1 {
			t.Fatalf("%d variants, want %d", got, n+1)
		}
		return mallocs, bytes
	}
	const n = 70000 // past the intern table's cap (maxInterned), a fixed cost
	m1, b1 := measure(n)
	m4, b4 := measure(4 * n)
	t.Logf("%d variants: %.0f mallocs, %.0f bytes; %d: %.0f mallocs, %.0f bytes (%.2fx)", n, m1, b1, 4*n, m4, b4, b4/b1)
	if per := m4 / (4 * n); per > 1.1 {
		t.Errorf("%d variants: %.2f mallocs a variant, want at most 1.1 (its interned string)", 4*n, per)
	}
	if per := b4 / (4 * n); per > 75 {
		t.Errorf("%d variants: %.0f bytes allocated a variant, want at most 75", 4*n, per)
	}
	if b4/b1 > 4.4 {
		t.Errorf("4x the variants allocated %.2fx the bytes, want at most 4.4x", b4/b1)
	}
}

// TestKeySetRun: past the keys it scans, keySet's run of keys in order
// and its map of the others find every key given twice, whatever the
// order: mostly increasing (Spack's variants, then its flags), shuffled,
// or decreasing.
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
			case 3:
				if r.IntN(8) == 0 {
					v = r.IntN(n) // out of order now and then
				}
			}
			keys[i] = fmt.Appendf(nil, "k%04d", v)
			if r.IntN(16) == 0 {
				keys[i] = fmt.Appendf(nil, "k%04d\\", v) // a key with an escape: a copy, not a slice of the input
			}
		}
		// The keys as object gives them: slices of the input, each up
		// to its closing quote, but those with escapes (copies).
		var data []byte
		at := make([]int, n)
		for i, key := range keys {
			data = append(data, '"')
			at[i] = len(data)
			data = append(append(data, key...), `":1,`...)
		}
		for i, key := range keys {
			if key[len(key)-1] != '\\' {
				keys[i] = data[at[i] : at[i]+len(key)]
			} else {
				keys[i] = key[: len(key)-1 : len(key)-1]
			}
		}
		var k keySet
		k.reset(data)
		seen := map[string]bool{}
		for i, key := range keys {
			if got, want := k.add(key), seen[string(key)]; got != want {
				t.Fatalf("seed %d: key %d (%s): add = %v, want %v", seed, i, key, got, want)
			}
			seen[string(key)] = true
		}
		k.reset(data)
		if k.add(keys[0]) {
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
// input): a spec of many variants out of order, here decreasing, finds
// a key given twice with keySet's map. Its keys were copies, a malloc
// and 8 to 16 bytes a key beside the map's entry (1.28M variants: 328
// MB peak RSS for a 40 MB pair); they are strings over the input now.
// So decoding allocates at most one object a variant (its interned
// string) and the map's memory, and 4x the variants at most 4.4x the
// bytes; and a key given twice is still found.
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
	if per := m4 / (4 * n); per > 1.1 {
		t.Errorf("%d variants: %.2f mallocs a variant, want at most 1.1 (its interned string)", 4*n, per)
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
