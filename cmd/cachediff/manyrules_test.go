package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// manyRulesReport writes the report of the real develop pair with n
// rules this cachediff does not know (a later v1 may add rules) at the
// end of canonicalized, each of one rewrite on each side, in the order
// cachediff writes them (by bytes, after the rules it knows), and
// returns its path and size.
func manyRulesReport(t *testing.T, n int) (string, int64) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"--format", "json", filepath.Join("..", "..", "testdata", "real", "develop-2025-03-23"), filepath.Join("..", "..", "testdata", "real", "develop-2025-03-30")}, &out, &errb); code != 1 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	js := out.Bytes()
	at := bytes.Index(js, []byte(`"canonicalized": {`))
	end := bytes.Index(js[max(at, 0):], []byte("\n  }"))
	if at < 0 || end < 0 {
		t.Fatal("no canonicalized in the report")
	}
	end += at
	var extra bytes.Buffer
	for k := range n {
		fmt.Fprintf(&extra, ",\n    \"zz-rule-%07d\": {\n      \"old\": 1,\n      \"new\": 2\n    }", k)
	}
	js = concatBytes(js[:end], extra.Bytes(), js[end:])
	var compact bytes.Buffer
	if err := json.Compact(&compact, js); err != nil {
		t.Fatal(err)
	}
	js = compact.Bytes()
	path := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, int64(len(js))
}

// TestRenderManyUnknownRulesMemory (issue 35 class c): the heap of
// render of a report whose canonicalized lists many rules this
// cachediff does not know holds at most 4x the report's JSON, and 4x the
// rules allocate at most renderAllocBound times the bytes.
func TestRenderManyUnknownRulesMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{20000, 80000} {
		path, input := manyRulesReport(t, n)
		alloc, peak, _ := commandCost(t, []string{"render", "--format", "md", path})
		allocs[k] = alloc
		ratio := float64(peak) / float64(input)
		t.Logf("%d rules: input %d bytes, allocated %d, heap at most %d (%.2fx)", n, input, alloc, peak, ratio)
		if ratio > 4 {
			t.Errorf("%d rules: the heap held %.2fx the report's JSON (%d of %d bytes), want at most 4x", n, ratio, peak, input)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > renderAllocBound {
		t.Errorf("4x the rules allocate %.2fx the bytes (%d → %d), want at most %.2fx", r, allocs[0], allocs[1], renderAllocBound)
	}
}
