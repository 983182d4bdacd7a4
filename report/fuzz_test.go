package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// Fuzz targets over whole trees and over edited reports (issue 11, "Done
// when"). FuzzTrees builds two small catalogue trees from its bytes
// (pages, specs, hostile strings, hashes that share prefixes, empty pages
// and version lists), loads, diffs and renders them in every format, and
// renders the JSON again through Decode; FuzzRenderEdited edits a saved
// report (numbers, strings, nulls, deleted keys, lists) and renders what
// Decode accepts. Run them with make fuzz.

// fuzzBytes hands out the fuzzer's bytes as small choices; past the end
// every choice is 0.
type fuzzBytes struct {
	b []byte
}

func (f *fuzzBytes) next() byte {
	if len(f.b) == 0 {
		return 0
	}
	c := f.b[0]
	f.b = f.b[1:]
	return c
}

func (f *fuzzBytes) intn(n int) int { return int(f.next()) % n }

func (f *fuzzBytes) pick(l ...string) string { return l[f.intn(len(l))] }

// str is a pick from pool, or now and then a few raw bytes of the input.
func (f *fuzzBytes) str(pool ...string) string {
	if f.intn(8) == 0 {
		n := f.intn(8)
		n = min(n, len(f.b))
		s := string(f.b[:n])
		f.b = f.b[n:]
		return s
	}
	return f.pick(pool...)
}

var fuzzNames = []string{"zlib", "py-numpy", "gcc", "café@octocat", "é@o", "#12", "GH-3", "$x$", "g\u200bcc", "a\u202eb", " lead", "trail ",
	"t\tab", "<b>x</b>", "a|b", "`c`", "@team/x", "x_y_", "日本", "q\"uote", "back\\slash"}

var fuzzHashes = func() []string {
	l := []string{}
	for _, p := range []string{"aaaaaaa", "aaaaaaa", "bbbbbbb", "ccccccc", "abcdefg", "abcdefg", "zzzzzzz", "2345672"} {
		for _, t := range []string{"a", "b", "q"} {
			l = append(l, p+strings.Repeat(t, 25))
		}
	}
	return l
}()

