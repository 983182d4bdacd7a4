package snapshot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSniffWindowGzipAlike: a Spack file found by content under another
// name in a folder (idx.v7.json) is detected from its first 512 bytes of
// content, gzip'd or not. Its gzip'd copy was detected from 4 KB of its
// content, so an index with a long first key (a "comment" of 1,500
// characters before "database") was left out plain and read gzip'd: the
// same index, two answers.
func TestSniffWindowGzipAlike(t *testing.T) {
	data, _ := libdwarfLost(t)
	read := func(name string, content []byte) bool {
		t.Helper()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(dir, Options{})
		if err != nil {
			if !strings.Contains(err.Error(), "no package pages found") {
				t.Fatalf("%s: %v", name, err)
			}
			return false
		}
		return len(s.Packages) > 0
	}
	var sawRead, sawLeft bool
	// "database" ends at byte 14+n+10 of the content, about the window's
	// 512 bytes: just under, across and just over it; and 1,500.
	for _, n := range []int{460, 470, 480, 484, 485, 486, 487, 488, 489, 490, 495, 500, 1500} {
		content := append([]byte(`{"comment":"`+strings.Repeat("a", n)+`",`), bytes.TrimSpace(data)[1:]...)
		plain := read("idx.v7.json", content)
		if plain {
			sawRead = true
		} else {
			sawLeft = true
		}
		for _, name := range []string{"idx.v7.json", "idx.v7.json.gz"} {
			if got := read(name, gzipOf(content)); got != plain {
				t.Errorf("a first key of %d characters: gzip'd as %s, read %v; plain, read %v", n, name, got, plain)
			}
		}
	}
	if !sawRead || !sawLeft {
		t.Errorf("plain: read on some %v, left out on some %v: the lengths do not cross the window", sawRead, sawLeft)
	}
}
