package spackfmt

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestDepHashAloneIsBuildLink: a dependency written as its hash alone
// ({"zlib": "<hash>"}, Spack's original format) is a build and link
// dependency to Spack (spec.py, read_yaml_dep_specs: deptypes = ['build',
// 'link']). The decoder read it with no deptypes, so against a file that
// writes the same edge with its types, the edge read as changed, and a
// cause named a change that Spack does not see.
func TestDepHashAloneIsBuildLink(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	)
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":1},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"curl":{"version":"1","dependencies":{"zlib":"` + z + `"}}},
"` + z + `":{"zlib":{"version":"1"}}}}`
	set, err := Decode("spack.lock", []byte(lock))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range set.Nodes {
		if n.Name != "curl" {
			continue
		}
		if len(n.Deps) != 1 || n.Deps[0].Hash != z || !slices.Equal(n.Deps[0].Types, []string{"build", "link"}) {
			t.Errorf("curl's dependencies %+v, want zlib, a build and link dependency as Spack reads it", n.Deps)
		}
		return
	}
	t.Errorf("no curl in %+v", set.Nodes)
}

// TestDeptypeSpackRefuses: a deptype other than build, link, run and test
// makes Spack refuse the file (deptypes.py, flag_from_string raises). The
// decoder read it as written, so an edge of the one deptype "build, link"
// read as a change against the same edge written (build, link), and its
// cause said "hash changed", its two sides writing alike.
func TestDeptypeSpackRefuses(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	)
	for _, c := range []struct{ deps, bad string }{
		{`[{"name":"zlib","hash":"` + z + `","parameters":{"deptypes":["build, link"],"virtuals":[]}}]`, `"build, link"`},
		{`[{"name":"zlib","hash":"` + z + `","parameters":{"deptypes":["build","Link"],"virtuals":[]}}]`, `"Link"`},
		{`[{"name":"zlib","hash":"` + z + `","type":["build",""]}]`, `""`},
	} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"name":"curl","version":"1","dependencies":` + c.deps + `,"hash":"` + a + `"},
"` + z + `":{"name":"zlib","version":"1","hash":"` + z + `"}}}`
		_, err := Decode("spack.lock", []byte(lock))
		if err == nil || !strings.Contains(err.Error(), "deptype "+c.bad+" is not build, link, run or test") {
			t.Errorf("dependencies %s: %v, want deptype %s refused", c.deps, err, c.bad)
		}
	}
	// The four, in any order, and none, are read.
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"name":"curl","version":"1","dependencies":[{"name":"zlib","hash":"` + z + `","parameters":{"deptypes":["test","run","link","build"],"virtuals":[]}},{"name":"zlib","hash":"` + z + `","parameters":{"deptypes":[],"virtuals":[]}}],"hash":"` + a + `"},
"` + z + `":{"name":"zlib","version":"1","hash":"` + z + `"}}}`
	if _, err := Decode("spack.lock", []byte(lock)); err != nil {
		t.Errorf("the four deptypes: %v", err)
	}
}

// TestDeptypesOfTheFormat: Spack reads an edge's deptypes and virtuals
// from the key of the file's spec format and never from the other
// (spec.py: SpecfileV2 and V3 read "type", SpecfileV4 and V5 read
// "parameters": {"deptypes", "virtuals"}). The decoder read whichever
// came last, so a format 5 edge to gcc written {"parameters": {"deptypes":
// ["build"], "virtuals": ["c"]}, "type": ["link"]} read as a link
// dependency: the spec lost its compiler, a facet Spack reads as gcc.
func TestDeptypesOfTheFormat(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		g = "gggggggggggggggggggggggggggggggg"
	)
	params := `"parameters":{"deptypes":["build"],"virtuals":["c"]}`
	top := `"type":["link"],"virtuals":["cxx"]`
	for _, c := range []struct {
		lockVersion, specVersion int
		dep                      string
		types, virtuals          []string
		compiler                 string
	}{
		{6, 5, params + "," + top, []string{"build"}, []string{"c"}, "gcc@12"},
		{6, 5, top + "," + params, []string{"build"}, []string{"c"}, "gcc@12"},
		{5, 4, params + "," + top, []string{"build"}, []string{"c"}, ""},
		// Format 3 keeps no virtuals: Spack's reader gives none
		// (SpecfileV3: virtuals=()), under either key.
		{4, 3, params + "," + top, []string{"link"}, nil, ""},
		{4, 3, top + "," + params, []string{"link"}, nil, ""},
		// One of the two alone is read, whatever the format.
		{6, 5, top, []string{"link"}, []string{"cxx"}, ""},
		{4, 3, params, []string{"build"}, nil, ""},
		// "deptypes" beside the edge is no key Spack reads: "type" wins.
		{4, 3, `"type":["link"],"deptypes":["run"]`, []string{"link"}, nil, ""},
		{6, 5, `"type":["link"],"deptypes":["run"]`, []string{"link"}, nil, ""},
		{4, 3, `"deptypes":["run"]`, []string{"run"}, nil, ""},
	} {
		compiler := ""
		if c.specVersion < 5 {
			compiler = `"compiler":{"name":"clang","version":"9"},`
		}
		lock := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d,"specfile-version":%d},"roots":[{"hash":"`+a+`","spec":"curl"}],"concrete_specs":{
"`+a+`":{"name":"curl","version":"1",%s"dependencies":[{"name":"gcc","hash":"`+g+`",%s}],"hash":"`+a+`"},
"`+g+`":{"name":"gcc","version":"12","hash":"`+g+`"}}}`, c.lockVersion, c.specVersion, compiler, c.dep)
		set, err := Decode("spack.lock", []byte(lock))
		if err != nil {
			t.Fatalf("format %d, %s: %v", c.specVersion, c.dep, err)
		}
		for _, n := range set.Nodes {
			if n.Name != "curl" {
				continue
			}
			if len(n.Deps) != 1 || !slices.Equal(n.Deps[0].Types, c.types) || !slices.Equal(n.Deps[0].Virtuals, c.virtuals) {
				t.Errorf("format %d, %s: gcc read %+v, want deptypes %v and virtuals %v", c.specVersion, c.dep, n.Deps, c.types, c.virtuals)
			}
			if c.compiler != "" && n.Compiler != c.compiler {
				t.Errorf("format %d, %s: compiler %q, want %q", c.specVersion, c.dep, n.Compiler, c.compiler)
			}
		}
	}
}

