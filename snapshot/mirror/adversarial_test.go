package mirror_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// genIndex returns a generated index of envs environments of 32
// packages: many specs of one package and version, a DAG 12 deep.
func genIndex(t testing.TB, envs int) []byte {
	var b bytes.Buffer
	if err := spackgen.New(spackgen.Options{Seed: 1, Packages: 32, Envs: envs}).WriteIndex(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// allocs returns the bytes allocated by loading the mirror at dir.
func allocs(t testing.TB, dir string) (uint64, int) {
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc, s.Specs()
}

// TestMirrorLinear: a mirror 4x the size (4x the environments, so 4x the
// specs and spec manifests) costs at most 4.4x the bytes allocated, read
// through its index and from its spec manifests.
func TestMirrorLinear(t *testing.T) {
	small, big := 2, 8
	if testing.Short() {
		small, big = 1, 4
	}
	for _, noIndex := range []bool{false, true} {
		var a [2]uint64
		var n [2]int
		for i, envs := range []int{small, big} {
			dir := t.TempDir()
			if err := mirrorgen.V3(dir, genIndex(t, envs), mirrorgen.Options{NoIndex: noIndex}); err != nil {
				t.Fatal(err)
			}
			a[i], n[i] = allocs(t, dir)
		}
		ratio := float64(a[1]) / float64(a[0])
		t.Logf("without an index %v: %d → %d specs allocated %d → %d bytes (%.2fx)", noIndex, n[0], n[1], a[0], a[1], ratio)
		if ratio > 4.4 || n[1] < 3*n[0] {
			t.Errorf("without an index %v: %d → %d specs allocated %d → %d bytes (%.2fx; want at most 4.4x)", noIndex, n[0], n[1], a[0], a[1], ratio)
		}
	}
}

// putBlob writes data as a blob of the mirror at dir and an index
// manifest that lists it, as gzip'd or not.
func putIndexBlob(t *testing.T, dir string, data []byte, compression string) {
	t.Helper()
	sum := sha256.Sum256(data)
	h := hex.EncodeToString(sum[:])
	p := filepath.Join(dir, "blobs", "sha256", h[:2], h)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	m := fmt.Sprintf(`{"version": 3, "data": [{"contentLength": %d, "mediaType": "application/vnd.spack.db.v8+json", "compression": %q, "checksumAlgorithm": "sha256", "checksum": %q}]}`, len(data), compression, h)
	p = filepath.Join(dir, "v3", "manifests", "index", "index.manifest.json")
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
}

// cutBlob is what a gzip'd blob cut short says: its bytes are those its
// manifest checksums, so it is whole, and was cut before it was pushed
// (it said "the file incomplete", which reading it again does not mend).
const cutBlob = "gzip: the stream is cut short, in a blob whose length and sha256 are those its manifest gives: it was cut before it was pushed, and the mirror is damaged"

func gz(data []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// TestMirrorHostile: a gzip bomb, a cut gzip stream, a blob past the
// byte bound, spec manifests with hostile names and a manifest naming
// another spec are each an error naming what is wrong, and no error
// holds a raw line break from a name.
func TestMirrorHostile(t *testing.T) {
	t.Parallel()
	read := func(dir string, o mirror.Options) error {
		src, err := mirror.Open(mirror.Dir(dir), o)
		if err != nil {
			return err
		}
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
		return err
	}
	t.Run("gzip bomb", func(t *testing.T) {
		dir := t.TempDir()
		putIndexBlob(t, dir, gz(make([]byte, 100<<20)), "gzip") // 100 MB of zeros: about 100 KB
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "refused as a gzip bomb") {
			t.Errorf("%v", err)
		}
	})
	t.Run("past the bound", func(t *testing.T) {
		dir := t.TempDir()
		putIndexBlob(t, dir, gz(bytes.Repeat([]byte(" "), 3<<20)), "gzip")
		err := read(dir, mirror.Options{MaxBytes: 1 << 20})
		if err == nil || !strings.Contains(err.Error(), "over the limit of 1048576") {
			t.Errorf("%v", err)
		}
	})
	t.Run("cut gzip", func(t *testing.T) {
		dir := t.TempDir()
		z := gz(genIndex(t, 1))
		putIndexBlob(t, dir, z[:len(z)/2], "gzip")
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), cutBlob) {
			t.Errorf("%v", err)
		}
	})
	// The index blob's gzip errors name the blob: they were "gzip:
	// invalid header" alone.
	t.Run("not gzip", func(t *testing.T) {
		dir := t.TempDir()
		putIndexBlob(t, dir, genIndex(t, 1), "gzip")
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "blobs/sha256/") || !strings.Contains(err.Error(), "is not gzip") {
			t.Errorf("a blob that is not gzip though its manifest says so: %v", err)
		}
	})
	t.Run("cut gzip names the blob", func(t *testing.T) {
		dir := t.TempDir()
		z := gz(genIndex(t, 1))
		putIndexBlob(t, dir, z[:len(z)/2], "none")
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "blob blobs/sha256/") || !strings.Contains(err.Error(), cutBlob) {
			t.Errorf("a cut gzip blob: %v", err)
		}
	})
	// A spec blob too, its manifest written for the cut blob.
	t.Run("cut gzip spec blob", func(t *testing.T) {
		dir, _, first, name := noIndexMirror(t)
		m := filepath.Join(first, name)
		raw, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		var man map[string]any
		if err := json.Unmarshal(raw, &man); err != nil {
			t.Fatalf("the spec manifest %s: %v", raw, err)
		}
		data, _ := man["data"].([]any)
		if len(data) == 0 {
			t.Fatalf("the spec manifest %s: no data", raw)
		}
		e := data[0].(map[string]any)
		z := gz([]byte(`{"spec": {"_meta": {"version": 5}, "nodes": []}}`))
		z = z[:len(z)-3]
		sum := sha256.Sum256(z)
		h := hex.EncodeToString(sum[:])
		e["checksum"], e["contentLength"], e["compression"] = h, len(z), "gzip"
		p := filepath.Join(dir, "blobs", "sha256", h[:2], h)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, z, 0o644); err != nil {
			t.Fatal(err)
		}
		raw, _ = json.Marshal(man)
		if err := os.WriteFile(m, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		err = read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "blob "+h+": "+cutBlob) {
			t.Errorf("a cut gzip spec blob: %v", err)
		}
	})
	t.Run("cut index", func(t *testing.T) {
		dir := t.TempDir()
		idx := genIndex(t, 1)
		putIndexBlob(t, dir, idx[:len(idx)/2], "none")
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "index.manifest.json") {
			t.Errorf("a cut index: %v", err)
		}
	})
	t.Run("hostile names", func(t *testing.T) {
		dir, _, first, name := noIndexMirror(t)
		hostile := "x\n::error::forged-" + name[strings.LastIndexByte(name, '-')+1:]
		if err := os.Rename(filepath.Join(first, name), filepath.Join(first, hostile)); err != nil {
			t.Skipf("the file system refuses the name: %v", err)
		}
		// The name still ends in the right hash: it reads.
		if err := read(dir, mirror.Options{}); err != nil {
			t.Errorf("a manifest whose name has a line break but the right hash: %v", err)
		}
		// A name that says another hash: an error that quotes the name.
		wrong := "x\n::error::forged-" + strings.Repeat("a", 32) + ".spec.manifest.json"
		os.Rename(filepath.Join(first, hostile), filepath.Join(first, wrong))
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "the manifest's name says "+strings.Repeat("a", 32)) {
			t.Errorf("a manifest named for another spec: %v", err)
		}
	})
	t.Run("symlinked spec folder", func(t *testing.T) {
		dir, spec, first, _ := noIndexMirror(t)
		moved := filepath.Join(t.TempDir(), "moved")
		if err := os.Rename(first, moved); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(moved, first); err != nil {
			t.Skip(err)
		}
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "a symbolic link, not a regular file: a mirror's manifests are read as they are") {
			t.Errorf("a spec folder that is a link (%s): %v", spec, err)
		}
	})
	t.Run("FIFO blob", func(t *testing.T) {
		dir := oldV3(t)
		blob, _ := mirrorgen.BlobOf(dir)
		p := filepath.Join(dir, blob)
		os.Remove(p)
		if err := mkfifo(p); err != nil {
			t.Skip(err)
		}
		done := make(chan error, 1)
		go func() { done <- read(dir, mirror.Options{}) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("a FIFO as the index blob: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a FIFO as the index blob: the read hangs")
		}
	})
}

