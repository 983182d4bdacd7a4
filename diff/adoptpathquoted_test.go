package diff

import (
	"strings"
	"testing"
)

// TestAdoptPathQuoted (class a/e): a report saved before issue 35 whose
// cause's path does not start at its pair's package is refused
// (AdoptCauses), its first name and the package quoted by %q: a
// lookalike kept as it was ("cmаke", its а Cyrillic, read as the package
// cmake), and a name of 9,000 bytes whole, which made render's line of
// 8,224 bytes, cut at the command's 8 KB cap before what a path wants.
// Each is quoted as a law's message quotes a report's value (shortValue:
// ASCII, cut with the mark of its digest). 3 checks fail before.
func TestAdoptPathQuoted(t *testing.T) {
	adopt := func(first, pkg string) string {
		r := &Report{
			Packages: []Package{{Name: pkg, Specs: SpecChanges{Rebuilt: []Pair{{Why: &Why{Known: true,
				Causes: []Cause{{Name: "z", OldHash: "aaaa", NewHash: "bbbb", Path: []string{first, "z"}}}}}}}}},
			Causes: &Causes{},
		}
		err := r.AdoptCauses()
		if err == nil {
			t.Fatalf("a path from %q in package %q adopted", first, pkg)
		}
		return err.Error()
	}
	if msg := adopt("cm\u0430ke", "cmake"); !strings.Contains(msg, `from "cm\u0430ke"`) {
		t.Errorf("a lookalike first name: %s, want it quoted in ASCII", msg)
	}
	if msg := adopt("cmake", "cm\u0430ke"); !strings.Contains(msg, `("cm\u0430ke")`) {
		t.Errorf("a lookalike package: %s, want it quoted in ASCII", msg)
	}
	// A name of 9 KB of ESC, U+202E, a lookalike and newlines: one line
	// of ASCII, but for the cut's mark, within the 8 KB cap.
	hostile := strings.Repeat("\x1b\u202e\u0430\n", 1500)
	if msg := adopt(hostile, hostile+"p"); strings.ContainsFunc(strings.ReplaceAll(msg, "\u2026", ""), func(c rune) bool { return c < 0x20 || c > 0x7e }) ||
		len(msg) > 8192 || !strings.Contains(msg, `from "\x1b\u202e\u0430\n`) {
		t.Errorf("a hostile name of %d bytes: %q (%d bytes), want one line of ASCII within 8 KB", len(hostile), msg, len(msg))
	}
	long := strings.Repeat("x", 9000)
	if msg := adopt(long, long+"y"); len(msg) > 1024 || !strings.HasSuffix(msg, "goes on to the cause") {
		t.Errorf("names of 9,000 bytes: a message of %d bytes, want the names cut and the message whole", len(msg))
	}
}
