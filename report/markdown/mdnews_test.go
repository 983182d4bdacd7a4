package markdown

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/shareddata"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/snapshot"
)

// bundledPairs are the pairs the repository bundles (and, when the
// checkout sits beside them, the real lockfile pairs of
// ../shared/lockfiles), by name: old and new path.
func bundledPairs(t *testing.T) [][3]string {
	t.Helper()
	td := filepath.Join("..", "..", "testdata")
	pairs := [][3]string{
		{"real week", td + "/real/develop-2025-03-23", td + "/real/develop-2025-03-30"},
		{"real release", td + "/real/v0.23.0", td + "/real/v0.23.1"},
		{"hostile", td + "/hostile/old", td + "/hostile/new"},
		{"spack-gen", td + "/spack-gen/old", td + "/spack-gen/new"},
		{"seeds", td + "/seeds/py-safetensors-old.txt", td + "/seeds/py-safetensors-new.txt"},
		{"index v6 v7", td + "/spack-formats/index.v6-legacy-yaml.json", td + "/spack-formats/index.v7-layout2-unsigned.json"},
		{"index v7 v8", td + "/spack-formats/index.v7-layout2-unsigned.json", td + "/spack-formats/index.v8-layout2-unsigned-mixed.json"},
		{"spec v3 v4", td + "/spack-formats/spec.v3-archive-files.spec.json", td + "/spack-formats/spec.v4-libdwarf-core2.spec.json"},
		{"spec v4 v5", td + "/spack-formats/spec.v4-libdwarf-core2.spec.json", td + "/spack-formats/spec.v5-libdwarf-m1.spec.json"},
	}
	for i := 1; i < len(reporttest.RealWeeks); i++ {
		pairs = append(pairs, [3]string{"week " + filepath.Base(reporttest.Path(t, reporttest.RealWeeks[i])), reporttest.Path(t, reporttest.RealWeeks[i-1]), reporttest.Path(t, reporttest.RealWeeks[i])})
	}
	lock := shareddata.Dir("lockfiles")
	if lock == "" {
		return pairs // not beside this checkout
	}
	for _, c := range [][3]string{
		{"grc-iit__ChronoLog", "0a186a8", "a0846dc"},
		{"durrantlab__durrantlab-spack", "b25b77a", "af7f928"},
	} {
		files, _ := filepath.Glob(filepath.Join(lock, c[0], c[1], "*spack.lock"))
		if len(files) != 1 {
			continue
		}
		name := filepath.Base(files[0])
		pairs = append(pairs, [3]string{c[0], files[0], filepath.Join(lock, c[0], c[2], name)})
	}
	return pairs
}

