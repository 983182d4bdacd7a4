package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdlog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/html"
)

// The page (--format html, issue 32) in a real browser: headless
// Chromium (Debian's package chromium; .ci/run installs it where it is
// missing), driven by chromedp, one browser for every page. For the
// bundled real pair, the five-week log and the hostile pair, each page
// must load with no console error and no request, show the highlights
// of its JSON, draw in each chart the series and marks the JSON counts
// (every mark's <title> is checked against the JSON, read here its own
// way), fit 360 px without horizontal scroll, and say the same with
// JavaScript off. A log of a git series whose newest commit's subject is
// hostile shows it as text. The pages and their PDFs go to
// $CACHEDIFF_ARTIFACTS when set (else a temporary folder), as test
// artifacts, not goldens; so do screenshots at 1280 (light and dark) and
// 360 px, taken only when it is set: they assert nothing, and in a
// temporary folder nobody sees them.

// chromiumPath finds Chromium: $CACHEDIFF_CHROMIUM, else the usual names.
func chromiumPath() string {
	if p := os.Getenv("CACHEDIFF_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserCase is a page to check: the arguments of its HTML and JSON.
type browserCase struct {
	name    string
	args    []string // without --format
	log     bool
	hostile bool
}

var browserCases = []browserCase{
	{name: "pair", args: []string{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
	{name: "log", args: []string{"log", "testdata/real-series/develop-2025-02-16", "testdata/real-series/develop-2025-02-23",
		"testdata/real-series/develop-2025-03-02", "testdata/real-series/develop-2025-03-09", "testdata/real-series/develop-2025-03-16"}, log: true},
	{name: "hostile", args: []string{"--link-base", "https://cache.spack.io/package/?name=", "testdata/hostile/old", "testdata/hostile/new"}, hostile: true},
	// Spack's own files: a build cache's indexes, whose page says why
	// specs were rebuilt.
	{name: "index", args: []string{"testdata/spack-gen/old", "testdata/spack-gen/new"}},
}

// withFormat puts --format f after the subcommand, if any.
func withFormat(args []string, f string) []string {
	if len(args) > 0 && args[0] == "log" {
		return append([]string{"log", "--format", f}, args[1:]...)
	}
	return append([]string{"--format", f}, args...)
}

// pageFacts is what the browser reads of a page.
type pageFacts struct {
	News    []string     `json:"news"`
	Charts  []chartFacts `json:"charts"`
	Pkgs    []string     `json:"pkgs"`
	Rows    int          `json:"rows"`
	Scripts int          `json:"scripts"`
	Filter  bool         `json:"filter"`
	Tags    []string     `json:"tags"`
	Attrs   []string     `json:"attrs"`
	Hrefs   []string     `json:"hrefs"`
	Scroll  int          `json:"scroll"`
	Steps   []string     `json:"steps"`
	// Problems are the requests, console errors and exceptions seen.
	Problems []string `json:"-"`
	// Wide and Narrow are the charts' layout at 1280 and 360 px.
	Wide, Narrow chartLayout `json:"-"`
}

// chartLayout is how the charts fit: the most a chart's box scrolls
// sideways, the smallest text drawn (in CSS pixels), and the texts that
// are cut by their chart's edge or overlap another.
type chartLayout struct {
	Scroll   float64  `json:"scroll"`
	MinFont  float64  `json:"minFont"`
	Clipped  []string `json:"clipped"`
	Overlaps []string `json:"overlaps"`
}

// layoutJS reads a chartLayout.
const layoutJS = `(() => {
  const q = (s, r) => Array.from((r || document).querySelectorAll(s));
  const out = {scroll: 0, minFont: 99, clipped: [], overlaps: []};
  for (const p of q(".plot")) out.scroll = Math.max(out.scroll, p.scrollWidth - p.clientWidth);
  for (const svg of q(".plot svg")) {
    const box = svg.getBoundingClientRect(), k = box.width / svg.viewBox.baseVal.width;
    const texts = q("text", svg).map(t => ({t: t.textContent, r: t.getBoundingClientRect(), f: parseFloat(getComputedStyle(t).fontSize) * k}));
    for (const a of texts) {
      out.minFont = Math.min(out.minFont, a.f);
      if (a.r.left < box.left - 0.5 || a.r.right > box.right + 0.5 || a.r.top < box.top - 0.5 || a.r.bottom > box.bottom + 0.5) out.clipped.push(a.t);
    }
    for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i].r, b = texts[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) out.overlaps.push(texts[i].t + " / " + texts[j].t);
    }
  }
  return out;
})()`

type chartFacts struct {
	ID     string   `json:"id"`
	Series int      `json:"series"`
	Marks  int      `json:"marks"`
	Legend int      `json:"legend"`
	Titles []string `json:"titles"`
	// Axes, Desc and Rows: the chart's axis titles, its <desc> and the
	// rows of its table (the text equivalent).
	Axes int    `json:"axes"`
	Desc string `json:"desc"`
	Rows int    `json:"rows"`
}

const factsJS = `(() => {
  const q = (s, r) => Array.from((r || document).querySelectorAll(s));
  const tags = new Set(), attrs = new Set();
  for (const e of q("*")) { tags.add(e.localName); for (const a of e.attributes) attrs.add(a.name); }
  return {
    news: q("#highlights li .text").map(e => e.textContent),
    charts: q("figure.chart").map(f => ({
      id: f.dataset.chart, series: +f.dataset.series, marks: +f.dataset.marks,
      legend: q(".legend li", f).length,
      titles: q(".plot svg .m", f).map(m => m.querySelector("title").textContent),
      axes: q(".plot svg text.axis", f).length, desc: (f.querySelector(".plot svg > desc") || {}).textContent || "",
      rows: q("details.numbers tbody tr", f).length,
    })),
    pkgs: q("details.pkg").map(d => d.getAttribute("data-name")),
    rows: q("details.pkg table.rows tbody tr").length,
    scripts: q("script").length,
    filter: q(".filter input").length > 0,
    tags: Array.from(tags).sort(), attrs: Array.from(attrs).sort(),
    hrefs: q("[href]").map(e => e.getAttribute("href")),
    scroll: document.scrollingElement.scrollWidth,
    steps: q("#details h3").map(e => e.textContent),
  };
})()`

// sortJS clicks the second column's header of each chart's table and
// reports whether every such table is then in ascending order by it:
// its text, with runs of digits compared as numbers (counts, versions
// and words mixed in one column, as a version column mixes them, still
// have an order).
const sortJS = `Array.from(document.querySelectorAll("figure.chart table")).every(t => {
  t.tHead.rows[0].cells[1].click();
  const v = Array.from(t.tBodies[0].rows).map(r => r.cells[1].textContent);
  return v.every((x, i) => i == 0 || v[i-1].localeCompare(x, "en", {numeric: true}) <= 0);
})`

func TestBrowser(t *testing.T) {
	bin := chromiumPath()
	if bin == "" {
		t.Skip("Chromium not found (Debian's package chromium, which .ci/run installs; or set CACHEDIFF_CHROMIUM): the browser tests of the HTML page skip")
	}
	start := time.Now()
	t.Chdir("../..")
	dir := t.TempDir()
	art := os.Getenv("CACHEDIFF_ARTIFACTS")
	pictures := art != "" // screenshots are for a person to look at: taken only where kept
	if art == "" {
		art = t.TempDir()
	} else if err := os.MkdirAll(art, 0o755); err != nil {
		t.Fatal(err)
	}
	art, _ = filepath.Abs(art)

	// The whole test, browser and all, within five minutes: a browser that
	// hangs fails the test instead of stalling go test (-timeout 20m). Idle,
	// it takes seconds; two minutes were too few on a 2-core machine running
	// other packages' tests beside it (printing timed out at load 15-25).
	// The cases share the browser, each in tabs of its own, and run in
	// parallel (t.Parallel): the browser, its context and the time limit
	// end in the test's cleanup, which runs once the cases have.
	limit, cancelL := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancelL)
	actx, cancelA := chromedp.NewExecAllocator(limit,
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		// Chromium's own temporary folders (org.chromium.Chromium.*) in
		// the test's, which go test removes: in /tmp each run left one.
		chromedp.Env("TMPDIR="+dir))
	t.Cleanup(cancelA)
	bctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	if err := chromedp.Do(bctx); err != nil { // start the browser, with the first tab
		t.Fatalf("starting %s: %v", bin, err)
	}

	cases := browserCases
	if repo := hostileSubjectRepo(t); repo != "" {
		cases = append(slices.Clone(cases), browserCase{name: "log-git-hostile", log: true, hostile: true,
			args: []string{"log", "-C", repo, "--revs", "main", "--link-base", "https://cache.spack.io/package/?name=", "_cache/develop"}})
	}
	// A real lockfile pair, where the shared lockfiles are.
	if lock := shareddata.Dir("lockfiles", "MiddelkoopT__spack-tutorial"); lock != "" {
		cases = append(cases, browserCase{name: "lockfile", args: []string{lock + "/6872a9c", lock + "/c41dc2b"}})
	}
	old, nu := hostileNamesPair(t)
	cases = append(cases, browserCase{name: "hostile-names", hostile: true,
		args: []string{"--link-base", "https://cache.spack.io/package/?name=", old, nu}})
	// The watch on requests and the console sees what it is to catch: a
	// page that fetches an image and a script, and logs an error.
	t.Run("canary", func(t *testing.T) {
		t.Parallel()
		page := filepath.Join(dir, "canary.html")
		if err := os.WriteFile(page, []byte(canaryPage), 0o644); err != nil {
			t.Fatal(err)
		}
		f := browse(t, bctx, "file://"+page, false, "", false)
		got := strings.Join(f.Problems, "\n")
		for _, want := range []string{"request: http://127.0.0.1:9/x.png", "request: http://127.0.0.1:9/x.js", "console error"} {
			if !strings.Contains(got, want) {
				t.Errorf("the watch missed %q; it saw:\n%s", want, got)
			}
		}
	})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			page := filepath.Join(art, tc.name+".html") // beside the screenshots
			abs, _ := filepath.Abs(page)
			html := runOK(t, withFormat(tc.args, "html"), 1)
			if err := os.WriteFile(page, html, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes", page, len(html))
			js := runOK(t, withFormat(tc.args, "json"), 1)
			url := "file://" + abs

			on := browse(t, bctx, url, false, filepath.Join(art, tc.name), pictures)
			off := browse(t, bctx, url, true, "", false)
			for _, f := range []*pageFacts{on, off} {
				for _, p := range f.Problems {
					t.Errorf("scripts on=%v: %s", f == on, p)
				}
			}
			on.Problems, off.Problems = nil, nil
			// The charts fit: at 360 px each is drawn whole in the page's
			// width, its smallest text still 9 px; at both widths no
			// text is cut by the chart's edge or lies over another.
			if on.Narrow.Scroll > 0 {
				t.Errorf("at 360 px a chart scrolls sideways by %v px, want it to fit", on.Narrow.Scroll)
			}
			if on.Narrow.MinFont < 9 {
				t.Errorf("at 360 px a chart's text is %.1f px, want 9 at least", on.Narrow.MinFont)
			}
			for w, l := range map[int]chartLayout{1280: on.Wide, 360: on.Narrow} {
				if len(l.Clipped) > 0 {
					t.Errorf("at %d px, texts cut by their chart's edge: %q", w, l.Clipped)
				}
				if len(l.Overlaps) > 0 {
					t.Errorf("at %d px, texts over each other: %q", w, l.Overlaps)
				}
			}
			t.Logf("charts at 360 px: smallest text %.1f px, sideways scroll %v px", on.Narrow.MinFont, on.Narrow.Scroll)
			if !on.Filter {
				t.Error("with JavaScript on, the script did not add its filter (the CSP hash of the script?)")
			}
			if off.Filter {
				t.Error("with JavaScript off, the filter is there")
			}
			for _, f := range []*pageFacts{on, off} {
				if f.Scroll > 360 && f == on {
					t.Errorf("at 360 px the page scrolls sideways: scrollWidth %d", f.Scroll)
				}
				if f.Scripts != 1 {
					t.Errorf("%d <script> elements, want the page's one", f.Scripts)
				}
			}
			// Without JavaScript the content is the same.
			on2, off2 := *on, *off
			on2.Filter, off2.Filter, on2.Scroll, off2.Scroll, on2.Tags, off2.Tags, on2.Attrs, off2.Attrs = false, false, 0, 0, nil, nil, nil, nil
			if a, b := mustJSON(t, on2), mustJSON(t, off2); a != b {
				t.Errorf("the page with JavaScript off differs from the page with it on:\n%s\n%s", b, a)
			}

			var want []chartFacts
			var news []string
			var pkgs []string
			if tc.log {
				want, news, pkgs = expectLog(t, js)
			} else {
				want, news, pkgs = expectPair(t, js)
			}
			if !slices.Equal(on.News, news) {
				t.Errorf("highlights in the page:\n%q\nwant (the JSON's, by report.NewsText):\n%q", on.News, news)
			}
			checkCharts(t, on.Charts, want)
			for _, c := range on.Charts {
				if c.Axes < 2 || c.Desc == "" || c.Rows == 0 {
					t.Errorf("chart %s: %d axis titles, <desc> %q, %d rows in its table: want two axes, a description and the numbers", c.ID, c.Axes, c.Desc, c.Rows)
				}
			}
			if !tc.log {
				if !slices.Equal(on.Pkgs, pkgs) {
					t.Errorf("packages in the details: %q, want the JSON's %q", on.Pkgs, pkgs)
				}
			} else if len(on.Pkgs) != len(pkgs) {
				t.Errorf("%d package blocks in the log's details, want %d (one per package of each step)", len(on.Pkgs), len(pkgs))
			}
			if tc.hostile {
				checkHostile(t, on)
			}
			if tc.name == "log-git-hostile" && (len(on.Steps) == 0 || !strings.HasPrefix(on.Steps[0], "Step 4: ") || !strings.Contains(on.Steps[0], " · "+pt(hostileSubject)+" (from ")) {
				t.Errorf("the hostile subject is not shown as text in the newest step's heading: %q", on.Steps)
			}
			marks := []string{}
			for _, c := range on.Charts {
				marks = append(marks, fmt.Sprintf("%s %d series %d marks", c.ID, c.Series, c.Marks))
			}
			t.Logf("%d highlights; charts: %s; %d packages, %d rows in the details; scrollWidth at 360 px: %d", len(on.News), strings.Join(marks, ", "), len(on.Pkgs), on.Rows, on.Scroll)
		})
	}
	t.Cleanup(func() { t.Logf("browser tests: %v", time.Since(start).Round(time.Millisecond)) })
}

// hostileSubject is a commit subject that tries to end an element, add a
// script, clear a terminal and turn text around: the page shows it as
// text.
const hostileSubject = "nightly </h3><script>alert(1)</script> <img src=x onerror=alert(2)> &amp; \x1b[2J \u202egnp.exe"

// hostileSubjectRepo is a git repository of the five real weeks as
// commits of _cache/develop, the last with hostileSubject; "" without
// the git program.
func hostileSubjectRepo(t *testing.T) string {
	t.Helper()
	if !gittest.Available() {
		t.Log("the git program is not on PATH: the browser skips the log of a git series")
		return ""
	}
	series, err := filepath.Abs("testdata/real-series")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, w := range weeks {
		dirs = append(dirs, filepath.Join(series, filepath.Base(w)))
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, dirs[:len(dirs)-1]...); err != nil {
		t.Fatal(err)
	}
	dev := filepath.Join(repo, "_cache", "develop")
	if err := os.RemoveAll(dev); err != nil {
		t.Fatal(err)
	}
	if err := gittest.CopyTree(dev, dirs[len(dirs)-1], ""); err != nil {
		t.Fatal(err)
	}
	date := []string{"GIT_AUTHOR_DATE=2025-03-16T12:00:00Z", "GIT_COMMITTER_DATE=2025-03-16T12:00:00Z"}
	if _, err := gittest.Git(repo, nil, "add", "-A"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, date, "commit", "-q", "-m", hostileSubject); err != nil {
		t.Fatal(err)
	}
	return repo
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// browse opens url in a new tab of the browser, with scripts off or on,
// and reads the page's facts; it fails on a console error or any request
// besides the page's own. It reads the page at 1280 and 360 px. With
// shots set, it prints the page (shots.pdf, see printed); with pictures
// too, it writes screenshots at 1280 and 360 px (shots-1280.png,
// shots-360.png; shots-1280-dark.png in the dark scheme) and of the
// charts alone at 360 (shots-360-charts.png).
func browse(t *testing.T, bctx context.Context, url string, noScript bool, shots string, pictures bool) *pageFacts {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	defer cancel()
	var mu sync.Mutex
	var problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			if e.Request.URL != url {
				problems = append(problems, "request: "+e.Request.URL)
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == "error" || e.Type == "warning" || e.Type == "assert" {
				problems = append(problems, fmt.Sprintf("console %s", e.Type))
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+e.ExceptionDetails.Text)
		case *cdlog.EventEntryAdded:
			if e.Entry.Level == "error" || e.Entry.Level == "warning" {
				problems = append(problems, "log "+string(e.Entry.Level)+": "+e.Entry.Text)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: noScript})
			return err
		}),
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(url),
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("loading %s: %v", url, err)
	}
	if pictures {
		shot(t, ctx, shots+"-1280.png")
		dark := func(v string) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}})
			return err
		}
		if err := dark("dark"); err != nil {
			t.Fatal(err)
		}
		shot(t, ctx, shots+"-1280-dark.png")
		if err := dark("light"); err != nil {
			t.Fatal(err)
		}
	}
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[chartLayout](layoutJS))
	if err != nil {
		t.Fatalf("reading the charts' layout: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 800)); err != nil {
		t.Fatal(err)
	}
	narrow, err := chromedp.Run(ctx, chromedp.Evaluate[chartLayout](layoutJS))
	if err != nil {
		t.Fatalf("reading the charts' layout: %v", err)
	}
	if pictures {
		shot(t, ctx, shots+"-360.png")
		// The charts alone at 360 px, twice the pixels, to look at.
		png, err := chromedp.Run(ctx, chromedp.ScreenshotScale("#charts", 2))
		if err != nil {
			t.Fatalf("screenshot of the charts: %v", err)
		}
		if err := os.WriteFile(shots+"-360-charts.png", png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := chromedp.Run(ctx, chromedp.Evaluate[pageFacts](factsJS))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	if !noScript {
		// The script's sorting: a click on a chart table's second column
		// sorts its rows by it.
		sorted, err := chromedp.Run(ctx, chromedp.Evaluate[bool](sortJS))
		if err != nil {
			t.Fatalf("sorting: %v", err)
		}
		if !sorted {
			t.Error("a click on a column's header did not sort the chart's table by it")
		}
	}
	mu.Lock()
	f.Problems = slices.Clone(problems)
	mu.Unlock()
	f.Wide, f.Narrow = wide, narrow
	if shots != "" {
		printed(t, ctx, shots+".pdf")
	}
	return &f
}

func shot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s (%d bytes)", path, len(png))
}

// checkCharts compares the charts drawn with those the JSON calls for.
func checkCharts(t *testing.T, got, want []chartFacts) {
	t.Helper()
	ids := func(l []chartFacts) []string {
		var out []string
		for _, c := range l {
			out = append(out, c.ID)
		}
		return out
	}
	if !slices.Equal(ids(got), ids(want)) {
		t.Errorf("charts %q, want %q", ids(got), ids(want))
		return
	}
	for i, g := range got {
		w := want[i]

		if g.Series != w.Series || g.Legend != w.Series {
			t.Errorf("chart %s: %d series (legend %d), want %d", g.ID, g.Series, g.Legend, w.Series)
		}
		if g.Marks != len(g.Titles) || g.Marks != len(w.Titles) {
			t.Errorf("chart %s: data-marks %d, %d marks drawn, want %d", g.ID, g.Marks, len(g.Titles), len(w.Titles))
		}
		if !slices.Equal(g.Titles, w.Titles) {
			t.Errorf("chart %s: the marks' titles\n%q\nwant (from the JSON)\n%q", g.ID, g.Titles, w.Titles)
		}
	}
}

// The JSON, read here its own way.
type jSpec struct {
	Stacks []string `json:"stacks"`
}

type jPair struct {
	New jSpec `json:"new"`
}

type jReport struct {
	Old, New struct {
		Tag string `json:"tag"`
	}
	Highlights []diff.Highlight `json:"highlights"`
	Packages   []struct {
		Name     string `json:"name"`
		Status   string `json:"status"`
		Versions struct {
			Old []string `json:"old"`
			New []string `json:"new"`
		} `json:"versions"`
		Specs struct {
			Added, Removed   []jSpec
			Rebuilt, Updated []jPair
		} `json:"specs"`
	} `json:"packages"`
	Stacks []struct {
		Name  string `json:"name"`
		Specs struct{ Old, New int }
	} `json:"stacks"`
	Summary struct {
		Specs struct{ Added, Removed, Rebuilt, Updated int }
	} `json:"summary"`
}

// pt is how the page writes a value of the data.
func pt(s string) string { return html.PageText(s) }

// stackShown is a stack as the charts name it: quoted as names beside
// parentheses are (report.PartsQuoted).
func stackShown(s string) string { return report.ListItem(s, report.PartsQuoted([]string{s})) }

// newsOf is the highlights' text as the page lists them: at most
// html.HTMLNewsPerKind of a kind (the line that counts the rest is
// not a highlight's text).
func newsOf(hs []diff.Highlight) []string {
	out := []string{}
	seen := map[string]int{}
	for _, h := range hs {
		if seen[h.Kind]++; seen[h.Kind] > html.HTMLNewsPerKind {
			continue
		}
		out = append(out, html.PageText(report.NewsText(h, html.HTMLNewsNames)))
	}
	return out
}

func nSpecs(n int) string {
	if n == 1 {
		return "1 spec"
	}
	return strconv.Itoa(n) + " specs"
}

// expectPair reads a pair's JSON: the charts' marks, the highlights and
// the packages of the details.
func expectPair(t *testing.T, js []byte) ([]chartFacts, []string, []string) {
	var r jReport
	if err := json.Unmarshal(js, &r); err != nil {
		t.Fatal(err)
	}
	kinds := []string{"added", "removed", "rebuilt", "updated"}
	tally := map[string]*[4]int{}
	// A stack named as the charts name one, quoted where it could read
	// as their own words "(no stack)" and "other stacks (K)"
	// (report.PartsQuoted).
	raw := map[string]string{} // the stack of each name shown, as the page sorts them
	add := func(stacks []string, k int) {
		shown := make([]string, 0, len(stacks))
		for _, s := range stacks {
			shown = append(shown, stackShown(s))
			raw[stackShown(s)] = s
		}
		if len(stacks) == 0 {
			shown = []string{"(no stack)"}
			raw["(no stack)"] = "(no stack)"
		}
		for _, s := range shown {
			if tally[s] == nil {
				tally[s] = &[4]int{}
			}
			tally[s][k]++
		}
	}
	var pkgs []string
	var versions []string
	vpkgs, vfull := 0, false
	for _, p := range r.Packages {
		pkgs = append(pkgs, pt(p.Name))
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
		if p.Status == "changed" && !slices.Equal(p.Versions.Old, p.Versions.New) && !vfull {
			var rows []string
			for _, v := range p.Versions.Old {
				if slices.Contains(p.Versions.New, v) {
					rows = append(rows, pt(p.Name)+" "+pt(report.MoveSide(v))+": old – new")
				} else {
					rows = append(rows, pt(p.Name)+" "+pt(report.MoveSide(v))+": old")
				}
			}
			for _, v := range p.Versions.New {
				if !slices.Contains(p.Versions.Old, v) {
					rows = append(rows, pt(p.Name)+" "+pt(report.MoveSide(v))+": new")
				}
			}
			// The strip's bounds: 30 packages, 120 rows, in order.
			if vpkgs == 30 || (vpkgs > 0 && len(versions)+len(rows) > 120) {
				vfull = true
			} else {
				vpkgs++
				versions = append(versions, rows[:min(len(rows), 120)]...)
			}
		}
	}
	names := make([]string, 0, len(tally))
	for s := range tally {
		names = append(names, s)
	}
	total := func(s string) int { x := tally[s]; return x[0] + x[1] + x[2] + x[3] }
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(total(b), total(a)), strings.Compare(raw[a], raw[b]), strings.Compare(b, a))
	})
	if len(names) > 12 {
		other := &[4]int{}
		for _, s := range names[12:] {
			for k := range other {
				other[k] += tally[s][k]
			}
		}
		o := fmt.Sprintf("other stacks (%d)", len(names)-12)
		tally[o] = other
		names = append(names[:12], o)
	}
	var charts []chartFacts
	if len(names) > 0 {
		c := chartFacts{ID: "stacks", Series: 4}
		for _, s := range names {
			for k, n := range tally[s] {
				if n > 0 {
					c.Titles = append(c.Titles, fmt.Sprintf("%s: %d %s", pt(s), n, kinds[k]))
				}
			}
		}
		charts = append(charts, c)
	}
	if versions != nil {
		charts = append(charts, chartFacts{ID: "versions", Series: 1, Titles: versions})
	}
	return charts, newsOf(r.Highlights), pkgs
}

