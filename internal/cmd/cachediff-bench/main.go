//go:build linux

// Command cachediff-bench times cachediff end to end against the floor of
// reading its input, and prints a Markdown table: wall time (best and
// median), the ratio to the floor, CPU time and peak RSS of every row.
// make bench runs it; docs/performance.md says how to read it.
//
// The work is split into scenarios, one file each, registered from an init
// function (see register and Scenario): "diff" (diff.go) is two generated
// snapshot trees at 15k, 60k and 240k specs and five levels of churn, in
// md, json, text and html. Every group of rows runs in rounds, interleaved: the
// floor, a reference floor, then each command of the group (for each
// binary of -bin), so that a busy machine slows them alike. The first
// round warms the page cache and is dropped. With -settle, each timed
// command waits that long first, so that none reuses memory the one
// before it just freed (docs/performance.md, "How it is measured").
//
// It builds on Linux only: it reads the children's peak RSS from rusage
// in kilobytes, as Linux gives it.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Scenario is a kind of work to time. To add one, write a file of its own
// (git.go is a short example) whose init function calls register with the
// scenario: a Name for -scenarios, a Doc line for the table, and Groups,
// which generates the data it needs under e.Root/testdata/bench when
// absent (in a child, through a subcommand it adds to subcommands, so
// that the driver's memory stays out of the timed RSS) and returns the
// groups of rows: each a floor to divide by (cat of the input files) and
// the commands to time, with "{bin}" for each -bin binary. A Check on the
// group keeps a fast wrong answer from being timed.
type Scenario struct {
	Name string
	Doc  string
	// Groups prepares the data (generating it when absent) and returns
	// the groups of rows to time.
	Groups func(e *Env) ([]Group, error)
	// Summary, when set, writes lines after the scenario's table (the
	// diff scenario checks linearity with it).
	Summary func(e *Env, rows []Result) []string
}

// Group is commands timed in the same rounds, against the same floor.
type Group struct {
	Name string
	// Input is the bytes the commands read: the RSS ratio's denominator.
	Input int64
	// Floor is what the ratio divides by (for cachediff: cat of the page
	// files by shell glob); Ref, when set, is timed beside it and shown
	// for reference (a Go program that only reads the files).
	Floor, Ref Cmd
	// Cmds are timed against Floor. An argv starting with "{bin}" runs
	// once per binary of -bin.
	Cmds []Cmd
	// Check, when set, runs before the timing with each binary: a fast
	// wrong answer is never timed.
	Check func(bin string) error
	// Keys label the group for a scenario's Summary (size, churn, ...).
	Keys map[string]string
}

// Cmd is one command to time. Its standard output goes to /dev/null.
type Cmd struct {
	Label string
	Argv  []string
	// Shell runs Argv[0] with sh -c (for globs).
	Shell bool
	// Headline marks the rows the budget is judged on.
	Headline bool
}

// Result is one timed row.
type Result struct {
	Scenario, Group, Label, Bin string
	Keys                        map[string]string
	Input                       int64
	Floor, FloorMed             time.Duration
	Ref, RefMed                 time.Duration
	RefCPU                      time.Duration // the ref's user + system, best
	Wall, WallMed               time.Duration
	CPU                         time.Duration // user + system, best
	RSS                         int64         // peak, bytes, largest over runs
	Headline                    bool
}

// Ratio is the best wall time over the best floor.
func (r Result) Ratio() float64 { return r.Wall.Seconds() / r.Floor.Seconds() }

// Env is what scenarios get.
type Env struct {
	Root string   // the repository root (testdata/bench is under it)
	Bins []Binary // the cachediff binaries timed
	// Sizes, Churns and Formats narrow the diff scenario (nil: all).
	Sizes   []int
	Churns  []string
	Formats []string
	// Settle is the idle before each timed command (-settle).
	Settle time.Duration
}

// Binary is a cachediff binary to time, with a label for the table.
type Binary struct{ Label, Path string }

var scenarios []*Scenario

// subcommands are work the driver runs in a child of its own (itself,
// with the subcommand as first argument), never in its own process: on
// Linux a child's peak RSS starts from the driver's, since Go starts
// children with vfork and the kernel keeps the larger high-water mark at
// exec. Generating a pair or decoding a large JSON report in the driver
// made every later row read hundreds of MB. Scenarios add theirs in init.
var subcommands = map[string]func(args []string) error{"read-floor": readFloor}

// self runs a subcommand of this driver and returns its standard output.
func self(args ...string) ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", strings.Join(args, " "), err)
	}
	return out, nil
}

// register adds a scenario; call it from an init function.
func register(s *Scenario) { scenarios = append(scenarios, s) }

