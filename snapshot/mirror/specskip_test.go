package mirror_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestSpecManifestBadOneOfMany (adversarial pass 206b): a layout-v3
// mirror without an index manifest is read as a folder of its spec
// files, but one bad spec manifest among many (its blob gone, or not
// the one it lists) lost the whole mirror: one error naming
// v3/manifests/spec, and under --skip-invalid "no valid package page
// left", where a folder's bad spec file is skipped and listed, the rest
// read. Each bad manifest is now an error of its own, naming it.
func TestSpecManifestBadOneOfMany(t *testing.T) {
	dir, manifests := v3SpecManifests(t, 3)
	blobOf := func(m string) string {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Data []struct{ Checksum string }
		}
		if err := json.Unmarshal(data, &e); err != nil || len(e.Data) != 1 {
			t.Fatalf("%s: %v", m, err)
		}
		sum := e.Data[0].Checksum
		return filepath.Join(dir, "blobs", "sha256", sum[:2], sum)
	}
	gone, damaged := manifests[0], manifests[len(manifests)/2]
	if err := os.Remove(blobOf(gone)); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(blobOf(damaged), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x")
	f.Close()
	count := func(s *snapshot.Snapshot) int {
		n := 0
		for _, p := range s.Packages {
			n += len(p.Specs)
		}
		return n
	}
	all := len(manifests) // a spec each, its root
	rel := func(m string) string {
		r, _ := filepath.Rel(dir, m)
		return filepath.ToSlash(r)
	}
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = snapshot.LoadFrom(src, snapshot.Options{})
	var le *snapshot.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 2 || !strings.HasSuffix(le.Errs[0].File, rel(gone)) && !strings.HasSuffix(le.Errs[1].File, rel(gone)) {
		t.Fatalf("two bad manifests: %v; want an error naming each", err)
	}
	src, err = mirror.Open(mirror.Dir(dir), mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatalf("--skip-invalid, two bad manifests of %d: %v; want the others read", len(manifests), err)
	}
	var skipped []string
	for _, sk := range s.Skipped {
		skipped = append(skipped, sk.File)
	}
	if len(skipped) != 2 || !strings.Contains(strings.Join(skipped, " "), rel(gone)) || !strings.Contains(strings.Join(skipped, " "), rel(damaged)) {
		t.Errorf("--skip-invalid skipped %v; want %s and %s", skipped, rel(gone), rel(damaged))
	}
	if got := count(s); got != all-2 {
		t.Errorf("--skip-invalid read %d specs; want %d, all but the two bad manifests' roots", got, all-2)
	}
}
