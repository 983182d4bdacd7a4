package report

import (
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/snapshot"
)

// ListQuoted reports whether the items of lists, written in one list
// joined by ", " (ListItem, JoinList), are each quoted as Go quotes a
// string, as diff.JoinVersions quotes a list of versions: where an item
// of any of them is empty, holds a comma or a double quote, begins with
// the mark of a stack joined or left (+, −), or holds " and " or
// begins with "…" (what a list cut short ends with: "a, b and 3 more",
// "a, b, …and 3 more"). Joined as they are, the
// stack "a, b" (a lockfile's root) read as the stacks a and b, a stack
// "+a" kept as the stack a joined, and [""] as [].
func ListQuoted(lists ...[]string) bool {
	for _, l := range lists {
		if slices.ContainsFunc(l, oddItem) {
			return true
		}
	}
	return false
}

// oddItem reports whether s, as it is in a list joined by ", ", could
// read as other items (ListQuoted).
func oddItem(s string) bool {
	return s == "" || strings.ContainsAny(s, `,"`) || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "−") ||
		strings.Contains(s, " and ") || strings.HasPrefix(s, "…")
}

// NamesQuoted is ListQuoted for names written in a sentence that
// writes pairs "old → new" (a highlight's words): true too where a name
// holds an arrow or reads as ∅, as a pair's side is quoted (Same), or
// holds ";", which joins sentences (a feed entry's title joins its
// highlights by "; "). As it is, the package "zl → ib" whose version
// moved read "zl → ib 1.0 → 2.0 (upgraded)", two arrows of which the
// first was no change, and the new package "a; removed package b" read
// as two highlights.
func NamesQuoted(l []string) bool {
	return ListQuoted(l) || slices.ContainsFunc(l, func(s string) bool { return sideOdd(s) || strings.Contains(s, ";") })
}

// ListItem is s as an item of a list: quoted as Go quotes a string
// when quoted (ListQuoted of the lists it is written with), else as it
// is. Quoted, a control or invisible character is left for the view to
// escape once (Quote): Go's quoting escaped it first, and the stack
// "s, t\n" (a newline at its end) read "s, t\\n" in every view, s, t
// then a backslash and an n.
func ListItem(s string, quoted bool) string {
	if quoted {
		return Quote(s)
	}
	return s
}

// JoinVersions is diff.JoinVersions as a view writes a list of
// versions: quoted where diff.JoinVersions quotes them, each as Quote
// quotes it, a control character left for the view to escape once:
// quoted by Go first, the version "1, 0\n" (a newline at its end) read
// "1, 0\\n" in every view's list of versions, 1, 0 then a backslash
// and an n.
func JoinVersions(l, other []string) string {
	if v := diff.JoinVersions(l, other); !strings.HasPrefix(v, `"`) {
		return v
	}
	return JoinQuoted(l, true)
}

// JoinList writes l as every view writes a list of names (a spec's
// stacks): joined by ", ", each item quoted where one of l is odd
// (ListQuoted).
func JoinList(l []string) string { return JoinQuoted(l, ListQuoted(l)) }

// JoinQuoted is l joined by ", ", each item quoted when quoted
// (ListItem).
func JoinQuoted(l []string, quoted bool) string {
	if !quoted {
		return strings.Join(l, ", ")
	}
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = Quote(s)
	}
	return strings.Join(q, ", ")
}

// PartsQuoted is NamesQuoted for names written in parentheses in a line
// whose parts are joined by " · " or "; " (Markdown's gate line, a
// root's why) or by arrows (a cause's path, JoinPath): true too where
// a name holds "·" or a parenthesis. As it was, the package "a) ·
// removed-package (1 package: b" removed read "removed-package (1
// package: a) · removed-package (1 package: b)", two trips of the gate.
func PartsQuoted(l []string) bool {
	return NamesQuoted(l) || slices.ContainsFunc(l, func(s string) bool { return strings.ContainsAny(s, "()·") })
}

// WordsQuoted reports whether the items of lists, written in one list
// joined by spaces, each behind its mark (a version change's "+1.3
// −1.1"), are each quoted as Go quotes a string (ListItem): where an
// item of any of them is empty or holds a space or a double quote.
// Joined as they are, the one version "1.0 −0.9" added read as 1.0
// added and 0.9 removed, and "" added as nothing.
func WordsQuoted(lists ...[]string) bool {
	for _, l := range lists {
		if slices.ContainsFunc(l, func(s string) bool { return s == "" || strings.ContainsAny(s, ` "`) }) {
			return true
		}
	}
	return false
}

