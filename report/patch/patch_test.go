package patch

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// applyPatch applies a unified diff to files (name → lines) the way patch
// -p1 does, strictly: every hunk's counts and context must match. It
// returns the new files; a file patched to /dev/null is deleted.
// patchFileName reads a name of a --- or +++ line: up to a tab, and
// unquoted when git quoted it (Go's escapes are a superset of git's).
func patchFileName(t *testing.T, s string) string {
	t.Helper()
	s, _, _ = strings.Cut(s, "\t")
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			t.Fatalf("a quoted name %s: %v", s, err)
		}
		return u
	}
	return s
}

func applyPatch(t *testing.T, patch string, files map[string][]string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for k, v := range files {
		out[k] = v
	}
	lines := strings.Split(strings.TrimSuffix(patch, "\n"), "\n")
	for i := 0; i < len(lines); {
		if !strings.HasPrefix(lines[i], "--- ") {
			if !strings.HasPrefix(lines[i], "#") {
				t.Fatalf("line %d: want a comment or ---, got %q", i+1, lines[i])
			}
			i++
			continue
		}
		from, to := patchFileName(t, strings.TrimPrefix(lines[i], "--- ")), patchFileName(t, strings.TrimPrefix(lines[i+1], "+++ "))
		if !strings.HasPrefix(lines[i+1], "+++ ") {
			t.Fatalf("line %d: want +++, got %q", i+2, lines[i+1])
		}
		i += 2
		name := strings.TrimPrefix(to, "new/")
		var src []string
		if from != "/dev/null" {
			name = strings.TrimPrefix(from, "old/")
			var ok bool
			if src, ok = out[name]; !ok {
				t.Fatalf("patch of a missing file %s", name)
			}
		}
		var dst []string
		at := 0 // next line of src not yet copied
		for i < len(lines) && strings.HasPrefix(lines[i], "@@ ") {
			var os, on, ns, nn int
			hdr := strings.Fields(lines[i])
			parse := func(s string) (int, int) {
				a, b, ok := strings.Cut(s[1:], ",")
				x, _ := strconv.Atoi(a)
				y := 1
				if ok {
					y, _ = strconv.Atoi(b)
				}
				return x, y
			}
			os, on = parse(hdr[1])
			ns, nn = parse(hdr[2])
			if on == 0 {
				os++ // an empty range names the line before it
			}
			if nn == 0 {
				ns++
			}
			dst = append(dst, src[at:os-1]...)
			if len(dst)+1 != ns {
				t.Fatalf("hunk %q: new start %d, but %d lines before it", lines[i], ns, len(dst))
			}
			at = os - 1
			i++
			gotOld, gotNew := 0, 0
			for i < len(lines) && (gotOld < on || gotNew < nn) {
				if len(lines[i]) == 0 || strings.IndexByte(" -+", lines[i][0]) < 0 {
					t.Fatalf("hunk %q: line %q", hdr, lines[i])
				}
				op, text := lines[i][0], lines[i][1:]
				if op != '+' {
					if at >= len(src) || src[at] != text {
						t.Fatalf("hunk line %q does not match the old file at line %d", lines[i], at+1)
					}
					at++
					gotOld++
				}
				if op != '-' {
					dst = append(dst, text)
					gotNew++
				}
				i++
			}
			if gotOld != on || gotNew != nn {
				t.Fatalf("hunk %q has %d old and %d new lines", hdr, gotOld, gotNew)
			}
		}
		dst = append(dst, src[at:]...)
		if to == "/dev/null" {
			delete(out, name)
		} else {
			out[name] = dst
		}
	}
	return out
}

