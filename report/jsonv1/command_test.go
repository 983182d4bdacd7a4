package jsonv1

import (
	"bytes"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestJSONNoLegacyCommand (a seventh adversarial pass, issue 35): GitHub
// Actions' runner reads the legacy form of its workflow commands
// ("##[error]…", "##[add-mask]…") anywhere in a line of a job's output,
// and a JSON report or log printed in a job carried a name's raw. The [
// of every "##[" is written \u005b, within the writes of a buffer and
// across them, and the document reads back the same.
func TestJSONNoLegacyCommand(t *testing.T) {
	r := reporttest.GenReport(3, 8)
	names := []string{"!###[", "!##[error]x", "![b", "!a##", "!zl##[add-mask]ib"} // sorted, before the others
	renamed := map[string]string{}
	for i, n := range names {
		renamed[r.Packages[i].Name] = n
		r.Packages[i].Name = n
	}
	for i := range r.Updates { // the update groups name the packages too
		for j, p := range r.Updates[i].Packages {
			if n, ok := renamed[p]; ok {
				r.Updates[i].Packages[j] = n
			}
		}
		slices.Sort(r.Updates[i].Packages)
	}
	r.Highlights = diff.News(r)
	found := false
	for i := range r.Packages {
		if l := r.Packages[i].Specs.Added; len(l) > 0 && !found {
			l[0].Variants = []string{"##", strings.Repeat("#", 70000) + "[", "x=##[add-mask]v"} // sorted
			found = true
		}
	}
	if !found {
		t.Fatal("no added spec to carry the variants")
	}
	var doc bytes.Buffer
	if err := JSON(&doc, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(doc.String(), "##[") {
		t.Errorf("a legacy workflow command in the JSON report")
	}
	back, err := DecodeBytes(doc.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		if back.Packages[i].Name != n {
			t.Errorf("package %d reads back as %q, want %q", i, back.Packages[i].Name, n)
		}
	}
	var want bytes.Buffer
	if err := JSON(&want, back); err != nil || want.String() != doc.String() {
		t.Errorf("the report read back writes another document (%v)", err)
	}
	// A log, step by step.
	var log bytes.Buffer
	w := Format.Log(&log, report.LogOptions{})
	if err := w.Step(r); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(&diff.Series{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(log.String(), "##[") {
		t.Errorf("a legacy workflow command in the JSON log")
	}
}

// commandSafe finds every "##[" however the writes split the document:
// strings of '#', '[' and another byte, cut at every place, against
// strings.ReplaceAll of the whole.
func TestCommandSafeSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		doc := make([]byte, rng.IntN(12))
		for i := range doc {
			doc[i] = "#[a"[rng.IntN(3)]
		}
		want := strings.ReplaceAll(string(doc), "##[", `##\u005b`)
		for cut := 0; cut <= len(doc); cut++ {
			for cut2 := cut; cut2 <= len(doc); cut2++ {
				var b bytes.Buffer
				c := &commandSafe{w: &b}
				for _, part := range [][]byte{doc[:cut], doc[cut:cut2], doc[cut2:]} {
					if n, err := c.Write(part); n != len(part) || err != nil {
						t.Fatalf("Write(%q) = %d, %v", part, n, err)
					}
				}
				if b.String() != want {
					t.Fatalf("%q written as %q, %q, %q: got %q, want %q", doc, doc[:cut], doc[cut:cut2], doc[cut2:], b.String(), want)
				}
			}
		}
	}
}

// BenchmarkCommandSafe: the filter over a JSON report, in the chunks of
// its write buffer.
func BenchmarkCommandSafe(b *testing.B) {
	var doc bytes.Buffer
	if err := render(&doc, "json", reporttest.GenReport(1, 20000), report.Options{}); err != nil {
		b.Fatal(err)
	}
	data := doc.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c := &commandSafe{w: io.Discard}
		for p := data; len(p) > 0; {
			n := min(len(p), 64<<10)
			c.Write(p[:n])
			p = p[n:]
		}
	}
}