// FilterList writes the values of a filter (Options.Packages, Stacks,
// Ignore: the user's own --package, --stack and --ignore, which a
// report's header names) as a list: joined by ", ", each written by val,
// and each quoted where one is odd as a sentence's names are
// (NamesQuoted: odd in a list, an arrow, ∅, ";", which parts a filters
// line in text and the patch) or holds "·", which parts Markdown's.
// Joined as they are, the one --stack "a, b" read as the stacks a and
// b, the --package "a; specs in stack b" as two filters, the --package
// "x → y" as a package changed and the --stack "∅" as no stack.
func FilterList(l []string, val func(string) string) string {
	return joinItems(l, NamesQuoted(l) || slices.ContainsFunc(l, func(s string) bool { return strings.Contains(s, "·") }), val)
}

// joinItems is l joined by ", ", each item ListItem(s, quoted) written
// by val.
func joinItems(l []string, quoted bool, val func(string) string) string {
	var b strings.Builder
	for i, s := range l {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(val(ListItem(s, quoted)))
	}
	return b.String()
}

// JoinPath writes a path of packages (a cause's via) joined by " → ",
// each name quoted as a sentence's names are (NamesQuoted: an arrow, ∅,
// ";", what reads as items of a list) or where it holds a parenthesis:
// a path stands in parentheses after its cause, in a sentence of causes
// joined by ", " (the causes line) or "; " (a root's why). As it was,
// the package "a → b" on a path read as the two packages a and b, and
// a root's why "new dependency s (via r → q); new dependency s (via r
// → s)" as two causes, where it was one through the package "q); new
// dependency s (via r".
func JoinPath(l []string) string { return JoinPathOf(l, same) }

// JoinPathOf is JoinPath with each name written by val (NewsTextOf).
func JoinPathOf(l []string, val func(string) string) string {
	// Sized once: the names, a pair of quotes where one is quoted, and
	// the arrows (a name that val or its quoting writes longer grows it
	// once). Grown by doubling, a path of 1,000 or 4,000 names
	// allocated 4.0-5.3x its bytes, past a command's budget of 4x its
	// input.
	var b strings.Builder
	size := len(" → ") * max(len(l)-1, 0)
	for _, s := range l {
		size += len(s)
		if pathOdd(s) {
			size += 2
		}
	}
	b.Grow(size)
	for i, s := range l {
		if i > 0 {
			b.WriteString(" → ")
		}
		b.WriteString(val(ListItem(s, pathOdd(s))))
	}
	return b.String()
}

// pathOdd reports whether JoinPath quotes the name s (PartsQuoted).
func pathOdd(s string) bool { return PartsQuoted([]string{s}) }

// PathShown is JoinPath as NewsShown writes a highlight's words: each
// name VisibleSpaces, the path a message (VisibleMessage), so that a
// name's edge spaces are shown and the arrows' spaces are not.
func PathShown(l []string) string { return VisibleMessage(JoinPathOf(l, VisibleSpaces)) }

// FileItem is the file of a warning or a skipped page as a line
// "FILE:LINE: message" writes it (text, HTML, Markdown's warnings, a
// feed entry's content, the patch): quoted as Go quotes a string where
// it could read as a file of another line or another message: where it
// is empty, begins with a double quote, or holds a colon before a digit,
// a minus (a line of a JSON, WarningWhere) or a space. As it was, a warning of the file "a:2", which has no
// line, read "a:2: message" as a warning of the file a at its line 2,
// and of the file "a: b" as the message "b: message" of the file a.
// A file that holds a printable character past ASCII is quoted in ASCII
// too, as a message names a lookalike: a skipped page new/аb.spec.json
// (its а Cyrillic) read in every view as new/ab.spec.json, which may be
// skipped beside it (the views escape an invisible one themselves). A
// file that begins or ends with a space is quoted too: the text view and
// the patch wrote the warning of " a.json" as "   a.json: bad", that of
// a.json indented by one space more. Quoted, a control or invisible
// character is left for the view to escape once (quoteLabel): Go's
// quoting escaped it first, and the file "а\n:1" (its а Cyrillic, a
// newline) read "\u0430\\n:1", as a backslash and an n.
func FileItem(s string) string {
	if s == "" || fileOdd(s) {
		return quoteLabel(s, true)
	}
	return FileCell(s)
}

// FileCell is the file of a skipped page as a cell of a table of its own
// writes it (Markdown's table of skipped pages, its line and column in
// cells apart): FileItem's rule but for what reads as another line or
// message only before a colon of "FILE:LINE: message" (an empty file,
// whose cell is empty, and fileOdd's colons), so quoted in ASCII where
// it begins with a double quote, begins or ends with a space or holds a
// lookalike (lookalikeRune). The table wrote an edge space \x20 (a
// cell's edge spaces read as none), " a.json" as \x20a.json where every
// other view quotes it.
func FileCell(s string) string {
	if strings.HasPrefix(s, `"`) || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") || lookalikeRune(s) {
		return quoteLabel(s, true)
	}
	return s
}

