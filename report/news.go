package report

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/lookalike"
)

// News (issue 34): the one wording of a highlight (diff.Highlight) that
// every format uses, so that Markdown, text, the feed and the page say
// the same thing of the same item. Formats escape the text for their own
// syntax; the words and the order are these.

// facetNoun names a facet in a sentence.
var facetNoun = map[string]string{
	"stack": "stack", "platform": "platform", "os": "OS", "target": "target", "compiler": "compiler",
}

// NewsText writes one highlight as a line of plain text, the packages it
// concerns named up to maxNames (0: none named, -1: all), the rest
// counted: "new package actsvg 0.4.51", "cppcheck 2.9 → 2.17.1
// (upgraded)", "new stack developer-tools-darwin: 5 specs of astyle,
// capstone, ccache, …and 2 more", "root rocksdb removed".
func NewsText(h diff.Highlight, maxNames int) string { return NewsTextOf(h, maxNames, same) }

// same is a value as it is.
func same(s string) string { return s }

// NewsTextOf is NewsText with each value of the input in it (a name, a
// version, a root, a facet's value) written by val: VisibleSpaces in a
// view that a reader sees rendered, which then writes the sentence as a
// message (VisibleMessage), so that a value's edge spaces are shown
// (\x20) and the sentence's own spaces beside them are not. Escaped as
// a whole, the root " e " removed read "root\x20\x20e\x20\x20removed".
func NewsTextOf(h diff.Highlight, maxNames int, val func(string) string) string {
	var b strings.Builder
	pkg := listOf(h.Packages, val)
	switch h.Kind {
	case diff.HighlightNewPackage:
		b.WriteString("new package " + pkg)
		if h.Versions != nil && len(h.Versions.New) > 0 {
			b.WriteString(" " + newsVersions(h.Versions.New, val))
		}
	case diff.HighlightRemovedPackage:
		b.WriteString("removed package " + pkg)
		if h.Versions != nil && len(h.Versions.Old) > 0 {
			b.WriteString(" " + newsVersions(h.Versions.Old, val))
		}
	case diff.HighlightVersion:
		b.WriteString(pkg + " " + versionMove(h.Versions, val))
	case diff.HighlightAppeared, diff.HighlightVanished, diff.HighlightShrank, diff.HighlightGrew:
		noun := facetNoun[h.Facet]
		if noun == "" {
			noun = h.Facet
		}
		c := diff.OldToNew{}
		if h.Specs != nil {
			c = *h.Specs
		}
		v := val(clauseValue(h.Value))
		if h.Value == "" {
			// Written ∅, as a pair's empty side (None): "new OS : 1
			// spec" named no OS, and "OS  gone" read in a rendered view
			// as "OS\x20\x20gone", an OS of spaces. The value ∅ itself
			// is quoted (lookalike.Value: not ASCII).
			v = "∅"
		}
		switch h.Kind {
		case diff.HighlightAppeared:
			b.WriteString("new " + noun + " " + v + ": " + specsOf(c.New))
		case diff.HighlightVanished:
			b.WriteString(noun + " " + v + " gone: it had " + specsOf(c.Old))
		case diff.HighlightShrank, diff.HighlightGrew:
			// Its packages are those whose specs with the value came or
			// went, not those that hold what is left: "shrank: 28 → 13
			// specs of gcc-runtime, py-keras" read as 13 specs of theirs,
			// where the 13 were llvm's.
			b.WriteString(noun + " " + v + " " + h.Kind + ": " + strconv.Itoa(c.Old) + " → " + specsOf(c.New))
			writeNames(&b, "; changed in ", h.Packages, maxNames, val)
			return b.String()
		}
		writeNames(&b, " of ", h.Packages, maxNames, val)
	case diff.HighlightRootRemoved, diff.HighlightRootAdded:
		// Another root's item reads the same (two environments' zlib):
		// what tells this one apart, "root zlib %gcc@9 removed".
		b.WriteString("root " + spellOutOf(h.Value, h.Values, val))
		if h.Apart != "" {
			b.WriteString(" " + val(ApartLabel(h.Apart)))
		}
		b.WriteString(" " + strings.TrimPrefix(h.Kind, "root-"))
	case diff.HighlightRootChanged:
		// A root written two ways, as the headline names it: "root zlib
		// = zlib@1 changed".
		b.WriteString("root " + spellOutOf(h.Value, h.Values, val) + " changed")
		if h.From != h.To && h.From != "" && h.To != "" {
			// As a one-for-one move (MoveSide): the root zl changed
			// from "ib 1.0" read as the version ib 1.0 of the headline's
			// root zl.
			b.WriteString(": " + val(MoveSide(h.From)) + " → " + val(MoveSide(h.To)))
		} else if len(h.Changes) > 0 {
			b.WriteString(": " + ChangeTextOf(h.Changes, val))
		}
		if h.Apart != "" {
			// Another root's item reads the same (two environments'
			// zlib, each 1.3 → 1.5): what tells this one apart.
			b.WriteString(" " + val(ApartLabel(h.Apart)))
		}
	case diff.HighlightCause:
		if h.Value == "" { // a change several packages share
			b.WriteString("cause: " + ChangeTextOf(h.Changes, val) + " in " + Plural(len(h.Packages), "package") + " (" + specsOf(h.Count) + ")")
			writeNames(&b, ": ", h.Packages, maxNames, val)
			break
		}
		b.WriteString("cause: " + CauseTextOf(h.Value, h.Changes, val) + " (" + specsOf(h.Count) + ")")
	case diff.HighlightGateTripped:
		unit := h.Unit
		if unit == "os" {
			unit = "operating system"
		}
		// Its names quoted as Markdown's gate line quotes them
		// (PartsQuoted): the package "a) · removed-package (1 package:
		// b" read "gate tripped: removed-package (1 package) in a) ·
		// removed-package (1 package: b", two trips.
		b.WriteString("gate tripped: " + val(h.Value) + " (" + Plural(h.Count, unit))
		if len(h.Values) > 0 {
			b.WriteString(": " + joinItems(h.Values, PartsQuoted(h.Values), val))
		}
		b.WriteString(")")
		writeNamesBy(&b, " in ", h.Packages, maxNames, PartsQuoted, val)
	case diff.HighlightGatePassed:
		b.WriteString("gate passed")
	default:
		b.WriteString(h.Kind + " " + val(h.Value))
		writeNames(&b, " in ", h.Packages, maxNames, val)
	}
	return b.String()
}