// expectLog reads a log's JSON the same way.
func expectLog(t *testing.T, js []byte) ([]chartFacts, []string, []string) {
	var l struct {
		Steps     []jReport           `json:"steps"`
		Snapshots []diff.SnapshotInfo `json:"snapshots"`
		Timeline  struct {
			Packages []struct {
				Name     string      `json:"name"`
				Present  []diff.Span `json:"present"`
				Versions []struct {
					Version string `json:"version"`
					diff.Span
				} `json:"versions"`
			} `json:"packages"`
		} `json:"timeline"`
		Highlights []diff.Highlight `json:"highlights"`
	}
	if err := json.Unmarshal(js, &l); err != nil {
		t.Fatal(err)
	}
	labels, raw := []string{}, []string{}
	for _, s := range l.Snapshots {
		labels = append(labels, pt(s.Label())) // distinct tags or commits: the page's labels
		raw = append(raw, s.Label())
	}
	// A run's ends in the chart of versions, quoted as every view's runs
	// are (report.RunLabelsQuoted).
	q := report.RunLabelsQuoted(raw)
	runLabel := func(i int) string { return pt(report.ListItem(raw[i], q)) }
	n := len(labels)
	counts := make([]map[string]int, n)
	for i := range counts {
		counts[i] = map[string]int{}
	}
	for k, st := range l.Steps {
		for _, s := range st.Stacks {
			if k == 0 && s.Specs.Old > 0 {
				counts[0][s.Name] = s.Specs.Old
			}
			if s.Specs.New > 0 {
				counts[k+1][s.Name] = s.Specs.New
			}
		}
	}
	peak := map[string]int{}
	for _, m := range counts {
		for s, v := range m {
			peak[s] = max(peak[s], v)
		}
	}
	var names []string
	for s := range peak {
		names = append(names, s)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(peak[b], peak[a]), strings.Compare(a, b)) })
	series := map[string][]int{}
	for _, s := range names {
		for i := range n {
			series[stackShown(s)] = append(series[stackShown(s)], counts[i][s])
		}
	}
	shown := make([]string, 0, min(len(names), 7))
	for _, s := range names[:min(len(names), 6)] {
		shown = append(shown, stackShown(s))
	}
	if len(names) > 6 {
		o := fmt.Sprintf("other stacks (%d)", len(names)-6)
		v := make([]int, n)
		for _, s := range names[6:] {
			for i := range n {
				v[i] += counts[i][s]
			}
		}
		series[o] = v
		shown = append(shown, o)
	}
	var charts []chartFacts
	lines := chartFacts{ID: "stack-specs", Series: len(shown)}
	for _, s := range shown {
		for i, v := range series[s] {
			// The snapshot after "at" named as in a run.
			lines.Titles = append(lines.Titles, pt(s)+" at "+runLabel(i)+": "+nSpecs(v))
		}
	}
	charts = append(charts, lines)
	bars := chartFacts{ID: "steps", Series: 4}
	for k, st := range l.Steps {
		c := st.Summary.Specs
		for j, v := range []int{c.Added, c.Removed, c.Rebuilt, c.Updated} {
			if v > 0 {
				bars.Titles = append(bars.Titles, fmt.Sprintf("step %d (%s): %d %s", k+1, pt(report.StepLabel(raw[k+1])), v, []string{"added", "removed", "rebuilt", "updated"}[j]))
			}
		}
	}
	charts = append(charts, bars)
	gantt := chartFacts{ID: "versions", Series: 1}
	drawn, full := 0, false
	for _, p := range l.Timeline.Packages {
		moved := false
		for _, v := range p.Versions {
			var runs []diff.Span
			for _, w := range p.Versions {
				if w.Version == v.Version {
					runs = append(runs, w.Span)
				}
			}
			if !slices.Equal(runs, p.Present) {
				moved = true
			}
		}
		if !moved || full {
			continue
		}
		if drawn == 30 || (drawn > 0 && len(gantt.Titles)+len(p.Versions) > 120) {
			full = true // the strip's bounds: 30 packages, 120 rows, in order
			continue
		}
		drawn++
		for i, v := range p.Versions {
			if i == 120 {
				break
			}
			when := runLabel(v.From)
			if v.To != v.From {
				when += " – " + runLabel(v.To)
			}
			gantt.Titles = append(gantt.Titles, pt(p.Name)+" "+pt(report.MoveSide(v.Version))+": "+when)
		}
	}
	if gantt.Titles != nil {
		charts = append(charts, gantt)
	}
	var pkgs []string
	for _, st := range l.Steps {
		for _, p := range st.Packages {
			pkgs = append(pkgs, pt(p.Name))
		}
	}
	return charts, newsOf(l.Highlights), pkgs
}

