package atom

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mmcdole/gofeed"
	"github.com/mmcdole/gofeed/atom"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// atomOf writes the feed of a series of snapshots with o.
func atomOf(t *testing.T, snaps []*snapshot.Snapshot, o report.LogOptions) []byte {
	t.Helper()
	return atomOfFiltered(t, snaps, diff.Filter{}, o)
}

// atomOfFiltered writes the feed of a series of snapshots compared under
// filter f.
func atomOfFiltered(t *testing.T, snaps []*snapshot.Snapshot, f diff.Filter, o report.LogOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := newLogWriter(&b, o)
	if err != nil {
		t.Fatal(err)
	}
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, f, func(_ int, r *diff.Report) error {
		return w.Step(r)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// parseFeed checks that data is well-formed XML (encoding/xml, strict)
// and reads it as a feed reader does (gofeed's universal parser, and
// its Atom parser for the feed's id, which the universal feed lacks).
func parseFeed(t *testing.T, data []byte) readFeed {
	t.Helper()
	checkWellFormed(t, data)
	f, err := gofeed.NewParser().ParseString(string(data))
	if err != nil {
		t.Fatalf("gofeed: %v\n%s", err, data)
	}
	if f.FeedType != "atom" || f.FeedVersion != "1.0" {
		t.Errorf("gofeed reads a %s %s feed, want atom 1.0", f.FeedType, f.FeedVersion)
	}
	a, err := (&atom.Parser{}).Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("gofeed/atom: %v", err)
	}
	return readFeed{f, a.ID}
}

// readFeed is a feed as gofeed read it, and its id.
type readFeed struct {
	*gofeed.Feed
	ID string
}

// checkWellFormed reads every token of data with encoding/xml's strict
// decoder: elements balanced, one root, no character XML 1.0 forbids.
func checkWellFormed(t *testing.T, data []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, data)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if tok.Name.Space != atomNS || tok.Name.Local != "feed" {
					t.Errorf("root element %v, want an Atom feed", tok.Name)
				}
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 || roots != 1 {
		t.Errorf("%d root elements, depth %d at the end", roots, depth)
	}
}

