package report

import (
	"bytes"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestFormats: every built-in format is found by its name and renders a
// report; an unknown name is not found; the list handed out is a copy.
func TestFormats(t *testing.T) {
	r := &diff.Report{Old: diff.Side{Path: "old"}, New: diff.Side{Path: "new"}}
	for _, f := range Formats() {
		g, ok := Lookup(f.Name)
		if !ok || g.Name != f.Name || g.Render == nil {
			t.Fatalf("Lookup(%q) = %+v, %v", f.Name, g, ok)
		}
		var b bytes.Buffer
		if err := g.Render(&b, r, Options{}); err != nil || b.Len() == 0 {
			t.Errorf("%s: %d bytes, %v", f.Name, b.Len(), err)
		}
	}
	if _, ok := Lookup("xml"); ok {
		t.Error(`Lookup("xml") found a format`)
	}
	Formats()[0].Name = "changed"
	if Formats()[0].Name != "md" {
		t.Error("Formats hands out its own list")
	}
}
