package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// manyCompilersReport writes the report of the real develop pair with n
// compilers more, each of one unchanged spec (summary, the snapshots'
// specs and one value of each other facet counting them), appended to
// facets.compiler.counts in the order cachediff writes them (version
// order), and returns its path and size.
func manyCompilersReport(t *testing.T, n int) (string, int64) {
	return manyCompilersReportIn(t, n, false)
}

// manyCompilersReportIn is manyCompilersReport with the compilers added
// in the order of their bytes when byBytes, as a tool that sorts keys
// (jq -S) writes them: out of version order ("zz@0.0.10" before
// "zz@0.0.2").
func manyCompilersReportIn(t *testing.T, n int, byBytes bool) (string, int64) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"--format", "json", filepath.Join("..", "..", "testdata", "real", "develop-2025-03-23"), filepath.Join("..", "..", "testdata", "real", "develop-2025-03-30")}, &out, &errb); code != 1 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	js := out.Bytes()
	bump := func(re string) {
		m := regexp.MustCompile(re).FindSubmatchIndex(js)
		if m == nil {
			t.Fatalf("no %s in the report", re)
		}
		v, _ := strconv.Atoi(string(js[m[2]:m[3]]))
		js = concatBytes(js[:m[2]], []byte(strconv.Itoa(v+n)), js[m[3]:])
	}
	// The compiler counts end at the first "\n      }," after them.
	at := bytes.Index(js, []byte(`"compiler": {`))
	c := bytes.Index(js[at:], []byte(`"counts": {`))
	end := bytes.Index(js[at+c:], []byte("\n      }"))
	if at < 0 || c < 0 || end < 0 {
		t.Fatal("no compiler counts in the report")
	}
	end += at + c
	var extra bytes.Buffer
	names := make([]string, n)
	for k := range n {
		names[k] = fmt.Sprintf("zz@%d.%d.%d", k/10000, k/100%100, k%100)
	}
	if byBytes {
		slices.Sort(names)
	}
	for _, name := range names {
		fmt.Fprintf(&extra, ",\n        \"%s\": {\"old\": 1, \"new\": 1}", name)
	}
	js = concatBytes(js[:end], extra.Bytes(), js[end:])
	for _, facet := range []string{"os", "platform", "target"} {
		bump(`(?s)"` + facet + `": \{.*?"counts": \{\s*"[^"]*": \{\s*"old": (\d+)`)
		bump(`(?s)"` + facet + `": \{.*?"counts": \{\s*"[^"]*": \{\s*"old": \d+,\s*"new": (\d+)`)
	}
	for _, side := range []string{"old", "new"} {
		bump(`(?s)"` + side + `": \{\s*"path": "[^"]*",\s*"tag": "[^"]*",\s*"packages": \d+,\s*"specs": (\d+)`)
	}
	bump(`(?s)"summary": \{.*?"specs": \{\s*"old": (\d+)`)
	bump(`(?s)"summary": \{.*?"specs": \{\s*"old": \d+,\s*"new": (\d+)`)
	bump(`(?s)"summary": \{.*?"specs": \{.*?"unchanged": (\d+)`)
	path := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, int64(len(js))
}

func concatBytes(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// TestRenderManyCompilersMemory (issue 35 class c): render put every
// facet's counts in version order (sortCounts), parsing all of a
// facet's values at once (64 bytes a value, 12 a component) even when
// they were in that order already, as cachediff writes them: a report of
// 1M compilers (31.8 MB) rendered at a 265 MB peak (8.3x), where its
// parent peaked at 153 MB. The counts in order are left as they are:
// the heap holds at most 4x the report's JSON, and 4x the compilers
// allocate at most renderAllocBound times the bytes.
func TestRenderManyCompilersMemory(t *testing.T) {
	checkRenderMemory(t, "compilers", manyCompilersReport)
}

// TestRenderManyCompilersByBytesMemory (issue 35 class c): a report whose
// counts a tool re-wrote with sorted keys (jq -S), out of version order,
// was put back in order by version.SortFunc, which parses every value at
// once (64 bytes a value, 12 a component): 1M compilers rendered at 6.8x
// the report's JSON. The counts are sorted in runs of bounded scratch,
// merged: the heap holds at most 4x the report's JSON, and 4x the
// compilers allocate at most renderAllocBound times the bytes.
func TestRenderManyCompilersByBytesMemory(t *testing.T) {
	checkRenderMemory(t, "compilers by bytes", func(t *testing.T, n int) (string, int64) { return manyCompilersReportIn(t, n, true) })
}

// checkRenderMemory renders (--format md) the report report(t, n) writes
// of 20,000 and of 80,000 whats: the heap holds at most 4x the report's
// JSON, and 4x the whats allocate at most renderAllocBound times the
// bytes.
func checkRenderMemory(t *testing.T, what string, report func(t *testing.T, n int) (string, int64)) {
	t.Helper()
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{20000, 80000} {
		path, input := report(t, n)
		c := commandCost(t, []string{"render", "--format", "md", path})
		alloc, peak := c.alloc, c.peak
		allocs[k] = alloc
		ratio := float64(peak) / float64(input)
		t.Logf("%d %s: input %d bytes, allocated %d, heap at most %d (%.2fx)", n, what, input, alloc, peak, ratio)
		if ratio > 4 {
			t.Errorf("%d %s: the heap held %.2fx the report's JSON (%d of %d bytes), want at most 4x", n, what, ratio, peak, input)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > renderAllocBound {
		t.Errorf("4x the %s allocate %.2fx the bytes (%d → %d), want at most %.2fx", what, r, allocs[0], allocs[1], renderAllocBound)
	}
}
