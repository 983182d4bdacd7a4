package gitsrc

import (
	"compress/zlib"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCatFileStderrInASCII (class c): git cat-file's message that a
// batch cut short passes on (stderrLine, at readBlobsOver's cutShort) is
// quoted in ASCII (3a9b7404); undone there alone, no test failed. A
// repository whose alternates name /nonexistent/wт (its т Cyrillic)
// has git begin its messages "unable to normalize alternate object
// path: /nonexistent/wт/objects", and a loose blob without its last
// bytes stops the batch.
func TestCatFileStderrInASCII(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 1)
	big := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 4000)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := gittest.Git(r.dir, nil, "hash-object", "-w", big)
	if err != nil {
		t.Fatal(err)
	}
	oid := strings.TrimSpace(string(out))
	objects := filepath.Join(r.dir, ".git", "objects")
	loose := filepath.Join(objects, oid[:2], oid[2:])
	var b strings.Builder
	zw := zlib.NewWriter(&b)
	zw.Write([]byte("blob 4000\x00" + strings.Repeat("x", 4000)))
	zw.Close()
	os.Chmod(loose, 0o644)
	if err := os.WriteFile(loose, []byte(b.String()[:b.Len()-6]), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(objects, "info", "alternates"), []byte("/nonexistent/w\u0442/objects\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = r.ReadBlobs([]string{oid}, func(int, []byte) error { return nil })
	if err == nil || !strings.Contains(err.Error(), `w\u0442/objects`) || strings.ContainsRune(err.Error(), '\u0442') {
		t.Errorf("ReadBlobs of a blob cut short: %v; want git's message in ASCII", err)
	}
}
