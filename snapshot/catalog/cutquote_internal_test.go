package catalog

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestCutQuoteReadsApart (class a, c of the second pass over 5a1fc5e7
// and 49bd3be0): a value of n bytes or fewer is quoted whole, escapes
// and all, and a longer one is cut, its mark inside the closing quote;
// the quoted text, read back (strconv.Unquote), is the value when
// whole, and a prefix of it and its mark, longer than n, when cut: a
// value cut never reads as one whole, nor as another value cut. Before
// 5a1fc5e7 quoteShort cut a value of n bytes whose quoted text ran past
// n (escapes), and marked it cut. Values of n-2 to n+2 bytes, of "…"
// and hex digits, of escapes, of invalid UTF-8 and a character split at
// the cut, a newline and U+202E.
func TestCutQuoteReadsApart(t *testing.T) {
	const n = 40
	var values []string
	for l := n - 2; l <= n+2; l++ {
		for _, unit := range []string{"x", "\n", "\u202e", "…", "\xff", "0123456789abcdef", `\"`} {
			v := strings.Repeat(unit, l/len(unit)+1)[:l]
			values = append(values, v, v[:l-1]+"1", "a"+v[1:])
		}
	}
	type quoter struct {
		name  string
		quote func(string) string
		ascii bool
	}
	for _, q := range []quoter{
		{"quoteShort", func(s string) string { return quoteShort(s, n) }, false},
		{"quoteValue", func(s string) string { return cutQuote(s, n, strconv.QuoteToASCII) }, true},
	} {
		seen := map[string]string{}
		for _, v := range values {
			got := q.quote(v)
			back, err := strconv.Unquote(got)
			switch {
			case err != nil:
				t.Errorf("%s(%q) = %s: does not read back: %v", q.name, v, got, err)
			case len(v) <= n && back != v:
				t.Errorf("%s(%q) = %s; want it whole", q.name, v, got)
			case len(v) > n && (len(back) <= n || !strings.HasSuffix(back, cutmark.Of(v)) || !strings.HasPrefix(v, strings.TrimSuffix(back, cutmark.Of(v)))):
				t.Errorf("%s(%q) = %s; want a prefix of it and %s inside the quotes", q.name, v, got, cutmark.Of(v))
			case strings.ContainsAny(got, "\n\u202e"):
				t.Errorf("%s(%q) = %s: a newline or U+202E as it is", q.name, v, got)
			}
			if w, ok := seen[got]; ok && w != v {
				t.Errorf("%s: %q and %q both read %s", q.name, w, v, got)
			}
			seen[got] = v
		}
	}
}
