package catalog

import (
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/cputime"
)

// TestSafeYAMLLongScalars: a long number-like title is read in time
// linear in its length and said in a short message. 1:00:00:… with
// 80,000 parts took seconds (the exact power of 60 was multiplied out
// for every part, quadratic), and a long octal or signed decimal title
// was converted to decimal (not linear) and printed whole in the
// message: a 1 MB title made a message of its 900,000 digits.
func TestSafeYAMLLongScalars(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		kind       yaml11Kind
	}{
		{"sexagesimal", "1" + strings.Repeat(":00", 80000), readFloat},
		{"sexagesimal float", "1" + strings.Repeat(":00", 80000) + ".5", readFloat},
		{"octal", "0" + strings.Repeat("7", 1<<20), readInteger},
		{"hexadecimal", "0x" + strings.Repeat("f", 1<<20), readInteger},
		{"binary", "0b" + strings.Repeat("1", 1<<20), readInteger},
		{"signed decimal", "+" + strings.Repeat("1", 1<<20), readInteger},
		{"decimal with commas", strings.Repeat("1,", 1<<19), readInteger},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cpu0, ok0 := cputime.Process()
			start := time.Now()
			r := safeYAMLReads(tc.text)
			took := time.Since(start)
			if cpu1, ok1 := cputime.Process(); ok0 && ok1 {
				took = cpu1 - cpu0
			}
			if r.kind != tc.kind {
				t.Fatalf("kind %d, want %d", r.kind, tc.kind)
			}
			if took > time.Second {
				t.Errorf("read in %v, want well under a second", took)
			}
			if msg := textButMessage(tc.text, r); len(msg) > 200 {
				t.Errorf("message of %d bytes: %.300s", len(msg), msg)
			}
		})
	}
	// The short cut for decimal digits gives what Integer() gives.
	for text, want := range map[string]string{"-0": "0", "+0": "0", "-1_0": "-10", "+1,000": "1000", "-7": "-7"} {
		if r := safeYAMLReads(text); r.kind != readInteger || r.shown != want {
			t.Errorf("%q: %d %q, want the integer %s", text, r.kind, r.shown, want)
		}
	}
}

// TestRubyFloatShown: a float is shown as Ruby 3.1's Float#to_s writes
// it (answers recorded from Ruby). With 16 digits before its point and
// one after, 1750163514123428.2 is written fixed, which cachediff wrote
// 1.7501635141234282e+15: a title spelt so, which the site shows as
// written, was refused as shown otherwise.
func TestRubyFloatShown(t *testing.T) {
	for text, want := range map[string]string{
		"1750163514123428.2":  "1750163514123428.2",
		"1942251639984012.5":  "1942251639984012.5",
		"1234567890123456.7":  "1234567890123456.8",
		"1000000000000000.0":  "1.0e+15",
		"100000000000000.0":   "100000000000000.0",
		"100000000000000.5":   "100000000000000.5",
		"9007199254740993.0":  "9.007199254740992e+15",
		"12345678901234567.0": "1.2345678901234568e+16",
		"0.0001":              "0.0001",
		"0.00001":             "1.0e-05",
		"1.0e+20":             "1.0e+20",
	} {
		if r := safeYAMLReads(text); r.kind != readFloat || r.shown != want {
			t.Errorf("%s: %d %q, want the float %s", text, r.kind, r.shown, want)
		}
	}
}
