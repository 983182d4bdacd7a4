package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPackageDoc: the package doc (go doc) shows every usage line of
// --help and the exit-status rules of both forms and of --fail-on, so
// that it does not fall behind the command again.
func TestPackageDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(f.Doc.Text()), " ")
	for _, line := range strings.Split(strings.TrimSpace(synopsis()), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "Usage:"))
		if !strings.Contains(doc, line) {
			t.Errorf("the package doc lacks the usage line %q", line)
		}
	}
	for _, want := range []string{"0 when", "1 when", "2 on trouble", "--fail-on", "render exits"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the package doc does not say %q", want)
		}
	}
}

// TestDesignAnomalies: docs/design.md's paragraph on anomalies says what
// the program does with each: the sentence on warnings names those that
// load and are reported as warnings, the sentence on exit 2 those that
// are bad input. Each case is run here to tell which it is.
func TestDesignAnomalies(t *testing.T) {
	design, err := os.ReadFile("../../docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(design)), " ")
	start := strings.Index(doc, "Anomalies ")
	if start < 0 {
		t.Fatal(`docs/design.md has no paragraph on "Anomalies"`)
	}
	para, _, _ := strings.Cut(doc[start:], " ## ")
	var warned, refused string // the sentences on each
	for _, s := range strings.SplitAfter(para, ". ") {
		if strings.Contains(s, "warnings in the report") {
			warned += s
		}
		if strings.Contains(s, "exit 2") {
			refused += s
		}
	}
	const (
		hashA = "abcdefghijklmnopqrstuvwxyz234567"
		hashB = "bbcdefghijklmnopqrstuvwxyz234567"
	)
	spec := func(hash, compiler string) string {
		return `{"compiler": "` + compiler + `", "hash": "` + hash + `", "os": "ubuntu22.04", "platform": "linux", "size": "-", "stacks": ["root"], "target": "x86_64_v3", "variants": ["+shared"], "versions": ["1.3.1"]}`
	}
	page := func(name string, numSpecs int, specs ...string) string {
		return "---\ntitle: \"" + name + "\"\nlayout: cache\ncategories: [package, develop]\n" +
			`meta: {"compilers": ["gcc@13.2.0"], "num_specs": ` + strconv.Itoa(numSpecs) + `, "num_specs_by_stack": {"root": ` + strconv.Itoa(numSpecs) + `}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["root"], "targets": ["x86_64_v3"], "versions": ["1.3.1"]}` +
			"\nspec_details: [" + strings.Join(specs, ", ") + "]\n---\n"
	}
	a, b := spec(hashA, "gcc@13.2.0"), spec(hashB, "gcc@13.2.0")
	// Spack's files: a lockfile, a spec file.
	node := func(version string) string {
		return `{"name": "zlib", "version": "` + version + `", "arch": {"platform": "linux", "platform_os": "rhel8", "target": "x86_64"}, "hash": "` + hashA + `"}`
	}
	lock := func(nodes ...string) string {
		var specs []string
		for _, n := range nodes {
			specs = append(specs, `"`+hashA+`": `+n)
		}
		return `{"_meta": {"file-type": "spack-lockfile", "lockfile-version": 6}, "roots": [], "concrete_specs": {` + strings.Join(specs, ", ") + `}}`
	}
	specFile := func(n string) string { return `{"spec": {"_meta": {"version": 5}, "nodes": [` + n + `]}}` }
	for _, tc := range []struct {
		phrase   string            // in the doc
		old, new map[string]string // package name: page; or a file name (with a dot): its content
	}{
		{"`meta` disagreeing", map[string]string{"zlib": page("zlib", 1, a)}, map[string]string{"zlib": page("zlib", 2, a)}},
		{"facets changed", map[string]string{"zlib": page("zlib", 1, a)}, map[string]string{"zlib": page("zlib", 1, spec(hashA, "gcc@14.2.0"))}},
		{"moved", map[string]string{"zlib": page("zlib", 2, a, b)}, map[string]string{"zlib": page("zlib", 1, a), "bzip2": page("bzip2", 1, b)}},
		{"listed twice in one page", map[string]string{"zlib": page("zlib", 1, a)}, map[string]string{"zlib": page("zlib", 2, a, a)}},
		{"under two packages", map[string]string{"zlib": page("zlib", 1, a)}, map[string]string{"zlib": page("zlib", 2, a, b), "bzip2": page("bzip2", 1, b)}},
		{"listed twice in one of Spack's files", map[string]string{"spack.lock": lock(node("1"))}, map[string]string{"spack.lock": lock(node("1"), node("2"))}},
		{"list with other content", map[string]string{"a.spec.json": specFile(node("1"))}, map[string]string{"a.spec.json": specFile(node("1")), "b.spec.json": specFile(node("2"))}},
	} {
		dir := t.TempDir()
		for side, pages := range map[string]map[string]string{"old": tc.old, "new": tc.new} {
			for name, text := range pages {
				p := filepath.Join(dir, side, name, "specs.md")
				if strings.Contains(name, ".") {
					p = filepath.Join(dir, side, name)
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"-f", "json", filepath.Join(dir, "old"), filepath.Join(dir, "new")}, &stdout, &stderr)
		switch {
		case code == 2:
			if !strings.Contains(refused, tc.phrase) {
				t.Errorf("%s: exit 2 (%s), but design.md's sentence on exit 2 does not say it: %q", tc.phrase, strings.TrimSpace(stderr.String()), refused)
			}
		case strings.Contains(stdout.String(), `"warnings": []`):
			t.Errorf("%s: exit %d and no warning", tc.phrase, code)
		default:
			if !strings.Contains(warned, tc.phrase) {
				t.Errorf("%s: a warning, but design.md's sentence on warnings does not say it: %q", tc.phrase, warned)
			}
			if strings.Contains(refused, tc.phrase) {
				t.Errorf("%s: a warning, but design.md says exit 2", tc.phrase)
			}
		}
	}
}
