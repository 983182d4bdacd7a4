package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestMissingOnceAcrossFolder (issue 35, class e): the decoder caps its
// warnings of dependencies not in the file per file, so a folder of N
// spec files each lacking the same dependency, which no file of the
// folder holds, warned N times, and N files each lacking a dependency
// of their own N times. The same dependency warns once, counting the
// other files that lack it; the first 20 dependencies of the folder warn
// each, and one warning counts the rest. What is kept does not depend on
// the order the files were written in.
func TestMissingOnceAcrossFolder(t *testing.T) {
	gone := strings.Repeat("n", 32)
	write := func(files int, own bool, reverse bool) string {
		dir := t.TempDir()
		for k := range files {
			i := k
			if reverse {
				i = files - 1 - k
			}
			deps := `,"dependencies":[` + renameEdge("gone", gone) + `]`
			if own {
				deps = `,"dependencies":[` + renameEdge(fmt.Sprintf("gone%d", i), hashN(1000+i)) + `]`
			}
			data := renameFile(renameNode(fmt.Sprintf("pkg%03d", i), hashN(i+2), deps))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("pkg%03d.spec.json", i)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	for _, files := range []int{2, 50} {
		var runs [2][]Warning
		for r, reverse := range []bool{false, true} {
			s, err := Load(write(files, false, reverse), Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range s.Warnings {
				w.File = filepath.Base(w.File)
				runs[r] = append(runs[r], w)
			}
		}
		if len(runs[0]) != 1 {
			t.Fatalf("%d files lacking gone: %d warnings %+v, want 1", files, len(runs[0]), runs[0])
		}
		w := runs[0][0]
		if want := fmt.Sprintf("dependency gone/"+gone+" is not in the file (nor in %s naming it)", plural(files-1, "more file")); w.File != "pkg000.spec.json" || !strings.Contains(w.Message, want) {
			t.Errorf("%d files: %s: %q; want pkg000.spec.json: …%s", files, w.File, w.Message, want)
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Errorf("%d files: the warnings differ with the files written in another order:\n%+v\n%+v", files, runs[0], runs[1])
		}
	}
	// Each file its own dependency: 20 named, one counting the rest.
	s, err := Load(write(50, true, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	named, more := 0, ""
	for _, w := range s.Warnings {
		switch {
		case strings.HasSuffix(w.Message, " is not in the file"):
			named++
		case strings.Contains(w.Message, " more dependencies"):
			if more != "" {
				t.Errorf("two warnings count the rest: %q, %q", more, w.Message)
			}
			more = filepath.Base(w.File) + ": " + w.Message
		default:
			t.Errorf("%s: %q", w.File, w.Message)
		}
	}
	if want := "pkg020.spec.json: 30 more dependencies, of 30 files, are in no file of the folder, the first of them at this line"; named != 20 || more != want {
		t.Errorf("50 files each lacking its own dependency: %d named, then %q; want 20 and %q", named, more, want)
	}
}

// TestMissingRestAcrossFilesNamesFolder (issue 35 class e): the warning
// that counts the folder's dependencies past the first 20 named is
// filed at one file, but counts the edges of several: it said "30 more
// dependencies are not in the file" at pkg000.spec.json, which lacks 5
// of them. It names the folder and the files; the rest of one file
// alone is the decoder's message, as before.
func TestMissingRestAcrossFilesNamesFolder(t *testing.T) {
	write := func(files, each int) string {
		dir := t.TempDir()
		for i := range files {
			var edges []string
			for k := range each {
				edges = append(edges, renameEdge(fmt.Sprintf("gone%d_%d", i, k), hashN(1000+100*i+k)))
			}
			data := renameFile(renameNode(fmt.Sprintf("pkg%03d", i), hashN(i+2), `,"dependencies":[`+strings.Join(edges, ",")+`]`))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("pkg%03d.spec.json", i)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	for _, c := range []struct {
		files, each int
		want        string
	}{
		// pkg000's 20 named and 5 counted, pkg001's 25 counted.
		{2, 25, "pkg000.spec.json: 30 more dependencies, of 2 files, are in no file of the folder, the first of them at this line"},
		{1, 25, "pkg000.spec.json: 5 more dependencies are not in the file, the first of them at this line"},
	} {
		s, err := Load(write(c.files, c.each), Options{})
		if err != nil {
			t.Fatal(err)
		}
		var counts []string
		for _, w := range s.Warnings {
			if strings.Contains(w.Message, " more dependencies") {
				counts = append(counts, filepath.Base(w.File)+": "+w.Message)
			}
		}
		if len(counts) != 1 || counts[0] != c.want {
			t.Errorf("%d files of %d dependencies in none: %q; want %q", c.files, c.each, counts, c.want)
		}
	}
}

// TestMissingLongNameTakenBackAndOnce (issue 35 class e): the decoder's
// warning of a dependency not in the file went through warnf, which
// clips each argument to maxQuoted bytes: the message, past 200 bytes
// (a dependency's name of 300), lost its end, " is not in the file",
// which says what is wrong and by which the loader knows it. A
// dependency of such a name that another file of the folder holds still
// warned, cut, and one that three files lack warned three times.
func TestMissingLongNameTakenBackAndOnce(t *testing.T) {
	long := strings.Repeat("d", 300)
	tree := map[string]string{
		"dep.spec.json": renameFile(renameNode(long, hashN(1), "")),
		"p.spec.json":   renameFile(renameNode("p", hashN(2), `,"dependencies":[`+renameEdge(long, hashN(1))+`]`)),
	}
	for i := range 3 {
		tree[fmt.Sprintf("g%d.spec.json", i)] = renameFile(renameNode(fmt.Sprintf("g%d", i), hashN(10+i), `,"dependencies":[`+renameEdge(long+"x", hashN(100))+`]`))
	}
	s, err := Load(writeTree(t, tree), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.Warnings {
		got = append(got, filepath.Base(w.File)+": "+w.Message)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "g0.spec.json: g0/") || !strings.Contains(got[0], "d"+cutmark.Of(long+"x")+"/") || !strings.HasSuffix(got[0], " is not in the file (nor in 2 more files naming it)") {
		t.Errorf("warnings %q; want one, of g0.spec.json, its name clipped, ending \" is not in the file (nor in 2 more files naming it)\"", got)
	}
}
