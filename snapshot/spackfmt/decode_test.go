package spackfmt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/shareddata"
)

const fixtures = "../../testdata/spack-formats"

func decodeFile(t *testing.T, path string) *Set {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(path, data)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return s
}

// line is one node as a line of text, for comparisons.
func line(n *Node) string {
	var deps []string
	for _, d := range n.Deps {
		deps = append(deps, fmt.Sprintf("%s/%s:%s:%s", d.Name, short(d.Hash), strings.Join(d.Types, "+"), strings.Join(d.Virtuals, "+")))
	}
	return fmt.Sprintf("%s %s@%s %%%s %s-%s-%s [%s] deps=[%s]", short(n.Hash), n.Name, n.Version, n.Compiler,
		n.Platform, n.OS, n.Target, strings.Join(n.Variants, " "), strings.Join(deps, " "))
}

// short is hash h cut to its first 7 bytes, for line's comparisons.
func short(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}

func TestFixtures(t *testing.T) {
	tests := []struct {
		file    string
		kind    Kind
		version int
		nodes   []string // every counted node, by hash
		others  int
		// whole, for a spec file, is every node, by hash, once Whole
		// counts them all: its nodes are its root alone.
		whole []string
	}{
		{"index.v6-legacy-yaml.json", Index, 6, []string{
			"t5mczux zlib@1.2.11 %gcc@4.5.0 test-debian6-core2 [+optimize +pic +shared] deps=[]",
		}, 0, nil},
		{"index.v7-layout2-unsigned.json", Index, 7, []string{
			"rqh2vuf libelf@0.8.13 %gcc@10.2.1 test-debian6-core2 [build_system=generic] deps=[]",
			"sk2gqqz libdwarf@20130729 %gcc@10.2.1 test-debian6-core2 [build_system=generic] deps=[libelf/rqh2vuf:build+link:]",
		}, 0, nil},
		{"index.v8-layout2-unsigned-mixed.json", Index, 8, []string{
			"izgzpze gcc-runtime@10.2.1 %none test-debian6-m1 [build_system=generic] deps=[gcc/vd7v4ss:build:]",
			"jr3yipy libelf@0.8.13 %gcc@10.2.1 test-debian6-m1 [build_system=generic] deps=[compiler-wrapper/qeehcxy:build: gcc/vd7v4ss:build:c gcc-runtime/izgzpze:link:]",
			"qeehcxy compiler-wrapper@1.0 %none test-debian6-m1 [build_system=generic] deps=[]",
			// Written in spec format 4 inside a v8 database: the compiler
			// comes from the annotation, spelled as Spack wrote it.
			"rqh2vuf libelf@0.8.13 %gcc@=10.2.1 test-debian6-core2 [build_system=generic] deps=[]",
			"sk2gqqz libdwarf@20130729 %gcc@=10.2.1 test-debian6-core2 [build_system=generic] deps=[libelf/rqh2vuf:build+link:]",
			"u5uz3dc libdwarf@20130729 %gcc@10.2.1 test-debian6-m1 [build_system=generic] deps=[compiler-wrapper/qeehcxy:build: gcc/vd7v4ss:build:c+cxx gcc-runtime/izgzpze:link: libelf/jr3yipy:build+link:]",
		}, 1, nil}, // the external gcc is not in the build cache
		{"spec.v3-archive-files.spec.json", SpecFile, 3, []string{
			"l3vdiqv archive-files@2.0 %gcc@4.5.0 test-debian6-core2 [] deps=[]",
		}, 0, []string{
			"l3vdiqv archive-files@2.0 %gcc@4.5.0 test-debian6-core2 [] deps=[]",
		}},
		// A spec file's root is its first node, whatever the hashes'
		// order: the spec whose tarball the build cache holds.
		{"spec.v4-libdwarf-core2.spec.json", SpecFile, 4, []string{
			"sk2gqqz libdwarf@20130729 %gcc@10.2.1 test-debian6-core2 [build_system=generic] deps=[libelf/rqh2vuf:build+link:]",
		}, 1, []string{
			"rqh2vuf libelf@0.8.13 %gcc@10.2.1 test-debian6-core2 [build_system=generic] deps=[]",
			"sk2gqqz libdwarf@20130729 %gcc@10.2.1 test-debian6-core2 [build_system=generic] deps=[libelf/rqh2vuf:build+link:]",
		}},
		{"spec.v5-libdwarf-m1.spec.json", SpecFile, 5, []string{
			"u5uz3dc libdwarf@20130729 %gcc@10.2.1 test-debian6-m1 [build_system=generic] deps=[compiler-wrapper/qeehcxy:build: gcc/vd7v4ss:build:c+cxx gcc-runtime/izgzpze:link: libelf/jr3yipy:build+link:]",
		}, 4, []string{
			"izgzpze gcc-runtime@10.2.1 %none test-debian6-m1 [build_system=generic] deps=[gcc/vd7v4ss:build:]",
			"jr3yipy libelf@0.8.13 %gcc@10.2.1 test-debian6-m1 [build_system=generic] deps=[compiler-wrapper/qeehcxy:build: gcc/vd7v4ss:build:c gcc-runtime/izgzpze:link:]",
			"qeehcxy compiler-wrapper@1.0 %none test-debian6-m1 [build_system=generic] deps=[]",
			"u5uz3dc libdwarf@20130729 %gcc@10.2.1 test-debian6-m1 [build_system=generic] deps=[compiler-wrapper/qeehcxy:build: gcc/vd7v4ss:build:c+cxx gcc-runtime/izgzpze:link: libelf/jr3yipy:build+link:]",
			"vd7v4ss gcc@10.2.1 %none test-debian6-aarch64 [build_system=generic languages=c,c++,fortran] deps=[]",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(fixtures, tt.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if k := Sniff(data); k != tt.kind {
				t.Errorf("Sniff = %v, want %v", k, tt.kind)
			}
			s := decodeFile(t, path)
			if s.Kind != tt.kind || s.Version != tt.version {
				t.Errorf("kind %v version %d, want %v %d", s.Kind, s.Version, tt.kind, tt.version)
			}
			var got []string
			for _, n := range s.Nodes {
				got = append(got, line(n))
			}
			if !slices.Equal(got, tt.nodes) {
				t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.nodes, "\n"))
			}
			if len(s.Others) != tt.others {
				t.Errorf("%d others, want %d", len(s.Others), tt.others)
			}
			if len(s.Warnings) != 0 {
				t.Errorf("warnings: %v", s.Warnings)
			}
			s.Whole()
			got = nil
			for _, n := range s.Nodes {
				got = append(got, line(n))
			}
			whole := tt.whole
			if whole == nil {
				whole = tt.nodes // not a spec file: as it was
			}
			if !slices.Equal(got, whole) || s.Kind == SpecFile && len(s.Others) != 0 || s.Kind != SpecFile && len(s.Others) != tt.others {
				t.Errorf("Whole: nodes:\n%s\nwant:\n%s\n(%d others)", strings.Join(got, "\n"), strings.Join(whole, "\n"), len(s.Others))
			}
			var drained []string
			for n, counts := range s.Drain() {
				if counts {
					drained = append(drained, line(n))
				}
			}
			slices.Sort(drained)
			if !slices.Equal(drained, whole) {
				t.Errorf("Whole: Drain counts:\n%s\nwant:\n%s", strings.Join(drained, "\n"), strings.Join(whole, "\n"))
			}
		})
	}
}

