package spackfmt

import (
	"fmt"
	"testing"
)

// TestWrapperNamesTheSpec (pass 116a): a node wrapped in its package name
// ({"zlib": {...}}, lockfile versions 1 and 2, old indexes and spec
// files) is named by the wrapper: Spack's reader takes the name from it
// (SpecfileV1.name_and_data) and ignores a "name" inside. A "name" inside
// renamed the spec, so that an unchanged zlib was reported removed and
// another package added.
func TestWrapperNamesTheSpec(t *testing.T) {
	const h = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	for _, inner := range []string{`"name":"notzlib",`, `"name":5,`, ``} {
		lock := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},"roots":[{"hash":"%s","spec":"zlib"}],"concrete_specs":{"%s":{"zlib":{%s"version":"1.3","hash":"%s"}}}}`, h, h, inner, h)
		set, err := Decode("spack.lock", []byte(lock))
		if err != nil {
			t.Errorf("inner %q: %v", inner, err)
			continue
		}
		if len(set.Nodes) != 1 || set.Nodes[0].Name != "zlib" {
			t.Errorf("inner %q: nodes %+v, want one spec named zlib, as its wrapper names it", inner, set.Nodes)
		}
	}
	// Given twice inside, it is still a key given twice.
	lock := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},"roots":[{"hash":"%s","spec":"zlib"}],"concrete_specs":{"%s":{"zlib":{"name":"a","name":"b","version":"1.3","hash":"%s"}}}}`, h, h, h)
	if _, err := Decode("spack.lock", []byte(lock)); err == nil {
		t.Errorf("a name given twice inside a wrapped node: read, want an error")
	}
}