// checkHostile: no element, attribute or script of the page comes from
// the data: the elements and attributes are the template's own, the one
// script is the page's, and every link is to --link-base.
func checkHostile(t *testing.T, f *pageFacts) {
	t.Helper()
	tags := strings.Fields("html head meta title style body header h1 h2 h3 p main section ul li span a div table caption thead tbody tr th td figure figcaption svg rect desc line text polyline circle details summary b footer script input button")
	attrs := strings.Fields("lang charset http-equiv content name class id aria-labelledby aria-hidden aria-label aria-sort role data-name data-chart data-series data-marks scope viewbox width height x y x1 y1 x2 y2 cx cy r text-anchor transform points href type placeholder")
	for _, tag := range f.Tags {
		if !slices.Contains(tags, tag) {
			t.Errorf("element <%s> is not the template's", tag)
		}
	}
	for _, a := range f.Attrs {
		if !slices.Contains(attrs, strings.ToLower(a)) {
			t.Errorf("attribute %s is not the template's", a)
		}
	}
	for _, h := range f.Hrefs {
		if !strings.HasPrefix(h, "https://cache.spack.io/package/?name=") {
			t.Errorf("link %q is not to --link-base", h)
		}
	}
}

// hostileNames are package names (and, in hostileSpackPair, versions,
// compilers, OSes, targets and variants) that try what the bundled
// hostile pair does not: to leave an attribute by a quote, to end the
// style or a comment, to turn text around or hide a character, to be a
// javascript: URL, and to be 10,000 characters long. Catalogue pages
// cannot hold a '<' (the site prints their strings as HTML), so these
// come in Spack's own files.
var hostileNames = []string{
	`"'><svg onload=alert(1)>`,
	"</style><style>body{display:none}</style>",
	"gcc\u202egnp.exe",
	"g\u200bcc",
	"javascript:alert(1)",
	strings.Repeat("L", 10000),
	"<!-- x --><![CDATA[ ]]></title></script></svg></textarea>",
}

