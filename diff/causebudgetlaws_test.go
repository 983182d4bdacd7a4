package diff_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/report/markdown"
)

// A report whose causes were cut renders, and says so in Markdown in one
// line; edited, it is refused: causes.cut raised, or a pair's cut flag
// removed, whether the pair is the first cut (its dependencies' sets
// larger than what it kept) or one over a cut pair (class b: a cut set
// read as a pair's whole causes).
func TestCauseBudgetCutRendersAndEditsRefused(t *testing.T) {
	defer diff.SetCauseBudget(16, 4096)()
	s := ladderUpShape(200)
	o, n := s.snapshots(t)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckLaws(); err != nil {
		t.Fatalf("the cut report breaks its laws: %v", err)
	}
	cut := r.Causes.Cut
	if cut == 0 || cut >= 200 {
		t.Fatalf("%d pairs cut of 400, want some of the b chain's", cut)
	}
	var b bytes.Buffer
	if err := jsonv1.JSON(&b, r); err != nil {
		t.Fatal(err)
	}
	js := b.String()
	if _, err := jsonv1.DecodeBytes(b.Bytes()); err != nil {
		t.Fatalf("render refuses the cut report: %v", err)
	}
	if got := strings.Count(js, `"cut": true`); got != cut {
		t.Fatalf("%d whys cut, but causes.cut %d", got, cut)
	}
	var md bytes.Buffer
	if err := markdown.Markdown(&md, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("causes of %d specs cut: ", cut); !strings.Contains(md.String(), want) {
		t.Errorf("the Markdown does not say %q", want)
	}
	count := fmt.Sprintf(`"cut": %d,`, cut)
	if !strings.Contains(js, count) {
		t.Fatalf("no %s in the JSON", count)
	}
	first := strings.Index(js, `"cut": true`)
	last := strings.LastIndex(js, `"cut": true`)
	// drop removes the member at and the comma before it, and counts
	// one pair cut less: only the laws over the pairs can tell.
	drop := func(at int) string {
		i := strings.LastIndex(js[:at], ",")
		return strings.Replace(js[:i]+js[at+len(`"cut": true`):], count, fmt.Sprintf(`"cut": %d,`, cut-1), 1)
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"causes.cut raised", strings.Replace(js, count, fmt.Sprintf(`"cut": %d,`, cut+1), 1), "causes.cut"},
		{"the first cut pair's flag removed", drop(first), "root causes, but its changed dependency"},
		{"the last cut pair's flag removed", drop(last), "why.cut"},
	} {
		_, err := jsonv1.DecodeBytes([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