// checkPatch renders r as a patch, applies it to the old listings and
// expects the new ones.
func checkPatch(t *testing.T, r *diff.Report) string {
	t.Helper()
	var buf bytes.Buffer
	if err := renderPatch(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	old, want := map[string][]string{}, map[string][]string{}
	for i := range r.Packages {
		p := &r.Packages[i]
		o, n := listings(p, report.Abbreviate(r))
		if p.Status != diff.Added {
			old[p.Name] = o
		}
		if p.Status != diff.Removed {
			want[p.Name] = n
		}
	}
	got := applyPatch(t, buf.String(), old)
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Fatalf("%s after the patch:\n%s\nwant:\n%s", name, strings.Join(got[name], "\n"), strings.Join(w, "\n"))
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d files after the patch, want %d", len(got), len(want))
	}
	return buf.String()
}

// TestPatchApplies: over generated reports, the patch turns every old
// listing into the new one, and every hunk header counts its lines.
func TestPatchApplies(t *testing.T) {
	seeds := uint64(40)
	if testing.Short() {
		seeds = 10 // a quick inner loop: every size (seed%7) once or twice; make test runs 40 seeds
	}
	for seed := range seeds {
		checkPatch(t, reporttest.GenReport(seed, 1+int(seed%7)*3))
	}
}

