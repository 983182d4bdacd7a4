package spackfmt

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestDuplicateKeys: a key that cachediff reads, given twice in one
// object, is an error at the second one. Spack (Python's json) keeps the
// last value of such a key alone, where cachediff read both: an index
// whose "installs" was given twice, the second without curl, was the
// union of the two, and a gate on removed packages passed although Spack
// reads curl as gone. A key cachediff skips may repeat.
func TestDuplicateKeys(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	node := func(name, h string) string {
		return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"` + h + `"}`
	}
	rec := func(name, h string) string { return `"` + h + `":{"spec":` + node(name, h) + `,"in_buildcache":true}` }
	lock := `"_meta":{"file-type":"spack-lockfile","lockfile-version":6}`
	tests := []struct {
		name, data, path, key string
	}{
		{"index installs",
			`{"database":{"version":"8","installs":{` + rec("curl", a) + `},"installs":{` + rec("zlib", b) + `}}}`,
			"database.installs", "installs"},
		{"index installs before the version",
			`{"database":{"installs":{` + rec("curl", a) + `},"installs":{` + rec("zlib", b) + `},"version":"8"}}`,
			"database.installs", "installs"},
		{"database",
			`{"database":{"version":"8","installs":{` + rec("curl", a) + `}},"database":{"version":"8","installs":{` + rec("zlib", b) + `}}}`,
			"database", "database"},
		{"database version",
			`{"database":{"version":"8","version":"7","installs":{}}}`,
			"database.version", "version"},
		{"record spec",
			`{"database":{"version":"8","installs":{"` + a + `":{"spec":` + node("curl", a) + `,"spec":` + node("zlib", a) + `}}}}`,
			"database.installs." + a + ".spec", "spec"},
		{"record in_buildcache",
			`{"database":{"version":"8","installs":{"` + a + `":{"spec":` + node("curl", a) + `,"in_buildcache":true,"in_buildcache":false}}}}`,
			"database.installs." + a + ".in_buildcache", "in_buildcache"},
		{"lockfile concrete_specs",
			`{` + lock + `,"roots":[],"concrete_specs":{"` + a + `":` + node("curl", a) + `},"concrete_specs":{"` + b + `":` + node("zlib", b) + `}}`,
			"concrete_specs", "concrete_specs"},
		{"lockfile roots",
			`{` + lock + `,"roots":[{"hash":"` + a + `","spec":"curl"}],"roots":[],"concrete_specs":{"` + a + `":` + node("curl", a) + `}}`,
			"roots", "roots"},
		{"lockfile meta",
			`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"lockfile-version":5},"roots":[],"concrete_specs":{}}`,
			"_meta.lockfile-version", "lockfile-version"},
		{"root hash",
			`{` + lock + `,"roots":[{"hash":"` + a + `","hash":"` + b + `","spec":"curl"}],"concrete_specs":{"` + a + `":` + node("curl", a) + `}}`,
			"roots[0].hash", "hash"},
		{"spec file nodes",
			`{"spec":{"_meta":{"version":5},"nodes":[` + node("curl", a) + `],"nodes":[` + node("zlib", b) + `]}}`,
			"spec.nodes", "nodes"},
		{"spec file version",
			`{"spec":{"_meta":{"version":5,"version":4},"nodes":[]}}`,
			"spec._meta.version", "version"},
		{"node name",
			`{"spec":{"_meta":{"version":5},"nodes":[{"name":"curl","name":"zlib","hash":"` + a + `"}]}}`,
			"spec.nodes[0].name", "name"},
		{"node hash",
			`{"spec":{"_meta":{"version":5},"nodes":[{"name":"curl","hash":"` + a + `","hash":"` + b + `"}]}}`,
			"spec.nodes[0].hash", "hash"},
		{"node dependencies",
			`{"spec":{"_meta":{"version":5},"nodes":[{"name":"curl","hash":"` + a + `","dependencies":[{"name":"zlib","hash":"` + b + `"}],"dependencies":[]},` + node("zlib", b) + `]}}`,
			"spec.nodes[0].dependencies", "dependencies"},
		{"node arch",
			`{"spec":{"_meta":{"version":5},"nodes":[{"name":"curl","hash":"` + a + `","arch":{"platform":"linux","platform":"darwin"}}]}}`,
			"spec.nodes[0].arch.platform", "platform"},
		{"dependency hash",
			`{"spec":{"_meta":{"version":5},"nodes":[{"name":"curl","hash":"` + a + `","dependencies":[{"name":"zlib","hash":"` + b + `","hash":"` + a + `"}]},` + node("zlib", b) + `]}}`,
			"spec.nodes[0].dependencies[0].hash", "hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("x.json", []byte(tt.data))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Path != tt.path || !strings.Contains(e.Msg, `key "`+tt.key+`" is given twice`) {
				t.Errorf("got %v\nwant %s: key %q is given twice", err, tt.path, tt.key)
			}
		})
	}

	// Every key read within a spec, each given twice on its own: the
	// node's, its arch's and target's, a dependency's and its
	// parameters'.
	values := map[string]string{"name": `"x"`, "version": `"1"`, "compiler": `{"name":"gcc","version":"13"}`,
		"parameters": `{}`, "dependencies": `[]`, "hash": `"` + a + `"`, "_hash": `"` + a + `"`, "full_hash": `"` + b + `"`,
		"build_hash": `"` + b + `"`, "package_hash": `"p"`, "annotations": `{}`, "arch": `{}`,
		"platform": `"linux"`, "platform_os": `"rhel8"`, "target": `"x86_64"`, "type": `["link"]`, "deptypes": `["link"]`,
		"virtuals": `[]`}
	twice := func(k string) string { return `"` + k + `":` + values[k] + `,"` + k + `":` + values[k] }
	spec := func(node string) string { return `{"spec":{"_meta":{"version":5},"nodes":[` + node + `]}}` }
	var cases []struct{ data, path, key string }
	for _, k := range []string{"name", "version", "compiler", "parameters", "dependencies", "hash", "_hash", "full_hash", "build_hash", "package_hash", "annotations", "arch"} {
		node := `{"name":"curl","hash":"` + a + `",` + twice(k) + `}`
		if k == "name" || k == "hash" {
			node = `{` + twice(k) + `}`
		}
		cases = append(cases, struct{ data, path, key string }{spec(node), "spec.nodes[0]." + k, k})
	}
	for _, k := range []string{"platform", "platform_os", "target"} {
		cases = append(cases, struct{ data, path, key string }{spec(`{"name":"curl","hash":"` + a + `","arch":{` + twice(k) + `}}`), "spec.nodes[0].arch." + k, k})
	}
	cases = append(cases, struct{ data, path, key string }{spec(`{"name":"curl","hash":"` + a + `","arch":{"target":{` + twice("name") + `}}}`), "spec.nodes[0].arch.target.name", "name"})
	for k, v := range map[string]string{"original_specfile_version": `4`, "compiler": `"gcc@13"`} {
		cases = append(cases, struct{ data, path, key string }{spec(`{"name":"curl","hash":"` + a + `","annotations":{"` + k + `":` + v + `,"` + k + `":` + v + `}}`), "spec.nodes[0].annotations." + k, k})
	}
	dep := func(body string) string {
		return spec(`{"name":"curl","hash":"` + a + `","dependencies":[{` + body + `}]},` + node("zlib", b))
	}
	for _, k := range []string{"name", "build_hash", "full_hash", "type", "deptypes", "virtuals"} {
		cases = append(cases, struct{ data, path, key string }{dep(`"name":"zlib","hash":"` + b + `",` + twice(k)), "spec.nodes[0].dependencies[0]." + k, k})
	}
	cases = append(cases, struct{ data, path, key string }{dep(`"name":"zlib","hash":"` + b + `","parameters":{},"parameters":{}`), "spec.nodes[0].dependencies[0].parameters", "parameters"})
	for _, k := range []string{"deptypes", "virtuals"} {
		cases = append(cases, struct{ data, path, key string }{dep(`"name":"zlib","hash":"` + b + `","parameters":{` + twice(k) + `}`), "spec.nodes[0].dependencies[0].parameters." + k, k})
	}
	// Keys of free names: a spec's parameters (whatever their values, a
	// null one too: Spack's value is the last), within the scan and past
	// it, and the object form of dependencies.
	many := func(n int, last string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"v%d":true,`, i)
		}
		return b.String() + last
	}
	for _, p := range []struct{ params, key string }{
		{`"tls":"openssl","ldflags":[],"tls":"mbedtls"`, "tls"},
		{`"shared":true,"shared":false`, "shared"},
		{`"cflags":["-O2"],"cflags":["-O3"]`, "cflags"},
		{`"tls":"openssl","tls":null`, "tls"},
		{`"t\u006cs":"openssl","tls":"mbedtls"`, "tls"}, // keySet keeps an escaped key's own copy
		{`"tls":"openssl","cflags":[],"t\u006cs":"mbedtls"`, "tls"},
		{many(70, `"v3":false`), "v3"},
		{many(10, `"v9":false`), "v9"},
	} {
		cases = append(cases, struct{ data, path, key string }{spec(`{"name":"curl","hash":"` + a + `","parameters":{` + p.params + `}}`), "spec.nodes[0].parameters." + p.key, p.key})
	}
	lock1 := func(deps string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},"roots":[],"concrete_specs":{"` + a + `":{"name":"curl","version":"1","dependencies":{` + deps + `}},"` + b + `":{"name":"zlib","version":"1"}}}`
	}
	cases = append(cases, struct{ data, path, key string }{lock1(`"zlib":{"hash":"` + b + `"},"zlib":{"hash":"` + a + `"}`), "concrete_specs." + a + ".dependencies.zlib", "zlib"})
	for _, c := range cases {
		_, err := Decode("x.json", []byte(c.data))
		var e *Error
		if !errors.As(err, &e) || e.Path != c.path || !strings.Contains(e.Msg, `key "`+c.key+`" is given twice`) {
			t.Errorf("%s given twice: got %v\nwant %s: key %q is given twice", c.path, err, c.path, c.key)
		}
	}
	// Keys of one meaning but other names are read once each: a node's
	// hashes, a dependency's types.
	aliases := spec(`{"name":"curl","hash":"` + a + `","_hash":"` + a + `","full_hash":"` + a + `","build_hash":"` + a + `","annotations":{"original_specfile_version":4,"compiler":"gcc@13"},"dependencies":[{"name":"zlib","hash":"` + b + `","type":["link"],"deptypes":["link"]}]},` + node("zlib", b))
	if _, err := Decode("x.json", []byte(aliases)); err != nil {
		t.Errorf("hash, _hash, full_hash and build_hash, and type and deptypes, once each: %v", err)
	}

	// Many distinct parameters, past the scan, are no error; nor is the
	// object form of dependencies naming each once.
	if _, err := Decode("x.json", []byte(spec(`{"name":"curl","hash":"`+a+`","parameters":{`+many(300, `"last":1`)+`}}`))); err != nil {
		t.Errorf("300 distinct parameters: %v", err)
	}
	if _, err := Decode("x.json", []byte(lock1(`"zlib":{"hash":"`+b+`"}`))); err != nil {
		t.Errorf("dependencies as an object: %v", err)
	}

	// Keys cachediff does not read may repeat, as before.
	ok := `{"spec":{"_meta":{"version":5,"x":1,"x":2},"nodes":[{"name":"curl","hash":"` + a + `","ref":1,"ref":2}]},"other":1,"other":2}`
	if _, err := Decode("x.json", []byte(ok)); err != nil {
		t.Errorf("keys not read, given twice: %v", err)
	}
}

// TestTwoKinds: a document holding the keys of two kinds of Spack file
// (an index's database beside a spec file's spec, or a lockfile's
// concrete_specs) is an error naming both. Spack reads a file as the one
// it stands for and drops the rest without a word, where cachediff read
// the union: an index whose database had lost curl, with curl under a
// "spec" key beside it, passed a gate on removed packages as "no
// changes" (a seventh adversarial pass, issue 35).
func TestTwoKinds(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	node := func(name, h string) string {
		return `{"name":"` + name + `","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"` + h + `"}`
	}
	db := `"database":{"version":"8","installs":{"` + b + `":{"spec":` + node("zlib", b) + `,"in_buildcache":true}}}`
	spec := `"spec":{"_meta":{"version":5},"nodes":[` + node("curl", a) + `]}`
	lock := `"_meta":{"file-type":"spack-lockfile","lockfile-version":6}`
	concrete := `"concrete_specs":{"` + a + `":` + node("curl", a) + `}`
	roots := `"roots":[{"hash":"` + a + `","spec":"curl"}]`
	for _, tt := range []struct{ name, data, first, second string }{
		{"index then spec", `{` + db + `,` + spec + `}`, "database", "spec"},
		{"spec then index", `{` + spec + `,` + db + `}`, "spec", "database"},
		{"lockfile then index", `{` + lock + `,` + roots + `,` + concrete + `,` + db + `}`, "roots", "database"},
		{"index then lockfile", `{` + lock + `,` + db + `,` + roots + `,` + concrete + `}`, "database", "roots"},
		{"index then concrete_specs", `{` + db + `,` + concrete + `}`, "database", "concrete_specs"},
		{"spec then roots", `{` + spec + `,` + roots + `}`, "spec", "roots"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			set, err := Decode("x.json", []byte(tt.data))
			if err == nil {
				t.Fatalf("read as a %s of %d nodes, want an error", set.Kind, len(set.Nodes))
			}
			msg := err.Error()
			if !strings.Contains(msg, `"`+tt.first+`"`) || !strings.Contains(msg, `"`+tt.second+`"`) {
				t.Errorf("got %v, want an error naming %q and %q", err, tt.first, tt.second)
			}
		})
	}
	// A lockfile's roots and concrete_specs are one kind's.
	if _, err := Decode("x.json", []byte(`{`+lock+`,`+roots+`,`+concrete+`}`)); err != nil {
		t.Errorf("a lockfile: %v", err)
	}
}

