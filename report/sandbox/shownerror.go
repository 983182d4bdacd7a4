package sandbox

import (
	"strconv"
	"strings"
	"text/template"

	"github.com/cachediff/cachediff/internal/cutmark"
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
// that is defined; it reads "f\u0430il". The template's name, the
// file given (name), that the message begins with is shown as a
// snapshot's path is (snapshot.ShownPath: in ASCII where it is not): a
// --template tе.tmpl (its е Cyrillic) read "template: tе.tmpl:1: …", an
// error of te.tmpl. The error is err still to errors.As and errors.Is
// (a LimitError, a function's own error).
func shownError(err error, name string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	var shown string
	if rest, ok := strings.CutPrefix(msg, "template: "+name+":"); ok {
		shown = "template: " + snapshot.CutShown(name, maxShownSpan, snapshot.ShownPath) + ":" + shownMessage(rest)
	} else {
		shown = shownMessage(msg)
	}
	if shown == msg {
		return err
	}
	if ee, ok := err.(template.ExecError); ok {
		return template.ExecError{Name: ee.Name, Err: &cutError{msg: shown, err: ee.Err}}
	}
	return &cutError{msg: shown, err: err}
}

// cutError is an error whose message is shown cut (shownError).
type cutError struct {
	msg string
	err error
}

func (e *cutError) Error() string { return e.msg }
func (e *cutError) Unwrap() error { return e.err }

// shownMessage is msg with its quoted strings and long words cut, and
// cut whole past maxShownMessage bytes (shownError).
func shownMessage(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		c := msg[i]
		if c == ' ' {
			b.WriteByte(c)
			i++
			continue
		}
		if c == '"' {
			if end := quotedEnd(msg, i); end > 0 {
				b.WriteString(shownQuoted(msg[i:end]))
				i = end
				continue
			}
		}
		j := i + 1
		for j < len(msg) && msg[j] != ' ' && msg[j] != '"' {
			j++
		}
		b.WriteString(snapshot.CutShown(msg[i:j], maxShownSpan, func(s string) string { return s }))
		i = j
	}
	return cutBetweenWords(b.String(), maxShownMessage)
}

// quotedEnd is the offset just past the closing quote of the string
// Go-quoted at msg[start] (a backslash escapes the byte after it), or
// -1 when it has none.
func quotedEnd(msg string, start int) int {
	for i := start + 1; i < len(msg); i++ {
		switch msg[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// shownQuoted is q, a quoted string of a message, quoted again in ASCII
// and cut past maxShownSpan bytes inside its quotes, or q as it is when
// it is no Go-quoted string.
func shownQuoted(q string) string {
	s, err := strconv.Unquote(q)
	if err != nil {
		return snapshot.CutShown(q, maxShownSpan, func(s string) string { return s })
	}
	return snapshot.CutShown(s, maxShownSpan, strconv.QuoteToASCII)
}

// cutBetweenWords is s, or past n bytes its words up to about three
// quarters of n, the mark of the whole (cutmark.Of), and its words of
// about the last quarter: cut at spaces, never inside a quoted string's
// escape; the reason, a message's end, is kept.
func cutBetweenWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head := strings.LastIndexByte(s[:n-n/4], ' ')
	if head < 0 {
		head = 0
	}
	tail := len(s) - n/4
	if sp := strings.IndexByte(s[tail:], ' '); sp >= 0 {
		tail += sp
	} else {
		tail = len(s)
	}
	return s[:head] + " " + cutmark.Of(s) + s[tail:]
}
