package jsonv1

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// referenceJSON is what JSON writes, by encoding/json alone.
func referenceJSON(t *testing.T, r *diff.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(report.Document{Schema: report.Schema, Features: report.FeaturesOf(r), Report: r}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestJSONStreamed: the streamed JSON is byte for byte encoding/json's
// indented document, for generated reports, a real week, no packages,
// and strings that look like JSON (quotes, backslashes, brackets, the
// "packages": [] slot itself).
func TestJSONStreamed(t *testing.T) {
	hostile := reporttest.GenReport(3, 8)
	hostile.Packages[0].Name = `x", "packages": [], "y": "\"}]{[`
	hostile.Packages[1].Specs.Added = append(hostile.Packages[1].Specs.Added, diff.Spec{Hash: "h", Variants: []string{`a\`, `\"`, "{}", "[]", "<&>", "é\u2028"}})
	hostile.Warnings = append(hostile.Warnings, hostile.Warnings...)
	empty := reporttest.GenReport(1, 0)
	// Pairs with a Why, of every shape: empty and nil lists, omitted
	// fields, a set and an own change, causes written out whole (a
	// report of before issue 35), and names that need escaping.
	why := reporttest.GenWeek(5, 20)
	self := 3
	whys := []*diff.Why{
		{Known: true, Changed: []diff.DepChange{}, Causes: []diff.Cause{}},
		{Known: false},
		{Known: true, Changed: []diff.DepChange{{Name: "zlib", OldHash: "o", NewHash: "n"}, {Name: `a"<b>`, NewHash: "n"}, {Name: "gone", OldHash: "o"}}, Set: 2, Self: &self},
		{Known: true, Changed: []diff.DepChange{{Name: "mpi"}}, Self: new(int), Causes: []diff.Cause{
			{Name: "zlib", OldHash: "o", NewHash: "n", Changes: []diff.Change{{Kind: "version", From: "1.2", To: "1.3"}, {Kind: "recipe"}}, Path: []string{"p", "zlib"}},
			{Name: "mpi", Changes: nil, Path: []string{}},
			{Name: `x\y`, NewHash: "n", Changes: []diff.Change{{Kind: "added", To: "x@1\n\t"}}},
		}},
	}
	n := 0
	for i := range why.Packages {
		p := &why.Packages[i]
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			for j := range l {
				if n%5 != 4 { // some pairs without a Why beside them
					l[j].Why = whys[n%len(whys)]
				}
				n++
			}
		}
	}
	// Empty lists, nil lists and omitted fields, as they can come.
	shapes := reporttest.GenReport(9, 12)
	for i := range shapes.Packages {
		p := &shapes.Packages[i]
		switch i % 4 {
		case 0:
			p.SharedVariants, p.Versions.Added, p.Specs.Added = nil, []string{}, []diff.Spec{}
		case 1:
			p.Specs.Rebuilt, p.Specs.Updated = nil, []diff.Pair{{Old: &diff.Spec{Hash: "o"}, New: &diff.Spec{Hash: "n", Versions: []string{}}, From: "x", StacksLeft: []string{"a"}}}
		case 2:
			p.OldFile, p.NewFile = "", "new/"+p.Name+"/specs.md"
		case 3:
			p.Specs.Restacked = append(p.Specs.Restacked, diff.Pair{Old: &diff.Spec{Hash: "o"}, New: &diff.Spec{Hash: "n"}, StacksJoined: []string{}, StacksLeft: []string{}})
		}
	}
	// Lists shared between specs, as the loader shares them (pkgJSON
	// copies the bytes of a list written before): the same list at the
	// depths of an added spec and of a pair's, lists of one array that
	// start at the same address with other lengths, and a list that
	// needs escaping.
	shared := reporttest.GenReport(11, 12)
	arr := []string{"a", "b\"c", "d", "e"}
	lists := [][]string{arr, arr[:1], arr[:3], arr[1:], arr[1:2], arr}
	k := 0
	for i := range shared.Packages {
		p := &shared.Packages[i]
		for j := range p.Specs.Added {
			p.Specs.Added[j].Variants, p.Specs.Added[j].Stacks = lists[k%len(lists)], lists[(k+1)%len(lists)]
			k++
		}
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			for j := range l {
				l[j].Old.Versions, l[j].New.Variants = lists[k%len(lists)], lists[(k+2)%len(lists)]
				k++
			}
		}
	}
	// Packages many times ordered.ChunkSize, written in chunks cut
	// between their specs and pairs.
	big := reporttest.GenWeek(4, 6)
	for i := range big.Packages {
		p := &big.Packages[i]
		for _, l := range []*[]diff.Pair{&p.Specs.Rebuilt, &p.Specs.Updated} {
			if len(*l) == 0 {
				continue
			}
			for n := len(*l); len(*l) < 3000; {
				*l = append(*l, (*l)[len(*l)%n]) // the package's pairs over and over
			}
		}
		for len(p.Specs.Added) > 0 && len(p.Specs.Added) < 1500 {
			p.Specs.Added = append(p.Specs.Added, p.Specs.Added...)
		}
	}
	// Packages cut into parts of a few pairs (writePart), as well as of
	// pairsPerPart: parts of one pair, cuts that fall on the last pair,
	// and packages of fewer pairs than a part beside them; and parts cut
	// by their specs' strings (stringsPerPart), of one element larger
	// than the bound, or of several.
	//
	// The reports are made once, and encoding/json's document of each
	// (which no cut changes) written once, for every cut.
	// The members after the packages (writeTail): causes with every
	// member, and with none but their counts and a nil list of groups.
	causes := reporttest.GenWeek(6, 10)
	next := 1
	causes.Causes = &diff.Causes{Pairs: 3, Known: 2, Explained: 1, Own: 1,
		Groups: []diff.CauseGroup{{Name: "zlib", Changes: []diff.Change{{Kind: "variants", From: "+a", To: "~a"}}, Specs: 2, Rebuilt: 1, Updated: 1, Via: []string{"curl", "zlib"}}, {Name: `x"y`, Changes: []diff.Change{}}},
		Shared: []diff.SharedCause{{Kind: "recipe", Specs: 2, Packages: []string{"a", "b"}, Groups: []int{0, 1}}},
		Roots:  &diff.RootChanges{Added: []diff.RootSpec{}, Changed: nil},
		Table:  []diff.Cause{{Name: "zlib", OldHash: "o", NewHash: "n", Changes: []diff.Change{{Kind: "version", From: "1", To: "2"}}}},
		Paths:  []diff.PathLink{{Name: "curl", Next: &next}, {Name: "zlib"}},
		Sets:   [][]diff.CauseRef{{}, {{Cause: 0, Path: 0}}, nil},
	}
	causes.Updates, causes.Stacks, causes.Warnings = []diff.UpdateGroup{}, nil, nil
	bare := reporttest.GenWeek(8, 10)
	bare.Causes = &diff.Causes{Pairs: 1}
	bare.Updates = nil
	reports := map[string]*diff.Report{
		"generated": reporttest.GenReport(7, 40), "week": reporttest.GenWeek(3, 60), "hostile": hostile, "empty": empty,
		"why": why, "shapes": shapes, "shared": shared, "big": big, "causes": causes, "bare": bare,
	}
	refs, indented := map[string][]byte{}, map[string][]byte{}
	defer func(n, m int) { pairsPerPart, stringsPerPart = n, m }(pairsPerPart, stringsPerPart)
	for _, cut := range [][2]int{{pairsPerPart, stringsPerPart}, {1, stringsPerPart}, {2, stringsPerPart}, {7, stringsPerPart},
		{pairsPerPart, 1}, {pairsPerPart, 25}, {7, 60}} {
		pairsPerPart, stringsPerPart = cut[0], cut[1]
		for name, r := range reports {
			if refs[name] == nil {
				refs[name] = referenceJSON(t, r)
				var b bytes.Buffer
				json.Indent(&b, bytes.TrimSuffix(refs[name], []byte("\n")), "    ", "  ")
				indented[name] = b.Bytes()
			}
			// Written into buffers of the length wanted: what they hold
			// is compared, not grown (many MB of "big", each cut).
			got := bytes.NewBuffer(make([]byte, 0, len(refs[name])))
			if err := JSON(got, r); err != nil {
				t.Fatal(err)
			}
			if want := refs[name]; !bytes.Equal(got.Bytes(), want) {
				i := 0
				for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
					i++
				}
				t.Errorf("%s, parts of %v pairs and strings: differs from encoding/json at byte %d:\n got %q\nwant %q", name, cut, i, got.Bytes()[max(0, i-80):min(got.Len(), i+80)], want[max(0, i-80):min(len(want), i+80)])
			}
			// Under a log step's prefix, as the log writes each step.
			step := bytes.NewBuffer(make([]byte, 0, len(indented[name])))
			bw := bufio.NewWriter(step)
			if err := writeReportJSON(bw, r, "    ", new(pkgWriters)); err != nil {
				t.Fatal(err)
			}
			bw.Flush()
			if !bytes.Equal(step.Bytes(), indented[name]) {
				t.Errorf("%s, parts of %v pairs and strings, under a prefix: differs from encoding/json", name, cut)
			}
		}
	}
}

// TestPackageJSONFields: pkgJSON writes every JSON field of a package and
// of the types under it, in their order. A field added to one of them
// fails here until pkgJSON writes it too (TestJSONStreamed then checks the
// bytes).
func TestPackageJSONFields(t *testing.T) {
	known := map[reflect.Type][]string{
		reflect.TypeFor[diff.Package]():       {"name", "status", "old_file,omitempty", "new_file,omitempty", "versions", "shared_variants", "counts", "specs"},
		reflect.TypeFor[diff.VersionChange](): {"old", "new", "added", "removed", "direction"},
		reflect.TypeFor[diff.Counts]():        {"old", "new", "unchanged", "restacked", "rebuilt", "updated", "added", "removed"},
		reflect.TypeFor[diff.SpecChanges]():   {"added", "removed", "rebuilt", "updated", "restacked"},
		reflect.TypeFor[diff.Spec]():          {"hash", "versions", "compiler", "os", "platform", "target", "variants", "stacks"},
		reflect.TypeFor[diff.Pair]():          {"old", "new", "facet,omitempty", "from,omitempty", "to,omitempty", "stacks_joined,omitempty", "stacks_left,omitempty", "why,omitempty"},
		reflect.TypeFor[diff.Why]():           {"known", "changed", "set,omitempty", "via,omitempty", "self,omitempty", "cut,omitempty", "causes,omitempty"},
		reflect.TypeFor[diff.DepChange]():     {"name", "old_hash,omitempty", "new_hash,omitempty"},
		reflect.TypeFor[diff.Cause]():         {"name", "old_hash,omitempty", "new_hash,omitempty", "changes", "path,omitempty"},
		reflect.TypeFor[diff.Change]():        {"kind", "from,omitempty", "to,omitempty"},
		// A log's snapshots and timeline (jsonseries.go).
		reflect.TypeFor[diff.SnapshotInfo]():    {"path", "tag", "rev,omitempty", "date,omitempty", "subject,omitempty"},
		reflect.TypeFor[diff.Timeline]():        {"packages"},
		reflect.TypeFor[diff.PackageTimeline](): {"name", "present", "versions"},
		reflect.TypeFor[diff.Span]():            {"from", "to"},
		reflect.TypeFor[diff.VersionSpan]():     {"version", ""}, // "": Span, embedded: its fields are the version's
	}
	for typ, want := range known {
		var got []string
		for f := range typ.Fields() {
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue // encoding/json leaves it out too
			}
			got = append(got, f.Tag.Get("json"))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%v has the JSON fields %q; pkgJSON writes %q: teach it the change", typ, got, want)
		}
		if _, ok := reflect.New(typ).Interface().(json.Marshaler); ok {
			t.Errorf("%v has its own MarshalJSON, which pkgJSON does not call", typ)
		}
	}
}

// TestTailJSONFields: writeTail writes the members of a report after its
// packages, and of its causes and their roots (tailRoots), one at a
// time, in their order. A field added to any fails here until writeTail
// writes it too
// (TestJSONStreamed then checks the bytes).
func TestTailJSONFields(t *testing.T) {
	for typ, want := range map[reflect.Type][]string{
		reflect.TypeFor[diff.Report](): {"old", "new", "options", "gate,omitempty", "highlights", "summary", "packages",
			"updates", "facets", "stacks", "canonicalized", "warnings", "causes,omitempty"},
		reflect.TypeFor[diff.Causes](): {"pairs", "known", "explained", "own", "cut,omitempty", "groups", "shared,omitempty", "roots,omitempty",
			"table,omitempty", "paths,omitempty", "sets,omitempty"},
		reflect.TypeFor[diff.RootChanges](): {"added", "removed", "changed", "renamed,omitempty", "unchanged,omitempty",
			"fewer_roots,omitempty", "more_roots,omitempty", "other_roots,omitempty"},
	} {
		var got []string
		for f := range typ.Fields() {
			if f.IsExported() && f.Tag.Get("json") != "-" {
				got = append(got, f.Tag.Get("json"))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%v has the JSON fields %q; writeReportJSON, writeTail and tailRoots write %q: teach them the change", typ, got, want)
		}
		if _, ok := reflect.New(typ).Interface().(json.Marshaler); ok {
			t.Errorf("%v has its own MarshalJSON, which writeTail does not call", typ)
		}
	}
}

// TestPackageJSONStrings: pkgJSON writes any string as encoding/json does
// with HTML escaping off: control characters, quotes, backslashes,
// invalid UTF-8, U+2028 and U+2029, and plain ASCII copied as it is.
func TestPackageJSONStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", "0", " ", "\"", "\\", "/", "<", ">", "&", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "\u2028", "\u2029", "\xff", "\xc3", "💥"}
	var w pkgJSON
	for range 2000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		w.b = w.b[:0]
		w.str(s)
		if got := string(w.b); got+"\n" != want.String() {
			t.Fatalf("%q: got %s, want %s", s, got, want.String())
		}
	}
}