// The v7 index and the v4 spec file share hashes, as do the v8 index and
// the v5 spec file: what they share, they must agree on.
func TestSharedHashesAgree(t *testing.T) {
	for _, pair := range [][2]string{
		{"index.v7-layout2-unsigned.json", "spec.v4-libdwarf-core2.spec.json"},
		{"index.v8-layout2-unsigned-mixed.json", "spec.v5-libdwarf-m1.spec.json"},
	} {
		a := decodeFile(t, filepath.Join(fixtures, pair[0]))
		b := decodeFile(t, filepath.Join(fixtures, pair[1]))
		byHash := map[string]*Node{}
		for _, n := range append(a.Nodes, a.Others...) {
			byHash[n.Hash] = n
		}
		shared := 0
		for _, n := range append(b.Nodes, b.Others...) {
			m, ok := byHash[n.Hash]
			if !ok {
				continue
			}
			shared++
			if line(m) != line(n) {
				t.Errorf("%s and %s disagree on %s:\n%s\n%s", pair[0], pair[1], short(n.Hash), line(m), line(n))
			}
		}
		if shared < 2 {
			t.Errorf("%s and %s share %d hashes, want at least 2", pair[0], pair[1], shared)
		}
	}
}

// Every real lockfile decodes, with the version, number of concrete specs
// and roots that ../shared/lockfiles/README.md lists, less the records no
// root reaches, and no warnings but those that say so and that records
// shared a DAG hash.
func TestRealLockfiles(t *testing.T) {
	dir := shareddata.Need(t, "lockfiles")
	tests := []struct {
		file             string
		version, specs   int
		roots, rootNodes int
		warnings         []string
	}{
		// 30 records, of which three pairs (two pythons, openssls and
		// setuptools with different build dependencies) share a DAG hash:
		// 27 specs. perl 5.32.1, the build dependency of the openssl
		// left out, is then under no root: 26 specs, as Spack reads them.
		{"MiddelkoopT__spack-tutorial/6872a9c/spack.lock", 2, 26, 3, 3, []string{
			"3 records share a DAG hash with another record (openssl, py-setuptools, python): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version 2",
			"1 record that no root reaches is left out (perl@5.32.1): Spack reads a lockfile's specs from its roots"}},
		{"MiddelkoopT__spack-tutorial/c41dc2b/spack.lock", 2, 26, 3, 3, nil},
		{"grc-iit__ChronoLog/0a186a8/CI__enviroment__spack.lock", 3, 27, 4, 4, nil},
		// Removing the root rocksdb left two of its dependencies (lz4,
		// gflags) in concrete_specs, under no root: in no environment.
		{"grc-iit__ChronoLog/a0846dc/CI__enviroment__spack.lock", 3, 24, 3, 3, []string{
			"2 records that no root reaches are left out (gflags@2.2.2, lz4@1.9.3): Spack reads a lockfile's specs from its roots"}},
		{"charmoniumQ__wf-reg-test/ebe45e2/engines__nextflow__spack.lock", 4, 3, 2, 2, nil},
		{"charmoniumQ__wf-reg-test/b4ebf26/engines__nextflow__spack.lock", 4, 4, 3, 3, nil},
		{"durrantlab__durrantlab-spack/b25b77a/spack.lock", 5, 32, 1, 1, nil},
		{"durrantlab__durrantlab-spack/af7f928/spack.lock", 5, 34, 3, 3, nil},
		{"spack__all-pythons/536609d/spack.lock", 6, 38, 8, 8, nil},
		{"spack__all-pythons/9f5fc23/spack.lock", 6, 81, 9, 9, nil},
		{"viperML__spack-stack/6f0a159/debian-11__spack.lock", 6, 20, 1, 1, nil},
		{"viperML__spack-stack/6f0a159/rhel-8__spack.lock", 6, 20, 1, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s := decodeFile(t, filepath.Join(dir, tt.file))
			if s.Kind != Lockfile || s.Version != tt.version {
				t.Errorf("kind %v version %d, want lockfile %d", s.Kind, s.Version, tt.version)
			}
			if len(s.Nodes) != tt.specs || len(s.Roots) != tt.roots {
				t.Errorf("%d specs, %d roots; want %d, %d", len(s.Nodes), len(s.Roots), tt.specs, tt.roots)
			}
			roots, orphans := 0, 0
			for _, n := range s.Nodes {
				if n.Root {
					roots++
				}
				if len(s.RootsOf(n)) == 0 {
					orphans++
				}
				if n.Compiler == "" || n.Name == "" || n.Version == "" || n.OS == "" || n.Platform == "" || n.Target == "" {
					t.Errorf("a facet is missing: %s", line(n))
				}
				if tt.version == 6 && n.SpecFormat != 5 {
					t.Errorf("spec format %d in a v6 lockfile: %s", n.SpecFormat, line(n))
				}
			}
			if roots != tt.rootNodes || orphans != 0 {
				t.Errorf("%d root nodes, %d under no root; want %d, 0", roots, orphans, tt.rootNodes)
			}
			var got []string
			for _, w := range s.Warnings {
				got = append(got, w.Message)
			}
			if !slices.Equal(got, tt.warnings) {
				t.Errorf("warnings: %q, want %q", got, tt.warnings)
			}
		})
	}
}

