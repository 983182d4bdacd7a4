package spackfmt

import (
	"strings"
	"testing"
)

// TestNoVirtualsBeforeFormat4 (issue 35 class e: over-refusal): Spack
// reads no virtuals in spec formats 1 to 3 (spec.py: SpecfileV1 and
// SpecfileV2, whose reader V3 is, give each edge virtuals=()), so a
// virtual with no name there is no error, under "virtuals" or
// "parameters", in a lockfile 4 or older, an index of database 6 and a
// spec file of format 3; and none is read. It was refused:
//
//	spack.lock:2:…: concrete_specs.aaaa….dependencies[0].virtuals[0]: virtual has no name: a dependency provides each virtual by its name
//
// From format 4 on, it is refused as before (TestVirtualHasNoName).
func TestNoVirtualsBeforeFormat4(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		m = "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm"
	)
	app := func(deps string) string {
		return `{"name":"app","version":"1","dependencies":[{"name":"mpich","hash":"` + m + `",` + deps + `}],"hash":"` + a + `"}`
	}
	mpich := `{"name":"mpich","version":"4.1","hash":"` + m + `"}`
	files := func(deps string) map[string]string {
		return map[string]string{
			"spack.lock": `{"_meta":{"file-type":"spack-lockfile","lockfile-version":4,"specfile-version":3},"roots":[{"hash":"` + a + `","spec":"app"}],"concrete_specs":{
"` + a + `":` + app(deps) + `,
"` + m + `":` + mpich + `}}`,
			"index.json": `{"database":{"version":"6","installs":{
"` + a + `":{"spec":` + app(deps) + `,"in_buildcache":true},
"` + m + `":{"spec":` + mpich + `,"in_buildcache":true}}}}`,
			"app.spec.json": `{"spec":{"_meta":{"version":3},"nodes":[
` + app(deps) + `,
` + mpich + `]}}`,
		}
	}
	for _, deps := range []string{
		`"type":["build","link"],"virtuals":[""]`,
		`"type":["build","link"],"virtuals":["mpi",""]`,
		`"type":["build","link"],"parameters":{"deptypes":["build","link"],"virtuals":[""]}`,
		`"parameters":{"deptypes":["build","link"],"virtuals":["mpi"]}`,
	} {
		for file, data := range files(deps) {
			set, err := Decode(file, []byte(data))
			if err != nil {
				t.Errorf("%s, %s: %v; want it read, as Spack reads it", file, deps, err)
				continue
			}
			for n := range set.All() {
				for _, d := range n.Deps {
					if len(d.Virtuals) > 0 {
						t.Errorf("%s, %s: %s read virtuals %q; Spack reads none in this format", file, deps, n.Name, d.Virtuals)
					}
				}
			}
		}
	}
	// Format 4 reads them, and refuses one with no name.
	data := strings.Replace(files(`"parameters":{"deptypes":["build","link"],"virtuals":[""]}`)["spack.lock"], `"lockfile-version":4,"specfile-version":3`, `"lockfile-version":5,"specfile-version":4`, 1)
	if _, err := Decode("spack.lock", []byte(data)); err == nil || !strings.Contains(err.Error(), "virtual has no name") {
		t.Errorf("lockfile 5: %v; want a virtual with no name refused", err)
	}
}
