package spackfmt

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/shareddata"
)

// TestEdgeNamedOtherPackage: a dependency written as "zlib" whose hash
// is a spec of openssl loaded silently, filed under openssl. Spack
// writes each dependency under its spec's name, a virtual's too (the
// edge names the provider: every virtual edge of the real files in
// ../shared does), so the file was edited or forged: a warning names the
// edge and both names, quoted, in each of Spack's files.
func TestEdgeNamedOtherPackage(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		o = "oooooooooooooooooooooooooooooooo"
		g = "gggggggggggggggggggggggggggggggg"
	)
	edges := `[{"name":"zlib","hash":"` + o + `","parameters":{"deptypes":["build","link"],"virtuals":[]}},{"name":"gcc","hash":"` + g + `","parameters":{"deptypes":["build"],"virtuals":["c","cxx"]}}]`
	node := func(name, hash, deps string) string {
		s := `{"name":"` + name + `","version":"1","hash":"` + hash + `"`
		if deps != "" {
			s += `,"dependencies":` + deps
		}
		return s + `}`
	}
	files := []struct{ name, data string }{
		{"spack.lock", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":1},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"curl":{"version":"1","dependencies":{"zlib":"` + o + `","gcc":"` + g + `"}}},
"` + o + `":{"openssl":{"version":"1"}},
"` + g + `":{"gcc":{"version":"1"}}}}`},
		{"spack.lock", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":` + node("curl", a, edges) + `,
"` + o + `":` + node("openssl", o, "") + `,
"` + g + `":` + node("gcc", g, "") + `}}`},
		{"index.json", `{"database":{"version":"8","installs":{
"` + a + `":{"spec":` + node("curl", a, edges) + `,"in_buildcache":true},
"` + o + `":{"spec":` + node("openssl", o, "") + `,"in_buildcache":true},
"` + g + `":{"spec":` + node("gcc", g, "") + `,"in_buildcache":true}}}}`},
		{"curl.spec.json", `{"spec":{"_meta":{"version":5},"nodes":[
` + node("curl", a, edges) + `,
` + node("openssl", o, "") + `,
` + node("gcc", g, "") + `]}}`},
	}
	want := `curl/` + a + `: dependency "zlib" is ` + o + `, a spec of "openssl"`
	for _, f := range files {
		set, err := Decode(f.name, []byte(f.data))
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		var got []string
		for _, w := range set.Warnings {
			got = append(got, fmt.Sprintf("%d %s", w.Line, w.Message))
		}
		if len(got) != 1 || !strings.Contains(got[0], want) || !strings.HasPrefix(got[0], "2 ") {
			t.Errorf("%s: warnings %q, want one at line 2 saying %s (and none for gcc, the provider of c named as itself)", f.name, got, want)
		}
		for _, n := range set.Nodes {
			if n.Name == "curl" && (len(n.Deps) != 2 || n.Deps[0].Name != "openssl" || n.Deps[1].Name != "gcc") {
				t.Errorf("%s: curl's dependencies %+v, want openssl and gcc, as Spack files them", f.name, n.Deps)
			}
		}
		checkTwin(t, []byte(f.data))
	}
}

// TestEdgeNamedOtherPackageQuoted: the names are quoted (%q), so one
// holding a line break cannot start a line of its own (a workflow
// command) in the warning, and many such edges get mostMissing warnings
// and one that counts the rest.
func TestEdgeNamedOtherPackageQuoted(t *testing.T) {
	const o = "oooooooooooooooooooooooooooooooo"
	var b strings.Builder
	b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[`)
	n := mostMissing + 5
	for i := range n {
		h := fmt.Sprintf("%032d", i)
		h = strings.Map(func(r rune) rune { return 'a' + (r - '0') }, h)
		fmt.Fprintf(&b, "\n{\"name\":\"p%d\",\"version\":\"1\",\"hash\":%q,\"dependencies\":[{\"name\":\"zlib\\n::error::x\",\"hash\":%q}]},", i, h, o)
	}
	b.WriteString("\n{\"name\":\"openssl\",\"version\":\"1\",\"hash\":\"" + o + "\"}]}}")
	set, err := Decode("x.spec.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Warnings) != mostMissing+1 {
		t.Fatalf("%d warnings, want %d and one counting the rest", len(set.Warnings), mostMissing)
	}
	for _, w := range set.Warnings[:mostMissing] {
		if strings.ContainsAny(w.Message, "\n\r") || !strings.Contains(w.Message, `dependency "zlib\n::error::x" is `+o+`, a spec of "openssl"`) {
			t.Errorf("warning %q, want the edge's name quoted", w.Message)
		}
	}
	last := set.Warnings[mostMissing]
	if want := strconv.Itoa(n-mostMissing) + " more dependencies are named for another package than their spec's"; !strings.HasPrefix(last.Message, want) || last.Line != mostMissing+2 {
		t.Errorf("last warning %+v, want %q at line %d", last, want, mostMissing+2)
	}
}

// TestEdgeNamedOtherPackageRealFiles: no file Spack wrote names a
// dependency for another package than its spec's, virtual edges (to gcc
// for c, to zlib-ng for zlib-api) included: the real lockfiles and
// format samples in ../shared decode without that warning.
func TestEdgeNamedOtherPackageRealFiles(t *testing.T) {
	var paths []string
	for _, sub := range []string{"lockfiles", "spack-formats"} {
		dir := shareddata.Need(t, sub)
		for _, pat := range []string{"*/*/*.lock", "*.json"} {
			m, _ := filepath.Glob(filepath.Join(dir, pat))
			paths = append(paths, m...)
		}
	}
	if len(paths) < 18 {
		t.Fatalf("%d files in ../shared, want the 12 lockfiles and 6 format samples", len(paths))
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if strings.HasSuffix(name, ".lock") {
			name = "spack.lock"
		} else if strings.HasPrefix(name, "index.") {
			name = "index.json"
		}
		set, err := Decode(name, data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, w := range set.Warnings {
			if strings.Contains(w.Message, "a spec of") || strings.Contains(w.Message, "another package") {
				t.Errorf("%s: %s", p, w.Message)
			}
		}
	}
}
