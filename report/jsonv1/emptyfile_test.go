package jsonv1

import (
	"os"
	"strings"
	"testing"
)

// TestEmptyFileRefused: a package's "old_file" or "new_file" of "" is
// refused at its path, as cachediff never writes it: "old_file": "" on
// an added package was read as no key, and render -f json wrote the
// report without it, not the report it was given.
func TestEmptyFileRefused(t *testing.T) {
	data, err := os.ReadFile("testdata/spec-v4-v5-fb7836bf.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeBytes(data); err != nil {
		t.Fatalf("the report as cachediff wrote it: %v", err)
	}
	const added = `"status": "added",` + "\n"
	for _, c := range []struct{ with, path string }{
		{`"old_file": "",`, "packages[0].old_file"},
		{`"new_file": "",`, "packages[0].new_file"},
	} {
		doc := strings.Replace(string(data), added, added+c.with+"\n", 1)
		if doc == string(data) {
			t.Fatal("no added package in the report")
		}
		if c.path == "packages[0].new_file" {
			// The package's own new_file, after the one given: drop it.
			doc = strings.Replace(doc, `"new_file": "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json",`, "", 1)
		}
		_, err := DecodeBytes([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), c.path+`: "", which`) {
			t.Errorf("%s: %v, want a refusal at %s", c.with, err, c.path)
		}
	}
}
