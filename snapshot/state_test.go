package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// TestSpecSize: a snapshot holds up to millions of specs, so every field
// of Spec costs (issue 11 item 6: memory within 4x the input). Fields few
// specs have go in SpecMore.
func TestSpecSize(t *testing.T) {
	if n := unsafe.Sizeof(Spec{}); n > 160 {
		t.Errorf("Spec is %d bytes, was 160: put a rare field in SpecMore", n)
	}
}

// TestListsShared: identical lists of the specs a loader loads share one
// array, and an empty list keeps no decoder's array alive.
func TestListsShared(t *testing.T) {
	var lc listCache
	specs := []Spec{
		{Versions: []string{"1.0"}, Stacks: []string{"root"}, Variants: make([]string, 0, 4)},
		{Versions: []string{"1.0"}, Stacks: []string{"root"}, Variants: []string{}},
		{Versions: []string{"2.0"}},
	}
	lc.share(specs)
	if &specs[0].Versions[0] != &specs[1].Versions[0] || &specs[0].Stacks[0] != &specs[1].Stacks[0] {
		t.Error("identical lists not shared")
	}
	if specs[2].Versions[0] != "2.0" || specs[2].Stacks != nil || specs[2].Variants != nil {
		t.Errorf("third spec %+v", specs[2])
	}
	if cap(specs[0].Variants) != 0 || specs[0].Variants == nil {
		t.Errorf("empty variants: cap %d, nil %v", cap(specs[0].Variants), specs[0].Variants == nil)
	}
}

// TestOneStringListsShared: one-string lists (a spec's version) are
// shared however many values alternate, not only the last two (issue 11
// item 6: a million tiny specs of ten versions kept a million arrays).
func TestOneStringListsShared(t *testing.T) {
	var lc listCache
	specs := make([]Spec, 100)
	for i := range specs {
		specs[i].Versions = []string{fmt.Sprint("1.", i%10)}
	}
	lc.share(specs)
	for i := 10; i < len(specs); i++ {
		if &specs[i].Versions[0] != &specs[i%10].Versions[0] {
			t.Fatalf("spec %d: version %s not shared with spec %d", i, specs[i].Versions[0], i%10)
		}
	}
	for i := range maxSingle + 1 { // the map is bounded
		lc.share([]Spec{{Versions: []string{fmt.Sprint("v", i)}}})
	}
	if n := len(lc.single[0]); n > maxSingle {
		t.Errorf("%d one-string lists kept, want at most %d", n, maxSingle)
	}
}

// TestOneStringListsBoundedInPlace: the map of one-string lists is
// emptied in place when full, not made again: a lockfile pair of 32,000
// roots (each root's stack a list of its own) grew a new map to
// maxSingle entries 16 times a side while it loaded, 20 MB of garbage
// that a collection marking then counts as live. Eight times maxSingle
// distinct lists allocate what the first maxSingle did, and a quarter
// more at most (the garbage before: 8x).
func TestOneStringListsBoundedInPlace(t *testing.T) {
	specs := make([]Spec, 8*maxSingle)
	for i := range specs {
		specs[i].Stacks = []string{fmt.Sprint("p", i, "@1")}
	}
	var lc listCache
	var m [3]runtime.MemStats
	runtime.ReadMemStats(&m[0])
	lc.share(specs[:maxSingle])
	runtime.ReadMemStats(&m[1])
	lc.share(specs[maxSingle:])
	runtime.ReadMemStats(&m[2])
	first, all := m[1].TotalAlloc-m[0].TotalAlloc, m[2].TotalAlloc-m[0].TotalAlloc
	if all > first+first/4 {
		t.Errorf("%d distinct one-string lists allocated %d bytes, the first %d %d: want at most a quarter more", len(specs), all, maxSingle, first)
	}
	if n := len(lc.single[2]); n == 0 || n > maxSingle {
		t.Errorf("%d one-string lists kept, want 1 to %d", n, maxSingle)
	}
}

