package mirror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

func TestZZExplore(t *testing.T) {
	name := "zlib-1-" + strings.Repeat("a", 32) + ".spec.manifest.json"
	for _, c := range []struct {
		folder string
		data   string
		link   string
	}{
		{"a: b", "{", ""},
		{"a: b", strings.Repeat("x", 1<<20+1), ""},
		{"zl\u0456b", "{", ""},
		{"x\ny", "{}", ""},
		{"::error::x", "[]", ""},
		{" zlib", "{", ""},
		{"zlib ", "{", ""},
		{"%41", "{", ""},
		{"\xff\xfe", "{", ""},
		{"a\u202eb", "{", ""},
		{"zlib", "", "../../../../outside"},
		{"zl\u0456b", "", "../../../../out\u0456side"},
		{"zlib", "", "../zl\u0456b/missing"},
		{strings.Repeat("d", 250) + "/" + strings.Repeat("e", 250) + "/" + strings.Repeat("\u0456", 120), "{", ""},
	} {
		dir := t.TempDir()
		if err := mirrorgen.V3(dir, zlibIndex, mirrorgen.Options{NoIndex: true}); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, "v3", "manifests", "spec", "zlib", name))
		os.MkdirAll(filepath.Join(dir, "v3", "manifests", "spec", c.folder), 0o755)
		p := filepath.Join(dir, "v3", "manifests", "spec", c.folder, name)
		if c.link != "" {
			os.Symlink(c.link, p)
		} else {
			os.WriteFile(p, []byte(c.data), 0o644)
		}
		for _, skip := range []bool{false, true} {
			src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
			var s *snapshot.Snapshot
			if err == nil {
				s, err = snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: skip})
			}
			m := ""
			if err != nil {
				m = err.Error()
			} else {
				m = fmt.Sprintf("skipped %+v warnings %+v", s.Skipped, s.Warnings)
			}
			fmt.Printf("%q skip=%v:\n  %s\n", c.folder, skip, strings.ReplaceAll(m, dir, "ROOT"))
		}
	}
}
