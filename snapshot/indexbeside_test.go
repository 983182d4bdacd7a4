package snapshot

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// A build cache's folder holds index.json and the spec files of its
// binaries. Spack reads the index alone: a spec that the index lost is
// gone to it even when its spec file stays (a stale index). A folder
// holding both is read as Spack reads it: the index, and a warning for
// each spec file whose specs the index lacks (seventh adversarial pass,
// issue 35: libdwarf removed from the index, its spec file left beside
// it, read as the union: "no changes", and --fail-on removed-package
// passed).
func TestIndexBesideSpecFiles(t *testing.T) {
	data, lost := libdwarfLost(t)
	spec := "linux-libdwarf-sk2gqqz4n5njmvktycnd25wq25jxiqkr.spec.json"
	for _, tt := range []struct {
		name  string
		index []byte
		want  []string // packages
		warn  bool
	}{
		{"the index lost libdwarf", lost, []string{"libelf"}, true},
		{"the index has libdwarf", data, []string{"libdwarf", "libelf"}, false},
		// A record not in the build cache is no spec Spack installs from
		// it, as one the index lacks (a tenth adversarial pass, issue 35:
		// its spec file was left out without a word).
		{"the index has libdwarf out of the build cache", outOfCache(t, data, "sk2gqqz4n5njmvktycnd25wq25jxiqkr"), []string{"libelf"}, true},
		// The spec file's spec is libdwarf, its root; libelf is its
		// dependency, which the build cache holds only with a spec file
		// of its own: an index that has it out of the build cache is
		// what Spack's own index of the folder writes (libelf's tarball
		// and spec file deleted), not a stale one. It was warned of.
		{"the index has libdwarf's dependency out of the build cache", outOfCache(t, data, "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"), []string{"libdwarf"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "index.json"), tt.index, 0o644); err != nil {
				t.Fatal(err)
			}
			copyFile(t, filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"), filepath.Join(dir, spec))
			s, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range s.Packages {
				names = append(names, p.Name)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("packages %v, want %v", names, tt.want)
			}
			warned := slices.ContainsFunc(s.Warnings, func(w Warning) bool {
				return strings.HasSuffix(w.File, spec) && strings.Contains(w.Message, "build cache's index")
			})
			if warned != tt.warn {
				t.Errorf("a warning about %s: %v, want %v (warnings %v)", spec, warned, tt.warn, s.Warnings)
			}
		})
	}
}

