package report

import (
	"fmt"
	"html"
	"net/url"
	"reflect"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/listops"
)

// PackageURL is the address of a package's catalogue page: base followed
// by the escaped name, query-escaped when base has a query (…/?name=) and
// path-escaped otherwise (…/package/). Bytes that cannot stand in a URL
// written in Markdown or HTML (spaces, quotes, brackets, |, non-ASCII) are
// Percent-encoded in base too. An empty base gives "".
func PackageURL(base, name string) string {
	if base == "" {
		return ""
	}
	esc := url.PathEscape(name)
	if strings.Contains(base, "?") {
		esc = url.QueryEscape(name)
	}
	return urlSafe(base) + esc
}

// urlSafe percent-encodes the bytes of u that are not URL characters, or
// that would end a Markdown link destination or table cell. The brackets
// of the host (an IPv6 address, https://[::1]/) are kept: encoded, as
// https://%5B::1%5D/, they named no host, and every link was broken.
func urlSafe(u string) string {
	var b strings.Builder
	hostFrom, hostTo := 0, 0 // u[hostFrom:hostTo] is the authority
	if i := strings.Index(u, "://"); i >= 0 {
		hostFrom, hostTo = i+3, len(u)
		if j := strings.IndexAny(u[hostFrom:], "/?#"); j >= 0 {
			hostTo = hostFrom + j
		}
	}
	for i := 0; i < len(u); i++ {
		c := u[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~:/?#@!$&*+,;=%", c) >= 0 ||
			(c == '[' || c == ']') && hostFrom <= i && i < hostTo {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// MDPackage writes a package name in Markdown, as a link to its page when
// base is set.
func MDPackage(base, name string) string {
	if base == "" {
		return EscapeMD(name)
	}
	return "[" + EscapeMD(name) + "](" + PackageURL(base, name) + ")"
}

// HTMLPackage writes a package name in an HTML block, as a link to its
// page when base is set.
func HTMLPackage(base, name string) string {
	if base == "" {
		return EscapeHTML(name)
	}
	return `<a href="` + html.EscapeString(PackageURL(base, name)) + `">` + EscapeHTML(name) + "</a>"
}

// EscapeMD makes s safe as inline GitHub-flavoured Markdown, including in a
// table cell: Markdown punctuation is backslash-escaped, HTML is entity-
// escaped, and an @mention, an issue reference
// (#123, GH-123) is broken with a zero-width space so that nobody is
// notified and no issue is linked; $ is escaped so that no math is typeset.
// An underscore or an @ inside a word of ASCII letters and digits
// (x86_64_v3, gcc@13.2.0) can neither emphasize nor mention, and is left
// as it is so that the Markdown source stays readable. s is first made
// visible text as the text view writes a value (VisibleInput): a control
// character (a newline, a tab), an invisible one and an invalid byte are
// written as Go escapes (\n, \t, \u202e, \xff), so that each reads as no
// other and as no space or U+FFFD. Long text is shortened next (see
// Shorten): the full value is in the JSON report.
// A space a rendered page would lose, at an edge of s or in a run of
// spaces, is written \x20 too (VisibleSpaces).
func EscapeMD(s string) string { return escape(Shorten(VisibleSpaces(s)), false) }

// EscapeMDMessage is EscapeMD for a message (a warning, a skipped page's
// reason), which quotes its input where it is made: written as Visible
// writes it, as on standard error and in the text view, but its edge
// spaces and runs of spaces, which a rendered page would lose
// (VisibleMessage).
func EscapeMDMessage(msg string) string { return escape(ShortenMessage(VisibleMessage(msg)), false) }

// EscapeMDText is EscapeMD for a text made visible already (such as
// NewsShown): only escaped for Markdown and shortened, its backslashes
// left as they are.
func EscapeMDText(s string) string { return escape(Shorten(s), false) }

// EscapeHTML makes s safe as text inside an HTML block of GitHub Markdown
// (such as a <summary>), where Markdown escapes are not interpreted: HTML
// and the characters that could end a table cell or open a code span are
// entity-escaped and @mentions are broken. s is made visible text, its
// edge spaces and runs of spaces included (VisibleSpaces), and shortened
// first, like EscapeMD's.
func EscapeHTML(s string) string { return escape(Shorten(VisibleSpaces(s)), true) }

// Limits of shorten, in characters (runes).
const (
	maxWord = 200  // a word: a run of characters without a space
	maxText = 2000 // a whole text, such as a list of variants joined
)

// MaxPathNames is the most names of a path joined by " → " that a text
// shortened as EscapeMD, EscapeHTML and Shorten do can show: each name
// after the first comes with three characters that count, so the text
// is cut before the last of these names ends, whatever names follow.
const MaxPathNames = maxText/3 + 2

// MaxWord is the most characters a name keeps whole in Markdown and HTML
// (Shorten): text cuts a snapshot's name at as many cells.
const MaxWord = maxWord

// CutMiddle is a name whole up to limit wide, else its first limit/2
// and then its last characters either side of "…", limit wide in all:
// where tags and paths differ (a date, the folder). width is a
// character's width (1 each in a feed; a terminal's cells in text, 2
// for a wide character, 0 for a combining mark), never more than its
// bytes. s is visible text (Visible): valid UTF-8, no escape sequences.
// Neither side of "…" is cut inside a character and the marks that
// combine with it (clusterBreak): the head gives up a character whose
// marks do not fit, and the tail starts at the next character, not with
// a lone accent. A cluster longer than maxCluster characters (letters
// joined by U+200D, a letter under thousands of accents) is cut inside
// like plain text, so a side may then begin or end mid-cluster: giving
// it up whole would leave "…" alone.
func CutMiddle(s string, limit int, width func(rune) int) string {
	head, tail, cut := cutMiddle(s, limit, width)
	if !cut {
		return s
	}
	return s[:head] + "…" + s[tail:]
}

// CutLabel is CutMiddle of a snapshot's name, which tells snapshots
// apart (text's textLabel, the feed's feedLabel): a name cut reads the
// 8 digits of its digest between two "…" (cutMark), as Shorten's cut
// words end with them, in the same width. Cut in the middle alone, the
// tags of 400 characters that differ at the 150th read alike, as two
// that differ only where Shorten cuts them did; ids and JSON keep them
// whole.
func CutLabel(s string, limit int, width func(rune) int) string {
	if _, _, cut := cutMiddle(s, limit, width); !cut {
		return s
	}
	// The head and tail either side of a mark of 10: limit+1 wide, or
	// narrower where a cluster or escape is kept whole, or a wide
	// character does not fit. The mark then takes as many more digits
	// (cutMark): a name cut is limit+1 wide, wider than any left whole,
	// so never reads as one. Cut to limit wide, the name cut read as the
	// name left whole spelt so.
	head, tail, _ := cutMiddle(s, max(limit-cutMarkLen+1, 1), width)
	used := 0
	for _, r := range s[:head] + s[tail:] {
		used += width(r)
	}
	return s[:head] + cutMark(s, max(limit-cutMarkLen-used, 0)) + "…" + s[tail:]
}

// cutMiddle is where CutMiddle cuts s: its head s[:head] and its tail
// s[tail:] either side of "…"; cut is false where s is whole.
func cutMiddle(s string, limit int, width func(rune) int) (head, tail int, cut bool) {
	if len(s) <= limit {
		return 0, 0, false
	}
	total := 0
	for _, r := range s {
		total += width(r)
	}
	if total <= limit {
		return 0, 0, false
	}
	head = len(s)
	used := 0
	for i, r := range s {
		if used+width(r) > limit/2 {
			head = i
			break
		}
		used += width(r)
	}
	room := limit - 1 - used
	tail = len(s)
	for used := 0; tail > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:tail])
		if used+width(r) > room {
			break
		}
		used += width(r)
		tail -= size
	}
	// A cut inside a character and its marks moves to the cluster's
	// edge, unless the cluster is past maxCluster characters: then the
	// text is no character and its marks (Unicode's stream-safe text has
	// at most 30 marks in a row) but one made to be cut, a letter under
	// thousands of accents or letters joined by U+200D, and keeping
	// nothing of it left "…" alone, the name lost.
	if start, _, ok := clusterAround(s, head); ok {
		head = start
	}
	if _, end, ok := clusterAround(s, tail); ok {
		tail = end
	}
	// Nor inside an escape of visible text (EscapeLen): the head gives
	// it up, the tail starts after it (and after the marks that combine
	// with its last character). "\u00a0" cut to "\u0" read as some
	// other escape, and a doubled backslash cut to one as the start of
	// one.
	if start, _, ok := escapeAround(s, head); ok {
		head = start
	}
	if _, end, ok := escapeAround(s, tail); ok {
		tail = end
		if _, end, ok := clusterAround(s, tail); ok {
			tail = end
		}
	}
	return head, tail, true
}

// EscapeLen is the length of the escape of visible text (VisibleInput,
// Visible) that s starts with, or 0: a backslash and another (a
// backslash doubled), or a one-letter escape (\n), \x and two hex
// digits, \u and four, \U and eight. Each is as many characters (and
// cells) as bytes. A text cut inside one reads as another escape, or
// as a lone backslash: the cutters keep each whole or leave it out.
func EscapeLen(s string) int {
	if len(s) < 2 || s[0] != '\\' {
		return 0
	}
	digits := 0
	switch s[1] {
	case '\\', 'a', 'b', 'f', 'n', 'r', 't', 'v':
		return 2
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		return 0
	}
	if len(s) < 2+digits {
		return 0
	}
	for _, c := range []byte(s[2 : 2+digits]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return 0
		}
	}
	return 2 + digits
}