// TestVersionsOverVersion: Spack reads a node's version, and a
// compiler's, from "versions" when it is there, and from "version" only
// when not (VersionList.from_dict); the decoder read "version" alone, so
// a node that kept "version": "0.8.13" and added "versions": ["=0.8.10"]
// was a downgrade to Spack and no change to cachediff, passing a
// downgrade gate (a seventh adversarial pass, issue 35). Either key
// order gives Spack's reading; a list of several versions, which no
// concrete spec writes, is an error.
func TestVersionsOverVersion(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	spec := func(body string) string {
		return `{"spec":{"_meta":{"version":3},"nodes":[{"name":"libelf",` + body + `,"hash":"` + a + `"}]}}`
	}
	for _, c := range []struct{ name, body, version, compiler string }{
		{"versions after version", `"version":"0.8.13","versions":["=0.8.10"]`, "0.8.10", ""},
		{"versions before version", `"versions":["=0.8.10"],"version":"0.8.13"`, "0.8.10", ""},
		{"versions alone", `"versions":["0.8.10"]`, "0.8.10", ""},
		{"versions as a string", `"version":"0.8.13","versions":"0.8.10"`, "0.8.10", ""},
		{"versions twice over", `"versions":["=0.8.10","=0.8.10"]`, "0.8.10", ""},
		{"compiler versions after version", `"version":"1","compiler":{"name":"gcc","version":"10.2.1","versions":["=13.2.0"]}`, "1", "gcc@13.2.0"},
		{"compiler versions before version", `"version":"1","compiler":{"name":"gcc","versions":["13.2.0"],"version":"10.2.1"}`, "1", "gcc@13.2.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			set, err := Decode("x.spec.json", []byte(spec(c.body)))
			if err != nil {
				t.Fatal(err)
			}
			n := set.Nodes[0]
			if n.Version != c.version || c.compiler != "" && n.Compiler != c.compiler {
				t.Errorf("read %s@%s %%%s; Spack reads %s %%%s", n.Name, n.Version, n.Compiler, c.version, c.compiler)
			}
		})
	}
	for _, body := range []string{`"versions":["0.8.10","0.8.13"]`, `"versions":[]`, `"version":"1","compiler":{"name":"gcc","versions":["10","13"]}`} {
		if set, err := Decode("x.spec.json", []byte(spec(body))); err == nil {
			t.Errorf("%s: read %s@%s %%%s, want an error", body, set.Nodes[0].Name, set.Nodes[0].Version, set.Nodes[0].Compiler)
		}
	}
}

