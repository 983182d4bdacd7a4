package jsonv1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// lockfileReport is the report of two generated lockfiles: the new one
// without the old one's first two roots, and with a leaf's version
// bumped (the roots above it changed).
func lockfileReport(t *testing.T) *diff.Report {
	t.Helper()
	a := spackgen.New(spackgen.Options{Seed: 7, Packages: 40, Envs: 1, Depth: 5})
	a.RootSpec = func(n *spackgen.Node) string { return n.Name + "@" + n.Version }
	b := a.Clone()
	b.BumpVersion(b.Leaves()[0])
	var paths [2]string
	for i, d := range []*spackgen.DAG{a, b} {
		var buf bytes.Buffer
		if err := d.WriteLockfile(&buf); err != nil {
			t.Fatal(err)
		}
		if i == 1 { // the new lockfile without its first two roots
			var doc map[string]any
			if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			doc["roots"] = doc["roots"].([]any)[2:]
			data, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			buf = *bytes.NewBuffer(data)
		}
		paths[i] = filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(paths[i], buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := reporttest.ComparePaths(t, paths[0], paths[1])
	if rt := r.Causes.Roots; len(rt.Removed) < 2 || len(rt.Changed) == 0 {
		t.Fatalf("the generated pair removes %d roots and changes %d: want 2 and 1 at least", len(rt.Removed), len(rt.Changed))
	}
	return r
}

// TestDecodeRootLaws (issue 35 item 5): render printed a lockfile's
// roots as the saved report wrote them. A root's removal deleted from
// the report made its news "1 root removed" where two were, exit 0
// under no gate. The roots are the lockfile's stacks: those added and
// removed are the stacks that came and went, and those that stayed are
// counted on both sides.
func TestDecodeRootLaws(t *testing.T) {
	if _, err := DecodeBytes(jsonOf(t, lockfileReport(t))); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	for _, tc := range []struct {
		name, want string
		edit       func(r *diff.Report)
	}{
		{"a removed root dropped", "but causes.roots.removed does not list that root", func(r *diff.Report) {
			r.Causes.Roots.Removed = r.Causes.Roots.Removed[1:]
		}},
		{"a removed root named as a kept one", "causes.roots.removed[0].root", func(r *diff.Report) {
			r.Causes.Roots.Removed[0].Root = r.Causes.Roots.Changed[0].Root
		}},
		{"a changed root moved to added", "causes.roots.added[0].root", func(r *diff.Report) {
			r.Causes.Roots.Added = append(r.Causes.Roots.Added, r.Causes.Roots.Changed[0].New)
		}},
		{"a changed root that no stack counts", "causes.roots.changed[0]", func(r *diff.Report) {
			r.Causes.Roots.Changed[0].Root = "nothing@1"
			r.Causes.Roots.Changed[0].New.Root = "nothing@1"
		}},
		{"a renamed root written in", "causes.roots.renamed[0].old.root", func(r *diff.Report) {
			x := r.Causes.Roots.Changed[0]
			r.Causes.Roots.Renamed = append(r.Causes.Roots.Renamed, diff.RootRename{Root: x.Root, Old: r.Causes.Roots.Changed[len(r.Causes.Roots.Changed)-1].Old, New: x.New})
			r.Causes.Roots.Renamed[0].Old.Root = r.Causes.Roots.Changed[len(r.Causes.Roots.Changed)-1].Root
			if r.Causes.Roots.Renamed[0].Old.Root == x.Root {
				r.Causes.Roots.Renamed[0].Old.Root = r.Causes.Roots.Removed[0].Root
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lockfileReport(t)
			tc.edit(r)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestDecodeRootSpecLaws (78th adversarial pass): render checked a
// lockfile's roots against its stacks by name only. A saved report with
// an added root listed twice headlined "3 roots added (gcc@10.5.0,
// gcc@12.4.0, gcc@10.5.0)"; one whose root named another hash "1 spec
// added" where none was beyond the roots; one with a root's version
// edited showed it in the roots table; and one with more_roots lowered
// "30 dependencies are now needed by more roots" of 31. The roots are
// in the engine's order, each once, each the package and versions of
// the spec its hash lists, and an added or removed root's hash a spec
// its side lists; the counts of the specs needed by other roots are
// those of the restacked pairs.
func TestDecodeRootSpecLaws(t *testing.T) {
	r := lockfileReport(t)
	if rt := r.Causes.Roots; rt.FewerRoots == 0 {
		t.Fatalf("the generated pair has no spec needed by fewer roots: %+v", rt)
	}
	for _, tc := range []struct {
		name, want string
		edit       func(r *diff.Report)
	}{
		{"a removed root listed twice", "roots are sorted by root and hash, each once", func(r *diff.Report) {
			r.Causes.Roots.Removed = append(r.Causes.Roots.Removed, r.Causes.Roots.Removed[len(r.Causes.Roots.Removed)-1])
		}},
		{"removed roots out of order", "causes.roots.removed[1]", func(r *diff.Report) {
			rm := r.Causes.Roots.Removed
			rm[0], rm[1] = rm[1], rm[0]
		}},
		{"a removed root of another hash", "causes.roots.removed[0].hash", func(r *diff.Report) {
			r.Causes.Roots.Removed[0].Hash = strings.Repeat("a", 32)
		}},
		{"a removed root of another version", "causes.roots.removed[0].version", func(r *diff.Report) {
			r.Causes.Roots.Removed[0].Version = "99"
		}},
		{"a removed root of another package", "causes.roots.removed[0].name", func(r *diff.Report) {
			r.Causes.Roots.Removed[0].Name += "x"
		}},
		{"a changed root of another version", "causes.roots.changed[0].new.version", func(r *diff.Report) {
			r.Causes.Roots.Changed[0].New.Version = "99"
		}},
		{"a spec moved from fewer roots to other", "the restacked pairs are needed by", func(r *diff.Report) {
			r.Causes.Roots.FewerRoots--
			r.Causes.Roots.OtherRoots++
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lockfileReport(t)
			tc.edit(r)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestRootLawCountsItsSide: render refusing a root added or removed
// whose stack the other side counts named the larger of the two sides'
// counts as that side's. Roots curl (a), curl (e) and curl@4 (d), now
// curl (a) alone, is a report render reads as written: e removed from
// stack curl, which keeps a, d removed with its stack. d's stack
// written curl by hand, where its own spec is not, said "the new side
// counts 2 specs in that stack" (the old side's count) where the new
// side counts 1.
func TestRootLawCountsItsSide(t *testing.T) {
	// lock roots one spec of curl for each root: its letter is its hash's
	// (repeated) and the letter's place in the alphabet its version.
	lock := func(roots ...[2]string) string {
		var rs, cs []string
		for _, r := range roots {
			h := strings.Repeat(r[1], 32)
			rs = append(rs, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, r[0]))
			cs = append(cs, fmt.Sprintf(`%q:{"name":"curl","version":"%d","hash":%q}`, h, r[1][0]-'a'+1, h))
		}
		path := filepath.Join(t.TempDir(), "spack.lock")
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
			strings.Join(rs, ",") + `],"concrete_specs":{` + strings.Join(cs, ",") + `}}`
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	r := reporttest.ComparePaths(t, lock([2]string{"curl", "a"}, [2]string{"curl", "e"}, [2]string{"curl@4", "d"}),
		lock([2]string{"curl", "a"}))
	if c := diff.StackCounts(r)["curl"]; c.Old != 2 || c.New != 1 {
		t.Fatalf("stack curl counts %d → %d specs, want 2 → 1", c.Old, c.New)
	}
	rm := r.Causes.Roots.Removed
	if len(rm) != 2 || rm[0].Root != "curl" || rm[1].Root != "curl@4" {
		t.Fatalf("removed roots %+v, want e's, written curl, and d's, written curl@4", rm)
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	rm[1].Root = "curl"
	_, err := DecodeBytes(jsonOf(t, r))
	if want := `removed[1].root: "curl", but the new side counts 1 spec in that stack`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error with %q", err, want)
	}
}

// TestRootsOfOneSpellingDecode: render refused the tool's own report of
// two roots written alike of which one went or came, as two lockfiles
// of a folder each with root curl, one of them gone: "causes.roots.
// removed[0].root: "curl", but the new side counts 1 spec in that
// stack" (exit 2, where the direct run exits 1 with its report), and a
// log over such folders was refused the same way. The other root of that
// spelling stays, so its stack does.
func TestRootsOfOneSpellingDecode(t *testing.T) {
	lock := func(hash byte, version string) string {
		h := strings.Repeat(string(hash), 32)
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + h + `","spec":"curl"}],"concrete_specs":{"` + h +
			`":{"name":"curl","version":"` + version + `","arch":{"platform":"linux","platform_os":"ubuntu22.04","target":"x86_64"},"namespace":"builtin","parameters":{},"hash":"` + h + `"}}}`
	}
	folder := func(files map[string]string) string {
		dir := t.TempDir()
		for name, data := range files {
			if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name, "spack.lock"), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	both := folder(map[string]string{"e1": lock('a', "8.1"), "e2": lock('b', "8.5")})
	one := folder(map[string]string{"e1": lock('a', "8.1")})
	other := folder(map[string]string{"e2": lock('b', "8.5")})
	for _, tc := range []struct{ what, old, new string }{
		{"one of two removed", both, one},
		{"the other of two removed", both, other},
		{"one of two added", one, both},
	} {
		r := reporttest.ComparePaths(t, tc.old, tc.new)
		if rt := r.Causes.Roots; len(rt.Added)+len(rt.Removed) != 1 {
			t.Fatalf("%s: roots added %v, removed %v; want one", tc.what, rt.Added, rt.Removed)
		}
		if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
			t.Errorf("%s: the report as written: %v", tc.what, err)
		}
	}
	// One lockfile's two roots curl, one gone and the other now written
	// curl@2: the old stack curl is counted under curl@2 alone, so
	// facets.stack.removed does not name curl, and render refused the
	// report, "but facets.stack.removed does not name it".
	two := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[%s],"concrete_specs":{` +
		`"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"curl","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},` +
		`"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb":{"name":"curl","version":"2","hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"}}}`
	var paths [2]string
	for i, roots := range []string{
		`{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"curl"},{"hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","spec":"curl"}`,
		`{"hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","spec":"curl@2"}`,
	} {
		paths[i] = filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(paths[i], fmt.Appendf(nil, two, roots), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := reporttest.ComparePaths(t, paths[0], paths[1])
	if rt := r.Causes.Roots; len(rt.Removed) != 1 || len(rt.Renamed) != 1 {
		t.Fatalf("curl, curl → curl@2: roots removed %v, renamed %v; want one each", rt.Removed, rt.Renamed)
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Errorf("curl, curl → curl@2: the report as written: %v", err)
	}
}
