package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/asnobody"
)

// TestPermissionDenied: unreadable input is exit 2 with a message naming
// each unreadable file and folder, and --skip-invalid reports without
// them. (Not a testscript: as root, which CI runs as, permissions do not
// hold, so the test re-runs itself as nobody.)
func TestPermissionDenied(t *testing.T) {
	if !asnobody.Run(t) {
		return
	}
	dir := t.TempDir()
	page := []byte(permPage) // as nobody, the repository may be out of reach
	for _, f := range []string{"old/py-keras/specs.md", "new/py-keras/specs.md", "new/zlib/specs.md", "new/secret/specs.md"} {
		path := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, page, 0o644); err != nil { // unreadable: whose page it is does not matter
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	if err := os.Chmod("new/zlib/specs.md", 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod("new/secret", 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "new", "secret"), 0o755) })

	var stdout, stderr bytes.Buffer
	if code := run([]string{"old", "new"}, &stdout, &stderr); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	want := "cachediff: loading new: 2 bad files:\n" +
		"  loading new/secret: permission denied\n" +
		"  loading new/zlib/specs.md: permission denied\n"
	if stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("stderr:\n%s\nwant:\n%s\nstdout: %q", stderr.String(), want, stdout.String())
	}

	stdout.Reset()
	stderr.Reset()
	code := run([]string{"--skip-invalid", "-f", "json", "old", "new"}, &stdout, &stderr)
	if code != 0 || stderr.String() != "cachediff: new: skipped 2 invalid files, listed in the report\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	for _, w := range []string{`"file": "new/secret",`, `"file": "new/zlib/specs.md",`, `"reason": "permission denied"`} {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("the report does not hold %s:\n%s", w, stdout.String())
		}
	}

	// An unreadable single page, and an unreadable template.
	stderr.Reset()
	if code := run([]string{"old/py-keras/specs.md", "new/zlib/specs.md"}, &stdout, &stderr); code != 2 ||
		stderr.String() != "cachediff: loading new/zlib/specs.md: permission denied\n" {
		t.Errorf("single page: exit %d, stderr %q", code, stderr.String())
	}
	if err := os.WriteFile("t.tmpl", []byte("{{ .Schema }}"), 0); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"-t", "t.tmpl", "old", "old"}, &stdout, &stderr); code != 2 ||
		!strings.HasPrefix(stderr.String(), "cachediff: reading the template: open t.tmpl: permission denied") {
		t.Errorf("template: exit %d, stderr %q", code, stderr.String())
	}
}

// permPage is a small valid page.
const permPage = `---
title: "py-keras"
layout: cache
categories: [package, develop]
meta: {"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"root": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["root"], "targets": ["x86_64_v3"], "versions": ["1.3.1"]}
spec_details: [{"compiler": "gcc@13.2.0", "hash": "abcdefghijklmnopqrstuvwxyz234567", "os": "ubuntu22.04", "platform": "linux", "size": "-", "stacks": ["root"], "target": "x86_64_v3", "variants": ["+shared"], "versions": ["1.3.1"]}]
---
`

// TestOutputReadOnly: --output onto a file the user could not write with
// a shell redirect (read-only here; a read-only file of another user in a
// shared folder is the same) is refused, and the file stays, although the
// folder would let the atomic rename replace it. As root, the test runs
// as nobody.
func TestOutputReadOnly(t *testing.T) {
	if !asnobody.Run(t) {
		return
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("report.md", []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", "report.md", "page.md", "page.md"}, &stdout, &stderr); code != 2 ||
		stderr.String() != "cachediff: --output report.md: you may not write this file (permission denied), and --output replaces only a file that you could write otherwise: name another file\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if data, _ := os.ReadFile("report.md"); string(data) != "keep" {
		t.Errorf("report.md holds %q", data)
	}
	entries, _ := os.ReadDir(".")
	if len(entries) != 2 {
		t.Errorf("the folder holds %d files, want page.md and report.md", len(entries))
	}
	// Known before a snapshot is loaded (outputPlace), and said then:
	// the snapshot nope, loaded first, would have said so instead. So
	// is a folder that takes no new file (it said "writing ro/x.md:
	// directory ro/: permission denied" once both were loaded).
	if err := os.Mkdir("ro", 0o555); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{
		{"report.md", "cachediff: --output report.md: you may not write this file (permission denied), "},
		{"ro/x.md", "cachediff: --output ro/x.md: the folder ro takes no new file (permission denied), and --output writes a temporary file beside the file, then renames it: name a file in another folder\n"},
	} {
		stderr.Reset()
		if code := run([]string{"-o", c[0], "nope", "page.md"}, &stdout, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), c[1]) {
			t.Errorf("-o %s nope page.md: exit %d, stderr %q; want 2, beginning %q", c[0], code, stderr.String(), c[1])
		}
	}
}
