// Package patch is the patch output format: a unified diff of each
// changed package's spec listing (one line per spec, hashes abbreviated
// as report.Abbreviate does), which git apply and patch apply to the old
// listings; coloured line by line on a terminal (patchcolor.go). Format
// is its entry in report/builtin.
package patch

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// patchContext is the number of unchanged lines around a change in a
// hunk, as in diff -u.
const patchContext = 3

// renderPatch writes r as a unified diff (--format patch), coloured as git does
// with o.Color (patchColor): per package that is not unchanged, the diff
// of its canonical spec listing, old → new, with
// --- old/<package> and +++ new/<package> headers (or /dev/null for an
// added or removed package), so that patch -p1 and git apply can read it.
//
// The listings are built from the report alone (see listings), so that a
// saved JSON report renders the same patch. Unchanged specs are not in a
// report, so they are not in the listings either; the header says so.
func renderPatch(w io.Writer, r *diff.Report, o report.Options) error {
	for i := range r.Packages {
		if err := patchPath(r.Packages[i].Name); err != nil {
			return err
		}
	}
	if o.Color {
		w = &patchColor{w: w}
	}
	bw := bufio.NewWriter(w)
	title := "cachediff"
	if o.Title != "" {
		title = o.Title
	}
	a, b := report.SideNames(r.Old, r.New)
	fmt.Fprintf(bw, "# %s: %s → %s\n", report.VisibleInput(title), report.VisibleInput(a), report.VisibleInput(b))
	fmt.Fprintf(bw, "# One line per spec: /hash (7 characters, as Spack abbreviates it, or more where two hashes begin alike) @versions %%compiler variants arch=platform-os-target stacks=...\n")
	fmt.Fprintf(bw, "# In a value, %%XX is a byte (of UTF-8) of a space, %%, \", a control or invisible character, a , in a version or stack, or a - in arch; \"\" is an empty version or stack: each line reads one way.\n")
	fmt.Fprintf(bw, "# Unchanged specs are not in the report, so not in these listings (%s left out).\n", report.CountNoun(r.Summary.Specs.Unchanged, "unchanged spec", "unchanged specs"))
	if f := filterSummary(r.Options); f != "" {
		fmt.Fprintf(bw, "# Filters: %s.\n", f) // its values visible (filterSummary)
	}
	if n := len(r.Old.Skipped) + len(r.New.Skipped); n > 0 {
		fmt.Fprintf(bw, "# %s skipped (--skip-invalid), their specs in no listing:\n", snapshot.Plural(n, "invalid "+snapshot.SkippedNoun(r.Old.Skipped, r.New.Skipped)))
		// Each named, as text and HTML name them: a patch that counted
		// them alone left the reader to guess which page was invalid.
		// The count heads them, as "# N warnings:" heads the warnings.
		for _, side := range [...]struct {
			name string
			l    []snapshot.Skipped
		}{{"old", r.Old.Skipped}, {"new", r.New.Skipped}} {
			for _, k := range side.l {
				fmt.Fprintf(bw, "#   %s %s: %s\n", side.name, report.VisibleInput(report.SkippedWhere(k)), report.Visible(k.Reason))
			}
		}
	}
	// The warnings, as the other formats carry them: a lockfile's
	// records that no root reaches are left out of its specs, and a
	// patch that said nothing of it read as if they had never been there.
	if len(r.Warnings) > 0 {
		fmt.Fprintf(bw, "# %s:\n", report.Plural(len(r.Warnings), "warning"))
		for _, w := range r.Warnings {
			fmt.Fprintf(bw, "#   %s: %s\n", report.VisibleInput(report.WarningWhere(w)), report.Visible(w.Message))
		}
	}
	abbrev := report.Abbreviate(r)
	for i := range r.Packages {
		p := &r.Packages[i]
		before, after := listings(p, abbrev)
		from, to := "old/"+p.Name, "new/"+p.Name
		if p.Status == diff.Added {
			from = "/dev/null"
		}
		if p.Status == diff.Removed {
			to = "/dev/null"
		}
		ops := lineOps(before, after, compareLines)
		if !slices.ContainsFunc(ops, func(op lineOp) bool { return op.op != ' ' }) {
			continue // no hunk: a header alone is no patch (an unchanged package of a report read back)
		}
		fmt.Fprintf(bw, "--- %s\n+++ %s\n", patchName(from), patchName(to))
		writeHunks(bw, ops)
	}
	return bw.Flush()
}

