package report

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/cachediff/cachediff/diff"
)

// How a changelog names its snapshots apart. diff.SnapshotInfo.Label
// names one snapshot (templates see it as .Old.Name and .New.Name of a
// step); the names that tell a series' snapshots apart are written here.

// SideNames names the two sides of a pair's report apart, as every
// format's headline names them: by their tags; when the tags are alike
// (two nights of _cache/develop), by Side.Name (in git a commit's date
// and id) where those differ, else by their paths; a side without a tag
// (a Spack index, a lockfile) by its path, and in git by its path and
// commit (headName), beside a side of a tag too; a side without a tag
// at the path another's tag is spelt as, and the other, by their paths
// (pathName), never "x → x". A tag and a path are each the name a side is
// known by, and read alike where they are spelt alike: the tag old of
// one report and the folder old of another, or beside a side of a tag
// (develop → old) a folder old or a tag old. That is kept: a headline
// names what the user gave or the pages call themselves, never a
// commit, date or count that is not the side's, and the JSON holds
// both (path, tag). Each is quoted where it holds
// an arrow or reads as ∅, as a pair's side is (Same): the headline
// joins them by " → ", and the snapshots "a → b" and c read "a → b →
// c", as a and "b → c" did. Each is quoted too where it holds ": "
// (headOdd), which parts text's and the patch's headline from the title
// before the sides and the counts after them: the --title "t: a" of
// the snapshots b and c read "t: a: b → c", as the title t of the
// snapshots "a: b" and c did; and a side named by its tag or path
// (on disk, or a git side of a tag of its own) whose name reads as a
// git side's, its tag, a commit's date and short id ("develop
// 2025-03-09 aaaaaaa", Side.Name), as a log's label reading as a
// commit's is (diskLabel): the folders tagged "develop 2025-03-09
// aaaaaaa" and "develop 2025-03-16 bbbbbbb" read as the two commits of
// develop. A git side named by its tag and commit quotes its tag alone
// (headName): quoted whole, the commit aaaaaaa of the tag "x: y" read
// `"x: y 2025-03-09 aaaaaaa"`, as the folder of that path did.
func SideNames(from, to diff.Side) (a, b string) {
	switch {
	case from.Tag == to.Tag && from.Name() != to.Name():
		return headName(from), headName(to)
	case from.Tag == to.Tag && from.Path == to.Path && from.Rev != to.Rev:
		// Two commits of one day whose short ids are alike, at one path
		// (a report made by hand, or ids alike in 12 digits, a log's
		// paths): named by their paths, the commits aaaaaaa1… and
		// aaaaaaa2… read "p → p", as a folder diffed with itself.
		return headFull(from), headFull(to)
	case from.Tag == to.Tag:
		a, b = from.Path, to.Path
	case cmp.Or(from.Tag, from.Path) == cmp.Or(to.Tag, to.Path):
		// A side without a tag at the path another's tag is spelt as
		// (the folder x beside the folder y tagged x) read "x → x", as
		// a snapshot diffed with itself: both are named by their
		// paths (a git side's with its commit).
		return pathName(from), pathName(to)
	default:
		a, b = cmp.Or(from.Tag, from.Path), cmp.Or(to.Tag, to.Path)
		if from.Tag == "" && from.Rev != "" || to.Tag == "" && to.Rev != "" {
			// A git side without a tag beside one of a tag is named by
			// its path and commit, as beside another without a tag
			// (headName): by its path alone, the reports of v1 against
			// HEAD~1:spack.lock made on two days read alike, other
			// commits.
			return tagOrPath(from), tagOrPath(to)
		}
	}
	// Named otherwise than by a tag and a commit, a git side too is
	// quoted where it reads as so named: the commits of the tags
	// "develop 2025-03-09 aaaaaaa" and "develop 2025-03-16 bbbbbbb" read
	// as the commits aaaaaaa and bbbbbbb of develop.
	return headSide(a, true), headSide(b, true)
}

