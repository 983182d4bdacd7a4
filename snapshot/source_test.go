package snapshot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// memSource is a Source of files held in memory, as a git tree source
// would be: display names are PREFIX/<path>.
type memSource struct {
	prefix string
	files  map[string]string // slash path → content
	modes  map[string]fs.FileMode
}

func (s *memSource) Path() string { return s.prefix }

func (s *memSource) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	names := make([]string, 0, len(s.files))
	for n := range s.files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		yield(snapshot.File{Name: s.prefix + "/" + n, Base: path.Base(n), Mode: s.modes[n], Size: int64(len(s.files[n])), Handle: n})
	}
	return nil, nil
}

func (s *memSource) Read(f snapshot.File, buf []byte) ([]byte, error) {
	return append(buf[:0], s.files[f.Handle.(string)]...), nil
}

func memPage(title, tag string, hashes ...string) string {
	var specs []string
	for _, h := range hashes {
		specs = append(specs, fmt.Sprintf(`{"hash": %q, "compiler": "gcc@=13.2.0", "versions": ["1.0"], "os": "ubuntu24.04", "platform": "linux", "target": "x86_64", "variants": [], "stacks": ["root"], "size": "-"}`, h))
	}
	meta := fmt.Sprintf(`{"compilers": ["gcc@=13.2.0"], "num_specs": %d, "num_specs_by_stack": {"root": %d}, "oss": ["ubuntu24.04"], "platforms": ["linux"], "stacks": ["root"], "targets": ["x86_64"], "versions": ["1.0"]}`, len(hashes), len(hashes))
	return fmt.Sprintf("---\ntitle: %q\nlayout: cache\ncategories: [package, %s]\nmeta: %s\nspec_details: [%s]\n---\n", title, tag, meta, strings.Join(specs, ", "))
}

const (
	hashA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	hashB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	hashC = "cccccccccccccccccccccccccccccccc"
)

// TestLoadFrom: a Source other than a folder loads as a folder would,
// its display names in packages and messages.
func TestLoadFrom(t *testing.T) {
	src := &memSource{prefix: "HEAD:_cache/develop", files: map[string]string{
		"zlib/specs.md":  memPage("zlib", "develop", hashB, hashA),
		"bzip2/specs.md": memPage("bzip2", "develop", hashC),
		"README.md":      "# not a page\n",
		"logo.png":       "\x89PNG",
	}}
	snap, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range snap.Packages {
		got = append(got, p.Name+" "+p.File()+" "+p.Specs[0].Hash+" "+p.Specs[0].Compiler)
	}
	want := []string{
		"bzip2 HEAD:_cache/develop/bzip2/specs.md " + hashC + " gcc@13.2.0",
		"zlib HEAD:_cache/develop/zlib/specs.md " + hashA + " gcc@13.2.0",
	}
	if !slices.Equal(got, want) || snap.Path != "HEAD:_cache/develop" || snap.Tag != "develop" || snap.Canon["compiler-exact-version"] != 3 {
		t.Errorf("got %q (path %q, tag %q, counts %v), want %q", got, snap.Path, snap.Tag, snap.Canon, want)
	}

	src.files["zlib/specs.md"] = "---\ntitle: \"zlib\"\nlayout: cache\nspec_details: [{\"hash\": 1, \"versions\": [], \"variants\": [], \"compiler\": \"\", \"os\": \"\", \"platform\": \"\", \"target\": \"\", \"stacks\": [], \"size\": \"-\"}]\n---\n"
	_, err = snapshot.LoadFrom(src, snapshot.Options{})
	if want := "loading HEAD:_cache/develop/zlib/specs.md: line 4, column 16: spec_details: spec 1: hash: want a string, got 1"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestLoadFromNotRegular: a specs.md that is not a regular file is an
// error (or, with SkipInvalid, a listed skip), whatever the source.
func TestLoadFromNotRegular(t *testing.T) {
	src := &memSource{prefix: "REV:P", files: map[string]string{
		"zlib/specs.md":  "",
		"bzip2/specs.md": memPage("bzip2", "develop", hashC),
		"notes.md":       "",
	}, modes: map[string]fs.FileMode{"zlib/specs.md": fs.ModeNamedPipe, "notes.md": fs.ModeSymlink}}
	_, err := snapshot.LoadFrom(src, snapshot.Options{})
	if want := "loading REV:P/zlib/specs.md: not a regular file (a FIFO): a package page is a regular file"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	snap, err := snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	wantSkipped := []snapshot.Skipped{{File: "REV:P/zlib/specs.md", Reason: "not a regular file (a FIFO): a package page is a regular file"}}
	wantWarnings := []snapshot.Warning{
		{File: "REV:P/notes.md", Message: "not a regular file (a symbolic link): not read"},
	}
	if !reflect.DeepEqual(snap.Skipped, wantSkipped) || !reflect.DeepEqual(snap.Warnings, wantWarnings) {
		t.Errorf("skipped %+v, warnings %+v", snap.Skipped, snap.Warnings)
	}
}

// jsonDecoder is a Decoder of a made-up format: a JSON object of package
// names to lists of specs, in files named *.cache.json.
type jsonDecoder struct{}

func (jsonDecoder) Claims(base string) bool { return strings.HasSuffix(base, ".cache.json") }
func (jsonDecoder) Detect(head []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(head), []byte("{"))
}
func (jsonDecoder) Decode(file string, data []byte) ([]*snapshot.Package, []snapshot.Warning, error) {
	var m map[string][]snapshot.Spec
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, nil, &snapshot.Error{File: file, Msg: err.Error()}
	}
	var pkgs []*snapshot.Package
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}) {
		pkgs = append(pkgs, &snapshot.Package{Name: name, Specs: m[name], Origin: &snapshot.Origin{File: file, Tag: "develop"}})
	}
	return pkgs, []snapshot.Warning{{File: file, Message: "made-up format"}}, nil
}