// TestAtomRealWeeks: the feed of the five real weeks is a valid Atom
// feed to a feed reader: an entry per step, newest first, with unique
// ids, the dates of the tags, the highlights as titles, and the feed's
// updated the newest entry's.
func TestAtomRealWeeks(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	f := parseFeed(t, atomOf(t, weeks, report.LogOptions{}))
	if f.ID != "urn:cachediff:log:../../testdata/real-series" {
		t.Errorf("feed id %q", f.ID)
	}
	if len(f.Items) != len(weeks)-1 {
		t.Fatalf("%d entries, want %d", len(f.Items), len(weeks)-1)
	}
	want := []struct{ id, updated, title string }{
		{"urn:cachediff:snapshot:develop-2025-03-16", "2025-03-16T00:00:00Z", "develop-2025-03-16: new package actsvg 0.4.51; cppcheck 2.9 → 2.17.1 (upgraded)"},
		{"urn:cachediff:snapshot:develop-2025-03-09", "2025-03-09T00:00:00Z", "develop-2025-03-09: Only rebuilds: 3 specs of 2 packages have new hashes; nothing added, removed or changed"},
		{"urn:cachediff:snapshot:develop-2025-03-02", "2025-03-02T00:00:00Z", "develop-2025-03-02: new package capstone 5.0.1; "},
		{"urn:cachediff:snapshot:develop-2025-02-23", "2025-02-23T00:00:00Z", "develop-2025-02-23: No news: "},
	}
	for i, it := range f.Items {
		if it.GUID != want[i].id || it.Updated != want[i].updated || !strings.HasPrefix(it.Title, want[i].title) {
			t.Errorf("entry %d: %q, %q, %q; want %q, %q, %q…", i, it.GUID, it.Updated, it.Title, want[i].id, want[i].updated, want[i].title)
		}
		if !strings.Contains(it.Content, "specs ") || it.Content == "" {
			t.Errorf("entry %d: content without counts: %q", i, it.Content)
		}
	}
	if f.Updated != "2025-03-16T00:00:00Z" {
		t.Errorf("feed updated %q, want the newest entry's", f.Updated)
	}
	// Every highlight is in its step's content, as NewsText words it
	// (HTML-escaped).
	s, err := diff.CompareSeries(len(weeks), func(i int) (*snapshot.Snapshot, error) { return weeks[i], nil }, diff.Filter{}, func(int, *diff.Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range s.Highlights {
		it := f.Items[len(f.Items)-h.Step]
		if li := "<li>" + html.EscapeString(feedText(report.NewsText(h, feedContentNames))) + "</li>"; !strings.Contains(it.Content, li) {
			t.Errorf("step %d: no %q in its content %q", h.Step, li, it.Content)
		}
	}
}

// TestAtomOneMoreStep: the feed made again after one more snapshot keeps
// every old entry as it was (id, date, title, content) and adds exactly
// one; under --max-entries the oldest goes.
func TestAtomOneMoreStep(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	before := parseFeed(t, atomOf(t, weeks[:len(weeks)-1], report.LogOptions{}))
	after := parseFeed(t, atomOf(t, weeks, report.LogOptions{}))
	if len(after.Items) != len(before.Items)+1 {
		t.Fatalf("%d entries after one more step, %d before", len(after.Items), len(before.Items))
	}
	for i, old := range before.Items {
		now := after.Items[i+1]
		if old.GUID != now.GUID || old.Updated != now.Updated || old.Title != now.Title || old.Content != now.Content {
			t.Errorf("entry %q changed: %+v\nnow %+v", old.GUID, old, now)
		}
	}
	if slices.ContainsFunc(before.Items, func(it *gofeed.Item) bool { return it.GUID == after.Items[0].GUID }) {
		t.Errorf("the new entry's id %q was in the feed before", after.Items[0].GUID)
	}
	if before.ID != after.ID {
		t.Errorf("feed id %q, then %q", before.ID, after.ID)
	}

	for _, m := range []int{1, 2, 4, 10} {
		cut := parseFeed(t, atomOf(t, weeks, report.LogOptions{Options: report.Options{Feed: report.FeedOptions{MaxEntries: m}}}))
		n := min(m, len(after.Items))
		if len(cut.Items) != n {
			t.Fatalf("--max-entries %d: %d entries", m, len(cut.Items))
		}
		for i, it := range cut.Items {
			if it.GUID != after.Items[i].GUID || it.Content != after.Items[i].Content {
				t.Errorf("--max-entries %d: entry %d is %q, want %q", m, i, it.GUID, after.Items[i].GUID)
			}
		}
		if cut.Updated != after.Updated {
			t.Errorf("--max-entries %d: updated %q, want %q", m, cut.Updated, after.Updated)
		}
	}
}

// TestAtomOptions: --feed-id names the feed (an http URL is its self
// link too), --link-base gives its alternate link, --title its title.
func TestAtomOptions(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)[:2]
	o := report.Options{Title: "Spack develop", LinkBase: "https://cache.spack.io/package/?name=",
		Feed: report.FeedOptions{ID: "https://example.org/catalogue/feed.xml"}}
	f := parseFeed(t, atomOf(t, weeks, report.LogOptions{Options: o}))
	if f.ID != o.Feed.ID || f.Title != o.Title || f.Link != "https://cache.spack.io/package/" || !slices.Equal(f.Links, []string{o.Feed.ID, "https://cache.spack.io/package/"}) {
		t.Errorf("feed id %q, title %q, link %q, links %q", f.ID, f.Title, f.Link, f.Links)
	}
	if f.FeedLink != o.Feed.ID {
		t.Errorf("self link %q, want %q", f.FeedLink, o.Feed.ID)
	}
	f = parseFeed(t, atomOf(t, weeks, report.LogOptions{Options: report.Options{Feed: report.FeedOptions{ID: "tag:example.org,2025:catalogue"}}}))
	if f.ID != "tag:example.org,2025:catalogue" || len(f.Links) != 0 {
		t.Errorf("feed id %q, links %q", f.ID, f.Links)
	}
}

// TestAtomIDs: an entry's id is its commit and path when read from git,
// else its tag; two steps of one tag take their paths.
func TestAtomIDs(t *testing.T) {
	steps := []atomStep{
		{step: 1, rev: "0123456789abcdef0123456789abcdef01234567", gitPath: "_cache/develop"},
		{step: 2, rev: "1123456789abcdef0123456789abcdef01234567", gitPath: "a b:c"},
		{step: 3, tag: "develop", path: "x/develop", changes: "0a"},
		{step: 4, tag: "develop", path: "y/develop", changes: "0b"},
		{step: 5, tag: "w", path: "w", changes: "0c"},
		{step: 6, tag: "w", path: "w", changes: "0c", repeat: true},
		{step: 7, tag: "z", path: "z", changes: "0d"},
	}
	want := []string{
		"urn:cachediff:commit:0123456789abcdef0123456789abcdef01234567:_cache/develop",
		"urn:cachediff:commit:1123456789abcdef0123456789abcdef01234567:a%20b%3Ac",
		"urn:cachediff:snapshot:x/develop:changes:0a",
		"urn:cachediff:snapshot:y/develop:changes:0b",
		"urn:cachediff:snapshot:w:changes:0c", // the first of its id keeps it bare
		"urn:cachediff:snapshot:w:changes:0c:step-6",
		"urn:cachediff:snapshot:z",
	}
	if got := entryIDs(steps, nil); !slices.Equal(got, want) {
		t.Errorf("entryIDs:\n%q\nwant\n%q", got, want)
	}
}

// TestAtomFilteredIDs: a feed made under a filter (--package, --stack,
// --ignore) says other things of a step than the whole catalogue's feed,
// so its entries and its default id are not theirs: an aggregator that
// reads both (RFC 4287: one id, one entry) keeps both. The filter is in
// the ids, the same on every run; the unfiltered ids stay as they were.
func TestAtomFilteredIDs(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)[:3]
	all := parseFeed(t, atomOf(t, weeks, report.LogOptions{}))
	seen := map[string]string{all.ID: "no filter"}
	for _, it := range all.Items {
		seen[it.GUID] = "no filter"
	}
	for _, f := range []diff.Filter{
		{Packages: []string{"py-*"}},
		{Packages: []string{"gcc"}},
		{Stacks: []string{"e4s"}},
		{Ignore: []string{"compiler"}},
		{Packages: []string{"gcc"}, Stacks: []string{"e4s"}},
	} {
		name := fmt.Sprintf("%+v", f)
		a := parseFeed(t, atomOfFiltered(t, weeks, f, report.LogOptions{}))
		b := parseFeed(t, atomOfFiltered(t, weeks, f, report.LogOptions{}))
		if len(a.Items) != len(all.Items) {
			t.Fatalf("%s: %d entries, want %d", name, len(a.Items), len(all.Items))
		}
		for i, it := range append([]*gofeed.Item{{GUID: a.ID}}, a.Items...) {
			if other, ok := seen[it.GUID]; ok {
				t.Errorf("%s: id %q is also the feed of %s", name, it.GUID, other)
			}
			seen[it.GUID] = name
			if want := append([]*gofeed.Item{{GUID: b.ID}}, b.Items...)[i].GUID; it.GUID != want {
				t.Errorf("%s: id %q, then %q", name, it.GUID, want)
			}
		}
	}
}

