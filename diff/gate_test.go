package diff

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// pkg is one package page of a hand-made snapshot.
func pkg(name string, specs ...snapshot.Spec) *snapshot.Package {
	sortByHash(specs)
	return &snapshot.Package{Name: name, Line: 6, Specs: specs, Origin: &snapshot.Origin{File: name + "/specs.md"}}
}

func snapOf(tag string, pkgs ...*snapshot.Package) *snapshot.Snapshot {
	return &snapshot.Snapshot{Path: tag, Tag: tag, Canon: snapshot.RuleCounts{}, Packages: pkgs}
}

func with(s snapshot.Spec, edit func(*snapshot.Spec)) snapshot.Spec {
	edit(&s)
	return s
}

// gateFixture has one of every kind of change:
// removed-package gone; added-package fresh; downgrade zlib 1.3 → 1.2;
// removed-spec (zlib's aarch64 spec and gone's two); lost-stack hep;
// lost-compiler gcc@11.4.0; lost-os rhel8; lost-platform darwin;
// lost-target aarch64.
func gateFixture() (before, after *snapshot.Snapshot) {
	before = snapOf("a",
		pkg("gone",
			sp("g1bb", "1.0", "gcc@11.4.0", "x86_64_v3", "hep"),
			with(sp("g2bb", "1.0", "gcc@13.2.0", "x86_64_v3"), func(s *snapshot.Spec) { s.OS, s.Platform = "sequoia", "darwin" })),
		pkg("same", sp("s1bb", "2.0", "gcc@13.2.0", "x86_64_v3", "e4s")),
		pkg("zlib",
			sp("z1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s"),
			with(sp("z2bb", "1.3", "gcc@13.2.0", "aarch64", "e4s"), func(s *snapshot.Spec) { s.OS = "rhel8" })),
	)
	after = snapOf("b",
		pkg("fresh", sp("f1bb", "0.1", "gcc@13.2.0", "x86_64_v3", "e4s")),
		pkg("same", sp("s1bb", "2.0", "gcc@13.2.0", "x86_64_v3", "e4s")),
		pkg("zlib", sp("z3bb", "1.2", "gcc@13.2.0", "x86_64_v3", "e4s")),
	)
	return before, after
}

func TestGateKinds(t *testing.T) {
	before, after := gateFixture()
	r := compare(before, after)
	g, err := CheckGate(r, GateKindNames())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Trip{}
	for _, tr := range g.Tripped {
		got[tr.Kind] = tr
	}
	for _, want := range []Trip{
		{Kind: "any", Count: 3, Unit: "package", Packages: []string{"fresh", "gone", "zlib"}, Values: []string{}},
		{Kind: "added-package", Count: 1, Unit: "package", Packages: []string{"fresh"}, Values: []string{}},
		{Kind: "removed-package", Count: 1, Unit: "package", Packages: []string{"gone"}, Values: []string{}},
		{Kind: "removed-spec", Count: 3, Unit: "spec", Packages: []string{"gone", "zlib"}, Values: []string{}},
		{Kind: "downgrade", Count: 1, Unit: "package", Packages: []string{"zlib"}, Values: []string{}},
		{Kind: "lost-stack", Count: 1, Unit: "stack", Packages: []string{}, Values: []string{"hep"}},
		{Kind: "lost-compiler", Count: 1, Unit: "compiler", Packages: []string{}, Values: []string{"gcc@11.4.0"}},
		{Kind: "lost-os", Count: 2, Unit: "os", Packages: []string{}, Values: []string{"rhel8", "sequoia"}},
		{Kind: "lost-platform", Count: 1, Unit: "platform", Packages: []string{}, Values: []string{"darwin"}},
		{Kind: "lost-target", Count: 1, Unit: "target", Packages: []string{}, Values: []string{"aarch64"}},
	} {
		if !reflect.DeepEqual(got[want.Kind], want) {
			t.Errorf("%s: tripped %+v, want %+v", want.Kind, got[want.Kind], want)
		}
	}
	if len(g.Tripped) != len(gateKinds) || g.Passed() {
		t.Errorf("tripped %d kinds, want all %d", len(g.Tripped), len(gateKinds))
	}
	for i, tr := range g.Tripped { // in the order of GateKinds
		if tr.Kind != gateKinds[i].Name {
			t.Errorf("tripped[%d] is %s, want %s", i, tr.Kind, gateKinds[i].Name)
		}
	}

	// The other way round, only what was gained is lost: nothing of the
	// fixture's kinds but the package fresh and its spec, and the upgrade.
	g, err = CheckGate(compare(after, before), GateKindNames())
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, tr := range g.Tripped {
		kinds = append(kinds, tr.Kind)
	}
	if got := strings.Join(kinds, " "); got != "any added-package removed-package removed-spec" {
		t.Errorf("reverse diff tripped %s", got)
	}
}