// fuzzTree writes a tree of up to 4 pages under dir from f.
func fuzzTree(t testing.TB, f *fuzzBytes, dir string) {
	t.Helper()
	used := map[string]bool{}
	for range 1 + f.intn(4) {
		name := f.pick(fuzzNames...)
		if strings.ContainsAny(name, "/\\\x00") || strings.TrimSpace(name) == "" || used[name] {
			continue
		}
		used[name] = true
		var specs []string
		var fields []map[string]any // specs, for their meta
		seen := map[string]bool{}
		for range f.intn(5) {
			h := f.pick(fuzzHashes...)
			if seen[h] {
				continue
			}
			seen[h] = true
			var versions []string
			for range f.intn(3) {
				versions = append(versions, f.str("1.0", "1.2.3", "2.0", "develop", "=1.0", "1.0-rc1", "", "@é"))
			}
			var variants []string
			for range f.intn(3) {
				variants = append(variants, f.str("+shared", "~shared", "build_system=cmake", "cuda_arch=80,90", "x=日本@github/security", "+a\u200b"))
			}
			spec := map[string]any{
				"hash": h, "versions": orEmpty(versions), "compiler": f.str("gcc@13.2.0", "gcc@=13.2.0", "clang@17", "", "%gcc@12", "é@octocat"),
				"os": f.str("ubuntu22.04", "sequoia", "", "#1"), "platform": f.str("linux", "darwin"),
				"target": f.str("x86_64_v3", "aarch64", "$t$"), "variants": orEmpty(variants),
				"stacks": orEmpty([]string{f.str("root", "e4s", "ml-linux", "@x", "g\u200bcc")}),
				"size":   "-", // every spec has one; constant, so that a seed's bytes mean what they did
			}
			b, err := json.Marshal(spec)
			if err != nil {
				t.Fatal(err)
			}
			specs = append(specs, string(b))
			fields = append(fields, spec)
		}
		title, _ := json.Marshal(name)
		page := "---\ntitle: " + string(title) + "\nlayout: cache\ncategories: [package, develop]\nmeta: " + pagetest.MustJSON(pagetest.MetaOf(fields)) + "\nspec_details: [" + strings.Join(specs, ", ") + "]\n---\n"
		folder := filepath.Join(dir, fmt.Sprintf("p%d", len(used)))
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		// A page by its layout: a specs.md is held to its folder's name
		// when its title is a package name.
		if err := os.WriteFile(filepath.Join(folder, "page.md"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// FuzzTrees: whatever two small trees hold, loading either fails with an
// error or every format renders; the JSON decodes again (so the engine's
// report satisfies every law render checks) and renders the same bytes in
// every format; no output holds an invisible character, and the Markdown
// no live mention.
func FuzzTrees(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 0, 2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 3, 0, 2, 1, 1, 1, 1})
	f.Add([]byte("\x02\x03\x04\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17"))
	f.Add(bytes.Repeat([]byte{4, 7, 1, 2, 0, 9, 5}, 20))
	f.Add([]byte("\x03\x05\x04\x01\x00\x00\x04\x07\x02\x01\x00\x02\x03\x04\x05\x06\x07"))
	f.Fuzz(checkTrees)
}

// checkTrees is FuzzTrees' check of one input.
func checkTrees(t *testing.T, data []byte) {
	{
		fb := &fuzzBytes{b: data}
		raw := fb.intn(4) == 0
		dir := t.TempDir()
		var snaps [2]*snapshot.Snapshot
		for i, side := range []string{"old", "new"} {
			fuzzTree(t, fb, filepath.Join(dir, side))
			s, err := snapshot.Load(filepath.Join(dir, side), snapshot.Options{Raw: raw, SkipInvalid: fb.intn(2) == 0})
			if err != nil {
				return // a tree may be invalid; the loader's fuzz targets check its errors
			}
			snaps[i] = s
		}
		var filter diff.Filter
		if fb.intn(4) == 0 {
			filter.Ignore = []string{fb.pick("version", "compiler", "variants", "target", "os", "platform")}
		}
		r, err := diff.CompareWith(snaps[0], snaps[1], filter)
		if err != nil {
			t.Fatal(err)
		}
		if fb.intn(2) == 0 {
			if r.Gate, err = diff.CheckGate(r, diff.GateKindNames()); err != nil {
				t.Fatal(err)
			}
			r.SetGate(r.Gate) // its highlights too, as cachediff sets a gate
		}
		out := renderAll(t, r)
		for name, o := range out {
			if !utf8.ValidString(o) {
				t.Fatalf("%s: invalid UTF-8", name)
			}
			if name == "json" {
				continue
			}
			// The report's own emoji (⬆️) hold a variation selector.
			for _, c := range strings.NewReplacer("⬆\ufe0f", "", "⬇\ufe0f", "").Replace(o) {
				if Invisible(c) {
					t.Fatalf("%s: %U as it is:\n%s", name, c, o)
				}
			}
		}
		for _, name := range []string{"md", "md cut"} {
			if m := liveMention(out[name]); m != "" {
				t.Fatalf("%s: a mention %q:\n%s", name, m, out[name])
			}
			if m := ref.FindString(out[name]); m != "" {
				t.Fatalf("%s: an issue reference %q:\n%s", name, m, out[name])
			}
		}
		// The same trees the other way round: the mirror report decodes too.
		back, err := diff.CompareWith(snaps[1], snaps[0], filter)
		if err != nil {
			t.Fatal(err)
		}
		if back.HasChanges() != r.HasChanges() {
			t.Fatalf("diff(A,B) has changes %v, diff(B,A) %v", r.HasChanges(), back.HasChanges())
		}
		if _, err := DecodeBytes(jsonOf(t, back)); err != nil {
			t.Fatalf("the mirror report: %v", err)
		}
	}
}

// liveMention returns an @ of s that GitHub would take for a mention: not
// after an ASCII letter or digit (nor after the zero-width space Escape
// puts after every other @), followed by one.
func liveMention(s string) string {
	for i := strings.IndexByte(s, '@'); i >= 0; i = nextAt(s, i) {
		if i > 0 && isWord(s[i-1]) || strings.HasPrefix(s[i+1:], zwsp) {
			continue
		}
		if i+1 < len(s) && isWord(s[i+1]) {
			return s[max(0, i-10):min(len(s), i+10)]
		}
	}
	return ""
}

// fuzzReports are the saved reports FuzzRenderEdited and FuzzDecode
// edit: small ones (a few kilobytes, so that the fuzzer's mutations
// count), of trees built as FuzzTrees builds them, one with a gate,
// skipped pages and canonicalization counts.
func fuzzReports(t testing.TB) [][]byte {
	var out [][]byte
	for i, seed := range []string{"\x03\x05\x04\x01\x00\x00\x04\x07\x02\x01\x00\x02\x03\x04\x05\x06\x07\x01\x02",
		"\x02\x03\x04\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17",
		"\x04\x07\x01\x02\x00\x09\x05\x04\x07\x01\x02\x00\x09\x05\x04\x07\x01\x02\x00\x09\x05\x03\x01\x02\x03"} {
		r := treeReport(t, []byte(seed))
		if r == nil {
			t.Fatalf("seed %d: the trees do not load", i)
		}
		if i == 0 {
			reporttest.GenSkipped(r, 1, 2)
			var err error
			if r.Gate, err = diff.CheckGate(r, []string{"removed-spec", "lost-os", "any"}); err != nil {
				t.Fatal(err)
			}
			r.SetGate(r.Gate) // its highlights too, as cachediff sets a gate
			r.Canonicalized = append(r.Canonicalized, diff.ValueCount{Value: "zz-rule", OldToNew: diff.OldToNew{Old: 2, New: 1}})
		}
		out = append(out, jsonOf(t, r))
	}
	// Chains of 40 specs, each with a change of its own, of 40 packages
	// and of one: sets based on other sets ({set, via} in causes.sets),
	// a group repeated down a set's bases in the second.
	for _, write := range []func(string, int) (string, string, error){spackgen.WriteChainUpdPair, spackgen.WriteSameChainUpdPair} {
		oldPath, newPath, err := write(t.TempDir(), 40)
		if err != nil {
			t.Fatal(err)
		}
		var snaps [2]*snapshot.Snapshot
		for i, path := range []string{oldPath, newPath} {
			if snaps[i], err = snapshot.Load(path, snapshot.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		js := jsonOf(t, r)
		if !bytes.Contains(js, []byte(`"set": `)) {
			t.Fatal("a chain of 40 own changes: no set based on another")
		}
		out = append(out, js)
	}
	return out
}

// treeReport writes the trees FuzzTrees builds from data in a temporary
// folder and diffs them; nil when either does not load.
func treeReport(t testing.TB, data []byte) *diff.Report {
	fb := &fuzzBytes{b: data}
	dir, err := os.MkdirTemp("", "cachediff-fuzz-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	var snaps [2]*snapshot.Snapshot
	for i, side := range []string{"old", "new"} {
		fuzzTree(t, fb, filepath.Join(dir, side))
		if snaps[i], err = snapshot.Load(filepath.Join(dir, side), snapshot.Options{}); err != nil {
			return nil
		}
	}
	r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// editValues are what an edit puts in place of a value.
var editValues = []any{nil, -1, 0, 1, 2, 1e300, 1.5, "", "added", "removed", "changed", "unchanged", "upgraded",
	"<img src=x onerror=alert(1)>", "@alice", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "g\u200bcc", "#1",
	[]any{}, map[string]any{}, true, []any{"x"}, map[string]any{"old": 1, "new": 0}}

// FuzzRenderEdited: a saved report edited anywhere (a value replaced by a
// number, a string, null, a list or an object, a key deleted, a list
// element dropped or repeated) either is refused by Decode or renders in
// every format, and then says of itself what the laws say: render never
// panics, and never exits 0 (no changes, or a gate passed) on a report
// whose numbers disagree.
func FuzzRenderEdited(f *testing.F) {
	reports := fuzzReports(f)
	f.Add(uint8(0), []byte{})
	f.Add(uint8(1), []byte{5, 3, 0, 7, 2, 1})
	f.Add(uint8(2), []byte{200, 1, 4, 90, 3, 2, 17, 0, 8})
	f.Add(uint8(1), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Fuzz(func(t *testing.T, which uint8, edits []byte) {
		var doc any
		if err := json.Unmarshal(reports[int(which)%len(reports)], &doc); err != nil {
			t.Fatal(err)
		}
		fb := &fuzzBytes{b: edits}
		for len(fb.b) > 0 {
			doc = editAt(doc, fb, fb.intn(64))
		}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		checkRender(t, data)
	})
}

// FuzzDecode: any bytes at all either are refused by Decode or render.
func FuzzDecode(f *testing.F) {
	for _, r := range fuzzReports(f) {
		f.Add(r)
	}
	f.Add([]byte(`{"schema": "cachediff/v1"}`))
	f.Add([]byte(`{"schema": "cachediff/v1", "gate": {}}`))
	f.Fuzz(func(t *testing.T, data []byte) { checkRender(t, data) })
}

// checkRender decodes data and, when Decode accepts it, renders it in
// every format and checks what the report says about itself. It reports
// whether Decode accepted it.
func checkRender(t *testing.T, data []byte) bool {
	r, err := DecodeBytes(data)
	if err != nil {
		if err.Error() == "" {
			t.Fatal("an empty error")
		}
		return false
	}
	// The laws, checked here on their own: render's exit status comes
	// from these numbers.
	for _, c := range append([]diff.Counts{r.Summary.Specs}, countsOf(r)...) {
		if c.Old != c.Unchanged+c.Restacked+c.Rebuilt+c.Updated+c.Removed || c.New != c.Unchanged+c.Restacked+c.Rebuilt+c.Updated+c.Added {
			t.Fatalf("counts %+v break the conservation laws", c)
		}
	}
	if p := r.Summary.Packages; r.HasChanges() != (len(r.Packages) > 0) || p.Old != p.Removed+p.Changed+p.Unchanged {
		t.Fatalf("has changes %v with %d packages listed, summary %+v", r.HasChanges(), len(r.Packages), p)
	}
	if g := r.Gate; g != nil {
		if len(g.FailOn) == 0 {
			t.Fatal("an empty gate decoded")
		}
		if want, err := diff.CheckGate(r, g.FailOn); err == nil && want.Passed() != g.Passed() {
			t.Fatalf("the saved gate passed %v, the report's %v", g.Passed(), want.Passed())
		}
	}
	out := renderAll(t, r)
	if _, err := DecodeBytes([]byte(out["json"])); err != nil {
		t.Fatalf("the JSON of a decoded report: %v", err)
	}
	return true
}

func countsOf(r *diff.Report) []diff.Counts {
	var l []diff.Counts
	for _, p := range r.Packages {
		l = append(l, p.Counts)
	}
	return l
}

// editAt applies one edit to the n'th value of v (in a walk of objects in
// sorted key order and lists in order) and returns v.
func editAt(v any, fb *fuzzBytes, n int) any {
	var walk func(v any) any
	walk = func(v any) any {
		if n < 0 {
			return v
		}
		if n == 0 {
			n--
			switch x := v.(type) {
			case map[string]any:
				if len(x) > 0 && fb.intn(3) == 0 {
					keys := slices.Sorted(maps.Keys(x))
					delete(x, keys[fb.intn(len(keys))])
					return x
				}
			case []any:
				if len(x) > 0 {
					switch fb.intn(3) {
					case 0:
						return x[1:]
					case 1:
						return append(x, reporttest.DeepCopy(x[0]))
					}
				}
			}
			return reporttest.DeepCopy(editValues[fb.intn(len(editValues))])
		}
		n--
		switch x := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				x[k] = walk(x[k])
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		}
		return v
	}
	return walk(v)
}

// TestFuzzSeeds runs the fuzz targets' seeds and a few hundred generated
// inputs, so that make test covers them (fewer with -short).
func TestFuzzSeeds(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 40
	}
	reports := fuzzReports(t)
	// An edit of a free string is accepted, and reaches every renderer.
	var doc map[string]any
	if err := json.Unmarshal(reports[0], &doc); err != nil {
		t.Fatal(err)
	}
	doc["old"].(map[string]any)["path"] = "@alice <b>|x|</b> g\u200bcc #1"
	data, _ := json.Marshal(doc)
	if !checkRender(t, data) {
		t.Fatal("Decode refused a report whose old.path was edited")
	}
	accepted := 0
	for i := range n {
		edits := make([]byte, 1+i%9)
		for j := range edits {
			edits[j] = byte(i*31 + j*17 + i*j)
		}
		var doc any
		if err := json.Unmarshal(reports[i%len(reports)], &doc); err != nil {
			t.Fatal(err)
		}
		fb := &fuzzBytes{b: edits}
		for len(fb.b) > 0 {
			doc = editAt(doc, fb, fb.intn(64))
		}
		data, _ := json.Marshal(doc)
		if checkRender(t, data) {
			accepted++
		}
	}
	// Both sides of Decode are exercised: edits it refuses, and edits (of
	// strings, of lists of strings) that it lets through to every renderer.
	if accepted == n || !testing.Short() && accepted == 0 {
		t.Errorf("Decode accepted %d of %d edited reports", accepted, n)
	}
	for i := range n / 4 {
		data := make([]byte, 8+i%40)
		for j := range data {
			data[j] = byte(i*13 + j*7 + i*j*3)
		}
		checkTrees(t, data)
	}
}
