package jsonv1

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// fullReport is a generated report with every optional part present: a
// tripped gate, skipped pages, canonicalization counts, warnings.
func fullReport(t testing.TB) *diff.Report {
	t.Helper()
	if testing.Short() {
		// A quick inner loop: 3 packages (37 KB of JSON) whose JSON has
		// every shape of object and every key of the full run's report
		// (TestFullReportShapes checks it); the tests that edit and
		// decode it call it dozens of times. make test uses the full
		// one, of 10 packages (154 specs, 176 KB).
		return fullReportOf(t, 18, 3)
	}
	return fullReportOf(t, 11, 10)
}

// fullReportOf is fullReport of reporttest.GenReport(seed, pkgs).
func fullReportOf(t testing.TB, seed uint64, pkgs int) *diff.Report {
	t.Helper()
	r := reporttest.GenReport(seed, pkgs)
	reporttest.GenSkipped(r, 11, 3)
	var err error
	if r.Gate, err = diff.CheckGate(r, []string{"removed-spec", "lost-os", "downgrade"}); err != nil {
		t.Fatal(err)
	}
	r.Canonicalized = diff.ValueCounts{{Value: "compiler-exact-version", OldToNew: diff.OldToNew{Old: 2, New: 1}}, {Value: "variant-quotes", OldToNew: diff.OldToNew{Old: 0, New: 3}}}
	if len(r.Warnings) == 0 {
		r.Warnings = append(r.Warnings, snapshot.Warning{File: "new/x/specs.md", Line: 4, Message: "meta says 3 specs"})
	}
	return r
}

