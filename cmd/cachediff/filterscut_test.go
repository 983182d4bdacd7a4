package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
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
// rest. The names are as long as a real package's, so that 2,500 of
// them make a line longer than a comment (10,000 short ones took 4
// times the CPU, diffing 4 times the packages, for a shorter line).
func TestGitHubCommentManyFilters(t *testing.T) {
	const n, long = 2500, "a-package-of-a-long-name-p"
	dir := t.TempDir()
	var paths []string
	for k, bump := range []func(int) bool{nil, func(i int) bool { return i%3 == 0 }, func(i int) bool { return i%5 == 0 }} {
		var b bytes.Buffer
		if err := spackgen.WriteTinyLockfile(&b, n, bump); err != nil {
			t.Fatal(err)
		}
		// Each spec's name and its root's spec: p<i> made long<i>.
		data := bytes.ReplaceAll(b.Bytes(), []byte(`"name":"p`), []byte(`"name":"`+long))
		data = bytes.ReplaceAll(data, []byte(`"spec":"p`), []byte(`"spec":"`+long))
		paths = append(paths, writeFile(t, dir, fmt.Sprintf("s%d.lock", k), data))
	}
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("%s%d", long, i))
	}
	if size := len(strings.Join(names, ", ")); size <= 65536 {
		t.Fatalf("the names take %d bytes, want more than a GitHub comment holds", size)
	}
	for _, flag := range []string{"--stack", "--package"} {
		var filters []string
		for _, name := range names {
			filters = append(filters, flag, name)
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
				if !bytes.Contains(out.Bytes(), []byte(fmt.Sprintf(" and %d more", n-5))) {
					t.Errorf("%s %s ×%d %v: the filters line counts no rest:\n%.600s", c.name, flag, n, args[len(args)-2:], out.String())
				}
			}
		}
	}
}
