package jsonv1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestFeaturesKeyTwice (issue 35 class e): a report or a log's step
// with its "features" key written twice is refused for the key twice,
// which no cachediff writes. Where the first list named a feature this
// cachediff does not know, the refusal read that first list and said a
// newer cachediff wrote the report; with the lists the other way round,
// it said the key was there twice: the order chose the cause. Both name
// the key now, the escaped spelling "\u0066eatures" too.
func TestFeaturesKeyTwice(t *testing.T) {
	based, log := chainUpdJSON(t, 60)
	const (
		basedOnly = "\"features\": [\n    \"based-sets\"\n  ],"
		want      = `key "features" is there twice`
	)
	for _, tc := range []struct{ name, to string }{
		{"the unknown first", `"features": ["sparse-paths"], ` + basedOnly},
		{"the unknown second", basedOnly + ` "features": ["sparse-paths"],`},
		{"escaped, the unknown first", `"\u0066eatures": ["sparse-paths"], ` + basedOnly},
		{"the unknown first, a null second", `"features": ["sparse-paths"], "features": [null],`},
	} {
		for _, doc := range []struct {
			what string
			data []byte
			dec  func([]byte) error
		}{
			{"a report", based, func(b []byte) error { _, err := DecodeBytes(b); return err }},
			{"a log", log, func(b []byte) error { _, err := DecodeLog(b); return err }},
		} {
			// The (first step's) list as written, whatever its indent.
			i := bytes.Index(doc.data, []byte(`"features": [`))
			j := bytes.Index(doc.data[max(i, 0):], []byte("],"))
			if i < 0 || j < 0 || !bytes.Equal(bytes.Join(bytes.Fields(doc.data[i:i+j+2]), nil), []byte(`"features":["based-sets"],`)) {
				t.Fatalf("%s: no features [based-sets] in it", doc.what)
			}
			edited := slices.Concat(doc.data[:i], []byte(tc.to), doc.data[i+j+2:])
			err := doc.dec(edited)
			if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "newer cachediff") {
				t.Errorf("%s, %s: %v; want an error with %q", doc.what, tc.name, err, want)
			}
		}
	}
}

// TestFeaturesRefusalAllocs (issue 35 class c): where the shape is
// refused, the "features" looked for to explain it are found by
// skipping the whole document (a key twice is none); the skip copies no
// key, so a report refused early costs the same allocations whatever
// its size: an unknown field of 1,000 objects and one of 4,000.
func TestFeaturesRefusalAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	based := jsonOf(t, chainUpdReport(t, 60))
	const schema = `"schema": "cachediff/v1",`
	if !bytes.Contains(based, []byte(schema)) {
		t.Fatalf("no %s in the report", schema)
	}
	allocs := func(n int) float64 {
		extra := `"zz": [` + strings.Repeat(`{"cause": 1, "path": 2, "k\u0065y": "v"}, `, n) + `{}],`
		// A "features" of a number: refused where it stands, near the top.
		doc := bytes.Replace(based, []byte(schema), []byte(schema+` "features": 5, `+extra), 1)
		var err error
		a := testing.AllocsPerRun(3, func() { _, err = DecodeBytes(doc) })
		if err == nil || !strings.Contains(err.Error(), "features: want a list of strings") {
			t.Fatalf("%d objects: %v; want the shape's error at features", n, err)
		}
		return a
	}
	small, big := allocs(1000), allocs(4000)
	if big > small+8 {
		t.Errorf("refused with 1,000 objects: %.0f allocations; with 4,000: %.0f (a key copied each)", small, big)
	}
}