// Spack files are recognised by content, so the spec files left out
// beside an index are those read as spec files, whatever their names,
// anywhere in the snapshot, beside an index of any name (in capitals
// too), gzip'd or not, and beside one that does not decode (eighth
// adversarial pass, issue 35: each of these read the stale spec file,
// "no changes").
func TestIndexBesideSpecFilesByContent(t *testing.T) {
	_, lost := libdwarfLost(t)
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	gz := func(b []byte) []byte {
		var out bytes.Buffer
		w := gzip.NewWriter(&out)
		w.Write(b)
		w.Close()
		return out.Bytes()
	}
	pad := func(b []byte) []byte { return append(bytes.Repeat([]byte(" "), 2*detectSize), b...) }
	// first puts member before b's first (b an object).
	first := func(member string, b []byte) []byte {
		b = bytes.TrimSpace(b)
		return append([]byte("{"+member+","), b[1:]...)
	}
	longKey := func(b []byte) []byte { return first(`"x":"`+strings.Repeat("a", 2*detectSize)+`"`, b) }
	longerKey := func(b []byte) []byte { return first(`"x":"`+strings.Repeat("a", 10*detectSize)+`"`, b) }
	cut := func(b []byte) []byte { return b[:len(b)-len(lost)/2] } // the index cut short, its long first key whole
	gzCut := func(b []byte) []byte { return b[:len(b)*3/4] }
	utf16LE := func(b []byte) []byte {
		out := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(string(b))) {
			out = append(out, byte(u), byte(u>>8))
		}
		return out
	}
	lockMeta := func(b []byte) []byte { return first(`"_meta":{"file-type":"spack-lockfile"}`, b) }
	for _, tt := range []struct {
		name  string
		files map[string][]byte
		skip  bool // the index does not decode: Options.SkipInvalid
	}{
		{"a subfolder", map[string][]byte{"index.json": lost, "sub/libdwarf.spec.json": spec}, false},
		{"the index in a subfolder", map[string][]byte{"index.json/x.json": lost, "libdwarf.spec.json": spec}, false},
		{"an index named in capitals", map[string][]byte{"INDEX.JSON": lost, "libdwarf.spec.json": spec}, false},
		{"another name", map[string][]byte{"index.json": lost, "libdwarf.json": spec}, false},
		{"a gzip'd spec file", map[string][]byte{"index.json": lost, "libdwarf.spec.json.gz": gz(spec)}, false},
		{"a gzip'd index", map[string][]byte{"index.json.gz": gz(lost), "libdwarf.spec.json": spec}, false},
		{"an index of another name", map[string][]byte{"idx.json": lost, "libdwarf.spec.json": spec}, false},
		{"an index cut short", map[string][]byte{"index.json": lost[:len(lost)/2], "libdwarf.spec.json": spec}, true},
		// The kind goes by what the decoder reads, not by the file's head
		// alone: past the head's 512 bytes, or after a lockfile's _meta
		// (which an index or a spec file may carry, unread), it said
		// nothing, and the spec file was read beside the index.
		{"a spec file padded past its head", map[string][]byte{"index.json": lost, "libdwarf.spec.json": pad(spec)}, false},
		{"an index padded past its head", map[string][]byte{"index.json": pad(lost), "libdwarf.spec.json": spec}, false},
		{"a spec file with a long first key", map[string][]byte{"index.json": lost, "libdwarf.spec.json": longKey(spec)}, false},
		{"an index with a long first key", map[string][]byte{"index.json": longKey(lost), "libdwarf.spec.json": spec}, false},
		// Gzip'd under Spack's name, an index is sniffed whole, its
		// content inflated, as a plain one is: the head of its content
		// (512 bytes, as a plain file's) said nothing, and an index that
		// does not decode left the spec file read beside it.
		{"a gzip'd index with a long first key", map[string][]byte{"index.json": gz(longerKey(lost)), "libdwarf.spec.json": spec}, false},
		{"a gzip'd index with a long first key cut short", map[string][]byte{"index.json": gz(cut(longerKey(lost))), "libdwarf.spec.json": spec}, true},
		{"a gzip'd index with a longer first key cut short", map[string][]byte{"index.json": gz(cut(first(`"x":"`+strings.Repeat("a", 100*detectSize)+`"`, lost))), "libdwarf.spec.json": spec}, true},
		// Its gzip cut short (a download cut off), or in UTF-16, its
		// content read as far as it inflates, as a plain one cut short
		// is (a hundred-and-eighth pass: sniffed from 512 bytes, the
		// stale spec file was read).
		{"a gzip'd index with a long first key, its gzip cut short", map[string][]byte{"index.json": gzCut(gz(longerKey(lost))), "libdwarf.spec.json": spec}, true},
		{"a gzip'd index with a long first key in UTF-16", map[string][]byte{"index.json": gz(utf16LE(longerKey(lost))), "libdwarf.spec.json": spec}, true},
		{"a gzip'd spec file with a long first key", map[string][]byte{"index.json": lost, "libdwarf.spec.json.gz": gz(longerKey(spec))}, false},
		{"a spec file with a lockfile's _meta", map[string][]byte{"index.json": lost, "libdwarf.spec.json": lockMeta(spec)}, false},
		{"an index with a lockfile's _meta", map[string][]byte{"index.json": lockMeta(lost), "libdwarf.spec.json": spec}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFilesIn(t, dir, tt.files)
			s, err := Load(dir, Options{SkipInvalid: tt.skip})
			if err != nil {
				if tt.skip && strings.Contains(err.Error(), "index.json") {
					return // the index skipped, nothing is left: an error, not the stale spec file
				}
				t.Fatal(err)
			}
			for _, p := range s.Packages {
				if p.Name == "libdwarf" {
					t.Errorf("libdwarf read from %s, beside an index without it", p.File())
				}
			}
		})
	}
}

// libdwarfLost returns the v7 index fixture (libelf and libdwarf), and
// the same index without libdwarf's record.
func libdwarfLost(t *testing.T) (data, lost []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc["database"]["installs"].(map[string]any), "sk2gqqz4n5njmvktycnd25wq25jxiqkr") // libdwarf
	lost, err = json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return data, lost
}

// outOfCache is the index data with the record of hash h marked
// in_buildcache false.
func outOfCache(t *testing.T, data []byte, h string) []byte {
	t.Helper()
	var doc map[string]map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["database"]["installs"].(map[string]any)[h].(map[string]any)["in_buildcache"] = false
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTwoIndexes (a ninth adversarial pass, issue 35): a build cache has
// one index, which Spack reads alone. A snapshot holding two (a stale
// copy in a subfolder, an index.json.gz beside index.json) was read as
// their union: libdwarf, lost from the index, stayed in through the
// stale one, and the gate said "no changes". It is the wrong folder, as
// pages of two tags are: an error naming both, --skip-invalid or not.
func TestTwoIndexes(t *testing.T) {
	full, lost := libdwarfLost(t)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(full)
	w.Close()
	for _, tt := range []struct {
		name  string
		files map[string][]byte
	}{
		{"a stale copy in a subfolder", map[string][]byte{"index.json": lost, "bak/index.json": full}},
		{"a gzip'd copy beside it", map[string][]byte{"index.json": lost, "index.json.gz": gz.Bytes()}},
		{"another name", map[string][]byte{"build_cache/index.json": lost, "index.v7.json": full}},
	} {
		for _, skip := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, SkipInvalid %v", tt.name, skip), func(t *testing.T) {
				dir := t.TempDir()
				writeFilesIn(t, dir, tt.files)
				s, err := Load(dir, Options{SkipInvalid: skip})
				if err == nil {
					var names []string
					for _, p := range s.Packages {
						names = append(names, p.Name)
					}
					t.Fatalf("loaded %v; want an error naming both indexes", names)
				}
				for name := range tt.files {
					if !strings.Contains(err.Error(), filepath.Join(dir, name)) {
						t.Errorf("the error does not name %s: %v", name, err)
					}
				}
			})
		}
	}
}

