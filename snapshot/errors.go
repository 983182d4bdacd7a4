package snapshot

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// Error is a problem with one input file. Line and Col are 1-based and zero
// when unknown.
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
	// Unread says the file could not be read (a permission, a blob a
	// partial clone lacks): its content, whatever it is, is not in
	// question.
	Unread bool
	bare   bool // Msg names the file itself: no "loading File: " prefix
	// spec is the 1-based number of the spec the error is about (0:
	// none), and atHash says it is about its hash (SpecIndex).
	spec   int
	atHash bool
	// folder and rest: the bare message of a folder without a page
	// (noPages) is noPagesLead, folder (as the message names it), ": "
	// and rest; PairError names two folders there.
	folder, rest string
	// also is a second file of the same error (PairError): named
	// after File.
	also string
}

// oneError is err when it is an *Error, or a *LoadError of one and
// nothing else (no note, no folder near): the two print alike.
func oneError(err error) (*Error, bool) {
	switch e := err.(type) {
	case *Error:
		return e, true
	case *LoadError:
		if len(e.Errs) == 1 && e.Note == "" && len(e.Near) == 0 {
			return e.Errs[0], true
		}
	}
	return nil, false
}

// noPagesLead starts the message of a folder without a page.
const noPagesLead = "no package pages found under "

// PairError returns the errors of two snapshots a and b as one, naming
// both, when each is an *Error as it is (oneError) that differs from the other in
// its file alone: two empty folders (cachediff e1 e2) said the same long
// sentence twice, one line each, but the folder. It is nil otherwise.
// The errors are compared by their fields, not their text: folders
// named 1 and 2 would swap a line number too.
func PairError(a, b error) error {
	x, ok := oneError(a)
	y, ok2 := oneError(b)
	if !ok || !ok2 || x.File == y.File || x.also != "" || y.also != "" ||
		x.bare != y.bare || x.Line != y.Line || x.Col != y.Col || x.Unread != y.Unread || x.spec != y.spec || x.atHash != y.atHash {
		return nil
	}
	p := *x
	p.also = y.File
	switch {
	case !x.bare && x.Msg == y.Msg:
		return &p
	case x.bare && x.folder != "" && y.folder != "" && x.rest == y.rest:
		p.Msg = noPagesLead + x.folder + " and " + y.folder + ": " + x.rest
		return &p
	}
	return nil
}

// SpecIndex returns the 1-based number, in the list Finisher.Finish was
// given, of the spec the error is about (0: none), and whether it is
// about its hash: a format can then give the error the column of that
// spec (the page format does, for a one-line spec_details).
func (e *Error) SpecIndex() (spec int, atHash bool) { return e.spec, e.atHash }

