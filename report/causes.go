package report

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
)

// Rebuild causes (issue 13) in the Markdown and text reports: the
// lockfile view (roots added, removed and changed) first, then the root
// causes grouped over the report. Both come from diff.Report.Causes; for
// catalogue pages, which keep no edges, it only counts the rebuilt and
// updated pairs, and the reports say that their cause is unknown (a
// Markdown section of its own, low in the report and cut first).

// CauseText writes one root cause group for people: "zlib-ng 2.2.1 →
// 2.2.3", "hdf5 variants ~mpi → +mpi", "mpi provider mpich@4.1 →
// openmpi@5.0".
func CauseText(name string, cs []diff.Change) string { return CauseTextOf(name, cs, same) }

// CauseTextOf is CauseText with each value of the input in it written
// by val (NewsTextOf).
func CauseTextOf(name string, cs []diff.Change, val func(string) string) string {
	if len(cs) == 1 {
		switch cs[0].Kind {
		case "added":
			return "new dependency " + val(causeName(cmp.Or(cs[0].To, name)))
		case "removed":
			return "dropped dependency " + val(causeName(cmp.Or(cs[0].From, name)))
		}
	}
	return val(causeName(name)) + " " + ChangeTextOf(cs, val)
}

// causeName is a cause's package as its words name it: quoted as a
// highlight's name is (NamesQuoted), where it holds an arrow, reads as
// ∅, or could read as other items of a list (a comma, " and "): the
// causes sentence and a root's why list causes joined by ", " and "; ",
// and the cause "a, b 1 → 2 (1 spec)" there read as the cause a and
// the cause b 1 → 2.
func causeName(name string) string { return ListItem(name, NamesQuoted([]string{name})) }

// ChangeText writes a cause's changes for people: "2.2.1 → 2.2.3",
// "+shared → ~shared", "added zlib@1.3", "mpich@4.1 → openmpi@5.0".
func ChangeText(cs []diff.Change) string { return ChangeTextOf(cs, same) }

// ChangeTextOf is ChangeText with each value of the input in it written
// by val (NewsTextOf).
func ChangeTextOf(cs []diff.Change, val func(string) string) string {
	var parts []string
	for _, c := range cs {
		switch c.Kind {
		case "version":
			// As a highlight's one-for-one move writes them (MoveSide):
			// after the package's name, the version "ib 1.0" of the
			// package zl read as the package "zl ib" of the version 1.0.
			parts = append(parts, val(MoveSide(c.From))+" → "+val(MoveSide(c.To)))
		case "added":
			parts = append(parts, "added ("+val(c.To)+")")
		case "removed":
			parts = append(parts, "removed ("+val(c.From)+")")
		case "recipe":
			parts = append(parts, "recipe changed")
		case "other":
			if c.From != c.To { // an edge's deptypes or virtuals
				parts = append(parts, val(Same(c.From))+" → "+val(Same(c.To)))
			} else {
				parts = append(parts, "hash changed")
			}
		default:
			parts = append(parts, c.Kind+" "+cmp.Or(val(changeSide(c.Kind, c.From)), "(none)")+" → "+cmp.Or(val(changeSide(c.Kind, c.To)), "(none)"))
		}
	}
	return strings.Join(parts, ", ")
}

// changeSide is v, a side of a change of kind, as ChangeText writes it
// (partSide): a list of variants, its words quoted by Go (listops.Word),
// with each quoted again as Quote quotes it (Words), a control
// character left for the view to escape once: the variant "+a\nb" (a
// newline inside) read "+a\\nb" in a cause's changes.
func changeSide(kind, v string) string {
	side := partSide(kind, Same(v), v)
	if kind == "variants" && Same(v) == v {
		return Words(side, " ")
	}
	return side
}

// partSide is side, a change's value v as a pair's side writes it (None,
// Same), or v quoted as Go quotes a string where it holds ", ", which
// parts ChangeText's changes: the variants change "~b → a, target x"
// and the two changes variants ~b → a and target x → y both read
// "variants ~b → a, target x → y". A value that holds a comma alone
// (cuda_arch=70,80, as Spack writes a variant of several values) is
// written as it is. A change of variants (kind) is a list of them
// joined by spaces, each quoted already where it holds a space
// (listops.Join): only its words that end in a comma are quoted
// (variantWords), so that the variant "v=a, b" reads "v=a, b" quoted
// once, not "\"v=a, b\"", and the variants +a, and +b read "+a," +b.
func partSide(kind, side, v string) string {
	if side != v || !strings.Contains(v, ", ") {
		return side
	}
	if kind == "variants" {
		if w, ok := variantWords(v); ok {
			return w
		}
	}
	return Quote(v)
}

// variantWords is the list of variants v, as listops.Join writes it
// (words joined by single spaces, a word holding a space quoted as Go
// quotes a string), with each unquoted word that ends in a comma quoted
// too; false where v is not such a list.
func variantWords(v string) (string, bool) {
	var b strings.Builder
	for {
		var w string
		if strings.HasPrefix(v, `"`) {
			q, err := strconv.QuotedPrefix(v)
			if err != nil {
				return "", false
			}
			w = q
			b.WriteString(w)
		} else {
			w, _, _ = strings.Cut(v, " ")
			if w == "" {
				return "", false
			}
			b.WriteString(ListItem(w, strings.HasSuffix(w, ",")))
		}
		rest, ok := strings.CutPrefix(v[len(w):], " ")
		if !ok {
			return b.String(), len(w) == len(v)
		}
		b.WriteByte(' ')
		v = rest
	}
}