// tagOrPath is a side named by its tag, else by its path (pathName),
// in a headline (SideNames).
func tagOrPath(s diff.Side) string {
	if s.Tag != "" {
		return headSide(s.Tag, true)
	}
	return pathName(s)
}

// pathName is a side named by its path in a headline (SideNames): a
// git side's REV:PATH with its commit's label (headName), another's
// path, quoted where headSide quotes it.
func pathName(s diff.Side) string {
	if s.Rev != "" {
		return headName(diff.Side{Path: s.Path, Rev: s.Rev, Date: s.Date})
	}
	return headSide(s.Path, true)
}

// headName is s.Name() in a headline (SideNames): a git side's tag
// quoted as headSide quotes a side, then its commit's label, which
// reads one way (a date and a short id); a side on disk its path,
// quoted where headSide quotes it. A git side without a tag (a Spack
// file in git) is named by its path (REV:PATH, as written) and its
// commit's label, as one of a tag by its tag: named by its path alone,
// the report of HEAD~1:spack.lock and HEAD:spack.lock made on two days
// read "HEAD~1:spack.lock → HEAD:spack.lock" alike, other commits, and
// the sides at the paths "develop 2025-03-09 aaaaaaa" and "develop
// 2025-03-16 bbbbbbb" read as the git sides of those tags, which name
// no commit either.
func headName(s diff.Side) string {
	if s.Rev == "" {
		return headSide(s.Name(), true)
	}
	return headSide(cmp.Or(s.Tag, s.Path), false) + " " + diff.SnapshotInfo{Path: s.Path, Rev: s.Rev, Date: s.Date}.Label()
}

// headFull is a git side's name in a headline (SideNames) where its
// commit's label is another's (headName): its tag (or its path, where
// it has none), its commit's date and its full id.
func headFull(s diff.Side) string {
	date := s.Date
	if len(date) >= 10 {
		date = date[:10]
	}
	name := headSide(s.Path, true)
	if s.Tag != "" {
		name = headSide(s.Tag, false)
	}
	return name + " " + date + " " + s.Rev
}

// headSide is v, a side's name in a headline (SideNames, SeriesEnds),
// quoted as Go quotes a string where it reads as another (Same), holds
// ": " (headOdd), or, where the side is not named by its tag and
// commit (named so, headName), reads as a git side's name
// (nameCommitLike).
func headSide(v string, notGit bool) string {
	if q, ok := asciiLabel(v); ok {
		return q
	}
	if sideOdd(v) || headOdd(v) || notGit && nameCommitLike(v) {
		return quoteLabel(v, false)
	}
	return v
}

// headOdd reports whether v holds ": ", which parts a headline's title,
// sides and counts ("title: a → b: 3 packages changed"), or is such a
// value quoted (headSide).
func headOdd(v string) bool {
	if strings.Contains(v, ": ") {
		return true
	}
	if u, ok := unquoteLabel(v); ok {
		return headOdd(u)
	}
	return false
}

// nameCommitLike reports whether v reads as a git side's name
// (Side.Name: a tag, a space, then a commit's label, "develop
// 2025-03-09 aaaaaaa") or a commit's label alone (commitLike), or is
// such a name quoted (headSide). Read from its end: a short id of
// hexadecimal digits after its last space, and before that space a date
// (or none) after a space, or nothing.
func nameCommitLike(v string) bool {
	if u, ok := unquoteLabel(v); ok {
		return nameCommitLike(u)
	}
	i := strings.LastIndexByte(v, ' ')
	if i < 0 || i+1 == len(v) || strings.Trim(v[i+1:], "0123456789abcdef") != "" {
		return false
	}
	rest := v[:i]
	if rest == "" || strings.HasSuffix(rest, " ") {
		return true // no date: " aaaaaaa", "develop  aaaaaaa"
	}
	const dateLen = len("2025-03-09")
	if len(rest) < dateLen || strings.Trim(rest[len(rest)-dateLen:], "0123456789-") != "" {
		return false
	}
	return len(rest) == dateLen || rest[len(rest)-dateLen-1] == ' '
}

