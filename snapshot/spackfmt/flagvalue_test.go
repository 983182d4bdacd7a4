package spackfmt

import (
	"strings"
	"testing"
)

// TestFlagNotListRefused (lead (a) of the pass over 344ea085): Spack
// reads a compiler flag parameter item by item (from_node_dict: for val
// in values), so the string "-O2" is the three flags "-", "O" and "2"
// (cflags="- O 2"), and a number or a boolean is refused; Spack writes a
// list. The string read as cflags=-O2, the number 2 as cflags=2 and true
// as +cflags, where Spack reads otherwise or nothing. Each is refused,
// naming the spec's place and the flag, in a spec file and an index; a
// list reads as before. null, which Spack fails on too (for val in None)
// and never writes, read as no flags: a file Spack refuses was read, its
// flags said alike to a spec's of none.
func TestFlagNotListRefused(t *testing.T) {
	const h = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	node := func(v string) string {
		return `{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{"cflags":` + v + `},"hash":"` + h + `"}`
	}
	for _, c := range []struct{ value, want string }{
		{`"-O2"`, "not a string: Spack would read each of its characters as a flag"},
		{`"-O2 -g"`, "not a string"},
		{`""`, "not a string"},
		{`2`, "not a number"},
		{`true`, "not a boolean"},
		{`false`, "not a boolean"},
		{`{}`, "not an object"},
		{`null`, "not null: Spack fails on it"},
		{`["-O2", "-g"]`, ""},
	} {
		for _, f := range []struct{ name, data, at string }{
			{"zlib.spec.json", `{"spec":{"_meta":{"version":4},"nodes":[` + node(c.value) + `]}}`, "spec.nodes[0].parameters.cflags: "},
			{"index.json", `{"database":{"version":"7","installs":{"` + h + `":{"spec":` + node(c.value) + `,"ref_count":0,"in_buildcache":true}}}}`, "database.installs." + h + ".spec.parameters.cflags: "},
		} {
			set, err := Decode(f.name, []byte(f.data))
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%s %s: %v; want it read", f.name, c.value, err)
			case c.want == "" && len(set.Nodes) != 1:
				t.Errorf("%s %s: %d nodes; want 1", f.name, c.value, len(set.Nodes))
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), f.at+"want a list of flags, as Spack writes them, "+c.want)):
				t.Errorf("%s %s: err %v; want %q", f.name, c.value, err, f.at+"want a list of flags … "+c.want)
			}
		}
	}
}
