package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// A changed root's why is its spec's pair's (p211b): render took a report
// edited so that the root's why lost its set and via (the root read as
// changed for no cause, its spec's row by the hub's leaves) or named
// another set, where it checks a pair's why against the causes.
func TestRenderRootWhyIsItsPairs(t *testing.T) {
	oldPath, newPath, _ := writeChainOverHub(t, 5, 3)
	code, js, _ := runAlloc([]string{"--format", "json", oldPath, newPath})
	if code != 1 {
		t.Fatalf("the chain over a hub: exit %d, want 1", code)
	}
	for _, tt := range []struct {
		name string
		edit func(w *diff.Why, c *diff.Causes)
		want int
	}{
		{"as written", func(*diff.Why, *diff.Causes) {}, 1},
		{"set and via dropped", func(w *diff.Why, _ *diff.Causes) { w.Set, w.Via = 0, nil }, 2},
		{"another changed dependency", func(w *diff.Why, _ *diff.Causes) {
			w.Changed = append(w.Changed, diff.DepChange{Name: w.Changed[0].Name + "x", OldHash: w.Changed[0].OldHash, NewHash: w.Changed[0].NewHash})
		}, 2},
	} {
		rep, err := jsonv1.DecodeBytes(js)
		if err != nil {
			t.Fatal(err)
		}
		c := rep.Causes
		if c == nil || c.Roots == nil || len(c.Roots.Changed) != 1 || c.Roots.Changed[0].Why == nil || c.Roots.Changed[0].Why.Set == 0 {
			t.Fatal("the chain over a hub has no changed root with root causes: the test tests nothing")
		}
		w := *c.Roots.Changed[0].Why
		w.Changed = append([]diff.DepChange(nil), w.Changed...)
		tt.edit(&w, c)
		c.Roots.Changed[0].Why = &w
		var b bytes.Buffer
		if err := jsonv1.JSON(&b, rep); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "edited.json")
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cl := &cli{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &stderr}
		got := cl.run([]string{"render", path})
		if got != tt.want {
			t.Errorf("%s: render exit %d, want %d: %s", tt.name, got, tt.want, stderr.String())
			continue
		}
		if tt.want == 2 && !strings.Contains(stderr.String(), "causes.roots.changed[0].why: differs from packages[") {
			t.Errorf("%s: %s; want the root's why named against its spec's", tt.name, stderr.String())
		}
	}
}
