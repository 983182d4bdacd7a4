package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestValueSpellsRefusedValue (class a, an over-refusal): cachediff
// --title "-fPIC rebuilds" A B was refused ("the flag -fPIC rebuilds
// after --title was read as its TEXT"), exit 2, where --title="-fPIC
// rebuilds" A B titles the report: the word was taken for -f with the
// value "PIC rebuilds", a format no command has, so that an empty $T
// leaves a command refused anyway ("unknown --format"). It is the title
// now; -fmd, -qfjson and -f=md, which give -f a format, are still
// refused.
func TestValueSpellsRefusedValue(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, title := range []string{"-fPIC rebuilds", "-qfPIC", "-f=x"} {
		var stdout, want, stderr bytes.Buffer
		if code := run([]string{"--title", title, "A", "B"}, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("--title %q: exit %d, stderr %q; want 0", title, code, stderr.String())
		}
		run([]string{"--title=" + title, "A", "B"}, &want, &stderr)
		if stdout.String() != want.String() || !strings.Contains(stdout.String(), title) {
			t.Errorf("--title %q wrote %q, want --title=%q's %q", title, stdout.String(), title, want.String())
		}
	}
	for _, title := range []string{"-fmd", "-qfjson", "-f=md"} {
		wantTrouble(t, []string{"--title", title, "A", "B"}, "after --title was read as its TEXT")
	}
	wantTrouble(t, []string{"-fPIC rebuilds", "A", "B"}, `unknown --format "PIC rebuilds"`)
	wantTrouble(t, []string{"log", "--title", "-fpatch", "A", "B"}, "after --title was read as its TEXT")
}

// TestDirectoryNamedAsTyped (class e): --directory=nope A B said "-C
// nope: no such file or directory", and --directory page.md A B "-C
// page.md: not a directory", of a flag never written so (an empty
// --directory= was named as typed already). Each names the flag as
// typed, -C as -C.
func TestDirectoryNamedAsTyped(t *testing.T) {
	pagesHere(t, "A", "B")
	wantTrouble(t, []string{"--directory=nope", "A", "B"}, "cachediff: --directory nope: no such file or directory\n")
	wantTrouble(t, []string{"log", "--directory", "A", "A", "B"}, "cachediff: --directory A: not a directory\n")
	wantTrouble(t, []string{"--directory", "nope", "log", "A", "B"}, "cachediff: --directory nope: no such file or directory\n")
	wantTrouble(t, []string{"-C", "nope", "A", "B"}, "cachediff: -C nope: no such file or directory\n")
}

// TestDateTookFlag (class e): log --since $S --revs HEAD PATH, S empty,
// said "--since and --until go with --revs" of a line that gives --revs:
// --since took the word --revs as its date, and the check of the dates
// spoke first; log --revs $R -q PATH said `bad revision range "-q"`. A
// flag taken by --since, --until or --revs is named as it is for the
// other flags whose value is any word.
func TestDateTookFlag(t *testing.T) {
	pagesHere(t, "A")
	wantTrouble(t, []string{"log", "--since", "--revs", "HEAD", "A"}, "cachediff: --since --revs: the flag --revs after --since was read as its DATE: give --since a DATE, quoted when it may be empty")
	wantTrouble(t, []string{"log", "--until", "-q", "--revs", "HEAD", "A"}, "--until -q: the flag -q after --until was read as its DATE")
	wantTrouble(t, []string{"log", "--revs", "-q", "A"}, "--revs -q: the flag -q after --revs was read as its RANGE")
}
