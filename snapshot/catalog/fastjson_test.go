package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// oneLineValues returns the meta and spec_details lines of the real and
// seed pages.
func oneLineValues(t testing.TB) (metas, specs []string) {
	files, _ := filepath.Glob(filepath.Join(realDir, "*", "*", "specs.md"))
	seeds, _ := filepath.Glob("../../testdata/seeds/*.txt")
	for _, file := range append(files, seeds...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "meta: "); ok {
				metas = append(metas, v)
			}
			if v, ok := strings.CutPrefix(l, "spec_details: "); ok {
				specs = append(specs, v)
			}
		}
	}
	if len(metas) < 20 || len(specs) < 20 {
		t.Fatalf("only %d meta and %d spec_details lines", len(metas), len(specs))
	}
	return metas, specs
}

// checkFastSpecs requires the fast scanner, when it decodes data, to give
// what encoding/json gives; it reports whether the scanner decoded it.
func checkFastSpecs(t testing.TB, data []byte) bool {
	fast, ok := fastSpecList(data, newInterner())
	if !ok {
		return false
	}
	var slow specList
	if err := json.Unmarshal(data, &slow); err != nil {
		t.Fatalf("fast path accepted what encoding/json refuses (%v): %q", err, data)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fast and general paths differ on %q:\nfast %#v\nslow %#v", data, fast, slow)
	}
	return true
}

func checkFastMeta(t testing.TB, data []byte) bool {
	fast, ok := fastMeta(data, newInterner())
	if !ok {
		return false
	}
	var slow meta
	if err := json.Unmarshal(data, &slow); err != nil {
		t.Fatalf("fast path accepted what encoding/json refuses (%v): %q", err, data)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fast and general paths differ on %q:\nfast %#v\nslow %#v", data, fast, slow)
	}
	return true
}

// TestFastJSON: the scanner decodes every real page's values, the same as
// encoding/json, and gives up on what it does not handle.
func TestFastJSON(t *testing.T) {
	// full is spec (a JSON object) with the fields every spec has that
	// it does not write.
	full := func(spec string) string {
		return spec[:len(spec)-1] + otherFields(spec) + "}"
	}
	metas, specs := oneLineValues(t)
	for _, m := range metas {
		if !checkFastMeta(t, []byte(m)) {
			t.Errorf("fast path gave up on a real meta: %.80s", m)
		}
	}
	for _, s := range specs {
		if !checkFastSpecs(t, []byte(s)) {
			t.Errorf("fast path gave up on a real spec_details: %.80s", s)
		}
	}
	for _, tc := range []struct {
		in   string
		fast bool
	}{
		{`[]`, true},
		{` [ ] `, true},
		{`[{}]`, false}, // no field: the general path says which
		{`[` + full(`{"hash": "a", "versions": [], "size": 12, "x": {"a": [1, 2.5e3, true, null]}, "y": "z"}`) + `]`, true},
		{`[` + full(`{"hash": "a\"b"}`) + `]`, false},           // escape
		{`[` + full(`{"hash": null}`) + `]`, false},             // null
		{`[` + full(`{"hash": "a", "hash": "b"}`) + `]`, false}, // twice
		{`[` + full(`{"hash": "a", "x": 1, "x": 2}`) + `]`, false},
		{`[` + full(`{"hash": "a", "size": "-"}`) + `, ` + full(`{"hash": "b", "size": -0.5E-7}`) + `]`, true},
		{`[` + full(`{"hash": "a", "size": 01}`) + `]`, false},
		{`[` + full(`{"hash": "a", "size": null}`) + `]`, false},
		{`[` + full(`{"hash": "a", "versions": ["1", 2]}`) + `]`, false},
		{`[` + full(`{"hash": "a"}`) + `,]`, false},
		{`[` + full(`{"hash": "a"}`) + `] x`, false},
		{full(`{"hash": "a"}`), false},
		{"[" + full("{\"hash\": \"a\", \"os\": \"a\tb\"}") + "]", false},
		// A spec without one of the fields every spec has, or with one
		// null: the general path says which (specFromFields).
		{`[{"hash": "a", "versions": [], "compiler": "", "os": "", "platform": "", "target": "", "stacks": [], "size": "-"}]`, false},
		{`[{"hash": "a", "versions": [], "variants": null, "compiler": "", "os": "", "platform": "", "target": "", "stacks": [], "size": "-"}]`, false},
		{`[{"hash": "a", "versions": [], "variants": [], "compiler": "", "os": "", "platform": "", "target": "", "size": "-"}]`, false},
		{`[{"hash": "a", "versions": [], "variants": [], "compiler": "", "os": "", "platform": "", "target": "", "stacks": []}]`, false},
		{`[{"hash": "a", "versions": [], "variants": [], "compiler": "", "os": "", "platform": "", "target": "", "stacks": [], "size": "-"}]`, true},
		{`[{"hash": "a", "versions": [], "variants": [], "compiler": "", "os": "", "platform": "", "target": "", "stacks": [], "size": "-", "tarball": "t"}]`, true},
		{`[{"x": [}]`, false},
	} {
		if got := checkFastSpecs(t, []byte(tc.in)); got != tc.fast {
			t.Errorf("fast path on %s: %v, want %v", tc.in, got, tc.fast)
		}
	}
	for _, tc := range []struct {
		in   string
		fast bool
	}{
		{`{}`, true},
		{`{"num_specs": 3, "num_specs_by_stack": {}, "versions": []}`, true},
		{`{"num_specs": 3.0}`, false},
		{`{"num_specs": 1e2}`, false},
		{`{"num_specs": 99999999999999999999}`, false},
		{`{"Num_Specs": 3}`, false}, // encoding/json matches keys without case
		{`{"num_specs_by_stack": {"a": 1, "a": 2}}`, false},
		{`{"compilers": null}`, false},
		{`{"other": 1}`, false},
	} {
		if got := checkFastMeta(t, []byte(tc.in)); got != tc.fast {
			t.Errorf("fast meta on %s: %v, want %v", tc.in, got, tc.fast)
		}
	}
}

