package mirror_test

import (
	"fmt"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestDiskHintPastes (adversarial pass i22, class a/e): a path on disk
// a mirror's hint gives to paste (the folder of spec files a file:// URL
// named, a v2 index beside a v3 mirror's) was written raw: "give its
// path (/tmp/a сb)" pasted gave two arguments, and its с (Cyrillic)
// read as c, where the URL before it was quoted in ASCII. Each is one
// shell word in ASCII, which pasted into bash names the path.
func TestDiskHintPastes(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	pasted := func(word string) string {
		out, err := exec.Command(bash, "-c", "printf '%s\\000' "+word).Output()
		if err != nil {
			t.Fatalf("bash -c 'printf %s': %v", word, err)
		}
		return strings.TrimSuffix(string(out), "\x00")
	}
	dir := filepath.Join(t.TempDir(), "a \u0441b")
	if _, err := spackgen.WriteSpecFolder(filepath.Join(dir, "build_cache"), 1, nil); err != nil {
		t.Fatal(err)
	}
	_, err = (&mirror.HTTP{NoCache: true}).Open((&url.URL{Scheme: "file", Path: dir}).String(), mirror.Options{})
	_, rest, _ := strings.Cut(err.Error(), "give its path (")
	word, _, ok := strings.Cut(rest, "), not a file:// URL")
	if !ok || strings.ContainsFunc(word, func(r rune) bool { return r > '~' }) || pasted(word) != dir {
		t.Errorf("file:// of a folder of spec files: %v; want its path as a shell word in ASCII", err)
	}

	v3 := filepath.Join(t.TempDir(), "m \u0441")
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V2(v3, zlibIndex); err != nil {
		t.Fatal(err)
	}
	var msg string
	for _, w := range load(t, openDir(t, v3, mirror.Options{})).Warnings {
		if strings.Contains(w.Message, "a layout-v2 index beside") {
			msg = w.Message
		}
	}
	_, rest, _ = strings.Cut(msg, "give it alone (")
	word, ok = strings.CutSuffix(rest, ")")
	if !ok || strings.ContainsFunc(word, func(r rune) bool { return r > '~' }) || pasted(word) != filepath.Join(v3, "build_cache", "index.json") {
		t.Errorf("a v2 index beside a v3 mirror: %q; want its path as a shell word in ASCII", msg)
	}
}

// TestDiskHintDashAndLong (adversarial pass i23, class c): diskWord's
// "./" before a path that starts with "-" (a mirror given as the
// relative folder -m, its v2 index beside) and its cut past 2 KB (a
// folder of spec files whose path, in ASCII, is longer) were each
// undone without a test failing. Pasted, the first gives the path, not
// a flag; the second says the path is too long to show whole, its
// length given, and the line stays short.
func TestDiskHintDashAndLong(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	t.Chdir(t.TempDir())
	if err := mirrorgen.V3("-m", zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V2("-m", zlibIndex); err != nil {
		t.Fatal(err)
	}
	var msg string
	for _, w := range load(t, openDir(t, "-m", mirror.Options{})).Warnings {
		if strings.Contains(w.Message, "a layout-v2 index beside") {
			msg = w.Message
		}
	}
	_, rest, _ := strings.Cut(msg, "give it alone (")
	word, _ := strings.CutSuffix(rest, ")")
	out, err := exec.Command(bash, "-c", "printf '%s\\000' "+word).Output()
	if err != nil || string(out) != "./-m/build_cache/index.json\x00" {
		t.Errorf("a v2 index beside the v3 mirror -m: %q, pasted %q (%v); want ./-m/build_cache/index.json", msg, out, err)
	}

	dir := t.TempDir()
	for range 4 {
		dir = filepath.Join(dir, strings.Repeat("\u0441", 120))
	}
	if _, err := spackgen.WriteSpecFolder(filepath.Join(dir, "build_cache"), 1, nil); err != nil {
		t.Fatal(err)
	}
	_, err = (&mirror.HTTP{NoCache: true}).Open((&url.URL{Scheme: "file", Path: dir}).String(), mirror.Options{})
	want := fmt.Sprintf("(%d bytes, too long to show whole)), not a file:// URL", len(dir))
	if err == nil || !strings.Contains(err.Error(), "give its path (the path ") || !strings.Contains(err.Error(), want) || len(err.Error()) > 6<<10 {
		t.Errorf("file:// of a folder of spec files %d bytes long: %d bytes, %.300q…; want its path said too long, %q", len(dir), len(err.Error()), err, want)
	}
}