// TestTwoManifestsOfOneSpec reads a v3 mirror without an index manifest
// one of whose spec manifests is copied into another folder: the copies
// name one blob, and the spec is one spec, as the same spec file twice in
// a folder is (and Spack's index of the mirror lists it once). The mirror
// was refused ("spec … has another manifest too", exit 2) where the
// folder of its spec files loads.
func TestTwoManifestsOfOneSpec(t *testing.T) {
	t.Parallel()
	dir, spec, first, name := noIndexMirror(t)
	want := dump(t, load(t, openDir(t, dir, mirror.Options{})))
	b, err := os.ReadFile(filepath.Join(first, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(spec, "zz"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(spec, "zz", name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := snapshot.LoadFrom(openDir(t, dir, mirror.Options{}), snapshot.Options{})
	if err != nil {
		t.Fatalf("a spec manifest in two folders: %v", err)
	}
	if got := dump(t, s); got != want {
		t.Errorf("with the copy:\n%s\nwithout:\n%s", got, want)
	}
}

// noIndexMirror writes a v3 mirror without an index of the bundled old
// index, and returns it, its spec manifests' folder, the first package's
// folder in it and the name of that package's first manifest.
func noIndexMirror(t *testing.T) (dir, spec, first, name string) {
	t.Helper()
	dir = t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	spec = filepath.Join(dir, "v3", "manifests", "spec")
	ents, err := os.ReadDir(spec)
	if err != nil || len(ents) == 0 {
		t.Fatalf("no spec manifests: %v", err)
	}
	first = filepath.Join(spec, ents[0].Name())
	files, err := os.ReadDir(first)
	if err != nil || len(files) == 0 {
		t.Fatalf("no spec manifest in %s: %v", first, err)
	}
	return dir, spec, first, files[0].Name()
}
