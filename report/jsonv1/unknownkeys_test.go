package jsonv1

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// withUnknownKeys is report data with n keys no cachediff/v1 field has,
// each of a number, before its first field: keys a newer cachediff might
// add, which render skips, but must still find twice.
func withUnknownKeys(data []byte, n int) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := range n {
		fmt.Fprintf(&b, `"_%x":0,`, i)
	}
	b.Write(data[1:])
	return b.Bytes()
}

// TestUnknownKeysBytesPerKey (issue 35 class c): render finds a key of
// an object written twice without a map of the keys it does not know (a
// string and a map entry a key, 75 bytes allocated): a report of 1.6M
// such keys of four letters (16 MB) peaked at 6.3x its JSON. The walk
// keeps their offsets, as a counts object's (countKeys). 4x the keys
// allocate at most 4.4x the bytes.
func TestUnknownKeysBytesPerKey(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	base := jsonOf(t, fullReportOf(t, 18, 3))
	allocs := allocsBeyond(t, func(n int) []byte { return withUnknownKeys(base, n) }, [2]int{50_000, 200_000}, 50, "keys", "a key", " (a map of the keys?)")
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the keys allocate %.2fx the bytes (%d → %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
}

// TestUnknownKeyTwiceAsFirstRead: a key no field has, written twice in an
// object, is found once the object is read, and said as when each key
// was checked as it was read: the first key listed before it too, at its
// path and place, before any error after it.
func TestUnknownKeyTwiceAsFirstRead(t *testing.T) {
	data := string(jsonOf(t, fullReportOf(t, 18, 3)))
	const top, pkg = `"schema": "cachediff/v1",`, `"status": `
	for _, c := range []struct{ name, old, new, want string }{
		{"none", top, top + `"_a": 1, "_b": 2,`, ""},
		{"twice", top, top + `"_a": 1, "_a": 2,`, `key "_a" is there twice`},
		{"first repeat, not first in bytes", top, top + `"_b": 1, "_a": 1, "_b": 2, "_a": 2,`, `line 2, column 46: key "_b" is there twice`},
		{"escaped", top, top + `"_a": 1, "\u005fa": 2,`, `key "_a" is there twice`},
		{"before a bad value", top, top + `"_a": 1, "_a": 2, "options": 7,`, `key "_a" is there twice`},
		{"before a field twice", top, top + `"_a": 1, "_a": 2, "schema": "cachediff/v1",`, `key "_a" is there twice`},
		{"before a bad unknown value", top, top + `"_a": 1, "_a": 2, "_c": [1,,],`, `key "_a" is there twice`},
		{"after a field twice", top, top + `"schema": "cachediff/v1", "_a": 1, "_a": 2,`, `key "schema" is there twice`},
		{"in a package", pkg, `"_a": 1, "_a": 2, ` + pkg, `packages[0]: key "_a" is there twice`},
		{"in a package, before a bad value", pkg, `"_a": 1, "_a": 2, "specs": 7, ` + pkg, `key "_a" is there twice`},
	} {
		if !strings.Contains(data, c.old) {
			t.Fatalf("%s: %q not in the report", c.name, c.old)
		}
		_, err := DecodeBytes([]byte(strings.Replace(data, c.old, c.new, 1)))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestUnknownNestedKeyTwice (class b, docs/json.md: a key twice is
// refused): a key written twice in an object inside a value render does
// not know, at any depth, is refused as one in a known object is, at the
// path of the object that holds it; it was skipped unseen. An error
// inside such a value names where it is.
func TestUnknownNestedKeyTwice(t *testing.T) {
	data := string(jsonOf(t, fullReportOf(t, 18, 3)))
	const top, pkg = `"schema": "cachediff/v1",`, `"status": `
	for _, c := range []struct{ name, old, new, want string }{
		{"none", top, top + `"_x": {"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]},`, ""},
		{"twice", top, top + `"_x": {"a": 1, "a": 2},`, `line 2, column 43: _x: key "a" is there twice`},
		{"deep", top, top + `"_x": {"a": [0, {"b": {"c": 1, "d": 2, "c": 3}}]},`, `_x.a[1].b: key "c" is there twice`},
		{"escaped", top, top + `"_x": {"b": 1, "\u0062": 2},`, `_x: key "b" is there twice`},
		{"escaped in the path", top, top + `"_x": {"\u0062": {"c": 1, "c": 2}},`, `_x.b: key "c" is there twice`},
		{"first repeat, not first in bytes", top, top + `"_x": {"b": 1, "a": 1, "b": 2, "a": 2},`, `line 2, column 51: _x: key "b" is there twice`},
		{"before a bad value", top, top + `"_x": {"a": 1, "a": 2, "b": [1,,]},`, `_x: key "a" is there twice`},
		{"a bad value, named where", top, top + `"_x": {"a": [1, {"b": -}]},`, `_x.a[1].b: want a JSON number`},
		{"in a package", pkg, `"_x": [{"a": 1, "a": 2}], ` + pkg, `packages[0]._x[0]: key "a" is there twice`},
		{"many keys", top, top + `"_x": {` + manyKeys(12) + `, "k3": 1},`, `_x: key "k3" is there twice`},
		{"many keys, escaped", top, top + `"_x": {` + manyKeys(12) + `, "\u006b3": 1},`, `_x: key "k3" is there twice`},
		{"many keys, the first twice first", top, top + `"_x": {"k9": 0, ` + manyKeys(12) + `},`, `_x: key "k9" is there twice`},
		{"many keys, none twice", top, top + `"_x": {` + manyKeys(40) + `},`, ""},
	} {
		if !strings.Contains(data, c.old) {
			t.Fatalf("%s: %q not in the report", c.name, c.old)
		}
		_, err := DecodeBytes([]byte(strings.Replace(data, c.old, c.new, 1)))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// manyKeys is n keys "k0" … of the value 0, comma-separated.
func manyKeys(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(`"k%d": 0`, i)
	}
	return strings.Join(parts, ", ")
}

// TestUnknownNestedKeysBytes (class c): the keys of the objects inside a
// value render does not know are found twice as a known object's are,
// by their offsets (countKeys), no copy a key: a report with n such
// objects of two keys allocates a few bytes an object more than the
// report alone, and 4x the objects at most 4.4x the bytes.
func TestUnknownNestedKeysBytes(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	base := jsonOf(t, fullReportOf(t, 18, 3))
	with := func(n int) []byte {
		var b bytes.Buffer
		b.WriteString(`{"_x":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"a":0,"b":{"c":1,"d":[2]}}`)
		}
		b.WriteString(`],`)
		b.Write(base[1:])
		return b.Bytes()
	}
	allocs := allocsBeyond(t, with, [2]int{25_000, 100_000}, 100, "objects", "an object (of 27 bytes)", "")
	// (A few hundred bytes either way are the runtime's, not the walk's.)
	if allocs[1] > uint64(4.4*float64(allocs[0]))+4096 {
		t.Errorf("4x the objects allocate %d → %d bytes, want at most 4.4x (and 4 KB)", allocs[0], allocs[1])
	}
	// One object of n keys of 11 bytes: their offsets, 8 bytes a key
	// (16 allocated, by doubling), and the report's bytes.
	oneObject := func(n int) []byte {
		return []byte(`{"_x":{` + manyKeys(n) + `},` + string(base[1:]))
	}
	allocs = allocsBeyond(t, oneObject, [2]int{50_000, 200_000}, 64, "keys of one object", "a key", " (a map of the keys?)")
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the keys allocate %.2fx the bytes (%d → %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
}

// allocsBeyond decodes with(n) for each n of sizes and returns the bytes
// each decode allocated beyond with(0)'s, the report's own, which are
// not the n units'; a decode over most bytes a unit (per names one: "a
// key") fails, hint added to the message.
func allocsBeyond(t *testing.T, with func(n int) []byte, sizes [2]int, most float64, units, per, hint string) (allocs [2]uint64) {
	t.Helper()
	decode := func(n int) uint64 {
		_, a, err := decodeAllocs(with(n))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	none := decode(0)
	for k, n := range sizes {
		a := decode(n)
		allocs[k] = a - min(none, a)
		f := float64(allocs[k]) / float64(n)
		t.Logf("%d %s: the decode allocated %d bytes more than without them (%.1f %s)", n, units, allocs[k], f, per)
		if f > most {
			t.Errorf("%d %s: the decode allocated %.1f bytes %s, want at most %g%s", n, units, f, per, most, hint)
		}
	}
	return allocs
}
