package report

import (
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
func NewsText(h diff.Highlight, maxNames int) string {
	var b strings.Builder
	pkg := strings.Join(h.Packages, ", ")
	switch h.Kind {
	case diff.HighlightNewPackage:
		b.WriteString("new package " + pkg)
		if h.Versions != nil && len(h.Versions.New) > 0 {
			b.WriteString(" " + diff.JoinVersions(h.Versions.New, nil))
		}
	case diff.HighlightRemovedPackage:
		b.WriteString("removed package " + pkg)
		if h.Versions != nil && len(h.Versions.Old) > 0 {
			b.WriteString(" " + diff.JoinVersions(h.Versions.Old, nil))
		}
	case diff.HighlightVersion:
		b.WriteString(pkg + " " + versionMove(h.Versions))
	case diff.HighlightAppeared, diff.HighlightVanished, diff.HighlightShrank, diff.HighlightGrew:
		noun := facetNoun[h.Facet]
		if noun == "" {
			noun = h.Facet
		}
		c := diff.OldToNew{}
		if h.Specs != nil {
			c = *h.Specs
		}
		// Quoted where it reads like another value (lookalike.Value):
		// gcc@12.4.0 edited to gсc@12.4.0, its c Cyrillic, read "compiler
		// gcc@12.4.0 gone" beside "new compiler gcc@12.4.0".
		v := lookalike.Value(h.Value)
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
			WriteNames(&b, "; changed in ", h.Packages, maxNames)
			return b.String()
		}
		WriteNames(&b, " of ", h.Packages, maxNames)
	case diff.HighlightRootRemoved, diff.HighlightRootAdded:
		// Another root's item reads the same (two environments' zlib):
		// what tells this one apart, "root zlib %gcc@9 removed".
		b.WriteString("root " + spellOut(h.Value, h.Values, maxSpellings, 0))
		if h.Apart != "" {
			b.WriteString(" " + h.Apart)
		}
		b.WriteString(" " + strings.TrimPrefix(h.Kind, "root-"))
	case diff.HighlightRootChanged:
		// A root written two ways, as the headline names it: "root zlib
		// = zlib@1 changed".
		b.WriteString("root " + spellOut(h.Value, h.Values, maxSpellings, 0) + " changed")
		if h.From != h.To && h.From != "" && h.To != "" {
			b.WriteString(": " + Same(h.From) + " → " + Same(h.To))
		} else if len(h.Changes) > 0 {
			b.WriteString(": " + ChangeText(h.Changes))
		}
		if h.Apart != "" {
			// Another root's item reads the same (two environments'
			// zlib, each 1.3 → 1.5): what tells this one apart.
			b.WriteString(" " + h.Apart)
		}
	case diff.HighlightCause:
		if h.Value == "" { // a change several packages share
			b.WriteString("cause: " + ChangeText(h.Changes) + " in " + Plural(len(h.Packages), "package") + " (" + specsOf(h.Count) + ")")
			WriteNames(&b, ": ", h.Packages, maxNames)
			break
		}
		b.WriteString("cause: " + CauseText(h.Value, h.Changes) + " (" + specsOf(h.Count) + ")")
	case diff.HighlightGateTripped:
		unit := h.Unit
		if unit == "os" {
			unit = "operating system"
		}
		b.WriteString("gate tripped: " + h.Value + " (" + Plural(h.Count, unit))
		if len(h.Values) > 0 {
			b.WriteString(": " + strings.Join(h.Values, ", "))
		}
		b.WriteString(")")
		WriteNames(&b, " in ", h.Packages, maxNames)
	case diff.HighlightGatePassed:
		b.WriteString("gate passed")
	default:
		b.WriteString(h.Kind + " " + h.Value)
		WriteNames(&b, " in ", h.Packages, maxNames)
	}
	return b.String()
}

// versionMove writes a version change: "2.9 → 2.17.1 (upgraded)" when one
// version gave way to another, else what came and went ("+1.3 −1.1"),
// each quoted where one is empty or holds a space or a quote
// (WordsQuoted).
func versionMove(v *diff.VersionChange) string {
	if v == nil {
		return "versions changed"
	}
	if len(v.Added) == 1 && len(v.Removed) == 1 {
		return None(v.Removed[0]) + " → " + None(v.Added[0]) + " (" + v.Direction + ")"
	}
	var parts []string
	q := WordsQuoted(v.Added, v.Removed)
	for _, a := range v.Added {
		parts = append(parts, "+"+ListItem(a, q))
	}
	for _, r := range v.Removed {
		parts = append(parts, "−"+ListItem(r, q))
	}
	s := strings.Join(parts, " ")
	if v.Direction == diff.Upgraded || v.Direction == diff.Downgraded {
		s += " (" + v.Direction + ")"
	}
	return s
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
	if len(names) == 0 || most == 0 {
		return
	}
	b.WriteString(sep)
	n := len(names)
	if most > 0 && n > most {
		n = most
	}
	b.WriteString(strings.Join(names[:n], ", "))
	if n < len(names) {
		b.WriteString(", …and " + strconv.Itoa(len(names)-n) + " more")
	}
}
