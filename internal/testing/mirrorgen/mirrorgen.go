// Package mirrorgen writes Spack build-cache mirrors from a build-cache
// index, for tests: layout v2 (build_cache/index.json and its .hash) and
// layout v3 (v3/layout.json, the index manifest and its blob, and one
// spec manifest and gzip'd spec-file blob per spec in the build cache),
// as Spack 1.x lays a mirror out. The same index and options give the
// same bytes.
//
// It owns only test data: cachediff never imports it.
package mirrorgen

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Options say what to write besides the mirror itself.
type Options struct {
	// NoIndex leaves the index manifest out (a v3 mirror pushed to
	// without updating its index).
	NoIndex bool
	// View also writes the index as the view of this name.
	View string
	// Sign clear-signs the spec manifests whose spec's name is this
	// (armour around the text; no key: cachediff does not verify).
	Sign string
}

type record struct {
	Spec         json.RawMessage `json:"spec"`
	InBuildcache bool            `json:"in_buildcache"`
}

type node struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Hash    string `json:"hash"`
	Deps    []struct {
		Hash string `json:"hash"`
	} `json:"dependencies"`
}

// V2 writes a layout-v2 mirror of index at dir.
func V2(dir string, index []byte) error {
	sum := sha256.Sum256(index)
	if err := write(dir, "build_cache/index.json", index); err != nil {
		return err
	}
	return write(dir, "build_cache/index.json.hash", []byte(hex.EncodeToString(sum[:])))
}

// V3 writes a layout-v3 mirror of index (a build-cache index of database
// version 8, whose nodes are spec format 5) at dir.
func V3(dir string, index []byte, o Options) error {
	files, err := v3Files(index, o)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := write(dir, f.rel, f.data); err != nil {
			return err
		}
	}
	return nil
}

// file is one file of a mirror: its path, slash-separated and relative
// to the mirror, and its bytes.
type file struct {
	rel  string
	data []byte
}

// laidOut holds the files V3 laid out for an index (of at most
// laidOutMax bytes) and options: a test process writes the same few
// mirrors again and again, and each laid out anew is a JSON parse, a
// walk of every spec's DAG and a gzip'd blob per spec. The same index
// and options give the same bytes; the files are only read.
var laidOut struct {
	sync.Mutex
	files map[laidOutKey][]file
}

type laidOutKey struct {
	index [sha256.Size]byte
	o     Options
}

const laidOutMax = 1 << 20

func v3Files(index []byte, o Options) ([]file, error) {
	var key laidOutKey
	if len(index) <= laidOutMax {
		key = laidOutKey{sha256.Sum256(index), o}
		laidOut.Lock()
		files, ok := laidOut.files[key]
		laidOut.Unlock()
		if ok {
			return files, nil
		}
	}
	files, err := layOutV3(index, o)
	if err != nil || len(index) > laidOutMax {
		return files, err
	}
	laidOut.Lock()
	if laidOut.files == nil {
		laidOut.files = map[laidOutKey][]file{}
	}
	laidOut.files[key] = files
	laidOut.Unlock()
	return files, nil
}

