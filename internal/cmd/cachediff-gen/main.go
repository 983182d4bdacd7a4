// Command cachediff-gen writes a generated snapshot pair for tests and
// benchmarks: DIR/old, DIR/new and DIR/truth.json (the counts cachediff
// must report). The same flags give the same bytes.
//
//	go run ./internal/cmd/cachediff-gen -specs 60000 -seed 1 /tmp/pair
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

func main() {
	specs := flag.Int("specs", 60000, "about how many specs per tree")
	seed := flag.Uint64("seed", 1, "random seed")
	heavy := flag.Bool("heavy", false, "heavy churn (a migration week) instead of a nightly regeneration")
	churn := flag.String("churn", "", "a benchmark churn level instead: 0%, 4%, 13%, 40% or 100% (a real week)")
	onePkg := flag.Bool("onepkg", false, "one package of -specs specs per side instead, every spec updated, each with variants of its own (gen.OnePackage)")
	specFiles := flag.Bool("specfiles", false, "a folder of -specs Spack spec files per side instead, a build cache's build_cache/ (spackgen.WriteSpecFolder), every 100th updated")
	dag := flag.String("dag", "", "a pair of build-cache indexes DIR/a.json, DIR/b.json instead, every version bumped, of a DAG of -specs steps: chainedge, diamonds, ladder, ladderup, crossed, back2, chainhub, or layered (-layers layers of -specs specs)")
	layers := flag.Int("layers", 15, "the layers of -dag layered")
	spack := flag.Int("spack", 0, "a pair of build-cache indexes DIR/old/index.json, DIR/new/index.json instead, spackgen's environments of 600 packages (-specs/600 of them, depth 12), a busy week: every -spack-th library's version bumped, three variants flipped halfway up, mpi's provider swapped (spackgen.BusyWeek)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: cachediff-gen [flags] DIR\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *dag != "" {
		if err := writeDAG(flag.Arg(0), *dag, *specs, *layers, *seed); err != nil {
			fmt.Fprintln(os.Stderr, "cachediff-gen:", err)
			os.Exit(2)
		}
		return
	}
	if *spack > 0 {
		if err := writeBusyWeek(flag.Arg(0), *specs, *spack, *seed); err != nil {
			fmt.Fprintln(os.Stderr, "cachediff-gen:", err)
			os.Exit(2)
		}
		return
	}
	if *specFiles {
		if err := writeSpecFolders(flag.Arg(0), *specs); err != nil {
			fmt.Fprintln(os.Stderr, "cachediff-gen:", err)
			os.Exit(2)
		}
		return
	}
	if *onePkg {
		if err := writeOnePackage(flag.Arg(0), *specs); err != nil {
			fmt.Fprintln(os.Stderr, "cachediff-gen:", err)
			os.Exit(2)
		}
		return
	}
	cfg := gen.Default(*seed, *specs)
	if *heavy {
		cfg.Rates = gen.Heavy
	}
	if *churn != "" {
		c, ok := gen.LookupChurn(*churn)
		if !ok {
			fmt.Fprintf(os.Stderr, "cachediff-gen: unknown -churn %q\n", *churn)
			os.Exit(2)
		}
		cfg.Rates = c.Rates
	}
	doc, err := gen.Write(flag.Arg(0), gen.Generate(cfg))
	if err != nil {
		fmt.Fprintln(os.Stderr, "cachediff-gen:", err)
		os.Exit(2)
	}
	out, _ := json.Marshal(doc.Truth)
	fmt.Printf("%s\n", out)
}

// writeOnePackage writes gen.OnePackage(n) under dir, with its truth in
// dir/truth.json (its Config says nothing of the shape), and prints the
// truth.
func writeOnePackage(dir string, n int) error {
	if _, _, _, err := gen.WriteOnePackage(dir, n); err != nil {
		return err
	}
	doc := gen.TruthDoc{Truth: gen.OnePackageTruth(n)}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, gen.TruthFile), append(data, '\n'), 0o644); err != nil {
		return err
	}
	out, _ := json.Marshal(doc.Truth)
	fmt.Printf("%s\n", out)
	return nil
}

// writeSpecFolders writes DIR/old and DIR/new, n spec files each
// (spackgen.WriteSpecFolder), the new one with every 100th spec updated,
// and prints the bytes of each.
func writeSpecFolders(dir string, n int) error {
	for _, side := range []struct {
		name string
		bump func(int) bool
	}{{"old", nil}, {"new", func(i int) bool { return i%100 == 7 }}} {
		size, err := spackgen.WriteSpecFolder(filepath.Join(dir, side.name), n, side.bump)
		if err != nil {
			return err
		}
		fmt.Printf("%s: %d spec files, %d bytes\n", side.name, n, size)
	}
	return nil
}

// writeDAG writes spackgen's pair of indexes of the DAG shape, n steps
// (or layers of n specs), under dir.
func writeDAG(dir, shape string, n, layers int, seed uint64) error {
	var specs []spackgen.DAGSpec
	switch shape {
	case "chainedge":
		specs = spackgen.ChainEdgeDAG(n)
	case "diamonds":
		specs = spackgen.DiamondsDAG(n)
	case "ladder":
		specs = spackgen.LadderDAG(n)
	case "ladderup":
		specs = spackgen.LadderUpDAG(n)
	case "crossed":
		specs = spackgen.CrossedLadderDAG(n)
	case "back2":
		specs = spackgen.BackDAG(n, 2)
	case "chainhub":
		specs = spackgen.ChainHubDAG(n, 1)
	case "layered":
		specs = spackgen.LayeredDAG(layers, n, seed)
	default:
		return fmt.Errorf("unknown -dag %q", shape)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	_, _, err := spackgen.WriteDAGPair(dir, specs)
	return err
}

// writeBusyWeek writes spackgen's busy week (BusyWeek, every every-th
// library bumped) of n specs a side, about, under dir/old and dir/new,
// and prints the mutations and the shape of each side.
func writeBusyWeek(dir string, n, every int, seed uint64) error {
	before := spackgen.New(spackgen.Options{Seed: seed, Packages: 600, Envs: max(1, n/600), Depth: 12})
	after := before.Clone()
	muts := after.BusyWeek(every)
	for _, side := range []struct {
		name string
		d    *spackgen.DAG
	}{{"old", before}, {"new", after}} {
		path := filepath.Join(dir, side.name, "index.json")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		err = side.d.WriteIndex(w)
		if err == nil {
			err = w.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		s := side.d.ShapeOf()
		fmt.Printf("%s: %d nodes, longest path %d nodes, %d package versions, at most %d specs of one\n", side.name, s.Specs, s.Depth, s.Versions, s.MostOfOne)
	}
	kinds := map[string]int{}
	for _, m := range muts {
		kinds[m.Kind]++
	}
	fmt.Printf("root causes: %d versions, %d variants, %d providers\n", kinds["version"], kinds["variants"], kinds["provider"])
	return nil
}
