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
