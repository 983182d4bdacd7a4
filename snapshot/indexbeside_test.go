package snapshot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A build cache's folder holds index.json and the spec files of its
// binaries. Spack reads the index alone: a spec that the index lost is
// gone to it even when its spec file stays (a stale index). A folder
// holding both is read as Spack reads it: the index, and a warning for
// each spec file whose specs the index lacks (seventh adversarial pass,
// issue 35: libdwarf removed from the index, its spec file left beside
// it, read as the union: "no changes", and --fail-on removed-package
// passed).
func TestIndexBesideSpecFiles(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	installs := doc["database"]["installs"].(map[string]any)
	delete(installs, "sk2gqqz4n5njmvktycnd25wq25jxiqkr") // libdwarf
	lost, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	spec := "linux-libdwarf-sk2gqqz4n5njmvktycnd25wq25jxiqkr.spec.json"
	for _, tt := range []struct {
		name  string
		index []byte
		want  []string // packages
		warn  bool
	}{
		{"the index lost libdwarf", lost, []string{"libelf"}, true},
		{"the index has libdwarf", data, []string{"libdwarf", "libelf"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "index.json"), tt.index, 0o644); err != nil {
				t.Fatal(err)
			}
			copyFile(t, filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"), filepath.Join(dir, spec))
			s, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range s.Packages {
				names = append(names, p.Name)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("packages %v, want %v", names, tt.want)
			}
			warned := slices.ContainsFunc(s.Warnings, func(w Warning) bool {
				return strings.HasSuffix(w.File, spec) && strings.Contains(w.Message, "index.json")
			})
			if warned != tt.warn {
				t.Errorf("a warning about %s: %v, want %v (warnings %v)", spec, warned, tt.warn, s.Warnings)
			}
		})
	}
}