// patchPath refuses a package name that is a path rather than a name
// (".", "..", an empty part between slashes, a slash at either end), as
// loading a snapshot does: in a patch, old/NAME would point out of its
// folder. Only a report read back (render) can hold one.
func patchPath(name string) error {
	if !snapshot.IsPackageName(name) {
		return fmt.Errorf("the package name %s is a path (. or .., or an empty part between slashes), not a name: a patch would name a file outside its folder", quotedName(name))
	}
	return nil
}

// quotedName is a package name for a message: its first maxQuoted
// characters, quoted in ASCII, and where it is cut the mark of the whole
// name (report.CutMark) inside the quotes. Quoted whole with %q, a name
// of a megabyte made a line of a megabyte, and a lookalike (a Cyrillic
// а) stayed as it is.
func quotedName(name string) string {
	kept, mark := name, ""
	if utf8.RuneCountInString(name) > maxQuoted {
		end, n := 0, 0
		for end < len(name) && n < maxQuoted-8 {
			_, size := utf8.DecodeRuneInString(name[end:])
			end, n = end+size, n+1
		}
		kept, mark = name[:end], report.CutMark(name)
	}
	q := strconv.QuoteToASCII(kept)
	return q[:len(q)-1] + mark + `"`
}

// maxQuoted is the most characters of a name quotedName keeps whole.
const maxQuoted = 60

// patchName writes a file name of a --- or +++ line as git diff does, so
// that git apply and patch read back the name as it is: in double quotes,
// with C escapes (\t, \n, \", \\) and bytes that are not printable
// ASCII in octal (\303\251), when it has any of those; and followed by a
// tab when it has a space, which ends the name there rather than at the
// end of the line. A name with a space at either end is quoted too (git
// leaves it bare, and GNU patch then drops the trailing spaces).
func patchName(name string) string {
	q := name
	if strings.HasPrefix(name, " ") || strings.HasSuffix(name, " ") {
		q = gitQuote(name) // patch drops the trailing spaces of an unquoted name, tab or not
	}
	for i := 0; i < len(name) && q == name; i++ {
		if c := name[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			q = gitQuote(name)
			break
		}
	}
	if strings.Contains(name, "##[") {
		// GitHub Actions' runner reads the legacy form of its workflow
		// commands ("##[error]…") anywhere in a line of a job's output:
		// the bracket is written in octal, which git apply and patch read.
		if q == name {
			q = gitQuote(name)
		}
		q = strings.ReplaceAll(q, "##[", `##\133`)
	}
	if strings.IndexByte(name, ' ') >= 0 {
		q += "\t"
	}
	return q
}

