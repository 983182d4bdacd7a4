package mirror_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// index returns the bundled generated index of side (old or new): a
// database of version 8, the shape of a Spack 1.x build cache.
func index(t testing.TB, side string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-gen", side, "build_cache", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// oldV3 is the folder of a layout-v3 mirror of the index "old" (index),
// in a folder of the test's own.
func oldV3(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// dump is a snapshot as text: each package's specs, with their facets
// and dependency edges, sorted: what two readings of one mirror must
// agree on.
func dump(t testing.TB, s *snapshot.Snapshot) string {
	t.Helper()
	var b strings.Builder
	for _, p := range s.Packages {
		for _, sp := range p.Specs {
			deps, _ := json.Marshal(sp.Deps())
			fmt.Fprintf(&b, "%s %s %v %s %s %s %s %v %v %s %s\n", p.Name, sp.Hash, sp.Versions, sp.Compiler, sp.OS, sp.Platform, sp.Target, sp.Variants, sp.Stacks, sp.Recipe(), deps)
		}
	}
	return b.String()
}

func load(t testing.TB, src snapshot.Source) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func openDir(t testing.TB, dir string, o mirror.Options) *mirror.Source {
	t.Helper()
	src, err := mirror.Open(mirror.Dir(dir), o)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestEquivalent reads each bundled generated index as a bare file, as a
// layout-v2 mirror, as a layout-v3 mirror, as a v3 mirror's view, as a
// v3 mirror without an index manifest (from its spec manifests, one of
// them clear-signed), and as a folder of the spec files (a v2 mirror's
// build_cache/ without its index): the same specs, facets and edges
// every time. The specs of a folder of spec files are their roots, as
// Spack's index of it counts them: each file's DAG once counted every
// node, and the folder held the index's records out of the build cache
// as specs.
func TestEquivalent(t *testing.T) {
	t.Parallel()
	for _, side := range []string{"old", "new"} {
		t.Run(side, func(t *testing.T) {
			idx := index(t, side)
			dir := t.TempDir()
			file := filepath.Join(dir, "index.json")
			if err := os.WriteFile(file, idx, 0o644); err != nil {
				t.Fatal(err)
			}
			bare, err := snapshot.Load(file, snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := dump(t, bare)
			if bare.Specs() < 50 {
				t.Fatalf("the bundled index has %d specs: too few to test anything", bare.Specs())
			}

			v2 := filepath.Join(dir, "v2")
			if err := mirrorgen.V2(v2, idx); err != nil {
				t.Fatal(err)
			}
			v3 := filepath.Join(dir, "v3")
			if err := mirrorgen.V3(v3, idx, mirrorgen.Options{View: "gpu"}); err != nil {
				t.Fatal(err)
			}
			noIndex := filepath.Join(dir, "v3-no-index")
			if err := mirrorgen.V3(noIndex, idx, mirrorgen.Options{NoIndex: true, Sign: "curl"}); err != nil {
				t.Fatal(err)
			}
			if !mirror.IsV3(v3) || !mirror.IsV3(noIndex) || mirror.IsV3(v2) {
				t.Fatal("IsV3 does not tell the layouts apart")
			}
			signed := 0
			filepath.WalkDir(noIndex, func(p string, d os.DirEntry, err error) error {
				if b, _ := os.ReadFile(p); strings.HasPrefix(string(b), "-----BEGIN PGP SIGNED MESSAGE-----") {
					signed++
				}
				return nil
			})
			if signed == 0 {
				t.Fatal("no spec manifest is clear-signed: the test would not read one")
			}

			for _, c := range []struct {
				name   string
				src    *mirror.Source
				layout string
				sum    bool
			}{
				{"v2", openDir(t, v2, mirror.Options{}), mirror.LayoutV2, true},
				{"v3", openDir(t, v3, mirror.Options{}), mirror.LayoutV3, true},
				{"v3 view", openDir(t, v3, mirror.Options{View: "gpu"}), mirror.LayoutV3, true},
				{"v3 without an index", openDir(t, noIndex, mirror.Options{}), mirror.LayoutV3, false},
			} {
				if c.src.Layout != c.layout || (c.src.Checksum != "") != c.sum {
					t.Errorf("%s: layout %q, checksum %q", c.name, c.src.Layout, c.src.Checksum)
				}
				if got := dump(t, load(t, c.src)); got != want {
					t.Errorf("%s: the specs differ from the bare index's:\n%s", c.name, firstDiff(want, got))
				}
			}

			folder := filepath.Join(dir, "spec-files", "build_cache")
			if err := mirrorgen.SpecFolder(folder, idx); err != nil {
				t.Fatal(err)
			}
			specFiles, err := snapshot.Load(folder, snapshot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := dump(t, specFiles); got != want {
				t.Errorf("a folder of spec files: the specs differ from the bare index's:\n%s", firstDiff(want, got))
			}
			// The dependencies no spec file has for root: the records
			// the spec manifests' index has out of the build cache.
			if got, want := unlisted(specFiles), unlisted(load(t, openDir(t, noIndex, mirror.Options{}))); !slices.Equal(got, want) || len(want) == 0 {
				t.Errorf("a folder of spec files: unlisted %v, want %v (a v3 mirror's from its spec manifests)", got, want)
			}
		})
	}
}

// unlisted returns the hashes of a snapshot's unlisted specs, sorted.
func unlisted(s *snapshot.Snapshot) []string {
	var out []string
	for _, p := range s.Packages {
		for _, u := range p.Unlisted() {
			out = append(out, u.Name+"/"+u.Hash)
		}
	}
	slices.Sort(out)
	return out
}

// firstDiff returns the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n want %s\n got  %s", i+1, x, y)
		}
	}
	return ""
}

// TestDamaged checks that a blob whose length or checksum is not the
// manifest's is an error naming the blob, the manifest and the checksum,
// and that a missing view, a manifest of another version and a folder
// that is no mirror say what they are.
func TestDamaged(t *testing.T) {
	t.Parallel()
	idx := index(t, "old")
	fresh := func(t *testing.T, o mirrorgen.Options) string {
		dir := t.TempDir()
		if err := mirrorgen.V3(dir, idx, o); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	read := func(dir string, o mirror.Options) error {
		src, err := mirror.Open(mirror.Dir(dir), o)
		if err != nil {
			return err
		}
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
		return err
	}
	t.Run("checksum", func(t *testing.T) {
		dir := fresh(t, mirrorgen.Options{})
		blob, _ := mirrorgen.BlobOf(dir)
		p := filepath.Join(dir, blob)
		b, _ := os.ReadFile(p)
		b[len(b)/2] ^= 1
		os.WriteFile(p, b, 0o644)
		sum := filepath.Base(blob)
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "its manifest says "+sum) || !strings.Contains(err.Error(), "has sha256 ") {
			t.Errorf("a damaged blob: %v", err)
		}
	})
	t.Run("length", func(t *testing.T) {
		dir := fresh(t, mirrorgen.Options{})
		blob, _ := mirrorgen.BlobOf(dir)
		p := filepath.Join(dir, blob)
		b, _ := os.ReadFile(p)
		os.WriteFile(p, b[:len(b)-1], 0o644)
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("has %d bytes, and its manifest says %d", len(b)-1, len(b))) {
			t.Errorf("a short blob: %v", err)
		}
	})
	t.Run("missing blob", func(t *testing.T) {
		dir := fresh(t, mirrorgen.Options{})
		blob, _ := mirrorgen.BlobOf(dir)
		os.Remove(filepath.Join(dir, blob))
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "which the mirror does not have") {
			t.Errorf("a missing blob: %v", err)
		}
	})
	t.Run("a spec blob of the no-index mirror", func(t *testing.T) {
		dir := fresh(t, mirrorgen.Options{NoIndex: true})
		var blobs []string
		filepath.WalkDir(filepath.Join(dir, "blobs"), func(p string, d os.DirEntry, err error) error {
			if d.Type().IsRegular() {
				blobs = append(blobs, p)
			}
			return nil
		})
		slices.Sort(blobs)
		b, _ := os.ReadFile(blobs[0])
		b[len(b)-5] ^= 0xff
		os.WriteFile(blobs[0], b, 0o644)
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "its manifest says "+filepath.Base(blobs[0])) {
			t.Errorf("a damaged spec blob: %v", err)
		}
	})
	t.Run("no view", func(t *testing.T) {
		err := read(fresh(t, mirrorgen.Options{}), mirror.Options{View: "nope"})
		if err == nil || !strings.Contains(err.Error(), `no view "nope"`) {
			t.Errorf("a missing view: %v", err)
		}
		// Adversarial pass 78: the missing file was named twice, and
		// not the views there are.
		if err != nil && (strings.Count(err.Error(), "v3/manifests/index/nope/index.manifest.json") != 1 || !strings.Contains(err.Error(), "(the mirror has no views)")) {
			t.Errorf("a missing view: %v, want the file named once and no views said", err)
		}
		err = read(fresh(t, mirrorgen.Options{View: "gpu"}), mirror.Options{View: "cpu"})
		if err == nil || !strings.Contains(err.Error(), `no view "cpu"`) || !strings.Contains(err.Error(), `(its views: "gpu")`) {
			t.Errorf("a missing view beside another: %v, want the other named", err)
		}
	})
	t.Run("bad view name", func(t *testing.T) {
		err := read(fresh(t, mirrorgen.Options{}), mirror.Options{View: "../x"})
		if err == nil || !strings.Contains(err.Error(), "a view is a folder name") {
			t.Errorf("a view out of the index folder: %v", err)
		}
	})
	t.Run("manifest version", func(t *testing.T) {
		dir := fresh(t, mirrorgen.Options{})
		p := filepath.Join(dir, "v3/manifests/index/index.manifest.json")
		b, _ := os.ReadFile(p)
		os.WriteFile(p, []byte(strings.Replace(string(b), `"version": 3`, `"version": 4`, 1)), 0o644)
		err := read(dir, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "manifest version 4 is not supported") {
			t.Errorf("a manifest of version 4: %v", err)
		}
	})
	t.Run("not a mirror", func(t *testing.T) {
		err := read(t.TempDir(), mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "not a Spack mirror: no v3/manifests/index/index.manifest.json (layout v3) nor build_cache/index.json (layout v2)") {
			t.Errorf("an empty folder: %v", err)
		}
	})
}