func jsonOf(t testing.TB, r *diff.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// goTypeNames are what encoding/json's messages say that a user of
// cachediff cannot act on (issue 11, item 14).
var goTypeNames = regexp.MustCompile(`diff\.|snapshot\.|report\.|struct \{|Go (struct field|value)|\*string|\bint\b|\[\]string`)

// TestDecodeRequiresEveryField: a saved report with any one field a v1
// report always has deleted (the first element of each list standing for
// all), or null in its place, is refused with the field's name and the
// line of its object; deleting an optional field is not (issue 11,
// item 12: {"schema": "cachediff/v1"} alone rendered "No changes").
func TestDecodeRequiresEveryField(t *testing.T) {
	data := jsonOf(t, fullReport(t))
	optional := map[string]bool{"gate": true, "causes": true, "old_file": true, "new_file": true, "stacks_joined": true, "stacks_left": true,
		"skipped": true, "options.packages": true, "options.stacks": true, "options.ignore": true}
	// A highlight's fields apply to some kinds only; the list is computed
	// when absent (a report saved before it).
	highlightOptional := map[string]bool{"step": true, "facet": true, "value": true, "versions": true, "specs": true, "from": true, "to": true, "changes": true, "count": true, "unit": true}
	pairOnly := map[string]bool{"facet": true, "from": true, "to": true} // optional in pairs, not in updates
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	tried, fields := 0, 0
	// Under -short, a quick inner loop: each field of each shape of object
	// (its set of keys: the spec of an added, a removed and both sides of
	// a pair are one shape) once, deleted or null in turn, in key order;
	// make test tries both on every field of every object.
	seen := map[string]bool{}
	var walk func(path string, v any, edit func(func(any) any) any)
	walk = func(path string, v any, edit func(func(any) any) any) {
		switch v := v.(type) {
		case map[string]any:
			if strings.HasSuffix(path, "counts") || strings.HasSuffix(path, "canonicalized") {
				return // keyed by value
			}
			keys := slices.Sorted(maps.Keys(v))
			shape := strings.Join(keys, ",")
			for _, k := range keys {
				fv := v[k]
				p := strings.TrimPrefix(path+"."+k, ".")
				if p == "schema" {
					continue
				}
				modes := []string{"delete", "null"}
				if testing.Short() {
					if seen[shape+"|"+k] {
						modes = nil
					} else {
						seen[shape+"|"+k] = true
						modes = modes[fields%2 : fields%2+1]
						fields++
					}
				}
				for _, mode := range modes {
					edited := edit(func(o any) any {
						m := o.(map[string]any)
						if mode == "delete" {
							delete(m, k)
						} else {
							m[k] = nil
						}
						return m
					})
					out, err := json.Marshal(edited)
					if err != nil {
						t.Fatal(err)
					}
					_, derr := DecodeBytes(out)
					tried++
					inHighlight := strings.HasPrefix(p, "highlights[") && highlightOptional[k]
					isOptional := optional[k] || optional[p] || pairOnly[k] && strings.Contains(p, ".specs.") || p == "highlights" || inHighlight
					switch {
					case mode == "delete" && isOptional:
						if derr != nil && strings.Contains(derr.Error(), fmt.Sprintf("no %q field", k)) {
							t.Errorf("without the optional %s: %v", p, derr)
						}
					case mode == "null" && (k == "gate" || k == "causes" || inHighlight):
						// null is no gate (no causes), as when it is absent
					case derr == nil:
						t.Errorf("%s %s: no error", mode, p)
					case goTypeNames.MatchString(derr.Error()):
						t.Errorf("%s %s: %v: Go type names", mode, p, derr)
					case mode == "delete" && !strings.Contains(derr.Error(), fmt.Sprintf("no %q field", k)):
						t.Errorf("delete %s: %v", p, derr)
					}
				}
				walk(p, fv, func(f func(any) any) any {
					return edit(func(o any) any {
						m := o.(map[string]any)
						m[k] = f(m[k])
						return m
					})
				})
			}
		case []any:
			if len(v) > 0 {
				walk(path+"[0]", v[0], func(f func(any) any) any {
					return edit(func(o any) any {
						l := o.([]any)
						l[0] = f(l[0])
						return l
					})
				})
			}
		}
	}
	walk("", doc, func(f func(any) any) any { return f(reporttest.DeepCopy(doc)) })
	if least := map[bool]int{false: 100, true: 50}[testing.Short()]; tried < least {
		t.Errorf("only %d edits tried", tried)
	}
}

// TestFullReportShapes: fullReport under -short is a smaller report with
// the same shapes as the full one: each shape of object (its set of keys)
// and each key of it, from the first element of each list, is in both.
func TestFullReportShapes(t *testing.T) {
	shapes := func(r *diff.Report) map[string]bool {
		var doc any
		if err := json.Unmarshal(jsonOf(t, r), &doc); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		var walk func(path string, v any)
		walk = func(path string, v any) {
			switch v := v.(type) {
			case map[string]any:
				if strings.HasSuffix(path, "counts") || strings.HasSuffix(path, "canonicalized") {
					return // keyed by value
				}
				keys := slices.Sorted(maps.Keys(v))
				for _, k := range keys {
					seen[strings.Join(keys, ",")+"|"+k] = true
					walk(path+"."+k, v[k])
				}
			case []any:
				if len(v) > 0 {
					walk(path+"[0]", v[0])
				}
			}
		}
		walk("", doc)
		return seen
	}
	full, short := shapes(fullReportOf(t, 11, 10)), shapes(fullReportOf(t, 18, 3))
	if !maps.Equal(full, short) {
		for k := range full {
			if !short[k] {
				t.Errorf("only in the full report: %s", k)
			}
		}
		for k := range short {
			if !full[k] {
				t.Errorf("only in the -short report: %s", k)
			}
		}
	}
}

// TestDecodeLaws: a report whose numbers disagree is refused, never
// rendered (issue 11, item 12).
func TestDecodeLaws(t *testing.T) {
	base := fullReport(t)
	if _, err := DecodeBytes(jsonOf(t, base)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	changed := slices.IndexFunc(base.Packages, func(p diff.Package) bool { return p.Status == diff.Changed && p.Counts.Rebuilt > 0 })
	if changed < 0 || base.Gate.Passed() {
		t.Fatal("the generated report has no changed package with rebuilt specs, or its gate passed")
	}
	for _, tc := range []struct {
		name, want string
		edit       func(r *diff.Report)
	}{
		{"negative count", "", nil}, // by text below
		{"specs not conserved", "summary.specs: old is", func(r *diff.Report) { r.Summary.Specs.Old++ }},
		{"side disagrees", "old.specs", func(r *diff.Report) { r.Old.Specs++ }},
		{"packages not conserved", "summary.packages: new is", func(r *diff.Report) { r.Summary.Packages.New++ }},
		{"a package dropped", "packages: ", func(r *diff.Report) { r.Packages = r.Packages[1:] }},
		{"package counts not conserved", fmt.Sprintf("packages[%d].counts: old is", changed), func(r *diff.Report) { r.Packages[changed].Counts.Old++ }},
		{"list shorter than its count", fmt.Sprintf("packages[%d].specs.rebuilt", changed), func(r *diff.Report) {
			p := &r.Packages[changed]
			p.Specs.Rebuilt = p.Specs.Rebuilt[1:]
		}},
		{"summary not the sum", "summary.specs.rebuilt", func(r *diff.Report) {
			r.Summary.Specs.Rebuilt++
			r.Summary.Specs.Unchanged--
		}},
		{"packages out of order", "name", func(r *diff.Report) { r.Packages[0], r.Packages[1] = r.Packages[1], r.Packages[0] }},
		{"status and counts", fmt.Sprintf("packages[%d]", changed), func(r *diff.Report) { r.Packages[changed].Status = diff.Added }},
		{"updates", "updates", func(r *diff.Report) { r.Updates[0].Specs++ }},
		{"facet sum", "facets.compiler.counts", func(r *diff.Report) { r.Facets.Compiler.Counts[0].Old++ }},
		{"facet removed", "facets.os.removed", func(r *diff.Report) { r.Facets.OS.Removed = append(r.Facets.OS.Removed, "x") }},
		// A count moved from one compiler to another keeps every sum, but
		// not what the listed specs say: without the saved gate, a lost
		// compiler or stack counted back by hand passed --fail-on lost-*.
		{"facet value counted back", "but the listed specs move it by", func(r *diff.Report) {
			c := r.Facets.Compiler.Counts
			i := slices.IndexFunc(c, func(v diff.ValueCount) bool { return v.Old > 0 && v.New > 0 })
			j := slices.IndexFunc(c, func(v diff.ValueCount) bool { return v.Old > 0 && v.New > 1 && v.Value != c[i].Value })
			c[i].New++
			c[j].New--
			r.Gate = nil
		}},
		{"stack row", "stacks[0]", func(r *diff.Report) { r.Stacks[0].Specs.Old++; r.Gate = nil }},
		{"stack row dropped", "stacks: ", func(r *diff.Report) { r.Stacks = r.Stacks[1:]; r.Gate = nil }},
		// Skipped files as the loader lists them: named, with a reason,
		// sorted; an entry emptied or moved by hand rendered as its word.
		{"skipped without a reason", "new.skipped[0]: has no file or no reason", func(r *diff.Report) {
			r.New.Skipped = []snapshot.Skipped{{File: "new/a/specs.md"}}
		}},
		{"skipped without a file", "old.skipped[0]: has no file or no reason", func(r *diff.Report) {
			r.Old.Skipped = []snapshot.Skipped{{Reason: "broken"}}
		}},
		{"skipped out of order", "new.skipped[1]", func(r *diff.Report) {
			r.New.Skipped = []snapshot.Skipped{{File: "new/b/specs.md", Reason: "x"}, {File: "new/a/specs.md", Reason: "x"}}
		}},
		// A column is of a line, as the loader writes it (snapshot.Error):
		// the page a at line 0, column 5 rendered "a:0:5", a place no
		// loader names.
		{"skipped at a column of no line", "new.skipped[1].column: 5, but new.skipped[1].line is 0", func(r *diff.Report) {
			r.New.Skipped = []snapshot.Skipped{{File: "new/a/specs.md", Line: 2, Column: 1, Reason: "x"}, {File: "new/b/specs.md", Column: 5, Reason: "x"}}
		}},
		{"empty gate", "gate.fail_on: empty", func(r *diff.Report) { r.Gate = &diff.Gate{FailOn: []string{}, Tripped: []diff.Trip{}} }},
		{"gate says passed", "gate.tripped", func(r *diff.Report) { r.Gate.Tripped = []diff.Trip{} }},
		{"gate count", "gate.tripped[0].count", func(r *diff.Report) { r.Gate.Tripped[0].Count++ }},
		{"gate kind twice", "gate.fail_on[1]", func(r *diff.Report) { r.Gate.FailOn[1] = r.Gate.FailOn[0] }},
		{"tripped kind not failed on", "gate.tripped[0].kind", func(r *diff.Report) { r.Gate.Tripped[0].Kind = "lost-target" }},
		// A later cachediff's kind beside known ones: the known ones are
		// still checked (a saved "passed" once hid the report's removals).
		{"unknown kind hides the known", "gate.tripped: says []", func(r *diff.Report) {
			r.Gate.FailOn = append(r.Gate.FailOn, "future-kind")
			r.Gate.Tripped = []diff.Trip{}
		}},
		{"trip packages", "gate.tripped[0].packages", func(r *diff.Report) { r.Gate.Tripped[0].Packages = []string{"zzz"} }},
		{"trip values", "gate.tripped[0].values", func(r *diff.Report) { r.Gate.Tripped[0].Values = append(r.Gate.Tripped[0].Values, "zzz") }},
		{"trip unit", "gate.tripped[0].unit", func(r *diff.Report) { r.Gate.Tripped[0].Unit = "moon" }},
		// Without causes, rebuilt specs would render without the line
		// that says their cause is unknown (or the environment's roots).
		{"causes dropped", "causes: absent, but the report has", func(r *diff.Report) { r.Causes = nil }},
		{"causes miscounted", "causes.pairs", func(r *diff.Report) { r.Causes.Pairs++ }},
		{"causes known", "causes.known", func(r *diff.Report) { r.Causes.Known = r.Causes.Pairs + 1 }},
	} {
		if tc.edit == nil {
			continue
		}
		r := fullReport(t)
		tc.edit(r)
		_, err := DecodeBytes(jsonOf(t, r))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	// Edits that typed structs cannot hold.
	data := string(jsonOf(t, base))
	for _, tc := range []struct{ name, old, new, want string }{
		{"schema alone", data, `{"schema": "cachediff/v1"}`, `no "old" field`},
		{"negative count", `"old": ` + fmt.Sprint(base.Summary.Specs.Old), `"old": -5`, "summary.specs.old: want a count (a whole number, 0 or more), not -5"},
		{"fraction", `"old": ` + fmt.Sprint(base.Summary.Specs.Old), `"old": 1.5`, "not 1.5"},
		// Counts of 15 digits, summed over some 10,000 packages by the
		// laws, overflowed int64 and could be made to add up.
		{"a count of 11 digits", `"old": ` + fmt.Sprint(base.Summary.Specs.Old), `"old": 10000000000`, "summary.specs.old: 10000000000 is more than any report holds (at most 10 digits)"},
		// Past a 32-bit int, 10 digits: encoding/json's own error,
		// with Go's type names, on a 32-bit build
		// (GOARCH=386 go test -run TestDecodeLaws).
		{"a count past 2^32", `"old": ` + fmt.Sprint(base.Summary.Specs.Old), `"old": 4294967296`, "summary.specs"},
		{"empty gate object", `"gate": {`, `"gate": {}, "x": {`, `gate: no "fail_on" field`},
		{"a key twice", `"canonicalize": `, `"canonicalize": true, "canonicalize": `, `key "canonicalize" is there twice`},
		{"a key in another case", `"summary": {`, `"Summary": {`, `key "Summary": cachediff/v1 writes "summary"`},
		{"a count as a string", `"variant-quotes": {`, `"variant-quotes": {"old": 0, "new": "3"}, "zz": {`, `canonicalized["variant-quotes"].new: want a count`},
		{"a value twice", `"variant-quotes"`, `"compiler-exact-version"`, `the value "compiler-exact-version" is listed twice`},
		{"not UTF-8", `"path": "old"`, "\"path\": \"ol\xff\"", "not valid UTF-8"},
		{"trailing data", data, data + "{}", "more after the end of the document"},
		{"a list", data, `[]`, "not a cachediff JSON report: the document is a list"},
		{"schema a number", data, `{"schema": 1}`, `want a string such as "cachediff/v1"`},
	} {
		if !strings.Contains(data, tc.old) {
			t.Fatalf("%s: %q not in the report", tc.name, tc.old)
		}
		_, err := DecodeBytes([]byte(strings.Replace(data, tc.old, tc.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		} else if goTypeNames.MatchString(err.Error()) {
			t.Errorf("%s: %v: Go type names", tc.name, err)
		}
	}
}

// TestDecodePositions: a bad value is reported at its own line and
// column, also inside canonicalized and facets.*.counts (which
// encoding/json decodes through diff.ValueCounts, at offsets of their own:
// "line 2, column 1"), and without Go type names (issue 11, item 14).
func TestDecodePositions(t *testing.T) {
	data := string(jsonOf(t, fullReport(t)))
	for _, tc := range []struct{ name, old, new, path string }{
		{"canonicalized", `"variant-quotes": {`, `"variant-quotes": {"old": "x", "new": 3}, "y": {`, `canonicalized["variant-quotes"].old`},
		{"facets counts", `"ubuntu22.04": {`, `"ubuntu22.04": [], "z": {`, `facets.os.counts["ubuntu22.04"]`},
		{"a stack row", `"specs": {`, `"specs": {"old": {}, "x": {`, `.specs.old`},
		{"a count of a package", `"counts": {`, `"counts": {"old": true, "x": {`, `packages[0].counts.old`},
		{"a hash", `"hash": "`, `"hash": 7, "x": "`, `.hash`},
	} {
		at := strings.Index(data, tc.old)
		if at < 0 {
			t.Fatalf("%s: %q not in the report", tc.name, tc.old)
		}
		edited := data[:at] + tc.new + data[at+len(tc.old):]
		line := strings.Count(data[:at], "\n") + 1
		_, err := DecodeBytes([]byte(edited))
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		var se *ShapeError
		if !errors.As(err, &se) || se.Line != line || !strings.Contains(se.Path, tc.path) {
			t.Errorf("%s: %v, want line %d and a path with %s", tc.name, err, line, tc.path)
		}
		if goTypeNames.MatchString(err.Error()) {
			t.Errorf("%s: %v: Go type names", tc.name, err)
		}
	}
}

// TestDecodeFileNotRegular: render reads a report (and --template a
// template) only from a regular file, up to its size: /dev/zero, a FIFO
// or a folder is an error at once, not a read until memory runs out
// (issue 11, item 3).
func TestDecodeFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	paths := []string{dir}
	if runtime.GOOS != "windows" {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if _, err := decodeFile(p); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("DecodeFile(%s): %v", p, err)
		}
		if _, err := ReadFile(p); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("ReadFile(%s): %v", p, err)
		}
	}
	good := filepath.Join(dir, "r.json")
	if err := os.WriteFile(good, jsonOf(t, fullReport(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := decodeFile(good); err != nil {
		t.Errorf("DecodeFile of a saved report: %v", err)
	}
}

// TestDecodeRendersEmptyVersions: a report whose package has no versions
// on either side (a page of specs with "versions": []) decodes and renders
// (issue 11, item 7, the render side).
func TestDecodeRendersEmptyVersions(t *testing.T) {
	r := reporttest.OnePackage("p")
	p := &r.Packages[0]
	p.Versions.Old, p.Versions.New = []string{}, []string{}
	for _, pr := range []*diff.Pair{&p.Specs.Rebuilt[0]} {
		pr.Old.Versions, pr.New.Versions = []string{}, []string{}
	}
	renderAll(t, r)
}

// TestSpackReportsRender: the reports of Spack's own formats (build-cache
// indexes, spec files, generated DAGs, and the real lockfiles of
// ../shared/lockfiles when they are there, read in place) decode again
// and render the same in every format: render accepts every report the
// engine writes. (A package whose first spec had no variants was written
// with "shared_variants": null, which render refused.)
func TestSpackReportsRender(t *testing.T) {
	root := filepath.Join("..", "..", "testdata")
	pairs := [][2]string{
		{filepath.Join(root, "spack-formats", "index.v6-legacy-yaml.json"), filepath.Join(root, "spack-formats", "index.v7-layout2-unsigned.json")},
		{filepath.Join(root, "spack-formats", "index.v7-layout2-unsigned.json"), filepath.Join(root, "spack-formats", "index.v8-layout2-unsigned-mixed.json")},
		{filepath.Join(root, "spack-formats", "spec.v4-libdwarf-core2.spec.json"), filepath.Join(root, "spack-formats", "spec.v5-libdwarf-m1.spec.json")},
		{filepath.Join(root, "spack-gen", "old"), filepath.Join(root, "spack-gen", "new")},
	}
	if locks := shareddata.Dir("lockfiles"); locks != "" {
		for _, p := range [][2]string{
			{"MiddelkoopT__spack-tutorial/6872a9c/spack.lock", "MiddelkoopT__spack-tutorial/c41dc2b/spack.lock"},
			{"grc-iit__ChronoLog/0a186a8/CI__enviroment__spack.lock", "grc-iit__ChronoLog/a0846dc/CI__enviroment__spack.lock"},
			{"spack__all-pythons/536609d/spack.lock", "spack__all-pythons/9f5fc23/spack.lock"},
			{"viperML__spack-stack/6f0a159/debian-11__spack.lock", "viperML__spack-stack/6f0a159/rhel-8__spack.lock"},
		} {
			pairs = append(pairs, [2]string{filepath.Join(locks, p[0]), filepath.Join(locks, p[1])})
		}
	} else {
		t.Log("../shared/lockfiles is absent: only the formats in testdata")
	}
	for _, p := range pairs {
		t.Run(filepath.Base(filepath.Dir(p[0]))+"/"+filepath.Base(p[0]), func(t *testing.T) {
			renderAll(t, reporttest.ComparePaths(t, p[0], p[1]))
		})
	}
}

// TestDecodeLogShape: a cachediff/log/v1 document is checked as a report
// is: a missing field, or a bad value in one of its steps, is reported at
// its line in the log, with its path and without Go type names.
func TestDecodeLogShape(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"schema": "cachediff/log/v1"}`, `line 1, column 1: no "steps" field: every cachediff/log/v1 document has one`},
		{`{"schema": "cachediff/log/v1", "steps": "x"}`, `line 1, column 41: steps: want a list of objects, not a string`},
		{"{\"schema\": \"cachediff/log/v1\",\n \"steps\": [\n{\"schema\": \"cachediff/v1\", \"old\": 5}]}", `line 3, column 35: steps[0].old: want an object, not a number`},
	} {
		_, err := DecodeLog([]byte(tc.doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.doc, err, tc.want)
		} else if goTypeNames.MatchString(err.Error()) {
			t.Errorf("%s: %v: Go type names", tc.doc, err)
		}
	}
}

// requiredPaths lists the fields of s that a document must have, as
// paths (packages[].counts.old).
func requiredPaths(s *shape, at string) []string {
	var out []string
	switch s.kind {
	case kList:
		return requiredPaths(s.elem, at+"[]")
	case kCounts:
		return requiredPaths(s.elem, at+"{}")
	case kObject:
		for _, f := range s.fields {
			p := f.name
			if at != "" {
				p = at + "." + f.name
			}
			if f.optional {
				continue
			}
			out = append(out, p)
			out = append(out, requiredPaths(f.shape, p)...)
		}
	}
	return out
}

// v1Required are the fields every cachediff/v1 report has, and Decode
// requires. A field added within v1 is absent from reports saved before
// it: it must be optional (omitempty), or listed in addedInV1 so that
// Decode reads it as [] when it is absent. This list fails when a field
// becomes required: decide which, then update it.
const v1Required = `schema old old.path old.tag old.packages old.specs new new.path new.tag new.packages new.specs
options options.canonicalize summary summary.packages summary.packages.old summary.packages.new
summary.packages.added summary.packages.removed summary.packages.changed summary.packages.unchanged
summary.specs summary.specs.old summary.specs.new summary.specs.unchanged summary.specs.restacked
summary.specs.rebuilt summary.specs.updated summary.specs.added summary.specs.removed packages
packages[].name packages[].status packages[].versions packages[].versions.old
packages[].versions.new packages[].versions.added packages[].versions.removed
packages[].versions.direction packages[].shared_variants packages[].counts packages[].counts.old
packages[].counts.new packages[].counts.unchanged packages[].counts.restacked
packages[].counts.rebuilt packages[].counts.updated packages[].counts.added
packages[].counts.removed packages[].specs packages[].specs.added packages[].specs.added[].hash
packages[].specs.added[].versions packages[].specs.added[].compiler packages[].specs.added[].os
packages[].specs.added[].platform packages[].specs.added[].target packages[].specs.added[].variants
packages[].specs.added[].stacks packages[].specs.removed packages[].specs.removed[].hash
packages[].specs.removed[].versions packages[].specs.removed[].compiler
packages[].specs.removed[].os packages[].specs.removed[].platform packages[].specs.removed[].target
packages[].specs.removed[].variants packages[].specs.removed[].stacks packages[].specs.rebuilt
packages[].specs.rebuilt[].old packages[].specs.rebuilt[].old.hash
packages[].specs.rebuilt[].old.versions packages[].specs.rebuilt[].old.compiler
packages[].specs.rebuilt[].old.os packages[].specs.rebuilt[].old.platform
packages[].specs.rebuilt[].old.target packages[].specs.rebuilt[].old.variants
packages[].specs.rebuilt[].old.stacks packages[].specs.rebuilt[].new
packages[].specs.rebuilt[].new.hash packages[].specs.rebuilt[].new.versions
packages[].specs.rebuilt[].new.compiler packages[].specs.rebuilt[].new.os
packages[].specs.rebuilt[].new.platform packages[].specs.rebuilt[].new.target
packages[].specs.rebuilt[].new.variants packages[].specs.rebuilt[].new.stacks
packages[].specs.updated packages[].specs.updated[].old packages[].specs.updated[].old.hash
packages[].specs.updated[].old.versions packages[].specs.updated[].old.compiler
packages[].specs.updated[].old.os packages[].specs.updated[].old.platform
packages[].specs.updated[].old.target packages[].specs.updated[].old.variants
packages[].specs.updated[].old.stacks packages[].specs.updated[].new
packages[].specs.updated[].new.hash packages[].specs.updated[].new.versions
packages[].specs.updated[].new.compiler packages[].specs.updated[].new.os
packages[].specs.updated[].new.platform packages[].specs.updated[].new.target
packages[].specs.updated[].new.variants packages[].specs.updated[].new.stacks
packages[].specs.restacked packages[].specs.restacked[].old packages[].specs.restacked[].old.hash
packages[].specs.restacked[].old.versions packages[].specs.restacked[].old.compiler
packages[].specs.restacked[].old.os packages[].specs.restacked[].old.platform
packages[].specs.restacked[].old.target packages[].specs.restacked[].old.variants
packages[].specs.restacked[].old.stacks packages[].specs.restacked[].new
packages[].specs.restacked[].new.hash packages[].specs.restacked[].new.versions
packages[].specs.restacked[].new.compiler packages[].specs.restacked[].new.os
packages[].specs.restacked[].new.platform packages[].specs.restacked[].new.target
packages[].specs.restacked[].new.variants packages[].specs.restacked[].new.stacks updates
updates[].facet updates[].from updates[].to updates[].specs updates[].packages facets
facets.compiler facets.compiler.added facets.compiler.removed facets.compiler.counts
facets.compiler.counts{}.old facets.compiler.counts{}.new facets.os facets.os.added
facets.os.removed facets.os.counts facets.os.counts{}.old facets.os.counts{}.new facets.platform
facets.platform.added facets.platform.removed facets.platform.counts facets.platform.counts{}.old
facets.platform.counts{}.new facets.target facets.target.added facets.target.removed
facets.target.counts facets.target.counts{}.old facets.target.counts{}.new facets.stack
facets.stack.added facets.stack.removed facets.stack.counts facets.stack.counts{}.old
facets.stack.counts{}.new stacks stacks[].name stacks[].specs stacks[].specs.old stacks[].specs.new
stacks[].packages stacks[].packages.old stacks[].packages.new canonicalized canonicalized{}.old
canonicalized{}.new warnings warnings[].file warnings[].line warnings[].message`

func TestV1RequiredFields(t *testing.T) {
	got := requiredPaths(documentShape(), "")
	want := strings.Fields(v1Required)
	for _, p := range got {
		if !slices.Contains(want, p) {
			t.Errorf("%s is required by Decode but not in v1Required: a report saved before it was added would be refused (make it optional or list it in addedInV1)", p)
		}
	}
	for _, p := range want {
		if !slices.Contains(got, p) {
			t.Errorf("%s is in v1Required but Decode no longer requires it", p)
		}
	}
}
