package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"
	"time"

	"github.com/Masterminds/sprig/v3"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/markdown"
	"github.com/cachediff/cachediff/report/text"
	"github.com/cachediff/cachediff/templates"
)

// execLimited runs text, a template named t.tmpl, over a small report
// within lim, and returns its output and error, failing t if it takes
// longer than within.
func execLimited(t *testing.T, text string, lim Limits, within time.Duration) (string, error) {
	t.Helper()
	tmpl, err := ParseTemplate("t.tmpl", text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var out bytes.Buffer
	start := time.Now()
	err = Execute(&out, tmpl, reporttest.GenReport(1, 2), report.Options{}, lim)
	if d := time.Since(start); d > within {
		t.Errorf("%s: took %v, want at most %v", text, d, within)
	}
	return out.String(), err
}

// TestTemplateBombs: every way found to make a template take unbounded
// memory or output from a few bytes of template ends at once, with an
// error that names the template, the line and column, and the limit.
// Each of them ran out of memory or never ended before the limits.
func TestTemplateBombs(t *testing.T) {
	// The default limits, and smaller ones that are quicker to reach (a
	// string of 1 MiB, 100,000 items), where the template would make the
	// value before its check.
	def, small := Limits{}, Limits{String: 1 << 20, Items: 100_000}
	const s100k = `{{ $s := repeat 100000 "x" }}`
	for _, tc := range []struct {
		text, want string
		lim        Limits
	}{
		// The reviewer's: a string of 20 GB, lists of 10^8 and 10^9.
		{`{{ repeat 2000000000 "xxxxxxxxxx" }}`, `t.tmpl:1:3: executing "t.tmpl" at <repeat 2000000000 "xxxxxxxxxx">: error calling repeat: it would make a string of 20,000,000,000 bytes, and a template's strings are limited to 256 MiB`, def},
		{`{{ range seq 1 1000000000 }}{{end}}`, `t.tmpl:1:9: executing "t.tmpl" at <seq 1 1000000000>: error calling seq: it would make 1,000,000,000 items, and a template's lists and dicts are limited to 4,194,304`, def},
		{`{{ range until 100000000 }}x{{ end }}`, `t.tmpl:1:9: executing "t.tmpl" at <until 100000000>: error calling until: it would make 100,000,000 items`, def},
		{`{{ until -100000000 }}`, `error calling until: it would make 100,000,000 items`, def},
		{`{{ untilStep 0 100000000 1 }}`, `error calling untilStep: it would make 100,000,000 items`, def},
		{`{{ untilStep 100000000 0 -2 }}`, `error calling untilStep: it would make 50,000,000 items`, def},
		// sprig's loop wraps around past the largest int and never ends.
		{`{{ untilStep 0 9223372036854775807 4611686018427387904 }}`, `error calling untilStep: its count runs past the largest integer`, def},
		{`{{ seq 1000000000 }}`, `error calling seq: it would make 1,000,000,000 items`, def},
		{`{{ seq 0 -1 -1000000000 }}`, `error calling seq: it would make 1,000,000,001 items`, def},
		{`{{ seq 1000000000000000000 1000000000000090000 }}`, `error calling seq: it would make a string of 1,800,020 bytes`, small}, // under Items, over String
		{`{{ indent 2000000000 "a" }}`, `error calling indent: it would make a string of 2,000,000,001 bytes`, def},
		{`{{ indent 2000000 "a" }}`, `error calling indent: it would make a string of 2,000,001 bytes`, small},
		{`{{ nindent 100 (repeat 20000 "\n") }}`, `error calling nindent: it would make a string of 2,020,101 bytes`, small},
		{`{{ wrapWith 1 (repeat 100 "x") (repeat 20000 "a ") }}`, `error calling wrapWith: it would make a string of 4,040,000 bytes`, small},
		{`{{ replace "" (repeat 100 "x") (repeat 20000 "a") }}`, `error calling replace: it would make a string of 2,020,100 bytes`, small},
		{`{{ regexReplaceAll "" (repeat 20000 "a") (repeat 100 "x") }}`, `error calling regexReplaceAll: it would make a string of 2,020,100 bytes`, small},
		{`{{ regexReplaceAllLiteral "a" (repeat 20000 "a") (repeat 100 "x") }}`, `error calling regexReplaceAllLiteral: it would make a string of 2,020,000 bytes`, small},
		{`{{ mustRegexReplaceAll "(a+)" (repeat 100000 "a") (repeat 20 "$1") }}`, `error calling mustRegexReplaceAll: it would make a string of 2,100,040 bytes`, small},
		{`{{ join (repeat 100 "x") (until 20000) }}`, `error calling join: it would make a string of 1,999,900 bytes`, small},
		{s100k + `{{ $l := list }}{{ range until 20 }}{{ $l = append $l $s }}{{ end }}{{ join "" $l }}`, `error calling join: it would make a string of 2,000,000 bytes`, small},
		{`{{ splitList "" (repeat 500000 "x") }}`, `error calling splitList: it would make 500,000 items`, small},
		{`{{ split "," (repeat 500000 ",") }}`, `error calling split: it would make 500,001 items`, small},
		{`{{ splitn "," -1 (repeat 500000 ",") }}`, `error calling splitn: it would make 500,001 items`, small},
		{`{{ regexFindAll "x" (repeat 500000 "x") -1 }}`, `error calling regexFindAll: it would make more than 100,000 items`, small},
		{`{{ mustRegexSplit "x" (repeat 500000 "x") -1 }}`, `error calling mustRegexSplit: it would make more than 100,000 items`, small},
		// fmt pads a verb, each element of a list apart; an index that
		// brings an argument back multiplies, padded or not.
		{`{{ printf "%999999d" (until 100) }}`, `error calling printf: it would make a string of 99,999,924 bytes`, small},
		{`{{ printf (repeat 300 "%999999[1]d") 1 }}`, `error calling printf: it would make a string of 300,007,800 bytes`, def},
		{`{{ printf (repeat 3 "%999999[1]d") 1 }}`, `error calling printf: it would make a string of 3,000,078 bytes`, small},
		{`{{ printf (repeat 3 "%.999999[1]f") 1.5 }}`, `error calling printf: it would make a string of 3,000,081 bytes`, small},
		{`{{ printf (repeat 3 "%[1]*[2]d") 999999 1 }}`, `error calling printf: it would make a string of 3,000,072 bytes`, small},
		{s100k + `{{ printf (repeat 20 "%[1]s") $s }}`, `error calling printf: it would make a string of 2,000,420 bytes`, small},
		// Doubling, by any function.
		{`{{ $s := "x" }}{{ range until 40 }}{{ $s = cat $s $s }}{{ end }}`, `t.tmpl:1:43: executing "t.tmpl" at <cat $s $s>: error calling cat: it would make a string of 2,097,150 bytes, and a template's strings are limited to 1 MiB`, small},
		{`{{ $s := "x" }}{{ range until 40 }}{{ $s = print $s $s }}{{ end }}`, `error calling print: it would make a string of 2,097,152 bytes`, small},
		{`{{ $s := "x" }}{{ range until 40 }}{{ $s = printf "%s%s" $s $s }}{{ end }}`, `error calling printf: it would make a string of 1,048,6`, small},
		{`{{ $s := "x" }}{{ range until 200 }}{{ $s = b64enc $s }}{{ end }}`, `error calling b64enc: it made a string of 1,101,176 bytes`, small},
		{`{{ $s := "\\" }}{{ range until 40 }}{{ $s = js $s }}{{ end }}`, `error calling js: it made a string of 2,097,152 bytes, and a template's strings are limited to 1 MiB`, small},
		{`{{ $l := list 1 }}{{ range until 40 }}{{ $l = concat $l $l }}{{ end }}`, `error calling concat: it would make 131,072 items, and a template's lists and dicts are limited to 100,000`, small},
		{`{{ $d := dict }}{{ range $i := until 10000 }}{{ $_ := set $d (toString $i) 1 }}{{ end }}{{ keys $d $d $d $d $d $d $d $d $d $d $d }}`, `error calling keys: it would make 110,000 items`, small},
		// A dict that holds itself prints forever (a stack overflow).
		{`{{ $d := dict }}{{ $_ := set $d "me" $d }}`, `error calling set: the dict would hold itself`, def},
		{`{{ $d := dict }}{{ $_ := set $d "l" (list 1 (list $d)) }}`, `error calling set: the dict would hold itself`, def},
		{`{{ $m := dict }}{{ $d := dict "a" $m }}{{ $_ := merge $d (dict "a" (dict "b" $m)) }}`, `error calling merge: the dict would hold itself`, def},
		{`{{ $m := dict }}{{ $d := dict "a" $m }}{{ $_ := mustMergeOverwrite $d (dict "a" (dict "b" $m)) }}`, `error calling mustMergeOverwrite: the dict would hold itself`, def},
		// pkgdetails renders a block of the template's own into a string.
		{`{{ define "pkgdetails" }}{{ range until 100 }}{{ repeat 100000 "x" }}{{ end }}{{ end }}{{ pkgdetails $ 0 }}`, `error calling pkgdetails: it would make a string of 1,100,000 bytes`, small},
	} {
		if _, called, ok := strings.Cut(tc.want, "error calling "); ok && testing.Short() {
			// A quick inner loop leaves out the four slowest, of 25 to
			// 45 ms each (megabytes of escaping, 100,000 matches of a
			// regular expression, a dict of 10,000 keys): the functions
			// beside them take the same paths of the guard (cat, print
			// and b64enc double a string; split, splitn and splitList
			// make 500,000 items). make test runs every case.
			if fn, _, _ := strings.Cut(called, ":"); slowBombs[fn] {
				continue
			}
		}
		_, err := execLimited(t, tc.text, tc.lim, 5*time.Second)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.text, err, tc.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "template: t.tmpl:1:") {
			t.Errorf("%s: %v does not say where", tc.text, err)
		}
	}
}

