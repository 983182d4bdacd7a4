package report

import (
	"bytes"
	"fmt"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
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
	if err := renderPatch(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	old, want := map[string][]string{}, map[string][]string{}
	for i := range r.Packages {
		p := &r.Packages[i]
		o, n := listings(p, abbreviate(r))
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
		o, _ := listings(p, abbreviate(r))
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
		_, n := listings(p, abbreviate(r))
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

func TestPlainAndPaint(t *testing.T) {
	if got, want := plainText("a\x1b[2Jb\tc\xff"), `a\x1b[2Jb\tc\xff`; got != want {
		t.Errorf("Plain = %q, want %q", got, want)
	}
	if got := plainText("développement"); got != "développement" {
		t.Errorf("Plain changed %q", got)
	}
	if s, _ := paint(false, "red", "x"); s != "x" {
		t.Errorf("paint off = %q", s)
	}
	if s, _ := paint(true, "red", "x"); s != "\x1b[31mx\x1b[0m" {
		t.Errorf("paint on = %q", s)
	}
	if _, err := paint(true, "mauve", "x"); err == nil {
		t.Error("paint of an unknown style: no error")
	}
}

// TestTextView: the headline first, every package named (in its
// highlight's line, its own, or the line of those changed by rebuilds
// alone), no escape codes unless Color is on, and control characters in
// names made visible.
func TestTextView(t *testing.T) {
	r := reporttest.GenReport(5, 30)
	r.Packages[0].Name = "evil\x1b[2J"
	for _, color := range []bool{false, true} {
		var buf bytes.Buffer
		if err := renderText(&buf, r, Options{Color: color, Width: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		// Every package is named: in its highlight's line, its own line,
		// or the line of the packages changed by rebuilds alone.
		for _, p := range r.Packages {
			if !strings.Contains(out, plainText(p.Name)) {
				t.Errorf("color=%v: %q is not named:\n%s", color, p.Name, out)
			}
		}
		if !strings.HasPrefix(out, paintStr(color, "bold", "cachediff")+": ") {
			t.Errorf("color=%v: no headline first:\n%s", color, out)
		}
		if strings.Contains(out, "\x1b[2J") {
			t.Errorf("color=%v: a raw escape sequence from a name", color)
		}
		if got := strings.Contains(out, "\x1b["); got != color {
			t.Errorf("color=%v: escape codes present: %v", color, got)
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
