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

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// writeSpecManifests writes at dir a layout-v3 mirror without an index
// manifest whose spec manifests name the spec files specs (each a spec
// file's nodes, root first), as plain blobs, each opening with head.
func writeSpecManifests(t *testing.T, dir, head string, specs [][]map[string]any) {
	t.Helper()
	writeSpecManifestsOf(t, dir, head, 5, false, specs)
}

// writeSpecManifestsOf is writeSpecManifests with spec files of format
// version, gzip'd blobs when gz (adding to a mirror already at dir).
func writeSpecManifestsOf(t *testing.T, dir, head string, version int, gz bool, specs [][]map[string]any) {
	t.Helper()
	put := func(rel string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("v3/layout.json", []byte(`{"signing": "gpg"}`))
	for _, nodes := range specs {
		spec, err := json.Marshal(map[string]any{"spec": map[string]any{"_meta": map[string]int{"version": version}, "nodes": nodes}})
		if err != nil {
			t.Fatal(err)
		}
		spec = append([]byte(head), spec...)
		compression := "none"
		if gz {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write(spec)
			zw.Close()
			spec, compression = b.Bytes(), "gzip"
		}
		sum := sha256.Sum256(spec)
		h := hex.EncodeToString(sum[:])
		put("blobs/sha256/"+h[:2]+"/"+h, spec)
		m, err := json.Marshal(map[string]any{"version": 3, "data": []map[string]any{{
			"contentLength": len(spec), "mediaType": fmt.Sprintf("application/vnd.spack.spec.v%d+json", version), "compression": compression,
			"checksumAlgorithm": "sha256", "checksum": h,
		}}})
		if err != nil {
			t.Fatal(err)
		}
		root := nodes[0]
		name := root["name"].(string)
		put("v3/manifests/spec/"+name+"/"+name+"-"+root["version"].(string)+"-"+root["hash"].(string)+".spec.manifest.json", m)
	}
}

// TestSpecManifestsConflict reads a v3 mirror without an index manifest
// whose two spec manifests write their shared dependency zlib, one hash,
// as zlib 1.3 and as zlib 1.2 (and, in another mirror, the root zlib of
// one manifest as another's dependency of another version): refused, as
// the same spec files in a folder are, naming both manifests. Made into
// one index, the first copy was kept without a word, and the mirror
// against itself with either copy had no changes (exit 0). Copies that
// differ only in their edges' spelling are one spec.
func TestSpecManifestsConflict(t *testing.T) {
	t.Parallel()
	hash := func(c string) string { return strings.Repeat(c, 32) }
	node := func(name, version, h string, deps ...map[string]any) map[string]any {
		n := map[string]any{"name": name, "version": version, "hash": h,
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"},
			"parameters": map[string]any{"build_system": "generic"}}
		var edges []any
		for _, d := range deps {
			edges = append(edges, map[string]any{"name": d["name"], "hash": d["hash"],
				"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}})
		}
		if len(edges) > 0 {
			n["dependencies"] = edges
		}
		return n
	}
	z13, z12 := node("zlib", "1.3", hash("z")), node("zlib", "1.2", hash("z"))
	for _, c := range []struct {
		name  string
		specs [][]map[string]any
	}{
		{"dependencies", [][]map[string]any{{node("aaa", "1", hash("a"), z13), z13}, {node("bbb", "1", hash("b"), z12), z12}}},
		{"root and dependency", [][]map[string]any{{z13}, {node("bbb", "1", hash("b"), z12), z12}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSpecManifests(t, dir, "", c.specs)
			_, err := snapshot.LoadFrom(openDir(t, dir, mirror.Options{}), snapshot.Options{})
			if err == nil {
				t.Fatal("a hash two spec manifests write as two versions of zlib loaded")
			}
			for _, want := range []string{"zlib@1.3", "zlib@1.2", "bbb-1-" + hash("b") + ".spec.manifest.json", "a hash names one spec"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
	t.Run("same spec", func(t *testing.T) {
		dir := t.TempDir()
		x, y := node("xz", "5", hash("x")), node("yy", "1", hash("y"))
		a := node("aaa", "1", hash("a"), x, y)
		b := node("bbb", "1", hash("b"), node("aaa", "1", hash("a"), y, x)) // a's edges in another order
		writeSpecManifests(t, dir, "", [][]map[string]any{{a, x, y}, {b, node("aaa", "1", hash("a"), y, x), y, x}})
		s := load(t, openDir(t, dir, mirror.Options{}))
		var names []string
		for _, p := range s.Packages {
			names = append(names, p.Name)
		}
		if got := strings.Join(names, " "); got != "aaa bbb" {
			t.Errorf("packages %q, want the manifests' roots aaa bbb", got)
		}
	})
}

// TestSpecBlobByteOrderMark reads a v3 mirror without an index manifest
// whose spec blobs open with a UTF-8 byte order mark, as a folder's spec
// file may (cachediff reads past it): the specs load, as the same files
// in a folder do. specNodes, with Go's json, refused the mirror ("invalid
// character 'ï' looking for beginning of value", exit 2).
func TestSpecBlobByteOrderMark(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	n := map[string]any{"name": "zlib", "version": "1.3", "hash": strings.Repeat("z", 32),
		"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"},
		"parameters": map[string]any{"build_system": "generic"}}
	writeSpecManifests(t, dir, "\ufeff", [][]map[string]any{{n}})
	s := load(t, openDir(t, dir, mirror.Options{}))
	if len(s.Packages) != 1 || s.Packages[0].Name != "zlib" || len(s.Packages[0].Specs) != 1 {
		t.Fatalf("packages %v, want zlib's one spec", s.Packages)
	}
}

// TestSpecBlobsOfTwoFormats reads a v3 mirror without an index manifest
// whose spec blobs are of formats 4 and 5 (pushed by two Spacks): the
// specs load, as the same spec files in a folder do, and as Spack's index
// of the mirror would list them. The mirror was refused ("a spec file of
// format 5 among spec files of another format (database 7): a mirror's
// specs are of one Spack", exit 2): a rule of the one index made of the
// spec files, which the loader, reading them as a folder's, needs not.
func TestSpecBlobsOfTwoFormats(t *testing.T) {
	t.Parallel()
	node := func(name, h string) map[string]any {
		return map[string]any{"name": name, "version": "1", "hash": strings.Repeat(h, 32),
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"},
			"parameters": map[string]any{"build_system": "generic"}}
	}
	dir := t.TempDir()
	writeSpecManifestsOf(t, dir, "", 4, false, [][]map[string]any{{node("aaa", "a")}})
	writeSpecManifestsOf(t, dir, "", 5, false, [][]map[string]any{{node("bbb", "b")}})
	s, err := snapshot.LoadFrom(openDir(t, dir, mirror.Options{}), snapshot.Options{})
	if err != nil {
		t.Fatalf("spec blobs of formats 4 and 5: %v", err)
	}
	var names []string
	for _, p := range s.Packages {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "aaa bbb" {
		t.Errorf("packages %q, want aaa bbb", got)
	}
}

// TestGzipSpecBlobsHeld reads a v3 mirror without an index manifest of
// tiny gzip'd spec blobs, as Spack pushes them: the spec files its Walk
// yields, which it holds until the loader reads each, cost the heap their
// bytes, and the names it keeps (under 4 times theirs in all). Each was
// held in gunzip's buffer, with room for four times its blob and more:
// the source held 7 times its spec files' bytes, and a mirror of 8000
// tiny specs peaked at 5.2 times its files' bytes while loaded (4.3 with
// them clipped).
func TestGzipSpecBlobsHeld(t *testing.T) {
	dir := t.TempDir()
	var specs [][]map[string]any
	for i := range 500 {
		h := []byte(strings.Repeat("a", 32))
		for j, k := 31, i; k > 0; j, k = j-1, k/26 {
			h[j] = byte('a' + k%26)
		}
		specs = append(specs, []map[string]any{{"name": fmt.Sprintf("p%d", i), "version": "1", "hash": string(h),
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64"},
			"parameters": map[string]any{"build_system": "generic"}}})
	}
	writeSpecManifestsOf(t, dir, "", 5, true, specs)
	src := openDir(t, dir, mirror.Options{})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var size int64
	files := 0
	_, errs := src.Walk(func(f snapshot.File) { size += f.Size; files++ })
	if len(errs) > 0 || files != len(specs) {
		t.Fatalf("%d spec files, errors %v; want %d", files, errs, len(specs))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if held > 4*size {
		t.Errorf("the source holds %d bytes for %d bytes of spec files (%.1f times), more than 4 times", held, size, float64(held)/float64(size))
	}
	runtime.KeepAlive(src)
}