// SeriesEnds names the first and the last of a series' snapshots, of
// labels (SnapshotLabels), as a log's title joins them by " → ": each
// quoted as a step's heading quotes it (StepLabel) where it holds a
// parenthesis, "·" or a quote, else as SideNames quotes a pair's sides
// (headSide; a label on disk that reads as a commit's is quoted
// already, diskLabel). The title wrote the label w2 (snapshot 3) bare
// where the headings wrote it "w2 (snapshot 3)", which in the title is
// the folder of that name (numberedLike): one rule for both.
func SeriesEnds(labels []string) (first, last string) {
	if len(labels) == 0 {
		return "", ""
	}
	return seriesEnd(labels[0]), seriesEnd(labels[len(labels)-1])
}

// seriesEnd is a label as SeriesEnds writes it.
func seriesEnd(l string) string {
	if keptQuoted(l) {
		return l // quoted already (diskLabel), as StepLabel keeps it
	}
	if q := StepLabel(l); q != l {
		return q
	}
	return headSide(l, false)
}

// SnapshotLabels names the snapshots of a series in its changelog: each by its
// Label, unless that names two snapshots alike. Snapshots on disk that
// share a tag (copies of _cache/develop taken on different days) are
// named by their paths, as a pair diff's headline names two sides of one
// tag, when the paths tell them apart; any still named alike (the same
// folder or commit twice) get their place in the series too, "w2
// (snapshot 3)", "v0.23.1 (snapshot 3)". A series of distinct tags keeps
// its tags. A label that reads as one so placed ("w2 (snapshot 3)") is
// quoted as Go quotes a string where it is not (numberedLike).
func SnapshotLabels(snaps []diff.SnapshotInfo) []string {
	out := make([]string, len(snaps))
	group := map[string][]int{} // the snapshots of each label
	for i, s := range snaps {
		out[i] = s.Label()
		group[out[i]] = append(group[out[i]], i)
	}
	for _, g := range group {
		paths, gitPaths := map[string]bool{}, map[string]bool{}
		for _, i := range g {
			paths[snaps[i].Path] = true
			if snaps[i].Rev != "" {
				gitPaths[snaps[i].Path] = true
			}
		}
		if len(paths) < 2 {
			continue // one snapshot, or one folder or commit again and again
		}
		for _, i := range g {
			switch {
			case snaps[i].Rev == "":
				out[i] = snaps[i].Path
			case len(gitPaths) > 1:
				// Two PATHs at one commit (log HEAD:_cache/develop
				// HEAD:mirror): by its PATH and commit, as a pair's
				// headline names a git side without a tag (headName).
				// By the commit alone they read "2026-12-06 c8db95a
				// (snapshot 1) → 2026-12-06 c8db95a (snapshot 2)",
				// nothing saying which is which.
				out[i] = snaps[i].Path + " " + out[i]
			}
		}
	}
	for i := range out {
		out[i] = diskLabel(snaps[i], out[i])
	}
	n := make(map[string]int, len(out))
	for _, l := range out {
		n[l]++
	}
	for i := range out {
		switch {
		case n[out[i]] > 1:
			out[i] += fmt.Sprintf(" (snapshot %d)", i+1)
		case numberedLike(out[i]):
			// A label read as one placed here is quoted, as a pair's
			// side reading as ∅ is (Same): the folders "a (snapshot
			// 1)", b and "a (snapshot 3)" read as the folder a twice
			// around b, the whole log alike.
			out[i] = quoteLabel(out[i], false)
		}
	}
	return out
}

// numberedLike reports whether a label l reads as one SnapshotLabels
// gives its place in the series, "w2 (snapshot 3)", or is such a label
// quoted.
func numberedLike(l string) bool {
	if u, ok := unquoteLabel(l); ok {
		return numberedLike(u)
	}
	const words = " (snapshot "
	i := strings.LastIndex(l, words)
	if i < 0 {
		return false
	}
	d, ok := strings.CutSuffix(l[i+len(words):], ")")
	return ok && d != "" && strings.Trim(d, "0123456789") == ""
}

