// Package atom is the atom output format: an Atom feed (RFC 4287) of one
// entry for a report, of an entry per step for a log. Format is its entry
// in report/builtin.
package atom

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"html"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/revpath"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// The Atom feed of a log (RFC 4287; cachediff log --format atom, and
// render of a saved log): one entry per step, newest first, whose title
// and content are the step's highlights in NewsText's words, so that a
// feed reader follows the catalogue's news as a changelog. A pair's
// report is a feed of one entry.
//
// The feed is deterministic: nothing in it comes from the clock. An
// entry's id and date come from the step's new snapshot (entryIDs,
// entryDate), so that a feed made again after one more step keeps every
// old entry's id and date and adds one entry.
//
// Every text from the input (package names, versions, tags, paths,
// commit subjects) is first made visible text (feedText: control and
// invisible characters as Go escapes, so none that XML 1.0 forbids),
// then HTML-escaped where it goes into the HTML content, then
// XML-escaped by encoding/xml: a name cannot end an element, add markup
// to the content, or break the document.

// atomNS is the namespace of an Atom document.
const atomNS = "http://www.w3.org/2005/Atom"

// feedEpoch is the date of a step whose snapshot has no date (not read
// from git, no date in its tag): fixed, never the clock, so that the
// feed is the same on every run.
const feedEpoch = "1970-01-01T00:00:00Z"

// feedTitleNews is about the most characters of highlights an entry's
// title holds: the items that fit, then "…and N more". The first item is
// whole up to feedTitleMax characters (a name can be 10,000), then cut
// with the mark of its digest (report.CutEnd).
const (
	feedTitleNews = 160
	feedTitleMax  = 300
)

// feedContentNames is how many packages an item of an entry's content
// names before it counts the rest (NewsText's maxNames).
const feedContentNames = 10

// feedContentItems is how many highlights an entry's content lists
// before it counts the rest: a night that adds a whole catalogue is one
// entry of a few kilobytes, not of hundreds (JSON and Markdown have
// them all).
const feedContentItems = 100