// TestFeaturesKeyTwiceCutShort (issue 35 class e): a document cut short
// in or after the value of its second "features" key (the key read
// whole, its colon too) is refused for the key twice, as where the
// second value is whole. topValue skipped the second value before it
// asked whether the key was there twice, and a value cut short gave the
// first list: "a newer cachediff wrote this report" for a report that
// no cachediff wrote, the message chosen by where the file was cut.
func TestFeaturesKeyTwiceCutShort(t *testing.T) {
	based, log := chainUpdJSON(t, 60)
	const (
		first  = `"features": ["sparse-paths"], `
		second = `"features": ["based-sets", "set-overrides"]`
		want   = `key "features" is there twice`
	)
	for _, doc := range []struct {
		what string
		data []byte
		dec  func([]byte) error
	}{
		{"a report", based, func(b []byte) error { _, err := DecodeBytes(b); return err }},
		{"a log", log, func(b []byte) error { _, err := DecodeLog(b); return err }},
	} {
		i := bytes.Index(doc.data, []byte(`"features": [`))
		if i < 0 {
			t.Fatalf("%s: no features in it", doc.what)
		}
		head := slices.Concat(doc.data[:i], []byte(first))
		// Cut after the second key's colon, at each byte to the end of
		// its list; and the list whole, the rest of the document cut.
		for n := len(`"features":`); n <= len(second); n++ {
			cut := slices.Concat(head, []byte(second[:n]))
			err := doc.dec(cut)
			if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "newer cachediff") {
				t.Errorf("%s cut after %q: %v; want an error with %q", doc.what, second[:n], err, want)
			}
		}
	}
}

// TestFeaturesRefusalTopKeysAllocs (issue 35 class c): the skip of a
// whole report for a second "features" key copied each top-level key
// (one allocation each), where stopping at the first "features" had
// read none after it: a report refused at its "features" near the top,
// with 1,000 top-level keys after it and with 4,000, costs the same
// allocations. An escaped spelling of the key still counts.
func TestFeaturesRefusalTopKeysAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	based := jsonOf(t, chainUpdReport(t, 60))
	const schema = `"schema": "cachediff/v1",`
	if !bytes.Contains(based, []byte(schema)) {
		t.Fatalf("no %s in the report", schema)
	}
	allocs := func(n int) float64 {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"k%d": 1, "k\u0065y%d": 2, `, i, i)
		}
		doc := bytes.Replace(based, []byte(schema), []byte(schema+` "features": 5, `+b.String()), 1)
		var err error
		a := testing.AllocsPerRun(3, func() { _, err = DecodeBytes(doc) })
		if err == nil || !strings.Contains(err.Error(), "features: want a list of strings") {
			t.Fatalf("%d keys: %v; want the shape's error at features", n, err)
		}
		return a
	}
	small, big := allocs(1000), allocs(4000)
	if big > small+8 {
		t.Errorf("refused with 1,000 top-level keys after features: %.0f allocations; with 4,000: %.0f (a key copied each)", small, big)
	}
	// "\u0066eatures" is features: twice with the key as written.
	doc := bytes.Replace(based, []byte(schema), []byte(schema+` "\u0066eatures": ["sparse-paths"], `), 1)
	if _, err := DecodeBytes(doc); err == nil || !strings.Contains(err.Error(), `key "features" is there twice`) {
		t.Errorf("escaped features first: %v; want the key twice", err)
	}
}

// TestEscapedIs: escapedIs agrees with json.Unmarshal on keys with each
// kind of escape, the surrogates' too, against "features" and others,
// and with bytes.EqualFold (encoding/json's match of a key to a field)
// on the keys in another case.
func TestEscapedIs(t *testing.T) {
	for _, q := range []string{
		`"\u0066eatures"`, `"\u0046eatures"`, `"feature\u0073"`, `"\u0066\u0065\u0061\u0074\u0075\u0072\u0065\u0073"`,
		`"features\n"`, `"\/features"`, `"f\"eatures"`, `"f\\eatures"`, `"\b\f\n\r\t"`, `"\u00e9t\u00E9"`,
		`"\ud83d\ude00"`, `"\ud83d"`, `"\ude00x"`, `"x\u20acy"`, `"\u0000"`, `"feat\u0075res\u0000"`,
		`"\ud83d\u0041"`, `"\ud83dx"`, `"\ud83d\ud83d\ude00"`, `"\ude00\ud83d\ude00"`, `"\uD83D\uDE00s"`, `"\ufffd"`,
		`"\u0046EATURES"`, `"feature\u017f"`, `"\u212ay"`, `"\u00c9T\u00c9"`,
	} {
		raw := []byte(q[1 : len(q)-1])
		var k string
		if err := json.Unmarshal([]byte(q), &k); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"features", "steps", k, k + "x", "", "\b\f\n\r\t", "été", "x€y", "\U0001F600", "\uFFFD", "\uFFFDA", "ky"} {
			is, fold := escapedIs(raw, key)
			if want := k == key; is != want {
				t.Errorf("escapedIs(%s, %q) = %v, want %v", q, key, is, want)
			}
			if want := k != key && strings.EqualFold(k, key); fold != want {
				t.Errorf("escapedIs(%s, %q): fold %v, want %v", q, key, fold, want)
			}
		}
	}
}

// TestFeaturesRefusalSurrogateKeysAllocs (issue 35 class c): escapedIs
// read a key that starts with an escaped UTF-16 pair with
// json.Unmarshal, 4 allocations a key: a report refused at its
// "features" near the top, with 1,000 pairs of such top-level keys
// after it and with 4,000, cost 8,011 and 32,012 allocations, where
// keys of other escapes cost the same for both. The pair is read in
// place.
func TestFeaturesRefusalSurrogateKeysAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	based := jsonOf(t, chainUpdReport(t, 60))
	const schema = `"schema": "cachediff/v1",`
	if !bytes.Contains(based, []byte(schema)) {
		t.Fatalf("no %s in the report", schema)
	}
	allocs := func(n int) float64 {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"\ud83d\ude00%d": 1, "\uD83D\uDE00f%d": 2, `, i, i)
		}
		doc := bytes.Replace(based, []byte(schema), []byte(schema+` "features": 5, `+b.String()), 1)
		var err error
		a := testing.AllocsPerRun(3, func() { _, err = DecodeBytes(doc) })
		if err == nil || !strings.Contains(err.Error(), "features: want a list of strings") {
			t.Fatalf("%d keys: %v; want the shape's error at features", n, err)
		}
		return a
	}
	small, big := allocs(1000), allocs(4000)
	if big > small+8 {
		t.Errorf("refused with 1,000 pairs of top-level keys after features: %.0f allocations; with 4,000: %.0f (a key copied each)", small, big)
	}
}

