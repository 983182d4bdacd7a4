package report

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/cachediff/cachediff/internal/listops"
)

// shownWordsOld is ShownWords as the views made it: the whole cell
// joined, quoted again, made visible and shortened.
func shownWordsOld(a, b []string) string {
	return Shorten(VisibleSpaces(Words(listops.MinusJoin(a, b, " ", nil), " ")))
}

// TestShownWordsAsWhole: ShownWords writes the cell byte for byte as the
// whole cell made visible and shortened, its cut and the mark's digest
// included, for lists of hostile variants (quotes, spaces, tabs,
// newlines, backslashes, escapes' look-alikes, invisible characters,
// invalid bytes, long words, "##[") cut or whole, in chunks of any size
// and first items of any number and bytes.
func TestShownWordsAsWhole(t *testing.T) {
	parts := []string{"+a", "~b", "c=1", "\t", "\n", " ", "  ", `\`, `\n`, `\x41`, `\u202e`, "\u202e", "\u200b", "\xff", "\"", "##[", "é", "e\u0301",
		"\u00a0", "x", "yy", strings.Repeat("w", 230), "\\\\", "@m", "#1", "|", "\x1b[31m", "🇺🇸", "\U000e0001"}
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var sb strings.Builder
		for range 1 + rng.IntN(4) {
			sb.WriteString(parts[rng.IntN(len(parts))])
		}
		return sb.String()
	}
	defer func(c, cb, f, ib int) {
		shownWordsChunk, shownWordsChunkBytes, shownWordsFirst, shownWordsItemBytes = c, cb, f, ib
	}(shownWordsChunk, shownWordsChunkBytes, shownWordsFirst, shownWordsItemBytes)
	cases := 0
	for trial := range 200 {
		n := []int{0, 1, 2, 17, 63, 64, 65, 200, 300, 1000}[trial%10]
		a := make([]string, n)
		for i := range a {
			a[i] = word()
		}
		var b []string
		for i := range a {
			if rng.IntN(5) == 0 {
				b = append(b, a[i])
			}
		}
		if trial%3 == 0 {
			b = b[:min(len(b), 3)]
		}
		shownWordsChunk, shownWordsChunkBytes = 1+rng.IntN(300), 1+rng.IntN(4000)
		shownWordsFirst, shownWordsItemBytes = 1+rng.IntN(100), 1+rng.IntN(100)
		want, got := shownWordsOld(a, b), ShownWords(a, b)
		if got != want {
			t.Fatalf("%d variants, chunks of %d items or %d bytes, first %d items or %d bytes each: ShownWords\n%q\nwant\n%q", n, shownWordsChunk, shownWordsChunkBytes, shownWordsFirst, shownWordsItemBytes, got, want)
		}
		if strings.Contains(want, "…") {
			cases++
		}
	}
	if cases < 50 {
		t.Errorf("only %d of 200 lists cut", cases)
	}
}

// TestShownWordsAllocatesLittle (class d): a cell of 64K variants, each
// holding a tab (an escape once made visible), cut to its first 2,000
// characters, allocates at most about its own bytes: the whole cell
// joined, quoted again and made visible before the cut allocated 11x
// them, and a spec of 4M such variants rendered in Markdown at 5.8x
// its 48 MB of JSON, in HTML at 6.0x.
func TestShownWordsAllocatesLittle(t *testing.T) {
	a := make([]string, 1<<16)
	size := 0
	for i := range a {
		a[i] = fmt.Sprintf("\t%07d", i)
		size += len(a[i]) + 1
	}
	shared := []string{"build_system=generic"}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := EscapeMDWords(a, shared)
	runtime.ReadMemStats(&after)
	if !strings.HasPrefix(out, `"\\t0000000" "\\t0000001"`) || !strings.Contains(out, "…") {
		t.Fatalf("cell %.80q…, want the variants quoted and cut", out)
	}
	got := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d variants (%d bytes): %d bytes allocated (%.2fx)", len(a), size, got, float64(got)/float64(size))
	if got > uint64(size) {
		t.Errorf("a cell of %d variants with a tab each (%d bytes) allocated %d bytes, %.1fx them, want at most 1x", len(a), size, got, float64(got)/float64(size))
	}
}

// TestPlainTextEscapesAsGo: plainText writes a control character as
// strconv.QuoteRune does, an invisible one as \u or \U and its digits,
// and an invalid byte as \x and two: appendPlainText writes them without
// fmt or a string of each.
func TestPlainTextEscapesAsGo(t *testing.T) {
	for r := rune(0); r <= 0x10ffff; r++ {
		var want string
		switch {
		case r >= 0xd800 && r <= 0xdfff:
			continue
		case Invisible(r) && r > 0xffff:
			want = fmt.Sprintf(`\U%08x`, r)
		case Invisible(r):
			want = fmt.Sprintf(`\u%04x`, r)
		case unicode.IsControl(r):
			q := strconv.QuoteRune(r)
			want = q[1 : len(q)-1]
		default:
			continue
		}
		if got := plainText(string(r)); got != want {
			t.Errorf("plainText(%U) = %q, want %q", r, got, want)
		}
	}
	if got := plainText("a\xffb"); got != `a\xffb` {
		t.Errorf(`plainText("a\xffb") = %q, want a\xffb`, got)
	}
}

// TestShownWordsLongItemsAllocateLittle (class d): a cell of few long
// items made longer by being made visible (1,000 variants of 400 U+200B
// each, \u200b 6 bytes for 3) allocates under half its bytes (0.39x): the
// first 64 items made visible whatever their bytes (154 KB, of which
// the cut keeps 2,000 characters), and each chunk of 256 items hashed
// grown to the whole cell, allocated 0.9x and 4.3x them.
func TestShownWordsLongItemsAllocateLittle(t *testing.T) {
	a := make([]string, 1000)
	size := 0
	for i := range a {
		a[i] = fmt.Sprintf("+a%03d", i) + strings.Repeat("\u200b", 400)
		size += len(a[i]) + 1
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := ShownWords(a, nil)
	runtime.ReadMemStats(&after)
	if !strings.HasPrefix(out, `+a000\u200b\u200b`) || !strings.Contains(out, "…") {
		t.Fatalf("cell %.80q…, want the variants made visible and cut", out)
	}
	got := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d variants (%d bytes): %d bytes allocated (%.2fx)", len(a), size, got, float64(got)/float64(size))
	if got > uint64(size)/2 {
		t.Errorf("a cell of %d variants of 400 U+200B each (%d bytes) allocated %d bytes, %.2fx them, want at most 0.5x", len(a), size, got, float64(got)/float64(size))
	}
}
