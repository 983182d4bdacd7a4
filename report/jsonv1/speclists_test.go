package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestDecodeSpecListsCanonical (issue 35, class a): a saved report whose
// one removed spec had its variants reversed, or a version written twice,
// was rendered so (exit 1), where cachediff, which sorts a spec's lists
// once as it loads them, never writes them so; so were the lists of a
// pair's two specs reordered alike (TestDecodeSpecListsPair). Each is
// refused at the list, naming the field. A --no-canonicalize report keeps its lists as
// written, and reads back (TestDecodeSpecListsRaw).
func TestDecodeSpecListsCanonical(t *testing.T) {
	if _, err := DecodeBytes(jsonOf(t, realWeekReport(t))); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(r *diff.Report) string // the path the refusal must name
	}{
		{"variants reversed", func(r *diff.Report) string {
			i, s := firstListed(t, r, func(s *diff.Spec) bool { return len(s.Variants) > 1 })
			slices.Reverse(s.Variants)
			return r.Packages[i].Name + ":.specs.removed[0].variants[1]"
		}},
		{"a version twice", func(r *diff.Report) string {
			i, s := firstListed(t, r, func(s *diff.Spec) bool { return len(s.Versions) == 1 })
			s.Versions = append(s.Versions, s.Versions[0])
			return r.Packages[i].Name + ":.specs.removed[0].versions[1]"
		}},
	} {
		r := realWeekReport(t)
		want := c.edit(r)
		name, field, _ := strings.Cut(want, ":")
		at := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Name == name })
		_, err := DecodeBytes(jsonOf(t, r))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("packages[%d]%s: ", at, field)) {
			t.Errorf("%s: error %v, want one at packages[%d]%s", c.name, err, at, field)
		}
	}
}

// firstListed is the first package of r with a removed spec that keep
// takes, the spec first among its removed, its lists cloned.
func firstListed(t *testing.T, r *diff.Report, keep func(*diff.Spec) bool) (int, *diff.Spec) {
	t.Helper()
	for i := range r.Packages {
		if rm := r.Packages[i].Specs.Removed; len(rm) > 0 && keep(&rm[0]) {
			s := &rm[0]
			s.Versions, s.Variants, s.Stacks = slices.Clone(s.Versions), slices.Clone(s.Variants), slices.Clone(s.Stacks)
			return i, s
		}
	}
	t.Fatal("no such removed spec in the real week")
	return 0, nil
}

// TestDecodeSpecListsPair: a rebuilt pair whose two specs had their
// variants reversed alike (the pair still agrees with itself) was
// rendered so; it is refused at the old spec's list.
func TestDecodeSpecListsPair(t *testing.T) {
	spec := func(hash string) snapshot.Spec {
		return snapshot.Spec{Hash: strings.Repeat(hash, 32), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
			Platform: "linux", Target: "x86_64", Variants: []string{"build_system=cmake", "~shared"}, Stacks: []string{"root"}}
	}
	snap := func(path string, s snapshot.Spec) *snapshot.Snapshot {
		return &snapshot.Snapshot{Path: path, Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: "zlib", Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: path + "/zlib/specs.md"}}}}
	}
	r, err := diff.CompareWith(snap("old", spec("a")), snap("new", spec("b")), diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	r.Highlights = diff.News(r)
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	p := &r.Packages[0].Specs.Rebuilt[0]
	for _, s := range []*diff.Spec{p.Old, p.New} {
		slices.Reverse(s.Variants)
	}
	_, err = DecodeBytes(jsonOf(t, r))
	if want := `packages[0].specs.rebuilt[0].old.variants[1]: "~shared" comes after "build_system=cmake"`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a rebuilt pair's variants reversed alike: error %v, want one with %s", err, want)
	}
}

// TestDecodeSpecListsRaw: a --no-canonicalize report lists a spec's
// variants and versions as the page wrote them, unsorted or twice, and
// render reads it back as written; only its stacks are each once.
func TestDecodeSpecListsRaw(t *testing.T) {
	spec := func(hash, version string) snapshot.Spec {
		return snapshot.Spec{Hash: strings.Repeat(hash, 32), Versions: []string{version, "1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
			Platform: "linux", Target: "x86_64", Variants: []string{"~shared", "build_system=cmake", "~shared"}, Stacks: []string{"root", "e4s"}}
	}
	snap := func(path string, s snapshot.Spec) *snapshot.Snapshot {
		return &snapshot.Snapshot{Path: path, Raw: true, Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: "zlib", Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: path + "/zlib/specs.md"}}}}
	}
	r, err := diff.CompareWith(snap("old", spec("a", "2.0")), snap("new", spec("b", "3.0")), diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	r.Highlights = diff.News(r)
	data := jsonOf(t, r)
	back, err := DecodeBytes(data)
	if err != nil {
		t.Fatalf("a --no-canonicalize report cachediff wrote: %v", err)
	}
	var again bytes.Buffer
	if err := JSON(&again, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again.Bytes()) {
		t.Error("render wrote the --no-canonicalize report otherwise than cachediff")
	}
}