func (e *Error) Error() string {
	if e.bare {
		return e.Msg
	}
	var b strings.Builder
	b.WriteString("loading ")
	b.WriteString(loadingPath(e.File, e.also != ""))
	if e.also != "" {
		b.WriteString(" and ")
		b.WriteString(loadingPath(e.also, true))
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, ": line %d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ", column %d", e.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// LoadError lists every bad file of a snapshot, sorted by file and line.
type LoadError struct {
	Path string
	Errs []*Error
	Note string // what the errors mean as a whole, or ""
	// Near are the folders below Path, nearest first, that hold a
	// snapshot of their own (at most two), when Path holds pages or
	// Spack files of other folders than its own: the wrong folder was
	// named, and one of these was likely meant.
	Near []string
	// NearPart says the folders of Near hold Spack files of a kind that
	// failed in Path too: parts of it (environments of a folder of
	// several, one lockfile bad) as likely as the one meant.
	NearPart bool
	// Whole says Path is one snapshot whatever its files (a Spack
	// mirror: a Whole source), which no hint asks whether it is.
	Whole bool
}

func (e *LoadError) Error() string {
	return strings.Join(e.Lines(), "\n  ")
}

// Lines is the message as lines: with several bad files, a heading and
// one line per file, which the command prints indented under the
// heading (each line quoted on its own: a file's name or message from
// the input starts no line of its own).
func (e *LoadError) Lines() []string {
	note := ""
	if e.Note != "" {
		note = " (" + e.Note + ")"
	}
	if len(e.Errs) == 1 {
		lines := []string{e.Errs[0].Error() + note}
		if len(e.Near) > 0 {
			lines = append(lines, e.nearLine())
		}
		return lines
	}
	lines := make([]string, 0, 2+len(e.Errs))
	noun := "pages"
	for _, err := range e.Errs {
		if !pageFile(err.File) {
			noun = "files"
			break
		}
	}
	// Named as "loading PATH: …" names a path (loadingPath): shown as
	// it is, the folder "s: line 1, column 2" said "loading s: line 1,
	// column 2: 2 bad pages:", read as the folder s and a place in it.
	lines = append(lines, fmt.Sprintf("loading %s: %d bad %s%s:", loadingPath(e.Path, false), len(e.Errs), noun, note))
	if len(e.Near) > 0 {
		// First, before a listing that may be cut.
		lines = append(lines, e.nearLine())
	}
	for _, err := range e.Errs {
		lines = append(lines, err.Error())
	}
	return lines
}

// ShownPath is a path as a message names it: as it is, or quoted (Go's
// %q) where it holds a backslash, a control or invisible character or
// bytes that are not UTF-8. Written raw, a path named with a newline and
// one named with a backslash and an n read alike, "loading no\nsuch", once
// the command wrote the line's newline as \n; quoted, the first reads
// "no\nsuch" and the second "no\\nsuch". A path shown raw holds no
// backslash and starts with no quote, and one quoted starts with one, so
// that no two read alike.
//
// A path that "A and B" (PairError, two snapshots failing alike) would
// not tell apart is quoted too: one that holds " and ", starts with
// "and " or `"`, or ends with " and". Shown raw, the file "a and b" of
// one snapshot failing read as the files a and b of both, and the pair
// "x and", y as the pair x, "and y"; a path shown raw holds none of
// these now, and a quoted one ends at its first unescaped quote.
//
// A path that is not ASCII is quoted in ASCII (strconv.QuoteToASCII):
// raw, or quoted with %q, a lookalike stayed as it is, and "loading
// _cache/develop/xа../specs.md" (its а Cyrillic) named the folder xa..
// of another page; quoted, it reads "x\u0430..".
//
// Past MaxPathShown bytes shown it is cut (CutShown), as loadingPath
// cuts one: whole, an argument of 28 KB (an https:// URL) began its
// message, which the command's line cap of 8 KB cut before what was
// wrong with it.
func ShownPath(p string) string { return CutShown(p, MaxPathShown, shownPath) }

// ListedPath is a path as a list of them names it ("a, b and 2 more"):
// as ShownPath shows it, quoted where that is raw and holds a space or a
// comma, or is empty. Raw, the list's ", ", " and " and "N more" were a
// path's to write: a folder's indexes "a.json, b.json" and c.json read
// as its indexes a.json and "b.json, c.json", both "2 build-cache
// indexes: a.json, b.json, c.json"; a log's snapshots "a, b" and c as
// a, b and c, and a fourth snapshot named "2 more" as two more.
func ListedPath(p string) string { return listedPath(p) }

func listedPath(p string) string {
	s := shownPath(p)
	if s == p && (p == "" || strings.ContainsAny(p, " ,")) {
		return strconv.Quote(p)
	}
	return s
}

// listedPathCut is listedPath cut to n bytes shown as loadingPath cuts
// (CutShown): a message that names several paths of a folder (a folder
// of ~1900 Cyrillic characters, each \u0456 six bytes quoted) ran past
// the command's line cap of 8 KB, which cut what to do at its end.
func listedPathCut(p string, n int) string { return CutShown(p, n, listedPath) }

// listedPathsCut is listedPathCut of each of paths.
func listedPathsCut(paths []string, n int) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = listedPathCut(p, n)
	}
	return out
}

// maxListedShown bounds a path a message lists among several (a folder's
// indexes and lockfiles): with the folder (loadingPath's MaxPathShown)
// and the two it says to name, four listed fit the line cap of 8 KB.
const maxListedShown = MaxPathShown / 4