// TestDepNamedByItsNode: Spack files an edge under the name of the node
// its hash names (spec.py, wire_spec_nodes: _add_edge_to_map(...,
// edge.spec.name, ...)), not under the name the dependency is written
// with. The decoder kept the written name, so curl depending on zlib's
// hash written "zlib-ng" against curl depending on it written "zlib" was
// a cause "dropped dependency zlib@1; new dependency zlib@1" of a
// dependency that stayed.
func TestDepNamedByItsNode(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	)
	for _, deps := range []string{
		// One hash each (the decoder's fast path), and two hashes.
		`[{"name":"zlib-ng","hash":"` + z + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}]`,
		`[{"name":"zlib-ng","hash":"` + z + `","build_hash":"` + z + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}]`,
	} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"name":"curl","version":"1","dependencies":` + deps + `,"hash":"` + a + `"},
"` + z + `":{"name":"zlib","version":"1","hash":"` + z + `"}}}`
		set, err := Decode("spack.lock", []byte(lock))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range set.Nodes {
			if n.Name != "curl" {
				continue
			}
			if len(n.Deps) != 1 || n.Deps[0].Name != "zlib" || n.Deps[0].Hash != z {
				t.Errorf("%s: curl's dependencies %+v, want zlib, its node's name", deps, n.Deps)
			}
		}
	}
}

// TestDeptypeRefusedWhereSpackReads: a deptype Spack refuses makes the
// file refused only in the key Spack reads (TestDeptypesOfTheFormat): a
// format 5 edge of parameters (build) and "type": ["bogus"] is read by
// Spack, which never looks at "type" there; the decoder refused it.
func TestDeptypeRefusedWhereSpackReads(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		z = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	)
	for _, c := range []struct {
		lockVersion, specVersion int
		dep, refused             string
	}{
		{6, 5, `"type":["bogus"],"parameters":{"deptypes":["build"],"virtuals":[]}`, ""},
		{6, 5, `"parameters":{"deptypes":["build"],"virtuals":[]},"deptypes":["bogus"]`, ""},
		{4, 3, `"type":["build"],"parameters":{"deptypes":["bogus"],"virtuals":[]}`, ""},
		{6, 5, `"type":["build"],"parameters":{"deptypes":["bogus"],"virtuals":[]}`, `"bogus"`},
		{4, 3, `"parameters":{"deptypes":["build"],"virtuals":[]},"type":["bogus"]`, `"bogus"`},
	} {
		lock := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d,"specfile-version":%d},"roots":[{"hash":"`+a+`","spec":"curl"}],"concrete_specs":{
"`+a+`":{"name":"curl","version":"1","dependencies":[{"name":"zlib","hash":"`+z+`",%s}],"hash":"`+a+`"},
"`+z+`":{"name":"zlib","version":"1","hash":"`+z+`"}}}`, c.lockVersion, c.specVersion, c.dep)
		_, err := Decode("spack.lock", []byte(lock))
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("format %d, %s: %v, want it read as Spack reads it", c.specVersion, c.dep, err)
		case c.refused != "" && (err == nil || !strings.Contains(err.Error(), "2:") || !strings.Contains(err.Error(), "deptype "+c.refused+" is not build, link, run or test")):
			t.Errorf("format %d, %s: %v, want deptype %s refused at its line", c.specVersion, c.dep, err, c.refused)
		}
	}
}

