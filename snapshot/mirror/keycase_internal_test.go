package mirror

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestKeysReadAsSpack (a seventh adversarial pass, issue 35): Spack
// reads a manifest and a spec file with Python's json, whose keys match
// exactly, the last of a key given twice winning; encoding/json matches
// a struct's fields in any case ("Data", "CHECKSUM", "ſpec"), so a
// mirror could show cachediff another index blob, another checksum or
// another DAG than Spack reads: an index manifest whose "data" named the
// new index and whose "Data" named the old passed a removed-package gate
// as no changes. What is read is Spack's reading, or an error.
func TestKeysReadAsSpack(t *testing.T) {
	sumA, sumB := strings.Repeat("aa", 32), strings.Repeat("bb", 32)
	entry := func(sum string) string {
		return `{"contentLength": 10, "mediaType": "application/vnd.spack.db.v8+json", "compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + sum + `"}`
	}
	for _, c := range []struct{ name, in string }{
		{"Data after data", `{"version": 3, "data": [` + entry(sumA) + `], "Data": [` + entry(sumB) + `]}`},
		{"DATA before data", `{"DATA": [` + entry(sumB) + `], "version": 3, "data": [` + entry(sumA) + `]}`},
		{"a folded key", `{"version": 3, "data": [` + entry(sumA) + `], "dAtA": [` + entry(sumB) + `]}`},
		{"Checksum after checksum", `{"version": 3, "data": [` + strings.Replace(entry(sumA), `}`, `, "Checksum": "`+sumB+`"}`, 1) + `]}`},
		{"CHECKSUM before checksum", `{"version": 3, "data": [` + strings.Replace(entry(sumA), `{`, `{"CHECKSUM": "`+sumB+`", `, 1) + `]}`},
	} {
		m, err := DecodeManifest("m", []byte(c.in))
		if err != nil {
			continue // refused: never another reading than Spack's
		}
		if len(m.Data) != 1 || m.Data[0].Checksum != sumA {
			t.Errorf("%s: read %+v; Spack reads the entry of checksum %s", c.name, m.Data, sumA[:8])
		}
	}
	// A manifest without "version" or "data" as Spack spells them.
	for _, in := range []string{`{"Version": 3, "data": []}`, `{"version": 3, "Data": [` + entry(sumB) + `]}`} {
		if m, err := DecodeManifest("m", []byte(in)); err == nil && len(m.Data) != 0 {
			t.Errorf("DecodeManifest(%.50q): read %+v; Spack reads no entry", in, m.Data)
		}
	}

	node := func(name, hash string) string { return `{"name":"` + name + `","version":"1","hash":"` + hash + `"}` }
	for _, c := range []struct{ name, in, want string }{
		{"Nodes after nodes", `{"spec":{"_meta":{"version":5},"nodes":[` + node("curl", sumA) + `],"Nodes":[` + node("zlib", sumB) + `]}}`, "curl"},
		{"NODES before nodes", `{"spec":{"NODES":[` + node("zlib", sumB) + `],"_meta":{"version":5},"nodes":[` + node("curl", sumA) + `]}}`, "curl"},
		{"Spec after spec", `{"spec":{"_meta":{"version":5},"nodes":[` + node("curl", sumA) + `]},"Spec":{"_meta":{"version":5},"nodes":[` + node("zlib", sumB) + `]}}`, "curl"},
		{"a folded Version", `{"spec":{"_meta":{"version":5,"Version":4},"nodes":[` + node("curl", sumA) + `]}}`, "curl"},
	} {
		v, nodes, err := specNodes([]byte(c.in))
		if err != nil {
			continue
		}
		var n struct{ Name string }
		if len(nodes) != 1 || json.Unmarshal(nodes[0], &n) != nil || n.Name != c.want || v != 5 {
			t.Errorf("%s: read format %d, nodes %s; Spack reads format 5, %s", c.name, v, nodes, c.want)
		}
	}
	for _, in := range []string{`{"Spec":{"_meta":{"version":5},"nodes":[` + node("curl", sumA) + `]}}`, `{"spec":{"_meta":{"version":5},"Nodes":[` + node("curl", sumA) + `]}}`} {
		if _, nodes, err := specNodes([]byte(in)); err == nil {
			t.Errorf("specNodes(%.50q): read %s; Spack reads no node", in, nodes)
		}
	}
	for _, in := range []string{`{"hash":"` + sumA + `","Hash":"` + sumB + `"}`, `{"HASH":"` + sumB + `","hash":"` + sumA + `"}`} {
		if h, err := nodeHash(json.RawMessage(in)); err == nil && h != sumA {
			t.Errorf("nodeHash(%.50q) = %s; Spack reads %s", in, h[:8], sumA[:8])
		}
	}
	if h, err := nodeHash(json.RawMessage(`{"Hash":"` + sumB + `"}`)); err == nil && h != "" {
		t.Errorf("nodeHash of a node without \"hash\" = %s; Spack reads none", h[:8])
	}
}
