package patch

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestPatchPathNameQuotedShort (issue 35, classes a and e): render -f
// patch refuses a package name that is a path, and quoted it whole with
// %q: a name of a megabyte ("../" and as many x) made a line of a
// megabyte, two such names that differ past any screen read alike, and
// a lookalike (the Cyrillic а of "../а") stayed as it is. The name is
// quoted in ASCII, cut past 60 characters with the mark of its digest.
func TestPatchPathNameQuotedShort(t *testing.T) {
	spec := diff.Spec{Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Versions: []string{"1"}}
	refusal := func(name string) string {
		r := &diff.Report{Packages: []diff.Package{{Name: name, Status: diff.Added, Specs: diff.SpecChanges{Added: []diff.Spec{spec}}}}}
		var buf bytes.Buffer
		err := renderPatch(&buf, r, report.Options{})
		if err == nil {
			t.Fatalf("%.40q: no error", name)
		}
		return err.Error()
	}
	long := "../" + strings.Repeat("x", 1<<20)
	if msg := refusal(long + "1"); len(msg) > 400 {
		t.Errorf("a name of 1 MB: a message of %d bytes, want at most 400", len(msg))
	}
	if refusal(long+"1") == refusal(long+"2") {
		t.Errorf("two names of 1 MB that differ at their end: one message")
	}
	if msg, want := refusal("../\u0430"), `"../\u0430"`; !strings.Contains(msg, want) {
		t.Errorf("a lookalike: %s, want %s in it", msg, want)
	}
}
