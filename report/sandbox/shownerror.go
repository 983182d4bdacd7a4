package sandbox

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// maxShownSpan bounds a quoted string or a word of a template's error
// (shownError): a name of 256 bytes is longer than any a template means.
const maxShownSpan = 256

// maxShownMessage bounds a template's error as a whole (shownError):
// with the command's words around it, well within its line cap of 8 KB,
// made visible (a character may take six bytes then).
const maxShownMessage = 2 << 10

// shownError is err with its message cut for a line of standard error.
// text/template's messages quote the template's own text whole: a
// function, field, variable or template name, the action it was running
// (at <…>), the words given to fail. A name of 9,000 characters made a
// line of 8,224 bytes, which the command's line cap (8 KB) cut before
// the reason ("not defined"). Each quoted string and each word of more
// than maxShownSpan bytes is cut about the mark (snapshot.CutShown: a
// head, the mark of the whole, a tail), and the message of more than
// maxShownMessage bytes between two words so too. A quoted string is
// quoted again in ASCII: a function named with a Cyrillic а,
// {{fаil "x"}}, said `function "fаil" not defined`, read as the fail
// that is defined; it reads "f\u0430il". A word outside quotes (a
// field's name) and the words a template gave a function (fail's,
// templateWords) are written in ASCII so too (shownWord).
// The template's name, the
// file given (name), that the message begins with is shown as a
// snapshot's path is (snapshot.ShownPath: in ASCII where it is not; a
// --template tе.tmpl, its е Cyrillic, read "template: tе.tmpl:1: …", an
// error of te.tmpl), quoted where it holds a space, a quote or a colon
// (placeName). The error is err still to errors.As and errors.Is
// (a LimitError, a function's own error).
func shownError(err error, name string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	raw := templateWords(err, fileLead(name))
	var shown string
	if rest, ok := strings.CutPrefix(msg, "template: "+name+":"); ok {
		if raw >= 0 {
			raw -= len(msg) - len(rest)
		}
		shown = "template: " + snapshot.CutShown(name, maxShownSpan, placeName) + ":" + shownMessage(rest, raw)
	} else {
		shown = shownMessage(msg, raw)
	}
	if shown == msg {
		return err
	}
	if ee, ok := err.(template.ExecError); ok {
		return template.ExecError{Name: ee.Name, Err: &cutError{msg: shown, err: ee.Err}}
	}
	return &cutError{msg: shown, err: err}
}

// placeName is the template's file name as its error's place names it
// ("template: NAME:1:2: …"): as snapshot.ShownPath shows it, quoted in
// ASCII where that is raw and holds a space, a quote or a colon, which
// the place's own ":LINE:COL: " and text/template's words read as. Raw,
// a file named `x.tmpl:1:2: executing "y" at <z>: ok` said "template:
// ./x.tmpl:1:2: executing "y" at <z>: ok:1:2: …", an error of x.tmpl,
// and one named x.tmpl:9 "template: ./x.tmpl:9:1: unclosed action", at
// line 9 of x.tmpl. Standard input's name (stdinFile, the command's
// name for --template -) is the tool's words, not a file's, and stays
// as every message says it.
func placeName(p string) string {
	s := snapshot.ShownPath(p)
	if s == p && p != stdinFile && strings.ContainsAny(p, " :\"'`") {
		return strconv.QuoteToASCII(p)
	}
	return s
}

// stdinFile is the name the command gives a template read from
// standard input (snapshot/input's StdinFile, which this package does
// not import).
const stdinFile = "standard input"

// cutError is an error whose message is shown cut (shownError).
type cutError struct {
	msg string
	err error
}

func (e *cutError) Error() string { return e.msg }
func (e *cutError) Unwrap() error { return e.err }

// templateWords is the offset in err's message of the words a
// template gave a function (fail's), which it wrote as it liked, or -1:
// the error of a function not text/template's or cachediff's
// (typedFuncs), in a run of the template's own pkgdetails too. A quote
// in them is the template's, not one Go wrote: fail's `x "\x41"` read
// `x "A"`, and `x "\u0430"` as `x "а"` (its а Cyrillic) does. Its place
// begins with lead (splitPlace).
func templateWords(err error, lead string) int {
	ee, isExec := err.(template.ExecError)
	if !isExec {
		return -1
	}
	msg := ee.Err.Error()
	_, body := splitPlace(msg, lead, ee.Name)
	fn, fnErr := calledFunc(ee.Err, msg[body:])
	if fn == "" || fn == shownFunc || typedFuncs[fn] {
		return -1
	}
	at := len(msg) - len(fnErr.Error())
	if fn == "pkgdetails" {
		if i := templateWords(fnErr, ""); i >= 0 {
			return at + i
		}
		return -1
	}
	return at
}

