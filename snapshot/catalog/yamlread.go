package catalog

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/cachediff/cachediff/internal/jsonbytes"
	"github.com/cachediff/cachediff/internal/lookalike"
	"github.com/cachediff/cachediff/snapshot"
)

// maxSimpleKey is the most characters libyaml reads from the opening
// quote of a key in a flow mapping to its colon (its scanner's stale
// simple key check: a key starting at index i is dropped once the
// scanner is past i+1024).
const maxSimpleKey = 1024

// yamlRefused returns the offset in v, the text of a one-line JSON value
// of the front matter, of what the site's YAML reader refuses or reads
// otherwise though JSON accepts it, and why (what the site then shows
// too); ok is false when there is none. Jekyll, which
// builds the site, reads the whole front matter with Psych (libyaml):
// where libyaml refuses it, Jekyll logs an error and publishes the page
// at its address with its layout but without its data, so the package
// is shown without specs while cachediff, which decodes the line as
// JSON, read them; a pull request that added such a key to one spec
// passed a gate with "no changes". libyaml refuses:
//   - a character outside YAML 1.1's printable set, anywhere in the text
//     (DEL, the C1 controls but NEL, U+FFFE, U+FFFF: JSON allows them
//     raw in a string; the others are not JSON, or not UTF-8);
//   - a \u escape of a UTF-16 surrogate, even one of a pair (Python's
//     json.dumps writes a character beyond U+FFFF so);
//   - a key whose text, from its opening quote to its colon, is more than
//     maxSimpleKey characters long, or whose colon is on another line
//     (after a carriage return, which JSON reads as a blank).
//
// A '"' starts a string where a JSON value's can (first, or after '[',
// '{', ',' or ':', and blanks): elsewhere it is inside a plain scalar of
// YAML flow (a "b), text to libyaml, which yaml.v3 reads as it does.
//
// It refuses too a line break that libyaml reads otherwise (foldedBreak).
//
// A value that is not JSON (a single quote outside a string: YAML flow
// style) is left to yaml.v3, whose reader and scanner are libyaml's and
// refuse the same.
func yamlRefused(v []byte) (off int, why string, ok bool) {
	if plainASCII(v) {
		return longKey(v)
	}
	keyStart := -1     // offset of the last string's opening quote
	keyEnd := -1       // offset just past its closing quote
	keyBreak := -1     // offset of a line break after it, before its colon
	valueStart := true // whether a '"' here starts a string
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case c == '"' && valueStart:
			start := i
			i++
			for i < len(v) {
				// Eight plain bytes at a time (most of a page's text),
				// then to the first that is not.
				for i+8 <= len(v) {
					w := binary.LittleEndian.Uint64(v[i:])
					if m := jsonbytes.Specials(w) | dels(w); m != 0 {
						i += jsonbytes.First(m)
						break
					}
					i += 8
				}
				if i >= len(v) || v[i] == '"' {
					break
				}
				if plainInString[v[i]] {
					i++
					continue
				}
				if v[i] == '\\' && i+1 < len(v) {
					if v[i+1] == 'u' && i+6 <= len(v) && surrogateEscape(v[i+2:i+6]) {
						return i, fmt.Sprintf("the escape %s is half of a UTF-16 surrogate pair, which the site's YAML reader (libyaml, in Jekyll) refuses even where JSON accepts it%s", v[i:i+6], unreadValue), true
					}
					i += 2
					continue
				}
				if n := yamlBreak(v[i:]); n > 0 {
					return i, foldedBreak(v[i : i+n]), true
				}
				if o, r, bad := notYAMLPrintable(v, i); bad {
					return o, r, true
				}
				i++
			}
			i++ // past the closing quote
			keyStart, keyEnd, keyBreak, valueStart = start, i, -1, false
			continue
		case c == ':':
			if keyEnd >= 0 && keyBreak >= 0 {
				return keyBreak, keyBreakMessage, true
			}
			if keyEnd >= 0 && i-keyStart > maxSimpleKey && utf8.RuneCount(v[keyStart:i]) > maxSimpleKey {
				return keyStart, fmt.Sprintf("a key %d characters long to its colon: the site's YAML reader (libyaml, in Jekyll) reads a key in braces of at most %d%s", utf8.RuneCount(v[keyStart:i]), maxSimpleKey, unreadValue), true
			}
		case c == '\'':
			return 0, "", false // YAML flow style: yaml.v3 judges it
		case c == ' ' || c == '\t' || yamlBreak(v[i:]) > 0:
			if c != ' ' && c != '\t' && keyBreak < 0 {
				keyBreak = i
			}
			i += max(1, yamlBreak(v[i:]))
			continue // between a key and its colon
		}
		if o, r, bad := notYAMLPrintable(v, i); bad {
			return o, r, true
		}
		keyEnd = -1
		valueStart = c == '[' || c == '{' || c == ',' || c == ':'
		i++
	}
	return 0, "", false
}