// TestLockfileBesideIndex (a ninth adversarial pass, issue 35): a
// lockfile is no part of a build cache, whose index Spack reads alone.
// Beside an index it was read as their union: a spack.lock committed
// into the build cache's folder kept a spec the index had lost, and
// --fail-on removed-spec passed. A folder holding both is refused, naming
// them, --skip-invalid or not.
func TestLockfileBesideIndex(t *testing.T) {
	full, lost := libdwarfLost(t)
	var doc struct {
		Database struct {
			Installs map[string]struct{ Spec json.RawMessage }
		}
	}
	if err := json.Unmarshal(full, &doc); err != nil {
		t.Fatal(err)
	}
	specs := map[string]json.RawMessage{}
	for h, r := range doc.Database.Installs {
		specs[h] = r.Spec
	}
	lock, err := json.Marshal(map[string]any{
		"_meta":          map[string]any{"file-type": "spack-lockfile", "lockfile-version": 6, "specfile-version": 4},
		"roots":          []map[string]string{{"hash": "sk2gqqz4n5njmvktycnd25wq25jxiqkr", "spec": "libdwarf"}},
		"concrete_specs": specs,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range []map[string][]byte{
		{"index.json": lost, "spack.lock": lock},
		{"build_cache/index.json": lost, "env/spack.lock": lock},
	} {
		for _, skip := range []bool{false, true} {
			dir := t.TempDir()
			writeFilesIn(t, dir, files)
			s, err := Load(dir, Options{SkipInvalid: skip})
			if err == nil {
				var names []string
				for _, p := range s.Packages {
					names = append(names, p.Name)
				}
				t.Errorf("%v, SkipInvalid %v: loaded %v; want an error naming the index and the lockfile", slices.Sorted(maps.Keys(files)), skip, names)
				continue
			}
			for name := range files {
				if !strings.Contains(err.Error(), filepath.Join(dir, name)) {
					t.Errorf("the error does not name %s: %v", name, err)
				}
			}
		}
	}
	// Other JSON beside an index, which a "roots" list does not make a
	// lockfile (a package.json), is left alone, as ever.
	other := t.TempDir()
	for name, b := range map[string][]byte{"index.json": lost, "package.json": []byte(`{"roots": ["a"], "name": "x"}`)} {
		if err := os.WriteFile(filepath.Join(other, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Load(other, Options{}); err != nil {
		t.Errorf("an index beside a package.json: %v", err)
	}
	// The lockfile alone loads.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "spack.lock"), lock, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir, Options{}); err != nil {
		t.Fatalf("the lockfile alone: %v", err)
	}
}

// TestLockfileBesideIndexAdvice (a thirteenth adversarial pass, issue
// 35): the refusal of an index beside a lockfile said "name the index or
// its folder", and the index's folder was the very folder refused, when
// the index sat in it (cachediff dir dir). It names what to give instead:
// the index file, or its folder when that is another.
func TestLockfileBesideIndexAdvice(t *testing.T) {
	_, lost := libdwarfLost(t)
	lock := []byte(`{"_meta": {"file-type": "spack-lockfile", "lockfile-version": 6, "specfile-version": 4}, "roots": [], "concrete_specs": {}}`)
	for _, c := range []struct {
		index, lock, want string
	}{
		{"index.json", "spack.lock", "name the index, DIR/index.json, or the lockfile"},
		{"build_cache/index.json", "spack.lock", "name the index or its folder, DIR/build_cache, or the lockfile"},
	} {
		dir := t.TempDir()
		for name, b := range map[string][]byte{c.index: lost, c.lock: lock} {
			path := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Load(dir, Options{SkipInvalid: true})
		// dir+"/." is the same folder, named otherwise.
		if _, err := Load(dir+"/.", Options{}); err == nil || !strings.Contains(err.Error(), strings.ReplaceAll(c.want, "DIR", dir)) {
			t.Errorf("%s beside %s, as DIR/.: %v; want %q", c.index, c.lock, err, c.want)
		}
		if want := strings.ReplaceAll(c.want, "DIR", dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s beside %s: %v; want %q", c.index, c.lock, err, want)
		}
	}
}

// writeFilesIn writes files (path under dir: content) into dir, making
// their folders (writeTree, of strings, makes its own dir).
func writeFilesIn(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, b := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
