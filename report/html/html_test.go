package html

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// renderHTML renders r as a page and as JSON.
func renderHTML(t *testing.T, r *diff.Report, o report.Options) (page, js string) {
	t.Helper()
	var h, j bytes.Buffer
	if err := HTML(&h, r, o); err != nil {
		t.Fatal(err)
	}
	if err := jsonv1.JSON(&j, r); err != nil {
		t.Fatal(err)
	}
	return h.String(), j.String()
}

var (
	figureRe = regexp.MustCompile(`(?s)<figure class="chart" id="chart-([a-z-]+)" data-chart="[a-z-]+" data-series="(\d+)" data-marks="(\d+)">(.*?)</figure>`)
	markRe   = regexp.MustCompile(`<(?:rect|circle) class="m [^"]*"[^>]*><title>([^<]*)</title>`)
	rowRe    = regexp.MustCompile(`(?s)<table class="rows">.*?</table>`)
)

// chartTitles are the marks' titles of each chart of a page, by id.
func chartTitles(t *testing.T, page string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, m := range figureRe.FindAllStringSubmatch(page, -1) {
		var titles []string
		for _, x := range markRe.FindAllStringSubmatch(m[4], -1) {
			titles = append(titles, html.UnescapeString(x[1]))
		}
		if n, _ := strconv.Atoi(m[3]); n != len(titles) {
			t.Errorf("chart %s: data-marks %d, %d marks", m[1], n, len(titles))
		}
		out[m[1]] = titles
	}
	return out
}

// wantStackTitles reads the JSON its own way: the changed specs per
// stack and kind, a spec counted in each of its stacks (a pair's in its
// new spec's), the top 12 by total and then name, the rest as one.
func wantStackTitles(t *testing.T, js string) []string {
	t.Helper()
	type spec struct{ Stacks []string }
	var r struct {
		Packages []struct {
			Specs struct {
				Added, Removed   []spec
				Rebuilt, Updated []struct{ New spec }
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	tally := map[string]*[4]int{}
	add := func(st []string, k int) {
		if len(st) == 0 {
			st = []string{"(no stack)"}
		}
		for _, s := range st {
			if tally[s] == nil {
				tally[s] = new([4]int)
			}
			tally[s][k]++
		}
	}
	for _, p := range r.Packages {
		for _, s := range p.Specs.Added {
			add(s.Stacks, 0)
		}
		for _, s := range p.Specs.Removed {
			add(s.Stacks, 1)
		}
		for _, s := range p.Specs.Rebuilt {
			add(s.New.Stacks, 2)
		}
		for _, s := range p.Specs.Updated {
			add(s.New.Stacks, 3)
		}
	}
	var names []string
	for s := range tally {
		names = append(names, s)
	}
	sum := func(s string) int { x := tally[s]; return x[0] + x[1] + x[2] + x[3] }
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(sum(b)-sum(a), strings.Compare(a, b)) })
	if len(names) > 12 {
		o := new([4]int)
		for _, s := range names[12:] {
			for k := range o {
				o[k] += tally[s][k]
			}
		}
		name := fmt.Sprintf("other stacks (%d)", len(names)-12)
		tally[name] = o
		names = append(names[:12], name)
	}
	var out []string
	for _, s := range names {
		for k, n := range tally[s] {
			if n > 0 {
				out = append(out, fmt.Sprintf("%s: %d %s", PageText(s), n, [...]string{"added", "removed", "rebuilt", "updated"}[k]))
			}
		}
	}
	return out
}

// TestHTMLNumbers (issue 32): the numbers drawn are the JSON's, for
// generated pairs of every size: each bar's title, the details' rows (up
// to the bound, the rest counted) and the counts table.
func TestHTMLNumbers(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		pkgs int
	}{{1, 3}, {2, 20}, {3, 60}, {4, 150}, {5, 400}} {
		r := reporttest.GenReport(tc.seed, tc.pkgs)
		page, js := renderHTML(t, r, report.Options{})
		got := chartTitles(t, page)
		want := wantStackTitles(t, js)
		if !slices.Equal(got["stacks"], want) {
			t.Errorf("seed %d: the bars' titles\n%q\nwant\n%q", tc.seed, got["stacks"], want)
		}
		rows, all := 0, 0
		for _, tb := range rowRe.FindAllString(page, -1) {
			rows += strings.Count(tb, "<tr><td>")
		}
		for _, p := range r.Packages {
			s := p.Specs
			all += len(s.Added) + len(s.Removed) + len(s.Rebuilt) + len(s.Updated) + len(s.Restacked)
		}
		unlisted := 0
		for _, m := range regexp.MustCompile(`(\d+) more rows not listed`).FindAllStringSubmatch(page, -1) {
			n, _ := strconv.Atoi(m[1])
			unlisted += n
		}
		pkgsMore := 0
		if m := regexp.MustCompile(`(\d+) more packages with changes not listed`).FindStringSubmatch(page); m != nil {
			pkgsMore, _ = strconv.Atoi(m[1])
		}
		if rows > HTMLMaxRows || (pkgsMore == 0 && rows+unlisted != all) || (rows < all && rows < HTMLMaxRows && pkgsMore == 0) {
			t.Errorf("seed %d: %d rows listed and %d counted, of %d (bound %d)", tc.seed, rows, unlisted, all, HTMLMaxRows)
		}
		s := r.Summary.Specs
		counts := fmt.Sprintf("<tr><th scope=\"row\">specs</th><td>%d</td><td>%d</td><td>%d</td><td></td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>",
			s.Old, s.New, s.Unchanged, s.Added, s.Removed, s.Rebuilt, s.Updated, s.Restacked)
		if !strings.Contains(page, counts) {
			t.Errorf("seed %d: no counts row %s", tc.seed, counts)
		}
	}
}

