package diff_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// writeIndexEntry writes one install of a drawn index.json (gIndex,
// labelledIndex): "hash":{"in_buildcache":true,"ref_count":0,"spec":
// {...}}, the spec of name and version over deps (name, hash each),
// byte for byte what json.Marshal writes of indexEntryMap's map
// (TestIndexEntryAsMarshal), without its reflection and key sorting:
// drawn tests write thousands of indexes, and json.Marshal was a sixth
// of their CPU.
func writeIndexEntry(b *strings.Builder, hash, name, version string, deps [][2]string) {
	writeIndexEntryOn(b, hash, name, version, "x86_64_v3", deps)
}

// writeIndexEntryOn is writeIndexEntry of a spec built for target.
func writeIndexEntryOn(b *strings.Builder, hash, name, version, target string, deps [][2]string) {
	jsonQuoted(b, hash)
	b.WriteString(`:{"in_buildcache":true,"ref_count":0,"spec":{"arch":{"platform":"linux","platform_os":"ubuntu22.04","target":`)
	jsonQuoted(b, target)
	b.WriteString(`},"compiler":{"name":"gcc","version":"13.2.0"},`)
	if len(deps) > 0 {
		b.WriteString(`"dependencies":[`)
		for i, d := range deps {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"hash":`)
			jsonQuoted(b, d[1])
			b.WriteString(`,"name":`)
			jsonQuoted(b, d[0])
			b.WriteString(`,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`)
		}
		b.WriteString(`],`)
	}
	b.WriteString(`"hash":`)
	jsonQuoted(b, hash)
	b.WriteString(`,"name":`)
	jsonQuoted(b, name)
	b.WriteString(`,"namespace":"builtin","parameters":{"build_system":"generic"},"version":`)
	jsonQuoted(b, version)
	b.WriteString(`}}`)
}

// jsonQuoted writes s as json.Marshal quotes it: as is between quotes
// when no byte needs escaping (printable ASCII but for ", \, <, > and
// &), else by json.Marshal.
func jsonQuoted(b *strings.Builder, s string) {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(s)
			if err != nil {
				panic(err)
			}
			b.Write(q)
			return
		}
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}

// indexEntryMap is the install writeIndexEntry writes, as the map
// json.Marshal writes (the oracle of TestIndexEntryAsMarshal).
func indexEntryMap(hash, name, version, target string, deps [][2]string) map[string]any {
	spec := map[string]any{"name": name, "version": version, "hash": hash, "namespace": "builtin",
		"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": target},
		"compiler":   map[string]any{"name": "gcc", "version": "13.2.0"},
		"parameters": map[string]any{"build_system": "generic"}}
	var dl []any
	for _, d := range deps {
		dl = append(dl, map[string]any{"name": d[0], "hash": d[1],
			"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}})
	}
	if dl != nil {
		spec["dependencies"] = dl
	}
	return map[string]any{"spec": spec, "ref_count": 0, "in_buildcache": true}
}

// writeIndexEntry writes what fmt.Sprintf("%q:%s") of the hash and
// json.Marshal of indexEntryMap write: with and without dependencies,
// one given twice, names and versions that JSON escapes (quotes,
// backslashes, <, > and &, control characters, non-ASCII), empty ones,
// and the specs of drawn graphs.
func TestIndexEntryAsMarshal(t *testing.T) {
	for _, c := range indexEntryCases() {
		m, err := json.Marshal(indexEntryMap(c.hash, c.name, c.version, c.target, c.deps))
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%q:%s", c.hash, m)
		var b strings.Builder
		writeIndexEntryOn(&b, c.hash, c.name, c.version, c.target, c.deps)
		if got := b.String(); got != want {
			t.Errorf("%+v:\n%s\njson.Marshal\n%s", c, got, want)
		}
	}
}

// indexEntryCases are the specs TestIndexEntryAsMarshal and
// TestIndexJSONAsMarshal write: with and without dependencies, one
// given twice, names, versions and targets that JSON escapes (quotes,
// backslashes, <, > and &, control characters, non-ASCII), empty ones,
// and the specs of drawn graphs.
func indexEntryCases() []indexSpec {
	cases := []indexSpec{
		{"zlib", "1.3", "aaaa", "x86_64_v3", nil},
		{"curl", "8.0", "bbbb", "x86_64_v3", [][2]string{{"zlib", "aaaa"}, {"zlib", "aaaa"}, {"gcc-runtime", "cccc"}}},
		{"a<b>&c", "1\\2", "cc\"c", "zen<4>", [][2]string{{"q\"\n\t\x01", "é€\u2028"}}},
		{"", "", "", "", [][2]string{{"", ""}}},
		{"naïve\x7f", "2\u2029", "dddd", "aarch64", nil},
		{"a&b", "1", "eeee", "x86_64_v3", [][2]string{{"c>d", "ffff"}}},
	}
	for shape := range uint64(20) {
		sh := drawGraph(rand.New(rand.NewPCG(shape, 7001)), shape%2 == 0)
		for _, sp := range sh.sides[1] {
			cases = append(cases, indexSpec{sp.name, sp.version, sp.id, "x86_64_v3", sp.deps})
		}
	}
	return cases
}

// indexJSONMarshal is indexJSON as json.Marshal of maps writes it (the
// oracle of TestIndexJSONAsMarshal): installs by hash, sorted, a hash
// given twice the last spec of it; no target is x86_64_v3.
func indexJSONMarshal(t *testing.T, specs []indexSpec) string {
	t.Helper()
	installs := map[string]any{}
	for _, s := range specs {
		target := s.target
		if target == "" {
			target = "x86_64_v3"
		}
		installs[s.hash] = indexEntryMap(s.hash, s.name, s.version, target, s.deps)
	}
	b, err := json.Marshal(map[string]any{"database": map[string]any{"version": "7", "installs": installs}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// indexJSON writes what json.Marshal of maps wrote (indexJSONMarshal):
// none, one and many specs, in and out of hash order, a hash given
// twice (the last spec of it kept), a spec without target.
func TestIndexJSONAsMarshal(t *testing.T) {
	all := indexEntryCases()
	twice := []indexSpec{all[1], all[0], {"zlib", "1.2", "aaaa", "", nil}, all[4], {"zlib", "1.4", "aaaa", "x86_64", nil}}
	for i, specs := range [][]indexSpec{nil, all[:1], all, twice, append(slices.Clone(all[6:]), all[:6]...)} {
		if got, want := indexJSON(t, specs), indexJSONMarshal(t, specs); got != want {
			t.Errorf("specs %d:\n%s\njson.Marshal\n%s", i, got, want)
		}
	}
}