// newsVersions is a package's versions as its highlight writes them
// (diff.JoinVersions), each quoted where one holds ";", which joins
// sentences (NamesQuoted): the new package a of the version "1.0;
// removed package b" read as two highlights in a feed entry's title.
func newsVersions(l []string, val func(string) string) string {
	if !slices.ContainsFunc(l, func(v string) bool { return strings.Contains(v, ";") }) {
		return val(JoinVersions(l, nil))
	}
	q := make([]string, len(l))
	for i, v := range l {
		q[i] = val(Quote(v))
	}
	return strings.Join(q, ", ")
}

// clauseValue is v, a facet's value named in a highlight: quoted in
// ASCII where it reads like another value (lookalike.Value: gcc@12.4.0
// edited to gсc@12.4.0, its c Cyrillic, read "compiler gcc@12.4.0 gone"
// beside "new compiler gcc@12.4.0"), else quoted as Go quotes a string
// where it holds ";", which joins sentences (NamesQuoted), or ": ",
// which follows the value ("new target x: 1 spec of zlib"): the target
// "a: 1 spec of b" of the package c read as the target a of the package
// "b: 1 spec of c". Quoted, a control or invisible character is left
// for the view to escape once (quoteLabel): quoted by Go first
// (lookalike.Value), the target "x\n" (a newline at its end) read
// "x\\n" in every view, x then a backslash and an n.
func clauseValue(v string) string {
	switch {
	case lookalike.Value(v) != v:
		return quoteLabel(v, true)
	case strings.Contains(v, ";") || strings.Contains(v, ": "):
		return Quote(v)
	}
	return v
}