// TestHTMLHostileText: names that are markup stay text: no element,
// attribute or script of the page comes from them.
func TestHTMLHostileText(t *testing.T) {
	r := reporttest.GenReport(7, 30)
	evil := []string{`<img src=x onerror=alert(1)>`, `</script><script>alert(2)</script>`, `"><svg onload=alert(3)>`, "javascript:alert(4)", `</title><style>*{}</style>`}
	for i := range r.Packages[:5] {
		r.Packages[i].Name = evil[i]
		for j := range r.Packages[i].Specs.Added {
			r.Packages[i].Specs.Added[j].Stacks = []string{evil[(i+1)%5]}
		}
	}
	r.Highlights = diff.News(r)
	page, _ := renderHTML(t, r, report.Options{LinkBase: "https://cache.spack.io/package/?name=", Title: evil[1]})
	for _, bad := range []string{"<img", "<svg onload", "<script>alert", "href=\"javascript", "<style>*"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	// Invisible characters are shown, and a long name is shortened, as
	// in Markdown, the filter's data-name too.
	r.Packages[5].Name = "g\u200bcc\u202eevil" + strings.Repeat("é", 300)
	page, _ = renderHTML(t, r, report.Options{})
	checkPageMarkup(t, page)
	// Cut to maxWord-8 characters and "…" and its digest's 8 digits.
	if !regexp.MustCompile(`>g\\u200bcc\\u202eevil`+strings.Repeat("é", 173)+"…[0-9a-f]{8}<").MatchString(page) || strings.Contains(page, strings.Repeat("é", 174)) {
		t.Error("the page does not show the invisible characters as escapes, or the long name shortened")
	}
	if n := strings.Count(page, "<script"); n != 1 {
		t.Errorf("%d <script, want 1", n)
	}
	if n := strings.Count(page, "<style"); n != 1 {
		t.Errorf("%d <style, want 1", n)
	}
}

// TestHTMLPolicy: the page's Content-Security-Policy names its style and
// script by their hashes, and nothing else is allowed.
func TestHTMLPolicy(t *testing.T) {
	page, _ := renderHTML(t, reporttest.GenReport(3, 10), report.Options{})
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	if csp == nil {
		t.Fatal("no Content-Security-Policy")
	}
	policy := html.UnescapeString(csp[1])
	for _, tag := range []string{"style", "script"} {
		m := regexp.MustCompile(`(?s)<` + tag + `>(.*?)</` + tag + `>`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no <%s>", tag)
		}
		sum := sha256.Sum256([]byte(m[1]))
		want := tag + "-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !strings.Contains(policy, want) {
			t.Errorf("policy %q lacks %q", policy, want)
		}
	}
	if !strings.HasPrefix(policy, "default-src 'none';") || strings.Contains(policy, "unsafe") {
		t.Errorf("policy %q", policy)
	}
}

