package builtin_test

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogRunsQuoteLabels (issue 35 class a): the text log's "Versions
// over time" and its packages that came and went join runs by "; " and
// ", ", and named the snapshots in them as they are: the snapshot "w1;
// w2" read "1.0 in w1; w2, since w3", as if w2 were a version. Labels
// are quoted there where one could read as more than a snapshot
// (report.RunLabelsQuoted), in Markdown's lists of runs too.
func TestLogRunsQuoteLabels(t *testing.T) {
	for _, name := range []string{"text", "md"} {
		out := taggedLog(t, name, "w0", "w1; w2", "w3", "w4, w5")
		if !strings.Contains(out, `since "w4, w5"`) || !strings.Contains(out, `"w1; w2"`) {
			t.Errorf("--format %s: the runs do not quote the snapshots \"w1; w2\" and \"w4, w5\":\n%s", name, out)
		}
		if strings.Contains(out, "since w4, w5") || strings.Contains(out, "in w1; w2") {
			t.Errorf("--format %s: a run names a snapshot unquoted:\n%s", name, out)
		}
	}
}

// TestLogRunsQuoteLabelsHoldingTo (issue 35 class a): a run of
// snapshots reads "from a to b", and a snapshot's label holding the
// word "to" was written as it is there: the run from "a to b" to c
// read "from a to b to c", as the run from a to "b to c". Such labels
// are quoted in the runs (report.RunLabelsQuoted), in text and Markdown.
func TestLogRunsQuoteLabelsHoldingTo(t *testing.T) {
	for _, name := range []string{"text", "md"} {
		out := taggedLog(t, name, "a to b", "c", "d to e", "f")
		if !strings.Contains(out, `from "a to b" to "c"`) || !strings.Contains(out, `from "a to b" to "d to e"`) {
			t.Errorf("--format %s: the runs do not quote the snapshots \"a to b\" and \"d to e\":\n%s", name, out)
		}
		if strings.Contains(out, "from a to b to") || strings.Contains(out, "in a to b") || strings.Contains(out, "since d to e") {
			t.Errorf("--format %s: a run names a snapshot unquoted:\n%s", name, out)
		}
	}
}

// TestLogRunsQuoteLabelsHoldingRunWords (issue 35 class a): a run
// begins with the word "in", "since" or "from" before a snapshot's
// label, and a label holding one of them was written as it is: the
// package "z since a" since c and the package z since the snapshot "a
// since c" both read "z since a since c", as "z in a" in b and z in "a
// in b", "z from a" from b to c and z from "a from b" to c. Labels
// holding any word of a run are quoted there (report.RunLabelsQuoted),
// as those holding "to" are, in text and Markdown.
func TestLogRunsQuoteLabelsHoldingRunWords(t *testing.T) {
	for _, name := range []string{"text", "md"} {
		out := taggedLog(t, name, "x from y", "a in b", "c", "d since e")
		for _, want := range []string{`from "x from y" to "a in b"`, `in "x from y"`, `since "d since e"`} {
			if !strings.Contains(out, want) {
				t.Errorf("--format %s: no run %s in\n%s", name, want, out)
			}
		}
		for _, bad := range []string{"from x from y to", "in x from y", "since a in b", "since d since e"} {
			if strings.Contains(out, bad) {
				t.Errorf("--format %s: a run reads %q, a snapshot unquoted:\n%s", name, bad, out)
			}
		}
	}
}

// TestLogRunsQuotePackageNames (issue 35 class a): text's "Came and
// went" and "Versions over time" write a package's name, then its runs
// or versions joined by ", " and "; ", and wrote the name as it is: the
// package "z 1.0 in a;" of 1.5 in a and 2.0 since b read "z 1.0 in a;
// 1.5 in a; 2.0 since b", as the package z of three versions. The name
// is quoted as a sentence's names are (report.NamesQuoted).
func TestLogRunsQuotePackageNames(t *testing.T) {
	const odd = "py-pkg-0001; 1.0 in w0,"
	out := seriesLog(t, "text", []string{"w0", "w1", "w2", "w3"}, func(s *snapshot.Snapshot) {
		for _, p := range s.Packages {
			if p.Name == "py-pkg-0001" || p.Name == "py-pkg-0004" {
				p.Name = strings.Replace(odd, "0001", p.Name[len(p.Name)-4:], 1)
			}
		}
	})
	for _, want := range []string{`"py-pkg-0001; 1.0 in w0," 1.0 from`, `"py-pkg-0004; 1.0 in w0," in develop-w00`} {
		if !strings.Contains(out, want) {
			t.Errorf("no line begins %s in\n%s", want, out)
		}
	}
}

