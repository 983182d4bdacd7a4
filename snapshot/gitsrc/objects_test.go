package gitsrc

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// objectRepo makes a repository of one empty commit, for tests that
// need objects whose ids start alike, and returns its folder, the id
// git gives an object of content (a commit when content starts "tree ",
// else a blob) in the repository's object format, and write, which
// stores such an object (git hash-object -w), checking its id.
func objectRepo(t *testing.T) (dir string, id func(content string) string, write func(content string)) {
	t.Helper()
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir = t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(dir, nil, "commit", "-q", "--allow-empty", "-m", "one"); err != nil {
		t.Fatal(err)
	}
	format, err := gittest.Git(dir, nil, "rev-parse", "--show-object-format")
	if err != nil {
		t.Fatal(err)
	}
	kind := func(content string) string {
		if strings.HasPrefix(content, "tree ") {
			return "commit"
		}
		return "blob"
	}
	id = func(content string) string {
		obj := kind(content) + " " + strconv.Itoa(len(content)) + "\x00" + content
		if strings.TrimSpace(format) == "sha256" {
			s := sha256.Sum256([]byte(obj))
			return hex.EncodeToString(s[:])
		}
		s := sha1.Sum([]byte(obj))
		return hex.EncodeToString(s[:])
	}
	write = func(content string) {
		t.Helper()
		f := filepath.Join(dir, "f")
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := gittest.Git(dir, nil, "hash-object", "-t", kind(content), "-w", f); err != nil || strings.TrimSpace(out) != id(content) {
			t.Fatalf("hash-object: %q, %v; want %s", out, err, id(content))
		}
	}
	return dir, id, write
}