// TestIndentJSON: indentJSON is json.Indent on what encoding/json writes.
func TestIndentJSON(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `{"a":[]}`, `{"a":{},"b":[1,2,{"c":"d"}]}`, `["\"",":","{","[","\\","\\\"","x,y"]`,
		`{"k\"":[[],[[]],{}]}` + "\n", `"x"`, `3`, `{"a":null,"b":true,"c":-1.5e3}`,
		`{"a":"b\\","c":"d,e:{f}","g":["h\"]","i"]}`, `["",""]`,
	} {
		for _, prefix := range []string{"", "    "} {
			var want, got bytes.Buffer
			if err := json.Indent(&want, []byte(src), prefix, "  "); err != nil {
				t.Fatal(err)
			}
			indentJSON(&got, []byte(src), prefix)
			if got.String() != want.String() {
				t.Errorf("%q prefix %q:\n got %q\nwant %q", src, prefix, got.String(), want.String())
			}
		}
	}
}

func BenchmarkJSON(b *testing.B) {
	r := reporttest.GenWeek(1, 2000)
	b.ReportAllocs()
	for b.Loop() {
		if err := JSON(ioDiscard{}, r); err != nil {
			b.Fatal(err)
		}
	}
}

type ioDiscard struct{}

func (ioDiscard) Write(p []byte) (int, error) { return len(p), nil }

