package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputIsStandardInput (issue 35, pass 125): --output is never one
// of the inputs, and that holds for the file a shell redirects to
// standard input too. "cachediff render -f md -o diff.json - < diff.json"
// replaced the saved JSON report with its Markdown, and "cachediff -o
// page.md - new/ < page.md" a page with the report of it, while
// "-o diff.json diff.json" was refused.
func TestOutputIsStandardInput(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.md")
	other := filepath.Join(dir, "other.md")
	tmpl := filepath.Join(dir, "t.tmpl")
	saved := filepath.Join(dir, "diff.json")
	if err := os.WriteFile(page, []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmpl, []byte("{{ len .Packages }} packages\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runOK(t, []string{"-f", "json", "-o", saved, page, page}, 0)
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{saved, []string{"render", "-f", "md", "-o", saved, "-"}},
		{page, []string{"-o", page, "-", other}},
		{page, []string{"-o", page, other, "-"}},
		{tmpl, []string{"--template", "-", "-o", tmpl, page, other}},
		{tmpl, []string{"render", "--template", "-", "-o", tmpl, saved}},
	} {
		before, err := os.ReadFile(c.stdin)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(c.stdin)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := (&cli{stdin: f, stdout: &stdout, stderr: &stderr}).run(c.args)
		f.Close()
		if code != exitTrouble || !strings.Contains(stderr.String(), "--output "+c.stdin+": it is standard input") {
			t.Errorf("cachediff %q < %s: exit %d, want %d and an error that --output is standard input; stderr:\n%s", c.args, c.stdin, code, exitTrouble, stderr.String())
		}
		if after, err := os.ReadFile(c.stdin); err != nil || !bytes.Equal(after, before) {
			t.Errorf("cachediff %q < %s replaced its standard input (err %v)", c.args, c.stdin, err)
			if err := os.WriteFile(c.stdin, before, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Standard input that is another file, or no file, still renders.
	f, err := os.Open(saved)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stdout, stderr bytes.Buffer
	out := filepath.Join(dir, "diff.md")
	if code := (&cli{stdin: f, stdout: &stdout, stderr: &stderr}).run([]string{"render", "-o", out, "-"}); code != 0 {
		t.Fatalf("render -o diff.md - < diff.json: exit %d; stderr:\n%s", code, stderr.String())
	}
}

// TestOutputIsMergedSpackFile (issue 35, pass 125): the spec files of a
// folder that hold the same package make one package, which names the
// first file alone; --output naming another of them was not refused, and
// "cachediff -o specs/b.spec.json specs/ specs/" replaced that spec file
// with the report.
func TestOutputIsMergedSpackFile(t *testing.T) {
	dir := t.TempDir()
	specs := filepath.Join(dir, "specs")
	if err := os.Mkdir(specs, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"spec.v4-libdwarf-core2.spec.json", "spec.v5-libdwarf-m1.spec.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(specs, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"spec.v4-libdwarf-core2.spec.json", "spec.v5-libdwarf-m1.spec.json"} {
		out := filepath.Join(specs, name)
		before, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"-o", out, specs, specs}, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), "--output "+out+": it is an input") {
			t.Errorf("cachediff -o %s: exit %d, want %d and an error that --output is an input; stderr:\n%s", name, code, exitTrouble, stderr.String())
		}
		if after, err := os.ReadFile(out); err != nil || !bytes.Equal(after, before) {
			t.Errorf("cachediff -o %s replaced the spec file (err %v)", name, err)
		}
	}
}
