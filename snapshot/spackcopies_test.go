package snapshot

import (
	"strings"
	"testing"
)

// TestSpackCopiesAgreeAsSpackReads: two spec files of a folder that both
// hold a dependency, libx, whose edges they write alike but for their
// spelling are one spec to Spack: deptypes are a set (dt.canonicalize),
// an edge is named by its node (wire_spec_nodes files it under
// edge.spec.name), and the edges to one dependency are one (mergeEdges).
// The copies were compared edge by edge in the order written, so a
// folder whose files wrote libx's zlib (link, build) and (build, link),
// or its dependencies in another order once named by their nodes, was
// refused: "they differ in dependencies; a hash names one spec". Copies
// that Spack reads otherwise still differ.
func TestSpackCopiesAgreeAsSpackReads(t *testing.T) {
	const (
		c = "cccccccccccccccccccccccccccccccc"
		d = "dddddddddddddddddddddddddddddddd"
		x = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		m = "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm"
		z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	)
	edge := func(name, hash, types, virtuals string) string {
		return `{"name":"` + name + `","hash":"` + hash + `","parameters":{"deptypes":[` + types + `],"virtuals":[` + virtuals + `]}}`
	}
	node := func(name, hash string, deps ...string) string {
		s := `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + hash + `"`
		if len(deps) > 0 {
			s += `,"dependencies":[` + strings.Join(deps, ",") + `]`
		}
		return s + "}"
	}
	file := func(root, hash string, libxDeps ...string) string {
		return `{"spec":{"_meta":{"version":4},"nodes":[` + node(root, hash, edge("libx", x, `"build","link"`, "")) + "," +
			node("libx", x, libxDeps...) + "," + node("m", m) + "," + node("zlib", z) + "]}}"
	}
	usual := []string{edge("m", m, `"build","link"`, ""), edge("zlib", z, `"build","link"`, `"zlib-api"`)}
	for _, cs := range []struct {
		what   string
		other  []string
		differ bool
	}{
		{"deptypes in another order", []string{edge("m", m, `"build","link"`, ""), edge("zlib", z, `"link","build"`, `"zlib-api"`)}, false},
		{"an edge written by another name, so in another order", []string{edge("a-zlib", z, `"build","link"`, `"zlib-api"`), edge("m", m, `"build","link"`, "")}, false},
		{"one edge written as two", []string{edge("m", m, `"build","link"`, ""), edge("zlib", z, `"build"`, `"zlib-api"`), edge("zlib", z, `"link"`, "")}, false},
		{"another deptype", []string{edge("m", m, `"build","link"`, ""), edge("zlib", z, `"build"`, `"zlib-api"`)}, true},
		{"another virtual", []string{edge("m", m, `"build","link"`, ""), edge("zlib", z, `"build","link"`, "")}, true},
		{"another dependency", []string{edge("m", m, `"build","link"`, "")}, true},
	} {
		dir := writeTree(t, map[string]string{
			"curl.spec.json": file("curl", c, usual...),
			"git.spec.json":  file("git", d, cs.other...),
		})
		s, err := Load(dir, Options{})
		switch {
		case cs.differ && (err == nil || !strings.Contains(err.Error(), "they differ in dependencies")):
			t.Errorf("%s: %v, want the copies of libx to differ in dependencies", cs.what, err)
		case !cs.differ && err != nil:
			t.Errorf("%s: %v, want the copies of libx to agree, as Spack reads them", cs.what, err)
		case !cs.differ && s.Specs() != 2:
			t.Errorf("%s: %d specs, want curl and git", cs.what, s.Specs())
		}
	}
}

// TestSpackCopyKeptIsNotNamedByItsFile: of the copies of a spec that
// agree as Spack reads them (TestSpackCopiesAgreeAsSpackReads) but are
// written otherwise, the one kept was the first file's by name, so a
// report said "dependency zlib (link, build)" or "(build, link)" as the
// files were named. What is kept must not depend on the names: the
// copies written alike keep their spelling, the others the one of
// canonicalDeps. Both a spec two files list (their root) and one they
// hold as a dependency.
func TestSpackCopyKeptIsNotNamedByItsFile(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	)
	node := func(name, hash, deps string) string {
		return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + hash + `"` + deps + `}`
	}
	appDeps := func(types string) string {
		return `,"dependencies":[{"name":"zlib","hash":"` + z + `","parameters":{"deptypes":[` + types + `],"virtuals":[]}}]`
	}
	file := func(nodes ...string) string {
		return `{"spec":{"_meta":{"version":4},"nodes":[` + strings.Join(nodes, ",") + "]}}"
	}
	listed := func(types string) string {
		return file(node("app", a, appDeps(types)), node("zlib", z, ""))
	}
	held := func(root, types string) string {
		return file(node(root, b, `,"dependencies":[{"name":"app","hash":"`+a+`","parameters":{"deptypes":["build","link"],"virtuals":[]}}]`),
			node("app", a, appDeps(types)), node("zlib", z, ""))
	}
	kept := func(s *Snapshot) []string {
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				if p.Name == "app" {
					return sp.Deps()[0].Types
				}
			}
			for _, sp := range p.Unlisted() {
				if sp.Name == "app" {
					return sp.Deps()[0].Types
				}
			}
		}
		t.Fatal("no spec of app")
		return nil
	}
	for _, cs := range []struct {
		what       string
		one, other string
	}{
		{"listed", listed(`"link","build"`), listed(`"build","link"`)},
		{"a dependency", held("tool", `"link","build"`), held("tool", `"build","link"`)},
	} {
		var got [2][]string
		for i, names := range [2][2]string{{"a.spec.json", "b.spec.json"}, {"b.spec.json", "a.spec.json"}} {
			s, err := Load(writeTree(t, map[string]string{names[0]: cs.one, names[1]: cs.other}), Options{})
			if err != nil {
				t.Fatalf("%s: %v", cs.what, err)
			}
			got[i] = kept(s)
		}
		if strings.Join(got[0], ",") != "build,link" || strings.Join(got[1], ",") != "build,link" {
			t.Errorf("%s: app's zlib kept as (%s) and, the files renamed, (%s); want (build, link) both times", cs.what,
				strings.Join(got[0], ", "), strings.Join(got[1], ", "))
		}
	}
}