// wantLogTitles reads a log's JSON its own way: the lines' points (the
// specs of each stack in each snapshot, the 6 largest by their peak and
// then name, the rest as one), the steps' bars and the version strips of
// the packages some version of which was not always in the cache with
// them. Snapshots are named by their tags.
func wantLogTitles(t *testing.T, js string) map[string][]string {
	t.Helper()
	type span struct{ From, To int }
	var l struct {
		Steps []struct {
			Stacks []struct {
				Name  string
				Specs struct{ Old, New int }
			}
			Summary struct {
				Specs struct{ Added, Removed, Rebuilt, Updated int }
			}
		}
		Snapshots []struct{ Tag string }
		Timeline  struct {
			Packages []struct {
				Name     string
				Present  []span
				Versions []struct {
					Version  string
					From, To int
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &l); err != nil {
		t.Fatal(err)
	}
	n := len(l.Snapshots)
	at := make([]map[string]int, n)
	for i := range at {
		at[i] = map[string]int{}
	}
	for k, st := range l.Steps {
		for _, s := range st.Stacks {
			if k == 0 && s.Specs.Old > 0 {
				at[0][s.Name] = s.Specs.Old
			}
			if s.Specs.New > 0 {
				at[k+1][s.Name] = s.Specs.New
			}
		}
	}
	peak := map[string]int{}
	for _, m := range at {
		for s, v := range m {
			peak[s] = max(peak[s], v)
		}
	}
	var names []string
	for s := range peak {
		names = append(names, s)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(peak[b]-peak[a], strings.Compare(a, b)) })
	value := func(s string, i int) int { return at[i][s] }
	if len(names) > 6 {
		rest := names[6:]
		other := fmt.Sprintf("other stacks (%d)", len(rest))
		names = append(names[:6:6], other)
		inner := value
		value = func(s string, i int) int {
			if s != other {
				return inner(s, i)
			}
			sum := 0
			for _, r := range rest {
				sum += at[i][r]
			}
			return sum
		}
	}
	out := map[string][]string{}
	for _, s := range names {
		for i := range n {
			v := value(s, i)
			unit := " specs"
			if v == 1 {
				unit = " spec"
			}
			out["stack-specs"] = append(out["stack-specs"], PageText(s)+" at "+PageText(l.Snapshots[i].Tag)+": "+strconv.Itoa(v)+unit)
		}
	}
	for k, st := range l.Steps {
		c := st.Summary.Specs
		for j, v := range []int{c.Added, c.Removed, c.Rebuilt, c.Updated} {
			if v > 0 {
				out["steps"] = append(out["steps"], fmt.Sprintf("step %d (%s): %d %s", k+1, PageText(report.StepLabel(l.Snapshots[k+1].Tag)), v, [...]string{"added", "removed", "rebuilt", "updated"}[j]))
			}
		}
	}
	drawn, full := 0, false
	for _, p := range l.Timeline.Packages {
		moved := false
		for _, v := range p.Versions {
			var runs []span
			for _, w := range p.Versions {
				if w.Version == v.Version {
					runs = append(runs, span{w.From, w.To})
				}
			}
			moved = moved || !slices.Equal(runs, p.Present)
		}
		if !moved || full {
			continue
		}
		if drawn == 30 || (drawn > 0 && len(out["versions"])+len(p.Versions) > 120) {
			full = true // the strip's bounds: 30 packages, 120 rows, in order
			continue
		}
		drawn++
		for i, v := range p.Versions {
			if i == 120 {
				break
			}
			when := PageText(l.Snapshots[v.From].Tag)
			if v.To != v.From {
				when += " – " + PageText(l.Snapshots[v.To].Tag)
			}
			out["versions"] = append(out["versions"], PageText(p.Name)+" "+PageText(v.Version)+": "+when)
		}
	}
	return out
}

// TestHTMLLogNumbers (issue 32): the numbers a log's page draws are its
// JSON's, for generated series.
func TestHTMLLogNumbers(t *testing.T) {
	for _, tc := range []struct {
		seed   uint64
		pkgs   int
		series int
	}{{1, 5, 2}, {2, 40, 4}, {3, 120, 7}, {4, 300, 12}} {
		snaps := reporttest.GenSeries(tc.seed, tc.pkgs, tc.series)
		if tc.seed%2 == 0 {
			manyStacks(snaps)
		}
		page, _ := writeLog(t, snaps, Format, report.LogOptions{})
		js, _ := writeLog(t, snaps, jsonv1.Format, report.LogOptions{})
		got := chartTitles(t, page)
		want := wantLogTitles(t, js)
		if tc.seed%2 == 0 && !slices.ContainsFunc(got["stack-specs"], func(s string) bool { return strings.HasPrefix(s, "other stacks (") }) {
			t.Errorf("seed %d: a series of many stacks draws no line of the other stacks", tc.seed)
		}
		if len(want["steps"]) == 0 || len(want["stack-specs"]) == 0 || (tc.series > 3 && len(want["versions"]) == 0) {
			t.Errorf("seed %d: the series draws little: %v", tc.seed, want)
		}
		for _, id := range []string{"stack-specs", "steps", "versions"} {
			if !slices.Equal(got[id], want[id]) {
				t.Errorf("seed %d, chart %s: the marks' titles\n%q\nwant\n%q", tc.seed, id, got[id], want[id])
			}
		}
		if len(got) != len(want) {
			t.Errorf("seed %d: charts %v, want %v", tc.seed, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
	}
}

// pageTags are the elements html.tmpl writes: html/template escapes
// every "<" of the data, so a tag in the page is the template's.
var pageTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields("html head meta title style body header h1 h2 h3 p main section ul li span a div table caption thead tbody tr th td figure figcaption svg rect desc line text polyline circle details summary b footer script") {
		pageTags[t] = true
	}
}

var tagRe = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)`)

// checkPageMarkup fails when the page has an element html.tmpl does not
// write, or more than its one style and one script.
func checkPageMarkup(t *testing.T, page string) {
	t.Helper()
	for _, m := range tagRe.FindAllStringSubmatch(page, -1) {
		if !pageTags[m[1]] {
			t.Errorf("element <%s> is not the template's", m[1])
		}
	}
	for _, tag := range []string{"<script", "<style"} {
		if n := strings.Count(page, tag); n != 1 {
			t.Errorf("%d %s, want 1", n, tag)
		}
	}
	if strings.ContainsAny(page, "\u200b\u202e\x1b") {
		t.Error("an invisible or control character as it is")
	}
}

// FuzzHTML: whatever a name, a stack, a variant, a version or a title
// holds, the page's elements are the template's own.
func FuzzHTML(f *testing.F) {
	for _, s := range []string{"<script>alert(1)</script>", `"><img src=x onerror=alert(1)>`, "</title><svg onload=x>", "\u202eexe.", "a\x1b[2Jb", "]]><!--", "{{.}}", "javascript:alert(1)"} {
		f.Add(s)
	}
	base := reporttest.GenReport(11, 12)
	f.Fuzz(func(t *testing.T, s string) {
		r := *base
		r.Packages = slices.Clone(base.Packages)
		p := &r.Packages[0]
		p.Name = s
		p.SharedVariants = []string{s}
		if len(p.Specs.Added) > 0 {
			p.Specs.Added = slices.Clone(p.Specs.Added)
			sp := p.Specs.Added[0]
			sp.Stacks, sp.Versions, sp.Variants = []string{s}, []string{s}, []string{s}
			p.Specs.Added[0] = sp
		}
		r.Highlights = diff.News(&r)
		var b bytes.Buffer
		if err := HTML(&b, &r, report.Options{Title: s, LinkBase: "https://cache.spack.io/package/?name="}); err != nil {
			t.Fatal(err)
		}
		checkPageMarkup(t, b.String())
	})
}