// TestMarkdownHasEveryHighlight (issue 34): for every bundled pair, each
// highlight of the report (those its JSON carries) is a line of the
// Markdown report's Highlights, in report.NewsText's words escaped (and with
// --link-base, its packages linked), before the counts.
func TestMarkdownHasEveryHighlight(t *testing.T) {
	for _, p := range bundledPairs(t) {
		t.Run(p[0], func(t *testing.T) {
			r := reporttest.ComparePaths(t, p[1], p[2])
			var j bytes.Buffer
			if err := jsonv1.JSON(&j, r); err != nil {
				t.Fatal(err)
			}
			back, err := jsonv1.DecodeBytes(j.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			for _, link := range []string{"", "https://cache.spack.io/package/?name="} {
				var b bytes.Buffer
				if err := Markdown(&b, r, report.Options{LinkBase: link}); err != nil {
					t.Fatal(err)
				}
				md := b.String()
				counts := strings.Index(md, "\n|  | old | new |")
				for _, h := range back.Highlights {
					line := "\n- " + mdNews(h, link) + "\n"
					if link == "" && line != "\n- "+report.EscapeMD(report.NewsText(h, newsNames))+"\n" {
						t.Errorf("%s: without links, not report.NewsText escaped: %q", h.Kind, line)
					}
					if i := strings.Index(md, line); i < 0 || i > counts {
						t.Errorf("link %q: highlight %q is not a line before the counts:\n%.3000s", link, line, md)
					}
				}
				if len(back.Highlights) > 0 != strings.Contains(md, "\n### Highlights\n") {
					t.Errorf("%d highlights, and the Highlights heading: %v", len(back.Highlights), !strings.Contains(md, "\n### Highlights\n"))
				}
			}
		})
	}
}

// TestMarkdownNewsFirst is issue 34's "Done when" on the bundled weeks:
// the pair 03-09 → 03-16 shows cppcheck's upgrade and the new actsvg in
// its first 10 lines; the log of the five weeks shows every highlight
// in its first 40 lines, in at most half of the 14,989 bytes it took
// before; a week of only rebuilds says so in its headline; the lockfile
// pairs beside the checkout are headlined by their roots.
func TestMarkdownNewsFirst(t *testing.T) {
	r := reporttest.ComparePaths(t, reporttest.Path(t, reporttest.RealWeeks[3]), reporttest.Path(t, reporttest.RealWeeks[4]))
	var b bytes.Buffer
	if err := Markdown(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	head := strings.Join(strings.SplitN(b.String(), "\n", 11)[:10], "\n")
	for _, want := range []string{"cppcheck 2.9 → 2.17.1", "new package actsvg 0.4.51"} {
		if !strings.Contains(head, want) {
			t.Errorf("the pair's first 10 lines lack %q:\n%s", want, head)
		}
	}

	weeks := reporttest.LoadRealWeeks(t)
	l, s, _ := logOf(t, weeks, report.Options{})
	out, err := finishLog(l, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 14989/2 {
		t.Errorf("the log of the five weeks takes %d bytes, want at most %d", len(out), 14989/2)
	}
	first := strings.Join(strings.SplitN(out, "\n", 41)[:40], "\n")
	if len(s.Highlights) == 0 {
		t.Fatal("the five weeks have no highlights")
	}
	for _, h := range s.Highlights {
		if !strings.Contains(first, mdNews(h, "")) {
			t.Errorf("highlight %q is not in the log's first 40 lines", report.NewsText(h, newsNames))
		}
	}

	only := reporttest.ComparePaths(t, reporttest.Path(t, reporttest.RealWeeks[2]), reporttest.Path(t, reporttest.RealWeeks[3]))
	b.Reset()
	if err := Markdown(&b, only, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if !report.OnlyRebuilds(only) || !strings.Contains(b.String(), "\n\n**Only rebuilds**: 3 specs of 2 packages have new hashes; nothing added, removed or changed\n") {
		t.Errorf("a week of only rebuilds is not headlined so:\n%.600s", b.String())
	}

	for _, p := range bundledPairs(t) {
		want := map[string]string{
			"grc-iit__ChronoLog":           "**1 root removed (rocksdb); 2 specs removed; 24 specs unchanged; 12 dependencies are now needed by fewer roots**",
			"durrantlab__durrantlab-spack": "**2 roots added (gcc@10.5.0, gcc@12.4.0); 32 specs unchanged; 31 dependencies are now needed by more roots**",
		}[p[0]]
		if want == "" {
			continue
		}
		b.Reset()
		if err := Markdown(&b, reporttest.ComparePaths(t, p[1], p[2]), report.Options{}); err != nil {
			t.Fatal(err)
		}
		if lines := strings.SplitN(b.String(), "\n", 4); len(lines) < 3 || lines[2] != want {
			t.Errorf("%s: headline %q, want %q", p[0], lines[2], want)
		}
	}
}

// TestMaxBytesKeepsHighlights: at a range of limits, --max-bytes never
// leaves out a highlight while a detail of the same step stays. A pair's
// highlights are in its head, cut only when the limit is too small for
// all of them and nothing else (every detail is gone, and a line counts
// the highlights left out); in a log, a step that
// keeps any detail (a <details> block) lists each of its highlights under
// its heading, and so does the log's list of highlights.
func TestMaxBytesKeepsHighlights(t *testing.T) {
	for _, p := range bundledPairs(t)[:4] {
		r := reporttest.ComparePaths(t, p[1], p[2])
		var b bytes.Buffer
		if err := Markdown(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		full := b.Len()
		for limit := 200; limit <= full; limit += max(1, full/40) {
			b.Reset()
			err := Markdown(&b, r, report.Options{MaxBytes: limit})
			if errors.As(err, new(*view.TooSmallError)) {
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			out := b.String()
			details := 0
			for _, h := range regexp.MustCompile(`(?m)^### .*`).FindAllString(out, -1) {
				if h != "### Highlights" && !strings.HasPrefix(h, "### Skipped pages") {
					details++
				}
			}
			for _, h := range r.Highlights {
				if !strings.Contains(out, "\n- "+mdNews(h, "")+"\n") {
					if details > 0 || !strings.Contains(out, " more highlight") {
						t.Fatalf("%s, --max-bytes %d: highlight %q left out, %d detail sections kept:\n%s", p[0], limit, report.NewsText(h, newsNames), details, out)
					}
				}
			}
		}
	}

	for _, tc := range []struct {
		name  string
		snaps []*snapshot.Snapshot
		o     report.Options
	}{
		{"real", reporttest.LoadRealWeeks(t), report.Options{}},
		{"real-comment", reporttest.LoadRealWeeks(t), report.Options{Marker: report.GitHubMarker, LinkBase: "https://cache.spack.io/package/?name="}},
		{"generated", reporttest.GenSeries(4, 20, 9), report.Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, s, steps := logOf(t, tc.snaps, tc.o)
			full, err := finishLog(l, s, 0)
			if err != nil {
				t.Fatal(err)
			}
			labels := report.SnapshotLabels(s.Snapshots)
			stride := max(1, len(full)/300)
			if testing.Short() {
				stride = max(1, len(full)/60)
			}
			checked := 0
			for limit := 100; limit <= len(full)+stride; limit += stride {
				out, err := finishLog(l, s, limit)
				if errors.As(err, new(*view.TooSmallError)) {
					continue
				} else if err != nil {
					t.Fatal(err)
				}
				checked++
				for k, r := range steps {
					heading := "\n## " + report.EscapeMD(stepTitle(r, nil)) + "\n"
					i := strings.Index(out, heading)
					if i < 0 {
						continue
					}
					area := out[i+len(heading):]
					if j := strings.Index(area, "\n## "); j >= 0 {
						area = area[:j]
					}
					if !strings.Contains(area, "<details>") {
						continue
					}
					for _, h := range r.Highlights {
						if !logNews(h) {
							continue
						}
						item := mdNews(h, tc.o.LinkBase)
						if !strings.Contains(area, "\n- "+item+"\n") {
							t.Fatalf("--max-bytes %d: step %d keeps a detail, not its highlight %q:\n%s", limit, k+1, item, out)
						}
						if !strings.Contains(out, "\n- **"+report.EscapeMD(labels[k+1])+"**: "+item+"\n") {
							t.Fatalf("--max-bytes %d: step %d keeps a detail, the log's list not its highlight %q:\n%s", limit, k+1, item, out)
						}
					}
				}
			}
			if checked < 10 {
				t.Fatalf("only %d limits fit", checked)
			}
		})
	}
}

func TestBundledPairsExist(t *testing.T) {
	for _, p := range bundledPairs(t) {
		for _, f := range p[1:] {
			if _, err := os.Stat(f); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestMaxBytesFewHighlights: a limit too small for every highlight keeps
// the first that fit and counts the others, with no detail; at the
// smallest limit, none is listed; the first highlights are kept in their
// order.
func TestMaxBytesFewHighlights(t *testing.T) {
	r := reporttest.ComparePaths(t, filepath.Join("..", "..", "testdata", "real", "develop-2025-03-23"), filepath.Join("..", "..", "testdata", "real", "develop-2025-03-30"))
	if len(r.Highlights) < 3 {
		t.Fatalf("%d highlights, want a few", len(r.Highlights))
	}
	var b bytes.Buffer
	var small *view.TooSmallError
	if err := Markdown(&b, r, report.Options{MaxBytes: 1}); !errors.As(err, &small) {
		t.Fatalf("--max-bytes 1: %v", err)
	}
	shown := -1
	for limit := small.Min; ; limit += 20 {
		b.Reset()
		if err := Markdown(&b, r, report.Options{MaxBytes: limit}); err != nil {
			t.Fatalf("--max-bytes %d (the minimum is %d): %v", limit, small.Min, err)
		}
		out := b.String()
		k := 0
		for k < len(r.Highlights) && strings.Contains(out, "\n- "+mdNews(r.Highlights[k], "")+"\n") {
			k++
		}
		switch {
		case len(out) > limit:
			t.Fatalf("--max-bytes %d: %d bytes", limit, len(out))
		case limit == small.Min && k != 0:
			t.Fatalf("--max-bytes %d, the minimum: %d highlights listed", limit, k)
		case k < shown:
			t.Fatalf("--max-bytes %d: %d highlights listed, %d under a smaller limit", limit, k, shown)
		case k < len(r.Highlights) && (!strings.Contains(out, "\n- …and "+report.Plural(len(r.Highlights)-k, "more highlight")+": ") || strings.Contains(out, "<details>") || strings.Count(out, "\n### ") != 1):
			t.Fatalf("--max-bytes %d: %d of %d highlights, but no line counts the rest, or a detail stays:\n%s", limit, k, len(r.Highlights), out)
		}
		shown = k
		if k == len(r.Highlights) {
			break
		}
	}
}

// TestLogFewerNews: a limit too small for the least log (its headline,
// the table's newest row and summary row, the newest step's heading with
// every highlight of it) leaves out every detail and lists the newest
// step's first highlights that fit, counting the others; at a larger
// limit, it lists more.
func TestLogFewerNews(t *testing.T) {
	l, s, steps := logOf(t, reporttest.GenSeries(5, 40, 4), report.Options{})
	newest := steps[len(steps)-1]
	var lines []string
	for _, h := range newest.Highlights {
		if logNews(h) {
			lines = append(lines, "\n- "+mdNews(h, "")+"\n")
		}
	}
	if len(lines) < 4 {
		t.Fatalf("the newest step has %d highlights, want a few", len(lines))
	}
	_, err := finishLog(l, s, 1)
	var small *view.TooSmallError
	if !errors.As(err, &small) {
		t.Fatalf("--max-bytes 1: %v", err)
	}
	prev, cut := -1, 0
	for limit := small.Min; limit < small.Min+2000; limit += 7 {
		out, err := finishLog(l, s, limit)
		if err != nil {
			t.Fatalf("--max-bytes %d (the minimum %d): %v", limit, small.Min, err)
		}
		k := 0
		for k < len(lines) && strings.Contains(out, lines[k]) {
			k++
		}
		switch {
		case len(out) > limit:
			t.Fatalf("--max-bytes %d: %d bytes", limit, len(out))
		case k < prev:
			t.Fatalf("--max-bytes %d: %d highlights of the newest step, %d under a smaller limit", limit, k, prev)
		case k < len(lines) && (strings.Contains(out, "<details>") || !strings.Contains(out, "\n- …and "+report.Plural(len(lines)-k, "more highlight")+" (`--format json`)\n")):
			t.Fatalf("--max-bytes %d: %d of %d highlights, a detail kept or no line counting the rest:\n%s", limit, k, len(lines), out)
		}
		if k < len(lines) {
			cut++
		}
		prev = k
	}
	if cut == 0 || prev != len(lines) {
		t.Fatalf("%d limits cut the highlights; %d of %d at the largest", cut, prev, len(lines))
	}
}
