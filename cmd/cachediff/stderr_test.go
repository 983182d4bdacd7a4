package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// forged is what a hostile input puts after a newline: a line that a CI
// runner (GitHub Actions) would read as a workflow command if it reached
// standard error at the start of a line.
//
// The runner also reads the legacy form, "##[error]…" or
// "##[add-mask]…", anywhere in a line (actions/runner's
// ActionCommand.TryParse, which TryProcessCommand falls back to), so
// that no newline is needed for it.
const forged = "\n::error title=forged::gate passed\n::add-mask::secret\r\n::warning::x ##[error]legacy ##[add-mask]secret2"

// TestStderrOneLine feeds input that carries a newline and a workflow
// command to every surface whose messages quote input (a folder name, a
// page path, a package name and a record key read from JSON, a REV:PATH,
// flag values, -C, the template's path, the log) and checks standard
// error: every line is a message of cachediff's own ("cachediff: …", or
// a bad page listed under one), and no line starts a workflow command.
func TestStderrOneLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
		return p
	}
	good, err := filepath.Abs("../../testdata/real/develop-2025-03-23")
	if err != nil {
		t.Fatal(err)
	}
	// A package folder named with a newline, holding a page that is not
	// valid.
	badFolder := filepath.Join(dir, "snap")
	write("snap/zlib"+forged+"/specs.md", "---\ntitle: \"zlib\"\nlayout: cache\n")
	write("snap/"+forged[1:]+"/specs.md", "---\ntitle: \"zlib\"\nlayout: cache\n") // a second bad page: a list of them
	// A folder whose own name has the newline, with one bad page: what
	// --skip-invalid reports on standard error.
	hostileRoot := filepath.Join(dir, "root"+forged)
	write("root"+forged+"/zlib/specs.md", "no front matter")
	for _, p := range []string{"gcc-runtime", "llvm", "py-keras"} {
		b, err := os.ReadFile(filepath.Join(good, p, "specs.md"))
		if err != nil {
			t.Fatal(err)
		}
		write("root"+forged+"/"+p+"/specs.md", string(b))
	}
	// A Spack index whose record key and package name carry the newline,
	// with a record that has no spec.
	index := write("index/index.json", `{"database":{"version":"7","installs":{"abc`+jsonEscape(forged)+`":{"ref_count":1}}}}`)
	name := write("named/index.json", `{"database":{"version":"7","installs":{"abc`+jsonEscape(forged)+`":{"spec":{"name":"lib`+jsonEscape(forged)+`","version":"1","hash":"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"},"ref_count":1,"in_buildcache":true}}}}`)
	tmpl := write("t.tmpl", "{{ .Nope"+forged+" }}")
	// One hash of that package with another compiler on each side: the
	// gate refuses the pair, quoting the warning that names the package.
	facets := func(side, compiler string) string {
		return write(side+"/index.json", `{"database":{"version":"7","installs":{"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez":{"spec":{"name":"lib`+jsonEscape(forged)+`","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"`+compiler+`","version":"9"},"parameters":{},"hash":"rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"},"ref_count":0,"in_buildcache":true}}}}`)
	}
	facetsOld, facetsNew := facets("facets-old", "gcc"), facets("facets-new", "clang")

	cases := [][]string{
		{badFolder, good},
		{good, filepath.Join(dir, "missing"+forged)},
		{good, filepath.Join(dir, "missing"+forged, "specs.md")},
		{"--skip-invalid", hostileRoot, good},
		{hostileRoot, good},
		{index, good},
		{name, good},
		{"--fail-on", "any", "-f", "json", facetsOld, facetsNew},
		{"HEAD:nowhere" + forged, good},
		{"HEAD" + forged + ":testdata", good},
		{"--format", "md" + forged, good, good},
		{"--fail-on", "any" + forged, good, good},
		{"--package", "zz" + forged, good, good},
		{"--stack", "zz" + forged, good, good},
		{"--nope" + forged, good, good},
		{"-C", filepath.Join(dir, "nowhere"+forged), "HEAD:x", "HEAD:y"},
		{"--template", tmpl, good, good},
		{"--template", filepath.Join(dir, "none"+forged), good, good},
		{"log", good, badFolder, good},
		{"log", "--skip-invalid", good, hostileRoot},
		{"render", filepath.Join(dir, "none"+forged)},
		{"render", index},
	}
	for _, args := range cases {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		msg := stderr.String()
		if msg == "" {
			t.Errorf("%q: exit %d and nothing on standard error: the case tests nothing", args, code)
			continue
		}
		for _, line := range strings.Split(strings.TrimSuffix(msg, "\n"), "\n") {
			// "  ": a line of a list under a message (several bad pages).
			if !strings.HasPrefix(line, "cachediff: ") && !strings.HasPrefix(line, "  loading ") {
				t.Errorf("%q: a line of standard error that is not a message of cachediff's: %q\nall of it:\n%s", args, line, msg)
			}
			if strings.HasPrefix(strings.TrimSpace(line), "::") || strings.Contains(line, "\r") || strings.Contains(line, "##[") {
				t.Errorf("%q: a forged workflow command on standard error: %q", args, line)
			}
		}
	}
}

// jsonEscape writes s as the inside of a JSON string.
func jsonEscape(s string) string {
	r := strings.NewReplacer("\n", `\n`, "\r", `\r`, `"`, `\"`)
	return r.Replace(s)
}

// TestErrorLineCapped: a message is at most a line of maxErrorLine bytes
// on standard error, whatever input it quotes (an HTTP server's status
// or header, a manifest's media types were quoted whole, lines of
// hundreds of KB): the rest is counted, not printed, and the cut keeps
// characters whole.
func TestErrorLineCapped(t *testing.T) {
	long := "loading x: " + strings.Repeat("é", 300<<10)
	for _, err := range []error{errors.New(long), &snapshot.LoadError{Path: "x", Errs: []*snapshot.Error{{File: "a", Msg: long}, {File: "b", Msg: "short"}}}} {
		var b bytes.Buffer
		printError(&b, err)
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		for _, l := range lines {
			if len(l) > maxErrorLine+64 {
				t.Errorf("a line of %d bytes: %.80s...", len(l), l)
			}
			if !utf8.ValidString(l) {
				t.Errorf("a line cut inside a character: ...%q", l[max(0, len(l)-40):])
			}
		}
		if !strings.Contains(b.String(), "bytes more)") {
			t.Errorf("the cut is not said: %.200s", b.String())
		}
	}
}