// shownMessage is msg with its quoted strings and long words cut, each
// in ASCII, and cut whole past maxShownMessage bytes (shownError). From
// byte raw on (not when -1) msg is the template's words (templateWords):
// a quote there is a character of them. Its pieces are kept as they are
// made only at its ends (shownSink): a fail's words of 32 MB of control
// characters were written whole (128 MB shown, 317 MB held) to be cut
// to 2 KB.
func shownMessage(msg string, raw int) string {
	if raw < 0 {
		raw = len(msg)
	}
	b := shownSink{n: maxShownMessage}
	word := make([]byte, 0, 64) // a word in ASCII, made again for each
	for i := 0; i < len(msg); {
		c := msg[i]
		if c == ' ' {
			sinkWrite(&b, " ")
			i++
			continue
		}
		if i < raw && (c == '"' || c == '`' || c == '\'') {
			if end := quotedEnd(msg, i); end > 0 {
				if q, ok := shownQuoted(msg[i:end]); ok {
					sinkWrite(&b, q)
					i = end
					continue
				}
			}
		}
		j := i + 1
		for j < len(msg) && msg[j] != ' ' && (j >= raw || msg[j] != '"' && msg[j] != '`' && msg[j] != '\'') {
			j++
		}
		if w := msg[i:j]; len(w) <= maxShownSpan {
			if word = appendASCIIWord(word[:0], w); len(word) <= maxShownSpan {
				sinkWrite(&b, word) // shownWord's, not made as a string
				i = j
				continue
			}
		}
		sinkWrite(&b, shownWord(msg[i:j]))
		i = j
	}
	return b.String()
}

// shownSink holds a message as shownMessage makes it, n bytes at most
// shown (cutBetweenWords): its first n bytes, a window of its last ones
// (between n and 2n of them), and the digest of the bytes before that
// window, for the cut's mark.
type shownSink struct {
	n, total   int
	head, tail []byte
	sum        hash.Hash // of the bytes before tail
	// oddBefore: the bytes before tail end in an odd run of
	// backslashes (oddBackslashes), which the cut reads.
	oddBefore bool
}