// keyBreakMessage is why a key whose colon is on another line is
// refused (yamlRefused).
const keyBreakMessage = "a line break between a key and its colon: the site's YAML reader (libyaml, in Jekyll) reads a key in braces only with its colon on its line, where JSON reads a carriage return as a blank" + unreadValue

// unreadValue ends the reason for a value that the site's YAML reader
// refuses: what the site then shows.
const unreadValue = "; Jekyll then publishes the page without its front matter, so the site would show the package without the specs cachediff reads"

// foldedBreak is why a string of a one-line value may not hold br, a
// line break of YAML 1.1 (NEL, LS or PS) written raw, as JSON allows:
// libyaml, which Jekyll reads front matter with, reads it as a break
// in the quoted string and folds it, so that "+a<NEL>b" is "+a b" to
// the site and the blanks around an LS or a PS are dropped, while
// cachediff read the string as JSON does.
func foldedBreak(br []byte) string {
	r, _ := utf8.DecodeRune(br)
	return fmt.Sprintf("the character U+%04X written raw in a string: the site's YAML reader (libyaml, in Jekyll) reads it as a line break, which it folds with the blanks around it (a NEL into a space), so the site would show another text than cachediff reads; write it as the escape \\u%04x", r, r)
}

// plainASCII reports whether v has no backslash and no byte from DEL
// up (the text of every real page): then no escape, and no character
// libyaml refuses, can be in it, and only a key's length is to check.
func plainASCII(v []byte) bool {
	if bytes.IndexByte(v, '\\') >= 0 || bytes.IndexByte(v, 0x7f) >= 0 {
		return false
	}
	i := 0
	for ; i+8 <= len(v); i += 8 {
		if binary.LittleEndian.Uint64(v[i:])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(v); i++ {
		if v[i] >= 0x80 {
			return false
		}
	}
	return true
}

// longKey is yamlRefused's key check for a plainASCII v: with no
// backslash no string holds a quote, so a colon after a closing quote
// (and white space) ends a key, which opened at the quote before; a
// character is a byte. It goes from colon to colon, a handful a spec.
func longKey(v []byte) (off int, why string, ok bool) {
	for i := 0; ; {
		c := bytes.IndexByte(v[i:], ':')
		if c < 0 {
			return 0, "", false
		}
		c += i
		i = c + 1
		j, cr := c-1, -1
		for j >= 0 && (v[j] == ' ' || v[j] == '\t' || v[j] == '\r') {
			if v[j] == '\r' {
				cr = j
			}
			j--
		}
		if j < 0 || v[j] != '"' {
			continue
		}
		if cr >= 0 {
			return cr, keyBreakMessage, true
		}
		open := bytes.LastIndexByte(v[:j], '"')
		if open >= 0 && c-open > maxSimpleKey {
			return open, fmt.Sprintf("a key %d characters long to its colon: the site's YAML reader (libyaml, in Jekyll) reads a key in braces of at most %d%s", c-open, maxSimpleKey, unreadValue), true
		}
	}
}

// plainInString says which bytes inside a string need no look: all but
// the quote, the backslash, and those of DEL and beyond.
var plainInString = func() (t [256]bool) {
	for c := 0; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// dels marks, as jsonbytes.Specials does, the bytes of x that are DEL
// (0x7f), which Specials counts plain: the lowest mark is the first.
func dels(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	d := x ^ (0x7f * ones)
	return (d - ones) &^ d & highs
}

// surrogateEscape reports whether h, the 4 hex digits of a \u escape,
// name a UTF-16 surrogate (D800 to DFFF).
func surrogateEscape(h []byte) bool {
	for _, c := range h {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return (h[0] == 'd' || h[0] == 'D') && !('0' <= h[1] && h[1] <= '7')
}

// notYAMLPrintable reports whether the character at v[i] is one YAML 1.1
// does not allow in a stream though JSON allows it raw in a string: DEL,
// U+0080 to U+009F but NEL (U+0085), U+FFFE and U+FFFF.
func notYAMLPrintable(v []byte, i int) (off int, why string, bad bool) {
	c := v[i]
	if c < 0x7f {
		return 0, "", false
	}
	var r rune
	switch {
	case c == 0x7f:
		r = 0x7f
	case c == 0xc2 && i+1 < len(v) && 0x80 <= v[i+1] && v[i+1] <= 0x9f && v[i+1] != 0x85:
		r = rune(v[i+1])
	case c == 0xef && i+2 < len(v) && v[i+1] == 0xbf && (v[i+2] == 0xbe || v[i+2] == 0xbf):
		r = 0xfffe + rune(v[i+2]-0xbe)
	default:
		return 0, "", false
	}
	return i, fmt.Sprintf("the character U+%04X, which the site's YAML reader (libyaml, in Jekyll) refuses in a file even where JSON accepts it%s", r, unreadValue), true
}

// escapedQuote returns the offset in text, YAML that yaml.v3 read into
// doc, of the first escape \' in a double-quoted scalar of doc (a key or
// a value), or -1. yaml.v3 reads it as "'"; libyaml, which Jekyll reads
// front matter with, knows no such escape and refuses the whole front
// matter, so the site publishes the page without its specs while
// cachediff read them. Only the scalars yaml.v3 read as double-quoted
// are scanned, from where their node starts (a tag or an anchor may
// come first) to the quote that closes them, each once: a second
// reading through an alias is no second text.
func escapedQuote(text []byte, doc *yaml.Node) int {
	if !bytes.Contains(text, []byte(`\'`)) {
		return -1
	}
	at := -1
	doubleQuoted(text, doc, func(i int) bool {
		at = quotedEscapeAt(text, i)
		return at >= 0
	})
	return at
}

// doubleQuoted calls f with the offset in text, YAML that yaml.v3 read
// into doc, where each double-quoted scalar of doc (a key or a value)
// starts (its tag or its anchor, or its opening quote), in the order of
// the text, until f returns true. Aliases are not followed: a second
// reading through an alias is no second text.
func doubleQuoted(text []byte, doc *yaml.Node, f func(i int) bool) {
	// Where each line starts, at YAML's line breaks (a CR LF is one), as
	// yaml.v3 counts lines; columns count characters.
	starts := []int{0}
	for i := 0; i < len(text); {
		n := yamlBreak(text[i:])
		if text[i] == '\n' || n > 0 && text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			n++
		} else if n == 0 {
			i++
			continue
		}
		i += n
		starts = append(starts, i)
	}
	// The nodes as written, in the order of the text: the cursor (line,
	// col at text[i]) only moves on within a line, so that the scan is
	// linear in the text.
	line, col, i := 1, 1, 0
	var walk func(n *yaml.Node) bool
	walk = func(n *yaml.Node) bool {
		if n.Kind == yaml.ScalarNode && n.Style&yaml.DoubleQuotedStyle != 0 && n.Line >= 1 && n.Line <= len(starts) {
			if n.Line != line || n.Column < col {
				line, col, i = n.Line, 1, starts[n.Line-1]
			}
			for ; col < n.Column && i < len(text); col++ {
				_, w := utf8.DecodeRune(text[i:])
				i += w
			}
			if f(i) {
				return true
			}
		}
		for _, c := range n.Content {
			if walk(c) {
				return true
			}
		}
		return false
	}
	walk(doc)
}

// slashEscapes returns text, YAML, with each escape \/ of a double-quoted
// scalar written '/', and the offsets in what it returns of the '/' it
// so wrote (none: text itself). libyaml 0.2.5, which Jekyll reads front
// matter with, reads the escape as '/'; yaml.v3 knows no such escape and
// refuses the text. A \/ elsewhere (a plain, single-quoted or block
// scalar, a comment) is text to both, and stays. The double-quoted
// scalars are found as yaml.v3 reads text with \e for every \/: an
// escape, or text, of the same length, that reads the same elsewhere.
// Text that yaml.v3 refuses so is returned as it is.
func slashEscapes(text []byte) ([]byte, []int) {
	if !bytes.Contains(text, []byte(`\/`)) {
		return text, nil
	}
	probe := bytes.ReplaceAll(text, []byte(`\/`), []byte(`\e`))
	var doc yaml.Node
	if yaml.Unmarshal(probe, &doc) != nil {
		return text, nil
	}
	var cut []int // offsets in text of the backslashes of \/ escapes
	doubleQuoted(probe, &doc, func(i int) bool {
		q := openingQuote(probe, i)
		if q < 0 {
			return false
		}
		for i = q + 1; i < len(probe) && probe[i] != '"'; i++ {
			if probe[i] == '\\' {
				if i+1 < len(text) && text[i+1] == '/' {
					cut = append(cut, i)
				}
				i++
			}
		}
		return false
	})
	if len(cut) == 0 {
		return text, nil
	}
	slices.Sort(cut)
	cut = slices.Compact(cut)
	out := make([]byte, 0, len(text)-len(cut))
	slash := make([]int, len(cut))
	last := 0
	for k, c := range cut {
		out = append(out, text[last:c]...)
		slash[k] = len(out)
		last = c + 1
	}
	return append(out, text[last:]...), slash
}

// slashColumn returns err, of text that slashEscapes returned with the
// offsets slash, with its column (in characters, as yaml.v3 counts a
// node's) made the file's: one more for each '/' slashEscapes wrote
// for a \/ before it on its line.
func slashColumn(err error, text []byte, slash []int) error {
	var e *snapshot.Error
	if len(slash) == 0 || !errors.As(err, &e) || e.Line < 1 || e.Col < 1 {
		return err
	}
	start := 0
	for k := 1; k < e.Line; k++ {
		i := bytes.IndexByte(text[start:], '\n')
		if i < 0 {
			return err
		}
		start += i + 1
	}
	at := start
	for c := 1; c < e.Col && at < len(text) && text[at] != '\n'; c++ {
		_, w := utf8.DecodeRune(text[at:])
		at += w
	}
	lo, _ := slices.BinarySearch(slash, start)
	hi, _ := slices.BinarySearch(slash, at)
	e.Col += hi - lo
	return err
}

// flowEscapedQuote returns the offset in data, a one-line value read as
// YAML flow (flowYAML), of its first escape \' in a double-quoted
// scalar (escapedQuote), or -1.
func flowEscapedQuote(data []byte) int {
	if !bytes.Contains(data, []byte(`\'`)) {
		return -1
	}
	text := append([]byte(flowKey), data...)
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil {
		return -1
	}
	if at := escapedQuote(text, &doc); at >= 0 {
		return at - len(flowKey)
	}
	return -1
}

// quotedEscapeAt returns the offset in text of the first \' in the
// double-quoted scalar whose node starts at i (openingQuote), or -1.
func quotedEscapeAt(text []byte, i int) int {
	q := openingQuote(text, i)
	if q < 0 {
		return -1
	}
	for i = q + 1; i < len(text) && text[i] != '"'; i++ {
		if text[i] == '\\' {
			if i+1 < len(text) && text[i+1] == '\'' {
				return i
			}
			i++
		}
	}
	return -1
}

// openingQuote returns the offset in text of the opening quote of the
// double-quoted scalar whose node starts at i (doubleQuoted), or -1:
// past its tag and its anchor, and the blanks, line breaks and comments
// after them, which may hold a '"' ("!!str # a \"b" and the scalar on
// the next line).
func openingQuote(text []byte, i int) int {
	for i < len(text) {
		switch text[i] {
		case '"':
			return i
		case '!', '&': // a tag or an anchor, to a blank
			for i < len(text) && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && yamlBreak(text[i:]) == 0 {
				i++
			}
		case '#': // a comment, to its line's end
			for i < len(text) && text[i] != '\n' && yamlBreak(text[i:]) == 0 {
				i++
			}
		default:
			i++
		}
	}
	return -1
}

// escapedQuoteMessage is the error for an escape \' (escapedQuote).
const escapedQuoteMessage = `the escape \' in a double-quoted string: the site's YAML reader (libyaml, in Jekyll) knows no such escape and refuses the front matter, so Jekyll publishes the page without its specs, while cachediff read "'"; write ' alone`

// flowSlashEscapes is slashEscapes for data, a one-line value read as
// YAML flow (flowYAML): data with its escapes \/ written '/', and the
// offsets in what it returns of the '/' so written (none: data itself).
func flowSlashEscapes(data []byte) ([]byte, []int) {
	if !bytes.Contains(data, []byte(`\/`)) {
		return data, nil
	}
	text, slash := slashEscapes(append([]byte(flowKey), data...))
	if slash == nil {
		return data, nil
	}
	for k := range slash {
		slash[k] -= len(flowKey)
	}
	return text[len(flowKey):], slash
}

// unslash returns the offset in a one-line value of off, an offset in
// it with its escapes \/ written '/' at slash (flowSlashEscapes).
func unslash(off int, slash []int) int {
	n, _ := slices.BinarySearch(slash, off)
	return off + n
}

// scannedOtherwise returns the first node of n (walked as written,
// aliases not followed) that libyaml 0.2.5's scanner, which Jekyll reads
// front matter with, refuses where yaml.v3's reads it, and why; nil when
// there is none:
//   - a tag with ',', '[' or ']' (!a[b], !a,b): libyaml ends a tag
//     written !x there, and wants a blank after it. The tag is named as
//     lookalike names a value: yaml.v3 decodes its %-escapes, and
//     !a%0A::error::b,c held a raw newline;
//   - a plain scalar in a flow collection that ends in ':' ([a:, b],
//     [a:], {a:}): libyaml refuses a ':' before ',', '[', ']', '{', '}'
//     or '?' in a plain scalar, where yaml.v3 ends the scalar after it.
//     A key so read ({a:: b}, which libyaml reads) is refused too.
func scannedOtherwise(n *yaml.Node) (*yaml.Node, string) {
	var bad *yaml.Node
	why := ""
	var walk func(n *yaml.Node, flow bool)
	walk = func(n *yaml.Node, flow bool) {
		switch {
		case bad != nil:
			return
		case strings.ContainsAny(n.Tag, ",[]"):
			bad, why = n, fmt.Sprintf("the tag %s: the site's YAML reader (libyaml, in Jekyll) ends a tag at ',', '[' or ']', and refuses the front matter or reads another value than cachediff", lookalike.Value(n.Tag))
			return
		case flow && n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 && strings.HasSuffix(n.Value, ":"):
			bad, why = n, fmt.Sprintf("the plain scalar %s ends in ':' in a flow collection: the site's YAML reader (libyaml, in Jekyll) refuses a ':' before ',', a bracket or a brace there; quote it", strconv.Quote(n.Value))
			return
		}
		for _, c := range n.Content {
			walk(c, flow || n.Style&yaml.FlowStyle != 0)
		}
	}
	walk(n, false)
	return bad, why
}

// checkScanned refuses front matter, text (without one-line values),
// with a node that libyaml's scanner refuses where yaml.v3's reads it
// (scannedOtherwise). Only text that could have one is parsed again: a
// '!', or a ':' before a flow indicator.
func checkScanned(file string, text []byte) error {
	if bytes.IndexByte(text, '!') < 0 && !colonBeforeFlow(text) {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil {
		return nil // the envelope's own reading judges
	}
	if bad, why := scannedOtherwise(&doc); bad != nil {
		return &snapshot.Error{File: file, Line: bad.Line, Col: bad.Column, Msg: why + unreadValue}
	}
	return nil
}

// colonBeforeFlow says whether text has a ':' just before ',', '[',
// ']', '{' or '}'.
func colonBeforeFlow(text []byte) bool {
	for i := bytes.IndexByte(text, ':'); i >= 0 && i+1 < len(text); {
		if bytes.IndexByte([]byte(",[]{}"), text[i+1]) >= 0 {
			return true
		}
		j := bytes.IndexByte(text[i+1:], ':')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}
