package patch

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// parseSpecLine reads a listing line back into the spec it was written
// from (the hash as abbreviated): the proof that specLine is
// unambiguous. It fails on a line that specLine cannot have written: a
// character that must be encoded and is not, a field missing.
func parseSpecLine(line string) (diff.Spec, error) {
	var s diff.Spec
	f := strings.Split(line, " ")
	if len(f) < 5 {
		return s, strconv.ErrSyntax
	}
	prefixed := func(tok, prefix string) (string, error) {
		v, ok := strings.CutPrefix(tok, prefix)
		if !ok {
			return "", strconv.ErrSyntax
		}
		return v, nil
	}
	value := func(v, sep string) (string, error) {
		var b []byte
		for i := 0; i < len(v); i++ {
			c := v[i]
			switch {
			case c == '%':
				if i+2 >= len(v) {
					return "", strconv.ErrSyntax
				}
				n, err := strconv.ParseUint(v[i+1:i+3], 16, 8)
				if err != nil || strings.ToUpper(v[i+1:i+3]) != v[i+1:i+3] {
					return "", strconv.ErrSyntax
				}
				b = append(b, byte(n))
				i += 2
			case c <= ' ' || c == 0x7f || c == '"' || strings.IndexByte(sep, c) >= 0:
				return "", strconv.ErrSyntax
			default:
				b = append(b, c)
			}
		}
		return string(b), nil
	}
	list := func(v string) ([]string, error) {
		if v == "" {
			return nil, nil
		}
		var out []string
		for _, item := range strings.Split(v, ",") {
			if item == `""` {
				out = append(out, "")
				continue
			}
			if item == "" {
				return nil, strconv.ErrSyntax
			}
			x, err := value(item, ",")
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	}
	var err error
	must := func(v string, e error) string {
		if e != nil && err == nil {
			err = e
		}
		return v
	}
	s.Hash = must(value(must(prefixed(f[0], "/")), ""))
	vs, e := list(must(prefixed(f[1], "@")))
	must("", e)
	s.Versions = vs
	s.Compiler = must(value(must(prefixed(f[2], "%")), ""))
	for _, v := range f[3 : len(f)-2] {
		s.Variants = append(s.Variants, must(value(v, "")))
	}
	arch := strings.Split(must(prefixed(f[len(f)-2], "arch=")), "-")
	if len(arch) != 3 {
		return s, strconv.ErrSyntax
	}
	s.Platform, s.OS, s.Target = must(value(arch[0], "-")), must(value(arch[1], "-")), must(value(arch[2], "-"))
	st, e := list(must(prefixed(f[len(f)-1], "stacks=")))
	must("", e)
	s.Stacks = st
	return s, err
}

// hostileValues are the values that made two specs one line: a space and
// _ (spaces were written as _), , in a list (its separator), - in arch
// (its separator), a control character and its escape as text, an empty
// list and a list of one empty name, bidi and invisible characters, a
// byte that is not UTF-8, and the encoding's own characters.
var hostileValues = []string{"", " ", "_", "a b", "a_b", ",", "a,b", "-", "a-b", "\n", `\n`, "\r", "\t", `\t`,
	"\u202e", `\u202e`, "\u200b", "\u00a0", "\xff", `\xff`, "%", "%20", "%2C", `"`, `""`, "é", "x86_64_v3", "gcc@13.2.0", "+mpi"}

// TestSpecLineUnambiguous (issue 35, adversarial round 3): spaces written
// as _ and lists joined by , made two specs that differ one line, and a
// package that changed gave a patch with no hunk. Every line reads back
// as the spec it was written from, so no two specs share a line.
func TestSpecLineUnambiguous(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 3))
	pick := func() string {
		var b strings.Builder
		for range rng.IntN(3) + 1 {
			b.WriteString(hostileValues[rng.IntN(len(hostileValues))])
		}
		return b.String()
	}
	picks := func() []string {
		var l []string
		for range rng.IntN(4) {
			l = append(l, pick())
		}
		return l
	}
	eq := func(a, b diff.Spec) bool {
		return a.Hash == b.Hash && slices.Equal(a.Versions, b.Versions) && a.Compiler == b.Compiler &&
			slices.Equal(a.Variants, b.Variants) && a.Platform == b.Platform && a.OS == b.OS && a.Target == b.Target &&
			slices.Equal(a.Stacks, b.Stacks)
	}
	for range 5000 {
		s := diff.Spec{Hash: "abcdefg", Versions: picks(), Compiler: pick(), Variants: picks(),
			Platform: pick(), OS: pick(), Target: pick(), Stacks: picks()}
		line := specLine(s, report.Abbrev{})
		if strings.ContainsAny(line, "\n\r\t\x1b\u202e") {
			t.Fatalf("%q: a raw control or bidi character in the line", line)
		}
		got, err := parseSpecLine(line)
		if err != nil || !eq(got, s) {
			t.Fatalf("%+v\nwrites %q\nwhich reads back as %+v (%v)", s, line, got, err)
		}
	}
}

