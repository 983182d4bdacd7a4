package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameSnapshotLongURLWithinLine (class e): shownArg wrote a URL
// argument whole (mirror.Redact, no cut): a saved report of one
// snapshot twice whose sides are a 28 KB https:// URL made render
// --fail-on's refusal a first line of 28 KB, which the line cap of 8 KB
// cut before what was wrong. A URL is cut past maxURLShown bytes about
// its mark, as the mirror's messages cut one.
func TestSameSnapshotLongURLWithinLine(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.json")
	snap := "../../testdata/real/develop-2025-03-23"
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", saved, snap, snap}, &stdout, &stderr); code != 0 {
		t.Fatalf("one snapshot twice: exit %d, stderr %q", code, stderr.String())
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	url := "https://cache.example/" + strings.Repeat("a", 28<<10) + "/build_cache"
	edited := strings.ReplaceAll(string(data), `"path": "`+snap+`"`, `"path": "`+url+`"`)
	if strings.Count(edited, url) != 2 {
		t.Fatalf("the saved report names %s not twice as its sides' path:\n%.600s", snap, data)
	}
	if err := os.WriteFile(saved, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	code := run([]string{"render", "--fail-on", "any", saved}, &stdout, &stderr)
	line, _, _ := strings.Cut(stderr.String(), "\n")
	const want = "a gate on it passes whatever it holds: check the arguments it was made of"
	if code != exitTrouble || len(line) > maxErrorLine || !strings.HasSuffix(line, want) || !strings.Contains(line, "/build_cache)") {
		t.Errorf("render --fail-on any of a report of a 28 KB URL twice: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, ending %q, the URL's end kept",
			code, len(line), maxErrorLine, line[max(0, len(line)-120):], exitTrouble, want)
	}
}
