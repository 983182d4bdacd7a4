package jsonv1

import (
	"bytes"
	"errors"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// evilEnum is what a forged report puts in a field that holds one of a
// fixed set of words: HTML, a mention, a table cell separator and a
// terminal escape.
const evilEnum = "<img src=x onerror=alert(1)> @alice |\x1b[2J"

// enumReport is a generated report with every enumerated field present:
// a gate, an ignored facet, updated and rebuilt pairs, update groups.
func enumReport(t *testing.T) *diff.Report {
	t.Helper()
	seed, pkgs := uint64(7), 40 // 555 specs, 559 KB of JSON
	if testing.Short() {
		// A quick inner loop: 3 packages (37 KB) with every list the
		// tests set a field of; TestDecodeEnums builds and decodes a
		// report for each field. make test uses the 40 packages.
		seed, pkgs = 19, 3
	}
	// Compared with --ignore target, as cachediff writes it: an ignored
	// facet changes the pairing, which render checks.
	r, err := reporttest.GenReportWith(seed, pkgs, diff.Filter{Ignore: []string{"target"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Gate, err = diff.CheckGate(r, []string{"removed-spec", "lost-os", "removed-package"}); err != nil {
		t.Fatal(err)
	}
	if len(r.Gate.Tripped) < 2 {
		t.Fatalf("the gate trips %d kinds: want 2 for the tests", len(r.Gate.Tripped))
	}
	r.Canonicalized = diff.ValueCounts{{Value: "compiler-exact-version", OldToNew: diff.OldToNew{Old: 2, New: 1}}}
	return r
}

// enumFields are the enumerated fields of a report: their JSON path and
// a setter, for the first package that has the list concerned.
func enumFields(t *testing.T, r *diff.Report) map[string]func(string) {
	t.Helper()
	f := map[string]func(string){
		"options.ignore[0]":              func(v string) { r.Options.Ignore[0] = v },
		"gate.fail_on[1]":                func(v string) { r.Gate.FailOn[1] = v },
		"gate.tripped[0].kind":           func(v string) { r.Gate.Tripped[0].Kind = v },
		"gate.tripped[1].unit":           func(v string) { r.Gate.Tripped[1].Unit = v },
		"updates[0].facet":               func(v string) { r.Updates[0].Facet = v },
		"packages[0].status":             func(v string) { r.Packages[0].Status = v },
		"packages[1].versions.direction": func(v string) { r.Packages[1].Versions.Direction = v },
	}
	found := map[string]bool{}
	for i := range r.Packages {
		p := &r.Packages[i]
		at := "packages[" + strconv.Itoa(i) + "].specs."
		if len(p.Specs.Added) > 0 && !found["added"] {
			found["added"] = true
			f[at+"added[0].hash"] = func(v string) { p.Specs.Added[0].Hash = v }
		}
		if len(p.Specs.Updated) > 0 && !found["updated"] {
			found["updated"] = true
			f[at+"updated[0].facet"] = func(v string) { p.Specs.Updated[0].Facet = v }
			f[at+"updated[0].old.hash"] = func(v string) { p.Specs.Updated[0].Old.Hash = v }
		}
		if len(p.Specs.Rebuilt) > 0 && !found["rebuilt"] {
			found["rebuilt"] = true
			f[at+"rebuilt[0].new.hash"] = func(v string) { p.Specs.Rebuilt[0].New.Hash = v }
		}
		if len(p.Specs.Removed) > 0 && !found["removed"] {
			found["removed"] = true
			f[at+"removed[0].hash"] = func(v string) { p.Specs.Removed[0].Hash = v }
		}
	}
	if len(found) != 4 || len(r.Updates) == 0 {
		t.Fatalf("the generated report lacks a list: %v, %d update groups", found, len(r.Updates))
	}
	return f
}

// TestDecodeEnums: a saved report decodes back as it was, but one with a
// value outside the known set in any enumerated field is refused, with
// the field's JSON path, whatever the value (HTML, a word cachediff never
// writes, a hash of the wrong length).
func TestDecodeEnums(t *testing.T) {
	var buf bytes.Buffer
	if err := JSON(&buf, enumReport(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := decodeReport(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatalf("a report cachediff wrote: %v", err)
	}
	paths := slices.Sorted(maps.Keys(enumFields(t, enumReport(t))))
	for i, path := range paths {
		values := []string{evilEnum, "Added", "", "abcdefghijklmnopqrstuvwxyz23456", "lost-"}
		if testing.Short() {
			// A quick inner loop: HTML or a near-miss, in turn, in path
			// order.
			values = values[i%2 : i%2+1]
		}
		for _, v := range values {
			if strings.HasPrefix(path, "gate.") && v == "abcdefghijklmnopqrstuvwxyz23456" {
				continue // a name: a kind or unit of a later cachediff
			}
			r := enumReport(t)
			enumFields(t, r)[path](v)
			buf.Reset()
			if err := JSON(&buf, r); err != nil {
				t.Fatal(err)
			}
			_, err := decodeReport(&buf)
			var e *EnumError
			if !errors.As(err, &e) || e.Path != path {
				t.Errorf("%s = %q: error %v, want one naming %s", path, v, err, path)
				continue
			}
			if !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("%s: error %q does not start with the path", path, err)
			}
		}
	}
	// Rule names, gate kinds and units are not closed sets: new ones
	// decode.
	r := enumReport(t)
	r.Canonicalized[0].Value = "rule-from-the-future"
	r.Gate.FailOn[0], r.Gate.Tripped[0].Kind, r.Gate.Tripped[0].Unit = "lost-moon", "lost-moon", "moon"
	buf.Reset()
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	if _, err := decodeReport(&buf); err != nil {
		t.Errorf("an unknown rule name: %v", err)
	}
}

// allowedTags are the HTML tags the built-in Markdown writes itself.
var allowedTags = regexp.MustCompile(`</?(?:details|summary|b)>|<a href="[^"<>]*">|</a>`)

// TestRenderHostileEnums: belt and braces under Decode. A report whose
// every enumerated field (and rule name) holds HTML, a mention, a pipe and
// a terminal escape renders as Markdown with no tag of its own, no
// mention and no broken table, and as text with no escape sequence.
func TestRenderHostileEnums(t *testing.T) {
	r := enumReport(t)
	for _, set := range enumFields(t, r) {
		set(evilEnum)
	}
	r.Canonicalized[0].Value = evilEnum
	var buf bytes.Buffer
	if err := Markdown(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	if rest := allowedTags.ReplaceAllString(md, ""); strings.Contains(rest, "<") {
		i := strings.Index(rest, "<")
		t.Errorf("Markdown holds a tag of the input: %q", rest[max(i-40, 0):min(i+40, len(rest))])
	}
	for _, bad := range []string{"@alice", "\x1b"} {
		if strings.Contains(md, bad) {
			t.Errorf("Markdown contains %q", bad)
		}
	}
	reporttest.CheckTableRows(t, md)
	buf.Reset()
	if err := renderText(&buf, r, Options{Title: "title\x1b]0;pwned\x07"}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(buf.String(), "\x1b\x07") {
		t.Errorf("text holds a control character:\n%q", buf.String())
	}
}