// escapeAround returns the edges of the escape of visible text
// (EscapeLen) that byte i of s is inside (start < i < end), reading s's
// escapes from its start (a backslash doubled is one escape, so the
// one after it starts none), and false when i is inside none.
func escapeAround(s string, i int) (start, end int, ok bool) {
	for j := 0; ; {
		k := strings.IndexByte(s[j:], '\\')
		if k < 0 || j+k >= i {
			return i, i, false
		}
		j += k
		n := EscapeLen(s[j:])
		if n == 0 {
			j++
			continue
		}
		if i < j+n {
			return j, j + n, true
		}
		j += n
	}
}

// CutBeforeEscape is i, or the start of the escape of visible text
// (EscapeLen) that byte i of s is inside: where a cut of s to its first
// i bytes goes so as to keep every escape whole or leave it out.
func CutBeforeEscape(s string, i int) int {
	start, _, _ := escapeAround(s, i)
	return start
}

// maxCluster is the most characters of a cluster CutMiddle keeps whole.
const maxCluster = 32

// clusterAround returns the edges of the cluster (clusterBreak) that
// byte i of s is inside, and false when i is at a break or the cluster
// is longer than maxCluster characters (its edges then not looked for
// further).
func clusterAround(s string, i int) (start, end int, ok bool) {
	if i == 0 || i == len(s) || clusterBreak(s, i) {
		return i, i, false
	}
	n := 0
	for start = i; start > 0 && (start == i || !clusterBreak(s, start)); n++ {
		if n == maxCluster {
			return i, i, false
		}
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	for end = i; end < len(s) && (end == i || !clusterBreak(s, end)); n++ {
		if n == maxCluster {
			return i, i, false
		}
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	return start, end, true
}

// clusterBreak reports whether s may be cut at byte i (0 < i < len(s),
// between characters) without parting a character from what joins it,
// by Unicode's tables rather than a library of grapheme clusters: a
// mark (Mn, Mc, Me: an accent, a variation selector) or an emoji
// modifier (a skin tone) goes with the character before it, a zero
// width joiner (U+200D) joins the characters either side, and regional
// indicators go in pairs (a flag).
func clusterBreak(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	if unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) || r == '\u200d' || r >= 0x1f3fb && r <= 0x1f3ff {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	if regional(r) && regional(before) {
		// A flag is two regional indicators, paired from the first of
		// a run: a cut inside one leaves a lone letter, and pairs
		// those after it otherwise ("🇺🇸🇪🇸" cut to "🇸🇪🇸" reads as
		// Sweden's).
		n := 0
		for j := i; j > 0; {
			r, size := utf8.DecodeLastRuneInString(s[:j])
			if !regional(r) {
				break
			}
			n, j = n+1, j-size
		}
		return n%2 == 0
	}
	return before != '\u200d'
}

// regional reports whether r is a regional indicator (U+1F1E6 to
// U+1F1FF), a letter of a flag.
func regional(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }

// Shorten bounds what one value can take of a report: a word longer than
// maxWord characters keeps its first maxWord-cutMarkLen+1 and gets "…"
// and the word's digest (cutMark), and a text longer than maxText
// characters keeps its first maxText-cutMarkLen+1 (a word's mark
// counting as its characters) and gets "…" and the whole text's digest:
// never more than maxText+1 characters. The digest tells apart two
// values that differ only after the cut: the tags of 400 characters
// that differ at the 250th read alike, their first 200 and "…" (ids and
// JSON keep them whole). A cut word is maxWord+1 characters, as it was,
// so no word left whole (at most maxWord) reads as one cut. Words are
// the unit so that a list joined with spaces or commas (the variants of
// a spec) keeps every item that fits, while a 10,000-character name is
// cut. It cuts between characters, never inside one, and before any
// escaping for Markdown or HTML, so never inside an entity. s is
// visible text (VisibleInput, Visible), as every caller makes it first:
// a control character or Unicode bidirectional control left (which can
// make text read in another order than it is) becomes U+FFFD, and line
// breaks and tabs are kept.
func Shorten(s string) string {
	if len(s) <= maxWord && clean(s) {
		return s // the common case: short and plain
	}
	if len(s) <= maxText && clean(s) && longestWord(s) <= maxWord {
		return s // a list joined: short words, no more characters than bytes
	}
	var b strings.Builder
	if cut, _ := shorten(s, maxText, nil); !cut {
		shorten(s, maxText, &b)
		return b.String()
	}
	// A text cut before an escape or a word's mark that does not fit
	// keeps fewer characters: its mark takes as many more digits, so
	// that it is maxText+1 characters, as no text left whole is.
	limit := maxText - cutMarkLen + 1
	_, text := shorten(s, limit, &b)
	b.WriteString(cutMark(s, limit-text))
	return b.String()
}

// ShortenMessage is Shorten for a message (a skipped file's problem, a
// warning), which says what is wrong at its end: where Shorten would cut
// it, a word past maxWord characters keeps its head and its tail either
// side of its mark (CutLabel), and then a text past maxText characters
// its head and its tail, maxWord+1 and maxText+1 characters as Shorten's
// cuts. Cut at their ends, a link's target of 2 KB, one word, lost the
// "), " that closes it ("(to ttt…06f4f20b which leads to nothing"), and
// a target of spaced words the message's end, "), which leads to
// nothing", whole. s is visible text, as Shorten's.
func ShortenMessage(s string) string {
	if utf8.RuneCountInString(s) <= maxText && longestWord(s) <= maxWord {
		return Shorten(s)
	}
	one := func(rune) int { return 1 }
	var b strings.Builder
	for rest := s; rest != ""; {
		end := strings.IndexAny(rest, " \n\r\t")
		if end < 0 {
			end = len(rest)
		}
		b.WriteString(CutLabel(rest[:end], maxWord, one))
		rest = rest[end:]
		sp := len(rest) - len(strings.TrimLeft(rest, " \n\r\t"))
		b.WriteString(rest[:sp])
		rest = rest[sp:]
	}
	t := CutLabel(b.String(), maxText, one)
	return strings.Map(func(r rune) rune {
		if !cleanRune(r) {
			return utf8.RuneError
		}
		return r
	}, t)
}

// CutEnd is s whole up to limit characters, else its first limit-8
// characters (fewer where an escape of visible text would be cut: it is
// left out whole, EscapeLen) and the mark of the whole value (cutMark),
// its digits as many more as the cut kept fewer: limit+1 characters,
// so that no value left whole reads as one cut, and two cut alike read
// apart. Cut at limit and "…", the feed's entries of two names of 400
// characters that differ past the 300th were titled alike.
func CutEnd(s string, limit int) string {
	if len(s) <= limit || utf8.RuneCountInString(s) <= limit {
		return s
	}
	keep := max(limit-cutMarkLen+1, 0)
	i := 0
	for n := 0; n < keep; n++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	i = CutBeforeEscape(s, i)
	return s[:i] + cutMark(s, keep-utf8.RuneCountInString(s[:i]))
}

// CutMark is the mark of a value cut for a message (a --package value,
// a report's value in render's error): "…" and the first 8 hexadecimal
// digits of the SHA-256 of the whole value, as Shorten marks a cut word,
// so that two values that differ only past the cut read apart.
func CutMark(v string) string { return cutMark(v, 0) }

// CutMarkBytes is CutMark of the value b, not copied.
func CutMarkBytes(b []byte) string { return cutmark.OfBytes(b) }

// cutMarkLen is the characters of cutMark's mark: "…" and 8 digits.
const cutMarkLen = cutmark.Len

// cutMark is what a value cut by Shorten or CutLabel gets where it is
// cut: "…" and the first 8+more hexadecimal digits of the SHA-256 of
// the whole value (cutmark.OfMore), so that values cut alike read
// apart. more makes up for characters a cut keeps fewer than it might
// (an escape or a cluster kept whole, left out): a value cut is then one
// character longer than any left whole, so never reads as one. Cut to
// 188 characters before "\u202e" and marked with 8 digits, the word of
// 197 characters read as the word left whole that is spelt so.
func cutMark(v string, more int) string { return cutmark.OfMore(v, more) }

// shorten writes Shorten's text of s to b, of at most limit
// characters, each cut word marked (cutMark), and tells whether the
// text was cut, its mark left for Shorten to write, and the characters
// written. With b nil it writes nothing, and only tells.
func shorten(s string, limit int, b *strings.Builder) (cut bool, text int) {
	word := 0          // characters of the current word
	wordMax := maxWord // the characters the current word keeps
	wordStart := 0     // the start of the current word
	wordEnd := 0       // the end of the current word
	wordText := 0      // text written before the current word
	escEnd := 0        // the end of the escape of visible text read last
	for i, r := range s {
		if text >= limit {
			return true, text
		}
		space := r == ' ' || r == '\n' || r == '\r' || r == '\t'
		if !space && i >= wordEnd {
			// A word begins: one longer than maxWord keeps room for
			// its mark.
			wordStart, wordEnd, wordText = i, len(s), text
			if k := strings.IndexAny(s[i:], " \n\r\t"); k >= 0 {
				wordEnd = i + k
			}
			wordMax = maxWord
			if utf8.RuneCountInString(s[i:wordEnd]) > maxWord {
				wordMax = maxWord - cutMarkLen + 1
			}
		}
		// An escape of visible text (EscapeLen) is kept whole or left
		// out: a word or the text is cut before one that does not fit
		// ("\u0…" read as another escape, "\…" as a lone backslash).
		if i >= escEnd && r == '\\' {
			if k := EscapeLen(s[i:]); k > 0 {
				escEnd = i + k
				switch {
				case word > wordMax: // the word is cut already
				case word+k > wordMax:
					word = wordMax // the word is cut here
				case text+k > limit:
					return true, text
				}
			}
		}
		if space {
			word = 0
		} else if word++; word > wordMax {
			if word == wordMax+1 {
				// Cut before an escape, the word kept fewer than
				// wordMax: its mark makes up for them (cutMark).
				more := wordMax - (text - wordText)
				if text+cutMarkLen+more > limit {
					return true, text
				}
				if b != nil {
					b.WriteString(cutMark(s[wordStart:wordEnd], more))
				}
				text += cutMarkLen + more
			}
			continue
		}
		text++
		if b == nil {
			continue
		}
		if !cleanRune(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return false, text
}

// clean reports whether s holds only characters shorten keeps as they are.
func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c >= 0x7f {
			return isCleanUTF8(s[i:])
		}
	}
	return true
}

func isCleanUTF8(s string) bool {
	for _, r := range s {
		if !cleanRune(r) {
			return false
		}
	}
	return true
}

func cleanRune(r rune) bool {
	switch {
	case r == '\n' || r == '\r' || r == '\t':
		return true
	case r == utf8.RuneError, unicode.IsControl(r), Invisible(r):
		return false
	}
	return true
}

// Invisible reports whether r is a character that takes no room or
// changes how the text around it reads, without showing itself: format
// characters (zero-width spaces and joiners, U+FEFF, the soft hyphen),
// bidirectional controls (U+202E makes text read backwards), variation
// selectors and the other default-ignorable code points, the line and
// paragraph separators, and the noncharacters (U+FFFE, U+FFFF, U+FDD0 to
// U+FDEF and the last two of each plane: no character, and XML forbids
// U+FFFE and U+FFFF), and the spaces but ASCII's (U+00A0, U+2009,
// U+3000: each reads as a space, or at an edge as nothing, "1.0\u00a0"
// as "1.0"). "g\u200bcc" looks like gcc: every format shows these
// characters as Go escapes (\u200b).
func Invisible(r rune) bool {
	if r < 0xad {
		return r == 0xa0 // the common case: ASCII and Latin-1 letters
	}
	return unicode.In(r, unicode.Cf, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Bidi_Control,
		unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point, unicode.Noncharacter_Code_Point)
}

func escape(s string, html bool) string {
	class := byte(plainMD)
	if html {
		class = plainHTML
	}
	i := 0
	for i < len(s) && byteClass[s[i]]&class != 0 {
		i++
	}
	if i == len(s) {
		return s // nothing to escape: most names, versions and lists
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if byteClass[c]&class != 0 {
			// A run of bytes written as they are, whatever surrounds
			// them (byteClass): the cases below look at their
			// neighbours in s, not in b.
			j := i + 1
			for j < len(s) && byteClass[s[j]]&class != 0 {
				j++
			}
			b.WriteString(s[i:j])
			i = j - 1
			continue
		}
		switch {
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '&':
			b.WriteString("&amp;")
		case c == '\n' || c == '\r' || c == '\t':
			b.WriteByte(' ')
		case c == '@':
			b.WriteByte(c)
			if i+1 < len(s) && (i == 0 || !isWord(s[i-1]) || mailDomain(s[i+1:])) {
				b.WriteString(zwsp) // a mention, or an e-mail address GitHub links
			}
		case c == ':' && (strings.HasPrefix(s[i+1:], "//") || shortcode(s[i+1:])):
			// A URL GitHub links (https://…), or an emoji it draws (:+1:).
			b.WriteByte(c)
			b.WriteString(zwsp)
		case (c == 'w' || c == 'W') && (i == 0 || !isWord(s[i-1])) && len(s)-i > 4 && strings.EqualFold(s[i:i+4], "www."):
			b.WriteString(s[i : i+3]) // www.example.org is linked too
			b.WriteString(zwsp)
			i += 2
		case c == '#' || c == '-' && i >= 2 && strings.EqualFold(s[i-2:i], "gh") && (i == 2 || !isWord(s[i-3])):
			// #123 and GH-123 link to an issue, and show in its timeline.
			switch {
			case c == '-':
				b.WriteByte(c)
			case html:
				b.WriteString("&#35;")
			default:
				b.WriteString(`\#`)
			}
			if i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
				b.WriteString(zwsp)
			}
		case html && strings.IndexByte(`"'|$`+"`", c) >= 0:
			fmt.Fprintf(&b, "&#%d;", c)
		case !html && strings.IndexByte("\\`*[]|~!{}$", c) >= 0,
			!html && c == '_' && !(i > 0 && isWord(s[i-1]) && i+1 < len(s) && isWord(s[i+1])):
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// byteClass tells, per byte, whether escape writes it as it is wherever it
// stands: plainMD in Markdown text, plainHTML in an HTML block. The
// others are the bytes a case of escape's switch is about: those it
// escapes, and those it keeps or not depending on their neighbours (@, :,
// w and W of www., #, - of GH-, _).
var byteClass = func() (t [256]byte) {
	for c := range 256 {
		t[c] = plainMD | plainHTML
	}
	for _, c := range []byte("<>&\n\r\t@:wW#-_") {
		t[c] = 0
	}
	for _, c := range []byte("\"'|$`") {
		t[c] &^= plainHTML
	}
	for _, c := range []byte("\\`*[]|~!{}$") {
		t[c] &^= plainMD
	}
	return t
}()

const (
	plainMD = 1 << iota
	plainHTML
)

// longestWord is the length in bytes of the longest run of s without a
// space, tab or line break: what shorten counts as a word.
func longestWord(s string) int {
	longest, word := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\n', '\r', '\t':
			word = 0
		default:
			word++
			longest = max(longest, word)
		}
	}
	return longest
}

// mailDomain reports whether s, after an @, starts like the domain of an
// e-mail address GitHub links (letters, digits, -, _ and dots, with a dot
// and a letter): a.example is one, 13.2.0 (gcc@13.2.0) and main are not.
func mailDomain(s string) bool {
	dot, letter := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.':
			dot = true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			letter = true
		case '0' <= c && c <= '9' || c == '-' || c == '_':
		default:
			return dot && letter
		}
	}
	return dot && letter
}

