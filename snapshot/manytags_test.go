package snapshot

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// manyTags is a snapshot of n pages, each of a tag of its own, laid out
// as folders calls for: "flat" puts every package's folder in the root,
// so that no folder holds one tag alone; "nested" puts them under one
// folder; "tagged" under a folder per tag, as _cache/ does.
func manyTags(root string, n int, layout string) *Snapshot {
	s := &Snapshot{Path: root}
	for i := range n {
		pkg, tag := fmt.Sprintf("pkg%d", i), fmt.Sprintf("t%05d", i)
		var file string
		switch layout {
		case "flat":
			file = filepath.Join(root, pkg, "specs.md")
		case "nested":
			file = filepath.Join(root, "all", pkg, "specs.md")
		case "tagged":
			file = filepath.Join(root, tag, pkg, "specs.md")
		}
		s.Packages = append(s.Packages, &Package{Name: pkg, Origin: &Origin{File: file, Tag: tag}})
	}
	return s
}

// TestManyTagsLinear (issue 35 item 18): a tree of many tags is refused in
// time linear in its pages (32,000 pages of distinct tags took 10 s, a
// pass over every page per tag), and the message lists a few tags, counts
// the rest and says how to pick one.
func TestManyTagsLinear(t *testing.T) {
	root := filepath.Join(t.TempDir(), "cache")
	n := 2000
	if testing.Short() {
		n = 500
	}
	for _, layout := range []string{"flat", "nested", "tagged"} {
		t.Run(layout, func(t *testing.T) {
			work := func(n int) (int64, *Error) {
				s := manyTags(root, n, layout)
				before := tagSteps.Load()
				odd, err := s.checkTags()
				if odd != nil || err == nil {
					t.Fatalf("%d pages of %d tags: odd pages %d, error %v; want the snapshot refused", n, n, len(odd), err)
				}
				return tagSteps.Load() - before, err
			}
			small, _ := work(n)
			big, err := work(4 * n)
			t.Logf("%s: %d pages %d steps, %d pages %d steps", layout, n, small, 4*n, big)
			if small <= 0 || float64(big) > 4.4*float64(small) {
				t.Errorf("%d pages of distinct tags: %d steps; %d pages: %d steps (%.1fx, want at most 4.4x)", n, small, 4*n, big, float64(big)/float64(small))
			}
			msg := err.Msg
			for _, want := range []string{fmt.Sprintf("pages of %d tags found: ", 4*n), "t00000 (1 page)", fmt.Sprintf("and %d more", 4*n-maxTagsListed), "a snapshot holds one tag"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q\nwants %q", msg, want)
				}
			}
			if strings.Contains(msg, fmt.Sprintf("t%05d", maxTagsListed)) {
				t.Errorf("message %q lists more than %d tags", msg, maxTagsListed)
			}
			pick := "put each tag's pages in a folder of their own"
			if layout == "tagged" {
				pick = "name one tag's folder, for example " + filepath.Join(root, "t00000")
			}
			if !strings.Contains(msg, pick) {
				t.Errorf("message %q\nwants %q", msg, pick)
			}
		})
	}
}

// tagFolderByTag is tagFolder as it was, a pass over the pages per tag:
// the oracle of TestTagFolderOracle.
func (s *Snapshot) tagFolderByTag(tags []string) string {
	home := func(p *Package) string {
		dir := filepath.Dir(p.File())
		if filepath.Base(p.File()) == "specs.md" {
			dir = filepath.Dir(dir)
		}
		return dir
	}
	for _, t := range append(slices.DeleteFunc(slices.Clone(tags), func(t string) bool { return t == "" }), "") {
		dir, first := "", true
		for _, p := range s.Packages {
			if p.Tag() == t {
				if first {
					dir, first = home(p), false
				} else {
					dir = commonDir(dir, home(p))
				}
			}
		}
		root := filepath.Clean(s.Path)
		if dir == "" || dir == root || !strings.HasPrefix(dir, root+string(filepath.Separator)) {
			continue
		}
		mixed := slices.ContainsFunc(s.Packages, func(p *Package) bool {
			return p.Tag() != t && strings.HasPrefix(p.File(), dir+string(filepath.Separator))
		})
		if !mixed {
			return dir
		}
	}
	return ""
}

// TestTagFolderOracle: the linear tagFolder picks the folder the pass per
// tag picked, on random trees of a few tags (none among them), pages at
// several depths, named specs.md or not.
func TestTagFolderOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 18))
	root := filepath.Join(t.TempDir(), "cache")
	dirs := []string{"a", "b", "a/x", "a/y", "b/x", "a/x/deep", "c"}
	tagNames := []string{"", "develop", "v1", "v2"}
	found := 0
	for round := range 3000 {
		s := &Snapshot{Path: root}
		for i := range 1 + rng.IntN(8) {
			name := "specs.md"
			if rng.IntN(3) == 0 {
				name = fmt.Sprintf("page%d.md", i)
			}
			file := filepath.Join(root, dirs[rng.IntN(len(dirs))], fmt.Sprintf("pkg%d", i), name)
			if rng.IntN(4) == 0 {
				file = filepath.Join(root, dirs[rng.IntN(len(dirs))], name)
			}
			s.Packages = append(s.Packages, &Package{Name: fmt.Sprint(i), Origin: &Origin{File: file, Tag: tagNames[rng.IntN(len(tagNames))]}})
		}
		seen := map[string]bool{}
		var tags []string
		for _, p := range s.Packages {
			if !seen[p.Tag()] {
				seen[p.Tag()] = true
				tags = append(tags, p.Tag())
			}
		}
		slices.Sort(tags)
		if got, want := s.tagFolder(tags), s.tagFolderByTag(tags); got != want {
			for _, p := range s.Packages {
				t.Logf("%s: %q", p.File(), p.Tag())
			}
			t.Fatalf("round %d: tagFolder %q, want %q", round, got, want)
		} else if got != "" {
			found++
		}
	}
	if found < 300 || found > 2700 {
		t.Errorf("a folder in %d rounds of 3000: the trees test too little", found)
	}
}