type atomFeed struct {
	XMLName   xml.Name      `xml:"feed"`
	NS        string        `xml:"xmlns,attr"`
	ID        string        `xml:"id"`
	Title     atomText      `xml:"title"`
	Updated   string        `xml:"updated"`
	Links     []atomLink    `xml:"link"`
	Author    atomPerson    `xml:"author"`
	Generator atomGenerator `xml:"generator"`
	Entries   []atomEntry   `xml:"entry"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Body string `xml:",chardata"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomPerson struct {
	Name string `xml:"name"`
}

type atomGenerator struct {
	URI  string `xml:"uri,attr"`
	Name string `xml:",chardata"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

type atomEntry struct {
	ID         string         `xml:"id"`
	Title      atomText       `xml:"title"`
	Updated    string         `xml:"updated"`
	Categories []atomCategory `xml:"category"`
	Content    atomText       `xml:"content"`
}

// atomStep is what the feed keeps of a step until Finish: its entry but
// for the id, which needs the series (two snapshots of one tag).
type atomStep struct {
	step         int    // 1 for the first step of the series
	rev, gitPath string // the new snapshot's commit and path in it
	// from is the old snapshot's commit and path in it, for a pair of
	// git sides of other paths (fromID), else "": its id names both.
	from      string
	tag, path string
	filter    string // filterID of the step's report
	changes   string // changesID of the step's report, for a step not read from git
	// repeat says an earlier step of the log (kept or not) has the same
	// commit and path, or folder and changes: its id adds ":step-N".
	repeat bool
	entry  atomEntry
	// whole is the entry's content with every warning of its report,
	// when entry leaves out those the step before listed (StepWarnings):
	// the content of the feed's first entry once the step before is no
	// longer in the feed (--max-entries), so that they stay in it.
	whole string
}

func (s *atomStep) bytes() int64 {
	n := len(s.rev) + len(s.gitPath) + len(s.from) + len(s.tag) + len(s.path) + len(s.filter) + len(s.changes) + len(s.entry.Title.Body) + len(s.entry.Content.Body) + len(s.entry.Updated) + len(s.whole)
	for _, c := range s.entry.Categories {
		n += len(c.Term) + 16
	}
	return int64(n)
}

// logAtom writes the feed at Finish, newest step first; it keeps each
// step's entry (a few hundred bytes of highlights, not the report), and
// under --max-entries N only the newest N.
type logAtom struct {
	// warns lists each snapshot's warnings once, under the first step
	// that reads it.
	warns report.StepWarnings
	w     io.Writer
	o     report.LogOptions
	steps []atomStep
	n     int // steps seen
	kept  int64
	// keys are what the steps so far share with a repeat of theirs
	// (Step), to find one.
	keys map[string]bool
}

func newLogAtom(w io.Writer, o report.LogOptions) report.LogWriter { return &logAtom{w: w, o: o} }

func (l *logAtom) Kept() int64 { return l.kept }

func (l *logAtom) Close() error { return nil }

func (l *logAtom) Step(r *diff.Report) error {
	whole := r
	r = l.warns.Step(r)
	l.n++
	s := atomStep{step: l.n, rev: r.New.Rev, tag: r.New.Tag, path: r.New.Path, filter: filterID(r.Options), entry: stepEntry(r, l.o.Subjects[r.New.Rev])}
	if r != whole {
		s.whole = stepEntry(whole, l.o.Subjects[r.New.Rev]).Content.Body
	}
	if s.rev != "" {
		s.gitPath = gitPathOf(r.New.Path)
		s.from = fromID(r)
	} else {
		s.changes = changesID(r)
		s.path = entryPath(s.path)
	}
	// What two steps of one id share: a commit and its path, or a folder
	// and what the step changed.
	key := s.rev + ":" + s.gitPath + ":" + s.path + ":" + s.changes + ":" + s.from
	if l.keys == nil {
		l.keys = map[string]bool{}
	}
	s.repeat = l.keys[key]
	l.keys[key] = true
	l.kept += int64(len(key)) + 48 // counted for every step: at most what the map holds
	l.steps = append(l.steps, s)
	l.kept += s.bytes()
	if m := l.o.Feed.MaxEntries; m > 0 && len(l.steps) > m {
		l.kept -= l.steps[0].bytes()
		l.steps = slices.Delete(l.steps, 0, 1)
		// The entry that listed the first one's old snapshot's warnings
		// has left the feed: the first one lists them.
		if f := &l.steps[0]; f.whole != "" {
			l.kept -= int64(len(f.entry.Content.Body))
			f.entry.Content.Body, f.whole = f.whole, ""
		}
	}
	return nil
}

func (l *logAtom) Finish(s *diff.Series) error {
	return writeFeed(l.w, l.o.Options, s, l.steps)
}

// renderAtom writes a pair's report as a feed of one entry.
func renderAtom(w io.Writer, r *diff.Report, o report.Options) error {
	l := &logAtom{w: w, o: report.LogOptions{Options: o}}
	if err := l.Step(r); err != nil {
		return err
	}
	snap := func(s diff.Side) diff.SnapshotInfo {
		return diff.SnapshotInfo{Path: s.Path, Tag: s.Tag, Rev: s.Rev, Date: s.Date}
	}
	return l.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{snap(r.Old), snap(r.New)}})
}

// writeFeed writes the feed of steps (oldest first) of series s.
func writeFeed(w io.Writer, o report.Options, s *diff.Series, steps []atomStep) error {
	subject := feedSubject(s)
	id := DefaultFeedID(s)
	if len(steps) > 0 {
		id += steps[0].filter
	}
	// The subject quoted as a file is (report.FileCell): in ASCII where
	// it holds a lookalike, where the feeds of the folders s1 and ѕ1
	// (its ѕ U+0455) were titled alike, as the labels of their entries
	// are not; where it begins or ends with a space, or with a quote.
	// Cut as an entry's label is (feedLabel): a folder of 16 KB titled
	// its feed with all of it, 49 KB quoted in ASCII on one line, where
	// every entry names its snapshots in 200 characters at most. The id
	// keeps the subject whole: it tells feeds apart.
	title := o.Title
	if title == "" {
		title = "cachediff: changes to " + feedLabel(report.FileCell(subject))
	} else {
		title = feedText(title)
	}
	f := atomFeed{
		NS:        atomNS,
		ID:        cmp.Or(o.Feed.ID, id),
		Title:     atomText{Type: "text", Body: title},
		Author:    atomPerson{Name: "cachediff"},
		Generator: atomGenerator{URI: "https://github.com/cachediff/cachediff", Name: "cachediff"},
	}
	if u, err := url.Parse(f.ID); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		f.Links = append(f.Links, atomLink{Rel: "self", Type: "application/atom+xml", Href: f.ID})
	}
	if site := feedSite(o.LinkBase); site != "" {
		f.Links = append(f.Links, atomLink{Rel: "alternate", Type: "text/html", Href: site})
	}
	ids := entryIDs(steps, s.Snapshots)
	// newest is the newest date; dated says there is one (a date of
	// year 0 is before the zero Time).
	var newest time.Time
	dated := false
	later := func(t time.Time) {
		if !dated || t.After(newest) {
			newest, dated = t, true
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		e := steps[i].entry
		e.ID = ids[i]
		f.Entries = append(f.Entries, e)
		if t, err := time.Parse(time.RFC3339, e.Updated); err == nil && e.Updated != feedEpoch {
			later(t)
		}
	}
	if len(steps) == 0 {
		// No step (a range that selected no commit): the newest date of
		// the snapshots, else the epoch.
		for _, sn := range s.Snapshots {
			if t, ok := snapshotDate(sn.Date, sn.Tag); ok {
				later(t)
			}
		}
	}
	f.Updated = feedEpoch
	if dated {
		f.Updated = atomDate(newest)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// feedSubject names what a feed is about, for its default title and id:
// the path of a log --revs RANGE PATH ("." for the top of the
// repository); else the folder the newest snapshot is in (the folder of
// the nightly snapshots), or the snapshot itself when it has none.
func feedSubject(s *diff.Series) string {
	if s.Revs != nil {
		return cmp.Or(s.Revs.Path, ".")
	}
	if len(s.Snapshots) == 0 {
		return "."
	}
	sn := s.Snapshots[len(s.Snapshots)-1]
	p := sn.Path
	if sn.Rev != "" {
		return cmp.Or(gitPathOf(p), ".")
	}
	if isURL(p) {
		return urlDir(p)
	}
	p = cleanPath(p)
	if d := path.Dir(p); d != "." && d != "/" {
		return d
	}
	return cmp.Or(p, ".")
}

// urlDir is what feedSubject names for a mirror's URL (isURL): the URL
// it is under, its last path segment cut, else the URL itself; not
// cleaned as a path, which path.Dir does (https://mirror.example was
// "https:", the subject of every feed of a mirror at a host's root, and
// file:///srv/m/develop "file:/srv/m").
func urlDir(p string) string {
	scheme, rest, _ := strings.Cut(p, "://")
	rest = strings.TrimRight(rest, "/")
	if i := strings.LastIndexByte(rest, '/'); i > 0 {
		rest = strings.TrimRight(rest[:i], "/")
	}
	if rest == "" {
		return p
	}
	return scheme + "://" + rest
}

// cleanPath is a snapshot's folder (not read from git) as the feed's and
// its entries' ids name it: slashes, no ./, // or trailing slash
// (path.Clean), so that new/develop/ and ./new/develop are new/develop;
// "" stays "". A backslash is a slash where the system reads it as one
// (filepath.ToSlash: Windows), and elsewhere a character of a name, as
// in git (cleanGitPath): made a slash on Unix, the folders a\b and a/b
// made feeds of one id, subject and entry ids.
func cleanPath(p string) string {
	if p == "" {
		return ""
	}
	return path.Clean(filepath.ToSlash(p))
}

// entryPath is a snapshot's path (not read from git) as an entry's id
// names it: a folder cleaned (cleanPath), a mirror's URL as given.
func entryPath(p string) string {
	if isURL(p) {
		return p
	}
	return cleanPath(p)
}

// sharedKey is what two snapshots of a series (not read from git) share
// when their entries take their paths as ids: a tag, or for a snapshot
// without one, its path (entryPath).
func sharedKey(tag, p string) string {
	if tag != "" {
		return "tag:" + tag
	}
	return "path:" + entryPath(p)
}

// isURL reports whether p is a URL (SCHEME://…, a mirror's), which
// cleanPath would spoil: path.Clean makes file:///srv/m file:/srv/m.
func isURL(p string) bool {
	scheme, _, ok := strings.Cut(p, "://")
	if !ok || scheme == "" || !('a' <= scheme[0]|0x20 && scheme[0]|0x20 <= 'z') {
		return false
	}
	return strings.IndexFunc(scheme, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '+' || r == '-' || r == '.')
	}) < 0
}

// DefaultFeedID is a feed's id without --feed-id and without a filter:
// urn:cachediff:log:SUBJECT, SUBJECT the path of log --revs RANGE PATH,
// or else the folder of the newest snapshot (percent-encoded): the same
// for every run of the same nightly job, but not unique in the world, as
// RFC 4287 wants an id to be; a published feed should have --feed-id, its
// URL. A feed of a filtered log adds the filter (filterID).
func DefaultFeedID(s *diff.Series) string {
	return "urn:cachediff:log:" + escapeURN(feedSubject(s))
}

// feedSite is the feed's rel=alternate link: --link-base without its
// query and fragment (https://cache.spack.io/package/?name= gives
// https://cache.spack.io/package/), "" without --link-base.
func feedSite(linkBase string) string {
	if linkBase == "" {
		return ""
	}
	u, err := url.Parse(linkBase)
	if err != nil || u.Host == "" {
		return ""
	}
	u.RawQuery, u.Fragment, u.ForceQuery = "", "", false
	return u.String()
}

// feedText makes s visible text for the feed: report.VisibleInput
// (control and invisible characters as Go escapes, the noncharacters
// U+FFFE and U+FFFF that XML 1.0 forbids among them: encoding/xml would
// make them U+FFFD, another text than the name; a backslash doubled
// where it would read as such an escape, so that no two names read
// alike).
func feedText(s string) string { return report.VisibleSpaces(s) }

// feedLabel is a snapshot's name (its tag, path or commit) as an entry's
// title and content name it: visible text (feedText), whole up to
// report.MaxWord characters, the bound of a name in Markdown and text; a
// longer one keeps its first and last characters either side of "…",
// where tags and paths differ (a date, the folder), as text's does. A
// 10,000-character tag was written whole in the title and the content of
// its entry: 30 KB for a pair's feed of one entry. Ids keep the name
// whole: they tell entries apart.
func feedLabel(s string) string {
	return report.CutLabel(feedText(s), report.MaxWord, func(rune) int { return 1 })
}

// gitPathOf is the path in git of a git side's REV:PATH, as the feed's
// subject names it (feedSubject): PATH past the first colon outside
// braces, where git splits it (revpath.Split, as gitsrc does). Cut at
// the first colon, HEAD^{/a:b}:p read as the path "b}:p", and two
// revisions of p as of other paths.
func gitPathOf(spec string) string {
	_, p, _ := revpath.Split(spec)
	return cleanGitPath(p)
}

// fromID is the part of a pair's entry id that names its old side, a
// commit of another path than the new side's: ":from:ID:PATH". The new
// commit and path alone gave git:C:a → git:D:b and git:C:x → git:D:b
// one id, and a feed reader kept one of the two entries. "" for a step
// of one path (a log's, a pair's of one path), whose id stays as it was.
func fromID(r *diff.Report) string {
	if r.Old.Rev == "" || r.New.Rev == "" || gitPathOf(r.Old.Path) == gitPathOf(r.New.Path) {
		return ""
	}
	return ":from:" + escapeURN(r.Old.Rev) + ":" + escapeURN(cmp.Or(gitPathOf(r.Old.Path), "."))
}

// cleanGitPath is a path in a commit as the feed names it: no leading ./
// or /, no trailing slash. A backslash stays: git, and REV:PATH, read it
// as a character of a name, not as a slash, so that the folders a\b and
// a/b of one commit made two feeds alike, their ids, titles and entries
// "a/b".
func cleanGitPath(p string) string {
	p = path.Clean("/" + p)
	return strings.TrimPrefix(p, "/")
}

// escapeURN percent-encodes s for a URN's specific string: letters,
// digits, - . _ ~ / stay; every other byte (":" too, so that the parts
// of an id stay apart) is %XX.
func escapeURN(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~/", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&15, 16)))
		}
	}
	return b.String()
}

// filterID is the part of a feed's and its entries' ids that names the
// filter of a report (--package, --stack, --ignore), "" for none:
// ":packages:P1,P2:stacks:S:ignore:F", each value percent-encoded, in the
// report's order (sorted). A filtered feed's entry says other things than
// the whole catalogue's of the same step, so it is another entry, with
// another id (RFC 4287: an id names one entry): two feeds of one path
// with other filters, read by one aggregator, keep all their entries.
func filterID(o diff.Options) string {
	var b strings.Builder
	for _, f := range []struct {
		name string
		vals []string
	}{{"packages", o.Packages}, {"stacks", o.Stacks}, {"ignore", o.Ignore}} {
		if len(f.vals) == 0 {
			continue
		}
		b.WriteString(":" + f.name + ":")
		for i, v := range f.vals {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(escapeURN(v))
		}
	}
	return b.String()
}

// entryIDs are the steps' entry ids. A step whose new snapshot was read
// from git is urn:cachediff:commit:ID:PATH (the full commit id, and the
// path in it, and for a pair of git sides of other paths fromID), which
// no later run changes; else it is
// urn:cachediff:snapshot:TAG, and where two steps of the feed share a
// tag, or two folders of the series do, or two untagged snapshots of it
// a path (series: all its snapshots, also
// the first one and those --max-entries leaves out, so that the window
// does not change a kept entry's id), urn:cachediff:snapshot:PATH of
// their folders and :changes:HEX of what the step changed (changesID:
// a nightly job comparing yesterday's copy of _cache/develop with
// today's names the same folders every night, and a feed reader kept
// one entry of them all), then, if those are the same too (the log names
// a folder again), ":step-N" on each step but the first of them; a
// filtered step's id adds its filterID.
func entryIDs(steps []atomStep, series []diff.SnapshotInfo) []string {
	ids := make([]string, len(steps))
	shared := map[string]int{}
	for _, sn := range series {
		if sn.Rev == "" {
			shared[sharedKey(sn.Tag, sn.Path)]++
		}
	}
	count := map[string]int{}
	for i, s := range steps {
		if s.rev != "" {
			ids[i] = "urn:cachediff:commit:" + s.rev + ":" + escapeURN(cmp.Or(s.gitPath, ".")) + s.from
		} else {
			ids[i] = "urn:cachediff:snapshot:" + escapeURN(cmp.Or(s.tag, s.path))
		}
		ids[i] += s.filter
		count[ids[i]]++
	}
	for i, s := range steps {
		if s.rev == "" && (count[ids[i]] > 1 || shared[sharedKey(s.tag, s.path)] > 1) {
			ids[i] = "urn:cachediff:snapshot:" + escapeURN(s.path) + ":changes:" + s.changes + s.filter
		}
	}
	// A repeat, and a later step of an id already given, adds its
	// number; the first step of an id keeps it bare, so that one more
	// step, or --max-entries leaving the first out, changes no id.
	used := map[string]bool{}
	for i, s := range steps {
		if s.repeat || used[ids[i]] {
			ids[i] += ":step-" + strconv.Itoa(s.step)
		}
		used[ids[i]] = true
	}
	return ids
}

// tagDate finds a date in a snapshot's tag: the last YYYY-MM-DD in it
// (develop-2025-03-16).
var tagDate = regexp.MustCompile(`(\d{4}-\d{2}-\d{2})`)

// snapshotDate is the date of a step's new snapshot: its commit date
// (read from git), else the last date its tag names (develop-2025-03-16:
// 2025-03-16T00:00:00Z); ok is false when it has neither.
func snapshotDate(date, tag string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, date); err == nil {
		return t, true
	}
	m := tagDate.FindAllString(tag, -1)
	for i := len(m) - 1; i >= 0; i-- {
		if t, err := time.Parse(time.DateOnly, m[i]); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// entryDate is an entry's <updated>, in UTC: snapshotDate, else
// feedEpoch.
func entryDate(s diff.Side) string {
	if t, ok := snapshotDate(s.Date, s.Tag); ok {
		return atomDate(t)
	}
	return feedEpoch
}

// atomDate is t as an Atom date (RFC 3339): in UTC, but a date whose UTC
// falls outside the years 0000-9999 (9999-12-31T23:00:00-02:00), which
// RFC 3339 cannot write, keeps the offset it was read with.
func atomDate(t time.Time) string {
	if u := t.UTC(); u.Year() >= 0 && u.Year() <= 9999 {
		return u.Format(time.RFC3339)
	}
	return t.Format(time.RFC3339)
}

// stepEntry is a step's entry but for its id.
func stepEntry(r *diff.Report, subject string) atomEntry {
	_, newLabel := entrySides(r)
	label := feedLabel(entryLabel(newLabel))
	var kinds []string
	var titled []diff.Highlight
	for _, h := range r.Highlights {
		if !slices.Contains(kinds, h.Kind) {
			kinds = append(kinds, h.Kind)
		}
		if h.Kind != diff.HighlightGatePassed {
			titled = append(titled, h)
		}
	}
	e := atomEntry{
		Title:   atomText{Type: "text", Body: label + ": " + entryNews(r, titled)},
		Updated: entryDate(r.New),
		Content: atomText{Type: "html", Body: entryHTML(r, subject, len(titled) == 0)},
	}
	for _, k := range kinds {
		e.Categories = append(e.Categories, atomCategory{Term: k})
	}
	return e
}

// entryLabel is a step's new snapshot as its entry's title names it,
// before the highlights after ": ": quoted as a step's title quotes it
// (report.StepLabel), and where it holds ": " (report.NewsLabel). As it
// was, the snapshot "a: b" whose package zlib moved and the snapshot a
// whose package "b: zlib" moved were both titled "a: b: zlib 1.0 → 2.0
// (upgraded)".
func entryLabel(s string) string {
	if q := report.StepLabel(s); q != s {
		return q
	}
	return report.NewsLabel(s)
}

// entrySides names a step's two snapshots in its entry: by their labels
// (report.SideLabel), but by their paths when the labels are alike and
// the paths are not (two copies of _cache/develop, of one tag), as every
// other format tells them apart: "develop (from develop)" read as a
// snapshot compared with itself. Made of the step alone, an entry's
// title stays as a later run makes it. A path reading as a commit's
// label is quoted (report.PathLabel).
//
// Two commits of other paths (a pair's git:C:a and git:D:b) are each
// named by its path and commit: by the commit alone, the old side's
// path was named nowhere, and the pairs of a and of x at C, each to b
// at D, made one feed.
func entrySides(r *diff.Report) (oldLabel, newLabel string) {
	oldLabel, newLabel = report.SideLabel(r.Old), report.SideLabel(r.New)
	if r.Old.Rev != "" && r.New.Rev != "" && gitPathOf(r.Old.Path) != gitPathOf(r.New.Path) {
		// Quoted as a log's labels are (report.GitPathLabel): the path
		// HEAD:ѕ1 (its ѕ U+0455) was written raw here, where the log's
		// title and headings quote it in ASCII.
		return report.GitPathLabel(r.Old), report.GitPathLabel(r.New)
	}
	if oldLabel == newLabel && r.Old.Path != r.New.Path {
		// Each quoted where it reads as a commit's label, as every
		// other view's series names it (report.PathLabel): the folder
		// "2025-03-09 aaaaaaa" titled its entry as the commit aaaaaaa
		// of that day.
		return report.PathLabel(r.Old), report.PathLabel(r.New)
	}
	return oldLabel, newLabel
}

// entryNews is the news part of an entry's title: the step's highlights
// (but a gate that passed), as many as fit feedTitleNews, then "…and N
// more"; without any, what the step is (quietNews).
func entryNews(r *diff.Report, hs []diff.Highlight) string {
	if len(hs) == 0 {
		return quietNews(r)
	}
	var b strings.Builder
	for i, h := range hs {
		t := report.NewsShown(h, 3) // feedText of its values
		t = report.CutEnd(t, feedTitleMax)
		if i > 0 && b.Len()+2+len(t) > feedTitleNews {
			b.WriteString("; …and " + strconv.Itoa(len(hs)-i) + " more")
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(t)
	}
	return b.String()
}

// quietNews says what a step without highlights is: no changes, only
// rebuilds (rebuildsHeadline), or "No news" and its counts.
func quietNews(r *diff.Report) string {
	switch {
	case !r.HasChanges():
		return "No changes" + report.UnchangedBut(r)
	case report.RebuildsHeadline(r) != "":
		return report.RebuildsHeadline(r)
	}
	p, s := r.Summary.Packages, r.Summary.Specs
	return "No news: " + report.CountNoun(p.Changed+p.Added+p.Removed, "package", "packages") + " changed; specs +" + strconv.Itoa(s.Added) + " −" + strconv.Itoa(s.Removed) +
		", " + strconv.Itoa(s.Rebuilt) + " rebuilt, " + strconv.Itoa(s.Updated) + " updated, " + strconv.Itoa(s.Restacked) + " restacked"
}

// entryHTML is an entry's content, HTML: the step (its snapshots and
// commit subject), what it is when quiet (no highlight but a gate that
// passed: quietNews), its highlights as a list, and its counts.
func entryHTML(r *diff.Report, subject string, quiet bool) string {
	var b strings.Builder
	t := func(s string) string { return html.EscapeString(feedText(s)) }
	// An item of the list of highlights bounded as Markdown
	// bounds it (report.Shorten: a word 200 characters, the item
	// 2,000): a package named with 100,000 characters was written
	// whole, in the title's news cut and here in full. A highlight's
	// values are visible text already (report.NewsShown).
	item := func(s string) string { return html.EscapeString(report.Shorten(s)) }
	oldLabel, newLabel := entrySides(r)
	// Visible already (feedLabel): escaped but as HTML, not again as
	// text (t), which wrote the folder "a\n" (a newline at its end)
	// a\\n here, where the entry's title writes it a\n, and as that
	// title names the folder a\n (a backslash and an n).
	oldLabel, newLabel = feedLabel(report.StepLabel(oldLabel)), feedLabel(report.StepLabel(newLabel))
	b.WriteString("<p><b>" + html.EscapeString(newLabel) + "</b>")
	if subject != "" {
		// Bounded as the Markdown log's heading bounds it
		// (report.Shorten): a bot's commit subject of megabytes was
		// the entry's whole.
		b.WriteString(" · " + html.EscapeString(report.Shorten(feedText(subject))))
	}
	b.WriteString(" (from " + html.EscapeString(oldLabel) + ")</p>")
	// A step without changes says so once, in its counts below.
	if quiet && r.HasChanges() {
		b.WriteString("<p>" + t(quietNews(r)) + "</p>")
	}
	if len(r.Highlights) > 0 {
		b.WriteString("<ul>")
		for i, h := range r.Highlights {
			if i == feedContentItems {
				b.WriteString("<li>…and " + strconv.Itoa(len(r.Highlights)-i) + " more</li>")
				break
			}
			b.WriteString("<li>" + item(report.NewsShown(h, feedContentNames)) + "</li>")
		}
		b.WriteString("</ul>")
	}
	s, p := r.Summary.Specs, r.Summary.Packages
	if r.HasChanges() {
		b.WriteString("<p>" + report.CountNoun(p.Changed+p.Added+p.Removed, "package", "packages") + " changed (" +
			strconv.Itoa(p.Added) + " new, " + strconv.Itoa(p.Removed) + " removed, " + strconv.Itoa(p.Unchanged) + " unchanged) · specs " +
			strconv.Itoa(s.Old) + " → " + strconv.Itoa(s.New) + ": " + strconv.Itoa(s.Added) + " added, " + strconv.Itoa(s.Removed) + " removed, " +
			strconv.Itoa(s.Rebuilt) + " rebuilt, " + strconv.Itoa(s.Updated) + " updated, " + strconv.Itoa(s.Restacked) + " restacked, " +
			strconv.Itoa(s.Unchanged) + " unchanged</p>")
	} else {
		b.WriteString("<p>No changes: " + report.CountNoun(p.New, "package", "packages") + " and " + report.CountNoun(s.New, "spec", "specs") + ", all unchanged" + t(report.UnchangedBut(r)) + "</p>")
	}
	if n := len(r.Old.Skipped) + len(r.New.Skipped); n > 0 {
		b.WriteString("<p>" + report.Plural(n, "invalid "+snapshot.SkippedNoun(r.Old.Skipped, r.New.Skipped)) + " skipped (--skip-invalid):</p><ul>")
		// Each named, as text and HTML name them, up to
		// feedContentItems: a count alone left the reader to guess
		// which page was invalid.
		i := 0
	skipped:
		for _, side := range [...]struct {
			name string
			l    []snapshot.Skipped
		}{{"old", r.Old.Skipped}, {"new", r.New.Skipped}} {
			for _, k := range side.l {
				if i == feedContentItems {
					b.WriteString("<li>…and " + strconv.Itoa(n-i) + " more</li>")
					break skipped
				}
				i++
				b.WriteString("<li>" + html.EscapeString(report.ShortenMessage(side.name+" "+feedText(report.SkippedWhere(k))+": "+report.VisibleMessage(k.Reason))) + "</li>")
			}
		}
		b.WriteString("</ul>")
	}
	// The warnings, as every other format carries them (a lockfile's
	// records that no root reaches, left out of its specs, said nothing
	// in a feed).
	if len(r.Warnings) > 0 {
		b.WriteString("<p>" + report.CountNoun(len(r.Warnings), "warning", "warnings") + ":</p><ul>")
		for i, w := range r.Warnings {
			if i == feedContentItems {
				b.WriteString("<li>…and " + strconv.Itoa(len(r.Warnings)-i) + " more</li>")
				break
			}
			where := report.WarningWhere(w)
			// The file a value (feedText), the message the report's, which
			// quotes its input where it is made: report.VisibleMessage.
			b.WriteString("<li>" + html.EscapeString(report.ShortenMessage(feedText(where)+": "+report.VisibleMessage(w.Message))) + "</li>")
		}
		b.WriteString("</ul>")
	}
	return b.String()
}

// changesID is the first 16 hex digits of a sha256 over what a report
// changed, package by package: its name and status, and each spec's
// hash (both hashes of a pair, and the stacks a restacked spec joined and
// left). The same report gives the same id, from a run or from its JSON
// (render), and a night with other changes another.
func changesID(r *diff.Report) string {
	h := sha256.New()
	var b []byte
	word := func(s string) {
		b = strconv.AppendInt(b[:0], int64(len(s)), 10)
		b = append(append(b, ':'), s...)
		h.Write(b)
	}
	for _, p := range r.Packages {
		word(p.Name)
		word(p.Status)
		for _, list := range [][]diff.Spec{p.Specs.Added, p.Specs.Removed} {
			word("specs")
			for _, sp := range list {
				word(sp.Hash)
			}
		}
		for _, list := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			word("pairs")
			for _, pr := range list {
				word(pr.Old.Hash)
				word(pr.New.Hash)
				for _, stacks := range [][]string{pr.StacksJoined, pr.StacksLeft} {
					word(strconv.Itoa(len(stacks)))
					for _, st := range stacks {
						word(st)
					}
				}
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
