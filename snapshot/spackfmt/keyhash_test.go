package spackfmt

import (
	"strconv"
	"strings"
	"testing"
)

// TestIndexRecordKeyIsItsHash: an index record keyed by another hash
// than its spec's own. Spack's database reader writes the record's key
// over the spec's hash before it reads the spec (Database.
// _read_spec_from_dict: spec_dict["hash"] = hash_key) and finds a
// dependency by the key alone (query_by_spec_hash), so it reads such a
// record as the spec of its key. Pass 78 refused the file instead, saying
// that Spack names a spec by its own hash: an index Spack reads could not
// be diffed, and the message told the user the opposite of what Spack
// does. The record is now read under its key, as Spack reads it, with a
// warning at the record that names both hashes; its spec's own hash names
// nothing (a dependency on it is not in the file, as Spack warns too). A
// record whose node gives no hash, or its key, is read as before.
func TestIndexRecordKeyIsItsHash(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		c = "cccccccccccccccccccccccccccccccc"
	)
	node := func(name, h, deps string) string {
		return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"}` + h + deps + `}`
	}
	index := func(records ...string) string {
		return `{"database":{"version":"8","installs":{` + strings.Join(records, ",") + `}}}`
	}
	record := func(key, n string) string {
		return "\n\"" + key + `":{"spec":` + n + `,"in_buildcache":true}`
	}
	dep := `,"dependencies":[{"name":"curl","hash":"` + b + `","parameters":{"deptypes":["link"],"virtuals":[]}}]`
	set, err := Decode("index.json", []byte(index(record(a, node("curl", `,"hash":"`+b+`"`, "")), record(c, node("git", `,"hash":"`+c+`"`, dep)))))
	if err != nil {
		t.Fatalf("a record keyed %s whose spec says %s: %v, want it read under its key, as Spack reads it", a, b, err)
	}
	if len(set.Nodes) != 2 || set.Nodes[0].Hash != a || set.Nodes[0].Name != "curl" {
		t.Fatalf("nodes %+v, want curl under its record's key %s", set.Nodes, a)
	}
	var said, dangling bool
	for _, w := range set.Warnings {
		if w.Line == 2 && strings.Contains(w.Message, a) && strings.Contains(w.Message, b) {
			said = true
		}
		if strings.Contains(w.Message, "dependency curl/"+b+" is not in the file") {
			dangling = true
		}
	}
	if !said {
		t.Errorf("warnings %+v, want one at the record (line 2) naming %s and %s", set.Warnings, a, b)
	}
	if !dangling {
		t.Errorf("warnings %+v: a dependency on the spec's own hash %s found it, where Spack finds a record by its key alone", set.Warnings, b)
	}
	if git := set.Nodes[1]; len(git.Deps) != 1 || git.Deps[0].Hash != b {
		t.Errorf("git's dependency %+v, want the hash it names, %s, left unresolved", git.Deps, b)
	}
	for _, h := range []string{`,"hash":"` + a + `"`, ``} {
		set, err := Decode("index.json", []byte(index(record(a, node("curl", h, "")))))
		if err != nil || len(set.Nodes) != 1 || set.Nodes[0].Hash != a || len(set.Warnings) != 0 {
			t.Errorf("a record keyed by its spec's hash (%q): %v, %+v", h, err, set)
		}
	}
}

// TestIndexRecordKeyIsItsHashPeak: an index of tiny records, each writing
// another hash than its key, got a warning per record, which held more
// than the record's bytes: it peaked at 4.39x its bytes while decoded,
// over the 4x budget (the same index, its records writing no hash,
// 3.57x). One warning counts them now, naming the first.
func TestIndexRecordKeyIsItsHashPeak(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 80000
	}
	data := []byte(strings.ReplaceAll(string(tinyIndex(n)), `"version":"1"}`, `"version":"1","hash":"dddddddddddddddddddddddddddddddd"}`))
	peak := decodePeak(t, data)
	t.Logf("%d records, %d bytes: peak %d (%.2fx)", n, len(data), peak, float64(peak)/float64(len(data)))
	if peak > 4*uint64(len(data)) {
		t.Errorf("an index of %d tiny records writing other hashes than their keys (%d bytes) peaks at %d bytes while decoded: over 4x", n, len(data), peak)
	}
	set, err := Decode("index.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Warnings) != 1 || !strings.HasPrefix(set.Warnings[0].Message, strconv.Itoa(n)+" records are keyed by other hashes") {
		t.Errorf("%d warnings, the first %+v; want one counting the %d records", len(set.Warnings), set.Warnings[:min(1, len(set.Warnings))], n)
	}
}