func main() {
	if len(os.Args) > 1 {
		if sub, ok := subcommands[os.Args[1]]; ok {
			if err := sub(os.Args[2:]); err != nil {
				fmt.Fprintf(os.Stderr, "cachediff-bench %s: %v\n", os.Args[1], err)
				os.Exit(2)
			}
			return
		}
	}
	bin := flag.String("bin", "bin/cachediff", "the cachediff binary; or label=path,label=path,... to compare several (runs interleaved)")
	root := flag.String("root", ".", "the repository root (testdata/bench is under it)")
	names := flag.String("scenarios", "", "comma-separated scenarios to run (default all: "+scenarioNames()+")")
	sizes := flag.String("sizes", "", "diff scenario: specs per tree (default 15000,60000,240000)")
	churns := flag.String("churn", "", "diff scenario: churn levels (default 0%,4%,13%,40%,100%)")
	formats := flag.String("formats", "", "diff scenario: formats (default md,json,text,html)")
	runs := flag.Int("runs", 5, "timed rounds of each group (best and median are reported)")
	settle := flag.Duration("settle", 0, "idle this long before each timed command, so that none starts with memory another one just freed (on a VM that gives free memory back to its host, 2.5s; see docs/performance.md)")
	flag.Parse()
	e := &Env{Root: *root, Bins: parseBins(*bin), Settle: *settle}
	for _, f := range splitList(*sizes) {
		var n int
		if _, err := fmt.Sscan(f, &n); err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "cachediff-bench: -sizes: bad size %q\n", f)
			os.Exit(2)
		}
		e.Sizes = append(e.Sizes, n)
	}
	e.Churns, e.Formats = splitList(*churns), splitList(*formats)
	if err := run(e, splitList(*names), *runs); err != nil {
		fmt.Fprintln(os.Stderr, "cachediff-bench:", err)
		os.Exit(2)
	}
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func scenarioNames() string {
	var n []string
	for _, s := range scenarios {
		n = append(n, s.Name)
	}
	return strings.Join(n, ", ")
}

func parseBins(spec string) []Binary {
	var bins []Binary
	for _, f := range splitList(spec) {
		label, path, ok := strings.Cut(f, "=")
		if !ok {
			label, path = f, f
		}
		bins = append(bins, Binary{label, path})
	}
	return bins
}