// slowBombs are the functions of TestTemplateBombs's slowest cases.
var slowBombs = map[string]bool{"js": true, "keys": true, "regexFindAll": true, "mustRegexSplit": true}

// TestTemplateTimeout: a template that loops without end, without output
// or function calls (a range over a number, templates that call each
// other), stops at the time limit, naming the node it was at; and so
// does one busy in a call that cannot be stopped, once run gives up on it.
func TestTemplateTimeout(t *testing.T) {
	lim := Limits{Time: 100 * time.Millisecond}
	if testing.Short() {
		lim.Time = 20 * time.Millisecond // a quick inner loop: the same paths, sooner
	}
	for _, tc := range []struct{ text, where string }{
		{`{{ range 100000000000 }}{{ end }}`, "t.tmpl:1:9"},
		{"ab\n  {{ range 100000000000 }}x{{ end }}", "t.tmpl:2:26"},
		{"{{ range 100000 }}\n{{ range 100000 }}{{ if . }}{{ else }}{{ end }}{{ end }}{{ end }}", "t.tmpl:2:"},
		{"{{ define \"r\" }}{{ if lt . 40 }}{{ template \"r\" (add1 .) }}{{ template \"r\" (add1 .) }}{{ end }}{{ end }}\n{{- template \"r\" 0 }}", "t.tmpl:1:"},
		{`{{ range $i := 100000000000 }}{{ continue }}{{ end }}`, "t.tmpl:1:"},
		// A loop in a block that pkgdetails writes into a string.
		{`{{ define "pkgdetails" }}{{ range 100000000000 }}{{ end }}{{ end }}{{ pkgdetails $ 0 }}`, "t.tmpl:1:"},
	} {
		if testing.Short() && (strings.Contains(tc.text, "continue") || strings.Contains(tc.text, "pkgdetails")) {
			// A quick inner loop: each case runs until the limit; the
			// loop with continue is the first one's, and
			// TestTemplateTimeoutInBlock stops the loop in pkgdetails.
			// make test runs all six.
			continue
		}
		_, err := execLimited(t, tc.text, lim, 2*time.Second)
		var le *LimitError
		if !errors.As(err, &le) || le.Limit != LimitTime || !strings.HasPrefix(le.Where, tc.where) {
			t.Errorf("%s: %v, want a time limit at %s", tc.text, err, tc.where)
			continue
		}
		if want := "template: " + le.Where + ": stopped: ran for longer than " + lim.Time.String() + ", the time limit of a template"; err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", tc.text, err, want)
		}
	}
}

