//go:build linux

// Command cachediff-bench times a full Markdown diff against the floor of
// reading the input: for each generated pair (under testdata/bench,
// generated when absent) it runs, in the same process and interleaved,
//
//	find OLD NEW -type f -exec cat {} + >/dev/null
//	cachediff --format md OLD NEW >/dev/null
//
// (to /dev/zero, which discards writes as well, when /dev/null is not a
// character device)
//
// several times after one warm-up run of each, and prints the best times,
// their ratio, and cachediff's peak RSS (from the child's rusage) against
// the input bytes. It also checks cachediff's counts against the pair's
// truth file. make bench runs it. It builds on Linux only: it reads the
// child's peak RSS from rusage in kilobytes, as Linux gives it.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cachediff/cachediff/internal/gen"
)

type row struct {
	name         string
	bin          string // label of the binary
	doc          *gen.TruthDoc
	cat, diff    time.Duration // best of runs
	catMed, dMed time.Duration
	rss          int64 // peak, bytes (largest over runs)
	cpu          time.Duration
}

func main() {
	bin := flag.String("bin", "bin/cachediff", "the cachediff binary; or label=path,label=path,... to compare several (runs interleaved)")
	root := flag.String("root", ".", "the repository root (testdata/bench is under it)")
	sizes := flag.String("sizes", "15000,60000,240000", "specs per tree of the nightly rows")
	heavy := flag.Int("heavy", 60000, "specs per tree of the heavy-churn row (0: none)")
	runs := flag.Int("runs", 5, "timed runs of each command (best is reported)")
	flag.Parse()
	if err := run(*bin, *root, *sizes, *heavy, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "cachediff-bench:", err)
		os.Exit(2)
	}
}

// binary is a cachediff binary to time, with a label for the table.
type binary struct{ label, path string }

func parseBins(spec string) []binary {
	var bins []binary
	for _, f := range strings.Split(spec, ",") {
		label, path, ok := strings.Cut(f, "=")
		if !ok {
			label, path = f, f
		}
		bins = append(bins, binary{label, path})
	}
	return bins
}

func run(binSpec, root, sizes string, heavy, runs int) error {
	bins := parseBins(binSpec)
	type pair struct {
		specs int
		heavy bool
	}
	var pairs []pair
	for _, f := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("-sizes: %v", err)
		}
		pairs = append(pairs, pair{n, false})
	}
	if heavy > 0 {
		pairs = append(pairs, pair{heavy, true})
	}
	fmt.Printf("cachediff-bench: %s, GOMAXPROCS %d, %d runs each (best and median), output to %s\n\n", runtime.Version(), runtime.GOMAXPROCS(0), runs, sink())
	var rows []row
	for _, p := range pairs {
		dir, doc, err := gen.BenchPair(root, p.specs, p.heavy)
		if err != nil {
			return err
		}
		name := filepath.Base(dir)
		old, new := filepath.Join(dir, "old"), filepath.Join(dir, "new")
		for _, b := range bins {
			if err := check(b.path, old, new, doc); err != nil {
				return fmt.Errorf("%s %s: %w", name, b.label, err)
			}
		}
		var cats []time.Duration
		diffs := make([][]time.Duration, len(bins))
		pairRows := make([]row, len(bins))
		for i := range runs + 1 {
			c, _, err := timed(exec.Command("find", old, new, "-type", "f", "-exec", "cat", "{}", "+"))
			if err != nil {
				return err
			}
			if i > 0 { // the first round warms the page cache
				cats = append(cats, c)
			}
			for k, b := range bins {
				d, ps, err := timed(exec.Command(b.path, "--format", "md", old, new))
				if err != nil {
					return err
				}
				if i == 0 {
					continue
				}
				r := &pairRows[k]
				diffs[k] = append(diffs[k], d)
				ru := ps.SysUsage().(*syscall.Rusage)
				r.rss = max(r.rss, ru.Maxrss*1024) // Linux: kilobytes
				if cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()); r.cpu == 0 || cpu < r.cpu {
					r.cpu = cpu
				}
			}
		}
		slices.Sort(cats)
		for k, b := range bins {
			r := pairRows[k]
			r.name, r.bin, r.doc = name, b.label, doc
			slices.Sort(diffs[k])
			r.cat, r.catMed = cats[0], cats[len(cats)/2]
			r.diff, r.dMed = diffs[k][0], diffs[k][len(diffs[k])/2]
			rows = append(rows, r)
		}
		fmt.Fprintf(os.Stderr, "%s done\n", name)
	}
	fmt.Println("| pair | binary | specs old → new | pages | input MB | cat s (median) | cachediff md s (median) | ratio | CPU s | peak RSS MB | RSS / input |")
	fmt.Println("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, r := range rows {
		in := r.doc.Bytes["old"] + r.doc.Bytes["new"]
		fmt.Printf("| %s | %s | %d → %d | %d | %.1f | %.3f (%.3f) | %.3f (%.3f) | **%.2fx** | %.3f | %.0f | %.2fx |\n",
			r.name, r.bin, r.doc.Specs.Old, r.doc.Specs.New, r.doc.Files["old"]+r.doc.Files["new"], float64(in)/1e6,
			r.cat.Seconds(), r.catMed.Seconds(), r.diff.Seconds(), r.dMed.Seconds(),
			r.diff.Seconds()/r.cat.Seconds(), r.cpu.Seconds(), float64(r.rss)/1e6, float64(r.rss)/float64(in))
	}
	return nil
}

// timed runs cmd with its output to /dev/null and returns the wall time.
// Exit status 1 (cachediff: the snapshots differ) is not an error.
func timed(cmd *exec.Cmd) (time.Duration, *os.ProcessState, error) {
	null, err := os.OpenFile(sink(), os.O_WRONLY, 0)
	if err != nil {
		return 0, nil, err
	}
	defer null.Close()
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

// check runs cachediff --format json once and compares its summary with
// the truth, so that a fast wrong answer is never timed.
func check(bin, old, new string, doc *gen.TruthDoc) error {
	out, err := exec.Command(bin, "--format", "json", old, new).Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if err != nil {
		return err
	}
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
		return fmt.Errorf("cachediff says %+v %+v, the truth is %+v %+v", r.Summary.Packages, r.Summary.Specs, doc.Packages, doc.Specs)
	}
	return nil
}

// sink is where output goes: /dev/null, unless something replaced it with
// a regular file (then writes would cost disk cache), else /dev/zero,
// which discards writes too.
func sink() string {
	if info, err := os.Stat(os.DevNull); err == nil && info.Mode()&os.ModeCharDevice != 0 {
		return os.DevNull
	}
	return "/dev/zero"
}
