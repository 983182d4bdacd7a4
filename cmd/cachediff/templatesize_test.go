package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestTemplateTooLarge (class d, c): a --template was parsed whatever its
// size, before any of a template's limits applies: 18 MB of actions held
// 1 GB to parse (57 times the file), and 34 MB of {{ with 1 }} nested two
// million deep died of "fatal error: stack overflow" with a dump of every
// goroutine (a template may come from a pull request). A template of
// more than 1 MiB is refused, a file by its size before it is read, and
// standard input once it has given more; one of 1 MiB, the deepest
// nesting it holds included, renders.
func TestTemplateTooLarge(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	const limit = 1 << 20
	// The deepest nesting 1 MiB holds, and one level more.
	nest := func(n int) string { return strings.Repeat("{{if 1}}", n) + strings.Repeat("{{end}}", n) }
	fits, over := nest(limit/15), nest(limit/15+1)
	if len(fits) > limit || len(over) <= limit {
		t.Fatalf("nestings of %d and %d bytes", len(fits), len(over))
	}
	for name, text := range map[string]string{"fits.tmpl": fits, "over.tmpl": over} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--template", "fits.tmpl", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("a template of %d bytes: exit %d, %s", len(fits), code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	code := run([]string{"--template", "over.tmpl", "page.md", "page.md"}, &stdout, &stderr)
	want := "cachediff: reading the template: over.tmpl: 1,048,590 bytes, and a template is limited to 1 MiB"
	if code != exitTrouble || !strings.HasPrefix(stderr.String(), want) || stdout.Len() != 0 {
		t.Errorf("a template of %d bytes: exit %d, stdout %d bytes, stderr %q; want 2 and %q", len(over), code, stdout.Len(), stderr.String(), want)
	}
	stdout.Reset()
	stderr.Reset()
	code = (&cli{stdin: strings.NewReader(over), stdout: &stdout, stderr: &stderr}).run([]string{"--template", "-", "page.md", "page.md"})
	want = "cachediff: reading the template: standard input: more than 1 MiB, and a template is limited to 1 MiB"
	if code != exitTrouble || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("--template - of %d bytes: exit %d, stderr %q; want 2 and %q", len(over), code, stderr.String(), want)
	}
}
