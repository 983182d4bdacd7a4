package jsonv1

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogTimelineOrderHintsOlder: a log's timeline lists a package's
// versions in Spack's order, as a report's versions are, and that order
// changed between releases (a git ref by its assigned version, nightly,
// final). A report's versions out of that order are refused with what to
// do with an older cachediff's report; a log's timeline out of it was
// refused without, though an older cachediff's honest log of a package
// whose versions never changed (listed in no step) is refused there
// first.
func TestLogTimelineOrderHintsOlder(t *testing.T) {
	snaps := reporttest.GenSeries(7, 6, 3)
	buf := jsonLog(t, snaps)
	if _, err := DecodeLog(buf.Bytes()); err != nil {
		t.Fatalf("as written: %v", err)
	}
	var doc map[string]any
	d := json.NewDecoder(buf)
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	swapped := false
	for _, p := range doc["timeline"].(map[string]any)["packages"].([]any) {
		vs := p.(map[string]any)["versions"].([]any)
		for j := 1; j < len(vs) && !swapped; j++ {
			a, b := vs[j-1].(map[string]any), vs[j].(map[string]any)
			if a["version"] != b["version"] {
				a["version"], b["version"] = b["version"], a["version"]
				swapped = true
			}
		}
		if swapped {
			break
		}
	}
	if !swapped {
		t.Fatal("no package of two versions in the timeline")
	}
	edited, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	_, err = DecodeLog(edited)
	if err == nil || !strings.Contains(err.Error(), "timeline") || !strings.Contains(err.Error(), "if an older cachediff wrote this report") {
		t.Errorf("timeline versions out of Spack's order: error %v, want one naming the timeline that says what to do with an older cachediff's report", err)
	}
}

// TestLogTimelinePackagesFiltered (issue 35, class a): a saved log's
// options.packages edited in every step to one package, over a timeline
// of others too (and steps that list only that one), was rendered under
// that filter, exit 1. The timeline of a --package log lists only the
// packages its patterns match; a pattern that matches them all reads.
func TestLogTimelinePackagesFiltered(t *testing.T) {
	buf := jsonLog(t, reporttest.GenSeries(7, 40, 2))
	edit := func(patterns ...any) error {
		var doc map[string]any
		d := json.NewDecoder(bytes.NewReader(buf.Bytes()))
		d.UseNumber()
		if err := d.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		for _, s := range doc["steps"].([]any) {
			s.(map[string]any)["options"].(map[string]any)["packages"] = patterns
		}
		edited, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		_, err = DecodeLog(edited)
		return err
	}
	if err := edit("*"); err != nil {
		t.Fatalf("--package '*': %v", err)
	}
	// The names the steps list, each its own pattern: the steps hold to
	// them, and the timeline lists unchanged packages too.
	var doc struct {
		Steps []struct {
			Packages []struct{ Name string } `json:"packages"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var listed []any
	seen := map[string]bool{}
	for _, s := range doc.Steps {
		for _, p := range s.Packages {
			if !seen[p.Name] {
				seen[p.Name] = true
				listed = append(listed, p.Name)
			}
		}
	}
	if err := edit(listed...); err == nil || !strings.Contains(err.Error(), "matches none of the steps' options.packages") {
		t.Errorf("--package of the %d packages the steps list written in: error %v, want one naming a timeline package they do not match", len(listed), err)
	}
}
