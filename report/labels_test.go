package report

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestLabels: a series names each snapshot apart. Distinct tags are kept;
// folders sharing a tag are named by their paths (as the pair diff's
// headline does); git snapshots by date and short id; anything still
// alike gets its place in the series.
func TestLabels(t *testing.T) {
	rev := func(path, tag, rev, date string) diff.SnapshotInfo {
		return diff.SnapshotInfo{Path: path, Tag: tag, Rev: rev, Date: date}
	}
	for _, c := range []struct {
		name  string
		snaps []diff.SnapshotInfo
		want  []string
	}{
		{"distinct tags", []diff.SnapshotInfo{{Path: "a", Tag: "develop-1"}, {Path: "b", Tag: "develop-2"}}, []string{"develop-1", "develop-2"}},
		{"one tag", []diff.SnapshotInfo{{Path: "w1", Tag: "develop"}, {Path: "w2", Tag: "develop"}, {Path: "w3", Tag: "develop"}}, []string{"w1", "w2", "w3"}},
		{"one tag repeated", []diff.SnapshotInfo{{Path: "w1", Tag: "develop"}, {Path: "t", Tag: "v1"}, {Path: "w3", Tag: "develop"}}, []string{"w1", "v1", "w3"}},
		{"same folder twice", []diff.SnapshotInfo{{Path: "w1", Tag: "develop"}, {Path: "w2", Tag: "develop"}, {Path: "w2", Tag: "develop"}}, []string{"w1", "w2 (snapshot 2)", "w2 (snapshot 3)"}},
		{"one folder twice", []diff.SnapshotInfo{{Path: "a/v0.23.0", Tag: "v0.23.0"}, {Path: "a/v0.23.1", Tag: "v0.23.1"}, {Path: "a/v0.23.1", Tag: "v0.23.1"}}, []string{"v0.23.0", "v0.23.1 (snapshot 2)", "v0.23.1 (snapshot 3)"}},
		{"no tag", []diff.SnapshotInfo{{Path: "index.json"}, {Path: "index.json"}}, []string{"index.json (snapshot 1)", "index.json (snapshot 2)"}},
		{"git", []diff.SnapshotInfo{rev("aaaaaaaaaa:p", "develop", "aaaaaaaaaa", "2025-03-09T10:00:00Z"), rev("bbbbbbbbbb:p", "develop", "bbbbbbbbbb", "2025-03-16T10:00:00Z")},
			[]string{"2025-03-09 aaaaaaa", "2025-03-16 bbbbbbb"}},
		{"git, one commit twice", []diff.SnapshotInfo{rev("aaaaaaaaaa:p", "develop", "aaaaaaaaaa", "2025-03-09T10:00:00Z"), rev("aaaaaaaaaa:p", "develop", "aaaaaaaaaa", "2025-03-09T10:00:00Z")},
			[]string{"2025-03-09 aaaaaaa (snapshot 1)", "2025-03-09 aaaaaaa (snapshot 2)"}},
		{"a tag that is another's path", []diff.SnapshotInfo{{Path: "develop"}, {Path: "w", Tag: "develop"}}, []string{"develop", "w"}},
	} {
		if got := SnapshotLabels(c.snaps); !slices.Equal(got, c.want) {
			t.Errorf("%s: labels = %q, want %q", c.name, got, c.want)
		}
	}
}