// TestPatchNoEmptyHunk: a restacked spec whose stacks differ only in how
// a list of names is split, and an updated one whose variant differs only
// by a space and a _, each give a hunk; they gave none.
func TestPatchNoEmptyHunk(t *testing.T) {
	spec := func(variant string, stacks ...string) *diff.Spec {
		return &diff.Spec{Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Versions: []string{"1.0"}, Compiler: "gcc@13.2.0",
			Platform: "linux", OS: "ubuntu22.04", Target: "x86_64_v3", Variants: []string{variant}, Stacks: stacks}
	}
	for _, c := range []struct {
		name     string
		old, new *diff.Spec
	}{
		{"stacks", spec("+mpi", "a,b"), spec("+mpi", "a", "b")},
		{"variant", spec("cflags=-O2 -g"), spec("cflags=-O2_-g")},
		{"empty stack", spec("+mpi"), spec("+mpi", "")},
	} {
		r := &diff.Report{Packages: []diff.Package{{Name: "curl", Status: diff.Changed,
			Specs: diff.SpecChanges{Restacked: []diff.Pair{{Old: c.old, New: c.new}}}}}}
		var buf bytes.Buffer
		if err := renderPatch(&buf, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "\n@@ -1 +1 @@\n-/") {
			t.Errorf("%s: no hunk:\n%s", c.name, buf.String())
		}
		checkPatch(t, r)
	}
}

// TestPatchRefusesPathNames (issue 35, adversarial round 3): a loaded
// snapshot refuses a package name that is a path, but a saved JSON
// report is only read: render -f patch of one edited to name a package
// ../../evil wrote --- old/../../evil, a patch aimed outside its folder
// for any tool that does not refuse it. Such a name is an error.
func TestPatchRefusesPathNames(t *testing.T) {
	spec := &diff.Spec{Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Versions: []string{"1"}}
	for _, name := range []string{"../../evil", "..", ".", "/etc/passwd", "a//b", "a/", "a/./b"} {
		r := &diff.Report{Packages: []diff.Package{{Name: name, Status: diff.Added, Specs: diff.SpecChanges{Added: []diff.Spec{*spec}}}}}
		var buf bytes.Buffer
		err := renderPatch(&buf, r, report.Options{})
		if err == nil || !strings.Contains(err.Error(), "is a path") {
			t.Errorf("%q: %v; want an error", name, err)
		}
		if strings.Contains(buf.String(), "+++ ") {
			t.Errorf("%q: a file header was written:\n%s", name, buf.String())
		}
	}
	r := &diff.Report{Packages: []diff.Package{{Name: "py-a/b", Status: diff.Added, Specs: diff.SpecChanges{Added: []diff.Spec{*spec}}}}}
	if err := renderPatch(io.Discard, r, report.Options{}); err != nil {
		t.Errorf("a name with a slash inside: %v", err)
	}
}