// shortcode reports whether s, after a colon, is the rest of an emoji
// shortcode GitHub draws: lower-case letters, digits, _, + and -, then a
// colon (+1:, rocket:).
func shortcode(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i > 0
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '+' || c == '-':
		default:
			return false
		}
	}
	return false
}

// zwsp is a zero-width space, which GitHub keeps in the text it scans for
// mentions and references: "@\u200boctocat" and "#\u200b123" link nobody.
const zwsp = "&#8203;"

// isWord reports whether c is a character that GitHub's mention pattern
// counts as part of a word before an @ (so that gcc@13.2.0 mentions
// nobody): ASCII letters and digits only. A byte of a non-ASCII character
// is not one: GitHub matches "café@octocat" as a mention of octocat.
func isWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// toInt converts the integer types templates meet (sprig's arithmetic
// returns int64) to int.
func toInt(v any) (int, error) {
	rv := reflect.ValueOf(v)
	switch {
	case rv.CanInt():
		return int(rv.Int()), nil
	case rv.CanUint():
		return int(rv.Uint()), nil
	}
	return 0, fmt.Errorf("want an integer, got %T", v)
}

// Signed writes n with its sign: +3, −2, 0.
func Signed(v any) (string, error) {
	n, err := toInt(v)
	if err != nil {
		return "", err
	}
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n), nil
	case n < 0:
		return fmt.Sprintf("−%d", -n), nil
	}
	return "0", nil
}