// TestListsSharedLoaded: the lists of pages decoded by one loading state
// share arrays across pages, canonicalized (the scanner shares them by
// their text, from the first page on) or raw (listCache shares a spec's
// other lists once its variants are shared: from the second page on).
func TestListsSharedLoaded(t *testing.T) {
	page := func(h int) []byte {
		return []byte(fmt.Sprintf("---\ntitle: \"p\"\nlayout: cache\ncategories: [package, develop]\nspec_details: [{\"hash\": %q, \"versions\": [\"=1.0\"], \"variants\": [\"~b\", \"+a\"], \"stacks\": [\"root\", \"s\"], \"compiler\": \"\", \"os\": \"\", \"platform\": \"\", \"target\": \"\", \"size\": \"-\"}]\nmeta: {\"num_specs\": 1}\n---\n", hashN(h)))
	}
	for _, raw := range []bool{false, true} {
		st := newLoadState()
		var specs []Spec
		for i := range 3 {
			p, _, _, _, err := decodeOther(pageDecoder(t), "p", page(i+1), Options{Raw: raw}, st, false)
			if err != nil {
				t.Fatal(err)
			}
			specs = append(specs, p[0].Specs[0])
		}
		first := 0
		if raw {
			first = 1
		}
		x, y := specs[first], specs[2]
		if &x.Versions[0] != &y.Versions[0] || &x.Variants[0] != &y.Variants[0] || &x.Stacks[0] != &y.Stacks[0] {
			t.Errorf("raw %v: the lists of pages %d and 3 are not shared: %v %v", raw, first+1, x, y)
		}
	}
}

// TestSpecMoreEmpty: SpecMore.empty is false when any one field is set,
// so that a field added to SpecMore is not dropped with a tarball
// (dropTarballs).
func TestSpecMoreEmpty(t *testing.T) {
	if !(&SpecMore{}).Empty() {
		t.Fatal("the zero SpecMore is not empty")
	}
	typ := reflect.TypeOf(SpecMore{})
	for i := range typ.NumField() {
		var m SpecMore
		f := reflect.ValueOf(&m).Elem().Field(i)
		f = reflect.NewAt(f.Type(), f.Addr().UnsafePointer()).Elem() // unexported fields too
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Int, reflect.Int32:
			f.SetInt(1)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 0, 0))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		default:
			t.Fatalf("field %s of kind %s: teach this test to set it", typ.Field(i).Name, f.Kind())
		}
		if m.Empty() {
			t.Errorf("SpecMore with only %s set reads as empty", typ.Field(i).Name)
		}
	}
}

// TestSpecMoreSize: every spec of a Spack file has a SpecMore (a lockfile
// of tiny records, one a record of 68 bytes), so it holds only what
// Spack files give: 80 bytes. It was 112 with a page's size, tarball and
// extra fields in it.
func TestSpecMoreSize(t *testing.T) {
	if size := unsafe.Sizeof(SpecMore{}); size > 80 && unsafe.Sizeof(0) == 8 {
		t.Errorf("a SpecMore is %d bytes, want at most 80", size)
	}
}

// TestDropTarballKeepsPage: DropTarball forgets the PageFields only when
// the tarball was all they held.
func TestDropTarballKeepsPage(t *testing.T) {
	typ := reflect.TypeOf(PageFields{})
	for i := range typ.NumField() {
		if typ.Field(i).Name == "Tarball" {
			continue
		}
		var m SpecMore
		f := reflect.ValueOf(m.Page()).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		default:
			t.Fatalf("field %s of kind %s: teach this test to set it", typ.Field(i).Name, f.Kind())
		}
		m.Page().Tarball = "t"
		if m.DropTarball(); m.Empty() {
			t.Errorf("PageFields with %s and a tarball: dropping the tarball dropped %s", typ.Field(i).Name, typ.Field(i).Name)
		}
	}
	var m SpecMore
	m.Page().Tarball = "t"
	if m.DropTarball(); !m.Empty() {
		t.Error("PageFields of a tarball alone: kept once it was dropped")
	}
}