// FuzzSpecLine: any spec's listing line reads back as the spec
// (TestSpecLineUnambiguous over any strings), and is one line of text.
func FuzzSpecLine(f *testing.F) {
	f.Add("1.0", "gcc@13.2.0", "+mpi", "linux", "ubuntu22.04", "x86_64_v3", "e4s", uint8(0xff))
	f.Add("a b", "a_b", "a,b", "a-b", "\n", `\n`, "\u202e", uint8(0x5a))
	f.Add("", "%", `""`, "-", ",", "\xff", " ", uint8(0x0f))
	f.Fuzz(func(t *testing.T, a, b, c, d, e, g, h string, shape uint8) {
		vals := []string{a, b, c, d, e, g, h}
		list := func(bits uint8) []string {
			var l []string
			for i := range 3 {
				if bits&(1<<i) != 0 {
					l = append(l, vals[(int(bits)+i)%len(vals)])
				}
			}
			return l
		}
		s := diff.Spec{Hash: "abcdefg", Versions: list(shape), Compiler: b, Variants: list(shape >> 3),
			Platform: d, OS: e, Target: g, Stacks: list(shape >> 5)}
		line := specLine(s, report.Abbrev{})
		if strings.ContainsAny(line, "\n\r") {
			t.Fatalf("%q: a line break in the line", line)
		}
		got, err := parseSpecLine(line)
		if err != nil || !slices.Equal(got.Versions, s.Versions) || got.Compiler != s.Compiler || !slices.Equal(got.Variants, s.Variants) ||
			got.Platform != s.Platform || got.OS != s.OS || got.Target != s.Target || !slices.Equal(got.Stacks, s.Stacks) {
			t.Fatalf("%+v\nwrites %q\nwhich reads back as %+v (%v)", s, line, got, err)
		}
	})
}

// TestPatchNoHeaderWithoutHunk: a package whose listings do not differ
// (an unchanged package, as a report read back may list) gets no file
// header: a header without a hunk is no patch git apply takes.
func TestPatchNoHeaderWithoutHunk(t *testing.T) {
	a := diff.Spec{Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Versions: []string{"1"}}
	b := diff.Spec{Hash: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", Versions: []string{"1"}}
	r := &diff.Report{Packages: []diff.Package{
		{Name: "same", Status: diff.Unchanged},
		{Name: "zlib", Status: diff.Changed, Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Old: &a, New: &b}}}},
	}}
	var buf bytes.Buffer
	if err := renderPatch(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "old/same") {
		t.Errorf("a header for a package without a hunk:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), "--- old/zlib\n+++ new/zlib\n@@ ") {
		t.Errorf("no hunk for zlib:\n%s", buf.String())
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "zlib"), []byte("/aaaaaaa @1 % arch=-- stacks=\n"), 0o644)
	cmd := exec.Command(git, "apply", "-p1", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(buf.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("git apply: %v\n%s", err, out)
	}
}

// TestSpecLineNoLegacyCommand: a value holding "##[" (the legacy form of
// GitHub Actions' workflow commands, which its runner reads anywhere in
// a line) has its bracket percent-encoded, and reads back (a seventh
// adversarial pass, issue 35).
func TestSpecLineNoLegacyCommand(t *testing.T) {
	s := diff.Spec{Hash: "abcdefg", Versions: []string{"1##[error]v"}, Compiler: "gcc@##[error]c", Variants: []string{"x=##[add-mask]v", "###[y"},
		Platform: "linux", OS: "os##[e]", Target: "t", Stacks: []string{"##[error]s", "a##", "[b"}}
	line := specLine(s, report.Abbrev{})
	if strings.Contains(line, "##[") {
		t.Errorf("%q: a legacy workflow command", line)
	}
	got, err := parseSpecLine(line)
	if err != nil || !slices.Equal(got.Versions, s.Versions) || got.Compiler != s.Compiler || !slices.Equal(got.Variants, s.Variants) ||
		got.OS != s.OS || !slices.Equal(got.Stacks, s.Stacks) {
		t.Errorf("%q reads back as %+v (%v)", line, got, err)
	}
}
