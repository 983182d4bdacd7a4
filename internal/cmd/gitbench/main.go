// Command gitbench measures the two ways cachediff could read a REV:PATH
// snapshot out of git, against the floor of reading the same blobs with
// git cat-file --batch to /dev/null, interleaved in rounds:
//
//	floor   git cat-file --batch --buffer <the blob ids of both trees >/dev/null
//	git     gitsrc: rev-parse, ls-tree -r -z and one cat-file --batch per tree
//	go-git  github.com/go-git/go-git/v5: resolve, walk the tree, read each blob
//
// each reading HEAD~1:_cache/develop and HEAD:_cache/develop of the
// repository of the benchmark pair of a real week's churn
// (gittest.BenchRepo, made when absent). It is
// a module of its own so that go-git is not a dependency of cachediff:
//
//	cd internal/cmd/gitbench && go run . -root ../../.. -specs 60000 -runs 5
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
)

var specs = []string{"HEAD~1:_cache/develop", "HEAD:_cache/develop"}

// viaGit reads both trees as cachediff does.
func viaGit(repo string) (int64, error) {
	r, err := gitsrc.OpenRepo(repo)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, s := range specs {
		t, err := r.Resolve(s)
		if err != nil {
			return 0, err
		}
		files, err := t.Files()
		if err != nil {
			return 0, err
		}
		oids := make([]string, len(files))
		for i, f := range files {
			oids[i] = f.OID
		}
		if err := r.ReadBlobs(oids, func(i int, d []byte) error { n += int64(len(d)); return nil }); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// viaGoGit reads both trees with go-git.
func viaGoGit(repo string) (int64, error) {
	r, err := git.PlainOpen(repo)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, s := range specs {
		rev, p, _ := strings.Cut(s, ":")
		h, err := r.ResolveRevision(plumbing.Revision(rev))
		if err != nil {
			return 0, err
		}
		c, err := r.CommitObject(*h)
		if err != nil {
			return 0, err
		}
		root, err := c.Tree()
		if err != nil {
			return 0, err
		}
		t, err := root.Tree(p)
		if err != nil {
			return 0, err
		}
		err = t.Files().ForEach(func(f *object.File) error {
			rd, err := f.Reader()
			if err != nil {
				return err
			}
			b, err := io.ReadAll(rd)
			rd.Close()
			n += int64(len(b))
			return err
		})
		if err != nil {
			return 0, err
		}
	}
	return n, nil
}

func floor(repo string, list []byte) (int64, error) {
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return 0, err
	}
	defer devnull.Close()
	cmd := exec.Command("git", "-C", repo, "cat-file", "--batch", "--buffer")
	cmd.Stdin, cmd.Stdout = bytes.NewReader(list), devnull
	return 0, cmd.Run()
}

func main() {
	root := flag.String("root", "../../..", "the repository root (testdata/bench is under it)")
	n := flag.Int("specs", 60000, "specs per tree of the pair")
	runs := flag.Int("runs", 5, "timed rounds after one warm-up (best is reported)")
	flag.Parse()
	if err := run(*root, *n, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "gitbench:", err)
		os.Exit(1)
	}
}

func run(root string, n, runs int) error {
	week, _ := gen.LookupChurn("100%")
	repo, _, err := gittest.BenchRepo(root, n, week)
	if err != nil {
		return err
	}
	list, err := os.ReadFile(filepath.Join(repo, ".git", "cachediff-blobs.txt"))
	if err != nil {
		return err
	}
	names := []string{"floor: git cat-file --batch", "git: ls-tree + cat-file --batch", "go-git"}
	fns := []func() (int64, error){
		func() (int64, error) { return floor(repo, list) },
		func() (int64, error) { return viaGit(repo) },
		func() (int64, error) { return viaGoGit(repo) },
	}
	best := make([]time.Duration, len(fns))
	var bytesRead []int64
	for round := 0; round <= runs; round++ {
		for i, f := range fns {
			t0 := time.Now()
			b, err := f()
			d := time.Since(t0)
			if err != nil {
				return fmt.Errorf("%s: %v", names[i], err)
			}
			if round == 0 {
				bytesRead = append(bytesRead, b)
				continue
			}
			if best[i] == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	if bytesRead[1] != bytesRead[2] {
		return fmt.Errorf("git read %d bytes, go-git %d", bytesRead[1], bytesRead[2])
	}
	fmt.Printf("%s: %d blobs, %.1f MB, best of %d\n", repo, bytes.Count(list, []byte("\n")), float64(bytesRead[1])/1e6, runs)
	for i, name := range names {
		fmt.Printf("%-34s %7.3f s  %.2fx\n", name, best[i].Seconds(), best[i].Seconds()/best[0].Seconds())
	}
	return nil
}
