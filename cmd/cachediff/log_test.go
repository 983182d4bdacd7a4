package main

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// weeks are the five real weekly tags, oldest first (from the repository
// root).
var weeks = []string{
	"testdata/real-series/develop-2025-02-16",
	"testdata/real-series/develop-2025-02-23",
	"testdata/real-series/develop-2025-03-02",
	"testdata/real-series/develop-2025-03-09",
	"testdata/real-series/develop-2025-03-16",
}

func logArgs(flags ...string) []string { return append(append([]string{"log"}, flags...), weeks...) }

// TestLogGolden: the log of the real weekly series, in every format, and
// shortened.
func TestLogGolden(t *testing.T) {
	t.Chdir("../..")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"log-weekly.md", logArgs()},
		{"log-weekly.json", logArgs("-f", "json")},
		{"log-weekly.txt", logArgs("-f", "text")},
		{"log-weekly-4k.md", logArgs("--max-bytes", "4000")}, // the oldest steps left out, the newest cut
		{"log-weekly-gate.md", logArgs("--fail-on", "removed-spec", "--link-base", "https://cache.spack.io/package/?name=")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, tc.args, 1)
		})
	}
}

// TestLogStepsArePairDiffs: each step of the real weekly log is the JSON
// report of `cachediff OLD NEW` of its two snapshots, field for field;
// the filters apply to every snapshot.
func TestLogStepsArePairDiffs(t *testing.T) {
	t.Chdir("../..")
	for _, flags := range [][]string{nil, {"--package", "c*", "--ignore", "compiler"}} {
		var log struct {
			Steps     []json.RawMessage `json:"steps"`
			Snapshots []diff.SnapshotInfo
		}
		if err := json.Unmarshal(runOK(t, logArgs(append([]string{"-f", "json"}, flags...)...), 1), &log); err != nil {
			t.Fatal(err)
		}
		if len(log.Steps) != len(weeks)-1 || len(log.Snapshots) != len(weeks) {
			t.Fatalf("%v: %d steps and %d snapshots for %d weeks", flags, len(log.Steps), len(log.Snapshots), len(weeks))
		}
		for i, raw := range log.Steps {
			pair := runOK(t, append(append([]string{"-f", "json"}, flags...), weeks[i], weeks[i+1]), 1)
			var got, want any
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(pair, &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v: step %d differs from cachediff %s %s", flags, i+1, weeks[i], weeks[i+1])
			}
			// Byte for byte, but for the log's indentation.
			if dedented := strings.ReplaceAll(string(raw), "\n    ", "\n") + "\n"; dedented != string(pair) {
				t.Errorf("%v: step %d is not written as cachediff -f json writes it:\n%s", flags, i+1, lineDiff(pair, []byte(dedented)))
			}
			if log.Snapshots[i].Path != weeks[i] {
				t.Errorf("snapshot %d is %q, want %q", i, log.Snapshots[i].Path, weeks[i])
			}
		}
	}
}