// diskLabel is l, the label of the snapshot s, quoted as Go quotes a
// string where s is on disk and l reads as a commit's label, "2025-03-09
// aaaaaaa" (SnapshotInfo.Label: its date and short id), or a git
// snapshot's named by its PATH too, "HEAD:mirror 2025-03-09 aaaaaaa"
// (SnapshotLabels, nameCommitLike), or is such a label quoted: a log of
// the folder tagged "2025-03-09 aaaaaaa" read as one of the commit
// aaaaaaa of that day, its JSON apart (rev, date).
//
// A label that holds a lookalike (labelLookalike), or is such a label
// quoted, is quoted in ASCII, on disk or not, as FileItem quotes a file:
// the logs of the folders s1 and ѕ1 (its ѕ U+0455) read alike, in their
// titles, step headings and feed entries.
func diskLabel(s diff.SnapshotInfo, l string) string {
	if q, ok := asciiLabel(l); ok {
		return q
	}
	if s.Rev == "" && (commitLike(l) || nameCommitLike(l)) {
		return quoteLabel(l, false)
	}
	return l
}

// commitLike reports whether l reads as a commit's label, its date (or
// none) and a short id of hexadecimal digits after a space, or is such
// a label quoted (diskLabel).
func commitLike(l string) bool {
	if u, ok := unquoteLabel(l); ok {
		return commitLike(u)
	}
	date, id, ok := strings.Cut(l, " ")
	if !ok || id == "" || strings.Trim(id, "0123456789abcdef") != "" {
		return false
	}
	return date == "" || len(date) == 10 && strings.Trim(date, "0123456789-") == ""
}

// asciiLabel is l quoted in ASCII, as FileItem quotes a file, and
// true, where l holds a lookalike (labelLookalike) or is such a label
// quoted (lookalikeQuoted): the one rule of a side's name in a headline
// (headSide), a log's label (diskLabel) and a pair page's lead
// (LeadPath). Written as they are, the folders s1 and ѕ1 (its ѕ U+0455)
// read alike.
func asciiLabel(l string) (string, bool) {
	if labelLookalike(l) || lookalikeQuoted(l) {
		return quoteLabel(l, true), true
	}
	return "", false
}

// lookalikeQuoted reports whether l is a label holding a lookalike
// quoted (unquoteLabel): the folder named "\u04551", its quotes and
// backslash its own, is quoted again, never read as ѕ1 quoted in ASCII.
func lookalikeQuoted(l string) bool {
	u, ok := unquoteLabel(l)
	return ok && labelLookalike(u)
}

// labelLookalike reports whether a label l holds a letter or digit past
// ASCII, one that may read as a letter or digit of ASCII (lookalikeRune,
// but for the marks a label's quoting reads already: "·", "→", "∅",
// which StepLabel and sideOdd quote as they are).
func labelLookalike(l string) bool {
	return strings.ContainsFunc(l, func(r rune) bool {
		return r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
	})
}

// asciiQuoted reports whether l is a label that holds a lookalike quoted
// in ASCII by diskLabel or headSide, which a step's heading keeps as it
// is (StepLabel).
func asciiQuoted(l string) bool {
	u, ok := unquoteLabel(l)
	return ok && labelLookalike(u) && l == quoteLabel(u, true)
}

// keptQuoted reports whether l is a label quoted in ASCII for its
// lookalike (asciiQuoted), or such a label given its place in the
// series, "\"\u04551\" (snapshot 2)" (SnapshotLabels), which the views
// keep as they are (StepLabel, NewsLabel, RunLabel, SeriesEnds): its
// quotes and its number read as no other label's. Quoted again, the
// folder ѕ1 (its ѕ U+0455) twice read "\"\\u04551\" (snapshot 2)" in a
// step's heading and in runs, where its news read "\u04551" (snapshot 2).
func keptQuoted(l string) bool {
	if asciiQuoted(l) {
		return true
	}
	i := strings.LastIndex(l, " (snapshot ")
	return i > 0 && numberedLike(l) && asciiQuoted(l[:i])
}

