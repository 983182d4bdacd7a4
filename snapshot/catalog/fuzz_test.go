package catalog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// FuzzParsePage: parsePage never panics; what it accepts has valid, unique
// hashes in order and is canonical (a fixpoint of canonicalization); what
// it refuses is an error naming the file.
func FuzzParsePage(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(realDir, "*", "*", "specs.md"))
	seeds, _ := filepath.Glob("../../testdata/seeds/*.txt")
	files = append(files, seeds...)
	if len(files) < 30 {
		f.Fatalf("only %d real pages found", len(files))
	}
	for i, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		// Large pages cost the fuzzer much time on each input and more when it
		// minimizes one; their first specs show the same structure.
		page := trimPage(string(data), 2)
		f.Add([]byte(page))
		if i%3 != 0 {
			continue
		}
		// Broken and rewritten variants of some of them.
		f.Add([]byte(page[:len(page)/2]))
		f.Add([]byte(strings.TrimSuffix(page, "---")))
		f.Add([]byte(strings.ReplaceAll(page, "\n", "\r\n")))
		f.Add([]byte(toTaggedFlow(page)))
		f.Add([]byte(toBlockYAML(f, page)))
		f.Add([]byte(strings.Replace(page, `"hash": "`, `"hash": "X`, 1)))
		f.Add([]byte(strings.Replace(page, `, "os"`, ` "os"`, 1)))
	}
	for _, s := range []string{
		"",
		"---",
		"---\n---\n",
		head + "spec_details: [{]\n---\n",
		head + "spec_details:\n  [\n    {\"hash\": \"" + hashN(1) + "\"" + otherFields("") + "}\n  ]\nmeta: {}\n---\n",
		head + "spec_details: &a [*a]\n---\n",
		head + "spec_details:\n  - hash: " + hashN(1) + "\n    compiler: '%clang@=18'\n    variants: [\"++x\", \"a:='b,a'\"]\n" + otherFieldsYAML("compiler: variants:", "    ") + "---\n",
		"---\ntitle: zlib\nspec_files:\n  - spec-0.json\n---\n",
		testPage("zlib", "develop", simpleMeta(1), simpleSpec(1)),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, raw := range []bool{false, true} {
			pkg, counts, warnings, err := parsePage("fuzz.md", data, raw)
			if err != nil {
				var e *Error
				var np *NotInFormat
				switch {
				case errors.As(err, &np):
					e = np.Err
				case !errors.As(err, &e):
					t.Fatalf("error %v is a %T, not an *Error", err, err)
				}
				if e.File != "fuzz.md" || !strings.HasPrefix(err.Error(), "loading fuzz.md") || e.Line < 0 || e.Col < 0 {
					t.Fatalf("error %q (line %d, column %d) does not name the file", err, e.Line, e.Col)
				}
				// The place is in the file: a line it has, a column of
				// that line (or just after its end).
				if e.Col > 0 && e.Line == 0 {
					t.Fatalf("error %q has a column but no line", err)
				}
				if lines := bytes.Split(data, []byte("\n")); e.Line > len(lines) {
					t.Fatalf("error %q at line %d of a file of %d lines", err, e.Line, len(lines))
				} else if e.Line > 0 && e.Col > len(lines[e.Line-1])+1 {
					t.Fatalf("error %q at column %d of a line of %d bytes", err, e.Col, len(lines[e.Line-1]))
				}
				if pkg != nil {
					t.Fatal("a package and an error")
				}
				continue
			}
			if pkg == nil || strings.TrimSpace(pkg.Name) == "" || pkg.File() != "fuzz.md" {
				t.Fatalf("package %+v", pkg)
			}
			for i, s := range pkg.Specs {
				if !IsHash(s.Hash) {
					t.Fatalf("spec %d has hash %q", i, s.Hash)
				}
				if i > 0 && pkg.Specs[i-1].Hash >= s.Hash {
					t.Fatalf("specs not sorted by hash or not unique: %s, %s", pkg.Specs[i-1].Hash, s.Hash)
				}
				if raw {
					continue
				}
				again := []Spec{cloneSpec(s)}
				c := NewFinisher(Options{Tarballs: true})
				if err := c.Finish("fuzz.md", 1, "spec_details", again, true); err != nil || !reflect.DeepEqual(again[0], s) || len(c.Counts()) != 0 {
					t.Fatalf("spec %d is not a fixpoint:\n%+v\n%+v\ncounts %v (%v)", i, s, again[0], c.Counts(), err)
				}
			}
			if raw && len(counts) != 0 {
				t.Fatalf("raw counts %v", counts)
			}
			for _, n := range counts {
				if n <= 0 {
					t.Fatalf("counts %v", counts)
				}
			}
			for _, w := range warnings {
				if w.File != "fuzz.md" || w.Message == "" {
					t.Fatalf("warning %+v", w)
				}
			}
		}
	})
}

// trimPage keeps the first n specs of a page's one-line spec_details.
func trimPage(page string, n int) string {
	start := strings.Index(page, "\nspec_details: [")
	if start < 0 {
		return page
	}
	end := start + 1 + strings.IndexByte(page[start+1:], '\n')
	if end <= start {
		end = len(page)
	}
	line := page[start:end]
	cut := 0
	for range n {
		i := strings.Index(line[cut:], "}, {")
		if i < 0 {
			return page
		}
		cut += i + 1
	}
	return page[:start] + line[:cut] + "]" + page[end:]
}

func TestTrimPage(t *testing.T) {
	page := testPage("zlib", "develop", nil, simpleSpec(1), simpleSpec(2), simpleSpec(3))
	page = strings.ReplaceAll(page, "},{", "}, {")
	pkg, _, _, err := parsePage("p.md", []byte(trimPage(page, 2)), false)
	if err != nil || len(pkg.Specs) != 2 {
		t.Fatalf("trimmed page: %v, %+v", err, pkg)
	}
	if trimPage(page, 3) != page {
		t.Error("a page of 3 specs trimmed to 3 changed")
	}
}