// hostileNamesPair writes hostileSpackPair of hostileNames.
func hostileNamesPair(t *testing.T) (string, string) {
	t.Helper()
	return hostileSpackPair(t, hostileNames)
}

// canaryPage fetches an image and a script and logs an error: what
// browse must see.
const canaryPage = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>canary</title></head><body>
<img src="http://127.0.0.1:9/x.png" alt=""><script src="http://127.0.0.1:9/x.js"></script><script>console.error("canary")</script></body></html>`

// printed prints the page to a PDF at path, at 1280 px: in print media
// the charts fit and no text is cut, and printing opens every block
// (the script's beforeprint).
func printed(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	l, err := chromedp.Run(ctx, chromedp.Evaluate[chartLayout](layoutJS))
	if err != nil {
		t.Fatal(err)
	}
	if l.Scroll > 0 || len(l.Clipped) > 0 || len(l.Overlaps) > 0 {
		t.Errorf("in print, a chart scrolls (%v px), or texts are cut %q or overlap %q", l.Scroll, l.Clipped, l.Overlaps)
	}
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{})
	if err != nil {
		t.Fatalf("printing: %v", err)
	}
	closed, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("details:not([open])").length`))
	if err != nil {
		t.Fatal(err)
	}
	if closed > 0 {
		t.Errorf("printed with %d blocks closed, want every one open", closed)
	}
	if err := os.WriteFile(path, res.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("printed %s (%d bytes)", path, len(res.Data))
}
