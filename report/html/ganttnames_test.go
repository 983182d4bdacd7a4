package html

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestGanttTellsNamesFromVersions (issue 35 class a): the chart of
// versions labels each bar by its package and version joined by a
// space, and its title adds the bar's run after ": ": the package zp
// of the version "zq zk" and the package "zp zq" of zk were both
// labelled "zp zq zk", and the version "zp: zq" in the snapshot zk
// titled as zp in the snapshot "zq: zk". The version is written as a
// move's side (report.MoveSide), quoted where it holds a space, as the
// news write it after the package's name.
func TestGanttTellsNamesFromVersions(t *testing.T) {
	draw := func(pkg, version, label string) (string, string) {
		labels := []string{"old", label}
		c := gantt([]ganttRow{{pkg, version, diff.Span{From: 1, To: 1}}}, labels, labels, 1, 0, "in the cache")
		var text string
		for _, l := range c.Labels {
			if l.Class == "label" {
				text = l.Text
			}
		}
		return text, c.Marks[0].Title
	}
	read := map[string]string{}
	for _, c := range [][3]string{{"zp", "zq zk", "new"}, {"zp zq", "zk", "new"}, {"a0", "zp", "zq: zk"}, {"a0", "zp: zq", "zk"}} {
		label, title := draw(c[0], c[1], c[2])
		for _, s := range []string{"label " + label, "title " + title} {
			if other, ok := read[s]; ok {
				t.Errorf("the package %q of the version %q in %q and %s read alike: %s", c[0], c[1], c[2], other, s)
			}
			read[s] = c[0] + " " + c[1] + " in " + c[2]
		}
	}
	if label, title := draw("zp", "zq zk", "new"); label != `zp "zq zk"` || title != `zp "zq zk": new` {
		t.Errorf("the package zp of the version \"zq zk\": labelled %q, titled %q", label, title)
	}
}

// TestGanttVersionsCutApart (issue 35 class a): the chart of versions
// cut a version to 8 characters with "…" alone, so a package's
// versions 1.2.3.4.5 and 1.2.3.4.6 drew two bars labelled alike, "p
// 1.2.3.4…", and so did the version "1.2.3.4…" left whole. A version
// cut ends with the mark of its digest (versionLabel).
func TestGanttVersionsCutApart(t *testing.T) {
	labels := []string{"old", "new"}
	var rows []ganttRow
	for _, v := range []string{"1.2.3.4.5", "1.2.3.4.6", "1.2.3.4…", "1.2.3.4", "1.2.3.4.5.6.7.8.9.10.11.12"} {
		rows = append(rows, ganttRow{"p", v, diff.Span{From: 1, To: 1}})
	}
	// A version spelt as another's label cut reads apart from it too.
	rows = append(rows, ganttRow{"p", versionLabel("1.2.3.4.5.6.7.8.9.10.11.12"), diff.Span{From: 1, To: 1}})
	c := gantt(rows, labels, labels, 1, 0, "in the cache")
	seen := map[string]string{}
	i := 0
	for _, l := range c.Labels {
		if l.Class != "label" {
			continue
		}
		if textUnits(l.Text) > labelCol-8 {
			t.Errorf("the version %q labelled %q, %d wide", rows[i].version, l.Text, textUnits(l.Text))
		}
		if other, ok := seen[l.Text]; ok {
			t.Errorf("the versions %q and %q both labelled %q", other, rows[i].version, l.Text)
		}
		seen[l.Text] = rows[i].version
		i++
	}
	if i != len(rows) {
		t.Fatalf("%d labels of versions, want %d", i, len(rows))
	}
}
