package main

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/shareddata"
)

// htmlGoldenCases are the pages of the bundled real pair and the five
// real weeks (issue 32), the pair once more with a title and links.
var htmlGoldenCases = []struct {
	name string
	args []string
}{
	{"develop-2025-03.html", []string{"-f", "html", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
	{"develop-2025-03-links.html", []string{"-f", "html", "--title", "Build cache: develop, week 13", "--link-base", "https://cache.spack.io/package/?name=",
		"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
	{"log-weekly.html", logArgs("-f", "html")},
}

func TestHTMLGolden(t *testing.T) {
	t.Chdir("../..")
	for _, tc := range htmlGoldenCases {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, tc.args, 1)
		})
	}
}

// TestHTMLRender: render of a saved JSON report or log writes the same
// page as the diff or the log that saved it.
func TestHTMLRender(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"pair", []string{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
		{"log", logArgs()},
	} {
		page := runOK(t, withFormat(tc.args, "html"), 1)
		js := filepath.Join(dir, tc.name+".json")
		if err := os.WriteFile(js, runOK(t, withFormat(tc.args, "json"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := runOK(t, []string{"render", "-f", "html", js}, 1); !bytes.Equal(got, page) {
			t.Errorf("%s: render of the JSON differs from the page:\n%s", tc.name, lineDiff(page, got))
		}
	}
}

var (
	figureRe = regexp.MustCompile(`(?s)<figure class="chart" id="chart-[a-z-]+" data-chart="([a-z-]+)" data-series="(\d+)" data-marks="(\d+)">(.*?)</figure>`)
	legendRe = regexp.MustCompile(`<li><svg class="swatch"`)
	markRe   = regexp.MustCompile(`<(?:rect|circle) class="m [^"]*"[^>]*><title>([^<]*)</title>`)
	newsRe   = regexp.MustCompile(`(?s)<span class="text">(?:<a href="[^"]*">)?(.*?)(?:</a>)?</span></li>`)
	pkgRe    = regexp.MustCompile(`<details class="pkg" data-name="([^"]*)">`)
)

// pageNumbers reads a page's charts, highlights and packages from its
// markup, as TestBrowser reads them from the DOM.
func pageNumbers(t *testing.T, page string) (charts []chartFacts, news, pkgs []string) {
	t.Helper()
	highlights, _, _ := strings.Cut(page, `<section id="counts"`)
	for _, m := range newsRe.FindAllStringSubmatch(highlights, -1) {
		news = append(news, html.UnescapeString(m[1]))
	}
	if news == nil {
		news = []string{}
	}
	for _, m := range figureRe.FindAllStringSubmatch(page, -1) {
		c := chartFacts{ID: m[1], Legend: len(legendRe.FindAllString(m[4], -1))}
		c.Series, _ = strconv.Atoi(m[2])
		c.Marks, _ = strconv.Atoi(m[3])
		for _, x := range markRe.FindAllStringSubmatch(m[4], -1) {
			c.Titles = append(c.Titles, html.UnescapeString(x[1]))
		}
		charts = append(charts, c)
	}
	for _, m := range pkgRe.FindAllStringSubmatch(page, -1) {
		pkgs = append(pkgs, html.UnescapeString(m[1]))
	}
	return charts, news, pkgs
}

// runExit runs cachediff and returns its output, whatever it says on
// standard error (a warning), failing on trouble.
func runExit(t *testing.T, args []string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code > 1 {
		t.Fatalf("cachediff %v: exit %d; stderr:\n%s", args, code, stderr.String())
	}
	return stdout.Bytes()
}

// TestHTMLNumbersBundled (issue 32): for every bundled pair and log, the
// numbers drawn (each mark's title, the series of each chart), the
// highlights and the packages of the details are the JSON's, read its
// own way (expectPair, expectLog).
func TestHTMLNumbersBundled(t *testing.T) {
	t.Chdir("../..")
	pairs := [][]string{
		{"testdata/real/v0.23.0", "testdata/real/v0.23.1"},
		{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"},
		{"testdata/hostile/old", "testdata/hostile/new"},
		{"testdata/seeds/py-safetensors-old.txt", "testdata/seeds/py-safetensors-new.txt"},
		{"testdata/spack-gen/old", "testdata/spack-gen/new"},
		{"testdata/spack-formats/index.v6-legacy-yaml.json", "testdata/spack-formats/index.v7-layout2-unsigned.json"},
		{"testdata/spack-formats/index.v7-layout2-unsigned.json", "testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"},
		{"testdata/spack-formats/spec.v3-archive-files.spec.json", "testdata/spack-formats/spec.v4-libdwarf-core2.spec.json"},
		{"testdata/spack-formats/spec.v4-libdwarf-core2.spec.json", "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json"},
		{"testdata/real/develop-2025-03-30", "testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"},
	}
	for i := 1; i < len(weeks); i++ {
		pairs = append(pairs, []string{weeks[i-1], weeks[i]})
	}
	for _, args := range pairs {
		page := string(runExit(t, withFormat(args, "html")))
		want, news, pkgs := expectPair(t, runExit(t, withFormat(args, "json")))
		got, gotNews, gotPkgs := pageNumbers(t, page)
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			checkPage(t, got, want, gotNews, news)
			if !slices.Equal(gotPkgs, pkgs) {
				t.Errorf("packages in the details %q, want %q", gotPkgs, pkgs)
			}
		})
	}
	for _, args := range [][]string{logArgs(), {"log", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, {"log", weeks[0], weeks[2], weeks[4]}} {
		page := string(runExit(t, withFormat(args, "html")))
		want, news, pkgs := expectLog(t, runExit(t, withFormat(args, "json")))
		got, gotNews, gotPkgs := pageNumbers(t, page)
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			checkPage(t, got, want, gotNews, news)
			if len(gotPkgs) != len(pkgs) {
				t.Errorf("%d package blocks, want %d", len(gotPkgs), len(pkgs))
			}
		})
	}
}

func checkPage(t *testing.T, got, want []chartFacts, gotNews, news []string) {
	t.Helper()
	checkCharts(t, got, want)
	if !slices.Equal(gotNews, news) {
		t.Errorf("highlights %q, want %q", gotNews, news)
	}
}

// TestHTMLDeterministic: the pages are the same bytes under GOMAXPROCS 1
// and 8 as in their golden files.
func TestHTMLDeterministic(t *testing.T) {
	t.Chdir("../..")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, tc := range htmlGoldenCases {
		want, err := os.ReadFile(filepath.Join("testdata", "golden", tc.name))
		if err != nil {
			t.Fatal(err)
		}
		for _, procs := range []int{1, 8} {
			runtime.GOMAXPROCS(procs)
			if got := runOK(t, tc.args, 1); !bytes.Equal(got, want) {
				t.Errorf("%s under GOMAXPROCS=%d differs from its golden file:\n%s", tc.name, procs, lineDiff(want, got))
			}
		}
	}
}

// TestHTMLWhyRebuilt: a page of Spack's own files (lockfiles, indexes)
// says why specs were rebuilt, as the Markdown does: the roots added,
// removed and changed, and each root cause with its counts, in one
// collapsed block of the details; a page of catalogue pages says in one
// line that the causes are unknown.
func TestHTMLWhyRebuilt(t *testing.T) {
	t.Chdir("../..")
	whyRe := regexp.MustCompile(`(?s)<details class="why"( open)?>(.*?)</details>`)
	type jWhy struct {
		Causes *struct {
			Groups []struct {
				Name                   string
				Specs, Rebuilt, Update int
			}
			Roots *struct {
				Added, Removed []struct{ Root string }
				Changed        []struct{ Root string }
			}
		}
	}
	pairs := [][]string{
		{"testdata/spack-gen/old", "testdata/spack-gen/new"},
		{"testdata/spack-formats/spec.v4-libdwarf-core2.spec.json", "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json"},
	}
	if lock := shareddata.Dir("lockfiles"); lock != "" {
		pairs = append(pairs,
			[]string{filepath.Join(lock, "grc-iit__ChronoLog/0a186a8/CI__enviroment__spack.lock"), filepath.Join(lock, "grc-iit__ChronoLog/a0846dc/CI__enviroment__spack.lock")},
			[]string{filepath.Join(lock, "MiddelkoopT__spack-tutorial/6872a9c"), filepath.Join(lock, "MiddelkoopT__spack-tutorial/c41dc2b")})
	}
	for _, args := range pairs {
		if _, err := os.Stat(args[0]); err != nil {
			t.Logf("skipping %s: %v", args[0], err)
			continue
		}
		page := string(runExit(t, append([]string{"-f", "html"}, args...)))
		var j jWhy
		if err := json.Unmarshal(runExit(t, append([]string{"-f", "json"}, args...)), &j); err != nil {
			t.Fatal(err)
		}
		m := whyRe.FindStringSubmatch(page)
		if m == nil {
			t.Errorf("%s: no Why rebuilt block", args[0])
			continue
		}
		if m[1] != "" {
			t.Errorf("%s: the Why rebuilt block is open, want it collapsed", args[0])
		}
		body := html.UnescapeString(m[2])
		for _, g := range j.Causes.Groups {
			if !strings.Contains(body, `<th scope="row">`+g.Name+"</th>") || !strings.Contains(body, "<td>"+strconv.Itoa(g.Specs)+"</td>") {
				t.Errorf("%s: cause %s (%d specs) is not in the block:\n%s", args[0], g.Name, g.Specs, body)
			}
		}
		if rt := j.Causes.Roots; rt != nil {
			for _, l := range []struct {
				kind  string
				roots []struct{ Root string }
			}{{"added", rt.Added}, {"removed", rt.Removed}, {"changed", rt.Changed}} {
				for _, r := range l.roots {
					if !strings.Contains(body, `<th scope="row">`+l.kind+"</th><td>"+r.Root+"</td>") {
						t.Errorf("%s: root %s %s is not in the block:\n%s", args[0], l.kind, r.Root, body)
					}
				}
			}
		}
	}
	// Catalogue pages keep no edges: one line, no block.
	page := string(runOK(t, []string{"-f", "html", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1))
	if whyRe.MatchString(page) {
		t.Error("catalogue pages: a Why rebuilt block, want one line")
	}
	if n := strings.Count(page, "cause unknown, not guessed"); n != 1 {
		t.Errorf("catalogue pages: %d lines say the causes are unknown, want 1", n)
	}
	// A log of them says it once, not once a step.
	page = string(runOK(t, logArgs("-f", "html"), 1))
	if n := strings.Count(page, "cause unknown, not guessed"); n != 1 {
		t.Errorf("a log of catalogue pages: %d lines say the causes are unknown, want 1", n)
	}
}

// TestHTMLRenderBroken: render -f html of a saved report cut short or
// edited writes no page and says where the file is wrong; a value edited
// to markup renders as text.
func TestHTMLRenderBroken(t *testing.T) {
	t.Chdir("../..")
	js := runOK(t, []string{"-f", "json", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}, 1)
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"cut", string(js[:len(js)/3]), "ends early"},
		{"negative", strings.Replace(string(js), `"added": 5,`, `"added": -5,`, 1), "want a count"},
		{"empty", "", "reading"},
	} {
		path := filepath.Join(dir, tc.name+".json")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"render", "-f", "html", path}, &stdout, &stderr)
		if code != 2 || stdout.Len() > 0 || !strings.Contains(stderr.String(), path) || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%s: exit %d, %d bytes out, stderr %q; want exit 2, no page, an error naming the file and %q", tc.name, code, stdout.Len(), stderr.String(), tc.want)
		}
	}
	// The last stack, edited so that it stays last: the specs keep
	// their order, which render checks.
	edited := strings.ReplaceAll(string(js), `"tutorial"`, `"tutorial</script><script>alert(1)</script>"`)
	path := filepath.Join(dir, "edited.json")
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	page := string(runExit(t, []string{"render", "-f", "html", path}))
	if strings.Count(page, "<script") != 1 || !strings.Contains(page, "tutorial&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("a stack edited to a script is not shown as text")
	}
}