// TestLogTimeline: on the real weeks, a version is in the timeline at
// snapshot i exactly when some spec of snapshot i has it, and a package
// is present exactly when snapshot i has its page.
func TestLogTimeline(t *testing.T) {
	t.Chdir("../..")
	var log struct {
		Timeline diff.Timeline `json:"timeline"`
	}
	if err := json.Unmarshal(runOK(t, logArgs("-f", "json"), 1), &log); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, p := range log.Timeline.Packages {
		for _, r := range p.Present {
			for i := r.From; i <= r.To; i++ {
				got[p.Name+" @"+strconv.Itoa(i)] = true
			}
		}
		for _, v := range p.Versions {
			for i := v.From; i <= v.To; i++ {
				got[p.Name+" "+v.Version+" @"+strconv.Itoa(i)] = true
			}
		}
	}
	want := map[string]bool{}
	for i, w := range weeks {
		s, err := snapshot.Load(w, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range s.Packages {
			want[p.Name+" @"+strconv.Itoa(i)] = true
			for _, sp := range p.Specs {
				for _, v := range sp.Versions {
					want[p.Name+" "+v+" @"+strconv.Itoa(i)] = true
				}
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		for k := range want {
			if !got[k] {
				t.Errorf("%s: in the snapshot, not in the timeline", k)
			}
		}
		for k := range got {
			if !want[k] {
				t.Errorf("%s: in the timeline, not in the snapshot", k)
			}
		}
	}
}

// TestLogMaxBytes: a shortened log fits its limit, keeps the headline,
// the table of steps (at the least limits, its oldest rows summed up in
// one) and the newest step's headline, and says it was
// shortened; a larger limit never shows fewer steps. A limit is refused
// (exit 2) exactly when it is below the minimum the error names, and
// that minimum works: the limits 1607 to 2007, which the log refused
// while each error named a larger one, are among those checked.
func TestLogMaxBytes(t *testing.T) {
	t.Chdir("../..")
	full := runOK(t, logArgs(), 1)
	var stderr bytes.Buffer
	if code := run(logArgs("--max-bytes", "1"), io.Discard, &stderr); code != exitTrouble {
		t.Fatalf("--max-bytes 1: exit %d", code)
	}
	m := regexp.MustCompile(`is too small: .* takes (\d+) bytes\n$`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("--max-bytes 1: %s", stderr.String())
	}
	least, _ := strconv.Atoi(m[1])
	step := 97
	if testing.Short() {
		step = 2997 // a quick inner loop: five limits besides the six above (make test: some 150)
	}
	limits := []int{least - 1, least, 1698, 2004, 2007, 2008}
	for limit := 1; limit <= len(full)+100; limit += step {
		limits = append(limits, limit)
	}
	slices.Sort(limits)
	prevSteps := 0
	for _, limit := range slices.Compact(limits) {
		var stdout, stderr bytes.Buffer
		code := run(logArgs("--max-bytes", strconv.Itoa(limit)), &stdout, &stderr)
		if limit < least {
			if code != exitTrouble || !strings.Contains(stderr.String(), "is too small") || !strings.Contains(stderr.String(), " takes "+m[1]+" bytes") {
				t.Fatalf("--max-bytes %d (below %d): exit %d: %s", limit, least, code, stderr.String())
			}
			continue
		}
		if code == exitTrouble {
			t.Fatalf("--max-bytes %d (the minimum is %d): %s", limit, least, stderr.String())
		}
		out := stdout.String()
		steps := strings.Count(out, "\n## develop-")
		switch {
		case len(out) > limit:
			t.Fatalf("--max-bytes %d: %d bytes", limit, len(out))
		case !strings.HasPrefix(out, "# cachediff log: develop-2025-02-16 → develop-2025-03-16\n"),
			!strings.Contains(out, "| develop-2025-02-23 (from develop-2025-02-16) |") && !strings.Contains(out, " older steps |"), // the least limits sum up the oldest rows
			!strings.Contains(out, "\n## develop-2025-03-16 (from develop-2025-03-09)\n"):
			t.Fatalf("--max-bytes %d: the headline, the table of steps or the newest step is missing:\n%s", limit, out)
		case limit < len(full) && !strings.Contains(out, "**Shortened**"):
			t.Fatalf("--max-bytes %d: no notice", limit)
		case limit >= len(full) && out != string(full):
			t.Fatalf("--max-bytes %d: the log fits but was cut", limit)
		case steps < prevSteps:
			t.Fatalf("--max-bytes %d: %d steps shown, fewer than at a smaller limit (%d)", limit, steps, prevSteps)
		}
		prevSteps = steps
	}
}

// TestLogMaxBytesRender: render --max-bytes of a saved log cuts it as
// the log command does, and refuses the same limits with the same
// minimum; --github-comment too.
func TestLogMaxBytesRender(t *testing.T) {
	t.Chdir("../..")
	saved := filepath.Join(t.TempDir(), "log.json")
	runOK(t, logArgs("-f", "json", "-o", saved), 1)
	flagSets := [][]string{{"--max-bytes", "1606"}, {"--max-bytes", "1607"}, {"--max-bytes", "2004"}, {"--max-bytes", "2008"}, {"--github-comment"}}
	if testing.Short() {
		// A quick inner loop: a limit refused, one cut, the comment
		// (make test: the limits on both sides of the minimum too).
		flagSets = [][]string{flagSets[0], flagSets[3], flagSets[4]}
	}
	for _, flags := range flagSets {
		var logOut, logErr, renderOut, renderErr bytes.Buffer
		logCode := run(logArgs(flags...), &logOut, &logErr)
		renderCode := run(append(append([]string{"render"}, flags...), saved), &renderOut, &renderErr)
		if logCode != renderCode || logOut.String() != renderOut.String() || logErr.String() != renderErr.String() {
			t.Errorf("%v: log exits %d (%d bytes, %q), render %d (%d bytes, %q)", flags, logCode, logOut.Len(), logErr.String(), renderCode, renderOut.Len(), renderErr.String())
		}
		if flags[0] == "--github-comment" && !strings.HasPrefix(logOut.String(), "<!-- cachediff -->\n# cachediff log: ") {
			t.Errorf("--github-comment: no marker and headline:\n%s", logOut.String())
		}
	}
}

// TestLogRender: render writes a saved log as the log command does, in
// every format, and exits as it did.
func TestLogRender(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	saved := filepath.Join(dir, "log.json")
	runOK(t, logArgs("-f", "json", "-o", saved), 1)
	formats := [][]string{nil, {"-f", "text"}, {"-f", "json"}, {"--max-bytes", "6000"}}
	if testing.Short() {
		// A quick inner loop: text and JSON; TestLogMaxBytesRender
		// renders the saved log as Markdown, cut and as a GitHub comment.
		// make test renders all four.
		formats = formats[1:3]
	}
	for _, flags := range formats {
		want := runOK(t, logArgs(flags...), 1)
		got := runOK(t, append(append([]string{"render"}, flags...), saved), 1)
		if !bytes.Equal(got, want) {
			t.Errorf("render %v differs from log %v:\n%s", flags, flags, lineDiff(want, got))
		}
	}
	// A gate given to render decides again, over every step.
	runOK(t, []string{"render", "-q", "--fail-on", "downgrade", saved}, 0)
	runOK(t, []string{"render", "-q", "--fail-on", "removed-spec", saved}, 1)
}

// TestReadmeLogExample keeps docs/usage.md's excerpt of the real weekly log
// (the table of steps, and the series' sections) equal to the log.
func TestReadmeLogExample(t *testing.T) {
	t.Chdir("../..")
	readme, err := os.ReadFile("docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- log-example:begin -->\n")
	excerpt, _, ok2 := strings.Cut(rest, "\n<!-- log-example:end -->")
	if !ok || !ok2 {
		t.Fatal("docs/usage.md has no log example between its markers")
	}
	if !strings.Contains(string(readme), "cachediff log "+weeks[0]+" "+weeks[1]+" \\\n  "+strings.Join(weeks[2:], " ")+"\n") {
		t.Error("docs/usage.md's log command is not the log of the five bundled weeks")
	}
	out := string(runOK(t, logArgs(), 1))
	for _, part := range strings.Split(excerpt, "\n\n…\n\n") {
		if !strings.Contains(out, part) {
			t.Errorf("docs/usage.md's log excerpt is not in the log:\n%s", part)
		}
	}
}

// TestRenderRefusesInconsistentLog: a saved log edited so that each step
// still holds together alone, but not with its neighbours or with the
// timeline, is refused (exit 2): a removal hidden from one step (its
// counts adjusted) once passed the gate, a swapped step gate turned the
// verdict, and an edited timeline rendered as the cache's history.
func TestRenderRefusesInconsistentLog(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	saved := filepath.Join(dir, "log.json")
	runOK(t, logArgs("-f", "json", "--fail-on", "removed-spec", "-o", saved), 1)
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, want string
		edit       func(doc map[string]any)
	}{
		{"a step's old side is not its neighbour's new side", "steps[2].old: ", func(doc map[string]any) {
			// 1,000 unchanged specs more in step 2 alone, its own laws kept.
			st := doc["steps"].([]any)[2].(map[string]any)
			for _, side := range []string{"old", "new"} {
				st[side].(map[string]any)["specs"] = st[side].(map[string]any)["specs"].(float64) + 1000
			}
			sum := st["summary"].(map[string]any)["specs"].(map[string]any)
			for _, k := range []string{"old", "new", "unchanged"} {
				sum[k] = sum[k].(float64) + 1000
			}
			for _, f := range []string{"compiler", "os", "platform", "target"} {
				counts := st["facets"].(map[string]any)[f].(map[string]any)["counts"].(map[string]any)
				for _, v := range slices.Sorted(maps.Keys(counts)) {
					c := counts[v].(map[string]any)
					if c["old"].(float64) > 0 && c["new"].(float64) > 0 {
						c["old"], c["new"] = c["old"].(float64)+1000, c["new"].(float64)+1000
						break
					}
				}
			}
		}},
		{"a step's gate swapped", "steps[3].gate: ", func(doc map[string]any) {
			doc["steps"].([]any)[3].(map[string]any)["gate"] = map[string]any{"fail_on": []any{"lost-stack"}, "tripped": []any{}}
		}},
		{"a step's filters", "steps[1].options: ", func(doc map[string]any) {
			doc["steps"].([]any)[1].(map[string]any)["options"].(map[string]any)["ignore"] = []any{"target"}
		}},
		{"the timeline emptied", "timeline: 0 packages present at snapshot 0", func(doc map[string]any) {
			doc["timeline"].(map[string]any)["packages"] = []any{}
		}},
		{"a package invented", "timeline: ", func(doc map[string]any) {
			tl := doc["timeline"].(map[string]any)
			tl["packages"] = append([]any{map[string]any{"name": "aaa-fake", "present": []any{map[string]any{"from": 0, "to": 4}},
				"versions": []any{map[string]any{"version": "1.0", "from": 0, "to": 4}}}}, tl["packages"].([]any)...)
		}},
		// A name of the input is quoted, its newline written \n (class a).
		{"a package invented, named with a newline", `timeline: "aaa-fake\n::error::x": `, func(doc map[string]any) {
			tl := doc["timeline"].(map[string]any)
			tl["packages"] = append([]any{map[string]any{"name": "aaa-fake\n::error::x", "present": []any{}, "versions": []any{}}}, tl["packages"].([]any)...)
		}},
		{"an unchanged package's versions invented", "timeline: aida: ", func(doc map[string]any) {
			// No step lists aida: the "Versions over time" a maintainer
			// reads once showed an upgrade no step holds.
			p := timelinePackage(doc, "aida")
			p["versions"] = []any{map[string]any{"version": "1.0", "from": 0, "to": 1}, map[string]any{"version": "9.9", "from": 2, "to": 4}}
		}},
		{"an unchanged package gone for a week", "timeline: ", func(doc map[string]any) {
			// aida missing at snapshot 2 and a package no step adds there
			// in its place: the counts still add up.
			timelinePackage(doc, "aida")["present"] = []any{map[string]any{"from": 0, "to": 1}, map[string]any{"from": 3, "to": 4}}
			tl := doc["timeline"].(map[string]any)
			tl["packages"] = append(tl["packages"].([]any), map[string]any{"name": "zzz-fake", "present": []any{map[string]any{"from": 2, "to": 2}},
				"versions": []any{map[string]any{"version": "1.0", "from": 2, "to": 2}}})
		}},
		{"a rebuild from a build an earlier step replaced", "steps[2].packages[1].specs.rebuilt[0].old.hash: ", func(doc map[string]any) {
			// cepgen's week-3 rebuild said to start from the build week 2
			// had already replaced, as a step moved or copied reads.
			pairOf(doc, 2, "cepgen")["old"].(map[string]any)["hash"] = "khagmou5xxx7eodnso5vuyncl4vvfrgu"
		}},
		{"a rebuild to a build already there", "steps[2].packages[1].specs.rebuilt[0].new.hash: ", func(doc map[string]any) {
			// The build bricks got in week 2 (and kept) said to be new in
			// week 3, under cepgen.
			pairOf(doc, 2, "cepgen")["new"].(map[string]any)["hash"] = "7iz7uslglkuevgchr3sikh4vgj4oc42j"
		}},
		{"a mirror index on one side of a snapshot", "steps[1].old: ", func(doc map[string]any) {
			// The snapshot steps[0] names as new, with a mirror's layout
			// and index checksum in steps[1] alone.
			old := doc["steps"].([]any)[1].(map[string]any)["old"].(map[string]any)
			old["layout"], old["index_sha256"] = "v3", strings.Repeat("a", 64)
		}},
		{"a package's versions newest first", "timeline: cppcheck: ", func(doc map[string]any) {
			// "Versions over time" then read 2.17.1 before 2.9.
			p := timelinePackage(doc, "cppcheck")
			slices.Reverse(p["versions"].([]any))
		}},
		{"a version's runs overlap", "overlap", func(doc map[string]any) {
			p := doc["timeline"].(map[string]any)["packages"].([]any)[0].(map[string]any)
			v := p["versions"].([]any)[0]
			p["versions"] = append(p["versions"].([]any), v)
		}},
	} {
		if testing.Short() && (tc.name == "a step's filters" || tc.name == "a package invented" || tc.name == "a version's runs overlap") {
			// A quick inner loop: an edit of the steps' sides, of a
			// step's gate and of the timeline; make test tries the
			// filters, an invented package and overlapping runs too.
			continue
		}
		if code, stderr := renderEdited(t, data, tc.edit); code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, %q; want exit 2 and %q", tc.name, code, stderr, tc.want)
		}
	}
}

// timelinePackage is the package named name of a decoded log's timeline.
func timelinePackage(doc map[string]any, name string) map[string]any {
	for _, p := range doc["timeline"].(map[string]any)["packages"].([]any) {
		if p := p.(map[string]any); p["name"] == name {
			return p
		}
	}
	panic("no package " + name + " in the timeline")
}

// pairOf is the first rebuilt pair of package name in step i of a decoded
// log.
func pairOf(doc map[string]any, i int, name string) map[string]any {
	for _, p := range doc["steps"].([]any)[i].(map[string]any)["packages"].([]any) {
		if p := p.(map[string]any); p["name"] == name {
			return p["specs"].(map[string]any)["rebuilt"].([]any)[0].(map[string]any)
		}
	}
	panic("no package " + name + " in the step")
}

// TestRenderRefusesLogSkippedEdited: the pages a snapshot skipped
// (--skip-invalid) are listed by both steps it is a side of; a saved log
// edited to list others in one of them (the same count) rendered that
// step's skipped pages as said. Now render exits 2.
func TestRenderRefusesLogSkippedEdited(t *testing.T) {
	dir := t.TempDir()
	var snaps []string
	for i, w := range []string{weeks[3], weeks[4], weeks[3]} {
		d := filepath.Join(dir, strconv.Itoa(i))
		if err := os.CopyFS(d, os.DirFS(filepath.Join("../..", w))); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(d, "zbad"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "zbad", "specs.md"), []byte("---\ntitle: [\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, d)
	}
	var saved, stderr bytes.Buffer
	if code := run(append([]string{"log", "--skip-invalid", "-f", "json"}, snaps...), &saved, &stderr); code != 1 {
		t.Fatalf("log: exit %d: %s", code, stderr.String())
	}
	code, msg := renderEdited(t, saved.Bytes(), func(doc map[string]any) {
		sk := doc["steps"].([]any)[1].(map[string]any)["old"].(map[string]any)["skipped"].([]any)[0].(map[string]any)
		sk["file"], sk["reason"] = filepath.Join(snaps[1], "curl", "specs.md"), "not a Spack page"
	})
	if code != 2 || !strings.Contains(msg, "steps[1].old.skipped: ") {
		t.Errorf("render: exit %d, %q; want exit 2 and steps[1].old.skipped", code, msg)
	}
}

// TestRenderRefusesLogTalliesEdited: the specs per compiler (and per
// other facet, and per stack) of a snapshot are tallied by both steps it
// is a side of. A saved log whose second step (03-02 back to 02-23, which
// loses apple-clang@16.0.0) was edited to keep one unchanged spec of that
// compiler, taken from gcc@11.4.0, held together alone and passed
// render --fail-on lost-compiler (exit 0); now render exits 2, the step
// before having tallied the snapshot otherwise.
func TestRenderRefusesLogTalliesEdited(t *testing.T) {
	t.Chdir("../..")
	var saved, stderr bytes.Buffer
	if code := run([]string{"log", "-f", "json", weeks[0], weeks[2], weeks[1]}, &saved, &stderr); code != 1 {
		t.Fatalf("log: exit %d: %s", code, stderr.String())
	}
	for _, tc := range []struct {
		name, gate, want string
		edit             func(step map[string]any)
	}{
		{"a compiler kept", "lost-compiler", "steps[1].facets.compiler.counts: ", func(step map[string]any) {
			c := step["facets"].(map[string]any)["compiler"].(map[string]any)
			counts := c["counts"].(map[string]any)
			counts["apple-clang@16.0.0"] = map[string]any{"old": 6.0, "new": 1.0}
			gcc := counts["gcc@11.4.0"].(map[string]any)
			gcc["old"], gcc["new"] = gcc["old"].(float64)-1, gcc["new"].(float64)-1
			c["removed"] = []any{}
			// Its news as the counts now make it (render refuses a
			// coverage item the counts do not, checkCoverageItems).
			for _, h := range step["highlights"].([]any) {
				if h := h.(map[string]any); h["facet"] == "compiler" && h["value"] == "apple-clang@16.0.0" {
					h["kind"], h["specs"] = "shrank", map[string]any{"old": 6.0, "new": 1.0}
				}
			}
		}},
		{"a stack's specs", "removed-spec", "steps[1].facets.stack.counts: ", func(step map[string]any) {
			row := step["stacks"].([]any)[0].(map[string]any)
			sp := row["specs"].(map[string]any)
			sp["old"], sp["new"] = sp["old"].(float64)+1, sp["new"].(float64)+1
			c := step["facets"].(map[string]any)["stack"].(map[string]any)["counts"].(map[string]any)[row["name"].(string)].(map[string]any)
			c["old"], c["new"] = c["old"].(float64)+1, c["new"].(float64)+1
		}},
		{"a stack's packages", "removed-spec", "steps[1].stacks[", func(step map[string]any) {
			// One package more in a stack of more specs than packages.
			for _, row := range step["stacks"].([]any) {
				sp, pk := row.(map[string]any)["specs"].(map[string]any), row.(map[string]any)["packages"].(map[string]any)
				if sp["old"].(float64) > pk["old"].(float64) && sp["new"].(float64) > pk["new"].(float64) {
					pk["old"], pk["new"] = pk["old"].(float64)+1, pk["new"].(float64)+1
					return
				}
			}
			panic("no stack of more specs than packages")
		}},
	} {
		code, msg := renderEdited(t, saved.Bytes(), func(doc map[string]any) { tc.edit(doc["steps"].([]any)[1].(map[string]any)) }, "--fail-on", tc.gate)
		if code != 2 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: exit %d, %q; want exit 2 and %q", tc.name, code, msg, tc.want)
		}
	}
}

// renderEdited writes the JSON document saved, as edit changes it, to a
// file and returns render's exit status and standard error for it, with
// the flags args (and -q).
func renderEdited(t *testing.T, saved []byte, edit func(doc map[string]any), args ...string) (int, string) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(saved, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	edited, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(p, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	code := run(append(append([]string{"render", "-q"}, args...), p), io.Discard, &stderr)
	return code, stderr.String()
}
