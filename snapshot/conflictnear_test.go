package snapshot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConflictNamesNoFolderBelow (issue 35 class e: a message that
// sends the reader on a detour): a folder whose Spack files disagree on
// a hash is the snapshot meant; its errors say which hash and which two
// files. A folder below it that loaded, one environment of several, was
// named first:
//
//	loading t: 2 bad files:
//	  did you mean t/x5/e2? it holds a snapshot of its own
//	  loading t/x5/e1/a.spec.json: line 7: hash u5uz… is libdwarf@20130729 here, but libdwarf@920130729 in t/x5/e3/c.spec.json (line 7): …
func TestConflictNamesNoFolderBelow(t *testing.T) {
	m1, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	core2, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	other := []byte(strings.Replace(string(m1), `"version":"20130729"`, `"version":"920130729"`, 1))
	if string(other) == string(m1) {
		t.Fatal("no version to change")
	}
	dir := t.TempDir()
	for name, data := range map[string][]byte{"x5/e1/a.spec.json": m1, "x5/e2/b.spec.json": core2, "x5/e3/c.spec.json": other} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err = Load(dir, Options{})
	var le *LoadError
	if !errors.As(err, &le) || len(le.Errs) != 2 || !strings.Contains(le.Errs[0].Msg, "hash u5uz3dcch5if4eve4sef67o2rf2lbfgh is libdwarf@20130729 here, but libdwarf@920130729 in ") {
		t.Fatalf("%v; want the two files' disagreement", err)
	}
	if len(le.Near) != 0 || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("%v; want no folder below named (Near %q)", err, le.Near)
	}
	// A folder below one whose file is broken is still named: as a
	// part of it, the broken file a spec file by its name as the two
	// that loaded are (sameKindFailed).
	if err := os.WriteFile(filepath.Join(dir, "x5", "e3", "c.spec.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err = Load(dir, Options{}); !strings.Contains(err.Error(), "each hold a snapshot of their own, but are parts of ") {
		t.Errorf("%v; want the folders below named as its parts", err)
	}
}
