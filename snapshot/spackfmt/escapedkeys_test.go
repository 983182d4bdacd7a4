package spackfmt

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestEscapedKeysDecode (issue 35 class c: memory within 4x the input):
// a spec whose parameters are each written with an escape
// ("\u0076000001" for "v000001") cost what the same keys written plain do
// not: each string with escapes went through encoding/json's Unmarshal
// and a copy of its result (five allocations a string), and each key,
// no slice of the input, went into a map of copies (50 bytes and more a
// key). Decoding 256k such keys allocated 17x the input (1.55M objects),
// 7.3x the 2.3x of the same keys plain; the diff of two spec files of
// 1,024k peaked at 7.3x their input, 306 MB, in 4.9 s of CPU. The
// escapes are undone into shared blocks, and the keys copied after
// their lengths into one array the hash table indexes: 3x and one
// object a block, 3.8x in peak, 1.8 s.
func TestEscapedKeysDecode(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are not measured under the race detector")
	}
	steadyIntern(t)
	const n = 256000
	plainData := variantsSpec(n, func(i int) string { return fmt.Sprintf("v%07d", i) })
	escData := variantsSpec(n, func(i int) string { return fmt.Sprintf(`\u0076%07d`, i) })
	plain, plainMallocs, plainBytes := decodeAllocs(t, plainData)
	esc, escMallocs, escBytes := decodeAllocs(t, escData)
	if len(esc.Nodes[0].Variants) != n+1 || strings.Join(esc.Nodes[0].Variants, " ") != strings.Join(plain.Nodes[0].Variants, " ") {
		t.Fatalf("escaped keys read %d variants, not the %d of the same keys plain", len(esc.Nodes[0].Variants), len(plain.Nodes[0].Variants))
	}
	perPlain, perEsc := plainBytes/float64(len(plainData)), escBytes/float64(len(escData))
	t.Logf("%d keys plain: %.0f objects, %.2fx the input's bytes; with escapes: %.0f objects, %.2fx", n, plainMallocs, perPlain, escMallocs, perEsc)
	if escMallocs > 1.2*plainMallocs {
		t.Errorf("%d keys with escapes: %.0f allocations, want at most 1.2x the %.0f of the same keys plain", n, escMallocs, plainMallocs)
	}
	if perEsc > 1.5*perPlain {
		t.Errorf("%d keys with escapes allocated %.2fx their input, want at most 1.5x the %.2fx of the same keys plain", n, perEsc, perPlain)
	}
}

// TestEscapedKeysTwice: a key given twice is found whichever way each
// is written (plain or with escapes), among the first 64 keys scanned,
// past them in a run, and past them out of order in the hash table. A
// key in the run is its text in the input, unescaped again where the
// run is searched: one holding a quote (always escaped) too.
func TestEscapedKeysTwice(t *testing.T) {
	for _, n := range []int{10, 100, 5000} {
		for _, order := range []string{"in order", "out of order", "in order, a quote in each"} {
			name := func(i int) string { return fmt.Sprintf("w%07d", i) }
			switch order {
			case "out of order":
				name = func(i int) string { return fmt.Sprintf("w%d", i) }
			case "in order, a quote in each":
				name = func(i int) string { return fmt.Sprintf(`w"%07d`, i) }
			}
			for _, way := range [][2]bool{{true, true}, {true, false}, {false, true}} {
				// Key n/2 given again at the end, each written
				// plain or with its first letter escaped.
				spell := func(i int, escaped bool) string {
					raw := strings.ReplaceAll(name(i), `"`, `\"`)
					if escaped {
						return `\u0077` + raw[1:]
					}
					return raw
				}
				data := variantsSpec(n, func(i int) string { return spell(i, way[0] && i == n/2) })
				data = []byte(strings.Replace(string(data), `,"cflags"`, fmt.Sprintf(`,"%s":false,"cflags"`, spell(n/2, way[1])), 1))
				_, err := Decode("x.spec.json", data)
				if want := fmt.Sprintf("%q is given twice", name(n/2)); err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%d keys %s, key %d given twice (escaped: %v): %v; want %s", n, order, n/2, way, err, want)
				}
			}
			// Every key with escapes, none twice: no error.
			data := variantsSpec(n, func(i int) string { return `\u0077` + strings.ReplaceAll(name(i)[1:], `"`, `\"`) })
			if _, err := Decode("x.spec.json", data); err != nil {
				t.Errorf("%d keys %s, all with escapes: %v", n, order, err)
			}
		}
	}
}