// versionMove writes a version change: "2.9 → 2.17.1 (upgraded)" when one
// version gave way to another, else what came and went ("+1.3 −1.1"),
// each quoted where one is empty or holds a space or a quote
// (WordsQuoted).
func versionMove(v *diff.VersionChange, val func(string) string) string {
	if v == nil {
		return "versions changed"
	}
	if len(v.Added) == 1 && len(v.Removed) == 1 {
		return val(MoveSide(v.Removed[0])) + " → " + val(MoveSide(v.Added[0])) + " (" + v.Direction + ")"
	}
	var parts []string
	q := WordsQuoted(v.Added, v.Removed)
	for _, a := range v.Added {
		parts = append(parts, "+"+val(ListItem(a, q)))
	}
	for _, r := range v.Removed {
		parts = append(parts, "−"+val(ListItem(r, q)))
	}
	s := strings.Join(parts, " ")
	if v.Direction == diff.Upgraded || v.Direction == diff.Downgraded {
		s += " (" + v.Direction + ")"
	}
	return s
}

// MoveSide is a version as a one-for-one move writes it: as a pair's
// side (None), and quoted too where it holds a space or a quote, as the
// versions that came and went are (WordsQuoted): after the package's
// name, the version "ib 1.0" of the package zl read as the package
// "zl ib" of the version 1.0.
func MoveSide(v string) string {
	if s := None(v); s != v || !strings.ContainsAny(v, ` "`) {
		return s
	}
	return Quote(v)
}

// ApartLabel is what tells a root apart (diff.RootsApart: its
// compiler "%gcc@10", a variant, a short hash) as every view writes it
// after a root (the news, the headline, text's roots line): quoted as Go
// quotes a string where it could read as more than a label, as a
// line's parts are (PartsQuoted): where it holds ";", which joins a
// feed entry's title's highlights and the headline's clauses, ", ",
// which joins the headline's roots and the roots line's, a parenthesis,
// which closes the headline's list, " = ", which joins a root's
// spellings, " and ", "·" or a double quote, or begins with "…". As it
// was, the roots zlib of the compilers a and "b@1; root zlib changed:
// 1.3 → 1.5 %c" titled their entry as the three roots zlib of the
// compilers a, b and c, and the roots zlib of the compilers "a@1, zlib
// 1.3 → 1.5 %b" and c, and of a and "b@1, zlib 1.3 → 1.5 %c", read "2
// roots changed (zlib 1.3 → 1.5 %a@1, zlib 1.3 → 1.5 %b@1, zlib 1.3 →
// 1.5 %c@1)" alike. A label whose values (a compiler, a variant, an OS)
// read as others' (lookalike: not ASCII, an edge space) is quoted in
// ASCII, as a coverage item's value is (clauseValue): the roots zlib of
// the compilers gcc and gсc (its с Cyrillic) read "%gcc@1" and "%gсc@1"
// alike. The engine's own labels of hashes ("/aaaaaaa → ∅", "hash
// /aaa…a": hashApartLabel) hold no such value and are written as they
// are; a value holding their marks is quoted ("%gcc@1 → gcc@2").
func ApartLabel(s string) string {
	if !hashApartLabel(s) && lookalike.Value(s) != s {
		return quoteLabel(s, true)
	}
	if s == "" || strings.ContainsAny(s, `,;()·"`) || strings.Contains(s, " = ") || strings.Contains(s, " and ") || strings.HasPrefix(s, "…") {
		return Quote(s)
	}
	return s
}

// hashApartLabel reports whether s is a label diff.RootsApart writes of
// hashes, its own marks and no value of a spec: sides "/" and the hash's
// letters (a "…" between them) or "∅", two joined by " → ", after as
// many words "hash " as it takes. Only there are the marks the engine's:
// the marks taken out of any label first, the compiler "gcc@1 → gcc@2"
// read as a compiler changed, "%gcc@1 → gcc@2", unquoted, and the
// engine's "∅ → /ccccccc" of a root with no old hash was quoted in ASCII
// for the edge space the marks taken out left.
func hashApartLabel(s string) bool {
	for strings.HasPrefix(s, "hash ") {
		s = s[len("hash "):]
	}
	a, b, two := strings.Cut(s, " → ")
	return hashSide(a) && (!two || hashSide(b))
}