// TestRebuiltCountsQuoteNames (issue 35 class a): a Markdown log's
// step lists its packages of plain rebuilds alone as names and counts
// joined by ", ", and wrote each name as it is: the packages "p 3, q"
// of 1 spec and p of 3 read "p 3, p 3, q 1", as "p 3, p" of 3 and q of
// 1. The names are quoted as a sentence's are (report.NamesQuoted).
func TestRebuiltCountsQuoteNames(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"py-pkg-0015", "py-pkg-0015 1, q", `"py-pkg-0000" 3, "py-pkg-0015 1, q" 1`},
		{"py-pkg-0015", "py-pkg-0015", "\n\npy-pkg-0000 3, py-pkg-0015 1\n"},
	} {
		out := seriesLog(t, "md", []string{"a", "b", "c"}, func(s *snapshot.Snapshot) {
			for _, p := range s.Packages {
				if p.Name == c.from {
					p.Name = c.to
				}
			}
		})
		if !strings.Contains(out, c.want) {
			t.Errorf("the package %q: no %q in\n%s", c.to, c.want, out)
		}
	}
}

// taggedLog is the log in format name of a generated series of
// len(tags) snapshots, each tagged by its tag (its pages too).
func taggedLog(t *testing.T, name string, tags ...string) string {
	t.Helper()
	return seriesLog(t, name, tags, tagged(tags))
}

// tagged is seriesLog's edit that tags each snapshot by its tag, in
// order (its pages too).
func tagged(tags []string) func(*snapshot.Snapshot) {
	i := 0
	return func(s *snapshot.Snapshot) {
		s.Tag = tags[i]
		for _, p := range s.Packages {
			p.Origin.Tag = tags[i]
		}
		i++
	}
}

// seriesLog is the log in format name of a generated series of
// len(tags) snapshots, each changed by edit first, its gate failing on
// failOn when not nil.
func seriesLog(t *testing.T, name string, tags []string, edit func(*snapshot.Snapshot), failOn ...string) string {
	t.Helper()
	return seriesLogWith(t, name, report.LogOptions{}, tags, edit, failOn...)
}

// seriesLogWith is seriesLog written with the options o.
func seriesLogWith(t *testing.T, name string, o report.LogOptions, tags []string, edit func(*snapshot.Snapshot), failOn ...string) string {
	t.Helper()
	f, ok := report.Lookup(name)
	if !ok {
		t.Fatalf("no format %s", name)
	}
	snaps := reporttest.GenSeries(8, 20, len(tags))
	for _, s := range snaps {
		edit(s)
	}
	var buf bytes.Buffer
	l := f.Log(&buf, o)
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error {
			if failOn != nil {
				g, err := diff.CheckGate(r, failOn)
				if err != nil {
					return err
				}
				r.Gate = g
			}
			return l.Step(r)
		})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Finish(s); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestHTMLVersionRunsQuoteLabels (issue 35 class a): the HTML log's
// table of versions (and its chart's bars) names when a version was
// by its run's ends joined by " – ", each label as it is: the version
// in the snapshot "a – b" alone read "a – b", as one from a to b, and
// one from "a – b" to c "a – b – c". Labels are quoted as the other
// views quote them in a run (report.RunLabelsQuoted, whose words now
// hold the dash).
func TestHTMLVersionRunsQuoteLabels(t *testing.T) {
	out := html.UnescapeString(taggedLog(t, "html", "a – b", "x", "c"))
	if !strings.Contains(out, `<td>"a – b" – "c"</td>`) || !strings.Contains(out, `<td>"a – b"</td>`) {
		t.Errorf("the table of versions names the snapshot \"a – b\" unquoted:\n%s", out)
	}
	if strings.Contains(out, "a – b – ") || strings.Contains(out, "<td>a – b</td>") {
		t.Errorf("a run names the snapshot \"a – b\" unquoted:\n%s", out)
	}
}

// TestLogLabelsTellPlacesFromFolders (issue 35 class a): a series that
// reads one folder twice names each by its place, "a (snapshot 1)" and
// "a (snapshot 3)", and named the folders called so as they are: `log a
// b a` and the log of the folders "a (snapshot 1)", b and "a (snapshot
// 3)" read alike, the whole log in text, Markdown and HTML. A label
// that reads as one so placed is quoted (report.SnapshotLabels).
func TestLogLabelsTellPlacesFromFolders(t *testing.T) {
	for _, f := range []string{"text", "md", "html"} {
		read := map[string][]string{}
		for _, paths := range [][]string{{"a", "b", "a"}, {"a (snapshot 1)", "b", "a (snapshot 3)"}, {`"a (snapshot 1)"`, "b", `"a (snapshot 3)"`}} {
			i := 0
			got := seriesLog(t, f, paths, func(s *snapshot.Snapshot) {
				s.Tag, s.Path = "", paths[i]
				for _, p := range s.Packages {
					p.Origin.Tag = ""
				}
				i++
			})
			if other, ok := read[got]; ok {
				t.Errorf("--format %s: the logs of the folders %q and %q read alike", f, paths, other)
			}
			read[got] = paths
		}
	}
}