// gitQuote is git's quote_c_style with core.quotePath on.
func gitQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			if c < 0x20 || c >= 0x7f {
				fmt.Fprintf(&b, "\\%03o", c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// listings returns a package's old and new canonical spec listings: one
// line per spec (specLine, hashes abbreviated by a), each list sorted. The old listing holds the
// removed specs and the old side of every pair; the new one the added
// specs and the new side of every pair.
func listings(p *diff.Package, a report.Abbrev) (before, after []string) {
	for _, s := range p.Specs.Removed {
		before = append(before, specLine(s, a))
	}
	for _, s := range p.Specs.Added {
		after = append(after, specLine(s, a))
	}
	for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
		for i := range l { // by index: a Pair is 128 bytes
			before = append(before, specLine(*l[i].Old, a))
			after = append(after, specLine(*l[i].New, a))
		}
	}
	slices.SortFunc(before, compareLines)
	slices.SortFunc(after, compareLines)
	return before, after
}

// compareLines orders listing lines by version (Spack's order), then by
// the other facets as written, then by hash, so that a rebuilt spec's old
// and new lines are near each other.
func compareLines(a, b string) int {
	ha, fa, _ := strings.Cut(a, " ")
	hb, fb, _ := strings.Cut(b, " ")
	va, _, _ := strings.Cut(fa, " ")
	vb, _, _ := strings.Cut(fb, " ")
	if c := version.Compare(va, vb); c != 0 {
		return c
	}
	if c := strings.Compare(fa, fb); c != 0 {
		return c
	}
	return strings.Compare(ha, hb)
}

// specLine writes a spec on one line, in Spack's spec syntax:
// /hash @versions %compiler variants arch=platform-os-target stacks=a,b,
// the hash abbreviated by a.
//
// The line is unambiguous: two specs that differ give two lines that
// differ (TestSpecLineUnambiguous reads every line back). Each value is
// written by patchValue, which percent-encodes (%XX, the UTF-8 bytes) what
// would make the line ambiguous or not one line of plain text: %, ", a
// space, a control or invisible character, a byte that is not UTF-8;
// also , in a version or a stack (the lists' separator) and - in a
// platform, OS or target (arch's separator). An empty version or stack
// is written "" so that a list of one empty name is not the empty list.
// Spack's own names have none of these, so a real spec reads as Spack
// writes it.
func specLine(s diff.Spec, a report.Abbrev) string {
	// Grown once to the line's length unescaped: grown by doubling, a
	// spec of 4M variants (32 MB) held the line's bytes at up to three
	// times over, and --format patch peaked at 4.9x the report.
	n := 64 + len(s.Hash) + len(s.Compiler) + len(s.Platform) + len(s.OS) + len(s.Target)
	for _, l := range [...][]string{s.Versions, s.Variants, s.Stacks} {
		for _, v := range l {
			n += len(v) + 1 // and a separator
		}
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteByte('/')
	patchValue(&b, a.Short(s.Hash), "")
	b.WriteString(" @")
	patchList(&b, s.Versions)
	b.WriteString(" %")
	patchValue(&b, s.Compiler, "")
	for _, v := range s.Variants {
		b.WriteByte(' ')
		patchValue(&b, v, "")
	}
	b.WriteString(" arch=")
	patchValue(&b, s.Platform, "-")
	b.WriteByte('-')
	patchValue(&b, s.OS, "-")
	b.WriteByte('-')
	patchValue(&b, s.Target, "-")
	b.WriteString(" stacks=")
	patchList(&b, s.Stacks)
	return b.String()
}

// patchList writes a list of names joined by commas (patchValue, with a
// comma encoded), an empty name as "".
func patchList(b *strings.Builder, l []string) {
	for i, v := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		if v == "" {
			b.WriteString(`""`)
			continue
		}
		patchValue(b, v, ",")
	}
}

// patchValue writes v, percent-encoding (%XX of each UTF-8 byte) %, ", a
// space, a control or invisible character, a byte that is not UTF-8, and
// the bytes of sep (ASCII separators of the field).
func patchValue(b *strings.Builder, v, sep string) {
	const hexDigits = "0123456789ABCDEF"
	esc := func(c byte) {
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			// The [ of "##[" too: GitHub Actions' runner reads the legacy
			// form of its workflow commands ("##[error]…") anywhere in a
			// line of a job's output.
			if c <= ' ' || c == 0x7f || c == '%' || c == '"' || strings.IndexByte(sep, c) >= 0 || c == '[' && i >= 2 && v[i-2:i] == "##" {
				esc(c)
			} else {
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && size == 1 || unicode.IsSpace(r) || unicode.IsControl(r) || report.Invisible(r) {
			for j := range size {
				esc(v[i+j])
			}
		} else {
			b.WriteString(v[i : i+size])
		}
		i += size
	}
}

// lineOp is one line of a unified diff: ' ' kept, '-' removed, '+' added.
type lineOp struct {
	op   byte
	text string
}

// lineOps diffs two listings line by line and returns the lines in
// unified-diff order: in each run of changes, the removed lines before
// the added ones.
//
// Both listings are sorted by compareLines, a total order, so the lines
// they share come in the same order in both, and all of them together
// are their longest common subsequence: one merge of the two finds it,
// in linear time. (A general diff is quadratic in the lines that
// differ, and a week rebuilds most specs, each a line that differs:
// diffmatchpatch took seconds on one package of many rebuilt specs.) The
// patch is the one a minimal diff gives. Were the order not total, the
// merge would still give a valid patch, one that keeps fewer lines.
// cmp is compareLines (the tests count its calls).
func lineOps(before, after []string, cmp func(a, b string) int) []lineOp {
	ops := make([]lineOp, 0, len(before)+len(after))
	var adds []lineOp
	flush := func() {
		ops = append(ops, adds...)
		adds = adds[:0]
	}
	i, j := 0, 0
	for i < len(before) || j < len(after) {
		switch {
		case j == len(after):
			ops = append(ops, lineOp{'-', before[i]})
			i++
		case i == len(before):
			adds = append(adds, lineOp{'+', after[j]})
			j++
		case before[i] == after[j]:
			flush()
			ops = append(ops, lineOp{' ', before[i]})
			i, j = i+1, j+1
		case cmp(before[i], after[j]) < 0:
			ops = append(ops, lineOp{'-', before[i]})
			i++
		default:
			adds = append(adds, lineOp{'+', after[j]})
			j++
		}
	}
	flush()
	return ops
}

// writeHunks writes ops as unified-diff hunks with patchContext lines of
// context, each under an @@ -start,count +start,count @@ header.
func writeHunks(w io.Writer, ops []lineOp) {
	// oldLine[i] and newLine[i] are the 1-based line numbers before ops[i].
	oldAt, newAt := make([]int, len(ops)+1), make([]int, len(ops)+1)
	oldAt[0], newAt[0] = 1, 1
	for i, op := range ops {
		oldAt[i+1], newAt[i+1] = oldAt[i], newAt[i]
		if op.op != '+' {
			oldAt[i+1]++
		}
		if op.op != '-' {
			newAt[i+1]++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i].op == ' ' {
			i++
			continue
		}
		// A hunk starts patchContext lines before the first change and
		// runs until more than 2*patchContext kept lines follow a change.
		start := max(0, i-patchContext)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].op != ' ' {
				end = j + 1
			} else if j-end >= 2*patchContext {
				break
			}
		}
		end = min(len(ops), end+patchContext)
		oldN, newN := oldAt[end]-oldAt[start], newAt[end]-newAt[start]
		fmt.Fprintf(w, "@@ -%s +%s @@\n", hunkRange(oldAt[start], oldN), hunkRange(newAt[start], newN))
		for _, op := range ops[start:end] {
			// Not through fmt, whose buffer grows to hold the line:
			// a spec of 4M variants is a line of 32 MB.
			io.WriteString(w, string(rune(op.op)))
			io.WriteString(w, op.text)
			io.WriteString(w, "\n")
		}
		i = end
	}
}

// hunkRange writes a hunk's start,count the way diff -u does: an empty
// range starts at the line before it (0 for an empty file), and a count
// of one is left out.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// filterSummary says in words which filters made the report, "" for none:
// "packages py-*; specs in stack e4s; pairing ignores compiler", each
// list as report.FilterList writes it, its values visible text.
func filterSummary(o diff.Options) string {
	var parts []string
	if len(o.Packages) > 0 {
		parts = append(parts, "packages "+report.FilterList(o.Packages, report.VisibleInput))
	}
	if len(o.Stacks) == 1 {
		parts = append(parts, "specs in stack "+report.FilterList(o.Stacks, report.VisibleInput))
	} else if len(o.Stacks) > 1 {
		parts = append(parts, "specs in stacks "+report.FilterList(o.Stacks, report.VisibleInput))
	}
	if len(o.Ignore) > 0 {
		parts = append(parts, "pairing ignores "+report.FilterList(o.Ignore, report.VisibleInput))
	}
	return strings.Join(parts, "; ")
}
