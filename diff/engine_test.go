package diff

import (
	"encoding/json"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// h makes a valid hash from a short name.
func h(name string) string { return (name + strings.Repeat("a", 32))[:32] }

func sp(hash, ver, compiler, target string, stacks ...string) snapshot.Spec {
	return snapshot.Spec{Hash: h(hash), Versions: []string{ver}, Compiler: compiler, OS: "ubuntu24.04",
		Platform: "linux", Target: target, Variants: []string{"+shared"}, Stacks: slices.Sorted(slices.Values(append(stacks, "root")))}
}

func snap(tag string, specs ...snapshot.Spec) *snapshot.Snapshot {
	sortByHash(specs)
	return &snapshot.Snapshot{Path: tag, Tag: tag, Canon: snapshot.RuleCounts{},
		Packages: []*snapshot.Package{{Name: "zlib", Line: 6, Specs: specs, Origin: &snapshot.Origin{File: tag + "/zlib/specs.md"}}}}
}

func hashes(specs []Spec) string {
	var l []string
	for _, s := range specs {
		l = append(l, s.Hash[:4])
	}
	return strings.Join(l, " ")
}

func pairHashes(ps []Pair) string {
	var l []string
	for _, p := range ps {
		l = append(l, p.Old.Hash[:4]+">"+p.New.Hash[:4])
	}
	return strings.Join(l, " ")
}

func TestRebuiltPrefersEqualStacks(t *testing.T) {
	before := snap("a",
		sp("o1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s"),
		sp("o2bb", "1.3", "gcc@13.2.0", "x86_64_v3", "hep"),
		sp("o3bb", "1.3", "gcc@13.2.0", "x86_64_v3", "tutorial"),
	)
	after := snap("b",
		sp("n1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "hep"),
		sp("n2bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s"),
	)
	p := compare(before, after).Packages[0]
	// o1/e4s pairs with n2/e4s and o2/hep with n1/hep although the hashes
	// would sort them the other way; o3 is left over.
	if got, want := pairHashes(p.Specs.Rebuilt), "o1bb>n2bb o2bb>n1bb"; got != want {
		t.Errorf("rebuilt %s, want %s", got, want)
	}
	if got := hashes(p.Specs.Removed); got != "o3bb" {
		t.Errorf("removed %s, want o3bb", got)
	}
}

func TestUpdatePassOrder(t *testing.T) {
	// o1 could be a version update of n1 or a compiler update of n2: the
	// version pass comes first. o2 then pairs with n2 as a compiler update
	// (it differs from n1 in two facets).
	before := snap("a",
		sp("o1bb", "1.3", "gcc@13.2.0", "x86_64_v3"),
		sp("o2bb", "1.2", "gcc@11.4.0", "aarch64"),
	)
	after := snap("b",
		sp("n1bb", "1.4", "gcc@13.2.0", "x86_64_v3"),
		sp("n2bb", "1.2", "none", "aarch64"),
	)
	r := compare(before, after)
	u := r.Packages[0].Specs.Updated
	if got, want := pairHashes(u), "o2bb>n2bb o1bb>n1bb"; got != want {
		t.Fatalf("updated %s, want %s", got, want)
	}
	if u[1].Facet != "version" || u[1].From != "1.3" || u[1].To != "1.4" {
		t.Errorf("version update reported as %s %s → %s", u[1].Facet, u[1].From, u[1].To)
	}
	if u[0].Facet != "compiler" || u[0].From != "gcc@11.4.0" || u[0].To != "none" {
		t.Errorf("compiler update reported as %s %s → %s", u[0].Facet, u[0].From, u[0].To)
	}
	if v := r.Packages[0].Versions; v.Direction != Upgraded || strings.Join(v.Added, ",") != "1.4" || strings.Join(v.Removed, ",") != "1.3" {
		t.Errorf("versions %+v, want 1.3 removed, 1.4 added, upgraded", v)
	}
	if len(r.Updates) != 2 || r.Updates[0].Facet != "version" || r.Updates[1].Facet != "compiler" {
		t.Errorf("update groups %+v, want version then compiler", r.Updates)
	}
}

func TestTwoFacetsIsAddedAndRemoved(t *testing.T) {
	before := snap("a", sp("o1bb", "1.3", "gcc@13.2.0", "x86_64_v3"))
	after := snap("b", sp("n1bb", "1.4", "none", "x86_64_v3"))
	c := compare(before, after).Packages[0].Counts
	if c.Added != 1 || c.Removed != 1 || c.Updated != 0 {
		t.Errorf("counts %+v, want one added and one removed", c)
	}
}

func TestSameHashOtherFacetsWarns(t *testing.T) {
	before := snap("a", sp("o1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s"))
	after := snap("b", sp("o1bb", "1.3", "gcc@13.3.0", "x86_64_v3", "hep"))
	r := compare(before, after)
	if c := r.Summary.Specs; c.Restacked != 1 {
		t.Errorf("counts %+v, want restacked by hash", c)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, "compiler gcc@13.2.0 → gcc@13.3.0") || r.Warnings[0].File != "b/zlib/specs.md" {
		t.Errorf("warnings %+v, want one about the compiler under the same hash", r.Warnings)
	}
	x := r.Packages[0].Specs.Restacked[0]
	if strings.Join(x.StacksJoined, ",") != "hep" || strings.Join(x.StacksLeft, ",") != "e4s" {
		t.Errorf("stacks joined %v left %v", x.StacksJoined, x.StacksLeft)
	}
}

func TestDirections(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		want     Direction
	}{
		{"1.2", "1.10", Upgraded},
		{"2.0", "2.0rc1", Downgraded},
		{"1.0 2.0", "1.5 2.0", Other},
		{"1.0", "develop", Upgraded},
		{"1.0", "1.0", NoChange},
		// Spack holds these equal (StandardVersion.__eq__ compares the
		// parsed components): the newest was respelled, neither rose
		// nor fell, and --fail-on downgrade must not trip on it.
		{"1.2", "1.02", Other},
		{"1.02", "1.2", Other},
		{"1.2", "1-2", Other},
		{"1.0 2.0", "1.0 2_0", Other},
		// A git version is ordered by the version assigned to it, as
		// Spack orders a GitVersion: not as components "git", "v2"...,
		// which put every git version below 0 and made it a downgrade.
		{"1.0", "git.v2.0=2.0", Upgraded},
		{"git.v2.0=2.0", "1.0", Downgraded},
		// A git ref assigned no version (git.main, a bare commit) is
		// stored above every version, which Spack's GitVersion._order
		// says is "not a statement about which is newer": neither rose
		// nor fell (git.main → git.feature, by ref name, was a downgrade
		// that tripped --fail-on downgrade).
		{"2.0", "git.main", Other},
		{"git.main", "2.0", Other},
		{"git.main", "git.feature", Other},
		{"0123456789abcdef0123456789abcdef01234567", "1.0", Other},
		{"git.x=1.0:2.0", "git.x=1.5:", Other},
		// Nor is a git ref assigned the version the other side has:
		// Spack stores it just above that version, then by ref name,
		// which says nothing of which is newer (a commit bump at one
		// assigned version, ordered by its hex digits, was a downgrade
		// half the time, and tripped --fail-on downgrade).
		{"git.feature=2.0", "git.main=2.0", Other},
		{"git.main=2.0", "git.feature=2.0", Other},
		{"fedcba9876543210fedcba9876543210fedcba98=2.0", "0123456789abcdef0123456789abcdef01234567=2.0", Other},
		{"git.v2.0=2.0", "2.0", Other},
		{"2.0", "git.v2.0=2.0", Other},
		{"git.main=2.0", "git.feature=2.1", Upgraded},
		{"git.feature=2.1", "git.main=2.0", Downgraded},
		// The newest of the versions it can place, then: a real
		// downgrade beside a git ref still trips the gate.
		{"1.0 git.main", "2.0 git.main", Upgraded},
		{"2.0 git.main", "1.0", Downgraded},
		{"1.0", "2.0 git.main", Upgraded},
		{"git.main", "1.0 git.main", Other},
		// Spack's version/common.py: nightly is an infinity version,
		// 1.2final is 1.2 spelt otherwise.
		{"1.0", "nightly", Upgraded},
		{"1.2", "1.2final", Other},
		{"1.2rc", "1.2rc0", Upgraded},
	} {
		var olds, news []snapshot.Spec
		for i, v := range strings.Fields(tc.old) {
			olds = append(olds, sp("o"+string(rune('a'+i)), v, "gcc@13.2.0", "x86_64_v3"))
		}
		for i, v := range strings.Fields(tc.new) {
			news = append(news, sp("n"+string(rune('a'+i)), v, "gcc@13.2.0", "x86_64_v3"))
		}
		r := compare(snap("a", olds...), snap("b", news...))
		got := NoChange
		if len(r.Packages) > 0 {
			got = r.Packages[0].Versions.Direction
		}
		if got != tc.want {
			t.Errorf("%s → %s: direction %s, want %s", tc.old, tc.new, got, tc.want)
		}
	}
}

// TestDirectionNoVersion: a spec with no version ("versions": [] on a
// catalogue page, or only "") has no newest version to rise or fall
// from: a package whose one side has none changed, neither upgraded nor
// downgraded (it tripped --fail-on downgrade when its version went
// missing).
func TestDirectionNoVersion(t *testing.T) {
	for _, tc := range []struct{ old, new []string }{
		{nil, []string{"1.0"}}, {[]string{"1.0"}, nil}, {[]string{""}, []string{"1.0"}}, {[]string{"1.0"}, []string{""}},
	} {
		o, n := sp("oaaa", "", "gcc@13.2.0", "x86_64_v3"), sp("nbbb", "", "gcc@13.2.0", "x86_64_v3")
		o.Versions, n.Versions = tc.old, tc.new
		r := compare(snap("a", o), snap("b", n))
		if len(r.Packages) != 1 {
			t.Fatalf("%q → %q: %d packages", tc.old, tc.new, len(r.Packages))
		}
		if got := r.Packages[0].Versions.Direction; got != Other {
			t.Errorf("%q → %q: direction %s, want %s", tc.old, tc.new, got, Other)
		}
	}
}

func TestRollups(t *testing.T) {
	before := snap("a", sp("o1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s"), sp("o2bb", "1.3", "gcc@13.2.0", "aarch64", "e4s"))
	after := snap("b", sp("n1bb", "1.3", "none", "x86_64_v3", "hep"))
	r := compare(before, after)
	c := r.Facets.Compiler
	if strings.Join(c.Added, ",") != "none" || strings.Join(c.Removed, ",") != "gcc@13.2.0" {
		t.Errorf("compiler roll-up added %v removed %v", c.Added, c.Removed)
	}
	want := ValueCounts{{"gcc@13.2.0", OldToNew{2, 0}}, {"none", OldToNew{0, 1}}}
	if len(c.Counts) != 2 || c.Counts[0] != want[0] || c.Counts[1] != want[1] {
		t.Errorf("compiler counts %+v, want %+v", c.Counts, want)
	}
	var rows []string
	for _, s := range r.Stacks {
		rows = append(rows, s.Name+":"+itoa(s.Specs.Old)+">"+itoa(s.Specs.New)+"/"+itoa(s.Packages.Old)+">"+itoa(s.Packages.New))
	}
	if got := strings.Join(rows, " "); got != "e4s:2>0/1>0 hep:0>1/0>1 root:2>1/1>1" {
		t.Errorf("stack rows %s", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestValueCountsJSON(t *testing.T) {
	in := ValueCounts{{"b", OldToNew{1, 2}}, {"a", OldToNew{3, 0}}}
	data, err := in.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != `{"b":{"old":1,"new":2},"a":{"old":3,"new":0}}` {
		t.Fatalf("marshalled %s", data)
	}
	var out ValueCounts
	if err := out.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0] != in[0] || out[1] != in[1] {
		t.Fatalf("round trip %+v", out)
	}
}

func TestVersionPassPairsNewest(t *testing.T) {
	before := snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3"), sp("o2bb", "2.0", "gcc@13.2.0", "x86_64_v3"))
	after := snap("b", sp("n1bb", "2.1", "gcc@13.2.0", "x86_64_v3"))
	p := compare(before, after).Packages[0]
	if got := pairHashes(p.Specs.Updated); got != "o2bb>n1bb" {
		t.Errorf("updated %s, want 2.0 → 2.1 (o2bb>n1bb)", got)
	}
	if got := hashes(p.Specs.Removed); got != "o1bb" {
		t.Errorf("removed %s, want 1.0 (o1bb)", got)
	}
}

func TestListsDoNotCollide(t *testing.T) {
	o := sp("o1bb", "1.0,2.0", "gcc@13.2.0", "x86_64_v3")
	n := sp("n1bb", "1.0", "gcc@13.2.0", "x86_64_v3")
	n.Versions = []string{"1.0", "2.0"}
	p := compare(snap("a", o), snap("b", n)).Packages[0]
	if p.Counts.Rebuilt != 0 || p.Counts.Updated != 1 {
		t.Errorf("counts %+v: [\"1.0,2.0\"] and [\"1.0\", \"2.0\"] are different versions", p.Counts)
	}
	// Each version quoted: a version holds a comma (JoinVersions).
	if u := p.Specs.Updated[0]; u.From != `"1.0,2.0"` || u.To != `"1.0", "2.0"` {
		t.Errorf("update shown as %q → %q", u.From, u.To)
	}
}

func TestMovedHashWarns(t *testing.T) {
	before := snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3"))
	after := &snapshot.Snapshot{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{},
		Packages: []*snapshot.Package{{Name: "zstd", Specs: []snapshot.Spec{sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")}, Origin: &snapshot.Origin{File: "b/zstd/specs.md"}}}}
	r := compare(before, after)
	if len(r.Warnings) != 1 || r.Warnings[0].File != "b/zstd/specs.md" || !strings.Contains(r.Warnings[0].Message, "moved from package zlib to zstd") {
		t.Errorf("warnings %+v, want one about the hash moving from zlib to zstd", r.Warnings)
	}
	// The hash that left zlib is the old spec of a rebuild, or of an
	// update, in zlib (a spec of zlib's new page took its place): the
	// warning is found from the report as when it is removed.
	for _, version := range []string{"1.0", "2.0"} {
		before := snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3"))
		after := snap("b", sp("n1bb", version, "gcc@13.2.0", "x86_64_v3"))
		after.Packages = append(after.Packages, &snapshot.Package{Name: "zstd", Specs: []snapshot.Spec{sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")}, Origin: &snapshot.Origin{File: "b/zstd/specs.md"}})
		r := compare(before, after)
		if c := r.Packages[0].Counts; c.Rebuilt+c.Updated != 1 {
			t.Fatalf("version %s: zlib counts %+v, want one rebuilt or updated", version, c)
		}
		if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, "moved from package zlib to zstd") {
			t.Errorf("version %s: warnings %+v, want one about the hash moving from zlib to zstd", version, r.Warnings)
		}
	}
}

// TestCompareReleasing: CompareReleasing makes the report CompareWith
// makes, with every filter, and leaves the snapshots' packages without
// specs (issue 11 item 6: the snapshots' specs and the report's are not
// all held at once).
func TestCompareReleasing(t *testing.T) {
	for seed := range propertySeeds() {
		for _, f := range filters(seed) {
			n := 1 + int(seed%30)
			a, b, _ := newGenerator(seed, false).pair(n)
			want, _ := json.Marshal(compareWith(t, a, b, f))
			a, b, _ = newGenerator(seed, false).pair(n)
			r, err := CompareReleasing(a, b, f)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := json.Marshal(r); string(got) != string(want) {
				t.Fatalf("seed %d, filter %+v: CompareReleasing's report differs from CompareWith's", seed, f)
			}
			if len(f.Stacks) > 0 {
				continue // the stacks filter compares copies of the pages
			}
			for _, s := range []*snapshot.Snapshot{a, b} {
				for _, p := range s.Packages {
					if f.Packages != nil && !slices.ContainsFunc(f.Packages, func(pat string) bool { ok, _ := path.Match(pat, p.Name); return ok }) {
						continue
					}
					if p.Specs != nil {
						t.Fatalf("seed %d, filter %+v: %s keeps %d specs", seed, f, p.Name, len(p.Specs))
					}
				}
			}
		}
	}
}

// compare diffs two snapshots with the zero Filter, which cannot fail.
func compare(before, after *snapshot.Snapshot) *Report {
	r, err := CompareWith(before, after, Filter{})
	if err != nil {
		panic(err)
	}
	return r
}

// TestMovedHashesHalves: movedHashes reads the two halves of the packages
// at once and names the last package, in order, whose old specs held the
// hash, whichever half it is in.
func TestMovedHashesHalves(t *testing.T) {
	x := h("xmov")
	for _, from := range [][]string{{"a"}, {"c"}, {"a", "c"}, {"b", "c"}, {"a", "b"}} {
		var pkgs []Package
		for _, name := range []string{"a", "b", "c", "d"} {
			p := Package{Name: name, NewFile: "new/" + name + "/specs.md"}
			if slices.Contains(from, name) {
				if name == "b" {
					p.Specs.Rebuilt = []Pair{{Old: &Spec{Hash: x}, New: &Spec{Hash: h("nnew")}}}
				} else {
					p.Specs.Removed = []Spec{{Hash: x}}
				}
			}
			if name == "d" {
				p.Specs.Added = []Spec{{Hash: x}}
			}
			pkgs = append(pkgs, p)
		}
		w := movedHashes(pkgs)
		last := from[len(from)-1]
		want := "hash " + x + " moved from package " + last + " to d; a hash names one build of one package"
		if len(w) != 1 || w[0].Message != want || w[0].File != "new/d/specs.md" {
			t.Errorf("from %v: warnings %+v, want %q", from, w, want)
		}
	}
}

// hashFilter (movedHashes' table of the new hashes) holds every hash
// added, and almost never another: a yes for another is only looked up
// by string.
func TestHashFilter(t *testing.T) {
	const n = 20000
	f := newHashFilter(n)
	for i := range n {
		f.add(h("in" + strconv.Itoa(i)))
	}
	f.add(h("in0")) // twice
	others := 0
	for i := range n {
		if !f.has(h("in" + strconv.Itoa(i))) {
			t.Fatalf("%d: added, but not held", i)
		}
		if f.has(h("out" + strconv.Itoa(i))) {
			others++
		}
	}
	if others > 2 {
		t.Errorf("%d of %d hashes not added are held", others, n)
	}
}

// TestMovedHashLookalikeQuoted: a hash that moved from bc to a package
// bс, its c Cyrillic (a page retitled), names both in ASCII: the warning
// (and the gate's refusal that quotes it) read "moved from package bc to
// bс", two names that look the same. ASCII names stay as they are
// (TestMovedHashWarns).
func TestMovedHashLookalikeQuoted(t *testing.T) {
	before := &snapshot.Snapshot{Path: "a", Tag: "a", Canon: snapshot.RuleCounts{},
		Packages: []*snapshot.Package{{Name: "bc", Specs: []snapshot.Spec{sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")}, Origin: &snapshot.Origin{File: "a/bc/specs.md"}}}}
	after := &snapshot.Snapshot{Path: "b", Tag: "b", Canon: snapshot.RuleCounts{},
		Packages: []*snapshot.Package{{Name: "b\u0441", Specs: []snapshot.Spec{sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")}, Origin: &snapshot.Origin{File: "b/bc/specs.md"}}}}
	r := compare(before, after)
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, `moved from package "bc" to "b\u0441"; a hash names`) {
		t.Errorf("warnings %+v, want one about the hash moving from \"bc\" to \"b\\u0441\"", r.Warnings)
	}
}

// Issue 35 (messages): a hash whose facets changed between two values
// that look the same, a compiler gсc@13.2.0 with its c Cyrillic, warned
// "has other facets than in the old snapshot (compiler gcc@13.2.0 →
// gсc@13.2.0)", naming no difference to fix, as a hash's move between
// lookalike packages did (TestMovedHashLookalikeQuoted). Both values are
// quoted in ASCII then; ASCII values stay as they are.
func TestFacetDeltaLookalikeQuoted(t *testing.T) {
	r := compare(snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")), snap("b", sp("o1bb", "1.0", "g\u0441c@13.2.0", "x86_64_v3")))
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, `(compiler "gcc@13.2.0" → "g\u0441c@13.2.0")`) {
		t.Errorf("warnings %+v, want one naming the compilers in ASCII", r.Warnings)
	}
	r = compare(snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")), snap("b", sp("o1bb", "1.0", "gcc@14.1.0", "x86_64_v3")))
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, `(compiler gcc@13.2.0 → gcc@14.1.0)`) {
		t.Errorf("warnings %+v, want one naming the ASCII compilers as they are", r.Warnings)
	}
}

// TestFacetDeltaSpaceQuoted: a hash whose target gained a space at its
// end warned "target x86_64_v3 → x86_64_v3 ", two ASCII values that look
// the same; values that start or end with a space, or hold a control
// character, are quoted, the other side of the arrow too.
func TestFacetDeltaSpaceQuoted(t *testing.T) {
	for _, c := range []struct{ to, want string }{
		{"x86_64_v3 ", `(target "x86_64_v3" → "x86_64_v3 ")`},
		{" x86_64_v3", `(target "x86_64_v3" → " x86_64_v3")`},
		{"x86_64_v3\t", `(target "x86_64_v3" → "x86_64_v3\t")`},
	} {
		r := compare(snap("a", sp("o1bb", "1.0", "gcc@13.2.0", "x86_64_v3")), snap("b", sp("o1bb", "1.0", "gcc@13.2.0", c.to)))
		if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, c.want) {
			t.Errorf("%q: warnings %+v, want one saying %s", c.to, r.Warnings, c.want)
		}
	}
}
