//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// The render scenario: cachediff render of a saved JSON report, the
// report of the diff scenario's real week at 60k specs (100% churn, the
// headline pair), rendered to md and to json. The report is written
// afresh by the first -bin binary before the timing (beside the pair, as
// report.json), so that every binary renders the same bytes. The floor is
// cat of the report; json.Valid over the same bytes (the spack scenario's
// json-valid) is timed beside it in the ref column, and the summary
// divides by it: render decodes every byte and checks the report's laws
// before it writes anything.
func init() {
	subcommands["check-render"] = checkRender
	register(&Scenario{
		Name:    "render",
		Doc:     "cachediff render of a saved JSON report (the 60k real week's) to md and json, against cat of the report (the ratio) and Go's json.Valid of it (ref)",
		Groups:  renderGroups,
		Summary: renderSummary,
	})
}

func renderGroups(e *Env) ([]Group, error) {
	const specs = 60000
	c, _ := gen.LookupChurn("100%")
	out, err := self("gen-pair", e.Root, strconv.Itoa(specs), c.Name)
	if err != nil {
		return nil, err
	}
	dir := string(bytes.TrimSpace(out))
	if len(e.Bins) == 0 {
		return nil, fmt.Errorf("no binary to write the report")
	}
	report := filepath.Join(dir, "report.json")
	if err := writeReport(e.Bins[0].Path, filepath.Join(dir, "old"), filepath.Join(dir, "new"), report); err != nil {
		return nil, err
	}
	fi, err := os.Stat(report)
	if err != nil {
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	g := Group{
		Name:  fmt.Sprintf("%dk specs, %s churn, report of %s", specs/1000, c.Name, e.Bins[0].Label),
		Input: fi.Size(),
		Floor: Cmd{Label: "cat report", Argv: []string{"cat", report}},
		Ref:   Cmd{Label: "json.Valid report", Argv: []string{exe, "json-valid", report}},
		Check: func(bin string) error {
			_, err := self("check-render", bin, report, filepath.Join(dir, gen.TruthFile))
			return err
		},
	}
	for _, f := range []string{"md", "json"} {
		g.Cmds = append(g.Cmds, Cmd{Label: "cachediff render --format " + f, Argv: []string{"{bin}", "render", "--format", f, report}, Headline: f == "md"})
	}
	return []Group{g}, nil
}

// writeReport writes BIN --format json OLD NEW to OUT, streamed to the
// file (never through the driver's memory).
func writeReport(bin, before, after, out string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, "--format", "json", before, after)
	cmd.Stdout, cmd.Stderr = f, os.Stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing the report %s: %w", out, err)
	}
	return nil
}

// checkRender (check-render BIN REPORT TRUTH) renders the report to json
// once and compares its summary with the pair's truth, and to md once, so
// that a render that fails or answers wrong is never timed.
func checkRender(args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("want BIN REPORT TRUTH")
	}
	bin, report := args[0], args[1]
	doc, err := gen.ReadTruth(filepath.Dir(args[2]))
	if err != nil {
		return err
	}
	if _, err := diffJSON(bin, "render", "--format", "md", report); err != nil {
		return err
	}
	out, err := diffJSON(bin, "render", "--format", "json", report)
	if err != nil {
		return err
	}
	return matchTruth("cachediff render", out, doc)
}

// renderSummary checks the budget: each render within 10x json.Valid of
// the report (best wall over best ref), and peak RSS within 4x the report.
// The ratio of CPU times is printed beside: on a busy host it moves less.
func renderSummary(e *Env, rows []Result) []string {
	var out []string
	for _, r := range rows {
		if r.Ref > 0 {
			out = append(out, fmt.Sprintf("- %s, %s, %s: %.2fx json.Valid (best wall over best ref; budget 10x), CPU %.2fx json.Valid's, peak RSS %.2fx the report (budget 4x)",
				r.Group, r.Label, r.Bin, r.Wall.Seconds()/r.Ref.Seconds(), r.CPU.Seconds()/max(r.RefCPU.Seconds(), 1e-9), float64(r.RSS)/float64(r.Input)))
		}
	}
	return out
}