// TestAtomDates: a commit's date in UTC, else the last date of the tag,
// else the epoch: never the clock.
func TestAtomDates(t *testing.T) {
	for _, c := range []struct{ date, tag, want string }{
		{"2025-03-16T13:00:00+01:00", "develop-2025-01-01", "2025-03-16T12:00:00Z"},
		{"", "develop-2025-03-16", "2025-03-16T00:00:00Z"},
		{"", "2024-01-02-develop-2025-03-16", "2025-03-16T00:00:00Z"},
		{"", "develop-2025-02-30", feedEpoch},
		{"", "develop", feedEpoch},
	} {
		if got := entryDate(diff.Side{Date: c.date, Tag: c.tag}); got != c.want {
			t.Errorf("entryDate(%q, %q) = %q, want %q", c.date, c.tag, got, c.want)
		}
	}
}

// hostileFeedName is a package name and a commit subject that try to
// end the document, inject markup into the HTML content, and carry
// characters XML 1.0 forbids.
const hostileFeedName = "evil</title></content><script>alert(1)</script>]]><![CDATA[&amp;\x00\x01\x1b[2J\u202e\ufffe<b>"

// TestAtomHostile: a hostile package name, version, tag and commit
// subject stay text: the feed is well-formed, gofeed reads the title as
// the name made visible (feedText), and the content's HTML holds no
// element but the feed's own.
func TestAtomHostile(t *testing.T) {
	evil := hostileFeedName
	r := &diff.Report{
		Old:     diff.Side{Path: "old", Tag: evil},
		New:     diff.Side{Path: "new/" + evil, Tag: evil, Rev: "0123456789abcdef0123456789abcdef01234567", Date: "2025-03-16T12:00:00Z", Packages: 2},
		Summary: diff.Summary{Packages: diff.PackageCounts{New: 2, Added: 2}, Specs: diff.Counts{New: 2, Added: 2}},
		Packages: []diff.Package{
			{Name: evil, Status: diff.Added, Versions: diff.VersionChange{New: []string{evil}, Added: []string{evil}, Direction: diff.Added}},
			{Name: "z" + evil, Status: diff.Added, Versions: diff.VersionChange{New: []string{"1"}, Added: []string{"1"}, Direction: diff.Added}},
		},
	}
	r.Highlights = diff.News(r)
	if len(r.Highlights) != 2 {
		t.Fatalf("%d highlights", len(r.Highlights))
	}
	var b bytes.Buffer
	w, _ := newLogWriter(&b, report.LogOptions{Subjects: map[string]string{r.New.Rev: evil}, Options: report.Options{Title: evil}})
	if err := w.Step(r); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{{Path: "old", Tag: evil}, {Path: r.New.Path, Tag: evil, Rev: r.New.Rev, Date: r.New.Date}}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	f := parseFeed(t, b.Bytes())
	for _, bad := range []string{"<script", "\x00", "\x1b", "\u202e", "\ufffe", "\ufffd", "]]><![CDATA["} {
		if strings.Contains(out, bad) {
			t.Errorf("the feed holds %q", bad)
		}
	}
	if f.Title != feedText(evil) {
		t.Errorf("feed title %q, want %q", f.Title, feedText(evil))
	}
	it := f.Items[0]
	if want := feedText(report.SideLabel(r.New) + ": " + report.NewsText(r.Highlights[0], 3) + "; …and 1 more"); it.Title != want {
		t.Errorf("title %q\nwant %q", it.Title, want)
	}
	// The content is HTML: as XML in a <div>, its elements are the feed's
	// own, and its text holds the name made visible.
	d := xml.NewDecoder(strings.NewReader("<div>" + it.Content + "</div>"))
	var text strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("content: %v\n%s", err, it.Content)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if !slices.Contains([]string{"div", "p", "b", "ul", "li"}, tok.Name.Local) || len(tok.Attr) > 0 {
				t.Errorf("content: element %v %v", tok.Name.Local, tok.Attr)
			}
		case xml.CharData:
			text.Write(tok)
		}
	}
	// The name and the version quoted: each holds ";" (of "&amp;"), which
	// joins a title's highlights (report.NamesQuoted), its control
	// characters escaped once, by the feed (report.Quote).
	for _, want := range []string{"new package " + feedText(report.Quote(evil)) + " " + feedText(report.Quote(evil)), feedText(evil) + " (from "} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("content text %q\nlacks %q", text.String(), want)
		}
	}
}

