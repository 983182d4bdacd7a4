package diff

import (
	"os"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestDepsDeltaHashLengthAsDocumented (issue 35, class e): an edge's hash
// in the warning of a hash whose dependencies differ is as long as tells
// it from every other hash of its name that one side alone has, on
// either side: docs/usage.md said "the other side's" alone, where two
// hashes of zlib gone alike in their first 9 characters print 10 each
// against a zlib that came of other first 7.
func TestDepsDeltaHashLengthAsDocumented(t *testing.T) {
	dep := func(name, hash string) snapshot.Dep {
		return snapshot.Dep{Name: name, Hash: hash, Types: []string{"link"}}
	}
	old := []snapshot.Dep{dep("zlib", "aaaaaaaaa"+strings.Repeat("x", 23)), dep("zlib", "aaaaaaaaa"+strings.Repeat("y", 23))}
	nu := []snapshot.Dep{dep("zlib", strings.Repeat("b", 32))}
	if got, want := depsDelta(old, nu), "zlib/aaaaaaaaax, zlib/aaaaaaaaay → zlib/bbbbbbb"; got != want {
		t.Errorf("depsDelta %q, want %q", got, want)
	}
	doc, err := os.ReadFile("../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	if !strings.Contains(text, "the hash of as many characters as tell it from every other hash of its name that one side alone has, on either side, at least 7") {
		t.Errorf("docs/usage.md does not say a dependency's hash is told from every other hash of its name that one side alone has, on either side")
	}
}