// TestHTMLSmall: the pages of the least inputs: a pair with no change
// (no chart, "No changes."), a log of one step (a line chart of two
// points per stack, one bar) and a log of one commit (no step: no chart,
// and it says so).
func TestHTMLSmall(t *testing.T) {
	t.Chdir("../..")
	w := "testdata/real-series/develop-2025-02-16"
	page := string(runOK(t, []string{"-f", "html", w, w}, 0))
	if !strings.Contains(page, "<p>No changes.</p>") || strings.Contains(page, `<figure class="chart"`) {
		t.Error("a pair with no change: want No changes. and no chart")
	}
	page = string(runOK(t, []string{"log", "-f", "html", w, "testdata/real-series/develop-2025-02-23"}, 1))
	charts, _, _ := pageNumbers(t, page)
	var got []string
	for _, c := range charts {
		got = append(got, c.ID+" "+strconv.Itoa(c.Marks))
	}
	if len(charts) < 2 || charts[0].ID != "stack-specs" || charts[0].Marks != 2*charts[0].Series || charts[1].ID != "steps" || charts[1].Series != 4 {
		t.Errorf("a log of one step: charts %q, want a line of two points per stack and the bars of one step", got)
	}
	if !gittest.Available() {
		t.Skip("no git program: the log of one commit is not tried")
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	if _, err := gittest.Commits(repo, w); err != nil {
		t.Fatal(err)
	}
	page = string(runOK(t, []string{"log", "-f", "html", "-C", repo, "--revs", "HEAD", "_cache/develop"}, 0))
	if !strings.Contains(page, "1 snapshot, 0 steps") || strings.Contains(page, `<figure class="chart"`) {
		t.Error("a log of one commit: want 1 snapshot, 0 steps and no chart")
	}
}