// sinkWrite adds p to b.
func sinkWrite[T string | []byte](b *shownSink, p T) {
	b.total += len(p)
	if len(b.head) < b.n {
		b.head = append(b.head, p[:min(len(p), b.n-len(b.head))]...)
	}
	b.tail = append(b.tail, p...)
	if len(b.tail) <= 2*b.n {
		return
	}
	drop := b.tail[:len(b.tail)-b.n]
	if b.sum == nil {
		b.sum = sha256.New()
	}
	b.sum.Write(drop)
	k := len(drop) - len(bytes.TrimRight(drop, `\`))
	b.oddBefore = k%2 == 1 != (k == len(drop) && b.oddBefore)
	b.tail = b.tail[:copy(b.tail, b.tail[len(drop):])]
}

// String is the message b holds, cut as cutBetweenWords cuts it whole.
func (b *shownSink) String() string {
	if b.total <= b.n {
		return string(b.tail)
	}
	if b.sum == nil {
		return cutBetweenWords(string(b.tail), b.n)
	}
	b.sum.Write(b.tail)
	var sum [sha256.Size]byte
	b.sum.Sum(sum[:0])
	// What precedes the window, as oddBackslashes reads it: a
	// backslash for an odd run, else a byte that ends one.
	before := "x"
	if b.oddBefore {
		before = `\`
	}
	return cutEnds(string(b.head), before+string(b.tail), cutmark.OfSum(sum, 0), b.n)
}

// shownWord is w, a word of a message outside quotes, in ASCII: each
// character that is not, a control character and a byte of no
// character written as Go escapes it (\u0430, \n, \xff), a backslash
// doubled where what follows would read as such an escape; cut past
// maxShownSpan bytes about its mark. Raw, a field named with a Cyrillic
// а, {{.Pаckages}}, said "can't evaluate field Pаckages", read as the
// field that is there; a fail's words the template's or the report's
// (a package's name) read as their lookalikes.
func shownWord(w string) string {
	if len(w) <= maxShownSpan {
		if s := asciiWord(w); len(s) <= maxShownSpan {
			return s
		}
	}
	// Cut before it is written in ASCII: shown, a word is no shorter
	// than it is, and a fail's word of 3 MB of control characters was
	// written whole (12 MB, 90 MB allocated) to be cut.
	for k := maxShownSpan; ; k /= 2 {
		head, tail := headOf(w, k-k/4), snapshot.CutTail(w, k/4)
		if h, ok := strings.CutSuffix(head, `\`); ok && report.EscapeLen(w[len(h):]) > 0 {
			// The backslash of what reads as an escape (\n typed), which
			// asciiWord doubles whole, and writes alone cut from it.
			head = h
		}
		s := asciiWord(head) + cutmark.Of(w) + asciiWord(tail)
		if len(s) <= maxShownSpan+len(cutmark.Of(w)) || k <= 1 {
			return s
		}
	}
}

// headOf is the first n bytes of s at most, cut at a character's start.
func headOf(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return s[:i]
		}
	}
	return s[:n]
}

// asciiWord is w in ASCII (shownWord), not cut.
func asciiWord(w string) string {
	if a := appendASCIIWord(nil, w); a != nil {
		return string(a)
	}
	return w
}

// appendASCIIWord is dst with w in ASCII (asciiWord) after it; dst as
// it is, written to, when w is ASCII already and dst is nil.
func appendASCIIWord(dst []byte, w string) []byte {
	clean := true
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < ' ' || c >= utf8.RuneSelf || c == 0x7f || c == '\\' && report.EscapeLen(w[i:]) > 0 {
			clean = false
			break
		}
	}
	if clean {
		if dst == nil {
			return nil
		}
		return append(dst, w...)
	}
	if dst == nil {
		dst = make([]byte, 0, len(w)+len(w)/4)
	}
	for i, r := range w {
		switch {
		case r == '\\':
			if report.EscapeLen(w[i:]) > 0 {
				dst = append(dst, '\\') // the backslash of \n, \u0430 written: not read as one
			}
			dst = append(dst, '\\')
		case r == utf8.RuneError && len(w[i:]) > 0 && !strings.HasPrefix(w[i:], string(utf8.RuneError)):
			const hexDigits = "0123456789abcdef"
			dst = append(dst, '\\', 'x', hexDigits[w[i]>>4], hexDigits[w[i]&0xf])
		case r < ' ' || r >= 0x7f:
			q := strconv.AppendQuoteRuneToASCII(dst, r)
			// Its quotes left out: the escape alone.
			dst = append(q[:len(dst)], q[len(dst)+1:len(q)-1]...)
		default:
			dst = utf8.AppendRune(dst, r)
		}
	}
	return dst
}

// quotedEnd is the offset just past the closing quote of the string
// quoted at msg[start] with its quote (", ` or '; a backslash escapes
// the byte after it, but in `), or -1 when it has none.
func quotedEnd(msg string, start int) int {
	quote := msg[start]
	for i := start + 1; i < len(msg); i++ {
		switch msg[i] {
		case '\\':
			if quote != '`' {
				i++
			}
		case quote:
			return i + 1
		}
	}
	return -1
}

// shownQuoted is q, a quoted string of a message, quoted again in ASCII
// and cut past maxShownSpan bytes inside its quotes, and true; false
// when q is no Go-quoted string. A string in " or ' written in
// printable ASCII is kept as written (a template's own text, quoted in
// its expression: {{call "a\x41"}} read at <call "aA">), cut as
// written past maxShownSpan bytes (writtenCut); so is one in ` that is
// ASCII (a template's own text, {{fail `a\b`}}); one that is not is
// quoted again in ", as a character in ' in '.
func shownQuoted(q string) (string, bool) {
	s, err := strconv.Unquote(q)
	switch {
	case err != nil:
		return "", false
	case q[0] != '`' && printableASCII(q):
		return writtenCut(q), true
	case q[0] == '\'':
		return strconv.QuoteRuneToASCII([]rune(s)[0]), true
	case q[0] == '`' && asciiWord(q) == q:
		return writtenCut(q), true
	}
	return snapshot.CutShown(s, maxShownSpan, strconv.QuoteToASCII), true
}

// writtenCut is q, a quoted string in printable ASCII as a template
// wrote it, or past maxShownSpan bytes its head and tail about the mark
// of the whole (cutmark.Of), as snapshot.CutShown cuts a string, each
// escape (\x41, \", \101) of a string in " or ' kept whole or left
// out; one in ` has none, each byte its own. Unquoted and quoted again
// to be cut, a string written in 257 bytes or more read its escapes
// resolved ("…aaaA" of {{call "…aaa\x41"}}), not as written, and one in
// ` was quoted in " ({{call `…a"b"`}} read "…a\"b\"").
func writtenCut(q string) string {
	if len(q) <= maxShownSpan {
		return q
	}
	in, mark := q[1:len(q)-1], cutmark.Of(q)
	for k := maxShownSpan - len(`""`); ; k /= 2 {
		// h: the last start of a character or escape at or before
		// k-k/4; t: the first at or after k/4 from the end.
		h, t := 0, len(in)
		for i := 0; i < len(in); i = writtenNext(in, i, q[0] == '`') {
			if i <= k-k/4 {
				h = i
			}
			if i >= len(in)-k/4 {
				t = i
				break
			}
		}
		if h+len(mark)+len(in)-t < len(in) || k <= 1 { // shorter than whole
			return q[:1] + in[:h] + mark + in[t:] + q[:1]
		}
	}
}

// writtenNext is where the character or escape of a Go-quoted string's
// text in that starts at byte i ends; raw: the text of a string in `,
// whose backslashes escape nothing.
func writtenNext(in string, i int, raw bool) int {
	if raw || in[i] != '\\' || i+1 == len(in) {
		return i + 1
	}
	switch c := in[i+1]; {
	case c == 'x':
		return min(len(in), i+4)
	case c == 'u':
		return min(len(in), i+6)
	case c == 'U':
		return min(len(in), i+10)
	case '0' <= c && c <= '7':
		return min(len(in), i+4)
	}
	return i + 2
}

// printableASCII reports whether each byte of s is a printable ASCII
// character.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// cutBetweenWords is s, or past n bytes its words up to about three
// quarters of n, the mark of the whole (cutmark.Of), and its words of
// about the last quarter: cut at spaces, never inside an escape or a
// mark; the reason, a message's end, is kept. Where no space is near
// the cut (within an eighth of n), it is cut between characters there:
// a fail of a million "a, with no space, was shown "error calling
// fail: …86d1d1c8", none of its words kept.
func cutBetweenWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return cutEnds(s, s, cutmark.Of(s), n)
}

// cutEnds is cutBetweenWords of a string s of more than n bytes, its
// mark given, that begins with head (its first n bytes at least) and
// ends with tail (its last n bytes at least, and a byte before them
// that reads as s's did to oddBackslashes).
func cutEnds(head, tail, mark string, n int) string {
	h := strings.LastIndexByte(head[:n-n/4], ' ')
	if h < n-n/4-n/8 {
		h = outsideEscape(head, n-n/4, false)
	}
	t := len(tail) - n/4
	if sp := strings.IndexByte(tail[t:t+n/8], ' '); sp >= 0 {
		t += sp
	} else {
		t = outsideEscape(tail, t, true)
	}
	return head[:h] + " " + mark + tail[t:]
}

// outsideEscape is i, or the edge of the escape (report.EscapeLen) or
// cut's mark (…, 8 hex digits) byte i of s is inside: its start, or its
// end when after; moved to a character's start.
func outsideEscape(s string, i int, after bool) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		if after {
			i++
		} else {
			i--
		}
	}
	const markLen = len("…") + 8 // cutmark.Of's
	if m := strings.LastIndex(s[max(0, i-markLen+1):i], "…"); m >= 0 {
		start := max(0, i-markLen+1) + m
		if after {
			return min(len(s), start+markLen)
		}
		return start
	}
	start := report.CutBeforeEscape(s, i)
	if after && start < i {
		return start + report.EscapeLen(s[start:])
	}
	if oddBackslashes(s[:start]) {
		// Between a backslash and what it escapes (\" of a quoted
		// string): the pair is kept whole or left out, so that no
		// backslash stands alone before the mark, nor an escaped quote
		// after it reads as one that closes.
		if after {
			_, size := utf8.DecodeRuneInString(s[start:])
			return start + size
		}
		return start - 1
	}
	return start
}

// oddBackslashes reports whether s ends in an odd run of backslashes:
// its last escapes what came after it (\\ is a backslash escaped).
func oddBackslashes(s string) bool {
	n := 0
	for n < len(s) && s[len(s)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}