func TestGateOnlyListedKinds(t *testing.T) {
	before, after := gateFixture()
	r := compare(before, after)
	g, err := CheckGate(r, []string{"lost-target", "downgrade", "lost-target"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.FailOn, ","); got != "downgrade,lost-target" {
		t.Errorf("fail_on %s, want downgrade,lost-target (de-duplicated, in kind order)", got)
	}
	if len(g.Tripped) != 2 || g.Tripped[0].Kind != "downgrade" || g.Tripped[1].Kind != "lost-target" {
		t.Errorf("tripped %+v", g.Tripped)
	}
	// A gate on kinds that are absent passes.
	before, after = gateFixture()
	after.Packages = append(after.Packages[:1], before.Packages...) // everything old is still there
	g, err = CheckGate(compare(before, after), []string{"removed-package", "removed-spec", "downgrade", "lost-stack", "lost-compiler", "lost-os", "lost-platform", "lost-target"})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Passed() || g.Tripped == nil {
		t.Errorf("gate over a pure addition tripped %+v", g.Tripped)
	}
}

func TestParseGateKinds(t *testing.T) {
	_, err := ParseGateKinds([]string{"removed-spec", "removed-specs"})
	if err == nil || !strings.Contains(err.Error(), `"removed-specs"`) || !strings.Contains(err.Error(), strings.Join(GateKindNames(), ", ")) {
		t.Errorf("error %v, want one naming removed-specs and listing the valid kinds", err)
	}
	if _, err := CheckGate(&Report{}, []string{"bogus"}); err == nil {
		t.Error("CheckGate accepted an unknown kind")
	}
	kinds, err := ParseGateKinds(nil)
	if err != nil || kinds == nil || len(kinds) != 0 {
		t.Errorf("no kinds: %v, %v", kinds, err)
	}
}

// TestGateProperties checks the gate against the report it reads, and
// against the mirrored report, on generated pairs.
func TestGateProperties(t *testing.T) {
	for seed := range propertySeeds() {
		a, b, _ := newGenerator(seed, seed%2 == 0).pair(1 + int(seed%40))
		ab, ba := compare(a, b), compare(b, a)
		gab, err := CheckGate(ab, GateKindNames())
		if err != nil {
			t.Fatal(err)
		}
		gba, _ := CheckGate(ba, GateKindNames())
		trips := func(g *Gate) map[string]Trip {
			m := map[string]Trip{}
			for _, tr := range g.Tripped {
				m[tr.Kind] = tr
			}
			return m
		}
		tab, tba := trips(gab), trips(gba)
		if _, ok := tab["any"]; ok != ab.HasChanges() {
			t.Fatalf("seed %d: any tripped %v, report has changes %v", seed, ok, ab.HasChanges())
		}
		if tab["removed-spec"].Count != ab.Summary.Specs.Removed || tba["removed-spec"].Count != ab.Summary.Specs.Added {
			t.Fatalf("seed %d: removed-spec counts %d/%d, summary removed/added %d/%d", seed,
				tab["removed-spec"].Count, tba["removed-spec"].Count, ab.Summary.Specs.Removed, ab.Summary.Specs.Added)
		}
		if tab["removed-package"].Count != ab.Summary.Packages.Removed || !reflect.DeepEqual(tab["removed-package"].Packages, tba["added-package"].Packages) {
			t.Fatalf("seed %d: removed-package %+v, mirrored added-package %+v", seed, tab["removed-package"], tba["added-package"])
		}
		var upgraded []string
		for _, p := range ba.Packages {
			if p.Versions.Direction == Upgraded {
				upgraded = append(upgraded, p.Name)
			}
		}
		if got := tab["downgrade"].Packages; len(got)+len(upgraded) > 0 && !reflect.DeepEqual(got, upgraded) {
			t.Fatalf("seed %d: downgraded %v, upgraded the other way %v", seed, got, upgraded)
		}
		for kind, added := range map[string][]string{"lost-stack": ba.Facets.Stack.Added, "lost-compiler": ba.Facets.Compiler.Added,
			"lost-os": ba.Facets.OS.Added, "lost-platform": ba.Facets.Platform.Added, "lost-target": ba.Facets.Target.Added} {
			if got := tab[kind].Values; len(got)+len(added) > 0 && !reflect.DeepEqual(got, added) {
				t.Fatalf("seed %d: %s %v, added the other way %v", seed, kind, got, added)
			}
		}
	}
}

// TestGateKindsCopy: the table cannot be changed through what GateKinds
// returns (issue 12: no exported tables).
func TestGateKindsCopy(t *testing.T) {
	kinds := GateKinds()
	kinds[0].Name = "changed"
	_ = append(kinds[:1], kinds[2:]...) // shifts the copy's elements in place
	if got := GateKinds(); len(got) != len(gateKinds) || got[0].Name != "any" || got[1].Name != "added-package" {
		t.Errorf("GateKinds after editing a copy: %v", GateKindNames())
	}
}

// A hash names one build: the same hash with other facets (a version
// lowered, a package renamed) is counted unchanged, with a warning, and a
// gate over it would pass whatever the spec became. Under a gate it is an
// error (seventh adversarial pass, issue 35: libelf's version lowered
// under its hash passed --fail-on downgrade).
func TestGateRefusesHashConflicts(t *testing.T) {
	old := sp("z1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s")
	for name, after := range map[string]*snapshot.Snapshot{
		"other facets":  snapOf("b", pkg("zlib", with(old, func(s *snapshot.Spec) { s.Versions = []string{"1.2"} }))),
		"other package": snapOf("b", pkg("zlib-ng", old)),
	} {
		r, err := CompareWith(snapOf("a", pkg("zlib", old)), after, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Warnings) == 0 {
			t.Fatalf("%s: no warning", name)
		}
		g, err := CheckGate(r, []string{"downgrade"})
		if err == nil || !strings.Contains(err.Error(), "disagree on what a hash is") || !strings.Contains(err.Error(), "z1bb") {
			t.Errorf("%s: gate %+v, error %v; want an error naming the hash", name, g, err)
		}
	}
	// Without a conflict the gate is checked as ever.
	r, err := CompareWith(snapOf("a", pkg("zlib", old)), snapOf("b", pkg("zlib", old)), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if g, err := CheckGate(r, []string{"any"}); err != nil || !g.Passed() {
		t.Errorf("gate %+v, error %v; want passed", g, err)
	}
}

// TestGateHashConflictMessageShort (a ninth adversarial pass, issue 35):
// the refusal quoted the first conflict's warning whole, and a version
// of 20,000 characters under a hash wrote a line of 20 KB on standard
// error. It names the hash, and the facets' change shortened.
func TestGateHashConflictMessageShort(t *testing.T) {
	old := sp("z1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "e4s")
	long := with(old, func(s *snapshot.Spec) { s.Versions = []string{strings.Repeat("é", 20000)} })
	r, err := CompareWith(snapOf("a", pkg("zlib", old)), snapOf("b", pkg("zlib", long)), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = CheckGate(r, []string{"any"})
	if err == nil || !strings.Contains(err.Error(), "z1bb") || len(err.Error()) > 1000 || !utf8.ValidString(err.Error()) {
		t.Errorf("error of %d bytes: %.300v; want one naming the hash, at most 1,000 bytes", len(fmt.Sprint(err)), err)
	}
}

// TestGateRefusesHashMovedIntoPair (67th adversarial pass, issue 35): a
// hash that left package a and is the new spec of a rebuilt pair of
// package b had no warning (only an added spec's hash was followed), so
// --fail-on removed-spec passed over two pages whose hashes were swapped.
// It is warned of as a hash that moved, and a gate over it is refused.
func TestGateRefusesHashMovedIntoPair(t *testing.T) {
	a1, b1 := sp("a1aa", "1.0", "gcc@13.2.0", "x86_64_v3", "e4s"), sp("b1bb", "2.0", "gcc@13.2.0", "x86_64_v3", "e4s")
	a2, b2 := with(a1, func(s *snapshot.Spec) { s.Hash = b1.Hash }), with(b1, func(s *snapshot.Spec) { s.Hash = a1.Hash })
	r, err := CompareWith(snapOf("a", pkg("keras", a1), pkg("llvm", b1)), snapOf("b", pkg("keras", a2), pkg("llvm", b2)), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if n, first := HashConflicts(r); n != 2 || !strings.Contains(first, "moved from package") {
		t.Fatalf("%d hash conflicts (%q), want the 2 moved hashes; warnings %+v", n, first, r.Warnings)
	}
	if g, err := CheckGate(r, []string{"removed-spec"}); err == nil {
		t.Errorf("gate %+v over swapped hashes; want an error", g)
	}
	if err := r.CheckLaws(); err != nil {
		t.Errorf("laws: %v", err)
	}
}

// TestGateRefusalsAgreeInNumber (second end-to-end pass, issue 35): the
// refusal of a gate over one skipped file said "new/good/specs.md left
// out (--skip-invalid): a gate would pass whatever they hold … fix
// them", and that of one hash conflict "whatever the hash's specs" of
// several too: each agrees with its count.
func TestGateRefusalsAgreeInNumber(t *testing.T) {
	skip := func(files ...string) *Report {
		r := &Report{}
		for _, f := range files {
			r.New.Skipped = append(r.New.Skipped, snapshot.Skipped{File: f, Reason: "bad"})
		}
		return r
	}
	for _, tc := range []struct {
		r         *Report
		want, not string
	}{
		{skip("new/good/specs.md"), "new/good/specs.md left out (--skip-invalid): a gate would pass whatever it holds (", "they"},
		{skip("new/a/specs.md", "new/b/specs.md"), "new/a/specs.md and 1 more left out (--skip-invalid): a gate would pass whatever they hold (", "fix it,"},
	} {
		err := GateOverSkipped(tc.r)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), tc.not) {
			t.Errorf("got %v\nwant it to start %q, without %q", err, tc.want, tc.not)
		}
	}
	if err := GateOverSkipped(skip("x/specs.md")); err == nil || !strings.HasSuffix(err.Error(), "; fix it, or gate without --skip-invalid") {
		t.Errorf("one file: %v", err)
	}
	for n, whose := range map[int]string{1: "whatever the hash's specs became", 2: "whatever the hashes' specs became"} {
		r := &Report{}
		for i := range n {
			r.Warnings = append(r.Warnings, snapshot.Warning{Message: fmt.Sprintf("hash h%d of zlib has other facets%s", i, hashOneBuild)})
		}
		if _, err := CheckGate(r, []string{"any"}); err == nil || !strings.Contains(err.Error(), whose) {
			t.Errorf("%d conflicts: %v; want %q", n, err, whose)
		}
	}
}