// FuzzFastJSON is differential: whatever the fast scanner decodes,
// encoding/json (the general path) decodes to the same value.
func FuzzFastJSON(f *testing.F) {
	metas, specs := oneLineValues(f)
	for _, m := range metas {
		f.Add([]byte(m))
	}
	for _, s := range specs {
		f.Add([]byte(trimPage("\nspec_details: "+s, 2)[len("\nspec_details: "):]))
	}
	f.Add([]byte(fullSpecs(`[{"hash": "a", "versions": [], "size": 12, "x": {"a": [1, 2.5e3, true, null]}, "y": "z"}]`)))
	f.Add([]byte(`{"num_specs": 3, "num_specs_by_stack": {"a": 0}, "versions": []}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFastSpecs(t, data)
		checkFastMeta(t, data)
	})
}

// TestFastMetaReused: metas read one after another into the same memory
// (as Load reads a page's meta, checks it and drops it) are each what a
// fresh read gives: nothing of the meta before shows through, counts or
// lists, including a meta with fewer stacks or no counts after one with
// more.
func TestFastMetaReused(t *testing.T) {
	metas, _ := oneLineValues(t)
	metas = append(metas,
		`{"num_specs_by_stack": {"a": 1, "b": 2}, "stacks": ["a", "b"], "versions": ["1", "2"]}`,
		`{"num_specs_by_stack": {"c": 3}, "stacks": [], "versions": ["3"]}`,
		`{"stacks": ["a"]}`,
		`{"num_specs_by_stack": {}, "compilers": []}`,
	)
	in := newInterner()
	var bufs metaBufs
	for _, m := range metas {
		got, ok := fastMetaBuf([]byte(m), in, &bufs)
		got.countsMap() // fastMeta's form
		want, wantOK := fastMeta([]byte(m), in)
		if ok != wantOK || !reflect.DeepEqual(got, want) {
			t.Fatalf("%.80s: with reused memory %+v (%v), fresh %+v (%v)", m, got, ok, want, wantOK)
		}
	}
}

// TestMetaAgreesCounts: metaAgrees, on the counts as fastMetaBuf reads
// them (pairs, no map), says a meta agrees exactly when checkMeta finds
// nothing to say about it, for counts that agree, differ by one, name a
// stack no spec has (with 0 and with more), leave one out, and are
// empty or absent.
func TestMetaAgreesCounts(t *testing.T) {
	specs := []Spec{
		{Hash: "a", Compiler: "gcc@1", OS: "o", Platform: "p", Target: "t", Versions: []string{"1"}, Stacks: []string{"root", "s1"}},
		{Hash: "b", Compiler: "gcc@1", OS: "o", Platform: "p", Target: "t", Versions: []string{"1"}, Stacks: []string{"root", "s1", "s2"}},
		{Hash: "c", Compiler: "gcc@1", OS: "o", Platform: "p", Target: "t", Versions: []string{"1"}, Stacks: []string{"root"}},
	}
	const rest = `"compilers": ["gcc@1"], "oss": ["o"], "platforms": ["p"], "targets": ["t"], "versions": ["1"]`
	in := newInterner()
	// The same specs with their strings interned as the meta's are: the
	// very strings, which metaAgrees finds by their address.
	str := func(s string) string { return in.Bytes([]byte(s)) }
	var interned []Spec
	for _, sp := range specs {
		sp.Compiler, sp.OS, sp.Platform, sp.Target = str(sp.Compiler), str(sp.OS), str(sp.Platform), str(sp.Target)
		sp.Versions, sp.Stacks = slices.Clone(sp.Versions), slices.Clone(sp.Stacks)
		for _, l := range [][]string{sp.Versions, sp.Stacks} {
			for i := range l {
				l[i] = str(l[i])
			}
		}
		interned = append(interned, sp)
	}
	st := newState()
	var bufs metaBufs
	seen := map[bool]int{}
	for _, specs := range [][]Spec{specs, interned} {
		for _, counts := range []string{
			`{"root": 3, "s1": 2, "s2": 1}`,
			`{"s2": 1, "root": 3, "s1": 2}`,
			`{"root": 3, "s1": 2, "s2": 2}`,
			`{"root": 3, "s1": 1, "s2": 1}`,
			`{"root": 3, "s1": 2, "s2": 1, "s3": 0}`,
			`{"root": 3, "s1": 2, "s2": 1, "s3": 1}`,
			`{"root": 3, "s1": 2}`,
			`{"root": 3}`,
			`{}`,
			"",
		} {
			for _, stacks := range []string{`["root", "s1", "s2"]`, `["root", "s1"]`} {
				text := `{"num_specs": 3, "stacks": ` + stacks + `, ` + rest
				if counts != "" {
					text += `, "num_specs_by_stack": ` + counts
				}
				text += "}"
				m, ok := fastMetaBuf([]byte(text), in, &bufs)
				if !ok {
					t.Fatalf("%s: the fast path gave up", text)
				}
				if counts != "" && m.byStack == nil {
					t.Fatalf("%s: no counts read", text)
				}
				agrees := metaAgrees(&m, specs, NewFinisher(Options{Raw: false}), st)
				m.countsMap()
				msgs := checkMeta(&m, specs, false)
				if agrees != (len(msgs) == 0) {
					t.Errorf("%s: metaAgrees %v, checkMeta %q", text, agrees, msgs)
				}
				seen[agrees]++
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("agreed %d times, disagreed %d: the cases should do both", seen[true], seen[false])
	}
}

// TestKeyMemo: the keys the scanner remembers from the spec before, on
// this page or the one before (bufs kept), only ever stand for the same
// bytes: spec lists read one after another into the same memory each
// decode as encoding/json decodes them, or are left to it, whatever the
// order of the keys, white space before a colon, keys that begin like
// another, escaped keys and keys given twice.
func TestKeyMemo(t *testing.T) {
	const a = `"hash": "aaaaaaa", "compiler": "gcc@1", "os": "o", "platform": "p", "target": "t", "versions": ["1"], "variants": ["+x"], "stacks": ["root"]`
	lists := []struct {
		text string
		ok   bool // the fast path decodes it
	}{
		{`[{` + a + `}, {` + a + `}]`, true},
		{`[{"compiler": "gcc@2", "hash": "bbbbbbb", "os": "o", "platform": "p", "size": "-", "stacks": [], "target": "t", "variants": [], "versions": ["2"]}]`, true},
		{`[{` + a + `}, {"hash" : "ccccccc", "compiler" :"gcc@3", "os":"q", "platform": "p", "target": "t", "versions": [], "variants": [], "stacks": []}]`, true},
		{`[{` + a + `}, {"hash": "ddddddd", "compiler": "gcc@3", "oss": "q", "platform": "p", "target": "t", "versions": [], "variants": [], "stacks": []}]`, true},
		{`[{` + a + `}, {"hash": "eeeeeee", "compiler": "gcc@3", "o\u0073": "q", "platform": "p"}]`, false},
		{`[{` + a + `}, {"hash": "fffffff", "compiler": "gcc@3", "compiler": "gcc@4"}]`, false},
		{`[{` + a + `}, {"hash": "ggggggg", "compilers": "gcc@3", "os": "o"}]`, true},
		{`[{` + a + `}, {"hash": "hhhhhhh", "x": 1, "compiler": "gcc@3", "os": "o"}]`, true},
		{`[{` + a + `}]`, true},
		// Values: the same again, one that begins like it, an escaped one,
		// a size as a number and then as a string.
		{`[{` + a + `, "size": "-"}, {"hash": "iiiiiii", "compiler": "gcc@1", "os": "o2", "platform": "p", "target": "t", "size": "-"}]`, true},
		{`[{"hash": "jjjjjjj", "compiler": "gcc@1x", "os": "o", "platform": "\u0070", "target": "t"}]`, false},
		{`[{"hash": "kkkkkkk", "compiler": "gcc@1", "os": "o", "platform": "p", "target": "t", "size": 12}, {"hash": "lllllll", "compiler": "gcc@12", "os": "o", "size": "12"}]`, true},
		{`[{"hash": "mmmmmmm", "compiler": "gcc@1", "os":"o", "platform": "p" , "target": "t"}, {"hash": "nnnnnnn", "compiler": "gcc@1", "os": "o", "platform": "p", "target": "t"}]`, true},
		// The white space around commas, colons and braces, which the
		// keys' texts hold; a text past 16 bytes; objects written empty
		// (given a hash and the fields every spec has, by fullSpecs).
		{"[{ \"hash\": \"ooooooo\",\n\t\"compiler\" : \"gcc@1\" ,\"os\":\"o\" }, {\"hash\": \"ppppppp\", \"compiler\": \"gcc@1\", \"os\": \"o\"}]", true},
		{`[{"hash": "qqqqqqq", "compiler": "gcc@1"}, {"hash": "rrrrrrr",   "compiler":    "gcc@1"}, {"hash": "sssssss", "compiler": "gcc@1"}]`, true},
		{`[{"hash": "ttttttt", "a_very_long_unknown_key": 1, "os": "o"}, {"hash": "uuuuuuu", "a_very_long_unknown_key": 2, "os": "o"}]`, true},
		{`[{}, { }, {"hash": "vvvvvvv"}, {"hash": "wwwwwww" }]`, true},
	}
	var bufs scanBufs
	in := newInterner()
	for _, l := range lists {
		// Each spec with all the fields every spec has, after its own.
		l.text = fullSpecs(l.text)
		fast, ok := fastSpecListBuf([]byte(l.text), in, &bufs, nil, true)
		if ok != l.ok {
			t.Fatalf("%s: fast path %v, want %v", l.text, ok, l.ok)
		}
		if !ok {
			continue
		}
		var slow specList
		if err := json.Unmarshal([]byte(l.text), &slow); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%s:\nfast %+v\nslow %+v", l.text, fast, slow)
		}
	}
}

// TestValMemoSlots: memoStr finds each value whatever shares its slot:
// far more distinct values than valMemos has slots (so that many share
// one), values that begin alike and differ in their last byte, and the
// same value followed by other text, in random order over one page and
// the next.
func TestValMemoSlots(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var values []string
	for i := range 300 {
		values = append(values, fmt.Sprintf("gcc@%d.%d", i/10, i%10), fmt.Sprintf("c%d", i))
	}
	values = append(values, "abcdefghijklmn", "abcdefghijklmo", "abcdefghijklm", "abcdefghijklmnopqrst")
	var bufs scanBufs
	in := newInterner()
	for page := range 2 {
		var b strings.Builder
		b.WriteString("[")
		for i := range 3000 {
			if i > 0 {
				b.WriteString(", ")
			}
			v := values[r.IntN(len(values))]
			switch r.IntN(3) {
			case 0:
				fmt.Fprintf(&b, `{"hash": "h%d-%d", "compiler": %q, "os": %q}`, page, i, v, v)
			case 1:
				fmt.Fprintf(&b, `{"hash": "h%d-%d", "os": %q, "compiler": %q, "target": "t"}`, page, i, v, v)
			default:
				fmt.Fprintf(&b, `{"compiler": %q,"hash":"h%d-%d"}`, v, page, i)
			}
		}
		b.WriteString("]")
		list := fullSpecs(b.String())
		fast, ok := fastSpecListBuf([]byte(list), in, &bufs, nil, true)
		if !ok {
			t.Fatal("fast path gave up")
		}
		var slow specList
		if err := json.Unmarshal([]byte(list), &slow); err != nil {
			t.Fatal(err)
		}
		for i := range slow {
			if !reflect.DeepEqual(fast[i], slow[i]) {
				t.Fatalf("page %d, spec %d: fast %+v, slow %+v", page, i, fast[i], slow[i])
			}
		}
	}
}

// TestKeyMemoAt: keyMemo.at agrees with comparing the bytes, for texts of
// 1 to 20 bytes (over 16 are never found), at every place of data that
// holds them, differ in any one byte, or end early.
func TestKeyMemoAt(t *testing.T) {
	for n := 1; n <= 20; n++ {
		text := []byte(`"abcdefghijklmnopqrs`[:n])
		m := newKeyMemo(text, keyOS)
		for _, d := range [][]byte{
			append(slices.Clone(text), `: "x", "y": 1}`...),
			append([]byte(`{ `), append(slices.Clone(text), ` :1}`...)...),
			slices.Clone(text),
			append(slices.Clone(text), "12345678"...),
		} {
			for pos := range d {
				want := n <= 16 && len(d)-pos >= max(8, n) && bytes.HasPrefix(d[pos:], text)
				if got := m.n > 0 && m.at(d, pos); got != want { // as spec asks

					t.Fatalf("text %q, data %q at %d: at = %v, want %v", text, d, pos, got, want)
				}
			}
			for i := range min(n, len(d)) { // one byte off
				e := slices.Clone(d)
				e[i] ^= 1
				if m.n > 0 && m.at(e, 0) {
					t.Fatalf("text %q found in %q", text, e)
				}
			}
		}
	}
}

// TestScannerInteger: integer reads what strconv.ParseInt reads of the
// number's text, digits alone without a call, the rest through it.
func TestScannerInteger(t *testing.T) {
	for _, text := range []string{"0", "7", "42", "123456789012345678", "999999999999999999",
		"1234567890123456789", "9223372036854775807", "9223372036854775808", "9999999999999999999",
		"18446744073709551615", "-5", "-0",
		"1.5", "1e3", "2E+2", "0.0", "12345678901234567890123"} {
		s := &scanner{data: []byte(text + ",")}
		got, ok := s.integer()
		want, err := strconv.ParseInt(text, 10, 0)
		if ok != (err == nil) || ok && got != int(want) {
			t.Errorf("integer(%q) = %d, %v; ParseInt gives %d, %v", text, got, ok, want, err)
		}
	}
}

// TestMetaAgreesRandom: on random pages whose strings are interned as the
// loader interns them (so that metaAgrees finds most values by their
// address), metaAgrees says a meta agrees exactly when checkMeta finds
// nothing to say, for metas written from the specs and metas with a value
// added, dropped or a count changed.
func TestMetaAgreesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	in := newInterner()
	str := func(format string, args ...any) string { return in.Bytes([]byte(fmt.Sprintf(format, args...))) }
	st := newState()
	var bufs metaBufs
	seen := map[bool]int{}
	for round := range 400 {
		var specs []Spec
		for i := range 1 + r.IntN(30) {
			sp := Spec{Hash: fmt.Sprint(i), Compiler: str("gcc@%d", r.IntN(6)), OS: str("os%d", r.IntN(4)),
				Platform: str("p%d", r.IntN(2)), Target: str("t%d", r.IntN(5)), Versions: []string{str("%d.0", r.IntN(4))}}
			for k := range 6 {
				if r.IntN(3) == 0 {
					sp.Stacks = append(sp.Stacks, str("s%d", k))
				}
			}
			specs = append(specs, sp)
		}
		sets := [6]map[string]bool{}
		counts := map[string]int{}
		for i := range sets {
			sets[i] = map[string]bool{}
		}
		for _, sp := range specs {
			for i, v := range []string{sp.Compiler, sp.OS, sp.Platform, sp.Target} {
				sets[i][v] = true
			}
			sets[5][sp.Versions[0]] = true
			for _, s := range sp.Stacks {
				sets[4][s] = true
				counts[s]++
			}
		}
		list := func(i int) []string { return slices.Sorted(maps.Keys(sets[i])) }
		lists := [6][]string{list(0), list(1), list(2), list(3), list(4), list(5)}
		switch r.IntN(4) { // a meta that disagrees, sometimes
		case 1:
			k := r.IntN(6)
			lists[k] = append(lists[k], "extra")
		case 2:
			if k := r.IntN(6); len(lists[k]) > 0 {
				lists[k] = lists[k][1:]
			}
		case 3:
			for s := range counts {
				counts[s]++
				break
			}
		}
		j := func(l []string) string { b, _ := json.Marshal(append([]string{}, l...)); return string(b) }
		cj, _ := json.Marshal(counts)
		text := fmt.Sprintf(`{"num_specs": %d, "compilers": %s, "oss": %s, "platforms": %s, "targets": %s, "stacks": %s, "versions": %s, "num_specs_by_stack": %s}`,
			len(specs), j(lists[0]), j(lists[1]), j(lists[2]), j(lists[3]), j(lists[4]), j(lists[5]), cj)
		m, ok := fastMetaBuf([]byte(text), in, &bufs)
		if !ok {
			t.Fatalf("round %d: the fast path gave up on %s", round, text)
		}
		raw := round%2 == 0 // or the claimed compilers and versions canonicalized first
		agrees := metaAgrees(&m, specs, NewFinisher(Options{Raw: raw}), st)
		m.countsMap()
		msgs := checkMeta(&m, specs, raw)
		if agrees != (len(msgs) == 0) {
			t.Fatalf("round %d: %s: metaAgrees %v, checkMeta %q", round, text, agrees, msgs)
		}
		seen[agrees]++
	}
	if seen[true] < 50 || seen[false] < 50 {
		t.Fatalf("agreed %d times, disagreed %d: the cases should do both", seen[true], seen[false])
	}
}

// TestScannerHash: the scanner's hash reads exactly what rawString reads
// when that is a well-formed hash, and nothing otherwise.
func TestScannerHash(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	chars := "abcdefghijklmnopqrstuvwxyz234567" + `"\ 0189AZ` + "\x00\xff"
	for range 100000 {
		b := []byte{'"'}
		for range 28 + r.IntN(8) {
			if r.IntN(40) == 0 {
				b = append(b, chars[r.IntN(len(chars))])
			} else {
				b = append(b, chars[r.IntN(32)])
			}
		}
		b = append(b, '"')
		b = append(b, ", \"os\": \"x\"}"[:r.IntN(12)]...)
		s := &scanner{data: b}
		got, ok := s.hash()
		ref := &scanner{data: b}
		want, wantOK := ref.rawString()
		wantOK = wantOK && IsHash(string(want))
		if ok != wantOK || ok && (string(got) != string(want) || s.pos != ref.pos) {
			t.Fatalf("hash of %q: %q %v at %d, want %q %v at %d", b, got, ok, s.pos, want, wantOK, ref.pos)
		}
		if !ok && s.pos != 0 {
			t.Fatalf("hash of %q: nothing read, but at %d", b, s.pos)
		}
	}
}
