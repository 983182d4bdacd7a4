package builtin_test

import (
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLabelQuotedOnce (issue 35 class a): a snapshot's label quoted in
// ASCII for its lookalike (report.diskLabel) is quoted once in every
// log view, and a character a view escapes is escaped once there.
// Quoted by Go first, the folder "ѕ1\n" (its ѕ U+0455, a newline at its
// end) read "\u04551\\n" in every view, ѕ1 then a backslash and an n;
// the folder "ѕ1: x" read "\"\\\u04551: x\"" before its news
// (report.NewsLabel) and in every run of versions (report.RunLabel),
// where its heading read "\u04551: x", and quoted every other label of
// the runs (since "old"); a feed entry's content wrote the folder "a\n"
// a\\n, where its title writes it a\n.
func TestLabelQuotedOnce(t *testing.T) {
	for _, c := range []struct {
		tags        []string
		format      string
		want, never []string
	}{
		{[]string{"old", "ѕ1\n"}, "text", []string{`old → "\u04551\n": `, `· "\u04551\n" (from old)`, `since "\u04551\n"`}, []string{`\\n`}},
		{[]string{"old", "ѕ1\n"}, "md", []string{`# cachediff log: old → "\\u04551\\n"`, `## "\\u04551\\n" (from old)`, `since "\\u04551\\n"`}, []string{`\\\\n`}},
		{[]string{"old", "ѕ1\n"}, "html", []string{`<h1>cachediff log: old → "\u04551\n"</h1>`, `old – "\u04551\n"</title>`}, []string{`\\n`}},
		{[]string{"old", "ѕ1\n"}, "atom", []string{`<title type="text">"\u04551\n": `, `<b>"\u04551\n"</b> (from old)`}, []string{`\\n`}},
		{[]string{"old", "ѕ1: x"}, "text", []string{`since "\u04551: x"`, "since old"}, []string{`"\"`, `"old"`}},
		{[]string{"old", "ѕ1: x"}, "md", []string{`- **"\\u04551: x"**: `, `since "\\u04551: x"`, "since old"}, []string{`"\\"`, `"old"`}},
		{[]string{"old", "ѕ1: x"}, "html", []string{`at "\u04551: x": `, `old – "\u04551: x"</title>`}, []string{`"\"`, `"old"`}},
		{[]string{"old", "ѕ1: x"}, "atom", []string{`<title type="text">"\u04551: x": `}, []string{`"\"`}},
		{[]string{"a, b", "ѕ1"}, "text", []string{`since "\u04551"`, `since "a, b"`}, []string{`"\"`}},
		{[]string{"old", "a\n"}, "atom", []string{`<title type="text">a\n: `, `<b>a\n</b> (from old)`}, []string{`\\n`}},
	} {
		out := taggedLog(t, c.format, c.tags...)
		for range 2 { // the feed's content is HTML escaped twice
			out = html.UnescapeString(out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q --format %s: no %s in\n%s", c.tags, c.format, w, out)
			}
		}
		for _, n := range c.never {
			if strings.Contains(out, n) {
				t.Errorf("%q --format %s: %s in\n%s", c.tags, c.format, n, out)
			}
		}
	}
}

// TestNumberedLookalikeQuotedOnce (issue 35 class a): a label quoted in
// ASCII for its lookalike and given its place in the series (the folder
// ѕ1, its ѕ U+0455, twice: "\u04551" (snapshot 2)) is kept as it is in
// every log view (a feed names each entry's sides alone), as it is
// before its news: quoted again, it read
// "\"\\\u04551\" (snapshot 2)" in the steps' headings and in every run
// of versions. Its quotes and number read as no other label's: the
// folder of those very characters is quoted, "\"\\u04551\" (snapshot 2)".
func TestNumberedLookalikeQuotedOnce(t *testing.T) {
	tags := []string{"ѕ1", "ѕ1", "old"}
	for _, c := range []struct {
		format string
		want   []string
	}{
		{"text", []string{`step 1 · "\u04551" (snapshot 2) (from "\u04551" (snapshot 1))`, `since "\u04551" (snapshot 2)`}},
		{"md", []string{`## "\\u04551" (snapshot 2) (from "\\u04551" (snapshot 1))`, `since "\\u04551" (snapshot 2)`}},
		{"html", []string{`<h3>Step 1: "\u04551" (snapshot 2) (from "\u04551" (snapshot 1))</h3>`, `: "\u04551" (snapshot 1) – "\u04551" (snapshot 2)</title>`}},
	} {
		i := 0
		out := seriesLog(t, c.format, tags, func(s *snapshot.Snapshot) {
			tagged(tags)(s)
			s.Tag, s.Path = tags[i], "p/"+tags[i]
			i++
		})
		out = html.UnescapeString(out)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("--format %s: no %s in\n%s", c.format, w, out)
			}
		}
		if strings.Contains(out, `"\"`) {
			t.Errorf("--format %s: a label quoted twice in\n%s", c.format, out)
		}
	}
	named := `"\u04551" (snapshot 2)`
	l := report.SnapshotLabels([]diff.SnapshotInfo{{Path: "ѕ1"}, {Path: "ѕ1"}, {Path: named}})
	if l[1] != named || report.StepLabel(l[2]) == named || report.RunLabel(l[2], true) == named {
		t.Errorf("labels %q: the folder %s reads as ѕ1 twice", l, named)
	}
}
