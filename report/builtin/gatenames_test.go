package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestGateLineQuotesNames (issue 35 class a): Markdown's gate line
// joins the kinds that tripped by " · ", each naming its packages (or
// values) in parentheses, and wrote each name as it is unless it was
// odd in a list: the package "a) · removed-package (1 package: b"
// removed read "removed-package (1 package: a) · removed-package (1
// package: b)", two trips. A name holding "·" or a parenthesis is
// quoted too (report.PartsQuoted), and a log's gate line quotes its
// steps' labels as their titles do (report.StepLabel).
func TestGateLineQuotesNames(t *testing.T) {
	gate := func(trips ...diff.Trip) string { return gateLine(t, "md", "Gate tripped", trips...) }
	forged := gate(diff.Trip{Kind: "removed-package", Count: 1, Unit: "package", Packages: []string{"a) · lost-compiler (1 compiler: b"}})
	two := gate(diff.Trip{Kind: "removed-package", Count: 1, Unit: "package", Packages: []string{"a"}},
		diff.Trip{Kind: "lost-compiler", Count: 1, Unit: "compiler", Values: []string{"b"}})
	if forged == two {
		t.Errorf("one trip reads as two: %s", forged)
	}
	if want := `removed-package (1 package: "a) · lost-compiler (1 compiler: b")`; !strings.Contains(forged, want) {
		t.Errorf("the gate line %s: want %s", forged, want)
	}
	if want := `removed-package (1 package: a) · lost-compiler (1 compiler: b)`; !strings.Contains(two, want) {
		t.Errorf("the gate line %s: want %s", two, want)
	}
}

// TestTextGateLineQuotesNames (issue 35 class a): text writes a trip
// of the gate a line each, "gate tripped: removed-package (1 package)
// in a", and quoted a name only where it was odd in a sentence
// (NamesQuoted): the package "a) · removed-package (1 package: b" read
// "gate tripped: removed-package (1 package) in a) · removed-package (1
// package: b", two trips on one line, and a compiler value "b) in c"
// as the compiler b of the package c. Its names are quoted as
// Markdown's gate line quotes them (report.PartsQuoted).
func TestTextGateLineQuotesNames(t *testing.T) {
	for _, c := range []struct {
		trip diff.Trip
		want string
	}{
		{diff.Trip{Kind: "removed-package", Count: 1, Unit: "package", Packages: []string{"a) · removed-package (1 package: b"}},
			`gate tripped: removed-package (1 package) in "a) · removed-package (1 package: b"`},
		{diff.Trip{Kind: "lost-compiler", Count: 1, Unit: "compiler", Values: []string{"b) in c"}, Packages: []string{"d"}},
			`gate tripped: lost-compiler (1 compiler: "b) in c") in d`},
		{diff.Trip{Kind: "removed-package", Count: 2, Unit: "package", Packages: []string{"a", "b"}},
			`gate tripped: removed-package (2 packages) in a, b`},
	} {
		if got := gateLine(t, "text", "gate tripped", c.trip); got != c.want {
			t.Errorf("the gate line\n%s\nwant\n%s", got, c.want)
		}
	}
}

// gateLine is the line holding marker of the report of one package
// zlib, its gate tripped by trips, in format name.
func gateLine(t *testing.T, name, marker string, trips ...diff.Trip) string {
	t.Helper()
	f, _ := report.Lookup(name)
	r := reporttest.OnePackage("zlib")
	r.SetGate(&diff.Gate{FailOn: []string{"removed-package", "lost-compiler"}, Tripped: trips})
	var buf bytes.Buffer
	if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.Contains(l, marker) {
			return l
		}
	}
	t.Fatalf("no %q line in\n%s", marker, buf.String())
	return ""
}

// TestLogGateLineQuotesLabels: a Markdown log's gate line names the
// step each trip is in by its new snapshot, "removed-spec (…) in b ·
// …", and wrote the label as it is: the snapshot "b · removed-spec (1
// spec: x) in c" read as two steps. It is quoted as a step's title
// quotes it (report.StepLabel).
func TestLogGateLineQuotesLabels(t *testing.T) {
	const label = "b · removed-spec (1 spec: x) in c"
	out := taggedLogGate(t, "a", label, "c")
	var line string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "Gate tripped") {
			line = l
		}
	}
	if !strings.Contains(line, ` in "`+label+`"`) || strings.Contains(line, " in "+label) {
		t.Errorf("the gate line names the step to %q unquoted: %s", label, line)
	}
}

// taggedLogGate is taggedLog in Markdown, its gate failing on every
// removed spec.
func taggedLogGate(t *testing.T, tags ...string) string {
	t.Helper()
	return seriesLog(t, "md", tags, tagged(tags), "removed-spec")
}
