package snapshot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// renameNode and renameEdge write a node and an edge of a spec file of
// format 4; renameFile, a spec file of nodes.
func renameNode(name, hash, deps string) string {
	return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + hash + `"` + deps + `}`
}

func renameEdge(name, hash string) string {
	return `{"name":"` + name + `","hash":"` + hash + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}`
}

func renameFile(nodes ...string) string {
	return `{"spec":{"_meta":{"version":4},"nodes":[` + strings.Join(nodes, ",") + `]}}`
}

// loadOpenSSLOver loads a folder of two spec files: zlib-ng's specs ng,
// and curl over openssl (on its third line) whose dependencies are edges;
// hash names curl's and openssl's specs ("c", "o").
func loadOpenSSLOver(t *testing.T, ng []string, hash func(string, int) string, edges []string) *Snapshot {
	t.Helper()
	dir := writeTree(t, map[string]string{
		"zlib-ng.spec.json": renameFile(ng...),
		"curl.spec.json": renameFile(renameNode("curl", hash("c", 0), `,"dependencies":[`+renameEdge("openssl", hash("o", 0))+`]`),
			"\n\n"+renameNode("openssl", hash("o", 0), `,"dependencies":[`+strings.Join(edges, ",")+`]`)),
	})
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRenameAcrossFilesWarnsOnce (issue 35, class e): a folder of spec
// files, an edge named "zlib" to a spec of zlib-ng in another file. The
// merge files the edge under zlib-ng with a warning ("a spec of
// "zlib-ng" in another file"), and the decoder's own warning for the
// same edge, "dependency zlib/aaaaaaa is not in the file", stood beside
// it: two warnings, the first of them no longer so once the folder was
// read. One warning an edge; an edge to a spec in no file of the folder
// keeps the decoder's. The edge is curl's own, or that of openssl below
// curl in curl's file: the decoder files a file's warnings on its first
// package (curl), and openssl's warned twice.
func TestRenameAcrossFilesWarnsOnce(t *testing.T) {
	a, b, c, x := strings.Repeat("a", 32), strings.Repeat("b", 32), strings.Repeat("c", 32), strings.Repeat("x", 32)
	deps := `,"dependencies":[` + renameEdge("zlib", a) + "," + renameEdge("gone", x) + `]`
	for name, curl := range map[string]string{
		"curl's edge":    renameFile(renameNode("curl", b, deps)),
		"openssl's edge": renameFile(renameNode("curl", b, `,"dependencies":[`+renameEdge("openssl", c)+`]`), renameNode("openssl", c, deps)),
	} {
		dir := writeTree(t, map[string]string{
			"zlib-ng.spec.json": renameFile(renameNode("zlib-ng", a, "")),
			"curl.spec.json":    curl,
		})
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var zlib, gone []string
		for _, w := range s.Warnings {
			switch {
			case strings.Contains(w.Message, "zlib") && strings.Contains(w.Message, "aaaaaaa"):
				zlib = append(zlib, w.Message)
			case strings.Contains(w.Message, "gone/xxxxxxx"):
				gone = append(gone, w.Message)
			}
		}
		if len(zlib) != 1 || !strings.Contains(zlib[0], `a spec of "zlib-ng" in another file`) {
			t.Errorf("%s: warnings of the edge to zlib-ng's spec: %q; want the one of its spec in another file", name, zlib)
		}
		if len(gone) != 1 || !strings.Contains(gone[0], "is not in the file") {
			t.Errorf("%s: warnings of the edge to a spec in no file: %q; want the decoder's", name, gone)
		}
	}
}

// TestMissingCountAfterFolder (issue 35, class e): the decoder names the
// first 20 dependencies not in its file and counts the rest in one
// warning ("5 more dependencies are not in the file"). Those of them
// whose spec another file of the folder holds are no longer missing
// once the folder is read: the count is of those left, at the line of
// the first of them, and goes at 0. Here openssl, below curl in its
// file, has 20 edges to specs in no file, then the edges of each case.
func TestMissingCountAfterFolder(t *testing.T) {
	hash := func(c string, i int) string {
		return strings.Repeat(c, 30) + string(rune('a'+i/26)) + string(rune('a'+i%26))
	}
	var gone []string
	for i := range 20 {
		gone = append(gone, renameEdge("gone", hash("g", i)))
	}
	var ng, found []string // zlib-ng's specs, and edges to them
	for i := range 3 {
		ng = append(ng, renameNode("zlib-ng", hash("n", i), ""))
		found = append(found, renameEdge("zlib", hash("n", i)))
	}
	late := []string{renameEdge("gone", hash("g", 20)), renameEdge("gone", hash("g", 21))}
	for _, tt := range []struct {
		name  string
		edges []string // after the 20 to specs in no file
		more  string   // the warning of the rest, "" for none
		line  int
	}{
		{"found, then 2 in no file", append(append([]string{}, found...), late...), "2 more dependencies are not in the file", 3},
		{"only found", found, "", 0},
		{"none found", late, "2 more dependencies are not in the file", 3},
	} {
		s := loadOpenSSLOver(t, ng, hash, append(append([]string{}, gone...), tt.edges...))
		named, more, line := 0, "", 0
		for _, w := range s.Warnings {
			switch {
			case strings.Contains(w.Message, " more dependencies are not in the file"):
				more, line = w.Message, w.Line
			case strings.Contains(w.Message, "is not in the file"):
				if !strings.Contains(w.Message, "dependency gone/") {
					t.Errorf("%s: %q; want none for an edge to a spec of zlib-ng", tt.name, w.Message)
				}
				named++
			}
		}
		if named != 20 {
			t.Errorf("%s: %d edges named not in the file, want 20", tt.name, named)
		}
		if !strings.HasPrefix(more, tt.more) || tt.more == "" && more != "" || line != tt.line {
			t.Errorf("%s: the warning of the rest: %q at line %d; want %q at line %d", tt.name, more, line, tt.more, tt.line)
		}
	}
}

// TestMissingRestNamedAfterFolder (issue 35, class e): the edges whose
// spec another file of the folder holds, among the first 20 that the
// decoder names, leave room for the edges it counted in its rest: each
// of those gets a warning of its own, up to 20 named, as the decoder
// writes a file's. With openssl's first 3 edges to specs of zlib-ng
// (found) and then gone's, 18 gone edges were 17 named and "1 more
// dependencies are not in the file", which named none of the rest;
// with 3 found first, 17 named and "10 more" named 10 of 27 edges.
func TestMissingRestNamedAfterFolder(t *testing.T) {
	hash := func(c string, i int) string {
		return string(rune('a'+i/26)) + string(rune('a'+i%26)) + strings.Repeat(c, 30)
	}
	var ng, found []string // zlib-ng's specs, and edges to them
	for i := range 3 {
		ng = append(ng, renameNode("zlib-ng", hash("n", i), ""))
		found = append(found, renameEdge("zlib", hash("n", i)))
	}
	for _, tt := range []struct {
		gone, named, more int // edges to specs in no file after the found; want named, and counted
	}{
		{18, 18, 0},
		{20, 20, 0},
		{27, 20, 7},
	} {
		var gone []string
		for i := range tt.gone {
			gone = append(gone, renameEdge("gone", hash("g", i)))
		}
		s := loadOpenSSLOver(t, ng, hash, append(append([]string{}, found...), gone...))
		named, more := map[string]bool{}, ""
		for _, w := range s.Warnings {
			switch {
			case strings.Contains(w.Message, " more dependencies are not in the file"):
				more = w.Message
				if w.Line != 3 {
					t.Errorf("%d gone: %q at line %d, want line 3", tt.gone, w.Message, w.Line)
				}
			case strings.Contains(w.Message, "is not in the file"):
				if !strings.Contains(w.Message, "dependency gone/") || named[w.Message] {
					t.Errorf("%d gone: %q; want one warning an edge to a spec in no file", tt.gone, w.Message)
				}
				named[w.Message] = true
			}
		}
		want := ""
		if tt.more > 0 {
			want = spackfmt.MoreMissingMessage(tt.more)
		}
		if len(named) != tt.named || more != want {
			t.Errorf("%d gone: %d edges named, rest %q; want %d named, rest %q", tt.gone, len(named), more, tt.named, want)
		}
	}
}

// TestMissingFoundUnderItsName (issue 35, class e): curl's edge "zlib"
// to a spec of zlib that another spec file of the folder holds is no
// dependency missing once the folder is read, though curl's file lacks
// it: the decoder's warning that it "is not in the file" goes, as it
// goes for an edge renamed across files.
func TestMissingFoundUnderItsName(t *testing.T) {
	a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
	dir := writeTree(t, map[string]string{
		"zlib.spec.json": renameFile(renameNode("zlib", a, "")),
		"curl.spec.json": renameFile(renameNode("curl", b, `,"dependencies":[`+renameEdge("zlib", a)+`]`)),
	})
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings: %+v; want none", s.Warnings)
	}
}

// TestMissingTakenBackLinear (issue 35, class c): a folder whose every
// spec file lacks a dependency that another file holds (gcc, in a spec
// file of its own) and one that none holds: each file's warnings are
// gone through once, and its hashes gathered once (takeBackMissing). 4x
// the files allocate at most 4.4x, and the dependency in no file warns
// once, counting the files that lack it.
func TestMissingTakenBackLinear(t *testing.T) {
	n := 100
	if !testing.Short() {
		n = 400
	}
	gcc, none := strings.Repeat("g", 32), strings.Repeat("n", 32)
	var allocs [2]uint64
	for k, files := range []int{n, 4 * n} {
		tree := map[string]string{"gcc.spec.json": renameFile(renameNode("gcc", gcc, ""))}
		for i := range files {
			deps := `,"dependencies":[` + renameEdge("gcc", gcc) + "," + renameEdge("gone", none) + `]`
			tree[fmt.Sprintf("pkg%d.spec.json", i)] = renameFile(renameNode(fmt.Sprintf("pkg%d", i), hashN(i+2), deps))
		}
		alloc, _, snap := loadCost(t, writeTree(t, tree))
		missing := 0
		for _, w := range snap.Warnings {
			if strings.Contains(w.Message, "dependency gcc/") {
				t.Fatalf("%d files: %q; want no warning of gcc, which a file holds", files, w.Message)
			}
			if strings.Contains(w.Message, "dependency gone/"+none+" is not in the file") {
				missing++
			}
		}
		if missing != 1 {
			t.Errorf("%d files: %d warnings of the dependency in no file, want 1, counting the other files (capMissingAcrossFiles)", files, missing)
		}
		allocs[k] = alloc
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the files allocate %.2fx the bytes (%d, then %d)", r, allocs[0], allocs[1])
	}
}