// layOutV3 returns the files of a layout-v3 mirror of index, in the
// order V3 writes them.
func layOutV3(index []byte, o Options) ([]file, error) {
	var db struct {
		Database struct {
			Version  string            `json:"version"`
			Installs map[string]record `json:"installs"`
		} `json:"database"`
	}
	if err := json.Unmarshal(index, &db); err != nil {
		return nil, err
	}
	if db.Database.Version != "8" {
		return nil, fmt.Errorf("mirrorgen: database version %s, want 8", db.Database.Version)
	}
	files := []file{{"v3/layout.json", []byte(`{"signing": "gpg"}`)}}
	if !o.NoIndex {
		m, blob, err := putBlob(index, "application/vnd.spack.db.v8+json", false)
		if err != nil {
			return nil, err
		}
		files = append(files, blob, file{"v3/manifests/index/index.manifest.json", m})
		if o.View != "" {
			files = append(files, file{"v3/manifests/index/" + o.View + "/index.manifest.json", m})
		}
	}
	err := eachSpecFile(db.Database.Installs, func(n node, h string, spec []byte) error {
		m, blob, err := putBlob(spec, "application/vnd.spack.spec.v5+json", true)
		if err != nil {
			return err
		}
		if n.Name == o.Sign {
			m = []byte("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(m) + "\n-----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCgAdFiEEfake\n=abcd\n-----END PGP SIGNATURE-----\n")
		}
		rel := fmt.Sprintf("v3/manifests/spec/%s/%s-%s-%s.spec.manifest.json", n.Name, n.Name, n.Version, h)
		files = append(files, blob, file{rel, m})
		return nil
	})
	return files, err
}

// SpecFolder writes the spec files of index (a build-cache index whose
// nodes are spec format 5) at dir, as a layout-v2 mirror's build_cache/
// holds them without its index: one per spec in the build cache, named
// <name>-<version>-<hash>.spec.json, its DAG as V3's spec blobs have it.
func SpecFolder(dir string, index []byte) error {
	var db struct {
		Database struct {
			Installs map[string]record `json:"installs"`
		} `json:"database"`
	}
	if err := json.Unmarshal(index, &db); err != nil {
		return err
	}
	return eachSpecFile(db.Database.Installs, func(n node, h string, spec []byte) error {
		return write(dir, fmt.Sprintf("%s-%s-%s.spec.json", n.Name, n.Version, h), spec)
	})
}

// eachSpecFile calls put, by hash, with the spec file of each record of
// installs in the build cache: the root's node first, then its DAG
// breadth first, each node once, as Spack writes a spec file.
func eachSpecFile(installs map[string]record, put func(n node, h string, spec []byte) error) error {
	nodes := map[string]node{}
	for h, r := range installs {
		var n node
		if err := json.Unmarshal(r.Spec, &n); err != nil {
			return err
		}
		nodes[h] = n
	}
	hashes := make([]string, 0, len(nodes))
	for h := range installs {
		hashes = append(hashes, h)
	}
	slices.Sort(hashes)
	for _, h := range hashes {
		r := installs[h]
		if !r.InBuildcache {
			continue
		}
		// The DAG, root first, then breadth first, each node once.
		order := []string{h}
		seen := map[string]bool{h: true}
		for i := 0; i < len(order); i++ {
			var next []string
			for _, d := range nodes[order[i]].Deps {
				if _, ok := nodes[d.Hash]; ok && !seen[d.Hash] {
					seen[d.Hash] = true
					next = append(next, d.Hash)
				}
			}
			slices.Sort(next)
			order = append(order, next...)
		}
		var spec bytes.Buffer
		spec.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[`)
		for i, x := range order {
			if i > 0 {
				spec.WriteByte(',')
			}
			spec.Write(installs[x].Spec)
		}
		spec.WriteString("]}}\n")
		if err := put(nodes[h], h, spec.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// putBlob returns the manifest that lists data (gzip'd when zip) as a
// blob, and the blob's file.
func putBlob(data []byte, mediaType string, zip bool) ([]byte, file, error) {
	compression := "none"
	if zip {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		if err := zw.Close(); err != nil {
			return nil, file{}, err
		}
		data, compression = b.Bytes(), "gzip"
	}
	sum := sha256.Sum256(data)
	h := hex.EncodeToString(sum[:])
	blob := file{"blobs/sha256/" + h[:2] + "/" + h, data}
	m, err := json.MarshalIndent(map[string]any{
		"version": 3,
		"data": []map[string]any{{
			"contentLength": len(data), "mediaType": mediaType, "compression": compression,
			"checksumAlgorithm": "sha256", "checksum": h,
		}},
	}, "", "  ")
	return m, blob, err
}

func write(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// BlobOf returns the path, relative to the mirror, of the blob the index
// manifest at dir names (for tests that damage it).
func BlobOf(dir string) (string, error) {
	m, err := os.ReadFile(filepath.Join(dir, "v3/manifests/index/index.manifest.json"))
	if err != nil {
		return "", err
	}
	var v struct {
		Data []struct{ Checksum string }
	}
	if err := json.Unmarshal(m, &v); err != nil || len(v.Data) == 0 {
		return "", fmt.Errorf("mirrorgen: index manifest %q", m)
	}
	c := v.Data[0].Checksum
	return strings.Join([]string{"blobs", "sha256", c[:2], c}, "/"), nil
}

// Handler serves the folder dir over HTTP as a web server or a bucket's
// HTTPS endpoint serves a mirror: an ETag per file, 304 for a request
// whose If-None-Match is it, 404 for what is not there. record, when set,
// is called with each request and the status answered.
func Handler(dir string, record func(r *http.Request, status int)) http.Handler {
	if record == nil {
		record = func(*http.Request, int) {}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(path.Clean(r.URL.Path), "/"))))
		if err != nil {
			record(r, http.StatusNotFound)
			http.NotFound(w, r)
			return
		}
		sum := sha256.Sum256(data)
		etag := `"` + hex.EncodeToString(sum[:8]) + `"`
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			record(r, http.StatusNotModified)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		record(r, http.StatusOK)
		w.Header().Set("Content-Length", fmt.Sprint(len(data)))
		w.Write(data)
	})
}
