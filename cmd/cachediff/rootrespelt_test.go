package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootRespeltInOneEnvironment (issue 35 class b): a folder of two
// environments' lockfiles, rhel8's and debian11's, each rooting zlib@1.3
// over a glibc of its own; in the new folder rhel8's alone writes its
// root zlib@=1.3. cachediff said "1 root removed (zlib@1.3); 1 root added
// (zlib@=1.3)" and rhel8's specs "restacked" (of one hash), or lost the
// root's change and its cause (rebuilt over a new glibc). It is that
// root renamed ("No changes", as with one environment) or changed, both
// directions; so is it beside debian11's root rebuilt, and the whole
// rename and one respelt while the other's root is removed read as
// before. Markdown, JSON and render of the JSON say the same, and logs
// over such folders, with --stack naming either spelling, render as
// cachediff log writes them.
func TestRootRespeltInOneEnvironment(t *testing.T) {
	dir := t.TempDir()
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	osOf := map[string]string{"rhel": "rhel8", "debian": "debian11"}
	// folder writes name/env/spack.lock for each "env:zlib hash:glibc
	// hash:glibc version:spelling".
	folder := func(name string, roots ...string) string {
		for _, root := range roots {
			f := strings.SplitN(root, ":", 5)
			env, zh, gh, libc, spelling := f[0], h(f[1][0]), h(f[2][0]), f[3], f[4]
			node := func(pkg, hash, version, deps string) string {
				return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
					hash, pkg, version, osOf[env], deps, hash)
			}
			dep := fmt.Sprintf(`{"name":"glibc","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, gh)
			data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
				fmt.Sprintf(`{"hash":%q,"spec":%q}`, zh, spelling) + `],"concrete_specs":{` +
				node("zlib", zh, "1.3", dep) + "," + node("glibc", gh, libc, "") + `}}`
			p := filepath.Join(dir, name, env, "spack.lock")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return filepath.Join(dir, name)
	}
	o := folder("o", "rhel:a:r:2.31:zlib@1.3", "debian:b:s:2.31:zlib@1.3")
	renamed := folder("renamed", "rhel:a:r:2.31:zlib@=1.3", "debian:b:s:2.31:zlib@1.3")
	changed := folder("changed", "rhel:c:d:2.35:zlib@=1.3", "debian:b:s:2.31:zlib@1.3")
	both := folder("both", "rhel:c:d:2.35:zlib@=1.3", "debian:e:f:2.35:zlib@1.3")
	whole := folder("whole", "rhel:a:r:2.31:zlib@=1.3", "debian:b:s:2.31:zlib@=1.3")
	alone := folder("alone", "rhel:a:r:2.31:zlib@=1.3")
	run1 := func(want int, args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != want {
			t.Fatalf("%q: exit %d, want %d; stderr %s", args, code, want, stderr.String())
		}
		return stdout.String()
	}
	for _, tc := range []struct {
		what, old, new string
		code           int
		headline       string
		roots          []string // rows of the roots table, whole
	}{
		{"rhel8's respelt", o, renamed, exitSame, "**No changes**: 2 packages and 4 specs, all unchanged", nil},
		{"rhel8's respelt back", renamed, o, exitSame, "**No changes**: 2 packages and 4 specs, all unchanged", nil},
		{"rhel8's respelt and rebuilt", o, changed, exitDiffers, "**1 root changed (zlib@=1.3); 1 spec updated; 1 spec rebuilt; 2 specs unchanged**",
			[]string{"| changed | zlib@=1.3 | zlib@1.3 `aaaaaaa` → `ccccccc` | glibc 2.31 → 2.35 (via zlib → glibc) |"}},
		{"rhel8's respelt and rebuilt back", changed, o, exitDiffers, "**1 root changed (zlib@1.3); 1 spec updated; 1 spec rebuilt; 2 specs unchanged**",
			[]string{"| changed | zlib@1.3 | zlib@1.3 `ccccccc` → `aaaaaaa` | glibc 2.35 → 2.31 (via zlib → glibc) |"}},
		{"both rebuilt, rhel8's respelt", o, both, exitDiffers, "**2 roots changed",
			[]string{"| changed | zlib@1.3 | zlib@1.3 `bbbbbbb` → `eeeeeee` | glibc 2.31 → 2.35 (via zlib → glibc) |",
				"| changed | zlib@=1.3 | zlib@1.3 `aaaaaaa` → `ccccccc` | glibc 2.31 → 2.35 (via zlib → glibc) |"}},
		{"both respelt", o, whole, exitSame, "**No changes**: 2 packages and 4 specs, all unchanged", nil},
		{"rhel8's respelt, debian11's removed", o, alone, exitDiffers, "**1 root removed (zlib@1.3); 1 spec removed; 2 specs unchanged**",
			[]string{"| removed | zlib@1.3 | zlib@1.3 `bbbbbbb` |  |"}},
	} {
		md := run1(tc.code, "-f", "md", tc.old, tc.new)
		if !strings.Contains(md, tc.headline) {
			t.Errorf("%s: no %q in\n%s", tc.what, tc.headline, md)
		}
		for _, bad := range []string{"root zlib@1.3 removed", "root zlib@=1.3 added", "| restacked | `"} {
			if strings.Contains(md, bad) && !(bad == "root zlib@1.3 removed" && tc.old == o && tc.new == alone) {
				t.Errorf("%s: %q in\n%s", tc.what, bad, md)
			}
		}
		for _, row := range tc.roots {
			if !strings.Contains(md, row+"\n") {
				t.Errorf("%s: no roots row %q in\n%s", tc.what, row, md)
			}
		}
		if n := strings.Count(md, "\n| added | zlib@") + strings.Count(md, "\n| removed | zlib@") + strings.Count(md, "\n| changed | zlib@"); n != len(tc.roots) {
			t.Errorf("%s: %d rows of roots, want %d, in\n%s", tc.what, n, len(tc.roots), md)
		}
		js := run1(tc.code, "-f", "json", tc.old, tc.new)
		saved := filepath.Join(dir, strings.ReplaceAll(tc.what, " ", "-")+".json")
		if err := os.WriteFile(saved, []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := run1(tc.code, "render", "-f", "md", saved); got != md {
			t.Errorf("%s: render of the JSON differs from the direct Markdown:\n%s\nwant\n%s", tc.what, got, md)
		}
	}
	// Logs: each step's --stack selects by either spelling where it
	// follows a root respelt, and render reads what log writes.
	for _, series := range [][]string{{o, changed, both}, {both, changed, o}, {o, renamed, o, whole, alone, o}} {
		for _, stacks := range [][]string{nil, {"zlib@1.3"}, {"zlib@=1.3"}, {"zlib@1.3", "zlib@=1.3"}} {
			var args []string
			for _, st := range stacks {
				args = append(args, "--stack", st)
			}
			what := fmt.Sprintf("log %v of %d snapshots", stacks, len(series))
			var stdout, stderr bytes.Buffer
			code := run(append(append([]string{"log", "-f", "json"}, args...), series...), &stdout, &stderr)
			if code != exitSame && code != exitDiffers {
				t.Fatalf("%s: exit %d: %s", what, code, stderr.String())
			}
			saved := filepath.Join(dir, "log.json")
			if err := os.WriteFile(saved, stdout.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			md := run1(code, append(append([]string{"log", "-f", "md"}, args...), series...)...)
			if got := run1(code, "render", "-f", "md", saved); got != md {
				t.Errorf("%s: render of the JSON differs from the direct Markdown:\n%s\nwant\n%s", what, got, md)
			}
		}
	}
}