// TestFeaturesKeyOtherCase (issue 35 class e): a "features" key and the
// key again in another case ("Features", which encoding/json takes for
// it: the key twice to it) were refused for the feature of the exact
// spelling's list, "a newer cachediff wrote this report", which no
// cachediff writes: which spelling held the unknown name chose the
// message. Both are refused for the key's case, as either alone is.
func TestFeaturesKeyOtherCase(t *testing.T) {
	based, log := chainUpdJSON(t, 60)
	const want = `cachediff/v1 writes "features"`
	for _, tc := range []struct{ name, to string }{
		{"the unknown exact first", `"features": ["sparse-paths"], "Features": ["based-sets"],`},
		{"the unknown exact second", `"Features": ["based-sets"], "features": ["sparse-paths"],`},
		{"escaped", `"features": ["sparse-paths"], "\u0046EATURES": ["based-sets"],`},
		{"a long s", `"features": ["sparse-paths"], "featureſ": ["based-sets"],`},
	} {
		for _, doc := range []struct {
			what string
			data []byte
			dec  func([]byte) error
		}{
			{"a report", based, func(b []byte) error { _, err := DecodeBytes(b); return err }},
			{"a log", log, func(b []byte) error { _, err := DecodeLog(b); return err }},
		} {
			i := bytes.Index(doc.data, []byte(`"features": [`))
			j := bytes.Index(doc.data[max(i, 0):], []byte("],"))
			if i < 0 || j < 0 {
				t.Fatalf("%s: no features in it", doc.what)
			}
			edited := slices.Concat(doc.data[:i], []byte(tc.to), doc.data[i+j+2:])
			err := doc.dec(edited)
			if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "newer cachediff") {
				t.Errorf("%s, %s: %v; want an error with %q", doc.what, tc.name, err, want)
			}
		}
	}
}