// count writes "1 spec", "2 specs".
func count(v any, noun string) (string, error) {
	n, err := toInt(v)
	if err != nil {
		return "", err
	}
	if n == 1 {
		return "1 " + noun, nil
	}
	return fmt.Sprintf("%d %ss", n, noun), nil
}

// minus returns the strings of a not in b, in a's order (listops.Minus).
func minus(a, b []string) []string { return listops.Minus(a, b, nil) }

// Visible makes a message that is not a report (the command's errors and
// notes on standard error) one line of visible text: plainText of the
// whole message, newlines included. A file or package name read from the
// input cannot rewrite the terminal there, nor start a line of its own:
// a CI runner reads a line that starts "::error::" or "::add-mask::" on
// a job's output as a command (GitHub Actions' workflow commands), so a
// newline from the input must never reach standard error raw. The
// runner also reads the legacy form, "##[error]…" or "##[add-mask]…",
// anywhere in a line: its bracket is written \x5b, as a Go escape.
func Visible(msg string) string { return visible(plainTextOf(msg, false, false)) }

// VisibleMessage is Visible for a view that a reader sees rendered
// (Markdown, an HTML page, a feed): a space at either edge of msg or in
// a run of two or more is written \x20, as VisibleSpaces writes a
// value's. A message quotes its values (as Go quotes a string), and a
// rendered page reads a run of spaces as one: the warnings of the
// versions "a  b" and "a   b" read alike there. A quoted value's
// backslashes are doubled already, so a \x20 inside its quotes is
// such a space, and \\x20 the four characters. Outside quotes, a
// backslash right before such a space is doubled where it would
// read with the space's escape as \\x20 (lastBeforeShownSpace): the
// name a\ at a message's end reads a\\\x20, the name a\x20 (as
// VisibleInput writes it) a\\x20.
func VisibleMessage(msg string) string { return visible(plainTextOf(msg, false, true)) }