// lookalikeRune reports whether s holds a printable character past ASCII,
// one that may read as a letter of ASCII (FileItem).
func lookalikeRune(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf && unicode.IsPrint(r) })
}

// SkippedWhere is where a skipped page is, as its line "FILE:LINE:COLUMN:
// reason" writes it in every view (text, HTML, a feed entry's content,
// the patch): its file (FileItem), then its line and column where it
// has them, each as the report holds it. A report render reads holds no
// column without a line (the laws refuse it, checkSkipped) and no
// negative line or column (the JSON decoder refuses them); were one
// written, it would still read apart from the page with neither
// ("FILE:0:5").
func SkippedWhere(k snapshot.Skipped) string {
	where := FileItem(k.File)
	if k.Line != 0 || k.Column != 0 {
		where += ":" + strconv.Itoa(k.Line)
	}
	if k.Column != 0 {
		where += ":" + strconv.Itoa(k.Column)
	}
	return where
}

// WarningWhere is where a warning is, as its line "FILE:LINE: message"
// writes it in every view: its file (FileItem), then its line where it
// has one (not 0), as the JSON holds it: a warning of line -1 read as
// one of no line but in Markdown.
func WarningWhere(w snapshot.Warning) string {
	where := FileItem(w.File)
	if w.Line != 0 {
		where += ":" + strconv.Itoa(w.Line)
	}
	return where
}

// fileOdd reports whether s holds a colon before a digit, a minus or a
// space (FileItem): a line a report's JSON holds may be negative, "a:-1".
func fileOdd(s string) bool {
	for i := strings.IndexByte(s, ':'); i >= 0 && i+1 < len(s); {
		if c := s[i+1]; c == ' ' || c == '-' || c >= '0' && c <= '9' {
			return true
		}
		j := strings.IndexByte(s[i+1:], ':')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// Words is v, a list as the engine and listops.Join write it (a spec's
// variants joined by " ", listops.Word; versions joined by ", ",
// diff.JoinVersions), each item quoted by Go (strconv.Quote) quoted
// again as Quote quotes it: a control or invisible character, or an
// invalid byte, left for the view to escape once. Quoted by Go, the
// variant "+a\nb" (a newline inside) read "+a\\nb" in Markdown's and
// HTML's tables, a cause's changes and an updated pair's versions, +a
// then a backslash and an n. v is as it is where it holds no backslash
// (no item escaped) or is no such list.
func Words(v, sep string) string {
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	b.Grow(len(v))
	for rest := v; rest != ""; {
		if rest[0] == '"' {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return v
			}
			u, _ := strconv.Unquote(q)
			b.WriteString(Quote(u))
			rest = rest[len(q):]
		} else {
			i := strings.Index(rest, sep)
			if i < 0 {
				i = len(rest)
			}
			b.WriteString(rest[:i])
			rest = rest[i:]
		}
		if rest == "" {
			break
		}
		after, ok := strings.CutPrefix(rest, sep)
		if !ok {
			return v
		}
		b.WriteString(sep)
		rest = after
	}
	return b.String()
}

// JoinWords is Words(listops.Join(l, sep), sep) made without the list
// joined and read back: each item listops.Word quotes is quoted as
// Quote quotes it (Go's quote of an item Words reads is Quote of the
// item), the others as they are.
func JoinWords(l []string, sep string) string {
	return joinWords(slices.Values(l), sep)
}

// MinusJoinWords is Words(listops.MinusJoin(a, b, sep, nil), sep) made
// so (JoinWords): the strings of a not in b.
func MinusJoinWords(a, b []string, sep string) string {
	return joinWords(func(yield func(string) bool) { listops.MinusEach(a, b, yield) }, sep)
}

// joinWords is JoinWords of the items of each, walked twice: to size
// the result, and to write it.
func joinWords(each iter.Seq[string], sep string) string {
	size, n := 0, 0
	for s := range each {
		size += len(s) + len(sep)
		if listops.Quoted(s, sep) {
			size += len(`""`)
		}
		n++
	}
	if n == 0 {
		return ""
	}
	b := make([]byte, 0, size-len(sep))
	for s := range each {
		if len(b) > 0 { // each item writes a byte at least: "" is quoted
			b = append(b, sep...)
		}
		if listops.Quoted(s, sep) {
			b = appendQuoteLabel(b, s, false)
		} else {
			b = append(b, s...)
		}
	}
	return string(b)
}

// FacetWords is v, an updated pair's from or to of facet (diff.Pair,
// diff.UpdateGroup), as a view writes it: a list of versions or
// variants with each item quoted by Go quoted again as Quote quotes it
// (Words), another facet's value as it is.
func FacetWords(facet, v string) string {
	switch facet {
	case "version":
		return Words(v, ", ")
	case "variants":
		return Words(v, " ")
	}
	return v
}
