package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestMirrorLinkChainRuns (class d, b): a git tree's mirror read a chain
// of links a step at a time, one git process a step: a file reached
// through 39 links took 40 processes. The tree's other links are read in
// one process at the chain's second step: 3 in all. And a link's target
// holding a NUL is followed up to it, as a checkout writes it and as the
// tree's links are followed elsewhere: "r<NUL>x" was "a symbolic link to
// f/r\x00x, which the mirror does not hold as a file".
func TestMirrorLinkChainRuns(t *testing.T) {
	const chain = 39
	files := map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/f/r": "read"}
	links := map[string]string{fmt.Sprintf("m/f/c%d", chain-1): "r"}
	for i := range chain - 1 {
		links[fmt.Sprintf("m/f/c%d", i)] = fmt.Sprintf("c%d", i+1)
	}
	repo := commitFiles(t, files, links)
	nul := filepath.Join(t.TempDir(), "nul")
	if err := os.WriteFile(nul, []byte("r\x00x"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := gittest.Git(repo, nil, "hash-object", "-w", nul)
	if err != nil {
		t.Fatal(err)
	}
	blob := strings.TrimSpace(out)
	for _, args := range [][]string{{"update-index", "--add", "--cacheinfo", "120000," + blob + ",m/f/nul"}, {"commit", "-q", "-m", "nul"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	m := headMirror(t, repo)
	before := gitRuns.Load()
	got, err := m.GetMany([]string{"f/c0"}, 100)
	if runs := gitRuns.Load() - before; err != nil || runs > 3 || string(got[0]) != "read" {
		t.Errorf("GetMany of a chain of %d links: %q, %v, %d git processes; want the file read in 3", chain, got, err, runs)
	}
	// Its target read with the chain's, then alone.
	for _, how := range []string{"with the chain", "alone"} {
		if how == "alone" {
			m = headMirror(t, repo)
		}
		if got, err := m.GetMany([]string{"f/nul"}, 100); err != nil || string(got[0]) != "read" {
			t.Errorf(`a link to "r\x00x", its target read %s: %q, %v; want f/r read, as a checkout's link to r`, how, got, err)
		}
	}
}