func run(e *Env, names []string, runs int) error {
	for _, n := range names {
		if !slices.ContainsFunc(scenarios, func(s *Scenario) bool { return s.Name == n }) {
			return fmt.Errorf("no scenario %q (there are: %s)", n, scenarioNames())
		}
	}
	var failed []string
	settle := ""
	if e.Settle > 0 {
		settle = fmt.Sprintf("; %v idle before each timed command", e.Settle)
	}
	fmt.Printf("cachediff-bench: %s; %d timed rounds per group after a warm-up (best, and median in parentheses%s); output to %s\n", machine(), runs, settle, sink())
	for _, s := range scenarios {
		if len(names) > 0 && !slices.Contains(names, s.Name) {
			continue
		}
		groups, err := s.Groups(e)
		if err != nil {
			// One scenario's trouble does not lose the others' rows.
			fmt.Printf("\n### %s: %s\n\nnot run: %v\n", s.Name, s.Doc, err)
			failed = append(failed, fmt.Sprintf("%s: %v", s.Name, err))
			continue
		}
		fmt.Printf("\n### %s: %s\n\n", s.Name, s.Doc)
		fmt.Println("| group | command | binary | input MB | floor s | ref s | wall s | ratio | CPU s | peak RSS MB | RSS / input |")
		fmt.Println("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
		var all []Result
		for _, g := range groups {
			rows, err := timeGroup(e, s, g, runs)
			if err != nil {
				fmt.Printf("| %s | not timed: %s |  |  |  |  |  |  |  |  |  |\n", g.Name, strings.ReplaceAll(err.Error(), "|", "\\|"))
				failed = append(failed, fmt.Sprintf("%s %s: %v", s.Name, g.Name, err))
				continue
			}
			for _, r := range rows {
				printRow(r)
			}
			all = append(all, rows...)
			fmt.Fprintf(os.Stderr, "%s %s done\n", s.Name, g.Name)
		}
		if s.Summary != nil {
			fmt.Println()
			for _, l := range s.Summary(e, all) {
				fmt.Println(l)
			}
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d groups not timed:\n  %s", len(failed), strings.Join(failed, "\n  "))
	}
	return nil
}

func printRow(r Result) {
	ratio := fmt.Sprintf("%.2fx", r.Ratio())
	if r.Headline {
		ratio = "**" + ratio + "**"
	}
	ref := "–"
	if r.Ref > 0 {
		ref = fmt.Sprintf("%.3f (%.3f)", r.Ref.Seconds(), r.RefMed.Seconds())
	}
	fmt.Printf("| %s | %s | %s | %.1f | %.3f (%.3f) | %s | %.3f (%.3f) | %s | %.3f | %.0f | %.2fx |\n",
		r.Group, r.Label, r.Bin, float64(r.Input)/1e6, r.Floor.Seconds(), r.FloorMed.Seconds(), ref,
		r.Wall.Seconds(), r.WallMed.Seconds(), ratio, r.CPU.Seconds(), float64(r.RSS)/1e6, float64(r.RSS)/float64(r.Input))
}

// job is one command of a group with one binary.
type job struct {
	cmd   Cmd
	bin   Binary
	argv  []string
	walls []time.Duration
	cpu   time.Duration
	rss   int64
}

func timeGroup(e *Env, s *Scenario, g Group, runs int) ([]Result, error) {
	if g.Check != nil {
		for _, b := range e.Bins {
			if err := g.Check(b.Path); err != nil {
				return nil, fmt.Errorf("%s: %w", b.Label, err)
			}
		}
	}
	floor := &job{cmd: g.Floor, argv: g.Floor.Argv}
	var ref *job
	if len(g.Ref.Argv) > 0 {
		ref = &job{cmd: g.Ref, argv: g.Ref.Argv}
	}
	var jobs []*job
	for _, c := range g.Cmds {
		if len(c.Argv) > 0 && c.Argv[0] == "{bin}" {
			for _, b := range e.Bins {
				jobs = append(jobs, &job{cmd: c, bin: b, argv: append([]string{b.Path}, c.Argv[1:]...)})
			}
		} else {
			jobs = append(jobs, &job{cmd: c, argv: c.Argv})
		}
	}
	head := []*job{floor}
	if ref != nil {
		head = append(head, ref)
	}
	forward := append(slices.Clone(head), jobs...)
	backward := slices.Clone(jobs)
	slices.Reverse(backward)
	backward = append(slices.Clone(head), backward...)
	for round := range runs + 1 {
		// The commands run in turn, and in the opposite order every
		// other round, so that no binary always runs right after the
		// same one: in a fixed order, "after" always followed "before"
		// of the same command, and a row could read more CPU for "after"
		// where paired rounds that alternate the order measured it less
		// (the bench log has the runs).
		order := forward
		if round%2 == 1 {
			order = backward
		}
		for _, j := range order {
			if round > 0 {
				time.Sleep(e.Settle)
			}
			wall, ps, err := timed(j.cmd, j.argv)
			if err != nil {
				return nil, err
			}
			if round == 0 { // the first round warms the page cache
				continue
			}
			j.walls = append(j.walls, wall)
			ru := ps.SysUsage().(*syscall.Rusage)
			j.rss = max(j.rss, int64(ru.Maxrss)*1024) // Linux: kilobytes (int32 on 386)
			if cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()); j.cpu == 0 || cpu < j.cpu {
				j.cpu = cpu
			}
		}
	}
	if floor.rss > 64<<20 {
		return nil, fmt.Errorf("the floor's peak RSS reads %d MB: the driver's memory leaks into its children's (see subcommands)", floor.rss>>20)
	}
	best := func(j *job) (time.Duration, time.Duration) {
		slices.Sort(j.walls)
		return j.walls[0], j.walls[len(j.walls)/2]
	}
	var out []Result
	fb, fm := best(floor)
	for _, j := range jobs {
		r := Result{Scenario: s.Name, Group: g.Name, Label: j.cmd.Label, Bin: j.bin.Label, Keys: g.Keys, Input: g.Input,
			Floor: fb, FloorMed: fm, CPU: j.cpu, RSS: j.rss, Headline: j.cmd.Headline}
		if ref != nil {
			r.Ref, r.RefMed = best(ref)
			r.RefCPU = ref.cpu
		}
		r.Wall, r.WallMed = best(j)
		out = append(out, r)
	}
	return out, nil
}

// timed runs a command with its output to the sink and returns the wall
// time. Exit status 1 (cachediff: the snapshots differ) is not an error.
func timed(c Cmd, argv []string) (time.Duration, *os.ProcessState, error) {
	null, err := os.OpenFile(sink(), os.O_WRONLY, 0)
	if err != nil {
		return 0, nil, err
	}
	defer null.Close()
	var cmd *exec.Cmd
	if c.Shell {
		cmd = exec.Command("sh", "-c", argv[0])
	} else {
		cmd = exec.Command(argv[0], argv[1:]...)
	}
	cmd.Stdout, cmd.Stderr = null, os.Stderr
	start := time.Now()
	err = cmd.Run()
	d := time.Since(start)
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	return d, cmd.ProcessState, nil
}

// sink is where output goes: /dev/null, unless something replaced it with
// a regular file (then writes would cost disk cache), else /dev/zero,
// which discards writes as well.
func sink() string {
	if info, err := os.Stat(os.DevNull); err == nil && info.Mode()&os.ModeCharDevice != 0 {
		return os.DevNull
	}
	return "/dev/zero"
}