// VisibleInput is Visible for a part of a message read from the input (a
// path, a flag's value) before it is put in the message, which Visible
// writes as a whole: each input reads as no other. Visible leaves a
// backslash as it is, so that a part quoted already (by VisibleInput, or
// Go's %q) reads as it was made, and a newline and a backslash followed
// by n both read \n; VisibleInput doubles a backslash where it would read
// as an escape (plainText). The views that write a report as plain text
// (text, the patch's header, the HTML page's text, the feed) write its
// values, and the lines made of them, with VisibleInput, so that two
// names never read alike (a backslash and U+202E read \\\u202e, the six
// characters \u202e read \\u202e), and a message of the report (a warning, a
// skipped page's reason, which quote their input where they are made)
// with Visible, as on standard error.
func VisibleInput(s string) string { return visible(plainText(s)) }

// VisibleSpaces is VisibleInput for a view that a reader sees rendered
// (Markdown, an HTML page, a feed), where a run of spaces reads as one
// and a table cell's or a line's edge spaces as none: "1.0 " and "1.0",
// "a  b" and "a b" would read alike. A space at either edge of s or in a
// run of two or more is written \x20, as a Go escape, with the escapes
// of VisibleInput (a backslash before such a space is doubled, so that
// a backslash and a space at the end read \\\x20, the four characters
// \x20 read \\x20). A single space between two other characters is
// kept: the common case, a list joined by spaces, reads as it is.
func VisibleSpaces(s string) string { return visible(plainTextSpaces(s)) }

