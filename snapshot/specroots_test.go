package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// What a Spack file's canonicalization counted goes with its first
// package by name; when that package has no listed spec (a spec file's
// dependency in a folder, which no file there has for root, or an index's
// record out of the build cache), it was merged away and the counts with
// it: the report's "Canonicalized strings" left the file out. Only the
// listed specs count: zlib, whose compiler Spack wrote gcc@=10.2.1.
func TestSpackCountsOfUnlistedFirst(t *testing.T) {
	const (
		aaa  = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		zlib = "zbcdefghijklmnopqrstuvwxyz234567"
	)
	spec := `{"spec":{"_meta":{"version":4},"nodes":[
{"name":"zlib","version":"1.3","compiler":{"name":"gcc","version":"=10.2.1"},"hash":"` + zlib + `","dependencies":[{"name":"aaa","hash":"` + aaa + `","parameters":{"deptypes":["link"],"virtuals":[]}}]},
{"name":"aaa","version":"1","compiler":{"name":"gcc","version":"=10.2.1"},"hash":"` + aaa + `"}]}}`
	index := `{"database":{"version":"8","installs":{
"` + aaa + `":{"spec":{"name":"aaa","version":"1","compiler":{"name":"gcc","version":"=10.2.1"},"hash":"` + aaa + `"},"ref_count":1,"in_buildcache":false},
"` + zlib + `":{"spec":{"name":"zlib","version":"1.3","compiler":{"name":"gcc","version":"=10.2.1"},"hash":"` + zlib + `","dependencies":[{"name":"aaa","hash":"` + aaa + `","parameters":{"deptypes":["link"],"virtuals":[]}}]},"ref_count":0,"in_buildcache":true}}}}`
	for _, tt := range []struct{ name, file, data string }{
		{"a folder of spec files", "zlib.spec.json", spec},
		{"an index", "index.json", index},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if s.Specs() != 1 || len(s.Packages) != 1 || s.Packages[0].Name != "zlib" {
				t.Fatalf("%d specs in %d packages, want zlib alone: %v", s.Specs(), len(s.Packages), specLines(s))
			}
			if got := s.Canon["compiler-exact-version"]; got != 1 {
				t.Errorf("compiler-exact-version counted %d, want 1 (%v)", got, s.Canon)
			}
		})
	}
}