// Copies of a spec in two Spack files agree when one has a recipe hash
// and the other none (an older format's), and the copy kept was the first
// file's by name: a folder of two lockfiles, the first by name writing
// zlib without its package_hash, said "zlib hash changed" where, its
// folders renamed, it said "zlib recipe changed". The copy kept has the
// recipe any copy gives.
func TestSpackCopyKeepsARecipe(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		p = "pppppppppppppppppppppppppppppppppppppppppppppppp===="
	)
	node := func(name, hash, more string) string {
		return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + hash + `"` + more + `}`
	}
	file := func(nodes ...string) string {
		return `{"spec":{"_meta":{"version":4},"nodes":[` + strings.Join(nodes, ",") + "]}}"
	}
	recipe := `,"package_hash":"` + p + `"`
	held := func(root, more string) string {
		return file(node(root, b, `,"dependencies":[{"name":"app","hash":"`+a+`","parameters":{"deptypes":["build","link"],"virtuals":[]}}]`),
			node("app", a, more))
	}
	kept := func(s *Snapshot) string {
		for _, p := range s.Packages {
			for _, sp := range p.Specs {
				if p.Name == "app" {
					return sp.Recipe()
				}
			}
			for _, sp := range p.Unlisted() {
				if sp.Name == "app" {
					return sp.Recipe()
				}
			}
		}
		t.Fatal("no spec of app")
		return ""
	}
	for _, cs := range []struct {
		what       string
		one, other string
	}{
		{"listed", file(node("app", a, "")), file(node("app", a, recipe))},
		{"a dependency", held("tool", ""), held("tool", recipe)},
		// Listed in one file, a dependency in the other: the listed copy
		// is kept, and took no recipe from the other ("app hash
		// changed" of a recipe P → Q, whatever the files' names).
		{"listed, and a dependency with it", file(node("app", a, "")), held("tool", recipe)},
		{"listed with it, and a dependency", file(node("app", a, recipe)), held("tool", "")},
	} {
		for _, names := range [2][2]string{{"a.spec.json", "b.spec.json"}, {"b.spec.json", "a.spec.json"}} {
			s, err := Load(writeTree(t, map[string]string{names[0]: cs.one, names[1]: cs.other}), Options{})
			if err != nil {
				t.Fatalf("%s: %v", cs.what, err)
			}
			if got := kept(s); got != p {
				t.Errorf("%s, the copy without a recipe in %s: app kept with recipe %q; want %q", cs.what, names[0], got, p)
			}
		}
	}
	// Three copies: listed without, a dependency without, and a
	// dependency with it, in every order of their files' names.
	three := []string{file(node("app", a, "")), held("tool", ""), strings.ReplaceAll(held("git", recipe), b, strings.Repeat("c", 32))}
	for _, names := range [][3]string{{"a", "b", "c"}, {"a", "c", "b"}, {"b", "a", "c"}, {"b", "c", "a"}, {"c", "a", "b"}, {"c", "b", "a"}} {
		files := map[string]string{}
		for i, n := range names {
			files[n+".spec.json"] = three[i]
		}
		s, err := Load(writeTree(t, files), Options{})
		if err != nil {
			t.Fatalf("three copies %v: %v", names, err)
		}
		if got := kept(s); got != p {
			t.Errorf("three copies in %v: app kept with recipe %q; want %q", names, got, p)
		}
	}
}

// Copies of a spec in three Spack files, one without a recipe hash and
// two with other ones (a hash that names two recipes), were compared
// with the first file's copy alone: with the copy without a recipe first
// by name, both others agreed with it and the folder loaded, "no
// changes" (the copy kept took either recipe), where with the files
// renamed it was refused, "they differ in recipe". Every order refuses
// it, the two files with a recipe bad.
func TestSpackCopiesOfTwoRecipes(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	file := func(recipe string) string {
		more := ""
		if recipe != "" {
			more = `,"package_hash":"` + strings.Repeat(recipe, 28) + `===="`
		}
		return `{"spec":{"_meta":{"version":4},"nodes":[{"name":"app","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + a + `"` + more + `}]}}`
	}
	for _, order := range [][3]string{{"", "p", "q"}, {"", "q", "p"}, {"p", "", "q"}, {"q", "p", ""}} {
		files := map[string]string{}
		for i, r := range order {
			files[string(rune('a'+i))+".spec.json"] = file(r)
		}
		_, err := Load(writeTree(t, files), Options{})
		if err == nil || !strings.Contains(err.Error(), "they differ in recipe") || strings.Count(err.Error(), "they differ in recipe") != 2 {
			t.Errorf("recipes %q by name: %v; want two files differing in recipe", order, err)
		}
	}
}
