package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2HashAsSpackReadsIt: Spack reads build_cache/index.json even when
// index.json.hash disagrees with it (the index was written again between
// the two reads, most often), and ignores a .hash that is not 64 hex
// digits. cachediff reads such a mirror too, from a folder and over
// HTTP, with a warning, and names the index by the sha256 of what it
// read; it refused both as damaged. An --offline run after an online one
// reads what it read: an index its stale .hash does not name was kept by
// no key, and --offline failed (pass 94b's lead).
func TestV2HashAsSpackReadsIt(t *testing.T) {
	idx := index(t, "new")
	sum := sha256.Sum256(idx)
	want := hex.EncodeToString(sum[:])
	root := t.TempDir()
	ref := filepath.Join(root, "ref")
	if err := mirrorgen.V2(ref, idx); err != nil {
		t.Fatal(err)
	}
	wantSpecs := dump(t, load(t, openDir(t, ref, mirror.Options{})))
	srv := newServer(t, root)
	for _, c := range []struct {
		name, hash, checksum, warning string
	}{
		{"stale", strings.Repeat("ab", 32) + "\n", want, "build_cache/index.json: has sha256 " + want + ", and build_cache/index.json.hash says " + strings.Repeat("ab", 32) + ": read as Spack reads it"},
		{"garbage", "garbage\n", "", `build_cache/index.json.hash: is not a sha256 (64 lower-case hex digits): "garbage"; ignored, as Spack ignores it`},
		{"upper case", strings.ToUpper(want), "", "is not a sha256 (64 lower-case hex digits)"},
		// A lookalike (a Cyrillic а last) is quoted in ASCII (9fcc7816),
		// not as the sha256 it reads as.
		{"lookalike", want[:63] + "\u0430\n", "", `is not a sha256 (64 lower-case hex digits): "` + want[:63] + `\u0430"; ignored`},
		{"trailing text", want + " index.json\n", want, ""},
		// pass 93b: Spack reads the first 64 bytes of a .hash of any
		// length, and index.json whatever they say; one past 1 KiB
		// was refused as too big, and the run failed. It is ignored.
		// Pass 94b: and --offline, which found no .hash in the cache
		// (none is kept of a file over the limit), failed the run
		// the online one had read.
		{"long trailing text", want + "\n" + strings.Repeat("#", 4<<10) + "\n", "", "build_cache/index.json.hash: is longer than a sha256's line (over 1024 bytes); ignored, and build_cache/index.json read without it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(root, strings.ReplaceAll(c.name, " ", "-"))
			if err := mirrorgen.V2(dir, idx); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "build_cache", "index.json.hash"), []byte(c.hash), 0o644); err != nil {
				t.Fatal(err)
			}
			h := &mirror.HTTP{CacheDir: t.TempDir()}
			for _, from := range []string{"folder", "HTTP", "HTTP, the cache warm", "--offline"} {
				var src *mirror.Source
				var err error
				switch from {
				case "folder":
					src, err = mirror.Open(mirror.Dir(dir), mirror.Options{})
				case "--offline":
					off := &mirror.HTTP{CacheDir: h.CacheDir, Offline: true}
					src, err = off.Open(srv.URL+"/"+filepath.Base(dir), mirror.Options{})
				default:
					src, err = h.Open(srv.URL+"/"+filepath.Base(dir), mirror.Options{})
				}
				if err != nil {
					t.Fatalf("%s: %v", from, err)
				}
				s, err := snapshot.LoadFrom(src, snapshot.Options{})
				if err != nil {
					t.Fatalf("%s: %v", from, err)
				}
				if dump(t, s) != wantSpecs {
					t.Errorf("%s: the specs differ from the mirror's with a true .hash", from)
				}
				if src.Checksum != c.checksum {
					t.Errorf("%s: checksum %q, want %q", from, src.Checksum, c.checksum)
				}
				var warned []string
				for _, w := range s.Warnings {
					if strings.Contains(w.File+w.Message, "index.json") {
						warned = append(warned, w.File+": "+w.Message)
					}
				}
				switch {
				case c.warning == "" && len(warned) != 0:
					t.Errorf("%s: warnings %q, want none", from, warned)
				case c.warning != "" && (len(warned) != 1 || !strings.Contains(warned[0], c.warning)):
					t.Errorf("%s: warnings %q, want one holding %q", from, warned, c.warning)
				}
			}
		})
	}
}
