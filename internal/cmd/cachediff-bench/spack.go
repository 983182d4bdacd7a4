//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// The spack scenario (issue 13): two generated build-cache indexes of
// 60,000 specs each with full nodes (CPU features, flags, package hashes,
// edges with deptypes and virtuals, as Spack writes them; about 90 MB
// each), a real week between them (a leaf most specs depend on bumped, a
// variant flipped halfway up, the mpi provider swapped: most specs
// rebuilt, with known root causes), diffed with causes in Markdown and
// JSON against cat of both files, with json.Valid over both files (issue
// 31: the floor of a reader that checks every byte) timed beside it.

func init() {
	subcommands["gen-spack"] = genSpack
	subcommands["json-valid"] = jsonValid
	// The check reads a JSON report of some 100 MB: in a child, so that
	// the driver's memory does not leak into the timed children's RSS.
	subcommands["check-spack"] = func(args []string) error {
		if len(args) != 3 {
			return fmt.Errorf("usage: check-spack BIN OLD NEW")
		}
		return checkSpack(args[0], args[1], args[2])
	}
	register(&Scenario{
		Name: "spack",
		Doc:  "Spack build-cache indexes (index.json, 60k specs with full nodes each, a week's rebuilds with known causes): cachediff with rebuild causes against cat of both files (the ratio), and against Go's json.Valid of both files (ref)",
		Summary: func(e *Env, rows []Result) []string {
			var out []string
			for _, r := range rows {
				if r.Ref > 0 {
					out = append(out, fmt.Sprintf("- %s %s %s: %.2fx json.Valid (best wall over best ref), %.2fx cat", r.Group, r.Label, r.Bin, r.Wall.Seconds()/r.Ref.Seconds(), r.Ratio()))
				}
			}
			return out
		},
		Groups: func(e *Env) ([]Group, error) {
			out, err := self("gen-spack", e.Root)
			if err != nil {
				return nil, err
			}
			dir := strings.TrimSpace(string(out))
			exe, err := os.Executable()
			if err != nil {
				return nil, err
			}
			before, after := filepath.Join(dir, "old", "index.json"), filepath.Join(dir, "new", "index.json")
			var input int64
			for _, f := range []string{before, after} {
				fi, err := os.Stat(f)
				if err != nil {
					return nil, err
				}
				input += fi.Size()
			}
			return []Group{{
				Name:  "index-60000",
				Input: input,
				Floor: Cmd{Label: "cat old new", Argv: []string{"cat", before, after}},
				Ref:   Cmd{Label: "json.Valid old new", Argv: []string{exe, "json-valid", before, after}},
				Cmds: []Cmd{
					{Label: "cachediff md", Argv: []string{"{bin}", "--format", "md", before, after}, Headline: true},
					{Label: "cachediff json", Argv: []string{"{bin}", "--format", "json", before, after}},
				},
				Check: func(bin string) error {
					_, err := self("check-spack", bin, before, after)
					return err
				},
			}}, nil
		},
	})
}

// jsonValid is the floor of a reader that checks every byte of the
// indexes (cachediff-bench json-valid FILE...): it reads each file and
// runs encoding/json.Valid over it, the files on goroutines of their own
// as cachediff loads the two sides of a diff at once, and prints the
// bytes checked. A file that is not valid JSON is an error.
func jsonValid(files []string) error {
	total := make([]int, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Go(func() {
			data, err := os.ReadFile(f)
			if err == nil && !json.Valid(data) {
				err = fmt.Errorf("%s: not valid JSON", f)
			}
			total[i], errs[i] = len(data), err
		})
	}
	wg.Wait()
	n := 0
	for i := range files {
		if errs[i] != nil {
			return errs[i]
		}
		n += total[i]
	}
	_, err := fmt.Println(n)
	return err
}

// genSpack writes the pair under ROOT/testdata/bench/spack-60000 when
// absent and prints the folder.
func genSpack(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: gen-spack ROOT")
	}
	dir := filepath.Join(args[0], "testdata", "bench", "spack-60000")
	if _, err := os.Stat(filepath.Join(dir, "new", "index.json")); err != nil {
		before := spackgen.New(spackgen.Options{Seed: 1, Packages: 600, Envs: 100, Depth: 12})
		after := before.Clone()
		after.BumpVersion(before.Leaves()[0])
		after.FlipVariant(before.Middle()[0])
		after.SwapProvider()
		for side, d := range map[string]*spackgen.DAG{"old": before, "new": after} {
			if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
				return err
			}
			f, err := os.Create(filepath.Join(dir, side, "index.json"))
			if err != nil {
				return err
			}
			w := bufio.NewWriterSize(f, 1<<20)
			if err := d.WriteIndex(w); err != nil {
				f.Close()
				return err
			}
			if err := w.Flush(); err != nil {
				f.Close()
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
		}
	}
	fmt.Println(dir)
	return nil
}

// checkSpack refuses a binary whose report does not explain the week: the
// three known root causes, and most specs rebuilt.
func checkSpack(bin, before, after string) error {
	out, err := diffJSON(bin, "--format", "json", before, after)
	if err != nil {
		return err
	}
	var r struct {
		Summary struct{ Specs struct{ Old, Rebuilt int } }
		Causes  *struct {
			Groups []struct {
				Name    string
				Changes []struct{ Kind string }
			}
		}
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return err
	}
	if r.Summary.Specs.Old < 59000 || r.Summary.Specs.Rebuilt < r.Summary.Specs.Old/2 || r.Causes == nil || len(r.Causes.Groups) != 3 {
		return fmt.Errorf("the spack pair's report is not the known week: %d specs, %d rebuilt, causes %+v", r.Summary.Specs.Old, r.Summary.Specs.Rebuilt, r.Causes)
	}
	return nil
}
