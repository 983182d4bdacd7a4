package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
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
	checkRenderMemory(t, "rules", manyRulesReport)
}