// TestDecoder: a Decoder plugs in through Options.Decoders; its specs are
// checked, canonicalized and sorted like a page's.
func TestDecoder(t *testing.T) {
	src := &memSource{prefix: "idx", files: map[string]string{
		"all.cache.json": `{"zlib": [{"hash": "` + hashB + `", "compiler": "%gcc@=13.2.0"}, {"hash": "` + hashA + `"}], "xz": [{"hash": "` + hashC + `"}]}`,
		"bzip2/specs.md": memPage("bzip2", "develop", "dddddddddddddddddddddddddddddddd"),
		"other.json":     `{"not": "claimed"}`,
	}}
	opt := snapshot.Options{Decoders: []snapshot.Decoder{jsonDecoder{}}}
	snap, err := snapshot.LoadFrom(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range snap.Packages {
		var hs []string
		for _, s := range p.Specs {
			hs = append(hs, s.Hash[:1]+s.Compiler)
		}
		got = append(got, p.Name+":"+strings.Join(hs, ","))
	}
	if want := []string{"bzip2:dgcc@13.2.0", "xz:cnone", "zlib:anone,bgcc@13.2.0"}; !slices.Equal(got, want) {
		t.Errorf("packages %q, want %q", got, want)
	}
	if len(snap.Warnings) != 1 || snap.Warnings[0].Message != "made-up format" || snap.Canon["compiler-percent"] != 1 {
		t.Errorf("warnings %v, counts %v", snap.Warnings, snap.Canon)
	}
	src.files["all.cache.json"] = `{"zlib": [{"hash": "x"}]}`
	_, err = snapshot.LoadFrom(src, opt)
	if err == nil || !strings.Contains(err.Error(), "loading idx/all.cache.json: package zlib: spec 1 has a malformed hash") {
		t.Errorf("error %v", err)
	}
}

// TestNotSnapshotJSON: a page that is JSON says what it is rather than
// "no front matter": a saved cachediff report or log (render it: by its
// name on disk, from a copy for a file of another store), or JSON of no
// format cachediff reads.
func TestNotSnapshotJSON(t *testing.T) {
	report := "{\n  \"schema\": \"cachediff/v1\",\n  \"old\": {"         // cut short: the schema still tells
	log := "{\"steps\": [], \"schema\": \"cachediff/log/v1\", \"x\": 1}" // schema not first
	for _, tc := range []struct{ content, onDisk, inStore string }{
		{report, "this is a cachediff report (cachediff/v1), not a snapshot: render it with cachediff render DIR/zlib/specs.md",
			"this is a cachediff report (cachediff/v1), not a snapshot: save it to a file and render it with cachediff render FILE"},
		{log, "this is a cachediff log (cachediff/log/v1), not a snapshot: render it with cachediff render DIR/zlib/specs.md", ""},
		{"\uFEFF {\"schema\": \"other/v1\"}", "a JSON document, but not a Spack build-cache index, lockfile or spec file (nor a package page, which starts with a line '---')", ""},
		{"[1, 2", "it starts like JSON, but is not valid JSON, nor a package page, which starts with a line '---'", ""},
	} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "zlib"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "zlib", "specs.md"), []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		want := "loading " + filepath.Join(dir, "zlib", "specs.md") + ": line 1: " + strings.ReplaceAll(tc.onDisk, "DIR", dir)
		if _, err := snapshot.Load(dir, snapshot.Options{}); err == nil || err.Error() != want {
			t.Errorf("%.20q on disk: %v, want %s", tc.content, err, want)
		}
		if tc.inStore == "" {
			continue
		}
		src := &memSource{prefix: "HEAD:c", files: map[string]string{"zlib/specs.md": tc.content}}
		want = "loading HEAD:c/zlib/specs.md: line 1: " + tc.inStore
		if _, err := snapshot.LoadFrom(src, snapshot.Options{}); err == nil || err.Error() != want {
			t.Errorf("%.20q in a store: %v, want %s", tc.content, err, want)
		}
	}
}
