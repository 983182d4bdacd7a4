package mirror

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTaggedOneFile (issue 35, adversarial round 3): a file the cache
// kept by its ETag was two files, the data and then the ETag, so that a
// run stopped between the two writes (or two runs at once) could leave
// one version's ETag with another's data, which a 304 to that ETag then
// gave as current. They are one file now, written at once: what is read
// back is always a pair that was written together, and a cut entry is
// not read.
func TestTaggedOneFile(t *testing.T) {
	dir := t.TempDir()
	s := &httpStore{h: &HTTP{}, cache: dir}
	s.storeTagged("etag/k", `"A"`, []byte("version A"))
	s.storeTagged("etag/k", `"B"`, []byte("version B\nof two lines"))
	tag, data, ok := s.cachedTagged("etag/k", 100)
	if !ok || tag != `"B"` || string(data) != "version B\nof two lines" {
		t.Errorf("read back %q %q %v; want the last pair written", tag, data, ok)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "etag", "*"))
	if len(files) != 1 {
		t.Errorf("cache files %q; want one, the ETag with its data", files)
	}
	// An entry over the limit, or cut before its ETag's end, is not read.
	if _, _, ok := s.cachedTagged("etag/k", 5); ok {
		t.Error("an entry over the limit was read")
	}
	os.WriteFile(files[0], []byte(`"B"`), 0o644)
	if _, _, ok := s.cachedTagged("etag/k", 100); ok {
		t.Error("an entry without its data was read")
	}
	// An ETag that a line cannot hold is not kept.
	s.storeTagged("etag/n", "\"a\nb\"", []byte("x"))
	if _, _, ok := s.cachedTagged("etag/n", 100); ok {
		t.Error("an ETag with a line break was kept")
	}
}

// TestTaggedCutShort (adversarial pass 96b): an entry cut short in its
// data (a disk full, a crash before the data reached the disk, a copy
// stopped) was read as the whole file: a 304 to its ETag gave the cut
// data as current, and the run failed on the mirror's file ("not a
// manifest: unexpected EOF") until the mirror changed it. A damaged
// entry is read as absent, and downloaded again.
func TestTaggedCutShort(t *testing.T) {
	dir := t.TempDir()
	s := &httpStore{h: &HTTP{}, cache: dir}
	data := []byte(`{"version": 3, "data": []}`)
	s.storeTagged("etag/k", `"A"`, data)
	files, _ := filepath.Glob(filepath.Join(dir, "etag", "*"))
	if len(files) != 1 {
		t.Fatalf("cache files %q; want one", files)
	}
	whole, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for cut := len(whole) - len(data); cut < len(whole); cut++ {
		os.WriteFile(files[0], whole[:cut], 0o644)
		if tag, got, ok := s.cachedTagged("etag/k", 100); ok {
			t.Errorf("cut at %d of %d: read %q %q; want none", cut, len(whole), tag, got)
		}
	}
	damaged := append([]byte(nil), whole...)
	damaged[len(damaged)-2] ^= 1
	os.WriteFile(files[0], damaged, 0o644)
	if tag, got, ok := s.cachedTagged("etag/k", 100); ok {
		t.Errorf("a damaged entry read: %q %q; want none", tag, got)
	}
	os.WriteFile(files[0], whole, 0o644)
	if tag, got, ok := s.cachedTagged("etag/k", 100); !ok || tag != `"A"` || string(got) != string(data) {
		t.Errorf("the whole entry: %q %q %v; want it read", tag, got, ok)
	}
}
