package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestOutputExtensionWarns (class e): cachediff -o report.html OLD NEW
// wrote Markdown, the default format, into report.html (and log -o
// feed.xml into the feed, render -o r.json into a JSON file that the next
// render refused), exit 1 without a word: the new user who named the
// file asked for HTML. A warning names the --format that writes it; an
// explicit --format, or --github-comment (Markdown by definition), is
// the user's choice and gets none, nor does an extension of no other
// format the command writes (a log has no patch, saved or not).
func TestOutputExtensionWarns(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", "saved.json", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Fatalf("saving a report: exit %d, %s", code, stderr.String())
	}
	if code := run([]string{"log", "-f", "json", "-o", "log.json", "page.md", "page.md"}, &stdout, &stderr); code != 0 {
		t.Fatalf("saving a log: exit %d, %s", code, stderr.String())
	}
	for _, c := range []struct {
		args []string
		want string // "" for no warning
	}{
		{[]string{"-o", "r.html", "page.md", "page.md"}, "cachediff: warning: --output ends in .html, but the report is Markdown (--format md, the default): give --format html to write HTML\n"},
		{[]string{"-o", "R.HTM", "page.md", "page.md"}, "cachediff: warning: --output ends in .htm, but the report is Markdown (--format md, the default): give --format html to write HTML\n"},
		{[]string{"-o", "r.patch", "page.md", "page.md"}, "cachediff: warning: --output ends in .patch, but the report is Markdown (--format md, the default): give --format patch to write a patch\n"},
		{[]string{"log", "-o", "feed.xml", "page.md", "page.md"}, "cachediff: warning: --output ends in .xml, but the report is Markdown (--format md, the default): give --format atom to write an Atom feed\n"},
		{[]string{"render", "-o", "r.json", "saved.json"}, "cachediff: warning: --output ends in .json, but the report is Markdown (--format md, the default): give --format json to write JSON\n"},
		{[]string{"-f", "md", "-o", "r2.html", "page.md", "page.md"}, ""},
		{[]string{"-f", "html", "-o", "r3.html", "page.md", "page.md"}, ""},
		{[]string{"--github-comment", "-o", "c.json", "page.md", "page.md"}, ""},
		{[]string{"-o", "r.md", "page.md", "page.md"}, ""},
		{[]string{"-o", "r.txt", "page.md", "page.md"}, ""},
		{[]string{"log", "-o", "l.patch", "page.md", "page.md"}, ""},
		// A saved log is no patch either: render said "give --format
		// patch", which it then refused as a log's format.
		{[]string{"render", "-o", "l.patch", "log.json"}, ""},
		{[]string{"render", "-o", "l.html", "log.json"}, "cachediff: warning: --output ends in .html, but the report is Markdown (--format md, the default): give --format html to write HTML\n"},
		{[]string{"render", "-o", "r.patch", "saved.json"}, "cachediff: warning: --output ends in .patch, but the report is Markdown (--format md, the default): give --format patch to write a patch\n"},
	} {
		stdout.Reset()
		stderr.Reset()
		code := run(c.args, &stdout, &stderr)
		// The same page twice warns that OLD and NEW are one snapshot:
		// only the lines about --output are looked at.
		var got strings.Builder
		for line := range strings.Lines(stderr.String()) {
			if strings.Contains(line, "--output") {
				got.WriteString(line)
			}
		}
		if code == exitTrouble || got.String() != c.want {
			t.Errorf("%q: exit %d, stderr about --output %q; want %q", c.args, code, got.String(), c.want)
		}
	}
}
