package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTextVisibleValuesApart: the text view wrote a version of a
// backslash and U+202E as \\u202e, as it wrote the seven characters
// \\u202e: two spec files read alike on a terminal, and a crafted version
// passed for another. Each reads as no other.
func TestTextVisibleValuesApart(t *testing.T) {
	dir := t.TempDir()
	spec := func(name, version, hash string) string {
		node := map[string]any{
			"name": "zlib", "version": version,
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"},
			"compiler":   map[string]string{"name": "gcc", "version": "10"},
			"parameters": map[string]string{"build_system": "generic"},
			"hash":       hash,
		}
		data, err := json.Marshal(map[string]any{"spec": map[string]any{"_meta": map[string]int{"version": 4}, "nodes": []any{node}}})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".spec.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	old := spec("old", "10", strings.Repeat("a", 32))
	outs := map[string]string{}
	for _, tc := range []struct{ version, reads string }{
		// A version holding a space is quoted in a one-for-one move
		// (report.Quote: a backslash escaped, U+202E left for the view),
		// and the quoted text written visibly, the view escaping U+202E
		// once: each reads as no other still.
		{"10 \\\u202e", `"10 \\\\\u202e"`},   // a backslash, then U+202E
		{`10 \\u202e`, `"10 \\\\\\\\u202e"`}, // the seven characters
		{`10 \u202e`, `"10 \\\\u202e"`},      // the six characters
		{`C:\users\dev`, `C:\users\dev`},     // a path's backslashes, as they are
	} {
		newPath := spec("new"+string(rune('a'+len(outs))), tc.version, strings.Repeat("b", 32))
		out := string(runOK(t, []string{"-f", "text", "--width", "200", old, newPath}, 1))
		_, after, _ := strings.Cut(out, "zlib 10 → ")
		read, _, _ := strings.Cut(after, " (")
		if read != tc.reads {
			t.Errorf("version %q: the text view writes it %s, want %s:\n%s", tc.version, read, tc.reads, out)
		}
		if other, ok := outs[read]; ok {
			t.Errorf("the versions %q and %q both read %s", tc.version, other, read)
		}
		outs[read] = tc.version
	}
}