// TestAtomManyHighlights: an entry's content lists the first
// feedContentItems highlights and counts the rest; its title, those that
// fit.
func TestAtomManyHighlights(t *testing.T) {
	r := &diff.Report{New: diff.Side{Path: "new", Tag: "develop-2025-03-16"}, Old: diff.Side{Path: "old", Tag: "develop-2025-03-09"}}
	for i := range feedContentItems + 5 {
		name := fmt.Sprintf("pkg-%04d", i)
		r.Packages = append(r.Packages, diff.Package{Name: name, Status: diff.Added, Versions: diff.VersionChange{New: []string{"1"}, Added: []string{"1"}, Direction: diff.Added}})
	}
	r.Summary.Packages.Added = len(r.Packages)
	r.Highlights = diff.News(r)
	var b bytes.Buffer
	it := wantFirstItems(t, &b, r)
	// A name of 10,000 characters: the title holds its first
	// feedTitleMax-8 characters and the mark of the cut.
	r.Packages[0].Name = "a" + strings.Repeat("x", 9999)
	r.Highlights = diff.News(r)
	b.Reset()
	if err := renderAtom(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	long := parseFeed(t, b.Bytes()).Items[0]
	if want := "develop-2025-03-16: " + report.CutEnd("new package "+r.Packages[0].Name+" 1", feedTitleMax) + "; …and 104 more"; long.Title != want {
		t.Errorf("title of %d characters %q…, want %d", len(long.Title), long.Title[:80], len(want))
	}
	if !strings.HasPrefix(it.Title, "develop-2025-03-16: new package pkg-0000 1; new package pkg-0001 1; ") || !strings.HasSuffix(it.Title, " more") || len(it.Title) > feedTitleNews+60 {
		t.Errorf("title %q", it.Title)
	}
}

// TestAtomPair: a pair's report is a feed of one entry; a log of no
// step is a feed of none, dated by its snapshot.
func TestAtomPair(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	r, err := diff.CompareWith(weeks[3], weeks[4], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	feed := renderFeed(t, r)
	if len(feed.Items) != 1 || feed.Items[0].GUID != "urn:cachediff:snapshot:develop-2025-03-16" {
		t.Errorf("%d entries: %+v", len(feed.Items), feed.Items)
	}

	var b bytes.Buffer
	w, _ := newLogWriter(&b, report.LogOptions{})
	if err := w.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{{Path: "x:_cache/develop", Rev: "abc", Date: "2025-03-16T12:00:00+01:00"}},
		Revs: &diff.Revs{Range: "main", Path: "_cache/develop"}}); err != nil {
		t.Fatal(err)
	}
	feed = parseFeed(t, b.Bytes())
	if len(feed.Items) != 0 || feed.Updated != "2025-03-16T11:00:00Z" || feed.ID != "urn:cachediff:log:_cache/develop" {
		t.Errorf("no step: %d entries, updated %q, id %q", len(feed.Items), feed.Updated, feed.ID)
	}
	if _, err := time.Parse(time.RFC3339, feed.Updated); err != nil {
		t.Error(err)
	}
}