// quoteLabel is l quoted as Go quotes a string (strconv.Quote, or
// strconv.QuoteToASCII where ascii), but for a character each view
// writes as an escape itself (a control or invisible character, an
// invalid byte: plainText), left as it is for the view to escape once.
// Go's quoting escaped it first and each view's escaping doubled its
// backslash: the folder "ѕ1\n" (its ѕ U+0455, a newline at its end)
// read "\u04551\\n", ѕ1 then a backslash and an n, and the folder "a
// (b\n" "a (b\\n" in a step's title, where a run wrote it a (b\n.
func quoteLabel(l string, ascii bool) string {
	// Sized once, each run quoted in place: a run quoted as a string of
	// its own and the label grown by doubling, a label of a newline
	// every two letters allocated 9x its bytes.
	// A run quoted in place takes one byte more than the label's. b is
	// not written again: the string is its bytes, not a copy.
	b := appendQuoteLabel(make([]byte, 0, len(l)+3), l, ascii)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// appendQuoteLabel appends quoteLabel's l to b.
func appendQuoteLabel(b []byte, l string, ascii bool) []byte {
	quote := strconv.AppendQuote
	if ascii {
		quote = strconv.AppendQuoteToASCII
	}
	b = append(b, '"')
	for i := 0; i < len(l); {
		j := i
		for j < len(l) {
			if n, raw := rawRune(l[j:]); !raw {
				j += n
				continue
			}
			break
		}
		if j > i {
			// The run quoted, its quotes dropped.
			at := len(b)
			b = quote(b, l[i:j])
			b = append(b[:at], b[at+1:len(b)-1]...)
		}
		if j < len(l) {
			n, _ := rawRune(l[j:])
			b = append(b, l[j:j+n]...)
			j += n
		}
		i = j
	}
	return append(b, '"')
}

// Quote is s quoted as a view's value is quoted where it could read as
// another (ListItem, Same, a highlight's words): as Go quotes a string,
// but for a control or invisible character or an invalid byte, left as
// it is for the view to escape once (quoteLabel).
func Quote(s string) string { return quoteLabel(s, false) }

// Unquote is the value of s quoted as Quote quotes it, or as Go quotes
// a string; ok is false where s is no such quoted string (unquoteLabel).
// A check that a value reads as one quoted reads it so: read by
// strconv.Unquote, a value quoted with its newline left as it is reads
// as none quoted.
func Unquote(s string) (u string, ok bool) { return unquoteLabel(s) }

// unquoteLabel is the value of l quoted as quoteLabel quotes it, or as
// Go quotes a string (strconv.Unquote), a character left as it is for
// a view to escape read as its escape; ok is false where l is no such
// quoted string.
func unquoteLabel(l string) (u string, ok bool) {
	if len(l) < 2 || l[0] != '"' {
		return "", false
	}
	if !strings.ContainsFunc(l, unclean) {
		u, err := strconv.Unquote(l) // no character left raw: as Go reads it
		return u, err == nil
	}
	var b strings.Builder
	b.Grow(len(l) + len(l)/2)
	var scratch []byte
	for i := 0; i < len(l); {
		n, raw := rawRune(l[i:])
		switch r, _ := utf8.DecodeRuneInString(l[i:]); {
		case raw && r == utf8.RuneError:
			fmt.Fprintf(&b, `\x%02x`, l[i])
		case raw:
			scratch = strconv.AppendQuoteRuneToASCII(scratch[:0], r)
			b.Write(scratch[1 : len(scratch)-1])
		default:
			b.WriteString(l[i : i+n])
		}
		i += n
	}
	u, err := strconv.Unquote(b.String())
	return u, err == nil
}

// rawRune is the size of the character s begins with, and whether
// quoteLabel leaves it as it is for a view to escape (plainText): an
// invalid byte, a control or an invisible character.
func rawRune(s string) (size int, raw bool) {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return size, size == 1
	}
	return size, unicode.IsControl(r) || Invisible(r)
}
