package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// Issue 35 item 5: render refuses a report whose causes were edited to
// lie. A changed dependency's own change (curl's variants, curl's
// why.self) is a root cause of each of its dependents: the report of
// testdata/spack-gen edited to drop it from perl's set, curl's group
// counting one spec fewer to match, passed every other law and rendered
// curl's change as the cause of 29 specs, not 30 (exit 1, no word).
// It is refused (exit 2), naming perl's changed dependency, curl's
// hashes and the change, each quoted.
func TestRenderDepSelfDropped(t *testing.T) {
	gen := func(side string) string { return filepath.Join("..", "..", "testdata", "spack-gen", side) }
	var out, stderr bytes.Buffer
	if code := run([]string{"--format", "json", gen("old"), gen("new")}, &out, &stderr); code != 1 {
		t.Fatalf("the spack-gen pair: exit %d, %s", code, stderr.String())
	}
	r, err := jsonv1.DecodeBytes(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	c := r.Causes
	// perl's first pair, its changed dependency curl, and curl's pair of
	// the same hashes, with its own change.
	var pi int
	var perl *diff.Why
	var curl diff.DepChange
	k := -1
	for i := range r.Packages {
		if r.Packages[i].Name == "perl" {
			pi, perl = i, r.Packages[i].Specs.Rebuilt[0].Why
			k = slices.IndexFunc(perl.Changed, func(d diff.DepChange) bool { return d.Name == "curl" })
		}
	}
	if perl == nil || k < 0 {
		t.Fatal("no pair of perl over a changed curl in the spack-gen report")
	}
	curl = perl.Changed[k]
	self := -1
	for _, p := range r.Packages {
		for _, pr := range slices.Concat(p.Specs.Rebuilt, p.Specs.Updated) {
			if p.Name == "curl" && pr.Old.Hash == curl.OldHash && pr.New.Hash == curl.NewHash && pr.Why.Self != nil {
				self = *pr.Why.Self
			}
		}
	}
	set := c.Sets[perl.Set]
	at := slices.IndexFunc(set, func(ref diff.CauseRef) bool { return ref.SetBase == nil && ref.Cause == self })
	if self < 0 || at < 0 || len(set) < 2 || len(c.Bases(perl.Set)) > 0 {
		t.Fatalf("perl's set %d (%v) does not hold curl's own change %d beside another cause, written out", perl.Set, set, self)
	}
	for _, p := range r.Packages {
		for _, pr := range slices.Concat(p.Specs.Rebuilt, p.Specs.Updated) {
			if pr.Why != perl && pr.Why.Set == perl.Set {
				t.Fatalf("perl's set %d is %s's too: the edit would change more than perl", perl.Set, p.Name)
			}
		}
	}
	c.Sets[perl.Set] = slices.Delete(set, at, at+1)
	g := slices.IndexFunc(c.Groups, func(g diff.CauseGroup) bool { return g.Name == "curl" })
	if g < 0 || len(c.Shared) > 0 {
		t.Fatalf("the spack-gen report's groups are not the known ones: %+v", c.Groups)
	}
	c.Groups[g].Specs--
	c.Groups[g].Rebuilt--
	var js bytes.Buffer
	if err := jsonv1.JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(path, js.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	stderr.Reset()
	code := run([]string{"render", path}, &out, &stderr)
	want := fmt.Sprintf(`packages[%d].specs.rebuilt[0].why.changed[%d]: "curl" %q → %q changed for a reason of its own (causes.table[%d], its pair's why.self), but the root causes of "perl" (why.set %d) do not hold that change`,
		pi, k, curl.OldHash, curl.NewHash, self, perl.Set)
	if code != 2 || !strings.Contains(stderr.String(), want) || out.Len() > 0 {
		t.Errorf("render of the edited report: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", code, out.Len(), stderr.String(), want)
	}
}
