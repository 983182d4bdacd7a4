package diff_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
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
	jsonQuoted(b, hash)
	b.WriteString(`:{"in_buildcache":true,"ref_count":0,"spec":{"arch":{"platform":"linux","platform_os":"ubuntu22.04","target":"x86_64_v3"},"compiler":{"name":"gcc","version":"13.2.0"},`)
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
func indexEntryMap(hash, name, version string, deps [][2]string) map[string]any {
	spec := map[string]any{"name": name, "version": version, "hash": hash, "namespace": "builtin",
		"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64_v3"},
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
	type entry struct {
		hash, name, version string
		deps                [][2]string
	}
	cases := []entry{
		{"aaaa", "zlib", "1.3", nil},
		{"bbbb", "curl", "8.0", [][2]string{{"zlib", "aaaa"}, {"zlib", "aaaa"}, {"gcc-runtime", "cccc"}}},
		{"cc\"c", "a<b>&c", "1\\2", [][2]string{{"q\"\n\t\x01", "é€\u2028"}}},
		{"", "", "", [][2]string{{"", ""}}},
		{"dddd", "naïve\x7f", "2\u2029", nil},
		{"eeee", "a&b", "1", [][2]string{{"c>d", "ffff"}}},
	}
	for shape := range uint64(20) {
		sh := drawGraph(rand.New(rand.NewPCG(shape, 7001)), shape%2 == 0)
		for _, sp := range sh.sides[1] {
			cases = append(cases, entry{sp.id, sp.name, sp.version, sp.deps})
		}
	}
	for _, c := range cases {
		m, err := json.Marshal(indexEntryMap(c.hash, c.name, c.version, c.deps))
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%q:%s", c.hash, m)
		var b strings.Builder
		writeIndexEntry(&b, c.hash, c.name, c.version, c.deps)
		if got := b.String(); got != want {
			t.Errorf("%+v:\n%s\njson.Marshal\n%s", c, got, want)
		}
	}
}