// TestTemplateAbandoned: run returns at the time limit even when the
// template is busy in a call that never comes back (sprig's uniq is
// quadratic), and closes the output to it.
func TestTemplateAbandoned(t *testing.T) {
	lim := Limits{Time: 50 * time.Millisecond}
	if testing.Short() {
		lim.Time = 10 * time.Millisecond // a quick inner loop: the same path, sooner (make test waits 50 ms)
	}
	g := newGuard(lim, "t.tmpl")
	var out bytes.Buffer
	g.out = &limitWriter{g: g, w: &out}
	release, late := make(chan struct{}), make(chan error, 1)
	start := time.Now()
	err := g.run(func() error {
		<-release // the call that does not come back
		_, err := g.out.Write([]byte("late"))
		late <- err
		return nil
	})
	if d := time.Since(start); d > time.Second {
		t.Errorf("run returned after %v", d)
	}
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitTime || le.Where != "t.tmpl" {
		t.Errorf("run: %v, want the time limit", err)
	}
	close(release) // no goroutine left behind
	if err := <-late; err == nil || out.Len() > 0 {
		t.Errorf("an abandoned template wrote %q (%v)", out.String(), err)
	}
}

// TestTemplateOutputLimit: the output stops at Limits.Output, at the node
// that would pass it.
func TestTemplateOutputLimit(t *testing.T) {
	out, err := execLimited(t, "{{ range until 1000 }}\n{{ repeat 1000 \"x\" }}{{ end }}", Limits{Output: 100_000}, 2*time.Second)
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitOutput || le.Where != "t.tmpl:2:3" {
		t.Fatalf("%v, want the output limit at t.tmpl:2:3", err)
	}
	if want := "template: t.tmpl:2:3: stopped: would write more than 100,000 bytes, the output limit of a template"; err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if len(out) > 100_000 {
		t.Errorf("wrote %d bytes", len(out))
	}
}

