package catalog

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/cputime"
)

// TestEscapedQuoteAsLibyaml: yaml.v3 reads the escape \' in a
// double-quoted scalar as "'"; libyaml, which Jekyll reads front matter
// with, knows no such escape and refuses the front matter, so the site
// publishes the page without its specs. A page with one in a one-line
// YAML flow value, in a multi-line spec_details (a value or a key) or in
// the envelope was read whole, "no changes" to a gate. One in a single-
// quoted or plain scalar, or in a comment, is text to both. libyaml
// 0.2.5's reading (PyYAML 6.0.3, CSafeLoader) of each front matter.
func TestEscapedQuoteAsLibyaml(t *testing.T) {
	spec := func(os string) string {
		return fmt.Sprintf(`{hash: %q, "versions": ["1.0"], "variants": [], "compiler": "gcc@13.2.0", "os": %s, "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1), os)
	}
	meta := `{"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`
	page := func(cats, sd string) []byte {
		return []byte(strings.Join([]string{"---", `title: "zlib"`, "layout: cache # \"\\'\"", "categories: " + cats, "meta: " + meta, "spec_details:" + sd, "---", ""}, "\n"))
	}
	const cats = "[package, develop]"
	for _, tc := range []struct {
		name      string
		page      []byte
		line, col int
	}{
		{"one-line flow", page(cats, " ["+spec(`"ubuntu\'22.04"`)+"]"), 6, 135},
		{"one-line flow, tagged", page(cats, " ["+spec(`!!str "ubuntu\'22.04"`)+"]"), 6, 141},
		{"multi-line", page(cats, "\n  - "+spec(`"ubuntu\'22.04"`)), 7, 124},
		{"multi-line key", page(cats, "\n  - "+spec(`"ubuntu22.04", "x\'": 1`)), 7, 134},
		{"categories", page(`[package, "develop\'"]`, " ["+spec(`"ubuntu22.04"`)+"]"), 4, 31},
	} {
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", tc.page, false)
			checkErr(t, err, "p.md", tc.line, tc.col, `the escape \'`, "refuses the front matter")
		}
	}
	for _, os := range []string{`'ubuntu\'`, `ubuntu\'22.04`} {
		for _, p := range [][]byte{page(cats, " ["+spec(os)+"]"), page(cats, "\n  - "+spec(os))} {
			for _, parse := range bothPaths {
				if _, _, _, err := parse("p.md", p, false); err != nil {
					t.Errorf("os: %s: %v; libyaml reads it", os, err)
				}
			}
		}
	}
}

// TestEscapedQuoteLinear (issue 35, a 4x input costs at most ~4.4x): a
// one-line value of YAML flow with a \' (in a plain scalar, text to
// libyaml) and many double-quoted scalars is scanned once, not from its
// line's start for each scalar (quadratic: 0.8 s at 64 KB, 13 s at 256
// KB). The CPU time of the best of three runs (wall time where the
// system gives none); it fails only past 8x and half a second, which the
// linear scan (about 40 ms at 640 KB) does not reach however busy the
// machine, and the quadratic one (11.8 s) does: wall time alone, with
// the whole test suite running beside it, read 10.2x once. At 128 KB
// and 512 KB (33 ms to 127 ms linear): at 32 KB and 128 KB a quadratic
// walk as cheap as memchr (bytes.IndexByte from the line's start for
// each scalar) read 12.8x and passed, under the floor at 83 ms.
func TestEscapedQuoteLinear(t *testing.T) {
	value := func(n int) []byte {
		return []byte("[a\\', " + strings.Repeat(`"b", `, n/5) + `"c"]`)
	}
	best := func(v []byte) time.Duration {
		d := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			cpu0, cpu := cputime.Process()
			if off := flowEscapedQuote(v); off >= 0 {
				t.Fatalf("an escape \\' at %d; there is none in a double-quoted scalar", off)
			}
			took := time.Since(start)
			if cpu1, ok := cputime.Process(); cpu && ok {
				took = cpu1 - cpu0
			}
			d = min(d, took)
		}
		return d
	}
	small, large := best(value(1<<17)), best(value(1<<19))
	if r := float64(large) / float64(small); r > 8 && large > 500*time.Millisecond {
		t.Errorf("4x the value takes %.1fx the time (%v → %v), want about 4x", r, small, large)
	}
}
