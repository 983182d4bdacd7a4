package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestPageToTerminalNote (class e): cachediff -f html OLD NEW on a
// terminal filled it with the page's markup and said nothing of -o,
// which writes the page to a file a browser opens; an Atom feed alike.
// The note is the last line of standard error, and only for a terminal:
// not for a pipe, a file of --output, --quiet or a --template.
func TestPageToTerminalNote(t *testing.T) {
	tty := openPTY(t)
	if tty == nil {
		t.Skip("no pseudo-terminal")
	}
	pair := []string{"../../testdata/real/develop-2025-03-23", "../../testdata/real/develop-2025-03-30"}
	out := filepath.Join(t.TempDir(), "report.html")
	for _, tc := range []struct {
		args []string
		w    io.Writer
		want string // "" for no note
	}{
		{[]string{"-f", "html"}, tty, "cachediff: note: that was an HTML page: -o report.html writes it to a file, which a browser opens\n"},
		{[]string{"-f", "atom"}, tty, "cachediff: note: that was an Atom feed: -o feed.xml writes it to a file"},
		{[]string{"log", "-f", "html"}, tty, "that was an HTML page"},
		{[]string{"-f", "html"}, &bytes.Buffer{}, ""},
		{[]string{"-f", "html", "-o", out}, tty, ""},
		{[]string{"-f", "html", "-q"}, tty, ""},
		{[]string{"-f", "md"}, tty, ""},
		{[]string{"-f", "text"}, tty, ""},
	} {
		var stderr bytes.Buffer
		code := run(append(tc.args, pair...), tc.w, &stderr)
		if code != exitDiffers {
			t.Errorf("%q: exit %d, stderr %q", tc.args, code, stderr.String())
			continue
		}
		got := stderr.String()
		if tc.want == "" {
			if strings.Contains(got, "note:") {
				t.Errorf("%q: stderr %q, want no note", tc.args, got)
			}
			continue
		}
		if !strings.Contains(got, tc.want) || !strings.HasSuffix(got, "\n") || strings.Count(got, "note:") != 1 {
			t.Errorf("%q to a terminal: stderr %q, want one note holding %q", tc.args, got, tc.want)
		}
	}
	// A saved log rendered as a page, to a terminal: the note, which
	// renderLog dropped with the warning of an --output of a format a
	// log has not (TestOutputExtensionWarns), none being named.
	saved := filepath.Join(t.TempDir(), "log.json")
	var stderr bytes.Buffer
	if code := run(append([]string{"log", "-f", "json", "-o", saved}, pair...), &bytes.Buffer{}, &stderr); code != exitSame && code != exitDiffers {
		t.Fatalf("saving a log: exit %d, %s", code, stderr.String())
	}
	for format, want := range map[string]string{"html": "that was an HTML page", "atom": "that was an Atom feed"} {
		stderr.Reset()
		run([]string{"render", "-f", format, saved}, tty, &stderr)
		if got := stderr.String(); !strings.Contains(got, want) || strings.Count(got, "note:") != 1 {
			t.Errorf("render -f %s LOG.json to a terminal: stderr %q, want one note holding %q", format, got, want)
		}
	}
}