// hashSide reports whether s is one side of a hash label: "∅", or "/"
// and a hash's letters and digits, a "…" between two of them at most.
func hashSide(s string) bool {
	if s == "∅" {
		return true
	}
	h, ok := strings.CutPrefix(s, "/")
	if !ok {
		return false
	}
	a, b, cut := strings.Cut(h, "…")
	word := func(w string) bool {
		return w != "" && !strings.ContainsFunc(w, func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') })
	}
	return word(a) && (!cut || word(b))
}

// ApartLabels is l, labels of roots (diff.RootsApart), each ApartLabel.
func ApartLabels(l []string) []string {
	for i, s := range l {
		l[i] = ApartLabel(s)
	}
	return l
}

func specsOf(n int) string {
	if n == 1 {
		return "1 spec"
	}
	return strconv.Itoa(n) + " specs"
}

// WriteNames appends sep and up to most names (all for -1, none for 0),
// then "…and N more".
func WriteNames(b *strings.Builder, sep string, names []string, most int) {
	writeNames(b, sep, names, most, same)
}

// writeNames is WriteNames, each name written by val (NewsTextOf), the
// names quoted as a sentence's are (NamesQuoted): the package "a, b"
// read as the packages a and b.
func writeNames(b *strings.Builder, sep string, names []string, most int, val func(string) string) {
	writeNamesBy(b, sep, names, most, NamesQuoted, val)
}

// writeNamesBy is writeNames, the names quoted where quoted reports
// one of those written odd (NamesQuoted, PartsQuoted).
func writeNamesBy(b *strings.Builder, sep string, names []string, most int, quoted func([]string) bool, val func(string) string) {
	if len(names) == 0 || most == 0 {
		return
	}
	b.WriteString(sep)
	n := len(names)
	if most > 0 && n > most {
		n = most
	}
	b.WriteString(joinItems(names[:n], quoted(names[:n]), val))
	if n < len(names) {
		b.WriteString(", …and " + strconv.Itoa(len(names)-n) + " more")
	}
}

// NewsShown is a highlight's words as a view that a reader sees
// rendered (Markdown, the HTML page, the feed) writes them, before its
// own escaping: each value VisibleSpaces (NewsTextOf), the sentence a
// message (VisibleMessage).
func NewsShown(h diff.Highlight, maxNames int) string {
	return VisibleMessage(NewsTextOf(h, maxNames, VisibleSpaces))
}

// CauseShown is CauseText as NewsShown writes a highlight's words.
func CauseShown(name string, cs []diff.Change) string {
	return VisibleMessage(CauseTextOf(name, cs, VisibleSpaces))
}

// ChangeShown is ChangeText as NewsShown writes a highlight's words.
func ChangeShown(cs []diff.Change) string { return VisibleMessage(ChangeTextOf(cs, VisibleSpaces)) }

// listOf is l joined by ", ", each item quoted where one is odd as a
// name of a sentence (NamesQuoted) and then written by val.
func listOf(l []string, val func(string) string) string {
	return joinItems(l, NamesQuoted(l), val)
}

// spellOutOf is a root's spellings as spellOut writes them, those it
// names quoted where one could read as another (rootSpelling) and
// written by val.
func spellOutOf(first string, more []string, val func(string) string) string {
	m := make([]string, len(more))
	for i, s := range more {
		if i < maxSpellings-1 {
			s = val(rootSpelling(s))
		}
		m[i] = s
	}
	return spellOut(val(rootSpelling(first)), m, maxSpellings, 0)
}

// rootSpelling is a root's spelling as a highlight's words write it:
// quoted as a pair's side is (Same) where it holds an arrow or reads as
// ∅, where it holds " = ", which joins a root's spellings, and where
// it holds ";", which joins sentences (NamesQuoted): the root "zl → ib"
// read "root zl → ib changed: 1 → 2", two arrows, the root "a = b" as
// the root a spelt b too, and the root "a removed; new package b"
// removed as two highlights in a feed entry's title.
func rootSpelling(s string) string {
	if (strings.Contains(s, " = ") || strings.Contains(s, ";")) && !sideOdd(s) {
		return Quote(s)
	}
	return Same(s)
}