// visible is s, of plainText, with the legacy command's bracket escaped.
func visible(s string) string {
	if strings.Contains(s, legacyCommand) {
		s = strings.ReplaceAll(s, legacyCommand, `##\x5b`)
	}
	return s
}

// legacyCommand starts a workflow command of the legacy form, which
// GitHub Actions' runner reads anywhere in a line of a job's output.
const legacyCommand = "##["

// plainText makes s safe to print on a terminal: control characters (an
// escape sequence in a package name could rewrite the screen), invisible
// characters (see Invisible: "g\u200bcc" must not pass for gcc) and
// invalid UTF-8 are written as Go escapes (\x1b, \u200b, \xff),
// everything else as it is, but a backslash that would read as the start
// of such an escape, which is written \\: a newline and a backslash
// followed by n both read \n, two inputs alike. A backslash is doubled
// where what follows it would read as such an escape (escapedAfter): a
// backslash, a character written as an escape, \n and the other
// one-letter escapes, \x and two hex digits, \u or \U and the digits of
// an invisible or control character (\u202e). Elsewhere it is as it is:
// a quote, a path's \dev or \users, Go's quoting of a lookalike letter
// (\u0441).
func plainText(s string) string { return plainTextOf(s, true, false) }

// plainTextSpaces is plainText with a space at an edge of s or in a run
// of spaces written \x20 (shownSpace), and a backslash before such a
// space doubled (VisibleSpaces).
func plainTextSpaces(s string) string { return plainTextOf(s, true, true) }

