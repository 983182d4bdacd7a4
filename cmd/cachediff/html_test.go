package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// htmlGoldenCases are the pages of the bundled real pair and the five
// real weeks (issue 32), the pair once more with a title and links.
var htmlGoldenCases = []struct {
	name string
	args []string
}{
	{"develop-2025-03.html", []string{"-f", "html", "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
	{"develop-2025-03-links.html", []string{"-f", "html", "--title", "Build cache: develop, week 13", "--link-base", "https://cache.spack.io/package/?name=",
		"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
	{"log-weekly.html", logArgs("-f", "html")},
}

func TestHTMLGolden(t *testing.T) {
	t.Chdir("../..")
	for _, tc := range htmlGoldenCases {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, tc.args, 1)
		})
	}
}

// TestHTMLRender: render of a saved JSON report or log writes the same
// page as the diff or the log that saved it.
func TestHTMLRender(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"pair", []string{"testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"}},
		{"log", logArgs()},
	} {
		page := runOK(t, withFormat(tc.args, "html"), 1)
		js := filepath.Join(dir, tc.name+".json")
		if err := os.WriteFile(js, runOK(t, withFormat(tc.args, "json"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := runOK(t, []string{"render", "-f", "html", js}, 1); !bytes.Equal(got, page) {
			t.Errorf("%s: render of the JSON differs from the page:\n%s", tc.name, lineDiff(page, got))
		}
	}
}
