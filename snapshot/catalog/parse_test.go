package catalog

import (
	"cmp"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	. "github.com/cachediff/cachediff/snapshot"
)

const realDir = "../../testdata/real"

func TestRealTrees(t *testing.T) {
	for _, tc := range []struct {
		tag          string
		pkgs, specs  int
		firstPackage string
	}{
		{"develop-2025-03-23", 3, 66, "gcc-runtime"},
		{"develop-2025-03-30", 3, 68, "gcc-runtime"},
		{"v0.23.0", 10, 17, "adept-utils"},
		{"v0.23.1", 10, 17, "adept-utils"},
	} {
		t.Run(tc.tag, func(t *testing.T) {
			path := filepath.Join(realDir, tc.tag)
			snap, err := Load(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if snap.Path != path || snap.Tag != tc.tag || snap.Raw {
				t.Errorf("path %q, tag %q, raw %v; want %q, %q, false", snap.Path, snap.Tag, snap.Raw, path, tc.tag)
			}
			if len(snap.Packages) != tc.pkgs || snap.Specs() != tc.specs {
				t.Errorf("%d packages, %d specs; want %d, %d", len(snap.Packages), snap.Specs(), tc.pkgs, tc.specs)
			}
			if snap.Packages[0].Name != tc.firstPackage {
				t.Errorf("first package %s, want %s", snap.Packages[0].Name, tc.firstPackage)
			}
			// The real pages are consistent: their meta agrees with their specs.
			if len(snap.Warnings) != 0 {
				t.Errorf("warnings on consistent real pages: %v", snap.Warnings)
			}
			checkSnapshotInvariants(t, snap)
			for _, p := range snap.Packages {
				if p.Tag() != tc.tag || p.Line != 6 || filepath.Base(filepath.Dir(p.File())) != p.Name {
					t.Errorf("package %s: tag %q, line %d, file %s", p.Name, p.Tag(), p.Line, p.File())
				}
			}
		})
	}
}

// checkSnapshotInvariants checks what Load promises of any snapshot.
func checkSnapshotInvariants(t *testing.T, snap *Snapshot) {
	t.Helper()
	if !slices.IsSortedFunc(snap.Packages, func(a, b *Package) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("packages not sorted by name")
	}
	seen := map[string]bool{}
	for _, p := range snap.Packages {
		for i, s := range p.Specs {
			if !IsHash(s.Hash) {
				t.Errorf("%s: bad hash %q", p.Name, s.Hash)
			}
			if i > 0 && p.Specs[i-1].Hash >= s.Hash {
				t.Errorf("%s: specs not sorted by hash", p.Name)
			}
			if seen[s.Hash] {
				t.Errorf("%s: hash %s twice", p.Name, s.Hash)
			}
			seen[s.Hash] = true
			if !snap.Raw {
				again := []Spec{cloneSpec(s)}
				c := NewFinisher(Options{Tarballs: true})
				if err := c.Finish(p.File(), 1, "spec_details", again, true); err != nil || !reflect.DeepEqual(again[0], s) || len(c.Counts()) != 0 {
					t.Errorf("%s: spec %s not canonical: %+v, counts %v (%v)", p.Name, s.Hash, again[0], c.Counts(), err)
				}
				if s.Compiler == "" {
					t.Errorf("%s: spec %s has an empty compiler", p.Name, s.Hash)
				}
			}
		}
	}
	if !slices.IsSortedFunc(snap.Warnings, func(a, b Warning) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), strings.Compare(a.Message, b.Message))
	}) {
		t.Error("warnings not sorted")
	}
}