// plainTextOf is plainText, its backslashes doubled where they would
// read as an escape when backslashes is true, else left as they are
// (Visible), and its edge spaces and runs of spaces written \x20
// when spaces is true.
func plainTextOf(s string, backslashes, spaces bool) string {
	clean := true
	for i, r := range s {
		if unclean(r) || backslashes && r == '\\' && escapedAfterOf(s[i+1:], spaces) || spaces && r == ' ' && shownSpace(s, i) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	b := appendPlainText(nil, s, backslashes, spaces)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}

// appendPlainText appends plainTextOf's text of s to b.
func appendPlainText(b []byte, s string, backslashes, spaces bool) []byte {
	for i, r := range s {
		switch {
		case r == '\\':
			if backslashes && escapedAfterOf(s[i+1:], spaces) || !backslashes && spaces && lastBeforeShownSpace(s, i) {
				b = append(b, `\\`...)
			} else {
				b = append(b, '\\')
			}
		case r == ' ' && spaces && shownSpace(s, i):
			b = append(b, `\x20`...)
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				b = appendEscape(b, 'x', rune(s[i]), 2)
			} else {
				b = utf8.AppendRune(b, r)
			}
		case Invisible(r) && r > 0xffff:
			b = appendEscape(b, 'U', r, 8)
		case Invisible(r):
			b = appendEscape(b, 'u', r, 4)
		case unicode.IsControl(r):
			// As strconv.QuoteRune writes it, without a string of it.
			if k := strings.IndexRune("\a\b\f\n\r\t\v", r); k >= 0 {
				b = append(b, '\\', "abfnrtv"[k])
			} else if r < ' ' || r == 0x7f {
				b = appendEscape(b, 'x', r, 2)
			} else {
				b = appendEscape(b, 'u', r, 4)
			}
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// appendEscape appends the Go escape of r: a backslash, the letter and
// digits lower-case hexadecimal digits (\x1b, \u202e).
func appendEscape(b []byte, letter byte, r rune, digits int) []byte {
	b = append(b, '\\', letter)
	for k := digits - 1; k >= 0; k-- {
		b = append(b, lowerHex[r>>(4*k)&0xf])
	}
	return b
}

// unclean reports whether plainText writes r as an escape (r is
// utf8.RuneError for an invalid byte, too).
func unclean(r rune) bool { return r == utf8.RuneError || unicode.IsControl(r) || Invisible(r) }

// escapedAfter reports whether a backslash before rest would read as the
// start of an escape plainText writes (or Visible's \x5b): rest starts
// with a backslash, a character written as an escape, a letter of a
// one-letter escape (\a \b \f \n \r \t \v), an x and two hex digits,
// or a u or U and the hex digits plainText writes for an invisible or
// control character (\u202e, \U000e0001). A \u that names another
// character (\u0441, as Go quotes a Cyrillic letter) or none (a path's
// \users) is no escape plainText writes, and reads as it is.
func escapedAfter(rest string) bool { return escapedAfterOf(rest, false) }

// escapedAfterOf is escapedAfter, and when spaces is true also true for
// a rest that starts with a space plainTextSpaces writes \x20: the last
// character, or one of a run (the character before rest being a
// backslash, the space is no leading one).
func escapedAfterOf(rest string, spaces bool) bool {
	if rest == "" {
		return false
	}
	if spaces && rest[0] == ' ' && (len(rest) == 1 || rest[1] == ' ') {
		return true
	}
	switch c := rest[0]; {
	case strings.IndexByte(`abfnrtv\`, c) >= 0:
		return true
	case c == 'x':
		return len(rest) >= 3 && isLowerHex(rest[1]) && isLowerHex(rest[2])
	case c == 'u':
		return writtenAs(rest, 4)
	case c == 'U':
		return writtenAs(rest, 8)
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return unclean(r)
}

// lastBeforeShownSpace reports whether s[i], a backslash, ends a run of
// an odd number of them right before a space plainTextOf writes \x20
// (shownSpace), in a message that leaves its backslashes as they are
// (VisibleMessage). Written as it is, such a backslash and the space's
// escape read \\x20, the four characters \x20 as a quoted value or a
// part of VisibleInput writes them: the name a\ at the end of a
// message read as the name a\x20 there. Doubled, the run reads as its
// backslashes and the escape as a space. A quoted value's run before a
// space is even (Go doubles each backslash), and is left as it is.
func lastBeforeShownSpace(s string, i int) bool {
	if i+1 >= len(s) || s[i+1] != ' ' || !shownSpace(s, i+1) {
		return false
	}
	n := 0
	for j := i; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// shownSpace reports whether s[i], a space, is one a rendered view
// would lose: at an edge of s or beside another space.
func shownSpace(s string, i int) bool {
	return i == 0 || i == len(s)-1 || s[i-1] == ' ' || s[i+1] == ' '
}

// writtenAs reports whether rest, a u or a U and n hex digits, is how
// plainText writes a character after its backslash.
func writtenAs(rest string, n int) bool {
	if len(rest) < 1+n {
		return false
	}
	v := rune(0)
	for i := 1; i <= n; i++ {
		c := rest[i]
		if !isLowerHex(c) {
			return false
		}
		v = v<<4 | rune(strings.IndexByte(lowerHex, c))
	}
	if !utf8.ValidRune(v) {
		return false
	}
	return plainText(string(v)) == `\`+rest[:1+n]
}

const lowerHex = "0123456789abcdef"

func isLowerHex(c byte) bool { return strings.IndexByte(lowerHex, c) >= 0 }

// ansi are the SGR codes paint knows.
var ansi = map[string]string{
	"bold": "1", "red": "31", "green": "32", "yellow": "33", "blue": "34", "dim": "2",
}

// Paint wraps s in the ANSI code of style when on is true, and returns s
// as it is otherwise. Whether colours are on is the caller's decision
// (report.Options.Color); paint never looks at the terminal.
func Paint(on bool, style, s string) (string, error) {
	code, ok := ansi[style]
	if !ok {
		return "", fmt.Errorf("paint: unknown style %q", style)
	}
	if !on || s == "" {
		return s, nil
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m", nil
}

// change writes one facet of a matched pair for a table cell: the new
// value, or "old → new" when the pair differs, both escaped as md does,
// an empty side written ∅ and a side that could read as another quoted
// as the built-in Markdown writes them (None, Same).
// Every row of a rebuilt or updated spec writes five of them.
func change(before, after string) string {
	if before == after {
		return EscapeMD(Same(after))
	}
	return EscapeMD(None(before)) + " → " + EscapeMD(None(after))
}

// Funcs returns cachediff's own template functions, which the formats
// share: md, htmltext, short (bound to r's hash abbreviations; to none
// for nil), signed, count, minus, change, plain, paint, pkgurl, mdpkg,
// htmlpkg and news. Package report/sandbox gives user templates these
// with sprig's.
func Funcs(r *diff.Report) template.FuncMap {
	fm := template.FuncMap{}
	fm["md"] = EscapeMD
	fm["htmltext"] = EscapeHTML
	fm["short"] = shortOf(r)
	fm["signed"] = Signed
	fm["count"] = count
	fm["minus"] = minus
	fm["change"] = change
	fm["plain"] = plainText
	fm["paint"] = Paint
	fm["pkgurl"] = PackageURL
	fm["mdpkg"] = MDPackage
	fm["htmlpkg"] = HTMLPackage
	fm["news"] = func(h diff.Highlight) string { return NewsText(h, 5) } // news.go: a highlight in words
	return fm
}

// shortOf is the hash abbreviation of r's specs, or of none for nil.
func shortOf(r *diff.Report) func(string) string {
	if r == nil {
		return Abbrev{}.Short
	}
	return Abbreviate(r).Short
}
