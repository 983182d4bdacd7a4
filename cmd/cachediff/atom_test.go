package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mmcdole/gofeed"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/report"
)

// The Atom feed (issue 33 item 3), from the command line: the golden
// feeds of the five real weeks, as folders and as the nightly job's git
// history; a feed made again after one more commit; render of a saved
// log; hostile input.

// readFeed parses a feed as a feed reader does (gofeed), after checking
// that encoding/xml reads it to the end.
func readFeed(t *testing.T, data []byte) *gofeed.Feed {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, data)
		}
	}
	f, err := gofeed.NewParser().ParseString(string(data))
	if err != nil {
		t.Fatalf("gofeed: %v\n%s", err, data)
	}
	if f.FeedType != "atom" {
		t.Fatalf("gofeed reads a %s feed", f.FeedType)
	}
	return f
}

// contentText reads an entry's HTML content as XML in a <div>: it fails
// the test on an element the feed does not write (p, b, ul, li) or any
// attribute, and returns the text.
func contentText(t *testing.T, content string) string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader("<div>" + content + "</div>"))
	var text strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return text.String()
		}
		if err != nil {
			t.Fatalf("content: %v\n%s", err, content)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if !slices.Contains([]string{"div", "p", "b", "ul", "li"}, tok.Name.Local) || len(tok.Attr) > 0 {
				t.Errorf("content: element %s %v", tok.Name.Local, tok.Attr)
			}
		case xml.CharData:
			text.Write(tok)
		}
	}
}

// TestAtomGolden: the feed of the five real weeks, as folders (dates
// from the tags) and as the nightly job's history (log --revs: ids from
// the commits, dates the commits'), with the feed's flags and a gate.
func TestAtomGolden(t *testing.T) {
	t.Run("log-weekly.atom", func(t *testing.T) {
		t.Chdir("../..")
		checkGolden(t, "log-weekly.atom", logArgs("-f", "atom"), 1)
	})
	t.Run("log-weekly-revs.atom", func(t *testing.T) {
		_, repo, _ := weeklyRepo(t)
		t.Chdir("../..")
		checkGolden(t, "log-weekly-revs.atom", []string{"log", "-C", repo, "-f", "atom", "--revs", "main", "--fail-on", "removed-spec",
			"--feed-id", "https://example.org/catalogue/feed.xml", "--link-base", "https://cache.spack.io/package/?name=",
			"--title", "Spack develop build cache", "_cache/develop"}, 1)
	})
}

// TestAtomOneMoreCommit: the nightly job makes the feed again after one
// more commit: every old entry is as it was (id, date, title, content),
// exactly one is added, its id the new commit's; --max-entries keeps the
// newest. The new commit's subject is hostile: it stays text.
func TestAtomOneMoreCommit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	series, err := filepath.Abs("../../testdata/real-series")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, w := range weeks {
		dirs = append(dirs, filepath.Join(series, filepath.Base(w)))
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, dirs[:len(dirs)-1]...); err != nil {
		t.Fatal(err)
	}
	args := []string{"log", "-C", repo, "-f", "atom", "--revs", "main", "--feed-id", "tag:example.org,2025:catalogue", "_cache/develop"}
	before := readFeed(t, runOK(t, args, 1))

	// The nightly job: the new week replaces _cache/develop, one commit.
	dev := filepath.Join(repo, "_cache", "develop")
	if err := os.RemoveAll(dev); err != nil {
		t.Fatal(err)
	}
	if err := gittest.CopyTree(dev, dirs[len(dirs)-1], ""); err != nil {
		t.Fatal(err)
	}
	subject := "nightly </content><script>alert(1)</script> ]]> &amp; \x1b[2J \u202egnp.exe"
	date := []string{"GIT_AUTHOR_DATE=2025-03-16T12:00:00Z", "GIT_COMMITTER_DATE=2025-03-16T12:00:00Z"}
	if _, err := gittest.Git(repo, nil, "add", "-A"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, date, "commit", "-q", "-m", subject); err != nil {
		t.Fatal(err)
	}
	id, err := gittest.Git(repo, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	id = strings.TrimSpace(id)
	after := readFeed(t, runOK(t, args, 1))

	if len(before.Items) != 3 || len(after.Items) != len(before.Items)+1 {
		t.Fatalf("%d entries, then %d after one more commit", len(before.Items), len(after.Items))
	}
	for i, old := range before.Items {
		now := after.Items[i+1]
		if old.GUID != now.GUID || old.Updated != now.Updated || old.Title != now.Title || old.Content != now.Content {
			t.Errorf("entry %q changed:\n%+v\nnow\n%+v", old.GUID, old, now)
		}
	}
	first := after.Items[0]
	if want := "urn:cachediff:commit:" + id + ":_cache/develop"; first.GUID != want || first.Updated != "2025-03-16T12:00:00Z" {
		t.Errorf("the new entry: id %q, updated %q; want %q, 2025-03-16T12:00:00Z", first.GUID, first.Updated, want)
	}
	if after.Updated != first.Updated {
		t.Errorf("the feed's updated %q, want the newest entry's %q", after.Updated, first.Updated)
	}
	raw := runOK(t, args, 1)
	for _, bad := range []string{"<script", "\x1b", "\u202e"} {
		if bytes.Contains(raw, []byte(bad)) {
			t.Errorf("the feed holds %q", bad)
		}
	}
	if text := contentText(t, first.Content); !strings.Contains(text, " · "+report.VisibleInput(subject)+" (from ") {
		t.Errorf("the content's text %q lacks the subject made visible, %q", text, report.VisibleInput(subject))
	}

	cut := readFeed(t, runOK(t, append(args[:len(args)-1:len(args)-1], "--max-entries", "2", "_cache/develop"), 1))
	if len(cut.Items) != 2 || cut.Items[0].GUID != first.GUID || cut.Items[1].GUID != after.Items[1].GUID || cut.Updated != after.Updated {
		t.Errorf("--max-entries 2: %d entries, updated %q", len(cut.Items), cut.Updated)
	}
}