// loadingPath is a path as "loading PATH: …" names it: as shownPath
// shows it, quoted where that is raw and holds a quote, or, named beside
// another (paired), a space. Raw, -C 'd '"'"'q" x' a b said "loading d
// 'q" x/a b and d 'q" x/c'd: no such file or directory", where which
// quote was a path's, and where one path ended, read either way. A
// path of its own that holds a space is named as it is; one that holds
// ": " is quoted too, as the place and the message follow it so: a spec
// file named "a.spec.json: line 9, column 9: spec.nodes[0].name: fine;
// b.spec.json" said "loading …/a.spec.json: line 9, column 9: …", a
// place and a message of its name's. One that starts or ends with a
// space is quoted, as lookalike quotes a value with an edge space: raw,
// "loading snap : …" and "loading  snap: …" read as snap, and
// git:HEAD:snap followed by a space as git:HEAD:snap.
//
// A path shown longer than MaxPathShown bytes is cut to it (CutShown):
// quoted in ASCII, a path of 4 KB (Linux's longest) may be 16 KB, and
// the command's line cap (8 KB) cut the message off before it said what
// was wrong.
func loadingPath(p string, paired bool) string {
	return CutShown(p, MaxPathShown, func(p string) string { return loadingPathWhole(p, paired) })
}

func loadingPathWhole(p string, paired bool) string {
	if p == stdinFile {
		// Standard input, no file's name: paired, quoted for its
		// space, it read as a file named "standard input" (cachediff
		// - bad, both bad: loading "standard input" and bad), which
		// is named ./standard input.
		return p
	}
	s := shownPath(p)
	if s == p && (strings.ContainsAny(p, "'\"`") || strings.Contains(p, ": ") || p != strings.TrimSpace(p) || paired && strings.Contains(p, " ")) {
		return strconv.Quote(p)
	}
	return s
}

// stdinFile is the name standard input is loaded as (input.StdinFile),
// which loadingPath gives as it is: a file of that name is named
// ./standard input.
const stdinFile = "standard input"

// MaxPathShown bounds a path or URL a message names (loadingPath, the
// folder and files of one without a page, a mirror's paths and URLs):
// two of them, a message's words and its own paths fit the command's
// line cap of 8 KB.
const MaxPathShown = 2 << 10

// CutShown is show(p), or, where that is longer than n bytes, show of a
// head and a tail of p that is not, the cut's mark (cutmark.Of, of the
// whole path) between them, inside the quotes of a quoted one: two long
// paths that begin alike read apart. The tail (a quarter) keeps the
// file's own name: cut at its end, the 2 bad pages of a folder of 4 KB
// read alike but for the mark, "loading \"\u0456…\u0456…68160b35\": …"
// and "…0f9c6618\": …", neither zlib/specs.md nor zstd/specs.md. The
// piece is halved until it shows short enough: quoted in ASCII, a byte
// may take four. A %-escape of a URL is kept whole or left out
// (wholeEscapes).
//
// A source's messages that name a path of their own (a mirror's folder,
// shownFull) cut it so too.
func CutShown(p string, n int, show func(string) string) string {
	s := show(p)
	if len(s) <= n {
		return s
	}
	for k := n; ; k /= 2 {
		head, _ := cutHead(p, k-k/4)
		head, tail := wholeEscapes(p, head, CutTail(p, k/4))
		if len(head)+len(tail) >= len(p) && k > 1 {
			continue // shown longer than n only quoted: a shorter piece
		}
		h := show(head + tail)
		if len(h) > n && k > 1 {
			continue
		}
		if h == head+tail {
			return head + cutmark.Of(p) + tail
		}
		qh, qt := strconv.QuoteToASCII(head), strconv.QuoteToASCII(tail)
		return qh[:len(qh)-1] + cutmark.Of(p) + qt[1:]
	}
}