func BenchmarkJSONReference(b *testing.B) {
	r := reporttest.GenWeek(1, 2000)
	b.ReportAllocs()
	for b.Loop() {
		enc := json.NewEncoder(ioDiscard{})
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(report.Document{Schema: report.Schema, Features: report.FeaturesOf(r), Report: r}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPkgJSONPrefixChange: one pkgJSON writing the same package under
// two prefixes gives what a fresh one gives under each (the lists it
// remembers were written under the first).
func TestPkgJSONPrefixChange(t *testing.T) {
	r := reporttest.GenWeek(2, 10)
	arr := []string{"x", "y"}
	for i := range r.Packages {
		for _, l := range [][]diff.Pair{r.Packages[i].Specs.Rebuilt, r.Packages[i].Specs.Updated} {
			for j := range l {
				l[j].Old.Stacks, l[j].New.Stacks = arr, arr
			}
		}
	}
	var used pkgJSON
	for _, prefix := range []string{"  ", "      ", "  "} {
		for i := range r.Packages {
			var fresh pkgJSON
			used.b = used.b[:0]
			if !used.write(&r.Packages[i], prefix) || !fresh.write(&r.Packages[i], prefix) {
				t.Fatal("pkgJSON gave up on a generated package")
			}
			if !bytes.Equal(used.b, fresh.b) {
				t.Fatalf("prefix %q, package %s: a reused pkgJSON wrote\n%s\na fresh one\n%s", prefix, r.Packages[i].Name, used.b, fresh.b)
			}
		}
	}
}

// TestWriteSets: the causes' sets, written by hand, are encoding/json's
// member "sets" of the causes, under any prefix: null, empty and full
// sets; and a whole document with them is the reference's.
func TestWriteSets(t *testing.T) {
	four := 4
	sets := [][]diff.CauseRef{{}, nil, {{Cause: 3, Path: 0}}, {{Cause: 0, Path: 12}, {Cause: -1, Path: 1 << 30}},
		{{SetBase: &diff.SetBase{Set: 2, Via: 7}}, {Cause: 0, Path: 0}, {Cause: 4, Path: 2, Over: &four}}}
	if n := reflect.TypeFor[diff.CauseRef]().NumField(); n != 4 {
		t.Fatalf("diff.CauseRef has %d fields: writeSets writes cause and path, a base's set and via, or an override's over and path, only", n)
	}
	for _, prefix := range []string{"", "  ", "      "} {
		want := marshalIndent(struct {
			X    int               `json:"x"`
			Sets [][]diff.CauseRef `json:"sets"`
		}{1, sets}, prefix)
		got := writeSets([]byte("{\n"+prefix+`  "x": 1`), sets, prefix+"  ")
		got = append(append(got, '\n'), prefix+"}"...)
		if !bytes.Equal(got, want) {
			t.Errorf("prefix %q:\n got %s\nwant %s", prefix, got, want)
		}
	}
	r := reporttest.GenWeek(3, 30)
	if r.Causes == nil {
		t.Fatal("the generated week has no causes")
	}
	r.Causes.Sets = append(r.Causes.Sets, sets...)
	var got bytes.Buffer
	if err := JSON(&got, r); err != nil {
		t.Fatal(err)
	}
	if want := referenceJSON(t, r); !bytes.Equal(got.Bytes(), want) {
		t.Errorf("a week with sets: JSON differs from encoding/json's")
	}
}

// TestSharedStrsLongList: a list of largeElem strings or more is written
// but not kept in pkgJSON.lists (a package of 64 specs of 4,000
// variants each held 1.5x its input in the copies), and a short one is.
func TestSharedStrsLongList(t *testing.T) {
	long := make([]string, largeElem)
	for i := range long {
		long[i] = fmt.Sprintf("v%06d=1", i)
	}
	short := []string{"+shared", "build_system=cmake"}
	w := pkgJSON{lists: new([512]memo.Slot[listJSON])}
	w.begin("")
	for _, l := range [][]string{long, short} {
		start := len(w.b)
		w.sharedStrs(1, l)
		var ref pkgJSON
		ref.begin("")
		ref.strs(1, l)
		if !bytes.Equal(w.b[start:], ref.b) {
			t.Fatalf("%d strings: wrote\n%s\nwant\n%s", len(l), w.b[start:], ref.b)
		}
		k := memo.List(l)
		if kept := memo.Lookup(w.lists[:], k).Holds(k); kept != (len(l) < largeElem) {
			t.Errorf("%d strings: kept %v, want %v", len(l), kept, len(l) < largeElem)
		}
	}
}
