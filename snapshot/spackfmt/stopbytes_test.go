package spackfmt

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestStopBytes holds stopBytes, with which rawString looks at eight
// bytes at a time, to strPlain, the byte-at-a-time loop it stands in
// for: its lowest mark is the first byte strPlain leaves out, with one
// or two stops (each kind: quote, backslash, control characters, 0x7f,
// bytes from 0x80, and plain bytes beside them) at every place of a word,
// where a borrow could hide or invent one.
func TestStopBytes(t *testing.T) {
	kinds := []byte{'"', '\\', 0, 0x01, 0x02, 0x1f, 0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7e, 0x7f, 0x80, 0x9f, 0xa0, 0xa2, 0xdc, 0xff}
	check := func(w [8]byte) {
		t.Helper()
		want := 8
		for i, c := range w {
			if !strPlain[c] {
				want = i
				break
			}
		}
		got := bits.TrailingZeros64(stopBytes(binary.LittleEndian.Uint64(w[:]))) >> 3
		if got != want {
			t.Fatalf("stopBytes(%q): first stop at %d, want %d", w[:], got, want)
		}
	}
	plain := [8]byte{'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'}
	check(plain)
	for _, a := range kinds {
		for p := range 8 {
			w := plain
			w[p] = a
			check(w)
			for _, b := range kinds {
				for q := range 8 {
					if q != p {
						w2 := w
						w2[q] = b
						check(w2)
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		check([8]byte(binary.LittleEndian.AppendUint64(nil, r.Uint64())))
	}
}

// TestRawStringWords reads strings of every length up to 40 bytes, each
// at the end of the input and before more, with a stop anywhere, as
// encoding/json reads them: the word loop and the byte loop after it
// meet at every offset.
func TestRawStringWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pick := []string{`\"`, `\\`, `\n`, `\u00e9`, "é", "\x01", "\x7f", "\xff", "x"}
	for n := range 40 {
		for range 50 {
			var body []byte
			for len(body) < n {
				if r.IntN(8) == 0 {
					body = append(body, pick[r.IntN(len(pick))]...)
				} else {
					body = append(body, byte('a'+r.IntN(26)))
				}
			}
			for _, tail := range []string{"", `,"more text after it"}`} {
				doc := `"` + string(body) + `"`
				s := newScanner("x", []byte(doc+tail))
				got, err := s.rawString()
				var want string
				werr := json.Unmarshal([]byte(doc), &want)
				if werr == nil && !utf8.ValidString(string(body)) {
					werr = errNotUTF8 // encoding/json puts U+FFFD for it, rawString refuses it
				}
				if (err != nil) != (werr != nil) || err == nil && (string(got) != want || s.pos != len(doc)) {
					t.Fatalf("rawString(%q) = %q, %v at %d; want %q, %v at %d", doc+tail, got, err, s.pos, want, werr, len(doc))
				}
			}
		}
	}
}

var errNotUTF8 = &Error{Msg: "not UTF-8"}
