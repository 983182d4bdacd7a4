package listops

import (
	"strconv"
	"strings"
	"testing"
)

// A list of variants joined by spaces reads back as its elements: a
// variant with a space, an empty one, or one that begins with a quote
// is quoted; the others are as they are (TestVariantWithSpaceQuoted in
// cmd/cachediff has the reports).
func TestJoinQuotesWords(t *testing.T) {
	for _, tc := range []struct {
		l    []string
		want string
	}{
		{[]string{"+a", "~b", "v=x"}, "+a ~b v=x"},
		{[]string{"v=x +w"}, `"v=x +w"`},
		{[]string{"+a", "cflags=-O2 -g", "~b"}, `+a "cflags=-O2 -g" ~b`},
		{[]string{"+a\tb"}, `"+a\tb"`},
		{[]string{`"+a`, `b"`}, `"\"+a" b"`},
		{[]string{""}, `""`},
		{nil, ""},
	} {
		if got := Join(tc.l, " "); got != tc.want {
			t.Errorf("Join(%q) = %s, want %s", tc.l, got, tc.want)
		}
	}
	// Read back: each word unquoted is the element.
	l := []string{"+a", "v=x +w", `"q`, "", "~b"}
	var back []string
	for rest := Join(l, " "); rest != ""; {
		w := rest
		if rest[0] == '"' {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				t.Fatal(err)
			}
			w, _ = strconv.Unquote(q)
			rest = strings.TrimPrefix(rest[len(q):], " ")
		} else if i := strings.IndexByte(rest, ' '); i >= 0 {
			w, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		back = append(back, w)
	}
	if strings.Join(back, "|") != strings.Join(l, "|") {
		t.Errorf("read back %q, want %q", back, l)
	}
	// MinusJoin writes the words as Join does, on its path for long
	// sorted lists too.
	var a, b []string
	for i := range 40 {
		a = append(a, "v"+strconv.Itoa(100+i)+"=x y")
		if i%2 == 0 {
			b = append(b, a[i])
		}
	}
	if got, want := MinusJoin(a, b, " ", nil), Join(Minus(a, b, nil), " "); got != want || !strings.HasPrefix(got, `"v101=x y" "v103=x y"`) {
		t.Errorf("MinusJoin = %s, want %s", got, want)
	}
}