// TestTemplateMemoryLimit: a list that holds a list twice, 21 deep, is
// a few megabytes that print as 2^21 strings (25 MB); printing it is
// stopped at Limits.Memory. fmt cannot be stopped: the test waits for the
// abandoned template to end, so that it is not counted in other tests'
// memory.
func TestTemplateMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("a collection and a growing heap: make test runs it")
	}
	tmpl, err := ParseTemplate("t.tmpl", `{{ $l := list "xxxxxxxx" }}{{ range until 21 }}{{ $l = list $l $l }}{{ end }}{{ $l }}`)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC() // what other tests left is counted as the report's
	g, err := execute(io.Discard, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{Memory: 4 << 20})
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitMemory || le.Where != "t.tmpl:1:80" {
		t.Errorf("%v, want the memory limit at t.tmpl:1:80", err)
	} else if want := "template: t.tmpl:1:80: stopped: held more than 4 MiB of memory, the memory limit of a template"; err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	select {
	case <-g.ended:
	case <-time.After(time.Minute):
		t.Fatal("the template did not end")
	}
}

// TestTemplateLargeUse: what a template over a 240k-spec catalogue may
// do stays well within the default limits. The largest uses (seq's 4
// million numbers, 300,000 sets of a dict: 8-9 s of CI's run whole) run
// at an eighth of their size within an eighth of the limits that bound
// them (a string, a list, memory), as near each limit as the whole use
// is to the default (untilStep's list at the items limit exactly), and
// the functions' checks are asked the whole sizes at the defaults.
func TestTemplateLargeUse(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		long       bool // 40 ms or more: not under -short, make test runs it
	}{
		{`{{ len (seq 1 300000) }}`, "1988894", false}, // 60 ms, but cachediff's templatelimits.txtar leaves it to this test under -short
		{`{{ len (join "," (until 300000)) }}`, "1988889", true},
		{`{{ $s := repeat 1000000 "x" }}{{ len (printf "%s %[1]s %-20s|%5d|%.3f" $s "a" 3 1.5) }}`, "2000034", false},
		{`{{ printf "%*d|%-*s|%.*f" 5 3 4 "ab" 2 1.5 }}`, "    3|ab  |1.50", false},
		{`{{ len (splitList "," (repeat 300000 "a,")) }}`, "300001", false},
		{`{{ len (indent 4 (repeat 300000 "line\n")) }}`, "2700004", false},
		{`{{ len (regexReplaceAll "(a)" (repeat 300000 "ab") "[$1]") }}`, "1200000", true},
	} {
		if tc.long && testing.Short() {
			continue
		}
		got, err := execLimited(t, tc.text, Limits{}, time.Minute)
		if err != nil || got != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
	if testing.Short() {
		return
	}
	const scale = 8
	def := DefaultLimits()
	small := Limits{String: def.String / scale, Items: def.Items / scale, Memory: def.Memory / scale}
	seq := sprig.HermeticTxtFuncMap()["seq"].(func(...int) string)
	for _, tc := range []struct {
		text, want string
	}{
		{`{{ len (seq 1 500000) }}`, strconv.Itoa(len(seq(1, 500000)))},                                      // seq 1 4000000
		{`{{ $n := 0 }}{{ range seq 1 37500 | splitList " " }}{{ $n = add1 $n }}{{ end }}{{ $n }}`, "37500"}, // of 300000
		{`{{ len (until 125000) }} {{ len (untilStep 0 524288 1) }}`, "125000 524288"},                       // until 1000000, untilStep 0 4194304 1
		{`{{ len (repeat 625000 "xxxxxxxxxx") }}`, "6250000"},                                                // repeat 5000000
		{`{{ $d := dict }}{{ range $i := until 37500 }}{{ $_ := set $d (toString $i) $i }}{{ end }}{{ len (keys $d) }}`, "37500"},
	} {
		got, err := execLimited(t, tc.text, small, time.Minute)
		if err != nil || got != tc.want {
			t.Errorf("%s within an eighth of the limits: %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
	g := newGuard(Limits{}, "t")
	for what, err := range map[string]error{
		"seq 1 4000000":            g.checkSeq([]int{1, 4000000}),
		"seq 1 4000000's string":   g.checkString("made", 30888895),
		"until 1000000":            g.checkBig(steps(0, 1000000, 1), g.checkItems),
		"untilStep 0 4194304 1":    g.checkSteps(0, 4194304, 1),
		"repeat 5000000 of 10":     g.checkString("would make", mulAdd(5000000, 10, 0)),
		"a dict of 300,000":        g.checkItems("made", 300000),
		"seq 1 300000 | splitList": g.checkItems("made", 300000),
	} {
		if err != nil {
			t.Errorf("%s at the default limits: %v", what, err)
		}
	}
	if g.checkSteps(0, 4194305, 1) == nil {
		t.Error("untilStep 0 4194305 1 passed the default limits: the whole use is not at the limit")
	}
}

// TestTemplateChecksAsSprig: the checked functions give what sprig's give,
// and their counts are exact: a limit of items one below what sprig makes
// fails, one at it passes.
func TestTemplateChecksAsSprig(t *testing.T) {
	fm := sprig.HermeticTxtFuncMap()
	until, untilStep, seq := fm["until"].(func(int) []int), fm["untilStep"].(func(int, int, int) []int), fm["seq"].(func(...int) string)
	for start := -5; start <= 5; start++ {
		for stop := -5; stop <= 5; stop++ {
			for step := -3; step <= 3; step++ {
				n := len(untilStep(start, stop, step))
				if got := steps(start, stop, step).Int64(); got != int64(n) {
					t.Errorf("steps(%d, %d, %d) = %d, sprig makes %d", start, stop, step, got, n)
				}
				for _, p := range [][]int{{start}, {start, stop}, {start, step, stop}} {
					want := len(strings.Fields(seq(p...)))
					if err := newGuard(Limits{Items: max(want, 1)}, "t").checkSeq(p); err != nil {
						t.Errorf("seq %v makes %d, refused with a limit of %d: %v", p, want, want, err)
					}
					if want > 1 {
						if err := newGuard(Limits{Items: want - 1}, "t").checkSeq(p); err == nil {
							t.Errorf("seq %v makes %d, passed with a limit of %d", p, want, want-1)
						}
					}
				}
			}
		}
		if got, want := steps(0, start, map[bool]int{true: -1, false: 1}[start < 0]).Int64(), len(until(start)); got != int64(want) {
			t.Errorf("until %d: %d, sprig makes %d", start, got, want)
		}
	}
	// The checked functions return sprig's values.
	for _, text := range []string{
		`{{ until 5 }} {{ until -3 }} {{ untilStep 1 10 3 }} {{ seq 5 }} {{ seq 3 -1 }} {{ seq 1 2 9 }} {{ seq 5 -2 1 }}`,
		`{{ repeat 3 "ab" }} {{ indent 2 "a\nb" }} {{ nindent 1 "a" }} {{ wrapWith 3 "|" "aa bb cc dddd" }} {{ replace "a" "bb" "banana" }}`,
		`{{ regexReplaceAll "(a)" "banana" "<$1>" }} {{ regexReplaceAllLiteral "a" "banana" "$1" }} {{ join "-" (list "a" 1 "b") }}`,
		`{{ splitList "," "a,b" }} {{ split "," "a,b" }} {{ splitn "," 2 "a,b,c" }} {{ regexFindAll "a." "banana" -1 }} {{ regexSplit "n" "banana" 2 }}`,
		`{{ concat (list 1 2) (list 3) }} {{ keys (dict "b" 1 "a" 2) }} {{ cat "a" 1 nil "b" }} {{ quote "a" 1 }} {{ squote "a" }} {{ print "a" 1 }}{{ println "b" }}`,
		`{{ html "<a>" }} {{ js "'" }} {{ urlquery "a b" }} {{ printf "%5.1f|%-3s|%[1]v" 2.25 "x" }} {{ printf "%d %!" 1 2 }}`,
		`{{ $d := dict "a" 1 }}{{ set $d "b" 2 | toJson }} {{ merge (dict "a" 1) (dict "b" 2) | toJson }} {{ mergeOverwrite (dict "a" 1) (dict "a" 2) | toJson }}`,
	} {
		tmpl, err := ParseTemplate("t", text)
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		if err := Execute(&got, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{}); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		doc := report.NewDocument(reporttest.GenReport(1, 2), report.Options{})
		if err := tmpl.Execute(&want, newData(&doc)); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s:\n got %q\nwant %q", text, got.String(), want.String())
		}
	}
}

// TestTemplateFuncsChecked: every function that returns a string, a list,
// a dict or any value returns an error too once bounded, so that its
// result is checked; the builtins that write strings are replaced.
func TestTemplateFuncsChecked(t *testing.T) {
	g := newGuard(Limits{}, "t")
	bound := g.boundFuncs(funcs(nil))
	for name, fn := range funcs(nil) {
		switch ft := fmt.Sprintf("%T", fn); {
		case strings.Contains(ft, ") string") || strings.Contains(ft, ") []") || strings.Contains(ft, ") map") ||
			strings.Contains(ft, ") interface {}") || strings.Contains(ft, ") ([]") || strings.Contains(ft, ") (string"):
			if got := fmt.Sprintf("%T", bound[name]); !strings.HasSuffix(got, ", error)") {
				t.Errorf("%s %s is not checked: %s", name, ft, got)
			}
		}
	}
	for _, name := range []string{"printf", "print", "println", "html", "js", "urlquery"} {
		if _, ok := bound[name]; !ok {
			t.Errorf("the builtin %s is not replaced", name)
		}
	}
}

// TestPrintfSize: printfSize reads a format as fmt does, so that what it
// leaves out is what a verb makes of its own argument.
func TestPrintfSize(t *testing.T) {
	args := []any{"abc", 7, 2.5, "hello", 12, -3}
	pieces := []string{"%5d", "%[1]s", "%*d", "%.*f", "%-10s", "%%", "%[2]*d", "%!", "ab", "%[9]d", "%[x]d", "%[2]*.[5]*[3]f", "%v", "%[6]*d", "%.d", "%", "%[3]", "%#+ 08.3x"}
	for i := range 20000 {
		var b strings.Builder
		for k := i; ; k /= len(pieces) {
			b.WriteString(pieces[k%len(pieces)])
			if k < len(pieces) {
				break
			}
		}
		f := b.String()
		got := len(fmt.Sprintf(f, args...))
		bound := printfSize(f, args) + 128 // the verbs' own output: small here, but %!(EXTRA ...)
		if got > bound {
			t.Fatalf("printf %q: %d bytes, printfSize %d", f, got, bound-128)
		}
	}
	if n := printfSize("%999999d%999999d", []any{1, 2}); n < 1999998 {
		t.Errorf("two widths of 999999: %d", n)
	}
	if n := printfSize("%999999d%999999d", []any{1}); n > 1000100 {
		t.Errorf("a width of a missing argument pads nothing: %d", n)
	}
	if n := printfSize("%[1]s%[1]s%[1]s", []any{strings.Repeat("x", 1000)}); n < 3000 {
		t.Errorf("an argument three times: %d", n)
	}
	if n := printfSize("%*d", []any{math.MaxInt, 1}); n > 100 {
		t.Errorf("a width fmt refuses counts: %d", n)
	}
}

// TestTemplateGuardLeavesTemplate: Execute instruments a copy: the
// parsed template is as it was, and a second run gives the same bytes.
// The limits change no byte of what the built-in templates and
// examples/notes.tmpl write as user templates.
func TestTemplateGuardLeavesTemplate(t *testing.T) {
	tmpl, err := ParseTemplate("t", `{{ define "x" }}[{{ . }}]{{ end }}{{ range .Packages }}{{ template "x" .Name }}{{ else }}none{{ end }}`)
	if err != nil {
		t.Fatal(err)
	}
	// A tick is an empty text node, which String does not show: count the
	// nodes too (of every template of the set).
	nodes := func() int {
		n := 0
		var walk func(parse.Node)
		walk = func(x parse.Node) {
			n++
			switch x := x.(type) {
			case *parse.ListNode:
				if x != nil {
					for _, c := range x.Nodes {
						walk(c)
					}
				}
			case *parse.RangeNode:
				walk(x.List)
				walk(x.ElseList)
			case *parse.IfNode:
				walk(x.List)
				walk(x.ElseList)
			case *parse.WithNode:
				walk(x.List)
				walk(x.ElseList)
			}
		}
		for _, tt := range tmpl.Templates() {
			walk(tt.Tree.Root)
		}
		return n
	}
	before, beforeNodes := tmpl.Tree.Root.String(), nodes()
	var first, second bytes.Buffer
	r := reporttest.GenReport(3, 20)
	for _, b := range []*bytes.Buffer{&first, &second} {
		if err := Execute(b, tmpl, r, report.Options{}, Limits{}); err != nil {
			t.Fatal(err)
		}
	}
	if tmpl.Tree.Root.String() != before || nodes() != beforeNodes || first.String() != second.String() || first.Len() == 0 {
		t.Errorf("the template changed: %q, then %q", first.String(), second.String())
	}
	// The built-in templates and the example, as user templates, write
	// what they write without the limits: the built-in reports, and the
	// example's unbounded run.
	pkgs := 300
	if testing.Short() {
		pkgs = 60 // a quick inner loop: 60 packages, not 300 (make test)
	}
	for _, r := range []*diff.Report{r, reporttest.Hostile(), reporttest.GenReport(5, pkgs)} {
		for _, tc := range []struct {
			name, text string
			want       func(io.Writer, *template.Template) error
		}{
			{"md.tmpl", mustReadTemplate(t, "md.tmpl"), func(w io.Writer, _ *template.Template) error { return markdown.Markdown(w, r, report.Options{}) }},
			{"text.tmpl", mustReadTemplate(t, "text.tmpl"), func(w io.Writer, _ *template.Template) error {
				return text.Format.Render(w, r, report.Options{})
			}},
			{"notes.tmpl", mustReadFile(t, "../../examples/notes.tmpl"), func(w io.Writer, tm *template.Template) error {
				c, err := tm.Clone()
				if err != nil {
					return err
				}
				doc := report.NewDocument(r, report.Options{})
				return c.Funcs(template.FuncMap{"short": report.Funcs(r)["short"]}).Execute(w, newData(&doc))
			}},
		} {
			tm, err := ParseTemplate(tc.name, tc.text)
			if err != nil {
				t.Fatal(err)
			}
			var got, want bytes.Buffer
			if err := Execute(&got, tm, r, report.Options{}, Limits{}); err != nil {
				t.Fatal(err)
			}
			if err := tc.want(&want, tm); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() || got.Len() == 0 {
				t.Errorf("%s as a user template differs:\n%s\nwant\n%s", tc.name, got.String(), want.String())
			}
		}
	}
}

func mustReadFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustReadTemplate(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(templates.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTemplateTimeoutInBlock: a loop in a block that pkgdetails renders
// into a string stops at the time limit as any loop does: the template's
// goroutine ends, rather than spin on after Execute gave up on it.
func TestTemplateTimeoutInBlock(t *testing.T) {
	tmpl, err := ParseTemplate("t.tmpl", `{{ define "pkgdetails" }}{{ range 100000000000 }}{{ end }}{{ end }}{{ pkgdetails $ 0 }}`)
	if err != nil {
		t.Fatal(err)
	}
	g, err := execute(io.Discard, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{Time: 20 * time.Millisecond})
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitTime {
		t.Errorf("%v, want the time limit", err)
	}
	select {
	case <-g.ended:
	case <-time.After(2 * time.Second):
		t.Fatal("the template's goroutine still runs 2 s after the time limit")
	}
}

// TestMemoryOverRule (v35's lead, class b/c): what memory.over measures,
// on readings made up, so that no collector's timing decides it. The
// live heap past the budget is over, garbage within the collector's
// reach is not (a template that churns is not stopped), and with the
// pace off (GOGC=off) and no memory limit, where no collection comes and
// the live heap is never read again, what the heap holds past the budget
// is over: a template under it was never stopped.
func TestMemoryOverRule(t *testing.T) {
	const mib = 1 << 20
	none := uint64(math.MaxInt64)
	base := memory{objects: 100 * mib, live: 80 * mib, stacks: mib, gogc: 100, limit: none}
	limit := int64(64 * mib) // budget: 164 MiB
	for _, c := range []struct {
		what string
		m    memory
		want bool
	}{
		{"kept past the budget", memory{objects: 300 * mib, live: 170 * mib, gogc: 100, limit: none}, true},
		{"kept within it", memory{objects: 300 * mib, live: 160 * mib, gogc: 100, limit: none}, false},
		{"churned within GOGC's reach", memory{objects: 380 * mib, live: 90 * mib, gogc: 100, limit: none}, false},
		{"past GOGC's reach, uncollected", memory{objects: 400 * mib, live: 90 * mib, gogc: 100, limit: none}, true},
		{"GOGC=400's reach", memory{objects: 850 * mib, live: 90 * mib, gogc: 400, limit: none}, false},
		{"GOGC=off, no limit: held past the budget", memory{objects: 240 * mib, live: 80 * mib, gogc: -1, limit: none}, true},
		{"GOGC=off, no limit: within", memory{objects: 220 * mib, live: 80 * mib, gogc: -1, limit: none}, false},
		{"GOGC=off under a limit: churned up to it", memory{objects: 1000 * mib, live: 90 * mib, gogc: -1, limit: 1 << 30}, false},
		{"GOGC=off under a limit: past it", memory{objects: 1200 * mib, live: 90 * mib, gogc: -1, limit: 1 << 30}, true},
		{"GOGC=off, kept past the budget", memory{objects: 200 * mib, live: 170 * mib, gogc: -1, limit: 1 << 30}, true},
		{"stacks", memory{objects: 100 * mib, live: 80 * mib, stacks: mib + maxStack + 1, gogc: 100, limit: none}, true},
	} {
		if got := c.m.over(base, limit); got != c.want {
			t.Errorf("%s: over %v, want %v", c.what, got, c.want)
		}
	}
	// readMemory reads the limit: none unless one is set.
	if m := readMemory(); m.limit == 0 {
		t.Errorf("readMemory: no memory limit read (%+v)", m)
	}
}
