package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootsApartAcrossLists (issue 35 classes b and e): a folder of two
// environments' lockfiles, rhel8's and debian11's, both rooting cmake;
// debian11's gone and rhel8's cmake bumped to 3.31.7 read
//
//	1 root removed (cmake); 1 root changed (cmake 3.31.6 → 3.31.7)
//	root cmake removed
//	root cmake changed: 3.31.6 → 3.31.7
//
// which environment's root went unsaid: roots were told apart within
// one list (removed, added or changed), never across them. A root whose
// spelling another list has is labelled as roots of one list are, by a
// facet of its spec (a changed root's new one) or its short hash, in the
// headline, the news, Markdown, HTML, JSON (apart) and render; a root
// whose spelling no other list has is not.
func TestRootsApartAcrossLists(t *testing.T) {
	dir := t.TempDir()
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	// A root: its spelling, hash letter, version; each over the env's own zlib.
	type root struct {
		spec string
		hash byte
		ver  string
	}
	write := func(side, env, osName, compiler string, roots ...root) {
		z := h(env[1] - '1' + 'q') // the env's zlib
		var rs, specs []string
		specs = append(specs, fmt.Sprintf(`%q:{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":%q},"hash":%q}`, z, osName, compiler, z))
		for _, r := range roots {
			name, _, _ := strings.Cut(r.spec, "@")
			rs = append(rs, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h(r.hash), r.spec))
			specs = append(specs, fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":%q},"dependencies":[{"name":"zlib","hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}],"hash":%q}`,
				h(r.hash), name, r.ver, osName, compiler, z, h(r.hash)))
		}
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` + strings.Join(rs, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
		p := filepath.Join(dir, side, env, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// e1 rhel8 gcc@8.5.0, e2 debian11 gcc@10.2.1: told apart by compiler.
	write("a/old", "e1", "rhel8", "8.5.0", root{"cmake", 'b', "3.31.6"}, root{"bzip2", 'f', "1.0.8"})
	write("a/old", "e2", "debian11", "10.2.1", root{"cmake", 'a', "3.31.6"})
	write("a/new", "e1", "rhel8", "8.5.0", root{"cmake", 'c', "3.31.7"}, root{"bzip2", 'g', "1.0.8"})
	// The same facets: told apart by short hash.
	write("b/old", "e1", "rhel8", "8.5.0", root{"cmake", 'b', "3.31.6"})
	write("b/old", "e2", "rhel8", "8.5.0", root{"cmake", 'a', "3.31.6"})
	write("b/new", "e1", "rhel8", "8.5.0", root{"cmake", 'c', "3.31.7"})
	run1 := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers {
			t.Errorf("%q: exit %d; stderr %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	for _, tc := range []struct {
		old, new string
		headline string
		said     []string // in text and Markdown (the news), and HTML
		apart    []string // JSON's
		unsaid   []string
	}{
		{"a/old", "a/new", "1 root removed (cmake %gcc@10.2.1); 2 roots changed (bzip2, cmake 3.31.6 → 3.31.7 %gcc@8.5.0)",
			[]string{"root cmake %gcc@10.2.1 removed", "root cmake changed: 3.31.6 → 3.31.7 %gcc@8.5.0"},
			[]string{`"apart": "%gcc@10.2.1"`, `"apart": "%gcc@8.5.0"`}, []string{"bzip2 %", "bzip2 /"}},
		{"a/new", "a/old", "1 root added (cmake %gcc@10.2.1); 2 roots changed (bzip2, cmake 3.31.7 → 3.31.6 %gcc@8.5.0)",
			[]string{"root cmake %gcc@10.2.1 added", "root cmake changed: 3.31.7 → 3.31.6 %gcc@8.5.0"},
			[]string{`"apart": "%gcc@10.2.1"`, `"apart": "%gcc@8.5.0"`}, []string{"bzip2 %", "bzip2 /"}},
		{"b/old", "b/new", "1 root removed (cmake /aaaaaaa); 1 root changed (cmake 3.31.6 → 3.31.7 /ccccccc)",
			[]string{"root cmake /aaaaaaa removed", "root cmake changed: 3.31.6 → 3.31.7 /ccccccc"},
			[]string{`"apart": "/aaaaaaa"`, `"apart": "/ccccccc"`}, nil},
	} {
		args := []string{filepath.Join(dir, tc.old), filepath.Join(dir, tc.new)}
		text := run1(append([]string{"-f", "text", "--width", "400"}, args...)...)
		md := run1(append([]string{"-f", "md"}, args...)...)
		html := run1(append([]string{"-f", "html"}, args...)...)
		js := run1(append([]string{"-f", "json"}, args...)...)
		saved := filepath.Join(dir, "r.json")
		if err := os.WriteFile(saved, []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		if rendered := run1("render", "-f", "text", "--width", "400", saved); rendered != text {
			t.Errorf("%s → %s: render of the JSON says\n%s\nthe run\n%s", tc.old, tc.new, rendered, text)
		}
		if !strings.Contains(text, ": "+tc.headline+";") || !strings.Contains(md, tc.headline+";") {
			t.Errorf("%s → %s: headline not %q:\n%s\n%s", tc.old, tc.new, tc.headline, text, md)
		}
		for _, s := range tc.said {
			if !strings.Contains(text, s) || !strings.Contains(md, s) || !strings.Contains(html, s) {
				t.Errorf("%s → %s: %q not said in text, Markdown and HTML:\n%s\n%s", tc.old, tc.new, s, text, md)
			}
		}
		// The roots line (TextCauses) of a template.
		tmpl := filepath.Join(dir, "roots.tmpl")
		if err := os.WriteFile(tmpl, []byte("{{ range .TextCauses }}{{ . }}\n{{ end }}"), 0o644); err != nil {
			t.Fatal(err)
		}
		line, _, _ := strings.Cut(run1(append([]string{"-t", tmpl}, args...)...), "\n")
		for _, s := range tc.apart {
			if !strings.Contains(js, s) {
				t.Errorf("%s → %s: JSON has no %s", tc.old, tc.new, s)
			}
			if l := strings.TrimSuffix(strings.TrimPrefix(s, `"apart": "`), `"`); !strings.Contains(line, "cmake "+l) && !strings.Contains(line, " "+l+",") && !strings.HasSuffix(line, " "+l) {
				t.Errorf("%s → %s: the roots line %q does not say %s", tc.old, tc.new, line, l)
			}
		}
		for _, s := range tc.unsaid {
			if strings.Contains(text, s) {
				t.Errorf("%s → %s: %q said of a root no other list spells:\n%s", tc.old, tc.new, s, text)
			}
		}
	}
}
