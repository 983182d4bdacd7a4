package gitsrc

import (
	"runtime"
	"strings"
	"testing"
)

// TestLongSubjectAllocs: a commit's subject is made one line, its runs of
// white space one space each, in about its own size: strings.Fields made
// a slice of its words first, 8x the subject for one of one-letter words
// (a 4 MB subject, 32 MB more), where git log --format=%s prints it.
func TestLongSubjectAllocs(t *testing.T) {
	msg := "tree x\ncommitter a <a@b> 1700000000 +0000\n\nS " + strings.Repeat("x y\n", 1<<18) + "\nbody\n"
	obj := []byte(msg)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, subject, err := parseCommit(obj, commitEncoding(obj))
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if want := "S " + strings.TrimSuffix(strings.Repeat("x y ", 1<<18), " "); subject != want {
		t.Fatalf("subject of %d bytes, want %d", len(subject), len(want))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*uint64(len(obj)) {
		t.Errorf("a subject of %d bytes allocated %d bytes (%.1fx the commit), want at most 4x", len(subject), alloc, float64(alloc)/float64(len(obj)))
	}
}

// TestOneLine: oneLine is strings.Join(strings.Fields(s), " ").
func TestOneLine(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b\t\nc ", "a\u0085b\u00a0c\u2028d\u3000e", "caf\xe9 \xff x", "\f\va\r", "ü  ö"} {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", s, got, want)
		}
	}
}

// FuzzOneLine: oneLine is strings.Join(strings.Fields(s), " ") for any
// s, invalid UTF-8 (a lone surrogate encoded as ED A0 80) and white
// space beyond ASCII (U+0085, U+00A0, U+2028, U+3000) among it.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"", " a  b ", "\x85a\u0085b\u00a0c", "\u2028x\u3000y\u2029", "\xed\xa0\x80 \xed\xa0", "\xc2", "\xc2\x85", "a\x00 b\t\v\f\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneLine(%q) = %q; want %q", s, got, want)
		}
	})
}