// TestLockfileKeyIsHash: Spack takes a concrete spec's identity from its
// node's "hash" (from_node_dict), the lockfile's key only when the node
// has none, links the records by their keys and keeps one spec of each
// hash, the first its walk from the roots meets (_read_lockfile_dict,
// first_seen), at every lockfile version. A seventh adversarial pass
// refused a lockfile of version 4 on whose key and node's hash differ,
// as the decoder then named a spec by its key; Spack reads the file, so
// an environment Spack reads could not be diffed. It is now read as
// Spack reads it: the spec under the hash its node writes (a node that
// changed its hash under a kept key is a rebuild, as it is to Spack),
// two records writing one hash one spec, with a warning naming both
// hashes (Spack says nothing).
func TestLockfileKeyIsHash(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		c = "cccccccccccccccccccccccccccccccc"
	)
	lock := func(version int, key, hash string) string {
		return fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},"roots":[{"hash":"%s","spec":"curl"}],"concrete_specs":{"%s":{"name":"curl","version":"1","hash":"%s"}}}`, version, key, key, hash)
	}
	for _, v := range []int{4, 5, 6} {
		set, err := Decode("spack.lock", []byte(lock(v, a, b)))
		if err != nil {
			t.Errorf("lockfile v%d, key %.7s, node hash %.7s: %v; want it read as Spack reads it", v, a, b, err)
			continue
		}
		if len(set.Nodes) != 1 || set.Nodes[0].Hash != b || len(set.Roots) != 1 || set.Roots[0].Hash != b {
			t.Errorf("lockfile v%d: nodes %+v, roots %+v; want curl and its root under its node's hash %.7s", v, set.Nodes, set.Roots, b)
		}
		if len(set.Warnings) != 1 || !strings.Contains(set.Warnings[0].Message, a) || !strings.Contains(set.Warnings[0].Message, b) {
			t.Errorf("lockfile v%d: warnings %+v, want one naming both hashes", v, set.Warnings)
		}
		set, err = Decode("spack.lock", []byte(lock(v, a, a)))
		if err != nil || len(set.Nodes) != 1 || set.Nodes[0].Hash != a || len(set.Warnings) != 0 {
			t.Errorf("lockfile v%d, key and hash alike: %v, %+v", v, err, set)
		}
	}
	// Two records of one hash, one a dependency of the other's twin: one
	// spec, the first the roots reach (zlib keyed c, written b), and the
	// edge to it names that hash.
	twins := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{
"` + a + `":{"name":"curl","version":"1","hash":"` + a + `","dependencies":[{"name":"zlib","hash":"` + c + `","parameters":{"deptypes":["link"],"virtuals":[]}}]},
"` + b + `":{"name":"zlib","version":"1","hash":"` + b + `"},
"` + c + `":{"name":"zlib","version":"1","hash":"` + b + `"}}}`
	set, err := Decode("spack.lock", []byte(twins))
	if err != nil {
		t.Fatalf("two records of one hash: %v", err)
	}
	if len(set.Nodes) != 2 || set.Nodes[0].Hash != a || set.Nodes[1].Hash != b || len(set.Nodes[0].Deps) != 1 || set.Nodes[0].Deps[0].Hash != b {
		t.Errorf("two records of one hash: nodes %+v, want curl and one zlib under %.7s, curl's edge naming it", set.Nodes, b)
	}
	// One warning for the file, counting them: one a record held more
	// than the record's bytes.
	for _, w := range set.Warnings {
		if strings.Contains(w.Message, "keyed by") && !strings.HasPrefix(w.Message, "1 concrete spec is keyed by another hash") {
			t.Errorf("warning %q, want it to count the one record (zlib keyed %.7s)", w.Message, c)
		}
	}
	many := strings.Replace(twins, `"`+a+`":{"name":"curl","version":"1","hash":"`+a+`"`, `"`+a+`":{"name":"curl","version":"1","hash":"`+b[:31]+`a"`, 1)
	if set, err := Decode("spack.lock", []byte(many)); err != nil {
		t.Errorf("two records writing other hashes: %v", err)
	} else if n := len(set.Warnings); n == 0 || !strings.Contains(set.Warnings[0].Message+set.Warnings[len(set.Warnings)-1].Message, "2 concrete specs are keyed by other hashes than their specs write (curl, zlib;") {
		t.Errorf("two records writing other hashes: warnings %+v, want one counting both", set.Warnings)
	}
	// Spack links the records by their keys alone: an edge to the hash
	// a record writes, not its key, is a dependency not in the file,
	// which Spack refuses (specs_by_hash[dep_hash]).
	const d = "dddddddddddddddddddddddddddddddd"
	edgeToOwn := strings.Replace(twins, `"hash":"`+c+`","parameters"`, `"hash":"`+d+`","parameters"`, 1)
	edgeToOwn = strings.Replace(edgeToOwn, `"`+c+`":{"name":"zlib","version":"1","hash":"`+b+`"}`, `"`+c+`":{"name":"zlib","version":"1","hash":"`+d+`"}`, 1)
	if set, err := Decode("spack.lock", []byte(edgeToOwn)); err == nil || !strings.Contains(err.Error(), "dependency zlib/"+d+" is not in concrete_specs") {
		t.Errorf("an edge to the hash a record writes, not its key: %v, %+v; want the error Spack's refusal gets", err, set)
	}
	if _, err := Decode("spack.lock", []byte(lock(3, a, b))); err != nil {
		t.Errorf("lockfile v3, keyed by another hash: %v", err)
	}
}