// TestSharedLoad: snapshots loaded with a Shared, one after another, at
// the same time, and with other options in between, are what they are
// loaded alone (specs, rule counts, warnings, everything), and the later
// ones do take over the earlier ones' state: equal lists of two
// snapshots are then one list.
func TestSharedLoad(t *testing.T) {
	dirs := []string{"develop-2025-02-16", "develop-2025-02-23", "develop-2025-03-02", "develop-2025-03-09", "develop-2025-03-16"}
	opts := []Options{{}, {Raw: true}, {Tarballs: true}}
	alone := func(dir string, o Options) *Snapshot {
		s, err := Load(filepath.Join("../testdata/real-series", dir), o)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	sh := new(Shared)
	var got []*Snapshot
	for _, o := range opts {
		for i, dir := range dirs {
			o.Shared = sh
			var s, s2 *Snapshot
			if i%2 == 1 { // two at once
				var wg sync.WaitGroup
				wg.Go(func() { s2 = alone(dirs[i-1], o) })
				s = alone(dir, o)
				wg.Wait()
			} else {
				s = alone(dir, o)
			}
			o.Shared = nil
			for _, x := range []struct {
				s   *Snapshot
				dir string
			}{{s, dir}, {s2, dirs[max(i-1, 0)]}} {
				if x.s == nil {
					continue
				}
				if want := alone(x.dir, o); !reflect.DeepEqual(x.s, want) {
					t.Fatalf("%s with %+v: loaded with a Shared, it differs from loaded alone", x.dir, o)
				}
			}
			if !o.Raw {
				got = append(got, s)
			}
		}
	}
	// Equal lists of two snapshots loaded one after the other with the
	// same state are one list: on trees of real size, whose states are
	// kept whatever pages each goroutine read (realSizeTree).
	got = got[:0]
	sh = new(Shared)
	for _, dir := range dirs[:3] {
		s, err := Load(realSizeTree(t, dir), Options{Shared: sh})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	shared := 0
	for i := 1; i < len(got); i++ {
		lists := map[*string]bool{}
		for _, p := range got[i-1].Packages {
			for _, sp := range p.Specs {
				if len(sp.Variants) > 0 {
					lists[&sp.Variants[0]] = true
				}
			}
		}
		for _, p := range got[i].Packages {
			for _, sp := range p.Specs {
				if len(sp.Variants) > 0 && lists[&sp.Variants[0]] {
					shared++
				}
			}
		}
	}
	if shared == 0 {
		t.Error("no variants list of a snapshot is one of the snapshot loaded before it with the same Shared")
	}
}

// TestSharedBounded: a state that keeps for the next Load's lookups more
// than maxSharedShare of what it read, in bytes of strings and
// sharedStringCost per string, forgets it when Shared takes it back, and
// keeps its read buffer; a state within the bound keeps it all. The
// bound is relative to what the state read, at every size: bounds in
// absolute numbers made a cliff (TestOnePackageAlloc, in cmd/cachediff).
func TestSharedBounded(t *testing.T) {
	keeping := func(st *loadState, strings, bytes int) {
		st.states = append(st.states, decoderState{fakeStateful{}, &fakeState{strings, bytes}})
	}
	for _, scale := range []int{1, 1 << 10, 1 << 20} { // the same at every size
		cost := func(strings, bytes int) int { return bytes + sharedStringCost*strings }
		sh := new(Shared)
		many, few := sh.get(), sh.get()
		keeping(many, 100*scale, scale)
		keeping(few, scale, 10*scale)
		many.buf = make([]byte, 0, 1<<20)
		// Each read four times what the state with few strings keeps:
		// the other keeps more, by the count of its strings alone.
		read := 4 * cost(scale, 10*scale)
		sh.put(many, read)
		sh.put(few, read)
		if len(sh.free) != 2 {
			t.Fatalf("scale %d: Shared kept %d states, want both", scale, len(sh.free))
		}
		if len(many.states) != 0 || len(many.canon.m) != 0 {
			t.Errorf("scale %d: the state of many strings kept them", scale)
		}
		if cap(many.buf) != 1<<20 {
			t.Errorf("scale %d: the state of many strings let its read buffer go", scale)
		}
		if len(few.states) != 1 {
			t.Errorf("scale %d: the state of few strings forgot them", scale)
		}
		// At a quarter exactly, kept; a byte less read, forgotten.
		st := newLoadState()
		keeping(st, scale, 10*scale)
		if !st.worthKeeping(read) {
			t.Errorf("scale %d: a state keeping a quarter of what it read is not worth keeping", scale)
		}
		if st.worthKeeping(read - 1) {
			t.Errorf("scale %d: a state keeping over a quarter of what it read is worth keeping", scale)
		}
		if sh.get().read != 0 {
			t.Error("get gave a state with the bytes read in the Load before")
		}
	}
}

// TestLoadPutsStatesByItsBytes: a Load's states go back to Shared judged
// by what the whole Load read, not what each read. Their tables, shared,
// are counted whole in each, and a goroutine that the scheduler gave few
// files forgot them: under load, no list of a snapshot was one of the
// snapshot before (TestSharedLoad failed once in make test). A Load of
// one page on two goroutines leaves one of them idle, whatever the
// scheduler does: its state, keeping a little, must keep it.
func TestLoadPutsStatesByItsBytes(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	sh := new(Shared)
	a, b := sh.get(), sh.get()
	for _, st := range []*loadState{a, b} {
		st.states = append(st.states, decoderState{fakeStateful{}, &fakeState{1, 10}})
	}
	sh.put(a, 1<<20)
	sh.put(b, 1<<20)
	dir := writeTree(t, map[string]string{"zlib/specs.md": simplePage("zlib", "develop", 0, 3)})
	if _, err := Load(dir, Options{Shared: sh}); err != nil {
		t.Fatal(err)
	}
	idle := 0
	for _, st := range sh.free {
		if st.read != 0 {
			continue
		}
		idle++
		if !slices.ContainsFunc(st.states, func(ds decoderState) bool { _, ok := ds.s.(*fakeState); return ok }) {
			t.Error("the state of the goroutine that read nothing forgot what it kept, judged by its own bytes")
		}
	}
	if idle != 1 {
		t.Fatalf("%d of %d states read nothing, want 1", idle, len(sh.free))
	}
}

// fakeStateful is a Stateful decoder of nothing, whose states keep what
// they are told to (fakeState).
type fakeStateful struct{}

func (fakeStateful) Claims(string) bool   { return false }
func (fakeStateful) Detect([]byte) bool   { return false }
func (fakeStateful) NewState() State      { return &fakeState{} }
func (fakeStateful) Share(states []State) {}
func (fakeStateful) Decode(string, []byte) ([]*Package, []Warning, error) {
	return nil, nil, nil
}

type fakeState struct{ strings, bytes int }

func (s *fakeState) Decode(string, []byte, *Finisher) ([]*Package, []Warning, error) {
	return nil, nil, nil
}
func (s *fakeState) Kept() (int, int) { return s.strings, s.bytes }

// TestKept: what a state keeps is counted as it reads pages: its
// canonical forms, and what its decoders' states keep (the page format's
// own test checks those: package catalog, TestKeptBytes).
func TestKept(t *testing.T) {
	dir := realSizeTree(t, "develop-2025-02-16")
	sh := new(Shared)
	for range 2 {
		if _, err := Load(dir, Options{Shared: sh}); err != nil {
			t.Fatal(err)
		}
	}
	if len(sh.free) == 0 {
		t.Fatal("no state kept after loading two real trees")
	}
	for _, st := range sh.free {
		want, wantN := 0, len(st.canon.m)
		for k, e := range st.canon.m {
			want += len(k.s) + len(e.s)
		}
		if len(st.states) != 1 {
			t.Fatalf("%d decoder states, want the page format's", len(st.states))
		}
		n, b := st.states[0].s.Kept()
		if n == 0 || b == 0 {
			t.Errorf("the page format's state keeps %d strings, %d bytes", n, b)
		}
		if gotN, got := st.kept(); got != want+b || gotN != wantN+n {
			t.Errorf("kept %d strings, %d bytes; want %d, %d", gotN, got, wantN+n, want+b)
		}
	}
}

// TestEqualLists: EqualLists answers as slices.Equal does, whether or not
// the lists share an array.
func TestEqualLists(t *testing.T) {
	a := []string{"+a", "~b", "c=1"}
	same := slices.Clone(a)
	for _, c := range []struct {
		x, y []string
	}{
		{nil, nil}, {nil, []string{}}, {[]string{}, []string{}},
		{a, a}, {a, same}, {a, a[:2]}, {a[:2], same[:2]}, {a[1:], a[:2]},
		{a, []string{"+a", "~b", "c=2"}}, {a, nil}, {[]string{""}, nil},
	} {
		for _, xy := range [][2][]string{{c.x, c.y}, {c.y, c.x}} {
			if got, want := EqualLists(xy[0], xy[1]), slices.Equal(xy[0], xy[1]); got != want {
				t.Errorf("EqualLists(%q, %q) = %v, want %v", xy[0], xy[1], got, want)
			}
		}
	}
}

// realSizeTree writes a tree of the pages of the real-series snapshot
// tag, each forty times under other names (each copy with hashes of its
// own), and returns its path. A loading state then keeps less than a
// quarter of what it read, as with a real-size tree, and is kept for the
// next Load (maxSharedShare); a state that loaded the real tree itself,
// a few small pages, may not be, depending on which pages it read.
func realSizeTree(t *testing.T, tag string) string {
	t.Helper()
	src := filepath.Join("../testdata/real-series", tag)
	dir := t.TempDir()
	pkgs, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		page, err := os.ReadFile(filepath.Join(src, p.Name(), "specs.md"))
		if err != nil {
			t.Fatal(err)
		}
		hashes := regexp.MustCompile(`"hash": "([a-z2-7]{32})"`).FindAllStringSubmatch(string(page), -1)
		for i := range 40 {
			name := fmt.Sprintf("%s-%d", p.Name(), i)
			text := strings.Replace(string(page), fmt.Sprintf("title: %q", p.Name()), fmt.Sprintf("title: %q", name), 1)
			for _, h := range hashes { // a hash of its own in each copy
				text = strings.ReplaceAll(text, h[1], h[1][:30]+string(rune('a'+i/26))+string(rune('a'+i%26)))
			}
			if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name, "specs.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// TestSharedKeepsLargeStates: a state that keeps many strings, or many
// bytes, within maxSharedShare of what its Load read is kept whole for
// the next Load, past any bound in absolute numbers (2^17 strings, 16
// MB: one package of 256k specs then read and canonicalized every string
// again, TestOnePackageAlloc in cmd/cachediff). Each bound alone is
// checked, with the other far under it.
func TestSharedKeepsLargeStates(t *testing.T) {
	for _, c := range []struct{ strings, bytes int }{
		{1<<17 + 1, 1 << 10},
		{1 << 10, 16<<20 + 1},
		{1 << 20, 64 << 20},
	} {
		sh := new(Shared)
		st := sh.get()
		st.states = append(st.states, decoderState{fakeStateful{}, &fakeState{c.strings, c.bytes}})
		read := 4 * (c.bytes + sharedStringCost*c.strings)
		sh.put(st, read)
		if len(sh.free) != 1 || sh.free[0] != st {
			t.Errorf("%d strings, %d bytes for %d read: Shared kept %d states, want the one put", c.strings, c.bytes, read, len(sh.free))
			continue
		}
		if n, b := st.kept(); n != c.strings || b != c.bytes {
			t.Errorf("%d strings, %d bytes for %d read: the state put keeps %d strings, %d bytes", c.strings, c.bytes, read, n, b)
		}
	}
}
