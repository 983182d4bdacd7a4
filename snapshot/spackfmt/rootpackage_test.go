package spackfmt

import (
	"strings"
	"testing"
)

// TestRootNamingAnotherPackageRefused (class b: a report render
// refused): a lockfile root spelt with the name of another package of
// the file than its spec's (cmake for a spec of tool, beside cmake's
// own specs) loaded without a word, and the diff's stacks of that name
// broke a law ("a root's own spec is in its stack"). Spack writes a
// root's abstract spec, which names its spec's package or a virtual it
// provides: such a lockfile is refused, naming the root, its spelling
// and its spec's package. A virtual's name, the spec's own, a namespace
// before it, an anonymous spec and a key=value load.
func TestRootNamingAnotherPackageRefused(t *testing.T) {
	const th, ch = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez", "ddh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	lock := func(spec string) []byte {
		node := func(h, name, deps string) string {
			return `"` + h + `":{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},` + deps + `"hash":"` + h + `"}`
		}
		return []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + ch + `","spec":"cmake@1"},{"hash":"` + th + `","spec":"` + spec + `"}],"concrete_specs":{` +
			node(ch, "cmake", "") + "," + node(th, "tool", `"dependencies":[{"name":"cmake","hash":"`+ch+`","parameters":{"deptypes":["build"],"virtuals":[]}}],`) + `}}`)
	}
	for spec, want := range map[string]string{
		"cmake":            `roots[1].spec: root cmake/` + th + ` names the package cmake, but its spec is of tool: Spack writes a root's spec under its own package's name, or a virtual's it provides`,
		"cmake@3.0":        `root cmake@3.0/` + th + ` names the package cmake, but its spec is of tool`,
		"builtin.cmake+x":  `root builtin.cmake+x/` + th + ` names the package cmake, but its spec is of tool`,
		"cmake\\n%gcc":     `root "cmake\n%gcc"/` + th + ` names the package cmake, but its spec is of tool`,
		"tool":             "",
		"tool@=1 ^cmake":   "",
		"builtin.tool":     "",
		"mpi":              "", // a virtual: no package of the file
		"+x":               "",
		"build_type=Debug": "",
	} {
		_, err := Decode("spack.lock", lock(spec))
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v; want it read", spec, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: err %v; want %q", spec, err, want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: err %q is not one line", spec, err)
		}
	}
}
