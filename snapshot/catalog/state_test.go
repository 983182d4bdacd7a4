package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// TestKeptBytes: what a state keeps is counted as it reads pages, and
// the merged list texts once shared, and the recent ones.
func TestKeptBytes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(realDir, "develop-2025-03-30", "*", "specs.md"))
	if len(files) == 0 {
		t.Fatal("no real pages")
	}
	a, b := newState(), newState()
	for i, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		st := a
		if i%2 == 1 {
			st = b
		}
		if _, _, err := st.Decode(file, data, NewFinisher(Options{})); err != nil {
			t.Fatal(err)
		}
	}
	check := func(when string) {
		for _, st := range []*state{a, b} {
			want := 0
			for s := range st.in.All() {
				want += len(s)
			}
			for f := range st.scan.lists.seen {
				for text := range st.scan.lists.seen[f] {
					want += len(text)
				}
			}
			if b := st.scan.lists.base; b != nil {
				for f := range b.m {
					for text := range b.m[f] {
						want += len(text)
					}
				}
			}
			for f := range st.scan.lists.recent {
				for _, e := range st.scan.lists.recent[f] {
					want += len(e.text) + 16*len(e.list) + 2*len(e.counted)
				}
			}
			if n, got := st.Kept(); got != want || got == 0 || n != st.in.Len() {
				t.Errorf("%s: Kept %d strings, %d bytes; want %d, %d", when, n, got, st.in.Len(), want)
			}
		}
	}
	check("read")
	decoder{}.Share([]State{a, b})
	check("shared")
}

// TestShareLists: after shareLists, every state finds the list texts any
// of them read, in one table they share, and its own tables are empty;
// texts read after that are merged with those at the next shareLists;
// and the merged table holds at most maxListTexts texts.
func TestShareLists(t *testing.T) {
	a, b := newState(), newState()
	text := func(i int) string { return fmt.Sprintf(`["+v%d"]`, i) }
	read := func(st *state, from, to int) {
		if st.scan.lists.seen[1] == nil {
			st.scan.lists.seen[1] = map[string]listText{}
		}
		for i := from; i < to; i++ {
			st.scan.lists.seen[1][text(i)] = listText{text: text(i), list: []string{fmt.Sprintf("+v%d", i)}}
		}
	}
	finds := func(st *state, i int) bool {
		if st.scan.lists.base == nil {
			return false
		}
		_, ok := st.scan.lists.base.m[1][text(i)]
		return ok
	}
	read(a, 0, 10)
	read(b, 10, 20)
	shareLists([]*state{a, b})
	for _, st := range []*state{a, b} {
		for i := range 20 {
			if !finds(st, i) {
				t.Fatalf("after shareLists a state does not find text %d", i)
			}
		}
		if n := len(st.scan.lists.seen[1]); n != 0 {
			t.Errorf("after shareLists a state keeps %d texts of its own, want 0", n)
		}
	}
	if a.scan.lists.base != b.scan.lists.base {
		t.Error("the states do not share one table")
	}
	// The next Load reads more; its states share them all the next time.
	read(b, 20, 25)
	shareLists([]*state{b, a})
	for i := range 25 {
		if !finds(a, i) || !finds(b, i) {
			t.Fatalf("after a second shareLists a state does not find text %d", i)
		}
	}
	// Bounded.
	read(a, 100, 100+maxListTexts)
	shareLists([]*state{a, b})
	if n := len(a.scan.lists.base.m[1]); n != maxListTexts {
		t.Errorf("merged table holds %d texts, want maxListTexts (%d)", n, maxListTexts)
	}
	// Full, it keeps the newest: what the next Load reads.
	read(b, -100, 0)
	shareLists([]*state{b, a})
	for i := -100; i < 0; i++ {
		if !finds(a, i) {
			t.Fatalf("a full merged table does not take text %d, read last", i)
		}
	}
}

// TestForgetInPlace: a state that forgets (Forget, which Shared calls on
// a state that keeps too much for the next Load) keeps nothing, keeps its
// interning table's memory, and decodes the pages of another tree as a
// new state does. Shared made a new state instead, 300 KB a Load: a log
// of tiny snapshots, each forgetting, allocated that per step
// (TestLogTinySnapshotsAlloc, in cmd/cachediff).
func TestForgetInPlace(t *testing.T) {
	read := func(tag string) ([]string, [][]byte) {
		files, _ := filepath.Glob(filepath.Join(realDir, tag, "*", "specs.md"))
		if len(files) == 0 {
			t.Fatal("no real pages")
		}
		var data [][]byte
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			data = append(data, b)
		}
		return files, data
	}
	decode := func(st *state, files []string, data [][]byte) []*Package {
		var all []*Package
		for i, file := range files {
			pkgs, _, err := st.Decode(file, data[i], NewFinisher(Options{Tarballs: true}))
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, pkgs...)
		}
		return all
	}
	st := newState()
	oldFiles, oldData := read("develop-2025-03-23")
	decode(st, oldFiles, oldData)
	in := st.in
	st.Forget()
	if n, b := st.Kept(); n != 0 || b != 0 {
		t.Errorf("a forgotten state keeps %d strings, %d bytes", n, b)
	}
	if st.in != in {
		t.Error("Forget made a new interning table")
	}
	files, data := read("develop-2025-03-30")
	got, want := decode(st, files, data), decode(newState(), files, data)
	if len(want) == 0 {
		t.Fatal("no package decoded")
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("a forgotten state decodes a tree otherwise than a new state")
	}
}
