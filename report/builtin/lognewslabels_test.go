package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogNewsLabelTellsNewsApart (issue 35 class a): the Markdown log
// writes each highlight "- **LABEL**: news", and wrote a label holding
// ": " as it is: the package zlib upgraded at the snapshot "a: b" and the
// package "b: zlib" upgraded at the snapshot a read, once rendered (the
// bold gone), "a: b: zlib 1.0 → 2.0 (upgraded)" both. Such a label is
// quoted, as a feed entry's title quotes it (report.NewsLabel).
func TestLogNewsLabelTellsNewsApart(t *testing.T) {
	read := map[string]string{}
	for _, in := range [][2]string{{"a: b", "zlib"}, {"a", "b: zlib"}, {`"a: b"`, "zlib"}} {
		line := mdLogNewsLine(t, in[0], in[1])
		if line == "" {
			t.Fatalf("no highlight line of %q", in)
		}
		text := strings.NewReplacer("**", "", `\`, "").Replace(line)
		if other, ok := read[text]; ok {
			t.Errorf("the highlights of %q and %s read alike: %s", in, other, line)
		}
		read[text] = strings.Join(in[:], " ")
	}
}

// mdLogNewsLine is the highlight line of a Markdown log of two snapshots,
// the second tagged label, whose one highlight is pkg upgraded.
func mdLogNewsLine(t *testing.T, label, pkg string) string {
	t.Helper()
	f, _ := report.Lookup("md")
	snaps := reporttest.GenSeries(8, 20, 2)
	tagged([]string{"o", label})(snaps[0])
	tagged([]string{label})(snaps[1])
	var buf bytes.Buffer
	l := f.Log(&buf, report.LogOptions{})
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(_ int, r *diff.Report) error { return l.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	s.Highlights = []diff.Highlight{{Kind: diff.HighlightVersion, Step: 1, Packages: []string{pkg},
		Versions: &diff.VersionChange{Old: []string{"1.0"}, New: []string{"2.0"}, Added: []string{"2.0"}, Removed: []string{"1.0"}, Direction: diff.Upgraded}}}
	if err := l.Finish(s); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if strings.HasPrefix(line, "- **") && strings.Contains(line, "upgraded") {
			return line
		}
	}
	t.Log(buf.String())
	return ""
}
