//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// The git scenario (issue 9): a diff of two REV:PATH snapshots,
// HEAD~1:_cache/develop and HEAD:_cache/develop of a repository holding a
// generated pair as two commits, packed by git gc as a clone is, against
// the floor of reading the same blobs out of git:
//
//	git cat-file --batch --buffer < (the blob ids of both trees) >/dev/null
//
// The reference beside the floor is the glob cat of the same pages on
// disk, and the last row the same diff from the folders, so that the
// cost of reading from git shows against both.
func init() {
	subcommands["gen-git"] = genGit
	subcommands["check-git"] = checkGit
	register(&Scenario{
		Name:   "git",
		Doc:    "cachediff REV:PATH REV:PATH (two commits of a generated pair, packed) against git cat-file --batch of the same blobs",
		Groups: gitGroups,
	})
}

// gitChurns are the pairs of the scenario: a real week (the headline) and
// a nightly regeneration.
var gitChurns = []string{"100%", "4%"}

func gitGroups(e *Env) ([]Group, error) {
	sizes := e.Sizes
	if sizes == nil {
		sizes = []int{60000}
	}
	churns := e.Churns
	if churns == nil {
		churns = gitChurns
	}
	var groups []Group
	for _, size := range sizes {
		for _, churn := range churns {
			out, err := self("gen-git", e.Root, strconv.Itoa(size), churn)
			if err != nil {
				return nil, err
			}
			repo := string(bytes.TrimSpace(out))
			pair := filepath.Join(filepath.Dir(repo), strings.TrimPrefix(filepath.Base(repo), "git-"))
			doc, err := gen.ReadTruth(pair)
			if err != nil {
				return nil, err
			}
			before, after := filepath.Join(pair, "old"), filepath.Join(pair, "new")
			blobs := filepath.Join(repo, ".git", "cachediff-blobs.txt")
			oldRev, newRev := "HEAD~1:_cache/develop", "HEAD:_cache/develop"
			g := Group{
				Name:  fmt.Sprintf("%dk specs, %s churn, from git", size/1000, churn),
				Input: doc.Bytes["old"] + doc.Bytes["new"],
				Floor: Cmd{Label: "git cat-file --batch", Shell: true, Argv: []string{"git -C " + shellQuote(repo) + " cat-file --batch --buffer <" + shellQuote(blobs) + " >/dev/null"}},
				Ref:   Cmd{Label: "glob cat", Shell: true, Argv: []string{"cat " + shellQuote(before) + "/*/specs.md " + shellQuote(after) + "/*/specs.md >/dev/null"}},
				Check: func(bin string) error {
					_, err := self("check-git", bin, repo, filepath.Join(pair, gen.TruthFile))
					return err
				},
				Keys: map[string]string{"size": strconv.Itoa(size), "churn": churn, "specs": strconv.Itoa(doc.Specs.Old)},
				Cmds: []Cmd{
					{Label: "cachediff REV:PATH (md)", Argv: []string{"{bin}", "-C", repo, oldRev, newRev}, Headline: churn == "100%"},
					{Label: "cachediff REV:PATH --format json", Argv: []string{"{bin}", "-C", repo, "--format", "json", oldRev, newRev}},
					{Label: "cachediff OLD/ NEW/ (md, the folders)", Argv: []string{"{bin}", before, after}},
				},
			}
			groups = append(groups, g)
		}
	}
	return groups, nil
}

// genGit (gen-git ROOT SPECS CHURN) makes the pair's repository when
// absent and prints its folder.
func genGit(args []string) error {
	size, c, err := pairArgs(args)
	if err != nil {
		return err
	}
	repo, _, err := gittest.BenchRepo(args[0], size, c)
	if err != nil {
		return err
	}
	_, err = fmt.Println(repo)
	return err
}

// checkGit (check-git BIN REPO TRUTH) runs the REV:PATH diff once in JSON
// and compares its spec counts with the pair's truth, so that a fast
// wrong answer is never timed.
func checkGit(args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("want BIN REPO TRUTH")
	}
	bin, repo := args[0], args[1]
	doc, err := gen.ReadTruth(filepath.Dir(args[2]))
	if err != nil {
		return err
	}
	out, err := diffJSON(bin, "-C", repo, "--format", "json", "HEAD~1:_cache/develop", "HEAD:_cache/develop")
	if err != nil {
		return err
	}
	var r struct {
		Old struct {
			Rev string `json:"rev"`
		} `json:"old"`
		Summary struct {
			Specs struct {
				Old, New, Added, Removed, Rebuilt, Updated, Restacked int
			} `json:"specs"`
		} `json:"summary"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return err
	}
	s, t := r.Summary.Specs, doc.Specs
	got := []int{s.Old, s.New, s.Added, s.Removed, s.Rebuilt, s.Updated, s.Restacked}
	want := []int{t.Old, t.New, t.Added, t.Removed, t.Rebuilt, t.Updated, t.Restacked}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("%s: REV:PATH counts %v, truth %v", repo, got, want)
		}
	}
	if len(r.Old.Rev) < 40 {
		return fmt.Errorf("%s: no revision in the report: %q", repo, r.Old.Rev)
	}
	return nil
}