// TestPatchGitApply: git apply reads the patch of a generated report and
// turns the old listings into the new ones. Skipped without git.
func TestPatchGitApply(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	r := reporttest.GenReport(3, 25)
	for i := range r.Packages { // file names git accepts as they are
		r.Packages[i].Name = fmt.Sprintf("pkg%d", i)
	}
	patch := checkPatch(t, r)
	dir := t.TempDir()
	for i := range r.Packages {
		p := &r.Packages[i]
		o, _ := listings(p, report.Abbreviate(r))
		if p.Status != diff.Added {
			if err := os.WriteFile(filepath.Join(dir, p.Name), []byte(fileText(o)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	cmd := exec.Command(git, "apply", "-p1", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(patch)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, out)
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		_, n := listings(p, report.Abbreviate(r))
		got, err := os.ReadFile(filepath.Join(dir, p.Name))
		if p.Status == diff.Removed {
			if err == nil {
				t.Errorf("%s: still there after git apply", p.Name)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if want := fileText(n); string(got) != want {
			t.Errorf("%s after git apply:\n%s\nwant:\n%s", p.Name, got, want)
		}
	}
}

func TestHunks(t *testing.T) {
	ops := func(s string) []lineOp {
		var l []lineOp
		for i, c := range s {
			l = append(l, lineOp{byte(c), strconv.Itoa(i)})
		}
		return l
	}
	for _, tc := range []struct{ ops, want string }{
		{"", ""},
		{"   ", ""},
		{"+", "@@ -0,0 +1 @@\n"},
		{"--", "@@ -1,2 +0,0 @@\n"},
		{"    -    ", "@@ -2,7 +2,6 @@\n"},
		{"-      +", "@@ -1,7 +1,7 @@\n"}, // 6 kept lines between: one hunk
		{"-       +", "@@ -1,4 +1,3 @@\n@@ -6,3 +5,4 @@\n"}, // 7: two
	} {
		var buf bytes.Buffer
		writeHunks(&buf, ops(tc.ops))
		var hdrs []string
		for _, l := range strings.SplitAfter(buf.String(), "\n") {
			if strings.HasPrefix(l, "@@") {
				hdrs = append(hdrs, l)
			}
		}
		if got := strings.Join(hdrs, ""); got != tc.want {
			t.Errorf("%q: headers %q, want %q", tc.ops, got, tc.want)
		}
	}
}

func fileText(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// TestPatchNamesApply: package names with a space at either end, a tab,
// a quote, a backslash, a line break or non-ASCII are written in the
// patch headers as git writes them, so that git apply and patch -p1 turn
// every old listing into the new one under the same name (issue 11, item
// 15: "--- old/p " lost its trailing space, and the patch did not apply).
func TestPatchNamesApply(t *testing.T) {
	names := []string{" lead", "trail ", "tab\tin", "tail\t", "a b", `quo"te`, `back\slash`, "café", "line\nbreak", "bell\a", "zl##[add-mask]ib"}
	r := reporttest.GenReport(3, 40)
	var pkgs []diff.Package
	for i := range r.Packages {
		if p := r.Packages[i]; p.Status == diff.Changed || len(pkgs) < 3 {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) < len(names) {
		t.Fatalf("%d packages, want %d", len(pkgs), len(names))
	}
	r.Packages = pkgs[:len(names)]
	for i := range r.Packages {
		r.Packages[i].Name = names[i]
	}
	var buf bytes.Buffer
	if err := renderPatch(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	// GitHub Actions' runner reads "##[add-mask]…" anywhere in a line
	// of a job's output (the legacy form of its workflow commands): a
	// patch printed in a job must not hold one (a seventh adversarial
	// pass, issue 35), and git apply still reads the name.
	if strings.Contains(buf.String(), "##[") {
		t.Errorf("a legacy workflow command in the patch:\n%s", buf.String())
	}
	for _, tool := range [][]string{{"git", "apply", "-p1", "-"}, {"patch", "-p1", "-s", "-f"}} {
		path, err := exec.LookPath(tool[0])
		if err != nil {
			t.Logf("no %s", tool[0])
			continue
		}
		dir := t.TempDir()
		a := report.Abbreviate(r)
		for i := range r.Packages {
			p := &r.Packages[i]
			if o, _ := listings(p, a); p.Status != diff.Added {
				if err := os.WriteFile(filepath.Join(dir, p.Name), []byte(fileText(o)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		cmd := exec.Command(path, tool[1:]...)
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(buf.String())
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s\n%s", tool[0], err, out, buf.String())
			continue
		}
		for i := range r.Packages {
			p := &r.Packages[i]
			got, err := os.ReadFile(filepath.Join(dir, p.Name))
			if p.Status == diff.Removed {
				if err == nil && len(got) > 0 {
					t.Errorf("%s: %q still there", tool[0], p.Name)
				}
				continue
			}
			if _, n := listings(p, a); err != nil || string(got) != fileText(n) {
				t.Errorf("%s: %q after the patch: %v\n%s", tool[0], p.Name, err, got)
			}
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !slices.Contains(names, e.Name()) {
				t.Errorf("%s made %q", tool[0], e.Name())
			}
		}
	}
}

// TestPatchWarnings: the warnings are in the patch's header as comments,
// one line each whatever they quote, and the patch still applies: a
// lockfile's records that no root reaches, left out with a warning that
// every other format carried, went unmentioned in a patch.
func TestPatchWarnings(t *testing.T) {
	r := reporttest.GenReport(3, 5)
	r.Warnings = []snapshot.Warning{
		{File: "new/spack.lock", Line: 42, Message: "2 records that no root reaches are left out (b@1.0, d@1.0): Spack reads a lockfile's specs from its roots"},
		{File: "x\n--- old/a", Message: "a\n+++ new/a\n::error::x ##[error]y"},
	}
	patch := checkPatch(t, r)
	for _, want := range []string{
		"# 2 warnings:\n",
		"#   new/spack.lock:42: 2 records that no root reaches are left out (b@1.0, d@1.0): Spack reads a lockfile's specs from its roots\n",
		`#   x\n--- old/a: a\n+++ new/a\n::error::x ##\x5berror]y` + "\n",
	} {
		if !strings.Contains(patch, want) {
			t.Errorf("patch lacks %q:\n%s", want, patch)
		}
	}
}

// The header counts the unchanged specs it leaves out in a noun that
// agrees: "1 unchanged spec", not "1 unchanged specs".
func TestPatchHeaderUnchanged(t *testing.T) {
	for n, want := range map[int]string{0: "(0 unchanged specs left out)", 1: "(1 unchanged spec left out)", 2: "(2 unchanged specs left out)"} {
		r := reporttest.OnePackage("zlib")
		r.Summary.Specs.Unchanged = n
		var b bytes.Buffer
		if err := Format.Render(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("%d unchanged: want %q in\n%s", n, want, b.String())
		}
	}
}
