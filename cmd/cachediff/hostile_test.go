package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHostileMarkdown renders the hostile pages (testdata/hostile: names,
// versions, compilers, variants, OSs, targets and stacks holding |,
// backticks, entities, @someone, newlines and 10,000 characters) and, as
// Spack's files, names, versions, compilers, OSes, targets and variants
// holding raw markup (a catalogue page cannot: the site prints its
// strings as HTML, so cachediff refuses a '<' there), and checks the
// Markdown as GitHub would read it: tables stay tables, no HTML but the
// report's own, nobody mentioned, long values shortened; and that the
// JSON keeps every value in full.
func TestHostileMarkdown(t *testing.T) {
	t.Chdir("../..")
	args := []string{"testdata/hostile/old", "testdata/hostile/new"}
	md := string(runOK(t, args, 1))
	checkMarkdownSafe(t, md)
	for _, want := range []string{
		"x\\|y\\`z&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;@&#8203;someone \\| injected \\| row \\|", // one cell
		"| @&#8203;someone | 1.0 | 1 |",
		"| &amp;lt;img src=x onerror=alert(1)&amp;gt; | 1.0 | 1 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown does not hold %q", want)
		}
	}
	// The 10,000-character value is cut: its first characters, "…" and
	// 8 digits of its digest (report.Shorten), 201 characters in all.
	if cut := regexp.MustCompile(`é+…[0-9a-f]{8}`).FindString(md); utf8.RuneCountInString(cut) != 201 {
		t.Errorf("Markdown's cut of the long value is %q (%d characters), want é… and 8 digits, 201 in all", cut, utf8.RuneCountInString(cut))
	}

	// The JSON holds the values whole.
	var doc struct {
		Packages []struct {
			Name  string
			Specs struct {
				Added   []struct{ Variants []string }
				Updated []struct {
					New struct{ Versions []string }
				}
			}
		}
	}
	if err := json.Unmarshal(runOK(t, append([]string{"-f", "json"}, args...), 1), &doc); err != nil {
		t.Fatal(err)
	}
	var names, variants []string
	for _, p := range doc.Packages {
		names = append(names, p.Name)
		for _, s := range p.Specs.Added {
			variants = append(variants, s.Variants...)
		}
	}
	if !slices.Contains(names, strings.Repeat("é", 10_000)) || !slices.Contains(names, "x|y`z&lt;script&gt;alert(1)&lt;/script&gt;@someone | injected | row |") {
		t.Errorf("JSON package names %q", names)
	}
	if !slices.Contains(variants, strings.Repeat("x", 10_000)) {
		t.Errorf("JSON lost the 10,000-character variant")
	}

	// Raw markup, newlines and all, from Spack's files.
	evil := "x|y`z<script>alert(1)</script>@someone\n| injected | row |"
	old, nu := hostileSpackPair(t, append([]string{evil, "<img src=x onerror=alert(1)>"}, hostileNames...))
	md = string(runOK(t, []string{old, nu}, 1))
	checkMarkdownSafe(t, md)
	for _, want := range []string{
		"x\\|y\\`z&lt;script&gt;alert(1)&lt;/script&gt;@&#8203;someone\\\\n\\| injected \\| row \\|", // one cell, its newline written \n
		"&lt;img src=x onerror=alert(1)&gt;",
		"&lt;/style&gt;&lt;style&gt;body\\{display:none\\}&lt;/style&gt;",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown of Spack's files does not hold %q", want)
		}
	}
	doc.Packages = nil
	if err := json.Unmarshal(runOK(t, []string{"-f", "json", old, nu}, 1), &doc); err != nil {
		t.Fatal(err)
	}
	names = names[:0]
	var versions []string
	for _, p := range doc.Packages {
		names = append(names, p.Name)
		for _, s := range p.Specs.Updated {
			versions = append(versions, s.New.Versions...)
		}
	}
	if !slices.Contains(names, evil) || !slices.Contains(versions, evil) {
		t.Errorf("JSON of Spack's files: names %q, new versions %q; want %q whole in both", names, versions, evil)
	}
}

// hostileSpackPair writes two folders of Spack spec files, one file a
// name, whose spec's name, OS, target, compiler and build_system variant
// are the name, its version 1.0 in old and the name in new, and returns
// them.
func hostileSpackPair(t *testing.T, names []string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	var out [2]string
	for side, label := range []string{"old", "new"} {
		out[side] = filepath.Join(dir, label)
		if err := os.MkdirAll(out[side], 0o755); err != nil {
			t.Fatal(err)
		}
		for i, name := range names {
			version := "1.0"
			if side == 1 {
				version = name
			}
			node := map[string]any{
				"name": name, "version": version,
				"arch":       map[string]any{"platform": "linux", "platform_os": name, "target": name},
				"compiler":   map[string]string{"name": name, "version": "1"},
				"parameters": map[string]string{"build_system": name},
				"hash":       "h" + string(rune('a'+i)) + strings.Repeat(string(rune('a'+side)), 30),
			}
			data, err := json.Marshal(map[string]any{"spec": map[string]any{"_meta": map[string]int{"version": 4}, "nodes": []any{node}}})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out[side], "p"+strconv.Itoa(i)+".spec.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out[0], out[1]
}

// reportTags are the HTML tags the Markdown report writes itself.
var reportTags = regexp.MustCompile(`^</?(details|summary|b)>|^<a href="[^"<>]*">|^</a>`)

// checkMarkdownSafe checks a Markdown report: every row of a table has its
// header's number of cells (counting the pipes no backslash escapes), no
// line is overlong, no HTML tag but the report's own, and no @ that could
// mention someone.
func checkMarkdownSafe(t *testing.T, md string) {
	t.Helper()
	if !utf8.ValidString(md) {
		t.Error("Markdown is not UTF-8")
	}
	header := -1
	for i, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "|") {
			n := cellSeparators(line)
			if header < 0 {
				header = n
			} else if n != header {
				t.Errorf("line %d: a table row of %d separators under a header of %d: %.200s", i+1, n, header, line)
			}
		} else {
			header = -1
		}
		if n := utf8.RuneCountInString(line); n > 4000 {
			t.Errorf("line %d: %d characters", i+1, n)
		}
		for j := strings.IndexByte(line, '<'); j >= 0; j = index(line, '<', j+1) {
			if !reportTags.MatchString(line[j:]) {
				t.Errorf("line %d: raw HTML %.40q", i+1, line[j:])
			}
		}
		for j := strings.IndexByte(line, '@'); j >= 0; j = index(line, '@', j+1) {
			if (j == 0 || !wordByte(line[j-1])) && j+1 < len(line) && wordByte(line[j+1]) {
				t.Errorf("line %d: a mention %.40q", i+1, line[j:])
			}
		}
	}
}

// cellSeparators counts the | of a table row that no backslash escapes
// (an even run of backslashes escapes itself, not the pipe).
func cellSeparators(line string) int {
	n := 0
	for i := 0; i < len(line); i++ {
		if line[i] != '|' {
			continue
		}
		b := 0
		for j := i - 1; j >= 0 && line[j] == '\\'; j-- {
			b++
		}
		if b%2 == 0 {
			n++
		}
	}
	return n
}

func index(s string, c byte, from int) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

func wordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// TestGoldenMarkdownSafe: every golden Markdown report passes the same
// checks.
func TestGoldenMarkdownSafe(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/golden/*.md")
	if len(files) < 4 {
		t.Fatalf("only %d golden Markdown reports", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) { checkMarkdownSafe(t, string(bytes.TrimSpace(data))) })
	}
}
