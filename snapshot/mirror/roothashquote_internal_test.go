package mirror

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpecRootHashQuoted: the error of a spec blob whose root is not the
// spec its manifest's name says put both hashes as they are, so that a
// root hashed "x\n::error::y" forged a line of its own (the report's
// skipped file, and the load error, hold the message), one of U+202E
// turned the line around, and a name's hash of a Cyrillic а read as
// one of a-z. Each is quoted in ASCII; plain hashes read as before.
func TestSpecRootHashQuoted(t *testing.T) {
	plain := strings.Repeat("a", 32)
	for _, c := range []struct{ root, name, want string }{
		{`x\n::error::y`, plain, `root is "x\n::error::y", and the manifest's name says ` + plain},
		{`abc\u202e`, plain, `root is "abc\u202e", and`},
		{plain, "b\u0430b", `root is ` + plain + `, and the manifest's name says "b\u0430b"`},
		{plain, strings.Repeat("b", 32), `root is ` + plain + `, and the manifest's name says ` + strings.Repeat("b", 32)},
	} {
		data := []byte(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"zlib","version":"1","hash":"` + c.root + `"}]}}`)
		sum := sha256.Sum256(data)
		e := &Entry{ContentLength: int64(len(data)), Checksum: hex.EncodeToString(sum[:]), ChecksumAlgorithm: "sha256", Compression: "none"}
		name := "v3/manifests/spec/zlib/zlib-1-" + c.name + ".spec.manifest.json"
		_, err := (&Source{}).specFile(name, e, data, 1<<20)
		// The file's name goes to the error's File (specFiles), quoted
		// as the loader quotes a path: the message is the rest.
		if msg, ok := strings.CutPrefix(fmt.Sprint(err), name+": "); !ok || !strings.Contains(msg, c.want) || strings.ContainsAny(msg, "\n\u202e\u0430") {
			t.Errorf("root %s, name %s: %v; want one line, in ASCII, holding %q", c.root, c.name, err, c.want)
		}
	}
}

// TestViewsHintQuoted: the views a mirror lists, named in the error of a
// --view it has not, were quoted as Go quotes a string, so that a view
// "dеv" (a Cyrillic е) read as the "dev" the error said was not there.
func TestViewsHintQuoted(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "v3", "manifests", "index", "d\u0435v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.manifest.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := viewsHint(Dir(root)), ` (its views: "d\u0435v")`; got != want {
		t.Errorf("viewsHint: %q; want %q", got, want)
	}
}