// TestHTMLWhyBound: the Why rebuilt block lists at most htmlMaxCauses
// root causes and roots, and counts the rest.
func TestHTMLWhyBound(t *testing.T) {
	c := &diff.Causes{Pairs: 500, Known: 500, Explained: 500, Roots: &diff.RootChanges{}}
	for i := range 250 {
		name := fmt.Sprintf("dep%03d", i)
		c.Groups = append(c.Groups, diff.CauseGroup{Name: name, Changes: []diff.Change{{Kind: "version", From: "1", To: "2"}}, Specs: 2, Rebuilt: 2, Via: []string{"a", name}})
		c.Roots.Removed = append(c.Roots.Removed, diff.RootSpec{Root: "root" + name, Name: name, Version: "1", Hash: fmt.Sprintf("%032d", i)})
	}
	r := &diff.Report{Causes: c}
	page, _ := renderHTML(t, r, report.Options{})
	if n := strings.Count(page, `<th scope="row">dep`); n != htmlMaxCauses {
		t.Errorf("%d root causes listed, want %d", n, htmlMaxCauses)
	}
	if n := strings.Count(page, `<th scope="row">removed</th>`); n != htmlMaxCauses {
		t.Errorf("%d roots listed, want %d", n, htmlMaxCauses)
	}
	for _, want := range []string{"150 roots more not listed", "150 root causes more not listed", "roots: 0 added, 250 removed, 0 changed"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
}

// manyStacks puts each spec of the snapshots in root and one of up to 32
// stacks named after its hash's last character: more stacks than the
// lines draw, so that the rest are one line, "other stacks".
func manyStacks(snaps []*snapshot.Snapshot) {
	for _, sn := range snaps {
		for _, p := range sn.Packages {
			for i := range p.Specs {
				h := p.Specs[i].Hash
				p.Specs[i].Stacks = []string{"root", "stack-" + h[len(h)-1:]}
			}
		}
	}
}

// TestHTMLNewsBound: a page lists at most HTMLNewsPerKind highlights of
// each kind and counts the rest, so that a week of many version bumps
// keeps the page within its size bound.
func TestHTMLNewsBound(t *testing.T) {
	r := reporttest.GenReport(3, 10)
	r.Highlights = nil
	for i := range 300 {
		r.Highlights = append(r.Highlights, diff.Highlight{Kind: diff.HighlightVersion, Packages: []string{fmt.Sprintf("p%03d", i)},
			Versions: &diff.VersionChange{Old: []string{"1"}, New: []string{"2"}, Added: []string{"2"}, Removed: []string{"1"}}})
	}
	for i := range 3 {
		r.Highlights = append(r.Highlights, diff.Highlight{Kind: diff.HighlightNewPackage, Packages: []string{fmt.Sprintf("n%d", i)},
			Versions: &diff.VersionChange{New: []string{"1"}, Added: []string{"1"}}})
	}
	page, _ := renderHTML(t, r, report.Options{})
	if n := strings.Count(page, `<li class="n-version">`); n != HTMLNewsPerKind {
		t.Errorf("%d version highlights listed, want %d", n, HTMLNewsPerKind)
	}
	if n := strings.Count(page, `<li class="n-new-package">`); n != 3 {
		t.Errorf("%d new packages listed, want 3", n)
	}
	if want := fmt.Sprintf("%d more highlights of version changes", 300-HTMLNewsPerKind); !strings.Contains(page, want) {
		t.Errorf("the page does not say %q", want)
	}
}

// TestHTMLSizeBound: the page of a generated week stays within its
// bound whatever the week's size: past the bounds (rows, packages,
// highlights of a kind, the charts' stacks and packages) a page four
// times as large in specs is hardly larger.
func TestHTMLSizeBound(t *testing.T) {
	const bound = 1 << 20
	var sizes []int
	for _, pkgs := range []int{300, 1200, 4800} {
		r := reporttest.GenWeek(5, pkgs)
		var b bytes.Buffer
		if err := HTML(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, b.Len())
		if b.Len() > bound {
			t.Errorf("%d packages: a page of %d bytes, over %d", pkgs, b.Len(), bound)
		}
	}
	if sizes[2] > sizes[1]*5/4 {
		t.Errorf("pages of %v bytes for 4x steps: past the bounds a page grows by more than a quarter", sizes)
	}
	t.Logf("pages of %v bytes for 300, 1200, 4800 packages", sizes)
}

// TestHTMLGanttBound: the version strip draws at most htmlGanttRows rows
// whatever the packages' versions, and says how many packages it leaves
// to the details.
func TestHTMLGanttBound(t *testing.T) {
	r := &diff.Report{}
	for p := range 5 {
		var old, nu []string
		for v := range 100 {
			old = append(old, fmt.Sprintf("%d.%d", p, v))
			nu = append(nu, fmt.Sprintf("%d.%d", p, v+1))
		}
		r.Packages = append(r.Packages, diff.Package{Name: fmt.Sprintf("pkg%d", p), Status: diff.Changed,
			Versions: diff.VersionChange{Old: old, New: nu, Added: nu[99:], Removed: old[:1]}})
	}
	page, _ := renderHTML(t, r, report.Options{})
	rows := chartTitles(t, page)["versions"]
	if len(rows) == 0 || len(rows) > htmlGanttRows {
		t.Errorf("the version strip draws %d rows, want 1 to %d", len(rows), htmlGanttRows)
	}
	if !strings.Contains(page, "more changed versions") {
		t.Error("the version strip does not count the packages it leaves out")
	}
}

// TestHTMLManySteps: a log of more steps than the bars' chart has units
// still spreads its bars over the axis, and labels few enough steps that
// their numbers do not touch.
func TestHTMLManySteps(t *testing.T) {
	for _, n := range []int{5, 60, 700, 2000} {
		counts := make([]diff.Counts, n)
		titles := make([]string, n)
		for i := range counts {
			counts[i].Rebuilt = 1 + i%7
			titles[i] = strconv.Itoa(i)
		}
		c := stepBars(counts, titles)
		xs := map[int]bool{}
		for _, m := range c.Marks {
			xs[m.X] = true
			if m.X < plotL || m.X+m.W > chartW {
				t.Errorf("%d steps: a bar at %d, %d wide, outside the plot", n, m.X, m.W)
			}
		}
		if want := min(n, (chartW-15-plotL)/2); len(xs) < want {
			t.Errorf("%d steps: bars at %d places, want %d at least", n, len(xs), want)
		}
		last := -1000
		for _, l := range c.Labels {
			if l.Class != "tick" || l.Y != c.H-30 { // the steps' labels, not the y axis's
				continue
			}
			if l.X-last < textUnits(l.Text) {
				t.Errorf("%d steps: step labels %d units apart, %q is %d wide", n, l.X-last, l.Text, textUnits(l.Text))
				break
			}
			last = l.X
		}
	}
}

// writeLog writes the log of snaps in f with o.
func writeLog(t *testing.T, snaps []*snapshot.Snapshot, f report.Format, o report.LogOptions) (string, report.LogWriter) {
	t.Helper()
	var buf bytes.Buffer
	w := f.Log(&buf, o)
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error { return w.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
	return buf.String(), w
}

// TestHTMLLogStepNotes (a thirteenth adversarial pass, issue 35): the
// page of a log said nothing of a step's skipped pages (--skip-invalid)
// or its warnings, which the Markdown and text logs list: a package whose
// page was skipped showed as removed, with no word why.
func TestHTMLLogStepNotes(t *testing.T) {
	snaps := reporttest.GenSeries(1, 5, 3)
	snaps[1].Skipped = []snapshot.Skipped{{File: "mid/bad-page.md", Line: 3, Reason: "front matter never closed"}}
	snaps[2].Warnings = append(snaps[2].Warnings, snapshot.Warning{File: "new/odd.md", Message: "a word of warning"})
	page, _ := writeLog(t, snaps, Format, report.LogOptions{})
	for _, want := range []string{"mid/bad-page.md:3: front matter never closed", "new/odd.md: a word of warning"} {
		if !strings.Contains(page, want) {
			t.Errorf("the log's page does not say %q", want)
		}
	}
}
