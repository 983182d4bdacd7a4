//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// The diff scenario: two generated snapshot trees (internal/testing/gen, pages
// shaped like the real catalogue's) at each size and churn level, diffed
// in md, json, text and html, against `cat OLD/*/specs.md NEW/*/specs.md` by
// shell glob (the floor) and the Go read-only floor (the reference). The
// 100% rows are a real week, the headline.
func init() {
	subcommands["gen-pair"] = genPair
	subcommands["check-truth"] = checkTruth
	register(&Scenario{
		Name:    "diff",
		Doc:     "cachediff OLD NEW, generated trees, per size, churn and format",
		Groups:  diffGroups,
		Summary: diffSummary,
	})
}

var (
	defaultSizes   = []int{15000, 60000, 240000}
	defaultFormats = []string{"md", "json", "text", "html"}
)

func diffGroups(e *Env) ([]Group, error) {
	sizes := e.Sizes
	if sizes == nil {
		sizes = defaultSizes
	}
	formats := e.Formats
	if formats == nil {
		formats = defaultFormats
	}
	var churns []gen.Churn
	if e.Churns == nil {
		churns = gen.Churns
	}
	for _, name := range e.Churns {
		c, ok := gen.LookupChurn(name)
		if !ok {
			return nil, fmt.Errorf("-churn: no level %q", name)
		}
		churns = append(churns, c)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var groups []Group
	for _, size := range sizes {
		for _, c := range churns {
			out, err := self("gen-pair", e.Root, strconv.Itoa(size), c.Name)
			if err != nil {
				return nil, err
			}
			dir := string(bytes.TrimSpace(out))
			doc, err := gen.ReadTruth(dir)
			if err != nil {
				return nil, err
			}
			before, after := filepath.Join(dir, "old"), filepath.Join(dir, "new")
			g := Group{
				Name:  fmt.Sprintf("%dk specs, %s churn", size/1000, c.Name),
				Input: doc.Bytes["old"] + doc.Bytes["new"],
				Floor: Cmd{Label: "glob cat", Shell: true, Argv: []string{"cat " + shellQuote(before) + "/*/specs.md " + shellQuote(after) + "/*/specs.md >/dev/null"}},
				Ref:   Cmd{Label: "Go read", Argv: []string{exe, "read-floor", before, after}},
				Check: func(bin string) error {
					_, err := self("check-truth", bin, before, after, filepath.Join(dir, gen.TruthFile))
					return err
				},
				Keys: map[string]string{"size": strconv.Itoa(size), "churn": c.Name, "specs": strconv.Itoa(doc.Specs.Old)},
			}
			for _, f := range formats {
				g.Cmds = append(g.Cmds, Cmd{Label: "cachediff --format " + f, Argv: []string{"{bin}", "--format", f, before, after}, Headline: c.Name == "100%"})
			}
			groups = append(groups, g)
		}
	}
	return groups, nil
}

func shellQuote(s string) string {
	out := "'"
	for _, r := range s {
		if r == '\'' {
			out += `'\''`
		} else {
			out += string(r)
		}
	}
	return out + "'"
}

// genPair (gen-pair ROOT SPECS CHURN) generates the pair when absent and
// prints its folder.
func genPair(args []string) error {
	size, c, err := pairArgs(args)
	if err != nil {
		return err
	}
	dir, _, err := gen.ChurnPair(args[0], size, c)
	if err != nil {
		return err
	}
	_, err = fmt.Println(dir)
	return err
}

// pairArgs reads the ROOT SPECS CHURN arguments of the subcommands that
// make a generated pair (gen-pair, gen-git): the size and churn level.
func pairArgs(args []string) (int, gen.Churn, error) {
	if len(args) != 3 {
		return 0, gen.Churn{}, fmt.Errorf("want ROOT SPECS CHURN")
	}
	size, err := strconv.Atoi(args[1])
	if err != nil {
		return 0, gen.Churn{}, err
	}
	c, ok := gen.LookupChurn(args[2])
	if !ok {
		return 0, gen.Churn{}, fmt.Errorf("no churn level %q", args[2])
	}
	return size, c, nil
}

// diffJSON runs a cachediff command line and returns its standard
// output; exit 1 ("the snapshots differ") is success here.
func diffJSON(argv ...string) ([]byte, error) {
	out, err := exec.Command(argv[0], argv[1:]...).Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	return out, err
}

// checkTruth (check-truth BIN OLD NEW TRUTH) runs cachediff --format json
// once and compares its summary with the pair's truth, so that a fast
// wrong answer is never timed.
func checkTruth(args []string) error {
	if len(args) != 4 {
		return fmt.Errorf("want BIN OLD NEW TRUTH")
	}
	bin, before, after := args[0], args[1], args[2]
	doc, err := gen.ReadTruth(filepath.Dir(args[3]))
	if err != nil {
		return err
	}
	out, err := diffJSON(bin, "--format", "json", before, after)
	if err != nil {
		return err
	}
	return matchTruth("cachediff", out, doc)
}

// matchTruth compares the summary of a JSON report (out, written by
// who) with the pair's truth: its package and spec counts.
func matchTruth(who string, out []byte, doc *gen.TruthDoc) error {
	var r struct {
		Summary struct {
			Packages gen.PackageCounts `json:"packages"`
			Specs    gen.Counts        `json:"specs"`
		} `json:"summary"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return err
	}
	if r.Summary.Specs != doc.Specs || r.Summary.Packages != doc.Packages {
		return fmt.Errorf("%s says %+v %+v, the truth is %+v %+v", who, r.Summary.Packages, r.Summary.Specs, doc.Packages, doc.Specs)
	}
	return nil
}

// diffSummary checks the budget: every row within 2.0x the glob cat
// (stretch 1.5x), RSS within 4x the input, and each 4x step in specs
// costing at most 4.4x (wall and CPU).
func diffSummary(e *Env, rows []Result) []string {
	var out []string
	worst, worstRSS := Result{}, Result{}
	for _, r := range rows {
		if r.Ratio() > worst.Ratio() || worst.Wall == 0 {
			worst = r
		}
		if float64(r.RSS)/float64(r.Input) > float64(worstRSS.RSS)/float64(max(worstRSS.Input, 1)) {
			worstRSS = r
		}
	}
	out = append(out, fmt.Sprintf("Budget: every row at most 2.0x the glob cat (stretch 1.5x): worst %.2fx (%s, %s, %s).", worst.Ratio(), worst.Group, worst.Label, worst.Bin))
	out = append(out, fmt.Sprintf("Budget: peak RSS at most 4x the input: worst %.2fx (%s, %s, %s).", float64(worstRSS.RSS)/float64(worstRSS.Input), worstRSS.Group, worstRSS.Label, worstRSS.Bin))
	// Linearity: the same churn, command and binary at consecutive sizes.
	type key struct{ churn, label, bin string }
	by := map[key][]Result{}
	var keys []key
	for _, r := range rows {
		k := key{r.Keys["churn"], r.Label, r.Bin}
		if by[k] == nil {
			keys = append(keys, k)
		}
		by[k] = append(by[k], r)
	}
	out = append(out, "", "Linearity (each step in specs, cost ratio: wall / CPU; budget 4.4x per 4x step):", "",
		"| churn | command | binary | steps (specs ratio: wall ratio / CPU ratio) |", "|---|---|---|---|")
	for _, k := range keys {
		l := by[k]
		slices.SortFunc(l, func(a, b Result) int { return atoi(a.Keys["specs"]) - atoi(b.Keys["specs"]) })
		if len(l) < 2 {
			continue
		}
		steps := ""
		for i := 1; i < len(l); i++ {
			if i > 1 {
				steps += "; "
			}
			a, b := l[i-1], l[i]
			steps += fmt.Sprintf("%s→%s (%.2fx): %.2fx / %.2fx", a.Keys["size"], b.Keys["size"],
				float64(atoi(b.Keys["specs"]))/float64(atoi(a.Keys["specs"])), b.Wall.Seconds()/a.Wall.Seconds(), b.CPU.Seconds()/a.CPU.Seconds())
		}
		out = append(out, fmt.Sprintf("| %s | %s | %s | %s |", k.churn, k.label, k.bin, steps))
	}
	return out
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
