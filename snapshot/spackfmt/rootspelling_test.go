package spackfmt

import "testing"

// TestRootSpeltAsSpackWrites: the roots Spack's environments write,
// read by the refusal of a root that names another package of the file
// (checkRoots, rootPackage), each read: an anonymous root given by its
// dependency alone, by its compiler alone or by a variant; a git
// version; a namespace of several words; a key=value first whose key
// is another package's name (a variant of that name, Spack reads no
// package there); and the spec's own name after spaces.
func TestRootSpeltAsSpackWrites(t *testing.T) {
	const th, ch = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez", "ddh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	node := func(h, name, deps string) string {
		return `"` + h + `":{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},` + deps + `"hash":"` + h + `"}`
	}
	for _, spec := range []string{
		"^cmake@1",
		"%gcc@12",
		"~shared ^cmake",
		"tool@git.0123456789abcdef0123456789abcdef01234567=1.0",
		"llnl.radiuss.tool@1",
		"cmake=on",
		"  tool +x ^cmake",
	} {
		lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + ch + `","spec":"cmake@1"},{"hash":"` + th + `","spec":"` + spec + `"}],"concrete_specs":{` +
			node(ch, "cmake", "") + "," + node(th, "tool", `"dependencies":[{"name":"cmake","hash":"`+ch+`","parameters":{"deptypes":["build"],"virtuals":[]}}],`) + `}}`)
		s, err := Decode("spack.lock", lock)
		if err != nil {
			t.Errorf("%q: %v; want it read", spec, err)
			continue
		}
		if len(s.Roots) != 2 || s.Roots[1].Name() != spec {
			t.Errorf("%q: roots %v; want two, the second spelt as written", spec, s.Roots)
		}
	}
}