func TestRealSpecContent(t *testing.T) {
	// With Options.Tarballs the spec keeps its tarball; without, it is
	// dropped and the spec has no More.
	for _, keep := range []bool{true, false} {
		snap, err := Load(filepath.Join(realDir, "v0.23.0"), Options{Tarballs: keep})
		if err != nil {
			t.Fatal(err)
		}
		var bc *Package
		for _, p := range snap.Packages {
			if p.Name == "bc" {
				bc = p
			}
		}
		if bc == nil {
			t.Fatal("no package bc")
		}
		want := []Spec{{
			Hash: "jasonjuuhs7lgkf5ojybu2sxxalclmxa", Compiler: "gcc@11.4.0", Versions: []string{"1.07.1"},
			OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3",
			Variants: []string{"build_system=autotools"}, Stacks: []string{"root", "tutorial"},
		}}
		if keep {
			want[0].More = &SpecMore{}
			want[0].More.Page().Tarball = "https://binaries.spack.io/v0.23.0/build_cache/linux-ubuntu22.04-x86_64_v3/gcc-11.4.0/bc-1.07.1/linux-ubuntu22.04-x86_64_v3-gcc-11.4.0-bc-1.07.1-jasonjuuhs7lgkf5ojybu2sxxalclmxa.spack"
		}
		if !reflect.DeepEqual(bc.Specs, want) {
			t.Errorf("tarballs %v: bc specs\n%+v\nwant\n%+v", keep, bc.Specs, want)
		}
		if bc.File() != filepath.Join(realDir, "v0.23.0", "bc", "specs.md") {
			t.Errorf("bc file %s", bc.File())
		}
	}
}