// wholeEscapes is head and tail, a head and a tail of p, each without
// the piece of a %-escape (%2F) the cut left at its inner end: cut
// inside one, a URL of 2 KB whose folders end in " x" was named
// "…/dd%20x/dd%2…16a4e3f4", or "…16a4e3f40x/dd…", the 0 of a %20 read
// after the mark's digits.
func wholeEscapes(p, head, tail string) (string, string) {
	escape := func(i int) bool { return i+2 < len(p) && p[i] == '%' && isHexDigit(p[i+1]) && isHexDigit(p[i+2]) }
	if j := strings.LastIndexByte(head, '%'); j >= 0 && j >= len(head)-2 && escape(j) {
		head = head[:j]
	}
	at := len(p) - len(tail)
	for k := 1; k <= 2 && at-k >= 0; k++ {
		if escape(at - k) {
			tail = p[at-k+3:]
			break
		}
	}
	return head, tail
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// CutTail is the last n bytes of s at most, from a character's start
// (cutHead's rule, from the other end; the bytes of none stay as they
// are): the tail a message keeps of a name it cuts.
func CutTail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for j := i; j < len(s) && j < i+utf8.UTFMax; j++ {
		if utf8.RuneStart(s[j]) {
			return s[j:]
		}
	}
	return s[i:]
}

func shownPath(p string) string {
	if strings.Contains(p, " and ") || strings.HasPrefix(p, "and ") || strings.HasSuffix(p, " and") || strings.HasPrefix(p, `"`) {
		return quoteName(p)
	}
	for _, r := range p {
		if r == '\\' || r >= utf8.RuneSelf || unicode.IsControl(r) {
			return quoteName(p)
		}
	}
	return p
}

// shownPathCut is shownPath of p cut to n bytes (cutHead), the cut's
// mark (cutmark.Of) after it, inside the quotes of a quoted path: the
// mark, not ASCII, would have quoted in ASCII a path of ASCII cut.
func shownPathCut(p string, n int) string {
	head, cut := cutHead(p, n)
	s := shownPath(head)
	if !cut {
		return s
	}
	if s == head {
		return head + cutmark.Of(p)
	}
	return s[:len(s)-1] + cutmark.Of(p) + `"`
}

// pageFile reports whether a bad or skipped file is called a page in
// messages: a *.md; not a Spack file, or one found beside the pages.
func pageFile(name string) bool { return strings.HasSuffix(name, ".md") }

// SkippedNoun is what reports call the skipped entries of lists: "page"
// when each is a page (pageFile), else "file", as the loader's message
// says of bad ones.
func SkippedNoun(lists ...[]Skipped) string {
	for _, l := range lists {
		for _, s := range l {
			if !pageFile(s.File) {
				return "file"
			}
		}
	}
	return "page"
}

// Unwrap returns the individual errors, for errors.Is and errors.As.
func (e *LoadError) Unwrap() []error {
	errs := make([]error, len(e.Errs))
	for i, err := range e.Errs {
		errs[i] = err
	}
	return errs
}

// Plural writes "1 page", "2 pages"; forms[0], when given, is the
// plural: the words of the loader's messages, for a format's decoder to
// use in its own.
func Plural(n int, noun string, forms ...string) string { return plural(n, noun, forms...) }

// ListSome lists names, the first of total, and counts the rest: "a, b,
// c and 7 more"; for a format's decoder's messages.
func ListSome(names []string, total int) string { return listSome(names, total) }

func plural(n int, noun string, forms ...string) string {
	if n == 1 {
		return "1 " + noun
	}
	if len(forms) > 0 {
		return fmt.Sprintf("%d %s", n, forms[0])
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// shorten cuts s to its first n bytes, between characters (cutHead),
// and marks the cut with cutmark.Of(s): "…" and 8 digits of the digest
// of the whole, as spackfmt's clip and report.Shorten do. Marked with
// "…" alone, two folders or tags that differ only past the cut read
// alike in a message ("in folder "bcxx…"" for both). A value cut is
// longer than any left whole (n bytes at most), so none reads as cut.
func shorten(s string, n int) string {
	head, cut := cutHead(s, n)
	if !cut {
		return s
	}
	return head + cutmark.Of(s)
}

// cutHead is the part of s that shorten keeps, and whether it cut s. A
// character's start is looked for no farther back than one character's
// length: bytes that start none (invalid UTF-8, as a folder name may
// be) keep their first n, where the walk back to a start cut a folder
// of 100 bytes 0x80 to nothing, and the message named the folder "…".
func cutHead(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	for i := n; i > n-utf8.UTFMax && i >= 0; i-- {
		if utf8.RuneStart(s[i]) {
			n = i // between characters, never inside one
			break
		}
	}
	return s[:n], true
}