// FuzzAtomText: whatever a package name, a version and a commit subject
// hold (invalid UTF-8, control characters, markup, "]]>"), the feed is
// well-formed XML that gofeed reads; the entry's content holds no element
// but the feed's own, and its title is the name made visible.
func FuzzAtomText(f *testing.F) {
	cutMarkAtEnd := regexp.MustCompile(`…[0-9a-f]{8,}$`)
	for _, s := range []string{hostileFeedName, "", "a", "\xff\xfe", "]]>", "&#0;", "\ufffe\uffff", "<![CDATA[", "\r\n\t", strings.Repeat("é", 400)} {
		f.Add(s, s, s)
	}
	f.Fuzz(func(t *testing.T, name, version, subject string) {
		if name == "" {
			name = "x"
		}
		r := &diff.Report{
			Old:      diff.Side{Path: "old", Tag: version},
			New:      diff.Side{Path: "new", Tag: name, Rev: "0123456789abcdef0123456789abcdef01234567", Date: "2025-03-16T12:00:00Z", Packages: 1},
			Summary:  diff.Summary{Packages: diff.PackageCounts{New: 1, Added: 1}, Specs: diff.Counts{New: 1, Added: 1}},
			Packages: []diff.Package{{Name: name, Status: diff.Added, Versions: diff.VersionChange{New: []string{version}, Added: []string{version}, Direction: diff.Added}}},
		}
		r.Highlights = diff.News(r)
		var b bytes.Buffer
		w, _ := newLogWriter(&b, report.LogOptions{Subjects: map[string]string{r.New.Rev: subject}, Options: report.Options{Title: subject}})
		if err := w.Step(r); err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{{Path: "old", Tag: version}, {Path: "new", Tag: name, Rev: r.New.Rev, Date: r.New.Date}}}); err != nil {
			t.Fatal(err)
		}
		f := parseFeed(t, b.Bytes())
		if len(f.Items) != 1 {
			t.Fatalf("%d entries", len(f.Items))
		}
		it := f.Items[0]
		if want := feedText(report.SideLabel(r.New) + ": " + report.NewsText(r.Highlights[0], 3)); !strings.HasPrefix(want, cutMarkAtEnd.ReplaceAllString(it.Title, "")) {
			t.Errorf("title %q, want %q", it.Title, want)
		}
		d := xml.NewDecoder(strings.NewReader("<div>" + it.Content + "</div>"))
		for {
			tok, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("content: %v\n%q", err, it.Content)
			}
			if tok, ok := tok.(xml.StartElement); ok && (!slices.Contains([]string{"div", "p", "b", "ul", "li"}, tok.Name.Local) || len(tok.Attr) > 0) {
				t.Errorf("content: element %s", tok.Name.Local)
			}
		}
	})
}

// newLogWriter is Format.Log, as report.NewLogWriter returns it.
func newLogWriter(w io.Writer, o report.LogOptions) (report.LogWriter, error) {
	return newLogAtom(w, o), nil
}

// TestAtomSharedTagWindow: snapshots of one tag in other folders (nightly
// copies of _cache/develop, each tagged develop) take their paths as ids,
// whatever --max-entries keeps: a window that leaves out the other
// snapshots of the tag does not turn a kept entry's id into the bare tag,
// which every night's newest entry would then share.
func TestAtomSharedTagWindow(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)[:3]
	snaps := make([]*snapshot.Snapshot, len(weeks))
	for i, w := range weeks {
		c := *w
		c.Tag, c.Path = "develop", fmt.Sprintf("night-%d/develop", i)
		snaps[i] = &c
	}
	all := parseFeed(t, atomOf(t, snaps, report.LogOptions{}))
	if len(all.Items) != 2 || !strings.HasPrefix(all.Items[0].GUID, "urn:cachediff:snapshot:night-2/develop:changes:") || !strings.HasPrefix(all.Items[1].GUID, "urn:cachediff:snapshot:night-1/develop:changes:") {
		t.Fatalf("entries %q", []string{all.Items[0].GUID, all.Items[1].GUID})
	}
	cut := parseFeed(t, atomOf(t, snaps, report.LogOptions{Options: report.Options{Feed: report.FeedOptions{MaxEntries: 1}}}))
	if len(cut.Items) != 1 || cut.Items[0].GUID != all.Items[0].GUID {
		t.Errorf("--max-entries 1: entry %q, want %q", cut.Items[0].GUID, all.Items[0].GUID)
	}
	pair := parseFeed(t, atomOf(t, snaps[:2], report.LogOptions{}))
	if len(pair.Items) != 1 || pair.Items[0].GUID != all.Items[1].GUID {
		t.Errorf("two snapshots of one tag: entry %q, want %q", pair.Items[0].GUID, all.Items[1].GUID)
	}
}