// explainedCounts counts the pairs with at least one root cause, and the
// updated ones among them.
func explainedCounts(r *diff.Report) (pairs, updated int) {
	for i := range r.Packages {
		p := &r.Packages[i]
		for i := range p.Specs.Rebuilt { // by index: a Pair is 128 bytes
			if pr := &p.Specs.Rebuilt[i]; r.Causes.HasCauses(pr.Why) {
				pairs++
			}
		}
		for i := range p.Specs.Updated {
			if pr := &p.Specs.Updated[i]; r.Causes.HasCauses(pr.Why) {
				pairs++
				updated++
			}
		}
	}
	return pairs, updated
}

// CausesSentence is the one-line summary: "412 specs rebuilt because of
// 3 root causes: zlib-ng 2.2.1 → 2.2.3 (389 specs, via py-numpy →
// openblas → zlib-ng), …", with at most three causes named, each value
// of the input in it written by val (NewsTextOf).
func CausesSentence(r *diff.Report, val func(string) string) string {
	c := r.Causes
	pairs, updated := explainedCounts(r)
	if pairs == 0 {
		return ""
	}
	verb := "rebuilt"
	if updated > 0 {
		verb = "rebuilt or updated"
	}
	// A change several packages share is one cause (causes.shared), then
	// the causes of one package each; a short list is named whole.
	var items []string
	inShared := map[int]bool{}
	for _, sc := range c.Shared {
		for _, g := range sc.Groups {
			inShared[g] = true
		}
		items = append(items, ChangeTextOf([]diff.Change{{Kind: sc.Kind, From: sc.From, To: sc.To}}, val)+
			" in "+Plural(len(sc.Packages), "package")+" ("+Plural(sc.Specs, "spec")+")")
	}
	for i, g := range c.Groups {
		if inShared[i] {
			continue
		}
		item := CauseTextOf(g.Name, g.Changes, val) + " (" + Plural(g.Specs, "spec")
		if len(g.Via) > 2 {
			item += ", via " + JoinPathOf(g.Via[1:len(g.Via)-1], val)
		}
		items = append(items, item+")")
	}
	var b strings.Builder
	b.WriteString(Plural(pairs, "spec") + " " + verb + " because of " + Plural(len(items), "root cause") + ": ")
	if len(items) > maxSentenceCauses {
		rest := len(items) - 3
		items = append(items[:3:3], "and "+strconv.Itoa(rest)+" more")
	}
	b.WriteString(strings.Join(items, ", "))
	return b.String()
}

// CausesShown is CausesSentence as NewsShown writes a highlight's
// words: each value VisibleSpaces, the sentence a message
// (VisibleMessage). Made visible as a whole, the cause "zlib " 1.0 → 2.0
// and the cause zlib " 1.0" → 2.0 both read "zlib\x20\x201.0 → 2.0".
func CausesShown(r *diff.Report) string { return VisibleMessage(CausesSentence(r, VisibleSpaces)) }

// maxSentenceCauses is how many causes the one-line summary names whole;
// a longer list names three and counts the rest (the table lists all).
const maxSentenceCauses = 5

// UnknownNote says how many pairs have no known cause.
func UnknownNote(c *diff.Causes) string {
	var parts []string
	if k := c.Pairs - c.Known; k == 1 {
		parts = append(parts, "1 rebuilt or updated spec from a catalogue page, which keeps no dependency edges: cause unknown, not guessed")
	} else if k > 1 {
		parts = append(parts, Plural(k, "rebuilt or updated spec")+" from catalogue pages, which keep no dependency edges: cause unknown, not guessed")
	}
	if c.Own > 0 {
		parts = append(parts, Plural(c.Own, "spec")+" whose dependencies all kept their hash: the change is the spec's own")
	}
	if c.Cut > 0 {
		k, f := diff.CauseBudgetTerms()
		parts = append(parts, "causes of "+Plural(c.Cut, "spec")+" cut: the report's root causes would have taken more than "+
			strconv.FormatInt(k, 10)+" references a changed spec or edge (and "+strconv.FormatInt(f, 10)+" more), so those specs keep their nearest causes, which alone the groups count (why.cut in --format json)")
	}
	return strings.Join(parts, "; ")
}

// UnknownCauses reports whether no rebuilt or updated pair of the
// report has a known cause (catalogue pages on one side or both), and
// the report has no lockfile roots to show: its Why rebuilt section only
// says so, and goes low in the report (see markdownView).
func UnknownCauses(c *diff.Causes) bool {
	return c != nil && c.Pairs > 0 && c.Known == 0 && c.Roots == nil
}

// None is a facet value as it stands beside an arrow: "∅" where it is
// empty (a spec without a version, compiler, OS or target), so that
// "1.0 → ∅" reads as a value gone, never as one cut off ("1.0 → ").
// The Updates table has always written an empty side this way. A value
// that could read as another is quoted as Go quotes a string (Same).
func None(v string) string {
	if v == "" {
		return "∅"
	}
	return Same(v)
}

// Same is a value as it stands in a cell or a sentence that writes a
// pair "old → new" (None), or alone where the pair's sides are equal:
// quoted as Go quotes a string where it could read as another
// (sideOdd). As it is, the compiler "a → b" kept read as a changed to
// b, the pair "a →" → "b" as "a" → "→ b", and the value ∅ as an empty
// one.
func Same(v string) string {
	if sideOdd(v) {
		return Quote(v)
	}
	return v
}

// sideOdd reports whether Same quotes v: v holds an arrow (→), is ∅ or
// "(none)" (what an empty side is written), or is such a value quoted
// (the value "∅" with its quotes, which reads as ∅ quoted). A value
// quoted otherwise (a list of versions or variants quoted already,
// "1.0, 2.0") is written as it is.
func sideOdd(v string) bool {
	if strings.Contains(v, "→") || v == "∅" || v == "(none)" {
		return true
	}
	if u, ok := unquoteLabel(v); ok {
		return sideOdd(u)
	}
	return false
}
