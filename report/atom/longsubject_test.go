package atom

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// TestAtomLongSubject: an entry's content wrote a commit's subject
// whole, where the Markdown log's heading bounds it (report.Shorten): a
// subject of 4 MB (git takes any) made a feed of 4 MB for one entry
// (cachediff log -f atom --revs over a repository whose last commit had
// it). The subject is bounded as Markdown bounds it; the entry still
// says what it is from.
func TestAtomLongSubject(t *testing.T) {
	r := &diff.Report{
		Old:      diff.Side{Path: "old", Tag: "1.0"},
		New:      diff.Side{Path: "new", Tag: "p", Rev: "0123456789abcdef0123456789abcdef01234567", Date: "2025-03-16T12:00:00Z", Packages: 1},
		Summary:  diff.Summary{Packages: diff.PackageCounts{New: 1, Added: 1}, Specs: diff.Counts{New: 1, Added: 1}},
		Packages: []diff.Package{{Name: "p", Status: diff.Added, Versions: diff.VersionChange{New: []string{"1.0"}, Added: []string{"1.0"}, Direction: diff.Added}}},
	}
	r.Highlights = diff.News(r)
	subject := "nightly " + strings.Repeat("S", 1<<20) + " " + strings.Repeat("word ", 1<<18)
	var b bytes.Buffer
	w, _ := newLogWriter(&b, report.LogOptions{Subjects: map[string]string{r.New.Rev: subject}})
	if err := w.Step(r); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{{Path: "old", Tag: "1.0"}, {Path: "new", Tag: "p", Rev: r.New.Rev, Date: r.New.Date}}}); err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, b.Bytes())
	f := parseFeed(t, b.Bytes())
	if len(f.Items) != 1 {
		t.Fatalf("%d entries", len(f.Items))
	}
	content := f.Items[0].Content
	if len(content) > 3*2001+2000 || !strings.Contains(content, "nightly SSS") || !strings.Contains(content, "…") || !strings.Contains(content, " (from ") {
		t.Errorf("an entry of %d bytes for a subject of %d: %.300q", len(content), len(subject), content)
	}
}

// TestAtomLongTag: an entry's title and content wrote a snapshot's name
// whole, where Markdown and text bound a name (report.MaxWord): a pair of
// pages tagged with 10,000 characters (the loader takes them) made a
// feed of one entry of 31.6 KB, the tag three times. The title and the
// content keep the tag's first and last characters (its date) either
// side of "…"; the id keeps it whole, as it tells entries apart.
func TestAtomLongTag(t *testing.T) {
	tag := "t" + strings.Repeat("x", 10000) + "-2025-03-30"
	r := &diff.Report{
		Old:      diff.Side{Path: "old", Tag: "develop-2025-03-23"},
		New:      diff.Side{Path: "new", Tag: tag, Packages: 1},
		Summary:  diff.Summary{Packages: diff.PackageCounts{New: 1, Added: 1}, Specs: diff.Counts{New: 1, Added: 1}},
		Packages: []diff.Package{{Name: "p", Status: diff.Added, Versions: diff.VersionChange{New: []string{"1.0"}, Added: []string{"1.0"}, Direction: diff.Added}}},
	}
	r.Highlights = diff.News(r)
	var b bytes.Buffer
	if err := renderAtom(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, b.Bytes())
	f := parseFeed(t, b.Bytes())
	if len(f.Items) != 1 {
		t.Fatalf("%d entries", len(f.Items))
	}
	it := f.Items[0]
	if !strings.Contains(it.GUID, tag) {
		t.Errorf("the id %.80q… does not hold the tag whole", it.GUID)
	}
	cutTag := regexp.MustCompile(`x…[0-9a-f]{8}…x`) // its digest's digits between (report.CutLabel)
	for what, s := range map[string]string{"title": it.Title, "content": it.Content} {
		if strings.Contains(s, strings.Repeat("x", report.MaxWord)) || !cutTag.MatchString(s) || !strings.Contains(s, "-2025-03-30") {
			t.Errorf("%s of %d bytes: %.300q", what, len(s), s)
		}
	}
	if b.Len() > len(tag)+4000 {
		t.Errorf("a feed of %d bytes for a tag of %d", b.Len(), len(tag))
	}
}

// TestAtomLongName: an entry's content listed each highlight whole, and
// the title cuts each at 300 characters, where Markdown bounds a name
// at 200 (report.Shorten): a report whose package is named with 100,000
// characters made a feed of 201,665 bytes, the name twice. Each item of
// the content (a highlight, a warning) is bounded as Markdown bounds it.
func TestAtomLongName(t *testing.T) {
	name := "py-" + strings.Repeat("k", 100000)
	r := &diff.Report{
		Old:      diff.Side{Path: "old", Tag: "develop-2025-03-23"},
		New:      diff.Side{Path: "new", Tag: "develop-2025-03-30", Packages: 1},
		Summary:  diff.Summary{Packages: diff.PackageCounts{New: 1, Added: 1}, Specs: diff.Counts{New: 1, Added: 1}},
		Packages: []diff.Package{{Name: name, Status: diff.Added, Versions: diff.VersionChange{New: []string{"1.0"}, Added: []string{"1.0"}, Direction: diff.Added}}},
		Warnings: []snapshot.Warning{{File: "new/" + name + "/specs.md", Line: 3, Message: "meta says 2 specs of " + name}},
	}
	r.Highlights = diff.News(r)
	var b bytes.Buffer
	if err := renderAtom(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, b.Bytes())
	if b.Len() > 10000 {
		t.Errorf("a feed of %d bytes for a name of %d", b.Len(), len(name))
	}
	f := parseFeed(t, b.Bytes())
	if len(f.Items) != 1 || !strings.Contains(f.Items[0].Content, "new package py-kkk") || !strings.Contains(f.Items[0].Content, "kkk…") {
		t.Errorf("the content does not name the package, cut: %.300q", f.Items[0].Content)
	}
}