// TestLockfileEdgesReadByItsVersion: Spack reads a lockfile's specs
// with the reader of its "lockfile-version" (environment.py,
// _read_lockfile_dict: READER_CLS[lockfile-version]; 5 is SpecfileV4,
// 4 is SpecfileV3) and never looks at its "specfile-version". The
// decoder took the edges' format from "specfile-version" when written,
// so a lockfile 5 saying specfile-version 3, whose edge to gcc writes
// parameters (build; c) and "type": [link], read a link dependency
// where Spack reads a build dependency providing c, and a "type" Spack
// never reads refused the file.
func TestLockfileEdgesReadByItsVersion(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		g = "gggggggggggggggggggggggggggggggg"
	)
	for _, c := range []struct {
		lockVersion, specVersion int
		dep                      string
		types, virtuals          []string
	}{
		{5, 3, `"parameters":{"deptypes":["build"],"virtuals":["c"]},"type":["link"]`, []string{"build"}, []string{"c"}},
		{6, 2, `"type":["link"],"parameters":{"deptypes":["build"],"virtuals":["c"]}`, []string{"build"}, []string{"c"}},
		// Formats 2 and 3 (lockfiles 1 to 4) keep no virtuals: Spack's
		// reader gives none, wherever they are written
		// (TestDeptypesOfTheFormat).
		{4, 4, `"parameters":{"deptypes":["build"],"virtuals":["c"]},"type":["link"]`, []string{"link"}, nil},
		{3, 5, `"type":["link"],"parameters":{"deptypes":["build"],"virtuals":["c"]}`, []string{"link"}, nil},
		// A deptype Spack refuses, in the key it never reads there.
		{5, 3, `"type":["bogus"],"parameters":{"deptypes":["build"],"virtuals":["c"]}`, []string{"build"}, []string{"c"}},
		{4, 5, `"type":["link"],"parameters":{"deptypes":["bogus"],"virtuals":[]}`, []string{"link"}, nil},
	} {
		lock := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d,"specfile-version":%d},"roots":[{"hash":"`+a+`","spec":"curl"}],"concrete_specs":{
"`+a+`":{"name":"curl","version":"1","compiler":{"name":"clang","version":"9"},"dependencies":[{"name":"gcc","hash":"`+g+`",%s}],"hash":"`+a+`"},
"`+g+`":{"name":"gcc","version":"12","hash":"`+g+`"}}}`, c.lockVersion, c.specVersion, c.dep)
		set, err := Decode("spack.lock", []byte(lock))
		if err != nil {
			t.Errorf("lockfile %d (specfile-version %d), %s: %v", c.lockVersion, c.specVersion, c.dep, err)
			continue
		}
		found := false
		for _, n := range set.Nodes {
			if n.Name != "curl" {
				continue
			}
			found = true
			if len(n.Deps) != 1 || !slices.Equal(n.Deps[0].Types, c.types) || !slices.Equal(n.Deps[0].Virtuals, c.virtuals) {
				t.Errorf("lockfile %d (specfile-version %d), %s: gcc read %+v, want deptypes %v and virtuals %v", c.lockVersion, c.specVersion, c.dep, n.Deps, c.types, c.virtuals)
			}
		}
		if !found {
			t.Errorf("lockfile %d: no curl in %+v", c.lockVersion, set.Nodes)
		}
	}
}

// TestLockfileSpecfileVersionUnread: a lockfile's "specfile-version" is
// a key Spack never reads (TestLockfileEdgesReadByItsVersion), so no
// value of it refuses the lockfile; null and 5.0 did ("want a version
// number", "bad version").
func TestLockfileSpecfileVersionUnread(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	// Given twice too: a key Spack never reads is no ambiguity (it was
	// refused, "Spack would read the last one alone").
	for _, v := range []string{"null", "5.0", `"5"`, "[]", "99", `5,"specfile-version":4`} {
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":` + v + `},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"name":"curl","version":"1","hash":"` + a + `"}}}`
		set, err := Decode("spack.lock", []byte(lock))
		if err != nil {
			t.Errorf("specfile-version %s: %v, want the lockfile read as Spack reads it", v, err)
			continue
		}
		if len(set.Nodes) != 1 || set.Nodes[0].Name != "curl" {
			t.Errorf("specfile-version %s: nodes %+v, want curl", v, set.Nodes)
		}
	}
}