func TestSeedPages(t *testing.T) {
	for _, tc := range []struct {
		file  string
		specs int
	}{
		{"py-safetensors-old.txt", 51},
		{"py-safetensors-new.txt", 116},
		{"py-keras.txt", 130},
		{"py-ml-dtypes.txt", 129},
	} {
		// A single file is read as a page whatever its name.
		path := filepath.Join("../../testdata/seeds", tc.file)
		snap, err := Load(path, Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if len(snap.Packages) != 1 || snap.Specs() != tc.specs || snap.Tag != "develop" {
			t.Errorf("%s: %d packages, %d specs, tag %q; want 1, %d, develop", tc.file, len(snap.Packages), snap.Specs(), snap.Tag, tc.specs)
		}
		if len(snap.Warnings) != 0 {
			t.Errorf("%s: warnings %v", tc.file, snap.Warnings)
		}
		checkSnapshotInvariants(t, snap)
	}
}

// TestEndsWithoutNewline: real files end in "\n---" with no newline.
func TestEndsWithoutNewline(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 2)
	want, _, _, err := parsePage("p.md", []byte(page), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, variant := range []string{
		strings.TrimSuffix(page, "\n"),
		strings.TrimSuffix(page, "\n") + "   ",
		page + "\n# zlib\n\nSome Markdown after the front matter.\n",
	} {
		got, _, warns, err := parsePage("p.md", []byte(variant), false)
		if err != nil {
			t.Errorf("%q: %v", variant[len(variant)-10:], err)
			continue
		}
		if !reflect.DeepEqual(got, want) || len(warns) != 0 {
			t.Errorf("%q: got %+v (warnings %v), want %+v", variant[len(variant)-10:], got, warns, want)
		}
	}
	raw, err := os.ReadFile(filepath.Join(realDir, "v0.23.0", "bc", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(raw), "\n---") {
		t.Fatal("test data changed: bc/specs.md no longer ends in \\n---")
	}
	if _, _, _, err := parsePage("bc.md", raw, false); err != nil {
		t.Error(err)
	}
}

// TestCRLF: a page with Windows line ends loads like the original, and
// errors in it still point at the right column.
func TestCRLF(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 2)
	want, _, _, err := parsePage("p.md", []byte(page), false)
	if err != nil {
		t.Fatal(err)
	}
	got, _, warns, err := parsePage("p.md", []byte(strings.ReplaceAll(page, "\n", "\r\n")), false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || len(warns) != 0 {
		t.Errorf("CRLF page: got %+v (warnings %v), want %+v", got, warns, want)
	}

	bad := "---\r\ntitle: \"zlib\"\r\nlayout: cache\r\n" +
		`spec_details: [{"hash": "` + hashN(1) + `" "os": "x"}]` + " \r\n---\r\n"
	_, _, _, err = parsePage("crlf.md", []byte(bad), false)
	line := strings.Split(bad, "\r\n")[3]
	checkErr(t, err, "crlf.md", 4, strings.Index(line, `"os"`)+1, "broken JSON in spec_details")
}

func TestFieldsKept(t *testing.T) {
	extra := map[string]any{"hash": hashN(1), "compiler": "gcc@13.2.0", "versions": []string{"1.0"},
		"variants": []string{}, "os": "ubuntu24.04", "platform": "linux", "target": "x86_64_v3",
		"stacks": []string{"root"}, "size": 123456789, "tarball": "https://binaries.spack.io/x.spack",
		"new_field": "value", "nested": map[string]any{"a": []int{1, 2}}, "flag": true, "nothing": nil}
	plain := map[string]any{"hash": hashN(2), "compiler": "gcc@13.2.0", "versions": []string{"1.0"},
		"variants": []string{}, "os": "ubuntu24.04", "platform": "linux", "target": "x86_64_v3",
		"stacks": []string{"root"}, "size": "-"}
	pkg, _, _, err := parsePage("p.md", []byte(testPage("zlib", "v0.23.1", nil, plain, extra)), false)
	if err != nil {
		t.Fatal(err)
	}
	s := pkg.Specs[0] // hashN(1)
	if s.Size() != "123456789" || s.Tarball() != "https://binaries.spack.io/x.spack" {
		t.Errorf("size %q, tarball %q", s.Size(), s.Tarball())
	}
	want := map[string]string{"new_field": `"value"`, "nested": `{"a":[1,2]}`, "flag": "true", "nothing": "null"}
	if len(s.Extra()) != len(want) {
		t.Errorf("extra %v, want the keys of %v", s.Extra(), want)
	}
	for k, v := range want {
		if got := string(s.Extra()[k]); got != v {
			t.Errorf("extra[%s] = %s, want %s", k, got, v)
		}
	}
	if p := pkg.Specs[1]; p.Size() != "" || p.More != nil { // size "-": none
		t.Errorf("plain spec: size %q, more %+v", p.Size(), p.More)
	}
	if pkg.Name != "zlib" || pkg.Tag() != "v0.23.1" || pkg.Line != 6 || pkg.File() != "p.md" {
		t.Errorf("package %+v", pkg)
	}
	// Known fields with the wrong type are errors, not extras.
	bad := simpleSpec(3)
	bad["versions"] = "1.0"
	_, _, _, err = parsePage("bad.md", []byte(testPage("zlib", "develop", nil, plain, bad)), false)
	checkErr(t, err, "bad.md", 6, len("spec_details: [")+len(mustJSON(plain))+2,
		"spec 2: versions: want a list of strings")
}

// toBlockYAML rewrites a page's one-line JSON meta and spec_details as
// block-style YAML (the slow path).
func toBlockYAML(t testing.TB, page string) string {
	t.Helper()
	lines := strings.Split(page, "\n")
	for i, l := range lines {
		for _, key := range []string{"meta", "spec_details"} {
			v, ok := strings.CutPrefix(l, key+": ")
			if !ok {
				continue
			}
			var generic any
			if err := json.Unmarshal([]byte(v), &generic); err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			out, err := yaml.Marshal(map[string]any{key: generic})
			if err != nil {
				t.Fatal(err)
			}
			lines[i] = strings.TrimSuffix(string(out), "\n")
		}
	}
	return strings.Join(lines, "\n")
}

// toTaggedFlow makes the parser take the slow path without moving a line:
// a YAML tag before the JSON makes it a YAML flow value.
func toTaggedFlow(page string) string {
	page = strings.Replace(page, "\nmeta: {", "\nmeta: !!map {", 1)
	return strings.Replace(page, "\nspec_details: [", "\nspec_details: !!seq [", 1)
}

// keyLine returns the 1-based line on which key starts in page.
func keyLine(page, key string) int {
	for i, l := range strings.Split(page, "\n") {
		if strings.HasPrefix(l, key+":") {
			return i + 1
		}
	}
	return 0
}

// fastSlowPages is the real pages and seeds, and a page whose meta
// disagrees with its specs (so that warnings are compared too).
func fastSlowPages(t *testing.T) map[string]string {
	t.Helper()
	pages := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(realDir, "*", "*", "specs.md"))
	seeds, _ := filepath.Glob("../../testdata/seeds/*.txt")
	for _, f := range append(files, seeds...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[f] = string(data)
	}
	if len(pages) < 30 {
		t.Fatalf("only %d real pages found", len(pages))
	}
	meta := simpleMeta(3)
	meta["num_specs"] = 4
	meta["compilers"] = []string{"gcc@=12.1.0"}
	meta["num_specs_by_stack"] = map[string]int{"root": 3, "e4s": 1}
	specs := []map[string]any{simpleSpec(1), simpleSpec(2), simpleSpec(3)}
	specs[2]["new_field"] = "kept"
	specs[2]["size"] = 1234
	pages["inconsistent"] = testPage("zlib", "develop", meta, specs...)
	return pages
}

// TestFastSlowSame: meta and spec_details written as YAML instead of
// one-line JSON give the same package and warnings.
func TestFastSlowSame(t *testing.T) {
	sawWarnings := false
	pages := fastSlowPages(t)
	for i, name := range slices.Sorted(maps.Keys(pages)) {
		if testing.Short() && i%2 == 1 && name != "inconsistent" {
			continue // a quick inner loop: every other page, in name order
		}
		page := pages[name]
		fast, fastCounts, fastWarns, err := parsePage(name, []byte(page), false)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		sawWarnings = sawWarnings || len(fastWarns) > 0

		// Same lines, slow path: everything equal.
		tagged := toTaggedFlow(page)
		if tagged == page {
			t.Fatalf("%s: no one-line JSON to rewrite", name)
		}
		slow, slowCounts, slowWarns, err := parsePage(name, []byte(tagged), false)
		if err != nil {
			t.Errorf("%s tagged: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(slow, fast) || !reflect.DeepEqual(slowCounts, fastCounts) || !reflect.DeepEqual(slowWarns, fastWarns) {
			t.Errorf("%s: tagged YAML flow differs from JSON:\n%+v %v %v\n%+v %v %v", name, slow, slowCounts, slowWarns, fast, fastCounts, fastWarns)
		}

		// Block YAML over many lines: equal but for the lines.
		block := toBlockYAML(t, page)
		if !strings.Contains(block, "\n    - ") {
			t.Fatalf("%s: block YAML has no block sequence:\n%s", name, block)
		}
		slow, slowCounts, slowWarns, err = parsePage(name, []byte(block), false)
		if err != nil {
			t.Errorf("%s block: %v", name, err)
			continue
		}
		if l := keyLine(block, "spec_details"); slow.Line < l || slow.Line > l+1 {
			t.Errorf("%s block: package line %d, spec_details starts on line %d", name, slow.Line, l)
		}
		metaLine := keyLine(block, "meta")
		for _, w := range slowWarns {
			if w.Line < metaLine || w.Line > metaLine+1 {
				t.Errorf("%s block: warning %q on line %d, meta starts on line %d", name, w.Message, w.Line, metaLine)
			}
		}
		slowCopy, fastCopy := *slow, *fast
		slowCopy.Line, fastCopy.Line = 0, 0
		if !reflect.DeepEqual(slowCopy, fastCopy) || !reflect.DeepEqual(slowCounts, fastCounts) {
			t.Errorf("%s: block YAML differs from JSON:\n%+v %v\n%+v %v", name, slowCopy, slowCounts, fastCopy, fastCounts)
		}
		if !reflect.DeepEqual(messages(slowWarns), messages(fastWarns)) {
			t.Errorf("%s: block YAML warnings %v, JSON %v", name, slowWarns, fastWarns)
		}
	}
	if !sawWarnings {
		t.Error("no page gave warnings: the warnings were not compared")
	}
}

func messages(ws []Warning) []string {
	var m []string
	for _, w := range ws {
		m = append(m, w.File+": "+w.Message)
	}
	return m
}

// TestMultiLineJSON: pretty-printed JSON is multi-line YAML (flow style)
// and loads like the one-line form.
func TestMultiLineJSON(t *testing.T) {
	page := simplePage("zlib", "develop", 1, 2)
	want, _, _, err := parsePage("p.md", []byte(page), false)
	if err != nil {
		t.Fatal(err)
	}
	var pretty strings.Builder
	for _, l := range strings.Split(page, "\n") {
		key, v, _ := strings.Cut(l, ": ")
		if key != "meta" && key != "spec_details" {
			pretty.WriteString(l + "\n")
			continue
		}
		var generic any
		if err := json.Unmarshal([]byte(v), &generic); err != nil {
			t.Fatal(err)
		}
		out, _ := json.MarshalIndent(generic, "  ", "  ")
		pretty.WriteString(key + ": " + string(out) + "\n")
	}
	got, _, warns, err := parsePage("p.md", []byte(pretty.String()), false)
	if err != nil {
		t.Fatalf("%v\n%s", err, pretty.String())
	}
	got.Line = want.Line
	if !reflect.DeepEqual(got, want) || len(warns) != 0 {
		t.Errorf("pretty-printed JSON: got %+v (warnings %v), want %+v", got, warns, want)
	}
}

func TestMetaWarnings(t *testing.T) {
	meta := simpleMeta(2)
	meta["num_specs"] = 3
	meta["compilers"] = []string{"gcc@=13.2.0", "oneapi@2025.0.0"} // gcc@13.2.0 once canonical
	meta["num_specs_by_stack"] = map[string]int{"root": 2, "e4s": 1}
	meta["oss"] = []string{}
	specs := []map[string]any{simpleSpec(1), simpleSpec(2)}
	specs[1]["compiler"] = "clang@18.1.8"
	dir := writeTree(t, map[string]string{"zlib/specs.md": testPage("zlib", "develop", meta, specs...)})
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "zlib", "specs.md")
	want := []Warning{
		{File: file, Line: 5, Message: `meta compilers lacks "llvm@18.1.8", which specs have`},
		{File: file, Line: 5, Message: `meta lists compilers "intel-oneapi-compilers@2025.0.0" that no spec has`},
		{File: file, Line: 5, Message: `meta oss lacks "ubuntu24.04", which specs have`},
		{File: file, Line: 5, Message: "meta says num_specs is 3, but the page lists 2 specs"},
		{File: file, Line: 5, Message: `meta says num_specs_by_stack["e4s"] is 1, but 0 specs list that stack`},
	}
	if !reflect.DeepEqual(snap.Warnings, want) {
		t.Errorf("warnings\n%v\nwant\n%v", snap.Warnings, want)
	}

	// Raw: the meta is compared as written.
	snap, err = Load(dir, Options{Raw: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := messages(snap.Warnings); !slices.Contains(got, file+`: meta lists compilers "gcc@=13.2.0", "oneapi@2025.0.0" that no spec has`) {
		t.Errorf("raw warnings %v", got)
	}

	// No meta at all: bad input, at the end of the front matter (the
	// site's listing of packages needs its num_specs; TestNoMeta).
	dir = writeTree(t, map[string]string{"zlib/specs.md": head + "spec_details: " + mustJSON([]map[string]any{simpleSpec(1)}) + "\n---\n"})
	_, err = Load(dir, Options{})
	checkErr(t, err, filepath.Join(dir, "zlib", "specs.md"), 6, 0, "no meta in the front matter", "listing")

	// A consistent page: none.
	dir = writeTree(t, map[string]string{"zlib/specs.md": simplePage("zlib", "develop", 1, 5)})
	snap, err = Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Warnings) != 0 {
		t.Errorf("warnings on a consistent page: %v", snap.Warnings)
	}
}

// TestBadFieldsReportedInKeyOrder: a spec with several fields of the wrong
// type is reported by the same field on every run (the first by name), not
// by whichever the map gave first; the message ends up in reports too
// (--skip-invalid).
func TestBadFieldsReportedInKeyOrder(t *testing.T) {
	spec := simpleSpec(1)
	for _, k := range []string{"versions", "target", "os", "compiler", "platform"} {
		spec[k] = 5
	}
	page := []byte(testPage("zlib", "develop", nil, spec))
	for range 50 {
		_, _, _, err := parsePage("zlib/specs.md", page, false)
		if err == nil || !strings.Contains(err.Error(), "spec 1: compiler: want a string, got 5") {
			t.Fatalf("error = %v, want the compiler field named", err)
		}
	}
}