// TestUnescapeAsJSON: strings with escapes read as encoding/json reads
// them, and those it refuses are refused. One that an escape gives a
// control character other than whitespace (\b, \u0000) is read so, and
// refused as no spec's (controlEscape).
func TestUnescapeAsJSON(t *testing.T) {
	for _, raw := range []string{
		`a\"b`, `\\`, `\/x\/`, `\b\f\n\r\t`, `\u0041\u00e9\u20AC`, `\uD83D\uDE00`, `é\u0301`,
		`\u0000`, `x\u001fy`, `\"\"\"`, `\u00ff\u00FF`, strings.Repeat(`\u0041`, 2000),
		`\x`, `\u12`, `\u12G4`, `\`, `\a`, `\U0041`,
	} {
		var want string
		jerr := json.Unmarshal([]byte(`"`+raw+`"`), &want)
		s := newScanner("x.json", []byte(`"`+raw+`"`))
		got, err := s.rawString()
		if err != nil && jerr == nil && strings.ContainsAny(want, "\x00\b") && strings.Contains(err.Error(), "which no spec Spack writes holds") {
			err = nil // refused for the control character, read as JSON reads it
		}
		switch {
		case jerr != nil && err == nil:
			t.Errorf("%s: read as %q, which encoding/json refuses (%v)", raw, got, jerr)
		case jerr == nil && err != nil:
			t.Errorf("%s: %v; encoding/json reads %q", raw, err, want)
		case jerr == nil && string(got) != want:
			t.Errorf("%s: read as %q, want %q", raw, got, want)
		}
	}
}

// TestEscapedRunKeysAllocate (issue 35: memory within 4x the input): a
// spec's parameters in Spack's order, each named with an escape (a tab
// inside: "v\t0000000"), are a run of keys as the same names plain are
// (keySet), not each a copy in esc and a slot of tab: 18 bytes a key
// and more beside the 16 of its variant's string and the bytes of its
// spelling. A pair of spec files of one node of 4M such variants, one
// flipped (72 MB a file), peaked at 4.2x to 4.3x its input in RSS (6.3x
// under load) where it now reads 3.4x. Decoding allocated 1.76x the
// bytes per key of the same keys plain; it is held to 1.4x (1.2x now:
// the copies the escapes are undone into, garbage once read).
func TestEscapedRunKeysAllocate(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are not measured under the race detector")
	}
	steadyIntern(t)
	const n = 64000
	plainData := variantsSpec(n, func(i int) string { return fmt.Sprintf("v%07d", i) })
	tabData := variantsSpec(n, func(i int) string { return fmt.Sprintf(`v\t%07d`, i) })
	plain, _, plainBytes := decodeAllocs(t, plainData)
	tab, _, tabBytes := decodeAllocs(t, tabData)
	if got := tab.Nodes[0].Variants; len(got) != n+1 || got[1] != "+v\t0000000" || got[n] != fmt.Sprintf("+v\t%07d", n-1) {
		t.Fatalf("%d keys with a tab read %d variants (%q ...), want %d", n, len(got), got[:min(3, len(got))], n+1)
	}
	perPlain, perTab := plainBytes/float64(len(plain.Nodes[0].Variants)), tabBytes/float64(len(tab.Nodes[0].Variants))
	t.Logf("%d keys plain: %.1f bytes allocated a key; with a tab: %.1f (%.2fx)", n, perPlain, perTab, perTab/perPlain)
	if perTab > 1.4*perPlain {
		t.Errorf("%d keys in order with escapes allocated %.1f bytes a key, want at most 1.4x the %.1f of the same keys plain (each key copied and filed in the hash table, not in the run?)", n, perTab, perPlain)
	}
}