// TestDecodeManifest checks the manifest decoder's refusals.
func TestDecodeManifest(t *testing.T) {
	good := `{"version": 3, "data": [{"contentLength": 10, "mediaType": "application/vnd.spack.db.v8+json", "compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + strings.Repeat("ab", 32) + `", "extra": 1}], "more": true}`
	if m, err := mirror.DecodeManifest("m", []byte(good)); err != nil || len(m.Data) != 1 || m.Data[0].BlobPath() != "blobs/sha256/ab/"+strings.Repeat("ab", 32) {
		t.Fatalf("a good manifest: %v %+v", err, m)
	}
	for _, c := range []struct{ in, want string }{
		{`{"data": []}`, "without a version"},
		{`{"version": 2, "data": []}`, "manifest version 2 is not supported"},
		{`{"version": 3, "data": [{}]}`, "data[0]: no contentLength"},
		{strings.Replace(good, `"sha256"`, `"md5"`, 1), `checksumAlgorithm "md5" is not supported`},
		{strings.Replace(good, strings.Repeat("ab", 32), "../../etc/passwd", 1), "is not 64 lower-case hex digits"},
		{strings.Replace(good, strings.Repeat("ab", 32), strings.Repeat("AB", 32), 1), "is not 64 lower-case hex digits"},
		{strings.Replace(good, `"none"`, `"zstd"`, 1), `compression "zstd" is not supported`},
		{strings.Replace(good, `10`, `-1`, 1), "is negative"},
		{good + `{}`, "data after the JSON object"},
		{`[`, "not a manifest"},
		{"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + good + "\n", "cut short"},
	} {
		if _, err := mirror.DecodeManifest("m", []byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeManifest(%.60q): %v, want %q", c.in, err, c.want)
		}
	}
}

// FuzzDecodeManifest: the decoder never panics, and what it accepts has
// blob paths under blobs/ that name no other folder.
func FuzzDecodeManifest(f *testing.F) {
	f.Add([]byte(`{"version": 3, "data": [{"contentLength": 10, "mediaType": "application/vnd.spack.db.v8+json", "compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + strings.Repeat("ab", 32) + `"}]}`))
	f.Add([]byte("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{\"version\": 3, \"data\": []}\n-----BEGIN PGP SIGNATURE-----\n\nx\n-----END PGP SIGNATURE-----\n"))
	f.Add([]byte(`{"version": 3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := mirror.DecodeManifest("m", data)
		if err != nil {
			return
		}
		if m.Version != mirror.ManifestVersion {
			t.Fatalf("accepted version %d", m.Version)
		}
		for _, e := range m.Data {
			p := e.BlobPath()
			if !strings.HasPrefix(p, "blobs/sha256/") || strings.Contains(p, "..") || strings.Count(p, "/") != 3 || e.ContentLength < 0 {
				t.Fatalf("accepted entry %+v: blob path %q", e, p)
			}
		}
	})
}

// TestTwoIndexBlobs: an index manifest that lists two index blobs of one
// media type is read as Spack reads it, from the first, and says so: the
// second, which may hold other specs, was left out without a word.
func TestTwoIndexBlobs(t *testing.T) {
	t.Parallel()
	dir, other := t.TempDir(), t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "old"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(other, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	manifest := func(dir string) (map[string]any, []any) {
		data, err := os.ReadFile(filepath.Join(dir, "v3/manifests/index/index.manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return m, m["data"].([]any)
	}
	first := load(t, openDir(t, dir, mirror.Options{}))
	m, entries := manifest(dir)
	_, second := manifest(other)
	blob, err := mirrorgen.BlobOf(other)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(other, blob))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, blob)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, blob), data, 0o644); err != nil {
		t.Fatal(err)
	}
	m["data"] = append(entries, second...)
	data, err = json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v3/manifests/index/index.manifest.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	got := load(t, openDir(t, dir, mirror.Options{}))
	if dump(t, got) != dump(t, first) {
		t.Error("two index blobs: not the first one's specs")
	}
	var warned []string
	for _, w := range got.Warnings {
		if strings.Contains(w.Message, "another blob of media type") {
			warned = append(warned, w.File+": "+w.Message)
			// Named with the mirror's root, as its other warnings are:
			// "v3/manifests/index/index.manifest.json" alone read the
			// same of the old mirror and of the new one.
			if want := dir + "/v3/manifests/index/index.manifest.json"; w.File != want {
				t.Errorf("two index blobs: warning of %q, want %q", w.File, want)
			}
		}
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "index.manifest.json: lists another blob") || !strings.Contains(warned[0], "left out") {
		t.Errorf("two index blobs: warnings %q, want one saying the second is left out", warned)
	}
}
