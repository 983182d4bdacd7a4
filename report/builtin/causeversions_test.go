package builtin_test

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsTellCauseVersionsApart (issue 35 class a): a cause's words
// wrote its versions as a pair's sides (None), where a highlight's
// one-for-one move quotes a version holding a space (MoveSide): the
// package "zl ib" from 1.0 and the package zl from "ib 1.0" both read
// "zl ib 1.0 → 2.0" in the causes sentence, a root's why and text's
// cause highlight. A cause's versions are written as the move's are,
// in every view that writes causes.
func TestViewsTellCauseVersionsApart(t *testing.T) {
	moves := []struct{ name, from, to string }{
		{"zl ib", "1.0", "2.0"}, {"zl", "ib 1.0", "2.0"}, {"zl", "1.0", "2.0"},
		{"zl", "1.0", "2.0 (1 spec)"}, {"zl", "1.0 → 2.0", "3.0"}, {"zl", `"1.0"`, "2.0"},
	}
	for _, format := range report.Formats() {
		f := format.Name
		seen := map[string]string{}
		for _, m := range moves {
			lock := lockfilePair(t, m.name, m.from, m.to)
			r := reporttest.ComparePaths(t, lock[0], lock[1])
			var buf bytes.Buffer
			if err := format.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, l := range strings.Split(buf.String(), "\n") {
				// Each line of causes, a root's why up to its path
				// (which names the package alone).
				if strings.Contains(l, "because of") || strings.Contains(l, "cause: ") || strings.Contains(l, " (via ") {
					l, _, _ = strings.Cut(html.UnescapeString(l), " (via ")
					lines = append(lines, l)
				}
			}
			what := fmt.Sprintf("%q %q → %q", m.name, m.from, m.to)
			if len(lines) == 0 && f != "json" && f != "patch" {
				t.Errorf("--format %s, %s: no cause written", f, what)
			}
			for _, got := range lines {
				if other, ok := seen[got]; ok && other != what {
					t.Errorf("--format %s: the causes %s and %s read alike: %s", f, what, other, got)
				}
				seen[got] = what
			}
		}
	}
}
