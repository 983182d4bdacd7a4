package report

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"unsafe"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/listops"
)

// ShownWords is the list of a's strings not in b (a spec's variants but
// the ones every spec of its package has), joined as MinusJoin joins
// them with spaces, each item quoted as Words quotes it, made visible
// (VisibleSpaces) and shortened (Shorten): byte for byte that text,
// without it. A view writes a cell of thousands of variants as its first
// 2,000 characters and a mark of the whole cell's digest; the whole
// cell joined, quoted again and made visible, only to be cut, made one
// spec of 4M variants each holding a tab (48 MB of JSON) render in
// Markdown at 5.8x its input. Only the items the cut reads are joined
// (firstShown), the rest made visible a few at a time and hashed
// (shownWordsSum).
//
// The cell is made in pieces: every item of it is non-empty and starts
// and ends with a character other than a space (listops.Word quotes one
// that holds a space, and an empty one), so the single spaces between
// items are neither written \x20 nor read with their neighbours, and
// the cell made visible is its pieces made visible joined by spaces.
func ShownWords(a, b []string) string {
	for k := shownWordsFirst; ; k *= 4 {
		v, more := firstShown(a, b, k)
		if !more {
			return Shorten(v)
		}
		// v is the start of the whole cell, a space after it: where
		// Shorten cuts v, it cuts the whole cell alike (shorten reads
		// no further than a word's end, the space, and an escape's
		// digits, which a space ends), but for the mark's digest.
		if cut, _ := shorten(v, maxText, nil); !cut {
			continue
		}
		limit := maxText - cutMarkLen + 1
		var sb strings.Builder
		_, text := shorten(v, limit, &sb)
		sb.WriteString(cutmark.OfSum(shownWordsSum(a, b), limit-text))
		return sb.String()
	}
}

// EscapeMDWords is ShownWords escaped for Markdown, as EscapeMD escapes
// a text: a table's cell of a spec's variants.
func EscapeMDWords(a, b []string) string { return escape(ShownWords(a, b), false) }

// shownWordsFirst is how many items ShownWords makes visible first, four
// times as many each time they do not fill the cut, and
// shownWordsItemBytes the bytes an item is allowed on average among
// them (a few long items fill the cut as many short ones do).
var shownWordsFirst, shownWordsItemBytes = 64, 64

// shownWordsChunk is how many items shownWordsSum makes visible at a
// time, and shownWordsChunkBytes how many bytes of them, quoted, end a
// chunk before: a chunk of 256 items of 1,200 bytes each (400 U+200B)
// grew its two buffers to the whole cell and twice it.
var shownWordsChunk, shownWordsChunkBytes = 256, 16 << 10

// firstShown is the first k items of ShownWords's cell, or fewer of
// more than k*shownWordsItemBytes bytes, made visible, and whether more
// follow: 64 items of 400 U+200B each were 154 KB made visible, of
// which the cut keeps 2,000 characters.
func firstShown(a, b []string, k int) (string, bool) {
	first := make([]string, 0, min(k, len(a)))
	more := false
	size := 0
	listops.MinusEach(a, b, func(s string) bool {
		if len(first) == k || size > k*shownWordsItemBytes {
			more = true
			return false
		}
		first = append(first, s)
		size += len(s) + 1
		return true
	})
	return VisibleSpaces(JoinWords(first, " ")), more
}

// shownWordsSum is the SHA-256 of ShownWords's whole cell made visible,
// hashed a chunk of items at a time, each chunk quoted into one buffer
// and made visible into another, both used again (no copy of the cell,
// nor of a chunk): Words's quoting of an
// item Go quoted (listops.Word) is Quote of the item itself.
func shownWordsSum(a, b []string) [sha256.Size]byte {
	h := sha256.New()
	var quoted, shown []byte
	n := 0
	flush := func() {
		// The quoted chunk read in place, not copied to a string:
		// quoted is not written again before it is emptied.
		shown = appendPlainText(shown[:0], unsafe.String(unsafe.SliceData(quoted), len(quoted)), true, true)
		if bytes.Contains(shown, []byte(legacyCommand)) {
			shown = bytes.ReplaceAll(shown, []byte(legacyCommand), []byte(`##\x5b`)) // visible
		}
		h.Write(shown)
		quoted = quoted[:0]
		n = 0
	}
	first := true
	listops.MinusEach(a, b, func(s string) bool {
		switch {
		case first:
			first = false
		case n == 0:
			// Between chunks, each made visible on its own.
			h.Write([]byte{' '})
		default:
			quoted = append(quoted, ' ')
		}
		if listops.Quoted(s, " ") {
			quoted = appendQuoteLabel(quoted, s, false)
		} else {
			quoted = append(quoted, s...)
		}
		if n++; n == shownWordsChunk || len(quoted) >= shownWordsChunkBytes {
			flush()
		}
		return true
	})
	if n > 0 {
		flush()
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}
