package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// TestGitHubCommentManyFilters (75th adversarial pass): the filters
// line, which a shortened Markdown report never cuts, named every
// --stack and --package, so that 10,000 of them (80 KB of names) made
// --github-comment exit 2, "--max-bytes 65536 is too small", with no
// report and no gate result: from the diff, from render of its saved
// report, and from log. Under a byte limit a filters line longer than a
// quarter of it names the first few values of each list and counts the
// rest.
func TestGitHubCommentManyFilters(t *testing.T) {
	const n = 10000
	dir := t.TempDir()
	var paths []string
	for k, bump := range []func(int) bool{nil, func(i int) bool { return i%3 == 0 }, func(i int) bool { return i%5 == 0 }} {
		var b bytes.Buffer
		if err := spackgen.WriteTinyLockfile(&b, n, bump); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, writeFile(t, dir, fmt.Sprintf("s%d.lock", k), b.Bytes()))
	}
	for _, flag := range []string{"--stack", "--package"} {
		var filters []string
		for i := range n {
			filters = append(filters, flag, fmt.Sprintf("p%d", i))
		}
		for _, c := range []struct {
			name string
			args []string
		}{
			{"diff", append(append([]string{}, filters...), paths[:2]...)},
			{"log", append(append([]string{"log"}, filters...), paths...)},
		} {
			if c.name == "log" && (flag == "--package" || testing.Short()) {
				continue // the same line in a log's head: --stack in full runs
			}
			var saved, stderr bytes.Buffer
			if code := run(append(append([]string{}, c.args...), "-f", "json"), &saved, &stderr); code != 1 {
				t.Fatalf("%s %s ×%d -f json: exit %d, want 1: %.300s", c.name, flag, n, code, stderr.String())
			}
			report := filepath.Join(t.TempDir(), "r.json")
			writeFile(t, filepath.Dir(report), "r.json", saved.Bytes())
			for _, args := range [][]string{
				append(append([]string{}, c.args...), "--github-comment"),
				{"render", "--github-comment", report},
				append(append([]string{}, c.args...), "--max-bytes", "20000"),
			} {
				var out bytes.Buffer
				stderr.Reset()
				code := run(args, &out, &stderr)
				if code != 1 {
					t.Errorf("%s %s ×%d %v: exit %d, want 1: %.300s", c.name, flag, n, args[len(args)-2:], code, stderr.String())
					continue
				}
				limit := 65536
				if args[len(args)-2] == "--max-bytes" {
					limit = 20000
				}
				if out.Len() > limit {
					t.Errorf("%s %s ×%d %v: %d bytes, want at most %d", c.name, flag, n, args[len(args)-2:], out.Len(), limit)
				}
				if !bytes.Contains(out.Bytes(), []byte(" and 9995 more")) {
					t.Errorf("%s %s ×%d %v: the filters line counts no rest:\n%.600s", c.name, flag, n, args[len(args)-2:], out.String())
				}
			}
		}
	}
}
