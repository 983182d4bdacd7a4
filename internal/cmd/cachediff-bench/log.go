//go:build linux

package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// The log scenario (issue 9): cachediff log over N = 2, 6 and 12
// snapshots of 60k specs each, against `cat` of all N trees by shell glob.
// The series alternates the two trees of the real-week pair (100% churn:
// ~95% rebuilt), old, new, old, new, ...: every step is a real week's
// diff, forward then backward, and every snapshot is loaded from disk
// again (cachediff log loads each argument once, and so does cat). The
// point besides time: peak RSS stays flat in N, since the log holds two
// snapshots at a time (JSON streams its steps; Markdown keeps each step's
// rendered rows, which follow the meaningful changes; the page keeps
// each step's rows up to its bound).
func init() {
	register(&Scenario{
		Name:    "log",
		Doc:     "cachediff log over N snapshots of 60k specs (alternating the real-week pair) against cat of all N trees",
		Groups:  logGroups,
		Summary: logSummary,
	})
}

var logSizes = []int{2, 6, 12}

func logGroups(e *Env) ([]Group, error) {
	const specs = 60000
	c, _ := gen.LookupChurn("100%")
	out, err := self("gen-pair", e.Root, strconv.Itoa(specs), c.Name)
	if err != nil {
		return nil, err
	}
	dir := string(bytes.TrimSpace(out))
	doc, err := gen.ReadTruth(dir)
	if err != nil {
		return nil, err
	}
	trees := []string{filepath.Join(dir, "old"), filepath.Join(dir, "new")}
	bytesOf := []int64{doc.Bytes["old"], doc.Bytes["new"]}
	var groups []Group
	for _, n := range logSizes {
		var args, dirs []string
		var input int64
		for i := range n {
			args = append(args, trees[i%2])
			dirs = append(dirs, shellQuote(trees[i%2]))
			input += bytesOf[i%2]
		}
		g := Group{
			Name:  fmt.Sprintf("N=%d snapshots of %dk specs", n, specs/1000),
			Input: input,
			// One cat per tree: the N globs together pass the system's
			// limit on the length of arguments at N = 12.
			Floor: Cmd{Label: "glob cat of the N trees", Shell: true, Argv: []string{"for d in " + strings.Join(dirs, " ") + "; do cat \"$d\"/*/specs.md; done >/dev/null"}},
			Keys:  map[string]string{"n": strconv.Itoa(n), "tree": strconv.FormatInt(bytesOf[0], 10)},
		}
		for _, f := range []string{"md", "json", "html"} {
			g.Cmds = append(g.Cmds, Cmd{Label: "cachediff log --format " + f,
				Argv: append([]string{"{bin}", "log", "--format", f}, args...), Headline: f == "md"})
		}
		groups = append(groups, g)
	}
	return groups, nil
}

// logSummary checks the budget: within 2x the cat of all N trees, and
// peak RSS flat in N (at N=12 at most 1.25x what it is at N=2).
func logSummary(e *Env, rows []Result) []string {
	var out []string
	worst := Result{}
	for _, r := range rows {
		if r.Ratio() > worst.Ratio() || worst.Wall == 0 {
			worst = r
		}
	}
	out = append(out, fmt.Sprintf("Budget: cachediff log within 2x the glob cat of the N trees: worst %.2fx (%s, %s, %s).", worst.Ratio(), worst.Group, worst.Label, worst.Bin))
	type key struct{ label, bin string }
	by := map[key][]Result{}
	var keys []key
	for _, r := range rows {
		k := key{r.Label, r.Bin}
		if by[k] == nil {
			keys = append(keys, k)
		}
		by[k] = append(by[k], r)
	}
	out = append(out, "", "Peak RSS against N (flat: the log holds two snapshots at a time):", "",
		"| command | binary | peak RSS per N | N=max / N=min |", "|---|---|---|--:|")
	for _, k := range keys {
		l := by[k]
		slices.SortFunc(l, func(a, b Result) int { return atoi(a.Keys["n"]) - atoi(b.Keys["n"]) })
		var parts []string
		for _, r := range l {
			parts = append(parts, fmt.Sprintf("N=%s: %.0f MB", r.Keys["n"], float64(r.RSS)/1e6))
		}
		ratio := float64(l[len(l)-1].RSS) / float64(max(l[0].RSS, 1))
		out = append(out, fmt.Sprintf("| %s | %s | %s | %.2fx |", k.label, k.bin, strings.Join(parts, ", "), ratio))
	}
	return out
}