// TestAtomRender: render of a saved log writes the feed log writes, with
// the feed's flags given to render.
func TestAtomRender(t *testing.T) {
	t.Chdir("../..")
	saved := filepath.Join(t.TempDir(), "log.json")
	if err := os.WriteFile(saved, runOK(t, logArgs("-f", "json"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{
		{"-f", "atom"},
		{"-f", "atom", "--max-entries", "2", "--feed-id", "https://example.org/feed.xml", "--title", "weeks"},
	} {
		want := runOK(t, logArgs(flags...), 1)
		got := runOK(t, append(append([]string{"render"}, flags...), saved), 1)
		if !bytes.Equal(got, want) {
			t.Errorf("%v: render differs from log:\n%s", flags, lineDiff(want, got))
		}
	}
}

// TestAtomHostilePair: the hostile pair (testdata/hostile) as a feed of
// one entry: well-formed, and its content's HTML holds no element but
// the feed's own.
func TestAtomHostilePair(t *testing.T) {
	t.Chdir("../..")
	raw := runOK(t, []string{"-f", "atom", "testdata/hostile/old", "testdata/hostile/new"}, 1)
	f := readFeed(t, raw)
	if len(f.Items) != 1 {
		t.Fatalf("%d entries", len(f.Items))
	}
	if bytes.Contains(raw, []byte("<script")) {
		t.Error("the feed holds <script")
	}
	contentText(t, f.Items[0].Content)
}

// TestAtomFeedIDInvisible: a --feed-id with a character XML 1.0 forbids
// (U+FFFE), a bidi control an IRI forbids (U+202E) or an invisible one
// (U+200B) is refused: encoding/xml wrote U+FFFE as U+FFFD, another id
// than the one given, and U+202E turned the published id and self link
// around on screen.
func TestAtomFeedIDInvisible(t *testing.T) {
	for _, id := range []string{"tag:example.org,2025:x\ufffey", "https://example.org/\u202efeed.xml", "https://example.org/f\u200beed.xml"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-f", "atom", "--feed-id", id, "../../testdata/real/develop-2025-03-23", "../../testdata/real/develop-2025-03-30"}, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "--feed-id") || stdout.Len() > 0 {
			t.Errorf("--feed-id %q: exit %d, stderr %q, %d bytes out; want exit 2 and a --feed-id error", id, code, stderr.String(), stdout.Len())
		}
	}
	// Only those: an id of other characters, "##[" too, is taken.
	if code := run([]string{"-f", "atom", "--feed-id", "tag:example.org,2025:é##[x", "../../testdata/real/develop-2025-03-23", "../../testdata/real/develop-2025-03-30"}, io.Discard, io.Discard); code != 1 {
		t.Errorf("--feed-id of visible characters: exit %d, want 1 (changes)", code)
	}
}