// TestDecodeSharedVariantsOrder (issue 35, class a): a saved report whose
// package's shared_variants were reversed by hand rendered "Every spec
// has" them reversed, an order the direct command never writes (the
// first spec's, sorted when canonicalized); it is refused at the list.
func TestDecodeSharedVariantsOrder(t *testing.T) {
	r := realWeekReport(t)
	at := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return len(p.SharedVariants) > 1 })
	if at < 0 {
		t.Fatal("no package of two shared variants in the real week")
	}
	sv := slices.Clone(r.Packages[at].SharedVariants)
	slices.Reverse(sv)
	r.Packages[at].SharedVariants = sv
	_, err := DecodeBytes(jsonOf(t, r))
	if want := fmt.Sprintf("packages[%d].shared_variants[1]: %q comes after %q", at, sv[0], sv[1]); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("shared_variants reversed: error %v, want one with %s", err, want)
	}
}

// TestDecodeAddedPackageVersionSides (issue 35, class a): a saved report
// whose added package's versions.removed was edited from [] to [x] (or a
// removed package's versions.added) was rendered so, exit 1, and its JSON
// written again with the version no snapshot had: the added and removed
// versions of an added or a removed package are held to its old and new
// versions, as a changed package's are.
func TestDecodeAddedPackageVersionSides(t *testing.T) {
	spec := func(hash string) snapshot.Spec {
		return snapshot.Spec{Hash: strings.Repeat(hash, 32), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu24.04",
			Platform: "linux", Target: "x86_64", Variants: []string{}, Stacks: []string{"root"}}
	}
	snap := func(path, name string, s snapshot.Spec) *snapshot.Snapshot {
		return &snapshot.Snapshot{Path: path, Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: name, Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: path + "/" + name + "/specs.md"}}}}
	}
	for _, status := range []string{diff.Added, diff.Removed} {
		r, err := diff.CompareWith(snap("old", "bzip2", spec("a")), snap("new", "zlib", spec("b")), diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		r.Highlights = diff.News(r)
		if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
			t.Fatalf("the report as written: %v", err)
		}
		at := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Status == status })
		v := &r.Packages[at].Versions
		field := "removed"
		if status == diff.Added {
			v.Removed = []string{"x"}
		} else {
			field = "added"
			v.Added = []string{"x"}
		}
		_, err = DecodeBytes(jsonOf(t, r))
		if want := fmt.Sprintf("packages[%d].versions.%s: [\"x\"], but its old and new versions make it []", at, field); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("an %s package's versions.%s [x]: error %v, want one with %s", status, field, err, want)
		}
	}
}

// TestDecodeSharedVariantDropped (issue 35, class a): a saved report
// with a variant dropped by hand from a package's shared_variants, where
// no spec of the package is unchanged (each is listed, and all have it),
// rendered the variant beside every spec instead of "Every spec has" it,
// exit 1: a report the direct command never writes.
func TestDecodeSharedVariantDropped(t *testing.T) {
	r := realWeekReport(t)
	at := slices.IndexFunc(r.Packages, func(p diff.Package) bool { return p.Counts.Unchanged == 0 && len(p.SharedVariants) > 0 })
	if at < 0 {
		t.Fatal("no package of shared variants and no unchanged spec in the real week")
	}
	p := &r.Packages[at]
	dropped := p.SharedVariants[0]
	p.SharedVariants = slices.Clone(p.SharedVariants[1:])
	_, err := DecodeBytes(jsonOf(t, r))
	if want := fmt.Sprintf("packages[%d].shared_variants: lacks %q, which every spec of the package has", at, dropped); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("shared variant %s dropped: error %v, want one with %s", dropped, err, want)
	}
}

// TestDecodeCanonicalValues (issue 35, class a): a --no-canonicalize
// report (its compilers as the pages write them, gcc@=13.2.0) with
// options.canonicalize flipped to true by hand was rendered as a
// canonicalized one, exit 1; its compiler, versions and variants are
// held to what loading writes when it canonicalizes.
func TestDecodeCanonicalValues(t *testing.T) {
	spec := func(hash string) snapshot.Spec {
		return snapshot.Spec{Hash: strings.Repeat(hash, 32), Versions: []string{"1.0"}, Compiler: "gcc@=13.2.0", OS: "ubuntu24.04",
			Platform: "linux", Target: "x86_64", Variants: []string{"build_system=cmake"}, Stacks: []string{"root"}}
	}
	snap := func(path string, s snapshot.Spec) *snapshot.Snapshot {
		return &snapshot.Snapshot{Path: path, Raw: true, Canon: snapshot.RuleCounts{},
			Packages: []*snapshot.Package{{Name: "zlib", Specs: []snapshot.Spec{s}, Origin: &snapshot.Origin{File: path + "/zlib/specs.md"}}}}
	}
	r, err := diff.CompareWith(snap("old", spec("a")), snap("new", spec("b")), diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	r.Highlights = diff.News(r)
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the --no-canonicalize report as written: %v", err)
	}
	r.Options.Canonicalize = true
	_, err = DecodeBytes(jsonOf(t, r))
	if want := `packages[0].specs.rebuilt[0].old.compiler: "gcc@=13.2.0", which loading writes "gcc@13.2.0" when it canonicalizes`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("options.canonicalize flipped to true: error %v, want one with %s", err, want)
	}
}