// TestAtomRecurringPair: a nightly job that compares yesterday's copy of
// _cache/develop with today's names the same two folders every night, of
// one tag. Each night's entry has an id of its own, which a feed reader
// keeps beside the others (it kept one entry of them all, the ids being
// the folders' path); the same two snapshots give the same id, in a run
// and from its JSON.
func TestAtomRecurringPair(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	night := func(old, cur *snapshot.Snapshot) string {
		pair := make([]*snapshot.Snapshot, 2)
		for i, w := range []*snapshot.Snapshot{old, cur} {
			c := *w
			c.Tag, c.Path = "develop", []string{"yesterday/_cache/develop", "_cache/develop"}[i]
			pair[i] = &c
		}
		f := parseFeed(t, atomOf(t, pair, report.LogOptions{}))
		if len(f.Items) != 1 {
			t.Fatalf("%d entries", len(f.Items))
		}
		return f.Items[0].GUID
	}
	ids := map[string]int{}
	for i := 1; i < len(weeks); i++ {
		id := night(weeks[i-1], weeks[i])
		if !strings.HasPrefix(id, "urn:cachediff:snapshot:_cache/develop:changes:") {
			t.Errorf("night %d: id %q", i, id)
		}
		if j, ok := ids[id]; ok {
			t.Errorf("nights %d and %d: both %q", j, i, id)
		}
		ids[id] = i
	}
	if a, b := night(weeks[0], weeks[1]), night(weeks[0], weeks[1]); a != b {
		t.Errorf("one night twice: %q, then %q", a, b)
	}
	r, err := diff.CompareWith(weeks[0], weeks[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := jsonv1.JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	back, err := jsonv1.DecodeBytes(js.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if a, b := changesID(r), changesID(back); a != b {
		t.Errorf("changesID %q, from the report's JSON %q", a, b)
	}
}

// TestAtomWarnings: an entry's content lists its report's warnings, made
// visible and escaped, as every other format does: a lockfile's records
// that no root reaches, left out with a warning, said nothing in a feed.
func TestAtomWarnings(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	r, err := diff.CompareWith(weeks[3], weeks[4], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	r.Warnings = []snapshot.Warning{{File: "new/spack.lock", Line: 42, Message: "2 records that no root reaches are left out (b@1.0, <d>@1.0)\n::error::x"}}
	feed := oneEntryFeed(t, r)
	want := `<p>1 warning:</p><ul><li>new/spack.lock:42: 2 records that no root reaches are left out (b@1.0, &lt;d&gt;@1.0)\n::error::x</li></ul>`
	if c := feed.Items[0].Content; !strings.Contains(c, want) {
		t.Errorf("content lacks %q:\n%s", want, c)
	}
}

// A step without changes says so once in its entry's content: it said
// "No changes" as its quiet news and again as its counts.
func TestAtomNoChangesOnce(t *testing.T) {
	snap := func(path, version string) *snapshot.Snapshot {
		return &snapshot.Snapshot{Path: path, Tag: "develop", Packages: []*snapshot.Package{{Name: "zlib",
			Specs: []snapshot.Spec{{Hash: "abcdefghijklmnopqrstuvwxyz234567", Versions: []string{version}, Compiler: "gcc@13.2.0", OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3"}}}}}
	}
	// The same hash with another version: no change, but the snapshots
	// differ (report.UnchangedBut).
	for _, version := range []string{"1.3.1", "1.3.2"} {
		feed := parseFeed(t, atomOf(t, []*snapshot.Snapshot{snap("old", "1.3.1"), snap("new", version)}, report.LogOptions{}))
		if len(feed.Items) != 1 {
			t.Fatalf("%d entries", len(feed.Items))
		}
		c := feed.Items[0].Content
		if n := strings.Count(c, "No changes"); n != 1 {
			t.Errorf("version %s: %q says No changes %d times, want once", version, c, n)
		}
		if conflict := version != "1.3.1"; conflict != strings.Contains(c, "other facets") {
			t.Errorf("version %s: %q", version, c)
		}
	}
}

// TestAtomDatesFourDigitYears: a date whose UTC is past year 9999 or
// before year 0 (a commit of 9999-12-31T23:00:00-02:00, a saved report's
// date) is written with its own offset: in UTC it has no RFC 3339 form
// (10000-01-01T01:00:00Z), which feed readers refuse, and the feed's
// <updated>, which could not read it back, fell to the epoch.
func TestAtomDatesFourDigitYears(t *testing.T) {
	for _, date := range []string{"9999-12-31T23:00:00-02:00", "0000-01-01T00:30:00+01:00"} {
		want, _ := time.Parse(time.RFC3339, date)
		got := entryDate(diff.Side{Date: date})
		if g, err := time.Parse(time.RFC3339, got); err != nil || !g.Equal(want) {
			t.Errorf("entryDate(%q) = %q, not an RFC 3339 date of the same instant (%v)", date, got, err)
		}
		var b bytes.Buffer
		w, _ := newLogWriter(&b, report.LogOptions{})
		r := &diff.Report{Old: diff.Side{Path: "old"}, New: diff.Side{Path: "new", Date: date}}
		if err := w.Step(r); err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{{Path: "old"}, {Path: "new", Date: date}}}); err != nil {
			t.Fatal(err)
		}
		feed := parseFeed(t, b.Bytes())
		if g, err := time.Parse(time.RFC3339, feed.Updated); err != nil || !g.Equal(want) {
			t.Errorf("%s: the feed's updated is %q, want that date (%v)", date, feed.Updated, err)
		}
	}
}

// TestAtomIDPathSpelling: the entry of a snapshot named by its folder
// (two snapshots of one tag, the nightly job's yesterday and today) has
// one id however the folder is spelled (new/develop, new/develop/,
// ./new/develop, and new\develop where a backslash is a slash): the
// feed's id already was the same, and a re-run spelled otherwise gave a
// feed reader a second entry of the same night. On Unix new\develop is
// another folder (TestDiskPathBackslashApart).
func TestAtomIDPathSpelling(t *testing.T) {
	var want string
	for _, p := range []string{"new/develop", "new/develop/", "./new/develop", "new//develop", filepath.FromSlash("new/develop")} {
		r := &diff.Report{Old: diff.Side{Path: "old/develop", Tag: "develop"}, New: diff.Side{Path: p, Tag: "develop"},
			Packages: []diff.Package{{Name: "zlib", Status: "added"}}}
		feed := oneEntryFeed(t, r)
		if want == "" {
			want = feed.Items[0].GUID
		}
		if got := feed.Items[0].GUID; got != want {
			t.Errorf("new snapshot %q: entry id %q, want %q (that of new/develop)", p, got, want)
		}
	}
}

// TestAtomRepeatedStepIDs: a log that names the same folders again
// (A B A B, then A B A B A the next night) has steps of one path and one
// change set, told apart by ":step-N". Only a repeat is: made again after
// one more step, or under --max-entries, no entry changes its id (step 2
// was ...:changes:HEX, then ...:changes:HEX:step-2 once step 4 repeated
// it, a second entry in a feed reader).
func TestAtomRepeatedStepIDs(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	a, b := weeks[0], weeks[1]
	ids := func(snaps []*snapshot.Snapshot, maxEntries int) map[int]string {
		f := parseFeed(t, atomOf(t, snaps, report.LogOptions{Options: report.Options{Feed: report.FeedOptions{MaxEntries: maxEntries}}}))
		out := map[int]string{}
		seen := map[string]bool{}
		for i, it := range f.Items { // newest first
			if seen[it.GUID] {
				t.Errorf("entry id %q twice", it.GUID)
			}
			seen[it.GUID] = true
			out[len(snaps)-1-i] = it.GUID
		}
		return out
	}
	four := ids([]*snapshot.Snapshot{a, b, a, b}, 0)
	five := ids([]*snapshot.Snapshot{a, b, a, b, a}, 0)
	window := ids([]*snapshot.Snapshot{a, b, a, b, a}, 2)
	for step, id := range four {
		if five[step] != id {
			t.Errorf("step %d: entry id %q, then %q after one more step", step, id, five[step])
		}
	}
	for step, id := range window {
		if five[step] != id {
			t.Errorf("--max-entries 2: step %d's entry id %q, want %q (the whole feed's)", step, id, five[step])
		}
	}
}

// TestAtomIDURLKept: a mirror named by its URL (tagless, file:// or
// https://) keeps the entry id the previous release gave it: cleanPath,
// meant for folders, made file:///srv/m file:/srv/m and
// https://host/m https:/host/m, a new id for every entry of a feed
// already read (a feed reader shows each night twice), and no URL.
func TestAtomIDURLKept(t *testing.T) {
	for p, want := range map[string]string{
		"file:///srv/mirror":           "urn:cachediff:snapshot:file%3A///srv/mirror",
		"https://mirror.example/dev/":  "urn:cachediff:snapshot:https%3A//mirror.example/dev/",
		"HTTP://mirror.example//a/./b": "urn:cachediff:snapshot:HTTP%3A//mirror.example//a/./b",
		"./new/m/":                     "urn:cachediff:snapshot:new/m",
	} {
		feed := feedOfNew(t, p)
		if len(feed.Items) != 1 || feed.Items[0].GUID != want {
			t.Errorf("new snapshot %q: entry id %q, want %q", p, feed.Items[0].GUID, want)
		}
	}
}

// TestAtomUntaggedRepeatWindow: a log naming an untagged snapshot (a
// mirror, an index.json) again, m1 m2 m1 m2, gave step 3 the id
// ...snapshot:m2:changes:HEX:step-3 in the whole feed but
// ...snapshot:m2:step-3 under --max-entries 2 (which left out step 1,
// the other m2), so a nightly feed whose window slid gave a feed reader
// the entry again: the folders a log names twice count over the series,
// as a tag two snapshots share does.
func TestAtomUntaggedRepeatWindow(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)[:2]
	var snaps []*snapshot.Snapshot
	for i := range 4 {
		c := *weeks[i%2]
		c.Tag, c.Path = "", []string{"m1", "./m2/"}[i%2]
		snaps = append(snaps, &c)
	}
	all := parseFeed(t, atomOf(t, snaps, report.LogOptions{}))
	if len(all.Items) != 3 {
		t.Fatalf("%d entries", len(all.Items))
	}
	for m := 1; m <= 3; m++ {
		cut := parseFeed(t, atomOf(t, snaps, report.LogOptions{Options: report.Options{Feed: report.FeedOptions{MaxEntries: m}}}))
		for i, it := range cut.Items {
			if it.GUID != all.Items[i].GUID {
				t.Errorf("--max-entries %d: entry %d is %q, %q in the whole feed", m, i, it.GUID, all.Items[i].GUID)
			}
		}
	}
}

// TestAtomFeedSubjectURL: a feed of mirrors named by their URLs is
// about the URL they are under, as a feed of folders is about the folder
// they are in; path.Dir cleaned the URL as a path, so the title of a
// feed of https://mirror.example/dev/develop said "changes to
// https:/mirror.example/dev" (and file:///srv/mirrors/develop
// "file:/srv/mirrors"), no URL, and the feed's id named it so.
func TestAtomFeedSubjectURL(t *testing.T) {
	for p, want := range map[string]string{
		"https://mirror.example/dev/develop":  "https://mirror.example/dev",
		"https://mirror.example/dev/develop/": "https://mirror.example/dev",
		"https://user@mirror.example/m":       "https://user@mirror.example",
		"https://mirror.example":              "https://mirror.example",
		"file:///srv/mirrors/develop":         "file:///srv/mirrors",
		"file:///srv":                         "file:///srv",
		"./new/develop/":                      "new",
	} {
		feed := feedOfNew(t, p)
		if feed.Title != "cachediff: changes to "+want || feed.ID != "urn:cachediff:log:"+escapeURN(want) {
			t.Errorf("new snapshot %q: feed %q titled %q; want it about %q", p, feed.ID, feed.Title, want)
		}
	}
}

// feedOfNew is the feed of a report from snapshot old to snapshot p that
// adds zlib.
func feedOfNew(t *testing.T, p string) readFeed {
	t.Helper()
	return renderFeed(t, &diff.Report{Old: diff.Side{Path: "old"}, New: diff.Side{Path: p},
		Packages: []diff.Package{{Name: "zlib", Status: "added"}}})
}

// renderFeed is the feed of report r, parsed.
func renderFeed(t *testing.T, r *diff.Report) readFeed {
	t.Helper()
	var b bytes.Buffer
	if err := Format.Render(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	return parseFeed(t, b.Bytes())
}

// oneEntryFeed is renderFeed, which must hold one entry.
func oneEntryFeed(t *testing.T, r *diff.Report) readFeed {
	t.Helper()
	feed := renderFeed(t, r)
	if len(feed.Items) != 1 {
		t.Fatalf("%d entries, want 1", len(feed.Items))
	}
	return feed
}

// TestAtomManySkipped: an entry's content names the first
// feedContentItems pages skipped under --skip-invalid, of both sides
// together, and counts the rest, as it lists highlights (dfb2f798).
func TestAtomManySkipped(t *testing.T) {
	r := &diff.Report{New: diff.Side{Path: "new", Tag: "develop-2025-03-16"}, Old: diff.Side{Path: "old", Tag: "develop-2025-03-09"}}
	for i := range feedContentItems + 5 {
		side := &r.Old
		if i%2 == 1 {
			side = &r.New
		}
		side.Skipped = append(side.Skipped, snapshot.Skipped{File: fmt.Sprintf("p%04d.json", i), Reason: "bad"})
	}
	wantFirstItems(t, new(bytes.Buffer), r)
}

// wantFirstItems renders r to b, of feedContentItems+5 items, and wants
// its first entry, returned, to list feedContentItems of them and count
// the 5 more.
func wantFirstItems(t *testing.T, b *bytes.Buffer, r *diff.Report) *gofeed.Item {
	t.Helper()
	if err := renderAtom(b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	it := parseFeed(t, b.Bytes()).Items[0]
	if n := strings.Count(it.Content, "<li>"); n != feedContentItems+1 || !strings.Contains(it.Content, "<li>…and 5 more</li>") {
		t.Errorf("%d items in the content:\n%s", n, it.Content)
	}
	return it
}

// TestEntryTitleCutsApart: a highlight past feedTitleMax characters is
// cut in an entry's title with the mark of its digest (report.CutEnd),
// feedTitleMax+1 characters: cut at feedTitleMax and "…", the entries
// of two names that differ past the cut were titled alike, and one cut
// before an escape that did not fit read as a highlight left whole
// that ends with "…".
func TestEntryTitleCutsApart(t *testing.T) {
	title := func(name string) string {
		r := &diff.Report{New: diff.Side{Path: "new", Tag: "b"}, Old: diff.Side{Path: "old", Tag: "a"}}
		r.Packages = []diff.Package{{Name: name, Status: diff.Added, Versions: diff.VersionChange{New: []string{"1"}, Added: []string{"1"}, Direction: diff.Added}}}
		r.Summary.Packages.Added = 1
		r.Highlights = diff.News(r)
		var b bytes.Buffer
		if err := renderAtom(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		return strings.TrimPrefix(parseFeed(t, b.Bytes()).Items[0].Title, "b: ")
	}
	long := strings.Repeat("x", 400)
	x, y := title(long+"1"), title(long+"2")
	if x == y {
		t.Errorf("names that differ at their 401st character: one title %q", x)
	}
	// "new package " is 12 characters: an escape "\u202e" from the
	// 290th (inside the 292 a cut keeps) and from the 297th (inside the
	// 300 cut before).
	early := title(strings.Repeat("y", 277) + "\u202e" + long)
	late := title(strings.Repeat("y", 284) + "\u202e" + long)
	for _, s := range []string{x, y, early, late} {
		if n := utf8.RuneCountInString(s); n != feedTitleMax+1 {
			t.Errorf("title of %d characters, want %d: %q", n, feedTitleMax+1, s)
		}
		if i := strings.IndexByte(s, '\\'); i >= 0 && !strings.HasPrefix(s[i:], `\u202e`) {
			t.Errorf("title %q: an escape cut", s)
		}
	}
}
