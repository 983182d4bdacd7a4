package markdown

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/snapshot"
)

// TestFitNewsMatchesBuiltHeads: fitNews measures the heads it tries
// (headLen) where it built each (headWith) and measured the string: for
// pairs of many highlights of names of every length, and limits around
// where the head stops fitting, it keeps the same highlights, the same
// head, and leaves out the same details as building each head did.
func TestFitNewsMatchesBuiltHeads(t *testing.T) {
	// built is fitNews as it was, building each head it tries.
	built := func(m *mdBuilder, v *view.View, limit int) {
		least := func(head string) int {
			n := len(head) + len(v.Tail) + len(v.NoticeFor(limit))
			if s := v.Skipped; s != nil && len(s.Rows) > 0 {
				more := "\n\n…and " + strconv.Itoa(len(s.Rows)) + " more " + s.Noun + "s."
				if len(s.Rows) == 1 {
					more = strings.TrimSuffix(more, "s.") + "."
				}
				n += len(s.Heading) + len(s.Footer) + len(more)
			}
			return n
		}
		if limit <= 0 || len(m.newsLines) == 0 || least(v.Head) <= limit {
			return
		}
		k := len(m.newsLines) - 1
		for k > 0 && least(m.headWith(k)) > limit {
			k--
		}
		v.Head = m.headWith(k)
		v.Sections = nil
		v.Omitted = true
	}
	rng := rand.New(rand.NewPCG(27, 35))
	for round := range 12 {
		before := &snapshot.Snapshot{Path: "old", Tag: "develop-a"}
		after := &snapshot.Snapshot{Path: "new", Tag: "develop-b"}
		for i := range []int{1, 2, 3, 7, 40, 300}[round%6] {
			name := fmt.Sprintf("p%d-%s", i, strings.Repeat("x", rng.IntN(120)))
			sp := snapshot.Spec{Hash: fmt.Sprintf("%032d", i), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3"}
			side := &after.Packages
			if rng.IntN(3) == 0 {
				side = &before.Packages
			}
			*side = append(*side, &snapshot.Package{Name: name, Specs: []snapshot.Spec{sp}})
		}
		r, err := diff.CompareWith(before, after, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		full := markdownView(report.NewDocument(r, report.Options{}))
		headFull := len(full.Head)
		for range 40 {
			limit := 1 + rng.IntN(headFull+600)
			doc := report.NewDocument(r, report.Options{MaxBytes: limit})
			got := markdownView(doc)
			doc.Render.MaxBytes = 0 // the view as it is before fitNews
			want := markdownView(doc)
			m := mdBuilder{doc: doc, link: doc.Render.LinkBase, abbrev: report.Abbreviate(doc.Report), plain: report.PlainCounts(&doc)}
			m.head()
			built(&m, want, limit)
			if got.Head != want.Head || len(got.Sections) != len(want.Sections) || got.Omitted != want.Omitted {
				t.Fatalf("%d highlights, --max-bytes %d: head of %d bytes, %d sections, omitted %t; building each head gives %d bytes, %d sections, omitted %t",
					len(r.Highlights), limit, len(got.Head), len(got.Sections), got.Omitted, len(want.Head), len(want.Sections), want.Omitted)
			}
		}
	}
}
