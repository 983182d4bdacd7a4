package spackfmt

import (
	"strings"
	"testing"
)

// TestVirtualHasNoName: a virtual with no name ("") on an edge is refused
// where Spack reads it, as a dependency or a spec with no name is, with
// the file, line and the path of the virtual. Read, it named a provider
// swap "" and its cause "", and render refused the engine's own report
// (causes.table[0].name: empty). A list Spack does not read (format 5
// reads "parameters") is no error.
func TestVirtualHasNoName(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		m = "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm"
	)
	edge := func(e string) string {
		return `[{"name":"mpich","hash":"` + m + `",` + e + `}]`
	}
	nodes := func(deps string) (app, mpich string) {
		return `{"name":"app","version":"1","dependencies":` + deps + `,"hash":"` + a + `"}`, `{"name":"mpich","version":"4.1","hash":"` + m + `"}`
	}
	lockfile := func(deps string) string {
		app, mpich := nodes(deps)
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"` + a + `","spec":"app"}],"concrete_specs":{
"` + a + `":` + app + `,
"` + m + `":` + mpich + `}}`
	}
	index := func(deps string) string {
		app, mpich := nodes(deps)
		return `{"database":{"version":"8","installs":{
"` + a + `":{"spec":` + app + `,"in_buildcache":true},
"` + m + `":{"spec":` + mpich + `,"in_buildcache":true}}}}`
	}
	spec := func(deps string) string {
		app, mpich := nodes(deps)
		return `{"spec":{"_meta":{"version":5},"nodes":[
` + app + `,
` + mpich + `]}}`
	}
	params := edge(`"parameters":{"deptypes":["build","link"],"virtuals":["mpi",""]}`)
	for _, c := range []struct {
		file, data, path string
	}{
		{"spack.lock", lockfile(params), "concrete_specs." + a + ".dependencies[0].parameters.virtuals[1]"},
		{"index.json", index(params), "database.installs." + a + ".spec.dependencies[0].parameters.virtuals[1]"},
		{"app.spec.json", spec(params), "spec.nodes[0].dependencies[0].parameters.virtuals[1]"},
	} {
		_, err := Decode(c.file, []byte(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.file+":2:") || !strings.Contains(err.Error(), c.path+": virtual has no name") {
			t.Errorf("%s: %v; want its line 2 and %s: virtual has no name", c.file, err, c.path)
		}
	}
	// Named, and where Spack does not read it, the file is read.
	for _, deps := range []string{
		edge(`"parameters":{"deptypes":["build","link"],"virtuals":["mpi"]}`),
		edge(`"parameters":{"deptypes":["build","link"],"virtuals":["mpi"]},"virtuals":[""]`),
	} {
		if _, err := Decode("spack.lock", []byte(lockfile(deps))); err != nil {
			t.Errorf("dependencies %s: %v", deps, err)
		}
	}
}

// TestObjectDependencyHasNoName: a dependency keyed "" in the object
// form of spec format 1 ({name: {hash, type}}) is refused, as one with
// no name in a list is. Read, an edge to a hash not in the file kept
// the name "": a cause named "", which render refused in the engine's
// own report (causes.table[0].name: empty).
func TestObjectDependencyHasNoName(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	for _, deps := range []string{
		`{"":{"hash":"` + b + `","type":["build","link"]}}`,
		`{"":"` + b + `"}`,
	} {
		index := `{"database":{"version":"6","installs":{
"` + a + `":{"spec":{"app":{"version":"1","dependencies":` + deps + `,"hash":"` + a + `"}},"in_buildcache":true}}}}`
		_, err := Decode("index.json", []byte(index))
		if want := `database.installs.` + a + `.spec.app.dependencies[""]: dependency has no name`; err == nil || !strings.HasPrefix(err.Error(), "index.json:2:") || !strings.Contains(err.Error(), want) {
			t.Errorf("dependencies %s: %v; want its line 2 and %s", deps, err, want)
		}
	}
}

// TestObjectDependencyNameIsItsKey: in the object form of spec format 1
// ({name: {hash, type}}), the key names the edge, as Spack reads it
// (spec.py, SpecfileV1: dep_name is the key); a "name" in the value is
// not read. Read, "name": "" named an edge to a hash not in the file ""
// past the check of the key (a cause named "", which render refused),
// and "name": "other" named it "other" where Spack names it zlib.
func TestObjectDependencyNameIsItsKey(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	for _, name := range []string{`""`, `"other"`} {
		deps := `{"zlib":{"name":` + name + `,"hash":"` + b + `","type":["build","link"]}}`
		index := `{"database":{"version":"6","installs":{
"` + a + `":{"spec":{"app":{"version":"1","dependencies":` + deps + `,"hash":"` + a + `"}},"in_buildcache":true}}}}`
		s, err := Decode("index.json", []byte(index))
		if err != nil {
			t.Fatalf("dependencies %s: %v", deps, err)
		}
		var got []string
		for _, w := range s.Warnings {
			got = append(got, w.Message)
		}
		if want := "app/" + a + ": dependency zlib/" + b + " is not in the file"; len(got) != 1 || got[0] != want {
			t.Errorf("dependencies %s: warnings %q, want [%q]", deps, got, want)
		}
	}
}
