package snapshot

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

const spackFixtures = "../testdata/spack-formats"

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func specLines(s *Snapshot) []string {
	var out []string
	for _, p := range s.Packages {
		for _, sp := range p.Specs {
			out = append(out, p.Name+"@"+strings.Join(sp.Versions, ",")+" %"+sp.Compiler+" "+sp.Platform+"-"+sp.OS+"-"+sp.Target+
				" ["+strings.Join(sp.Variants, " ")+"] stacks="+strings.Join(sp.Stacks, ",")+" deps="+itoa(len(sp.Deps()))+" /"+sp.Hash[:7])
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// A file named on the command line is recognised by content, whatever
// its name; its nodes become packages and canonical specs.
func TestLoadSpackFiles(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"index.v8-layout2-unsigned-mixed.json", []string{
			"compiler-wrapper@1.0 %none test-debian6-m1 [build_system=generic] stacks= deps=0 /qeehcxy",
			"gcc-runtime@10.2.1 %none test-debian6-m1 [build_system=generic] stacks= deps=1 /izgzpze",
			"libdwarf@20130729 %gcc@10.2.1 test-debian6-core2 [build_system=generic] stacks= deps=1 /sk2gqqz",
			"libdwarf@20130729 %gcc@10.2.1 test-debian6-m1 [build_system=generic] stacks= deps=4 /u5uz3dc",
			"libelf@0.8.13 %gcc@10.2.1 test-debian6-m1 [build_system=generic] stacks= deps=3 /jr3yipy",
			"libelf@0.8.13 %gcc@10.2.1 test-debian6-core2 [build_system=generic] stacks= deps=0 /rqh2vuf",
		}},
		{"spec.v3-archive-files.spec.json", []string{
			"archive-files@2.0 %gcc@4.5.0 test-debian6-core2 [] stacks= deps=0 /l3vdiqv",
		}},
	}
	for _, tt := range tests {
		s, err := Load(filepath.Join(spackFixtures, tt.file), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := specLines(s); !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n%s\nwant\n%s", tt.file, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
	// The external gcc of the v8 index is no spec, but is kept for edges.
	s, err := Load(filepath.Join(spackFixtures, "index.v8-layout2-unsigned-mixed.json"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var unlisted []string
	for _, p := range s.Packages {
		for _, u := range p.Unlisted() {
			unlisted = append(unlisted, u.Name+"@"+u.Versions[0])
		}
	}
	if !slices.Equal(unlisted, []string{"gcc@10.2.1"}) {
		t.Errorf("unlisted: %v", unlisted)
	}
}

// A build_cache/ folder holding index.json, and a folder of spec files
// that share dependencies: each file's spec is its root, and the
// dependencies, which no file of the folder has for root, are unlisted
// (out of the build cache, as Spack's index of the folder has them),
// once each.
func TestLoadSpackFolders(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, filepath.Join(spackFixtures, "index.v7-layout2-unsigned.json"), filepath.Join(dir, "mirror", "build_cache", "index.json"))
	s, err := Load(filepath.Join(dir, "mirror"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Specs() != 2 || len(s.Packages) != 2 {
		t.Errorf("build_cache: %d specs in %d packages", s.Specs(), len(s.Packages))
	}
	specs := filepath.Join(dir, "specs")
	copyFile(t, filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"), filepath.Join(specs, "a", "libdwarf-core2.spec.json"))
	copyFile(t, filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"), filepath.Join(specs, "b", "libdwarf-m1.spec.json"))
	copyFile(t, filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"), filepath.Join(specs, "c", "libelf-core2.spec.json"))
	if err := os.WriteFile(filepath.Join(specs, "README.md"), []byte("# not a page\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = Load(specs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The roots: core2's libdwarf (in two files, once here) and m1's.
	if s.Specs() != 2 {
		t.Errorf("spec files: %d specs, want 2:\n%s", s.Specs(), strings.Join(specLines(s), "\n"))
	}
	var unlisted []string
	for _, p := range s.Packages {
		if p.Name != "libdwarf" {
			t.Errorf("package %s listed: a dependency no spec file has for root", p.Name)
		}
		for _, u := range p.Unlisted() {
			unlisted = append(unlisted, u.Name+"/"+u.Hash[:7])
		}
	}
	slices.Sort(unlisted)
	if want := []string{"compiler-wrapper/qeehcxy", "gcc-runtime/izgzpze", "gcc/vd7v4ss", "libelf/jr3yipy", "libelf/rqh2vuf"}; !slices.Equal(unlisted, want) {
		t.Errorf("unlisted %v, want %v", unlisted, want)
	}
}

// Bad input names the file, its line and column, and the JSON path; an
// unknown format version lists the supported ones.
func TestLoadSpackErrors(t *testing.T) {
	dir := t.TempDir()
	for name, tt := range map[string]struct{ data, want string }{
		"spack.lock": {"{\"_meta\":{\"file-type\":\"spack-lockfile\",\"lockfile-version\":9}}",
			"spack.lock: line 1, column 59: _meta.lockfile-version: lockfile version 9 is not supported (cachediff reads versions 1 to 7)"},
		"none.lock": {`{"_meta":{"file-type":"spack-lockfile","lockfile-version":4},"roots":[],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`,
			"none.lock: the lockfile holds no spec: 1 record that no root reaches is left out (zlib@1): Spack reads a lockfile's specs from its roots"},
		"index.json": {"{\"database\":{\"version\":\"8\",\n\"installs\":{\"abc\":{\"spec\":{\"name\":3}}}}}",
			"index.json: line 2, column 35: database.installs.abc.spec.name: want a string, not a number"},
		"bad.spec.json": {`{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","hash":"short"}]}}`,
			"bad.spec.json: line 1: spec z has a malformed hash \"short\""},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, Options{})
		var le *LoadError
		if err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", name, err, tt.want)
		}
	}
}

// TestLoadSpackBadRecordQuoted (issue 35, classes a and e): a record's
// malformed hash or name went into the message raw: the hash
// "x\n::error::" of a record named a/../b forged a line of its own
// ("spec x" then "::error::: the package name …"), and so did a name
// beside a malformed hash; a hash of a Cyrillic а read as one of a-z.
// Each is quoted as the loader quotes names (quotedName), in ASCII, and
// two long hashes that differ past the cut read apart.
func TestLoadSpackBadRecordQuoted(t *testing.T) {
	long := strings.Repeat("q", 60)
	for _, c := range []struct{ name, hash, want string }{
		{"a/../b", "x\n::error::", `spec "x\n::error::": the package name "a/../b" is a path`},
		{"z\n::error::x", "short", `spec "z\n::error::x" has a malformed hash "short"`},
		{"z", "\u0430" + strings.Repeat("a", 31), `spec z has a malformed hash "\u0430aaaa`},
		{"z", long + "1", `spec z has a malformed hash "` + long[:40] + cutmark.Of(long+"1") + `"`},
		{"a/../b", long + "1", `spec "` + long[:40] + cutmark.Of(long+"1") + `": the package name`},
	} {
		path := filepath.Join(t.TempDir(), "x.spec.json")
		node, _ := json.Marshal(map[string]string{"name": c.name, "hash": c.hash})
		if err := os.WriteFile(path, []byte(`{"spec":{"_meta":{"version":5},"nodes":[`+string(node)+`]}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, Options{})
		if err == nil || strings.ContainsAny(err.Error(), "\n\u0430") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("name %q, hash %q: %v; want one line holding %s", c.name, c.hash, err, c.want)
		}
	}
}

// A dependency hash absent from the file is a warning of the snapshot.
func TestLoadSpackMissingDependency(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.spec.json")
	data := `{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
"dependencies":[{"name":"y","hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","parameters":{"deptypes":["link"],"virtuals":[]}}]}]}}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Message, "dependency y/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb is not in the file") {
		t.Errorf("warnings: %+v", s.Warnings)
	}
}

// signSpecFile writes the spec file from as Spack's clear-signed
// *.spec.json.sig to, with a stand-in signature.
func signSpecFile(t *testing.T, from, to string) {
	t.Helper()
	inner, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(inner) +
		"\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, []byte(signed), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A signed spec file longer than the head the loader sniffs (its
// signature is past it) loads through the loader, named on the command
// line or found in a folder, as the same file unsigned does.
func TestLoadSignedSpecFile(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json")
	sig := filepath.Join(dir, "bc", "libdwarf-core2.spec.json.sig")
	signSpecFile(t, plain, sig)
	if fi, err := os.Stat(sig); err != nil || fi.Size() <= detectSize {
		t.Fatalf("the signed file must be longer than %d bytes: %v", detectSize, err)
	}
	want, err := Load(plain, Options{})
	if err != nil {
		t.Fatal(err)
	}
	loadsAs(t, want, sig)
	copyFile(t, plain, filepath.Join(dir, "plain", "libdwarf-core2.spec.json"))
	if want, err = Load(filepath.Join(dir, "plain"), Options{}); err != nil {
		t.Fatal(err)
	}
	loadsAs(t, want, filepath.Dir(sig))
}

// A build cache's spec file whose first key is not "spec" (its checksum
// first, as a rewrite may put it) is recognised, in a folder and named on
// the command line: it was once dropped from a folder, its specs shown as
// removed.
func TestLoadSpecFileKeyOrder(t *testing.T) {
	plain := filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json")
	data, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	data = append([]byte(`{"binary_cache_checksum":{"hash_algorithm":"sha256","hash":"`+strings.Repeat("0", 64)+`"},`), data[1:]...)
	path := filepath.Join(t.TempDir(), "sf5", "libdwarf.spec.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := Load(plain, Options{})
	if err != nil {
		t.Fatal(err)
	}
	loadsAs(t, want, path)
	folder := filepath.Join(t.TempDir(), "plain")
	copyFile(t, plain, filepath.Join(folder, "libdwarf.spec.json"))
	if want, err = Load(folder, Options{}); err != nil {
		t.Fatal(err)
	}
	loadsAs(t, want, filepath.Dir(path))
}

// A file whose name says it is a Spack file (*.spec.json, *.spec.json.sig,
// index.json, spack.lock) but that no decoder detects is bad input: an
// error naming the file, line and column, or with SkipInvalid a listed
// skip; it was once left out silently, its specs lost. Markdown that is no
// page and JSON of other names stay ignored.
func TestLoadSpackNamedButBad(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v3-archive-files.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		name, data string
		line, col  int
		want       string
	}{
		{"a/empty.spec.json", "", 1, 1, "want a JSON object (a Spack index, lockfile or spec file), not the end of the file"},
		{"a/open.spec.json", "{", 1, 2, "want a key, not the end of the file"},
		{"b/index.json", "{\n\"hello\": 1}", 1, 1, "not a Spack index, lockfile or spec file"},
		{"c/spack.lock", "hello", 1, 1, "want a JSON object"},
		{"d/x.spec.json.sig", "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n[]\n", 5, 1, "a clear-signed spec file without its signature"},
	}
	files := map[string]string{
		"good/archive-files.spec.json": string(good),
		"README.md":                    "# not a page\n",
		"notes/other.json":             `{"hello": 1}`,
		"notes/package.json":           `{"name": "x", "roots": []}`,
	}
	for _, b := range bad {
		files[b.name] = b.data
	}
	dir := writeTree(t, files)
	_, err = Load(dir, Options{})
	var le *LoadError
	if !errors.As(err, &le) || len(le.Errs) != len(bad) {
		t.Fatalf("want %d errors, got %v", len(bad), err)
	}
	for _, b := range bad {
		checkErr(t, err, filepath.Join(dir, filepath.FromSlash(b.name)), b.line, b.col, b.want)
	}
	s, err := Load(dir, Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	var skipped []string
	for _, sk := range s.Skipped {
		rel, _ := filepath.Rel(dir, sk.File)
		skipped = append(skipped, filepath.ToSlash(rel))
	}
	want := []string{"a/empty.spec.json", "a/open.spec.json", "b/index.json", "c/spack.lock", "d/x.spec.json.sig"}
	if !slices.Equal(skipped, want) || s.Specs() != 1 {
		t.Errorf("skipped %q, %d specs; want %q, 1", skipped, s.Specs(), want)
	}
	// Named on the command line, such a file is the same error; a page
	// is read as a page whatever its name.
	_, err = Load(filepath.Join(dir, "b", "index.json"), Options{})
	checkErr(t, err, filepath.Join(dir, "b", "index.json"), 1, 1, "not a Spack index, lockfile or spec file")
	page := writeTree(t, map[string]string{"zlib.spec.json": simplePage("zlib", "develop", 1, 2)})
	s, err = Load(filepath.Join(page, "zlib.spec.json"), Options{})
	if err != nil || s.Specs() != 2 {
		t.Errorf("a page named zlib.spec.json: %v", err)
	}
}

// libelfVariant is the v5 libdwarf spec file without libdwarf, and with
// libelf's version changed under the same hash: a spec file that
// contradicts the fixture on that hash.
func libelfVariant(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Spec struct {
			Meta  json.RawMessage  `json:"_meta"`
			Nodes []map[string]any `json:"nodes"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	nodes := doc.Spec.Nodes[:0]
	for _, n := range doc.Spec.Nodes {
		switch n["name"] {
		case "libdwarf":
			continue
		case "libelf":
			n["version"] = "0.8.99"
		}
		nodes = append(nodes, n)
	}
	doc.Spec.Nodes = nodes
	out, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// Two Spack files of one snapshot that list a hash with other content
// contradict each other: each is bad (exit 2), naming the hash, what it
// is here and in the other file, and where; with SkipInvalid both are
// skipped, whatever their names. One was once kept silently, by file-name
// order, and the diff said "no changes".
func TestLoadSpackFilesDisagree(t *testing.T) {
	libdwarf, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	archive, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v3-archive-files.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	const libelfHash = "jr3yipyxyjulcdvckwwwjrrumis7glpa"
	for _, names := range [][2]string{{"libdwarf.spec.json", "libelf.spec.json"}, {"z-libdwarf.spec.json", "a-libelf.spec.json"}} {
		dir := writeTree(t, map[string]string{
			names[0]:                  string(libdwarf),
			names[1]:                  libelfVariant(t),
			"archive-files.spec.json": string(archive),
		})
		dwarf, elf := filepath.Join(dir, names[0]), filepath.Join(dir, names[1])
		_, err := Load(dir, Options{})
		var le *LoadError
		if !errors.As(err, &le) || len(le.Errs) != 2 {
			t.Fatalf("%v: want 2 errors, got %v", names, err)
		}
		checkErr(t, err, dwarf, 303, 0, "hash "+libelfHash+" is libelf@0.8.13 here, but libelf@0.8.99 in "+elf+" (line ", "they differ in version; a hash names one spec")
		checkErr(t, err, elf, errorFor(err, elf).Line, 0, "hash "+libelfHash+" is libelf@0.8.99 here, but libelf@0.8.13 in "+dwarf+" (line 303): they differ in version")
		s, err := Load(dir, Options{SkipInvalid: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Skipped) != 2 || s.Specs() != 1 || s.Packages[0].Name != "archive-files" {
			t.Errorf("%v: %d skipped, specs %q", names, len(s.Skipped), specLines(s))
		}
	}
	// The same hash under another package is a contradiction too; a
	// dependency repeated as it is (TestLoadSpackFolders) is none.
	other := strings.Replace(libelfVariant(t), `"0.8.99"`, `"0.8.13"`, 1)
	other = strings.Replace(other, `"name": "libelf"`, `"name": "libelf-ng"`, 1)
	dir := writeTree(t, map[string]string{"libdwarf.spec.json": string(libdwarf), "libelf.spec.json": other})
	_, err = Load(dir, Options{})
	checkErr(t, err, filepath.Join(dir, "libelf.spec.json"), errorFor(err, filepath.Join(dir, "libelf.spec.json")).Line, 0, "is libelf-ng@0.8.13 here, but libelf@0.8.13 in ", "they differ in package")
}

// The copies of a hash in several lockfiles of one folder are one spec in
// the stacks of every file's roots, whatever the files' names.
func TestLoadSpackLockfilesJoinStacks(t *testing.T) {
	const h, g = "abcdefghijklmnopqrstuvwxyz234567", "bbcdefghijklmnopqrstuvwxyz234567"
	node := func(name, hash, deps string) string {
		return `"` + hash + `": {"name": "` + name + `", "version": "1", "arch": {"platform": "linux", "platform_os": "rhel8", "target": "x86_64"}, "hash": "` + hash + `"` + deps + `}`
	}
	dep := `, "dependencies": [{"name": "zlib", "hash": "` + h + `", "parameters": {"deptypes": ["link"], "virtuals": []}}]`
	lock := func(roots, specs string) string {
		return `{"_meta": {"file-type": "spack-lockfile", "lockfile-version": 6}, "roots": [` + roots + `], "concrete_specs": {` + specs + `}}`
	}
	a := lock(`{"hash": "`+h+`", "spec": "zlib"}`, node("zlib", h, ""))
	b := lock(`{"hash": "`+g+`", "spec": "curl"}`, node("zlib", h, "")+", "+node("curl", g, dep))
	for _, names := range [][2]string{{"a/spack.lock", "b/spack.lock"}, {"b/spack.lock", "a/spack.lock"}} {
		dir := writeTree(t, map[string]string{names[0]: a, names[1]: b})
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			"curl@1 %none linux-rhel8-x86_64 [] stacks=curl deps=1 /bbcdefg",
			"zlib@1 %none linux-rhel8-x86_64 [] stacks=curl,zlib deps=0 /abcdefg",
		}
		if got := specLines(s); !slices.Equal(got, want) {
			t.Errorf("%v:\n%s\nwant\n%s", names, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for _, p := range s.Packages {
			if p.Name == "zlib" && p.Specs[0].Root(p.Name) != "zlib" {
				t.Errorf("%v: zlib's root is %q", names, p.Specs[0].Root(p.Name))
			}
		}
	}
}

// loadsAs checks that each path loads the specs of want.
func loadsAs(t *testing.T, want *Snapshot, paths ...string) {
	t.Helper()
	for _, p := range paths {
		s, err := Load(p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got := specLines(s); !slices.Equal(got, specLines(want)) {
			t.Errorf("%s:\n%s\nwant\n%s", p, strings.Join(got, "\n"), strings.Join(specLines(want), "\n"))
		}
	}
}

// The nodes are mapped in the order of the file, not by hash: what a
// package and an error say still comes from the first node by hash. A
// package's line is that of its listed node of the smallest hash (an
// unlisted one only when it has none), and of several bad nodes the
// error names the first by hash.
func TestLoadSpackFirstByHash(t *testing.T) {
	dir := t.TempDir()
	rec := func(h, name string, listed bool) string {
		return fmt.Sprintf("\n%q:{\"spec\":{\"name\":%q,\"version\":\"1\",\"hash\":%q},\"in_buildcache\":%v}", h, name, h, listed)
	}
	index := func(recs ...string) string {
		return `{"database":{"version":"8","installs":{` + strings.Join(recs, ",") + "}}}"
	}
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		c = "cccccccccccccccccccccccccccccccc"
		d = "dddddddddddddddddddddddddddddddd"
	)
	// Lines 2 to 5: zlib's unlisted a, zlib's listed c then b; cmake's
	// unlisted d alone.
	path := filepath.Join(dir, "index.json")
	if err := os.WriteFile(path, []byte(index(rec(a, "zlib", false), rec(c, "zlib", true), rec(b, "zlib", true), rec(d, "cmake", false))), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Packages {
		if p.Name == "zlib" && p.Line != 4 {
			t.Errorf("zlib at line %d, want 4 (its listed spec of the smallest hash)", p.Line)
		}
	}
	// Two bad hashes: the error is the smaller one's, though it comes
	// second in the file.
	if err := os.WriteFile(path, []byte(index(rec("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz1", "zlib", true), rec("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy1", "cmake", true))), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(path, Options{})
	if want := `line 3: spec cmake has a malformed hash "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy1"`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v, want %q", err, want)
	}
}

// An index none of whose records is in the build cache (in_buildcache
// false or absent, as in a Spack installation's own database) says so,
// named alone or in its folder: its packages were moved aside as
// dependencies of no spec, and the load failed with "0 bad pages:" and
// nothing under it (a folder said no Spack file was found).
func TestIndexWithNothingInBuildCache(t *testing.T) {
	dir := t.TempDir()
	const h1, h2 = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez", "sk2gqqz4n5njmvktycnd25wq25jxiqkr"
	for name, installs := range map[string]string{
		"absent/index.json": `"` + h1 + `":{"spec":{"name":"libelf","version":"1","hash":"` + h1 + `"},"installed":true}`,
		"false/index.json": `"` + h1 + `":{"spec":{"name":"libelf","version":"1","hash":"` + h1 + `"},"in_buildcache":false},` +
			`"` + h2 + `":{"spec":{"name":"zlib","version":"1","hash":"` + h2 + `"},"in_buildcache":false}`,
	} {
		writeFilesIn(t, dir, map[string][]byte{name: []byte(`{"database":{"version":"7","installs":{` + installs + `}}}`)})
	}
	for _, c := range []struct{ path, want string }{
		{"absent/index.json", "holds 1 spec record, not in the build cache (in_buildcache false or absent)"},
		{"absent", "holds 1 spec record, not in the build cache"},
		{"false/index.json", "holds 2 spec records, none of them in the build cache"},
		{"false", "holds 2 spec records, none of them in the build cache"},
	} {
		_, err := Load(filepath.Join(dir, c.path), Options{})
		if err == nil {
			t.Fatalf("%s: loaded", c.path)
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, "0 bad pages") {
			t.Errorf("%s: error %q, want it to say %q", c.path, msg, c.want)
		}
	}
}
