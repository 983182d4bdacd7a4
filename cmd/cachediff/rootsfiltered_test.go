package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRootsUnderFilters (issue 35 classes b and e): the roots are of what
// --package and --stack keep. Two environments' lockfiles, each rooting
// cmake over zlib-ng, with cmake 3.31.6 → 3.31.7 and zlib-ng kept, read
// under --package zlib-ng
//
//	cachediff: old → new: no changes (1 package, 1 spec)
//	Roots:
//	  root cmake changed: 3.31.6 → 3.31.7 /nnnnnnn
//	  root cmake changed: 3.31.6 → 3.31.7 /ooooooo
//
// with exit 0, and the JSON listed both roots changed: a root outside
// the filter is left out of the headline, the news, every format and
// render alike, and the exit status is that of what is shown. A root the
// filter keeps (--package cmake, --stack of its spelling) is said as
// without it.
func TestRootsUnderFilters(t *testing.T) {
	dir := t.TempDir()
	const z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	// root: spelling, package, hash, version; each env's roots over zlib-ng.
	type root struct{ spec, name, hash, version string }
	write := func(side, env string, roots ...root) {
		var rs, specs []string
		specs = append(specs, fmt.Sprintf(`%q:{"name":"zlib-ng","version":"2.2.4","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":%q}`, z, z))
		for _, r := range roots {
			rs = append(rs, fmt.Sprintf(`{"hash":%q,"spec":%q}`, r.hash, r.spec))
			specs = append(specs, fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"dependencies":[{"name":"zlib-ng","hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":["zlib-api"]}}],"hash":%q}`, r.hash, r.name, r.version, z, r.hash))
		}
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[` + strings.Join(rs, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
		p := filepath.Join(dir, side, env, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	write("old", "e1", root{"cmake", "cmake", h('a'), "3.31.6"}, root{"bzip2", "bzip2", h('b'), "1.0.8"})
	write("old", "e2", root{"cmake", "cmake", h('c'), "3.31.6"}, root{"mpi", "mpich", h('d'), "4.1"})
	write("new", "e1", root{"cmake", "cmake", h('n'), "3.31.7"}, root{"bzip2", "bzip2", h('b'), "1.0.8"})
	write("new", "e2", root{"cmake", "cmake", h('o'), "3.31.7"}, root{"mpi", "openmpi", h('p'), "5.0"})
	p := func(s string) string { return filepath.Join(dir, s) }
	run1 := func(want int, args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != want {
			t.Errorf("%q: exit %d, want %d; stderr %s\nstdout %s", args, code, want, stderr.String(), stdout.String())
		}
		return stdout.String()
	}
	for _, tc := range []struct {
		filter   []string
		exit     int
		headline string // of text, "" for none of the roots
		said     []string
		unsaid   []string
	}{
		{[]string{"--package", "zlib-ng"}, exitSame, "no changes (1 package, 1 spec)", nil, []string{"cmake", "mpi"}},
		{[]string{"--package", "cmake"}, exitDiffers, "2 roots changed (cmake 3.31.6 → 3.31.7 /nnnnnnn, cmake 3.31.6 → 3.31.7 /ooooooo); 2 specs updated",
			[]string{"root cmake changed: 3.31.6 → 3.31.7 /nnnnnnn", "root cmake changed: 3.31.6 → 3.31.7 /ooooooo"}, []string{"mpi"}},
		// A provider swapped under one spelling is one root, kept by
		// either package.
		{[]string{"--package", "openmpi"}, exitDiffers, "1 root changed (mpi mpich@4.1 → openmpi@5.0); 1 spec added",
			[]string{"root mpi changed: mpich@4.1 → openmpi@5.0"}, []string{"cmake"}},
		{[]string{"--package", "mpich"}, exitDiffers, "1 root changed (mpi mpich@4.1 → openmpi@5.0); 1 spec removed",
			[]string{"root mpi changed: mpich@4.1 → openmpi@5.0"}, []string{"cmake"}},
		{[]string{"--stack", "mpi"}, exitDiffers, "1 root changed (mpi mpich@4.1 → openmpi@5.0); 1 spec removed; 1 spec added; 1 spec unchanged",
			[]string{"root mpi changed: mpich@4.1 → openmpi@5.0"}, []string{"cmake"}},
		{[]string{"--stack", "bzip2"}, exitSame, "no changes (2 packages, 2 specs)", nil, []string{"cmake", "mpi"}},
	} {
		for _, dirs := range [][2]string{{"old", "new"}, {"new", "old"}} {
			args := append(slices.Clone(tc.filter), p(dirs[0]), p(dirs[1]))
			text := run1(tc.exit, append([]string{"-f", "text", "--width", "400"}, args...)...)
			md := run1(tc.exit, append([]string{"-f", "md"}, args...)...)
			html := run1(tc.exit, append([]string{"-f", "html"}, args...)...)
			js := run1(tc.exit, append([]string{"-f", "json"}, args...)...)
			saved := filepath.Join(dir, "r.json")
			if err := os.WriteFile(saved, []byte(js), 0o644); err != nil {
				t.Fatal(err)
			}
			rendered := run1(tc.exit, "render", "-f", "text", "--width", "400", saved)
			if rendered != text {
				t.Errorf("%q: render of the JSON says\n%s\nthe run\n%s", args, rendered, text)
			}
			if dirs[0] == "old" && !strings.Contains(text, ": "+tc.headline+"\n") {
				t.Errorf("%q: headline not %q:\n%s", args, tc.headline, text)
			}
			for _, s := range tc.said {
				if dirs[0] == "old" && (!strings.Contains(text, s) || !strings.Contains(md, s)) {
					t.Errorf("%q: %q not said in text and Markdown:\n%s\n%s", args, s, text, md)
				}
			}
			for _, s := range tc.unsaid {
				for f, out := range map[string]string{"text": text, "md": md, "html": html, "json": js} {
					if strings.Contains(out, `"root": "`+s) || strings.Contains(out, "root "+s+" ") || strings.Contains(out, `"value": "`+s+`"`) {
						t.Errorf("%q: %s says root %s, which the filter leaves out:\n%s", args, f, s, out)
					}
				}
			}
		}
	}
}

// TestRespeltRootsUnderFiltersLog: a root respelt by its version is kept
// whatever the filters, as the old side's stacks were compared under its
// new spelling: left out under --stack zlib@1.5 --package curl, a log of
// root zlib@1.3 → zlib@1.5 → zlib@1.6 over curl exited 0 and render of
// its JSON refused it ("steps[1].old: 0 packages and 0 specs, but
// steps[0].new, the same snapshot, holds 1 and 1").
func TestRespeltRootsUnderFiltersLog(t *testing.T) {
	dir := t.TempDir()
	k := strings.Repeat("k", 32)
	write := func(snap, hash, version string) {
		h := strings.Repeat(hash, 32)
		data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":%q,"spec":"zlib@%s"}],"concrete_specs":{%q:{"name":"curl","version":"8","hash":%q},%q:{"name":"zlib","version":%q,"dependencies":[{"name":"curl","hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}],"hash":%q}}}`, h, version, k, k, h, version, k, h)
		p := filepath.Join(dir, snap, "e1", "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("r1", "a", "1.3")
	write("r2", "c", "1.5")
	write("r3", "d", "1.6")
	p := func(s string) string { return filepath.Join(dir, s) }
	for _, filter := range [][]string{{"--stack", "zlib@1.5", "--package", "curl"}, {"--stack", "zlib@1.3", "--package", "curl"}, {"--package", "curl"}} {
		for _, series := range [][]string{{"r1", "r2", "r3"}, {"r3", "r2", "r1"}} {
			args := append([]string{"log", "-f", "json"}, filter...)
			for _, s := range series {
				args = append(args, p(s))
			}
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			saved := filepath.Join(dir, "l.json")
			if err := os.WriteFile(saved, stdout.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			var rout, rerr bytes.Buffer
			if rc := run([]string{"render", "-f", "text", saved}, &rout, &rerr); rc != code {
				t.Errorf("%q %q: log exits %d, render of its JSON %d: %s", filter, series, code, rc, rerr.String())
			}
		}
	}
}