// A lockfile version 6 writes no compiler: it is the build dependency
// providing c (all-pythons builds its pythons with gcc 13.2.0, git with
// gcc 11.4.0).
func TestLockfileV6Compilers(t *testing.T) {
	dir := shareddata.Need(t, "lockfiles")
	s := decodeFile(t, filepath.Join(dir, "spack__all-pythons/9f5fc23/spack.lock"))
	got := map[string]string{}
	for _, n := range s.Nodes {
		if n.Name == "python" || n.Name == "git" {
			got[n.Name+"@"+n.Version] = n.Compiler
		}
	}
	if got["python@3.13.5"] != "gcc@13.2.0" || got["git@2.48.1"] != "gcc@11.4.0" {
		t.Errorf("compilers: %v", got)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, data string
		want       []string // substrings of the message
	}{
		{"database version", `{"database":{"version":"10","installs":{}}}`,
			[]string{"x.json:1:24: database.version: database version 10 is not supported (cachediff reads versions 6 to 9)"}},
		{"database version after installs", `{"database":{"installs":{"a":{"spec":{"name":"z"}}},"version":"5"}}`,
			[]string{"database.version", "database version 5 is not supported"}},
		{"lockfile version", "{\"_meta\":{\"file-type\":\"spack-lockfile\",\"lockfile-version\":8},\n\"roots\":[],\"concrete_specs\":{}}",
			[]string{"_meta.lockfile-version", "lockfile version 8 is not supported (cachediff reads versions 1 to 7)"}},
		{"lockfile without version", `{"roots":[],"concrete_specs":{}}`, []string{"lockfile has no version"}},
		{"spec format", `{"spec":{"_meta":{"version":7},"nodes":[]}}`,
			[]string{"spec._meta.version", "spec format version 7 is not supported (cachediff reads versions 2 to 6)"}},
		{"spec format 1", `{"spec":[{"zlib":{"version":"1"}}]}`, []string{"spec format 1", "spec formats 2 to 6"}},
		{"wrong type", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","version":1.5,"hash":"h"}]}}`,
			[]string{"spec.nodes[0].version: want a string, not a number"}},
		{"target", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","arch":{"target":[]},"hash":"h"}]}}`,
			[]string{"spec.nodes[0].arch.target: want an object, not an array"}},
		{"unterminated", `{"database":{"version":"8","installs":{"abc":{"spec":{"name":"z`,
			[]string{"database.installs.abc.spec.name", "unterminated string"}},
		{"no name", `{"database":{"version":"8","installs":{"abc":{"spec":{"version":"1"}}}}}`,
			[]string{"database.installs.abc.spec", "spec has no name"}},
		{"dep without hash", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","hash":"h","dependencies":[{"name":"y"}]}]}}`,
			[]string{"spec.nodes[0].dependencies[0]", "dependency y has no hash"}},
		{"not spack", `{"hello":1}`, []string{"not a Spack index, lockfile or spec file"}},
		{"not json", `--- a page`, []string{"want a JSON object"}},
		{"trailing", `{"spec":{"_meta":{"version":5},"nodes":[]}} x`, []string{"unexpected data after the document"}},
		// Spack reads roots[i]["spec"] and refuses a lockfile without it.
		{"root without spec", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":"abc"}],"concrete_specs":{"abc":{"name":"z","version":"1"}}}`,
			[]string{"roots[0]", "root abc has no spec"}},
		{"odd key", `{"database":{"version":"8","installs":{"a b":{"spec":{"name":"z","arch":{"platform":3}}}}}}`,
			[]string{`database.installs["a b"].spec.arch.platform: want a string, not a number`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("x.json", []byte(tt.data))
			if err == nil {
				t.Fatal("no error")
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T, want *Error", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// A hash listed twice in one file, as a key (a lockfile's concrete_specs,
// an index's installs) or as a spec file's node, is an error at the
// second one, naming both: Spack (Python's json) keeps the last of a key
// given twice, and it was once a warning that the first was kept, the
// other spec lost.
func TestDuplicateHash(t *testing.T) {
	const h = "abcdefghijklmnopqrstuvwxyz234567"
	node := func(version string) string {
		return `{"name":"openjdk","version":"` + version + `","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"` + h + `"}`
	}
	tests := []struct {
		name, data string
		line, col  int
		path       string
	}{
		{"lockfile, other content", "{\"_meta\":{\"file-type\":\"spack-lockfile\",\"lockfile-version\":6},\n\"roots\":[{\"hash\":\"" + h + "\",\"spec\":\"openjdk\"}],\n\"concrete_specs\":{\n\"" + h + "\": " + node("11") + ",\n\"" + h + "\": " + node("17") + "}}",
			5, len(h) + 5, "concrete_specs." + h},
		{"lockfile, same content", "{\"_meta\":{\"file-type\":\"spack-lockfile\",\"lockfile-version\":6},\n\"concrete_specs\":{\n\"" + h + "\": " + node("11") + ",\n\"" + h + "\": " + node("11") + "}}",
			4, len(h) + 5, "concrete_specs." + h},
		{"index", "{\"database\":{\"version\":\"8\",\"installs\":{\n\"" + h + "\":{\"spec\":" + node("11") + "},\n\"" + h + "\":{\"spec\":" + node("17") + "}}}}",
			3, len(h) + 4, "database.installs." + h},
		{"spec file", "{\"spec\":{\"_meta\":{\"version\":5},\"nodes\":[\n" + node("11") + ",\n" + node("17") + "]}}",
			3, 1, "spec.nodes[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("x", []byte(tt.data))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%v, want an *Error", err)
			}
			want := fmt.Sprintf("hash %s is listed twice (openjdk at line %d and openjdk at line %d)", h, tt.line-1, tt.line)
			if e.Line != tt.line || e.Col != tt.col || e.Path != tt.path || !strings.Contains(e.Msg, want) {
				t.Errorf("got %v\nwant x:%d:%d: %s: %s", err, tt.line, tt.col, tt.path, want)
			}
		})
	}
}

// A dependency whose hash is not in the file is a warning, never an error.
func TestMissingDependencyWarns(t *testing.T) {
	data := `{"spec":{"_meta":{"version":5},"nodes":[
{"name":"z","version":"1","hash":"zzzzzzz1","dependencies":[{"name":"gcc","hash":"ggggggg1","parameters":{"deptypes":["build"],"virtuals":["c"]}}]}]}}`
	s, err := Decode("x.spec.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Message, "dependency gcc/ggggggg1 is not in the file") || s.Warnings[0].Line != 2 {
		t.Errorf("warnings: %+v", s.Warnings)
	}
	// The compiler is still the provider of c, by name.
	if n := s.Nodes[0]; n.Compiler != "gcc" || len(n.Deps) != 1 || n.Deps[0].Hash != "ggggggg1" {
		t.Errorf("node: %s", line(n))
	}
}

// Flags: empty lists are left out, others written name="a b"; null is
// name=None.
func TestVariantSpelling(t *testing.T) {
	data := `{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","hash":"h","parameters":
{"shared":true,"debug":false,"build_type":"Release","libs":["shared","static"],"cflags":["-O2","-g"],"ldflags":["-lm"],"cxxflags":[],"n":3,"x":null}}]}}`
	s, err := Decode("x", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	// null is Python's None, x=None as Spack prints it.
	want := []string{"+shared", "~debug", "build_type=Release", "libs=shared,static", `cflags="-O2 -g"`, "ldflags=-lm", "n=3", "x=None"}
	if got := s.Nodes[0].Variants; !slices.Equal(got, want) {
		t.Errorf("variants %q, want %q", got, want)
	}
}

// Lockfiles 1 to 4 wrap each node in its package name, and version 2
// files a node under a key that differs from its inner hash: the key is
// its identity, and dependencies name keys.
func TestLockfileKeys(t *testing.T) {
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},
"roots":[{"hash":"kkkkkkk1","spec":"top"}],
"concrete_specs":{
 "kkkkkkk1":{"top":{"version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"dependencies":{"lib":{"hash":"kkkkkkk2","type":["build","link"]}},"hash":"iiiiiii1"}},
 "kkkkkkk2":{"lib":{"version":"2","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"hash":"iiiiiii2"}},
 "kkkkkkk3":{"other":{"version":"3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"hash":"iiiiiii3"}}}}`
	s, err := Decode("spack.lock", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range s.Nodes {
		got = append(got, fmt.Sprintf("%s root=%v roots=%v", line(n), n.Root, s.RootsOf(n)))
	}
	// Spack reads a version 2 file by the DAG hash each node writes (the
	// keys are build hashes): the specs, the edges and the roots name it.
	want := []string{
		"iiiiiii top@1 %gcc@9 linux-rhel8-x86_64 [] deps=[lib/iiiiiii:build+link:] root=true roots=[top]",
		"iiiiiii lib@2 %gcc@9 linux-rhel8-x86_64 [] deps=[] root=false roots=[top]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// other, which no root reaches, is in no environment Spack reads.
	wantWarn := []Warning{{File: "spack.lock", Line: 6, Message: "1 record that no root reaches is left out (other@3): Spack reads a lockfile's specs from its roots"}}
	if !slices.Equal(s.Warnings, wantWarn) {
		t.Errorf("warnings %+v, want %+v", s.Warnings, wantWarn)
	}
}

func TestRootName(t *testing.T) {
	for _, tt := range []struct{ hash, spec, want string }{
		{"2myq44he5nkui3zyqnb2lgkfgessxwfs", "python@3.13.5/2myq44he5nkui3zyqnb2lgkfgessxwfs", "python@3.13.5"},
		{"2myq44he5nkui3zyqnb2lgkfgessxwfs", "python@3.13.5 /2myq44h", "python@3.13.5"},
		{"abc", "mpich~fortran", "mpich~fortran"},
		{"abc", "", "abc"},
		{"abc", "x/y", "x/y"},
		// A trailing space after the hash (issue 35, class e) kept it.
		{"2myq44he5nkui3zyqnb2lgkfgessxwfs", "python@3.13.5/2myq44he5nkui3zyqnb2lgkfgessxwfs ", "python@3.13.5"},
		{"2myq44he5nkui3zyqnb2lgkfgessxwfs", "python@3.13.5 /2myq44h\t\n", "python@3.13.5"},
		{"abc", "mpich ", "mpich "},
	} {
		if got := (Root{Hash: tt.hash, Spec: tt.spec}).Name(); got != tt.want {
			t.Errorf("Name(%q) = %q, want %q", tt.spec, got, tt.want)
		}
	}
}

// The kind does not depend on the order of the top-level keys: Spack
// writes "spec" first, but a build cache's spec file has other keys
// beside it (buildcache_layout_version, binary_cache_checksum), which a
// rewrite may put first, as jq -S does. The loader sniffs the first 512
// bytes only.
func TestSniffKeyOrder(t *testing.T) {
	head := func(b []byte) []byte { return b[:min(len(b), 512)] }
	for _, name := range []string{"spec.v5-libdwarf-m1.spec.json", "index.v8-layout2-unsigned-mixed.json", "spec.v3-archive-files.spec.json"} {
		data, err := os.ReadFile(filepath.Join(fixtures, name))
		if err != nil {
			t.Fatal(err)
		}
		want := Sniff(data)
		if want == Unknown {
			t.Fatalf("%s: unknown", name)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(data, &top); err != nil {
			t.Fatal(err)
		}
		// The checksum Spack adds to a spec file, first; then every key
		// sorted (encoding/json sorts a map's keys).
		first := append([]byte(`{"binary_cache_checksum":{"hash_algorithm":"sha256","hash":"`+strings.Repeat("0", 64)+`"},`), bytes.TrimPrefix(bytes.TrimSpace(data), []byte("{"))...)
		top["aaa_buildcache_layout_version"] = json.RawMessage("2")
		sorted, err := json.Marshal(top)
		if err != nil {
			t.Fatal(err)
		}
		for what, b := range map[string][]byte{"checksum first": first, "keys sorted": sorted} {
			if k := Sniff(head(b)); k != want {
				t.Errorf("%s, %s: Sniff = %v, want %v", name, what, k, want)
			}
			if _, err := Decode(name, b); err != nil {
				t.Errorf("%s, %s: %v", name, what, err)
			}
		}
	}
	for _, tt := range []struct {
		data string
		want Kind
	}{
		{`{"spack":{"version":"1.0"},"_meta":{"lockfile-version":6,"file-type":"spack-lockfile"}}`, Lockfile},
		{`{"_meta":{"lockfile-version":6},"concrete_specs":{}}`, Lockfile},
		{`{"x":[1,{"y":"}"}],"roots":[]}`, Lockfile},
		{`{"x":1,"database":{"version":"8"}}`, Index},
		// The same keys holding values of another shape: no Spack file.
		{`{"spec":"zlib@1.3","roots":3,"database":true,"concrete_specs":[]}`, Unknown},
		{`{"_meta":{"file-type":"other"},"x":1}`, Unknown},
		{`{"schema":"cachediff/v1","old":{},"new":{},"packages":[],"stacks":[]}`, Unknown},
		// The key is past the head.
		{`{"x":"` + strings.Repeat("a", 600) + `","spec":{}}`, Unknown},
	} {
		if k := Sniff(head([]byte(tt.data))); k != tt.want {
			t.Errorf("Sniff(%.60s) = %v, want %v", tt.data, k, tt.want)
		}
	}
}

func TestSignedSpecFile(t *testing.T) {
	inner, err := os.ReadFile(filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	if Sniff([]byte(signed)) != SpecFile {
		t.Fatal("a signed spec file is not recognised")
	}
	// The loader sniffs a file's head only (512 bytes): the signature at
	// the end is not in it. Nor are the armor headers one line long, nor
	// the lines ended by LF alone.
	for _, head := range []string{
		signed[:512],
		signed[:60],
		"-----BEGIN PGP SIGNED MESSAGE-----\r\nHash: SHA256\r\n\r\n{\"spec\":{",
		"\n-----BEGIN PGP SIGNED MESSAGE-----\n\n{\"spec\":",
	} {
		if k := Sniff([]byte(head)); k != SpecFile {
			t.Errorf("Sniff(%q) = %v, want a spec file", head, k)
		}
	}
	for _, head := range []string{
		"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n{\"spec\":{", // headers never end
		"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\nhello",
	} {
		if k := Sniff([]byte(head)); k != Unknown {
			t.Errorf("Sniff(%q) = %v, want unknown", head, k)
		}
	}
	// A signed message cut before its signature is an error that says so.
	cut := signed[:strings.Index(signed, "\n-----BEGIN PGP SIGNATURE")]
	if _, err := Decode("x.spec.json.sig", []byte(cut)); err == nil || !strings.Contains(err.Error(), "without its signature") {
		t.Errorf("cut signed file: %v", err)
	}
	s, err := Decode("x.spec.json.sig", []byte(signed))
	if err != nil {
		t.Fatal(err)
	}
	plain := decodeFile(t, filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	// Lines count in the signed file: three lines of wrapper come first.
	if len(s.Nodes) != 1 || len(s.Others) != 1 || s.Nodes[0].Line != plain.Nodes[0].Line+3 || line(s.Nodes[0]) != line(plain.Nodes[0]) {
		t.Errorf("%d nodes and %d others, the first at line %d: %s", len(s.Nodes), len(s.Others), s.Nodes[0].Line, line(s.Nodes[0]))
	}
}

func TestMerge(t *testing.T) {
	a := decodeFile(t, filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	b := decodeFile(t, filepath.Join(fixtures, "spec.v5-libdwarf-m1.spec.json"))
	c := decodeFile(t, filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	m := Merge([]*Set{a, b, c})
	// The files' roots count (libdwarf twice, one hash for the two
	// copies of a's file); their dependencies, which no file has for
	// root, are Others: Spack's index of the folder has them out of the
	// build cache.
	if len(m.Nodes) != 2 || len(m.Others) != 5 || m.Version != 5 {
		t.Errorf("%d nodes, %d others, version %d; want 2, 5, 5", len(m.Nodes), len(m.Others), m.Version)
	}
	byHash := func(x, y *Node) int { return strings.Compare(x.Hash, y.Hash) }
	if !slices.IsSortedFunc(m.Nodes, byHash) || !slices.IsSortedFunc(m.Others, byHash) {
		t.Error("not sorted")
	}
}

// A dependency that another file has for root counts, once: in a
// build cache, the spec of every spec file is in it, whichever other
// files list it as a dependency, and in whatever order the files come.
func TestMergeRoots(t *testing.T) {
	const (
		zlib = "abcdefghijklmnopqrstuvwxyz234567"
		curl = "bbcdefghijklmnopqrstuvwxyz234567"
		ssl  = "cbcdefghijklmnopqrstuvwxyz234567"
	)
	node := func(name, hash string, deps ...string) string {
		var d []string
		for _, h := range deps {
			d = append(d, `{"name":"x","hash":"`+h+`","parameters":{"deptypes":["link"],"virtuals":[]}}`)
		}
		return `{"name":"` + name + `","version":"1","hash":"` + hash + `","dependencies":[` + strings.Join(d, ",") + `]}`
	}
	spec := func(nodes ...string) *Set {
		s, err := Decode("x.spec.json", []byte(`{"spec":{"_meta":{"version":5},"nodes":[`+strings.Join(nodes, ",")+`]}}`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	names := func(l []*Node) (out []string) {
		for _, n := range l {
			out = append(out, n.Name)
		}
		return out
	}
	for _, order := range [][]int{{0, 1}, {1, 0}} {
		sets := []*Set{
			spec(node("curl", curl, zlib, ssl), node("zlib", zlib), node("openssl", ssl, zlib)),
			spec(node("zlib", zlib)),
		}
		m := Merge([]*Set{sets[order[0]], sets[order[1]]})
		if got := names(m.Nodes); !slices.Equal(got, []string{"zlib", "curl"}) {
			t.Errorf("order %v: nodes %v, want zlib, curl", order, got)
		}
		if got := names(m.Others); !slices.Equal(got, []string{"openssl"}) {
			t.Errorf("order %v: others %v, want openssl", order, got)
		}
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},"roots":[{"hash":"a","spec":"x"}],"concrete_specs":{"a":{"x":{"version":"1","dependencies":{"y":{"hash":"b","type":["link"]}}}},"b":{"y":{"version":"2"}}}}`))
	// The wrappers: signed, gzip'd, a byte order mark, UTF-16.
	if inner, err := os.ReadFile(filepath.Join(fixtures, "spec.v3-archive-files.spec.json")); err == nil {
		signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
		f.Add([]byte(signed))
		f.Add([]byte(signed + signed))
		f.Add(gzipped(f, inner))
		f.Add(append([]byte("\uFEFF"), inner...))
		f.Add(utf16Of(string(inner[:200]), false, true))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode("f", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T: %v", err, err)
			}
			if e.Line < 1 || e.Col < 1 || e.Path == "" {
				t.Fatalf("error without a place: %+v", e)
			}
			return
		}
		_ = Sniff(data)
		// What is read is JSON: skipped values are checked too.
		if b := bytes.TrimLeft(data, " \t\r\n"); len(b) > 0 && b[0] == '{' && !json.Valid(data) {
			t.Fatal("read a file that is not JSON")
		}
		for _, n := range append(s.Nodes, s.Others...) {
			if n.Name == "" || n.Compiler == "" {
				t.Fatalf("node without a name or compiler: %+v", n)
			}
			for _, d := range n.Deps {
				if d.Hash == "" {
					t.Fatalf("edge without a hash: %+v", n)
				}
			}
		}
		if !slices.IsSortedFunc(s.Nodes, func(x, y *Node) int { return strings.Compare(x.Hash, y.Hash) }) {
			t.Fatal("nodes not sorted")
		}
	})
}

// Issue 35, item 7: what follows the first clear-signed message (a second
// signed message, trailing data) is not dropped without a word: it is an
// error naming the line it starts on.
func TestSignedTrailingContent(t *testing.T) {
	inner, err := os.ReadFile(filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	msg := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	lines := strings.Count(msg, "\n")
	for _, tt := range []struct {
		name, data string
		line       int
		want       string
	}{
		{"second message", msg + msg, lines + 1, "a second clear-signed message"},
		{"second message after blank lines", msg + "\n\n" + msg, lines + 3, "a second clear-signed message"},
		{"trailing JSON", msg + `{"spec":{}}` + "\n", lines + 1, "data after the signature"},
		{"trailing text", msg + "\n  trailing\n", lines + 2, "data after the signature"},
		{"signature never ends", strings.TrimSuffix(msg, "-----END PGP SIGNATURE-----\n"), lines, "no line -----END PGP SIGNATURE-----"},
		// Spack's pattern reads the text up to the last BEGIN PGP
		// SIGNATURE, wherever it is (81st adversarial pass): a second
		// one in the signature puts the first in the JSON Spack reads,
		// and Spack refuses the file.
		{"a second BEGIN PGP SIGNATURE in the signature", strings.Replace(msg, "\nabc\n", "\nab-----BEGIN PGP SIGNATURE-----c\n", 1), lines - 1, "a second -----BEGIN PGP SIGNATURE-----"},
		// Text after the END line's dashes, on that line, was dropped
		// without a word (p211b): GnuPG takes trailing white space only.
		{"text after END on its line", strings.Replace(msg, "-----END PGP SIGNATURE-----\n", "-----END PGP SIGNATURE----- {\"spec\":{}}\n", 1), lines, "text after -----END PGP SIGNATURE----- on its line"},
		{"dashes after END on its line", strings.Replace(msg, "-----END PGP SIGNATURE-----\n", "-----END PGP SIGNATURE----------\n", 1), lines, "text after -----END PGP SIGNATURE----- on its line"},
		{"a second BEGIN PGP SIGNATURE on the END line", strings.Replace(msg, "-----END PGP SIGNATURE-----\n", "-----END PGP SIGNATURE----------BEGIN PGP SIGNATURE-----\n", 1), lines, "a second -----BEGIN PGP SIGNATURE-----"},
	} {
		_, err := Decode("x.spec.json.sig", []byte(tt.data))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, tt.want) || e.Line != tt.line {
			t.Errorf("%s: %v; want line %d: %s", tt.name, err, tt.line, tt.want)
		}
	}
	// Text among the armor headers, above the empty line that starts the
	// signed text, is no part of the message: a spec written there was
	// dropped without a word.
	for _, tt := range []struct {
		name, headers string
		line          int
	}{
		{"a spec among the headers", "Hash: SHA512\n{\"spec\":{\"_meta\":{\"version\":4},\"nodes\":[]}}\n", 3},
		{"a spec before the Hash header", "{\"spec\":{}}\r\nHash: SHA512\r\n", 2},
		{"a line of text", "Hash: SHA512\nhello\n", 3},
	} {
		data := "-----BEGIN PGP SIGNED MESSAGE-----\n" + tt.headers + "\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
		_, err := Decode("x.spec.json.sig", []byte(data))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "armor headers") || e.Line != tt.line {
			t.Errorf("%s: %v; want an error at line %d naming the armor headers", tt.name, err, tt.line)
		}
	}
	// Spack reads the text by a pattern: BEGIN, Hash: and one value, the
	// JSON. Another header, a second Hash, a Hash of several values or
	// none put a line before the JSON it reads, and it refuses the file
	// (79th adversarial pass: these were read); so does a BEGIN line that
	// does not start its line.
	for _, tt := range []struct {
		name, head, want string
		line             int
	}{
		{"a Charset header", "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\nCharset: UTF-8\n", `an armor header "Charset"`, 3},
		{"a Comment before Hash", "-----BEGIN PGP SIGNED MESSAGE-----\r\nComment: x\r\nHash: SHA512\r\n", `an armor header "Comment"`, 2},
		{"two Hash headers", "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\nHash: SHA256\n", "a second Hash header", 3},
		{"a Hash of two values", "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256, SHA512\n", "a Hash header of several values", 2},
		{"no header", "-----BEGIN PGP SIGNED MESSAGE-----\n", "no Hash header", 2},
		{"an indented BEGIN", "  -----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n", "does not start its line", 1},
		// Spack's pattern finds the message after text too; that text
		// would be lost, and was named "not null" (its first letter).
		{"a note before BEGIN", "note\n\n-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n", "text before -----BEGIN PGP SIGNED MESSAGE----- (line 3)", 1},
		{"JSON before BEGIN", "{}\n-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n", "text before -----BEGIN PGP SIGNED MESSAGE----- (line 2)", 1},
		// A BEGIN line without Hash: is no message to Spack's pattern:
		// the file is no JSON, named by its first byte (it was "null",
		// the kind of a word "note" is not).
		{"a note before a bare BEGIN", "note\n-----BEGIN PGP SIGNED MESSAGE-----\n", `not "note"`, 1},
	} {
		data := tt.head + "\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
		_, err := Decode("x.spec.json.sig", []byte(data))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, tt.want) || e.Line != tt.line || strings.Contains(tt.name, "header") && !strings.Contains(e.Msg, "Spack reads") {
			t.Errorf("%s: %v; want an error at line %d, %q", tt.name, err, tt.line, tt.want)
		}
	}
	for _, headers := range []string{"Hash: SHA512\n", "Hash: SHA256\r\n", "Hash:  SHA512 \n"} {
		data := "-----BEGIN PGP SIGNED MESSAGE-----\n" + headers + "\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
		if _, err := Decode("x.spec.json.sig", []byte(data)); err != nil {
			t.Errorf("headers %q: %v", headers, err)
		}
	}
	// White space after the signature is no content.
	for _, tail := range []string{"", "\n", "\n\r\n \t\n"} {
		if _, err := Decode("x.spec.json.sig", []byte(msg+tail)); err != nil {
			t.Errorf("tail %q: %v", tail, err)
		}
	}
}

// Spack 1.2 writes lockfile version 7, which adds a root's "group" (the
// group of specs it was concretized in): read as version 6 is, the group
// left aside. It was refused as an unsupported version.
func TestLockfileV7(t *testing.T) {
	const h = "tivmbe3xjw7oqv4c3jv3v4jw42a7cajq"
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":7,"specfile-version":5},` +
		`"spack":{"version":"1.2.0.dev0","type":"git","commit":"94b055476f874f424f20e3c0f33b0f22de29220a"},` +
		`"roots":[{"hash":"` + h + `","spec":"zlib-ng","group":"default"}],` +
		`"concrete_specs":{"` + h + `":{"name":"zlib-ng","version":"2.2.3","arch":{"platform":"linux","platform_os":"ubuntu24.04","target":"x86_64_v3"},"namespace":"builtin","parameters":{"build_system":"generic"},"annotations":{"original_specfile_version":5},"hash":"` + h + `"}}}`
	set, err := Decode("spack.lock", []byte(lock))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Nodes) != 1 || set.Nodes[0].Name != "zlib-ng" || set.Nodes[0].Hash != h || len(set.Roots) != 1 || set.Roots[0].Hash != h {
		t.Errorf("nodes %+v, roots %+v", set.Nodes, set.Roots)
	}
	if _, err := Decode("spack.lock", []byte(strings.Replace(lock, `"lockfile-version":7`, `"lockfile-version":8`, 1))); err == nil || !strings.Contains(err.Error(), "versions 1 to 7") {
		t.Errorf("lockfile version 8: %v; want refused, naming versions 1 to 7", err)
	}
}

// A line of white space alone ends a clear-signed message's armor
// headers, as GnuPG reads it and as Spack's pattern does (Hash: X, white
// space, the text): such a file was refused as cut short, though its
// signature was there. And a message whose headers no empty line ends
// before the signed text is an error at the first line that is no
// header, not one of a file cut short.
func TestSignedBlankLineOfSpace(t *testing.T) {
	inner, err := os.ReadFile(filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	plain := decodeFile(t, filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	sig := "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for _, blank := range []string{" \n", "\t\n", "  \r\n", " \t \n"} {
		data := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n" + blank + string(inner) + sig
		if Sniff([]byte(data)) != SpecFile {
			t.Errorf("blank line %q: not sniffed as a spec file", blank)
		}
		s, err := Decode("x.spec.json.sig", []byte(data))
		if err != nil {
			t.Errorf("blank line %q: %v", blank, err)
			continue
		}
		if len(s.Nodes) != len(plain.Nodes) || s.Nodes[0].Hash != plain.Nodes[0].Hash || s.Nodes[0].Line != plain.Nodes[0].Line+3 {
			t.Errorf("blank line %q: %d nodes, the first %s at line %d", blank, len(s.Nodes), s.Nodes[0].Hash, s.Nodes[0].Line)
		}
	}
	data := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n" + string(inner) + sig
	_, err = Decode("x.spec.json.sig", []byte(data))
	var e *Error
	if !errors.As(err, &e) || e.Line != 3 || !strings.Contains(e.Msg, "armor headers") || strings.Contains(e.Msg, "cut short") {
		t.Errorf("headers that no empty line ends: %v; want an error at line 3 naming the armor headers", err)
	}
}
