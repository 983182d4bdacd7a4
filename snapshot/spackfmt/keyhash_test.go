package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestIndexRecordKeyIsItsHash (adversarial pass 78): an index record
// keyed by another hash than its spec's own was read under the key, and
// the report named a hash that Spack (which names a spec by its node's
// hash) never shows; a lockfile of version 4 on already refused it. It
// is an error at the record, naming both hashes. A record whose node
// gives no hash is keyed as before.
func TestIndexRecordKeyIsItsHash(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	node := func(h string) string {
		return `{"name":"curl","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"}` + h + `}`
	}
	index := func(key, n string) string {
		return `{"database":{"version":"8","installs":{"` + key + `":{"spec":` + n + `,"in_buildcache":true}}}}`
	}
	_, err := Decode("index.json", []byte(index(a, node(`,"hash":"`+b+`"`))))
	var e *Error
	if !errors.As(err, &e) || e.Path != "database.installs."+a || !strings.Contains(e.Msg, "record "+a+" holds the spec of hash "+b) || e.Line != 1 || e.Col == 0 {
		t.Errorf("a record keyed %s whose spec says %s: %v (%+v), want an error at the record naming both", a, b, err, e)
	}
	for _, h := range []string{`,"hash":"` + a + `"`, ``} {
		set, err := Decode("index.json", []byte(index(a, node(h))))
		if err != nil || len(set.Nodes) != 1 || set.Nodes[0].Hash != a {
			t.Errorf("a record keyed by its spec's hash (%q): %v, %+v", h, err, set)
		}
	}
}
