package reporttest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// WithVariants is the JSON of the golden report
// (testdata/golden/develop-2025-03.json, read from a package two
// folders below the repository's top) with n variants more in its first
// spec that lists its own variants, each written as format writes its
// number (in JSON).
func WithVariants(t testing.TB, n int, format string) []byte {
	t.Helper()
	js, err := os.ReadFile(filepath.Join("..", "..", "testdata", "golden", "develop-2025-03.json"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(js, []byte(`"shared_variants": [`))
	j := bytes.Index(js[i:], []byte(`"variants": [`))
	if i < 0 || j < 0 {
		t.Fatal("no shared variants or spec variants in the golden report")
	}
	j += i + len(`"variants": [`)
	var b bytes.Buffer
	for v := range n {
		fmt.Fprintf(&b, `"`+format+`",`, v)
	}
	return slices.Concat(js[:j], b.Bytes(), js[j:])
}
