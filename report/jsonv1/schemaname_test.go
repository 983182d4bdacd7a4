package jsonv1

import (
	"strings"
	"testing"
)

// TestUnknownSchemaNamesBoth (class e): render of a document of another
// schema said "it reads \"cachediff/v1\"" alone, of a cachediff/log/v2
// log too, as if a log were not read at all: both schemas render reads
// are named. A step of a log is a report: it names that one.
func TestUnknownSchemaNamesBoth(t *testing.T) {
	for _, schema := range []string{"cachediff/log/v2", "cachediff/v2"} {
		_, err := DecodeBytes([]byte(`{"schema": "` + schema + `"}`))
		want := `schema "` + schema + `" is not one this cachediff reads: it reads "cachediff/v1" (a report) and "cachediff/log/v1" (a log)`
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", schema, err, want)
		}
	}
	step := []byte(`{"schema": "cachediff/v2"}`)
	_, err := decodeBytes(&step, true)
	if err == nil || !strings.HasSuffix(err.Error(), `: it reads "cachediff/v1"`) {
		t.Errorf("a step: %v; want it to name cachediff/v1 alone", err)
	}
}

// TestOwnFormatNamedAsReport (class e): render of a report cachediff
// wrote in another format (cachediff old new > r.md, then render r.md
// -f html) said "not JSON: it starts with the character '#'": it names
// the format and says that render reads the JSON saved with --format
// json, a log's with cachediff log --format json. A log's GitHub
// comment, HTML page and Atom feed were said to be a report's, and the
// hint named cachediff --format json (issue 35, class e).
func TestOwnFormatNamedAsReport(t *testing.T) {
	for _, c := range []struct{ data, what, saved string }{
		{"## cachediff: a → b\n", "Markdown report", "cachediff --format json"},
		{"<!-- cachediff -->\n## cachediff: a → b\n", "GitHub comment (Markdown)", "cachediff --format json"},
		{"# cachediff log: a → c\n", "Markdown log", "cachediff log --format json"},
		{"cachediff: a → b: no changes\n", "text report", "cachediff --format json"},
		// A log's GitHub comment and HTML page (by its default title)
		// were named a report's, and the hint named cachediff --format
		// json; a feed, or a page with its own --title, may be either.
		{"<!-- cachediff -->\n# cachediff log: a → c\n", "GitHub comment (Markdown)", "cachediff log --format json"},
		{"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>cachediff log: a → c</title>", "HTML page", "cachediff log --format json"},
		{"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>cachediff: a → b</title>", "HTML page", "the report saved with cachediff --format json"},
		{"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>Nightly</title>", "HTML page", "the report or the log saved with cachediff --format json or cachediff log --format json"},
		{"<?xml version=\"1.0\"?>\n<feed>", "Atom feed", "the report or the log saved with cachediff --format json or cachediff log --format json"},
	} {
		_, err := DecodeBytes([]byte(c.data))
		want := "line 1, column 1: not JSON: it starts like cachediff's " + c.what + ", which render cannot read back; render reads the "
		if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.saved+" (-o FILE)") {
			t.Errorf("%.20q: %v; want %q and %q", c.data, err, want, c.saved)
		}
	}
	// Standard error mixed into the file (2>&1): a warning first, not a
	// text report.
	for _, data := range []string{"cachediff: warning: x\n{\"schema\": \"cachediff/v1\"}", "cachediff: loading old: no such file or directory\n"} {
		if _, err := DecodeBytes([]byte(data)); err == nil || !strings.Contains(err.Error(), "it starts with a message of cachediff's (standard error written into the file, as 2>&1 does)") {
			t.Errorf("%.30q: %v", data, err)
		}
	}
	// A text report wrapped at a narrow --width is one still.
	if _, err := DecodeBytes([]byte("cachediff:\n  develop-a → develop-b: no\n  changes\n")); err == nil || !strings.Contains(err.Error(), "cachediff's text report") {
		t.Errorf("a wrapped text report: %v", err)
	}
	// Markdown of another tool keeps the plain message.
	if _, err := DecodeBytes([]byte("# Release notes\n")); err == nil || !strings.Contains(err.Error(), "it starts with the character '#'") {
		t.Errorf("other Markdown: %v", err)
	}
}
