package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/view"
)

var (
	mdUnescape = regexp.MustCompile(`\\(.)`)
	htmlLink   = regexp.MustCompile(`^<a href="[^"]*">(.*)</a>$`)
	mdLink     = regexp.MustCompile(`^\[(.*)\]\(.*\)$`)
)

// rebuiltOnlyRow matches a row of the rebuilt-only table.
var rebuiltOnlyRow = regexp.MustCompile(`(?m)^\| (.*?) \| \d+ \| `)

// names are the packages a Markdown report shows, in details (a line
// that starts <details><summary><b>NAME</b>) or as one-line summaries
// (- **NAME** (…), NAME up to the first of those ends on its line). A
// scan of lines, not a regular expression: the property tests call it
// on every cut, and the expression took half their time.
func names(md string) map[string]bool {
	m := map[string]bool{}
	for line := range strings.Lines(md) {
		var name string
		if rest, ok := strings.CutPrefix(line, "<details><summary><b>"); ok {
			n, _, found := strings.Cut(rest, "</b>")
			if !found {
				continue
			}
			name = htmlLink.ReplaceAllString(n, "$1") // details write names as HTML text
		} else if rest, ok := strings.CutPrefix(line, "- **"); ok {
			n, _, found := strings.Cut(rest, "** (")
			if !found {
				continue
			}
			name = mdLink.ReplaceAllString(n, "$1") // summaries as Markdown
		} else {
			continue
		}
		m[mdUnescape.ReplaceAllString(html.UnescapeString(name), "$1")] = true
	}
	// The packages changed by rebuilds alone, one row each.
	if _, table, ok := strings.Cut(md, "\n### Rebuilt only ("); ok {
		table, _, _ = strings.Cut(table, "\n### ")
		table, _, _ = strings.Cut(table, "\n\n…and ")
		for _, s := range rebuiltOnlyRow.FindAllStringSubmatch(table, -1) {
			m[mdUnescape.ReplaceAllString(html.UnescapeString(mdLink.ReplaceAllString(s[1], "$1")), "$1")] = true
		}
	}
	return m
}

// unescapedBackticks counts the backticks of a line that open or close a
// code span (not written \`).
func unescapedBackticks(line string) int {
	n := 0
	for i := 0; i < len(line); i++ {
		if line[i] == '\\' {
			i++
		} else if line[i] == '`' {
			n++
		}
	}
	return n
}

// checkCut checks one shortened report against the full one.
func checkCut(t *testing.T, full, out string, limit int) {
	t.Helper()
	if len(out) > limit {
		t.Fatalf("max %d: %d bytes", limit, len(out))
	}
	if !utf8.ValidString(out) {
		t.Fatalf("max %d: invalid UTF-8", limit)
	}
	if o, c := strings.Count(out, "<details>"), strings.Count(out, "</details>"); o != c {
		t.Fatalf("max %d: %d <details> and %d </details>", limit, o, c)
	}
	for n, line := range strings.Split(out, "\n") {
		if unescapedBackticks(line)%2 != 0 {
			t.Fatalf("max %d: line %d has an unclosed code span: %s", limit, n+1, line)
		}
		if i := strings.LastIndexByte(line, '<'); i >= 0 && !strings.Contains(line[i:], ">") {
			t.Fatalf("max %d: line %d has a cut HTML tag: %s", limit, n+1, line)
		}
	}
	// The headline, the summary table and the canonicalization line stay.
	head, _, _ := strings.Cut(full, "\n### ")
	if !strings.HasPrefix(out, strings.SplitAfter(head, "\n\n")[0]) {
		t.Fatalf("max %d: the headline is gone", limit)
	}
	for _, line := range strings.Split(head, "\n") {
		if strings.HasPrefix(line, "| packages |") || strings.HasPrefix(line, "| specs |") || strings.HasPrefix(line, "**") {
			if !strings.Contains(out, line+"\n") {
				t.Fatalf("max %d: the summary line %q is gone", limit, line)
			}
		}
	}
	if shortened := strings.Contains(out, "**Shortened** to fit in"); shortened != (len(full) > limit) {
		t.Fatalf("max %d, full %d bytes: shortened notice %v", limit, len(full), shortened)
	}
	if len(full) <= limit && out != full {
		t.Fatalf("max %d: the full report (%d bytes) fits but is not what was written", limit, len(full))
	}
}

