package catalog

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestInnerLineBreak (75th adversarial pass, found by FuzzParsePage): a
// carriage return alone, NEL, LS or PS inside a line of the front matter
// is a line break to YAML, so yaml.v3's line numbers ran ahead of the
// file's: a page whose one spec_details followed such a line was refused
// as giving spec_details twice, "(lines 3 and 5)", at line 5 of a file of
// 4 lines. It is an error at the break, by both paths; CRLF line ends stay
// read.
func TestInnerLineBreak(t *testing.T) {
	spec := "spec_details: [{\"hash\": \"" + hashN(1) + "\"" + otherFields("") + "}]\n---\n"
	for _, br := range []string{"\r", "\u0085", "\u2028", "\u2029"} {
		page := "---\ntitle: \"zlib\"\nlayout: cache\nnote: [" + br + "]\ncategories: [package, develop]\nmeta: {\"num_specs\": 1}\n" + spec
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", []byte(page), false)
			checkErr(t, err, "p.md", 4, len("note: [")+1, "a line break", "inside the line")
		}
	}
	crlf := strings.ReplaceAll(head+"meta: {\"num_specs\": 1}\n"+spec, "\n", "\r\n")
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", []byte(crlf), false); err != nil {
			t.Errorf("CRLF: %v", err)
		}
	}
}

// TestInnerBreakScan: innerBreak, which skips ASCII eight bytes at a time
// (the spec_details line is most of a page), finds what a byte-by-byte
// scan finds, on lines of breaks, near-breaks (U+00A0, U+2027, U+202A)
// and ASCII at every alignment.
func TestInnerBreakScan(t *testing.T) {
	byByte := func(l []byte) int {
		for i := range l {
			if n := yamlBreak(l[i:]); n > 0 && !(l[i] == '\r' && i == len(l)-1) {
				return i
			}
		}
		return -1
	}
	parts := []string{"a", "bcdefghij", " ", "\r", "\u0085", "\u2028", "\u2029", "\u00a0", "\u2027", "\u202a", "\xc2", "\xe2\x80", "é"}
	rng := rand.New(rand.NewPCG(3, 5))
	for range 200000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		l := []byte(b.String())
		if got, want := innerBreak(l), byByte(l); got != want {
			t.Fatalf("innerBreak(%q) = %d, want %d", l, got, want)
		}
	}
}

// BenchmarkInnerBreak: a one-line value of 1 MB without a break, of
// ASCII and of U+00A0 (each of whose first bytes innerBreak looks at).
func BenchmarkInnerBreak(b *testing.B) {
	for _, c := range []struct{ name, unit string }{{"ascii", "a"}, {"nbsp", "\u00a0"}, {"euro", "€"}} {
		l := []byte(strings.Repeat(c.unit, (1<<20)/len(c.unit)))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(l)))
			for b.Loop() {
				if innerBreak(l) >= 0 {
					b.Fatal("a break")
				}
			}
		})
	}
}
