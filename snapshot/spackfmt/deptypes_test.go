package spackfmt

import (
	"slices"
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
