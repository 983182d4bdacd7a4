package spackfmt

import (
	"strings"
	"testing"
)

// TestCompilerNullRefused (lead (a) of the pass over 09fa8d7d, null in
// each field of a spec): a node's "compiler": null read as no compiler,
// and a compiler's "version" of null or a number as none (gcc), where
// Spack fails on both (CompilerSpec.from_dict, ver) and writes neither.
// Each is refused, naming the file, the spec and the field, in every
// kind of file that writes a compiler object (spec formats 2 to 4: spec
// files, indexes 6 to 8, lockfiles 4 and 5); a string version reads as
// before.
func TestCompilerNullRefused(t *testing.T) {
	const h = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	node := func(c string) string {
		return `{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":` + c + `,"hash":"` + h + `"}`
	}
	for _, c := range []struct{ value, at, want string }{
		{`null`, "compiler: ", "want a compiler object, as Spack writes it, not null: Spack fails on it"},
		{`{"name":"gcc","version":null}`, "compiler.version: ", "want a string, not null"},
		{`{"name":"gcc","version":12}`, "compiler.version: ", "want a string, not a number"},
		{`{"name":"gcc","version":"12"}`, "", ""},
	} {
		n := node(c.value)
		for _, f := range []struct{ kind, name, data, at string }{
			{"spec v2", "zlib.spec.json", `{"spec":{"_meta":{"version":2},"nodes":[` + n + `]}}`, "spec.nodes[0]."},
			{"spec v4", "zlib.spec.json", `{"spec":{"_meta":{"version":4},"nodes":[` + n + `]}}`, "spec.nodes[0]."},
			{"index v6", "index.json", `{"database":{"version":"6","installs":{"` + h + `":{"spec":` + n + `,"ref_count":0,"in_buildcache":true}}}}`, "database.installs." + h + ".spec."},
			{"index v7", "index.json", `{"database":{"version":"7","installs":{"` + h + `":{"spec":` + n + `,"ref_count":0,"in_buildcache":true}}}}`, "database.installs." + h + ".spec."},
			{"index v8", "index.json", `{"database":{"version":"8","installs":{"` + h + `":{"spec":` + n + `,"ref_count":0,"in_buildcache":true}}}}`, "database.installs." + h + ".spec."},
			{"lock v4", "spack.lock", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":4,"specfile-version":3},"roots":[{"hash":"` + h + `","spec":"zlib"}],"concrete_specs":{"` + h + `":` + n + `}}`, "concrete_specs." + h + "."},
			{"lock v5", "spack.lock", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + h + `","spec":"zlib"}],"concrete_specs":{"` + h + `":` + n + `}}`, "concrete_specs." + h + "."},
		} {
			set, err := Decode(f.name, []byte(f.data))
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%s %s: %v; want it read", f.kind, c.value, err)
			case c.want == "" && (len(set.Nodes) != 1 || set.Nodes[0].Compiler != "gcc@12"):
				t.Errorf("%s %s: %d nodes; want 1 of gcc@12", f.kind, c.value, len(set.Nodes))
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), f.name+":1:") || !strings.Contains(err.Error(), f.at+c.at+c.want)):
				t.Errorf("%s %s: err %v; want %q", f.kind, c.value, err, f.name+": "+f.at+c.at+c.want)
			}
		}
	}
}