// TestMaxBytesProperties renders generated reports of many sizes under
// many limits: never more than the limit, never a cut character, tag,
// code span or <details> block, the headline and summary always there,
// the notice exactly when shortened, a clear error when the limit is too
// small, and a larger limit never shows less. With skipped pages, their
// heading always stays and their rows go only after every other section.
func TestMaxBytesProperties(t *testing.T) {
	for _, tc := range []struct{ size, seeds, limits, skipped int }{
		{0, 2, 20, 0}, {1, 3, 30, 0}, {2, 3, 30, 0}, {5, 3, 30, 0}, {12, 3, 30, 0}, {40, 2, 25, 0}, {100, 1, 12, 0},
		{3, 2, 30, 250}, {40, 1, 25, 700}, {0, 1, 10, 30},
	} {
		size := tc.size
		if testing.Short() { // a quick inner loop: one seed, a sixth of the limits
			// past size 5 or with skipped pages. A report of 5 packages
			// or fewer, a few KB, keeps all its limits: cheap (a few
			// hundredths of a second), they are the cuts that reach
			// its counted sections (Version changes, Removed packages)
			// down to their last row, where a sixth of them made one.
			tc.seeds = 1
			if tc.size > 5 || tc.skipped > 0 {
				tc.limits = max(tc.limits/6, 3)
			}
			if tc.skipped > 300 {
				// 700 skipped pages under every limit took half of the
				// -short run: 250 of them (size 3) stand for it, and
				// TestMaxBytesSkipped cuts 700. make test runs it.
				continue
			}
		}
		for seed := range uint64(tc.seeds) {
			r := reporttest.GenReport(seed*31+uint64(size), size)
			reporttest.GenSkipped(r, seed, tc.skipped)
			link := "" // links add HTML tags and Markdown links to cut around
			if seed%2 == 1 {
				link = "https://cache.spack.io/package/?name="
			}
			var buf bytes.Buffer
			if err := Markdown(&buf, r, report.Options{LinkBase: link}); err != nil {
				t.Fatal(err)
			}
			full := buf.String()
			if got := len(names(full)); got != len(r.Packages) {
				t.Fatalf("size %d seed %d: %d package names found in the full report, want %d", size, seed, got, len(r.Packages))
			}
			var prev string
			var prevNames map[string]bool // names(prev)
			var prevMax int
			tooSmall := true
			limits := []int{1, 100, 500}
			for i := 1; i <= tc.limits; i++ { // up to 1.2 times the full size
				limits = append(limits, len(full)*i*6/(tc.limits*5))
			}
			limits = append(limits, len(full)-1, len(full), len(full)+1)
			slices.Sort(limits)
			for _, limit := range limits {
				if limit <= prevMax {
					continue
				}
				buf.Reset()
				err := Markdown(&buf, r, report.Options{MaxBytes: limit, LinkBase: link})
				var small *view.TooSmallError
				if errors.As(err, &small) {
					if !tooSmall {
						t.Fatalf("size %d seed %d: max %d too small, but %d was not", size, seed, limit, prevMax)
					}
					if small.Min <= limit || buf.Len() > 0 {
						t.Fatalf("max %d: too small, minimum %d, %d bytes written", limit, small.Min, buf.Len())
					}
					if !strings.Contains(err.Error(), "--max-bytes") {
						t.Fatalf("error %q does not name the flag", err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				tooSmall = false
				out := buf.String()
				checkCut(t, full, out, limit)
				checkSkipped(t, r, full, out, limit)
				if h := countedOverNothing.FindString(out); h != "" && !strings.HasPrefix(h, "### Skipped") {
					t.Errorf("size %d seed %d, --max-bytes %d: a heading that counts its rows over none but their count again:\n%s", size, seed, limit, h)
				}
				if prev != "" {
					for _, what := range []string{"<details>", "\n| ", "\n### "} {
						if a, b := strings.Count(prev, what), strings.Count(out, what); b < a {
							t.Fatalf("size %d seed %d: %q %d times under %d bytes, %d times under %d", size, seed, what, a, prevMax, b, limit)
						}
					}
				}
				now := names(out)
				for n := range prevNames {
					if !now[n] {
						t.Fatalf("size %d seed %d: %s shown under %d bytes, not under %d", size, seed, n, prevMax, limit)
					}
				}
				prev, prevNames, prevMax = out, now, limit
			}
			if tooSmall {
				t.Fatalf("size %d seed %d: no limit fits", size, seed)
			}
		}
	}
}

// countedOverNothing matches a section's heading that counts its rows
// ("### Version changes (63)", "### Rebuilt only (2 packages, …)") cut
// to no row: its paragraph, if any, then "…and 63 more": such a section
// keeps its first row or goes (view.Section.LeastRows), as the
// warnings do. The skipped pages' heading stays by design.
var countedOverNothing = regexp.MustCompile(`(?m)^### [^\n]*\(\d[^\n]*\n\n(?:[^|\n][^\n]*\n\n)?…and \d+ more`)

// skippedRow matches a row of the skipped-pages table.
var skippedRow = regexp.MustCompile(`(?m)^\| (?:old|new) \| `)

// checkSkipped checks the skipped pages of one shortened report: their
// heading and count always there, their rows a prefix of the full table,
// cut below view.CutRows only once every other section is gone, and counted
// when cut.
func checkSkipped(t *testing.T, r *diff.Report, full, out string, limit int) {
	t.Helper()
	n := len(r.Old.Skipped) + len(r.New.Skipped)
	if n == 0 {
		return
	}
	if !strings.Contains(out, fmt.Sprintf("\n### Skipped pages (%d)\n", n)) {
		t.Fatalf("max %d: the skipped pages heading is gone", limit)
	}
	rows := skippedRow.FindAllStringIndex(out, -1)
	if len(rows) == n {
		return
	}
	for _, h := range regexp.MustCompile(`(?m)^### .*`).FindAllString(out, -1) {
		if len(rows) < min(n, view.CutRows) && !strings.HasPrefix(h, "### Skipped pages") && h != "### Highlights" { // the Head's list
			t.Fatalf("max %d: %d of %d skipped pages shown, but section %q is still there", limit, len(rows), n, h)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("\n…and %d more page", n-len(rows))) {
		t.Fatalf("max %d: %d of %d skipped pages shown, and no line counts the others", limit, len(rows), n)
	}
	fullRows := skippedRow.FindAllStringIndex(full, -1)
	for i, loc := range rows {
		a := out[loc[0]:][:strings.IndexByte(out[loc[0]:], '\n')+1]
		b := full[fullRows[i][0]:][:strings.IndexByte(full[fullRows[i][0]:], '\n')+1]
		if a != b {
			t.Fatalf("max %d: skipped row %d is %q, %q in the full report", limit, i, a, b)
		}
	}
}

// TestMaxBytesSkipped: hundreds of skipped pages (about 90 KB of table)
// fit in a GitHub comment and in much less: their table is cut to its
// first rows and an "…and N more pages" line, and in a GitHub comment the
// changes keep their sections; the error of a limit too small names what
// it counts, skipped pages included.
func TestMaxBytesSkipped(t *testing.T) {
	r := reporttest.GenReport(5, 20)
	reporttest.GenSkipped(r, 5, 700)
	var buf bytes.Buffer
	if err := Markdown(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() < 80000 {
		t.Fatalf("the full report takes %d bytes: too small for this test", buf.Len())
	}
	for _, limit := range []int{65536, 4000} {
		buf.Reset()
		if err := Markdown(&buf, r, report.Options{MaxBytes: limit}); err != nil {
			t.Fatalf("max %d: %v", limit, err)
		}
		out := buf.String()
		if !strings.Contains(out, "\n### Skipped pages (700)\n") || !regexp.MustCompile(`\n…and \d+ more pages\.`).MatchString(out) {
			t.Errorf("max %d: no skipped pages heading or no …and N more pages line:\n%s", limit, out)
		}
		if rows := len(skippedRow.FindAllString(out, -1)); limit == 65536 && (!strings.Contains(out, "\n### Packages\n") || rows < view.CutRows || rows == 700) {
			t.Errorf("max %d: %d skipped rows, want %d to 699, and the package list (there is room for both)", limit, rows, view.CutRows)
		}
	}
	var small *view.TooSmallError
	if err := Markdown(&bytes.Buffer{}, r, report.Options{MaxBytes: 200}); !errors.As(err, &small) {
		t.Fatalf("max 200: error %v", err)
	} else if !strings.Contains(err.Error(), "700 skipped pages") || !strings.Contains(err.Error(), "the headline") {
		t.Errorf("the error does not name what it counts: %v", err)
	}
}

// TestMaxBytesSteps: details collapse into one-line summaries before any
// section loses a row, and "…and N more" lines count what is left out.
func TestMaxBytesSteps(t *testing.T) {
	r := reporttest.GenReport(11, 60)
	var buf bytes.Buffer
	if err := Markdown(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	full := buf.String()
	buf.Reset()
	if err := Markdown(&buf, r, report.Options{MaxBytes: len(full) - 1}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if got, want := strings.Count(out, "<details>"), strings.Count(full, "<details>")-1; got != want {
		t.Errorf("one byte less: %d details, want %d (the last collapsed)", got, want)
	}
	last := r.Packages[len(r.Packages)-1]
	for i := len(r.Packages) - 1; report.RebuiltOnly(&last); i-- {
		last = r.Packages[i-1] // rebuilt-only packages have no details
	}
	if !strings.Contains(out, "\n- **"+report.EscapeMD(last.Name)+"** (") {
		t.Errorf("one byte less: no one-line summary of %s", last.Name)
	}
	// Small: a few rows per section, and the counts of the others.
	buf.Reset()
	if err := Markdown(&buf, r, report.Options{MaxBytes: 6000}); err != nil {
		t.Fatal(err)
	}
	out = buf.String()
	if strings.Contains(out, "<details>") {
		t.Errorf("6000 bytes: details left")
	}
	if !regexp.MustCompile(`\n…and \d+ more packages\.`).MatchString(out) {
		t.Errorf("6000 bytes: no …and N more packages line:\n%s", out)
	}
}

// BenchmarkMarkdownCut shortens a large generated report to a GitHub
// comment; compare with BenchmarkMarkdownFull: the cut costs about one
// more render, not one per step.
func BenchmarkMarkdownCut(b *testing.B) {
	benchMarkdown(b, 65536)
}

func BenchmarkMarkdownFull(b *testing.B) {
	benchMarkdown(b, 0)
}

func benchMarkdown(b *testing.B, limit int) {
	r := reporttest.GenReport(1, 3000)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Markdown(&buf, r, report.Options{MaxBytes: limit}); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// TestMaxBytesMinimum: the minimum the error names is exactly the
// smallest limit that works.
func TestMaxBytesMinimum(t *testing.T) {
	r := reporttest.GenReport(2, 30)
	skipped := reporttest.GenReport(2, 30)
	reporttest.GenSkipped(skipped, 2, 40)
	for _, limit := range []int{1, 50, 300} {
		r := r
		if limit == 300 {
			r = skipped
		}
		var small *view.TooSmallError
		if err := Markdown(&bytes.Buffer{}, r, report.Options{MaxBytes: limit}); !errors.As(err, &small) {
			t.Fatalf("max %d: error %v", limit, err)
		}
		var buf bytes.Buffer
		if err := Markdown(&buf, r, report.Options{MaxBytes: small.Min}); err != nil {
			t.Fatalf("max %d (the minimum named): %v", small.Min, err)
		}
		if err := Markdown(&bytes.Buffer{}, r, report.Options{MaxBytes: small.Min - 1}); !errors.As(err, &small) {
			t.Fatalf("max %d (one below the minimum): error %v", small.Min-1, err)
		}
	}
}
