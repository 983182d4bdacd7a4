package spackfmt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A lockfile of version 2 or 3 keys its records by build hash, and
// several can share the DAG hash each writes (the same package with other
// build dependencies). Spack reads one spec of each DAG hash: the first
// its depth-first walk from the roots in order, dependencies by name,
// meets; the roots and edges then name specs by DAG hash.
func TestLockfileDAGHashes(t *testing.T) {
	arch := `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	rec := func(key, name, version, dag, deps string) string {
		return fmt.Sprintf(`%q:{%q:{"version":%q,%s,"dependencies":{%s},"hash":%q}}`, key, name, version, arch, deps, dag)
	}
	dep := func(name, key string) string { return fmt.Sprintf(`%q:{"hash":%q,"type":["build","link"]}`, name, key) }
	for _, version := range []int{2, 3} {
		t.Run(fmt.Sprint(version), func(t *testing.T) {
			data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},
"roots":[{"hash":"kkkkkkk2","spec":"top"}],
"concrete_specs":{
%s,
%s,
%s,
%s,
%s,
%s,
%s,
%s,
%s}}`, version,
				// lib, first in the file, built with tool 1: the walk meets it
				// after its twin, through b.
				rec("kkkkkkk1", "lib", "1", "ddddddd1", dep("tool", "kkkkkkk6")),
				// top's dependencies are written b first; Spack walks a first.
				rec("kkkkkkk2", "top", "1", "ddddddd2", dep("b", "kkkkkkk4")+","+dep("a", "kkkkkkk3")),
				rec("kkkkkkk3", "a", "1", "ddddddd3", dep("lib", "kkkkkkk5")),
				rec("kkkkkkk4", "b", "1", "ddddddd4", dep("lib", "kkkkkkk1")),
				rec("kkkkkkk5", "lib", "1", "ddddddd1", dep("tool", "kkkkkkk7")),
				rec("kkkkkkk6", "tool", "1", "ddddddd6", ""),
				rec("kkkkkkk7", "tool", "2", "ddddddd7", ""),
				// Twins no root reaches: neither is in the environment.
				rec("kkkkkkk8", "orphan", "1", "ddddddd8", dep("tool", "kkkkkkk7")),
				rec("kkkkkkk9", "orphan", "1", "ddddddd8", dep("tool", "kkkkkkk6")),
			)
			s, err := Decode("spack.lock", []byte(data))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range s.Nodes {
				got = append(got, fmt.Sprintf("%s line=%d roots=%v", line(n), n.Line, s.RootsOf(n)))
			}
			want := []string{
				"ddddddd lib@1 %gcc@9 linux-rhel8-x86_64 [] deps=[tool/ddddddd:build+link:] line=8 roots=[top]",
				"ddddddd top@1 %gcc@9 linux-rhel8-x86_64 [] deps=[b/ddddddd:build+link: a/ddddddd:build+link:] line=5 roots=[top]",
				"ddddddd a@1 %gcc@9 linux-rhel8-x86_64 [] deps=[lib/ddddddd:build+link:] line=6 roots=[top]",
				"ddddddd b@1 %gcc@9 linux-rhel8-x86_64 [] deps=[lib/ddddddd:build+link:] line=7 roots=[top]",
				"ddddddd tool@2 %gcc@9 linux-rhel8-x86_64 [] deps=[] line=10 roots=[top]",
			}
			if !slices.Equal(got, want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// The hashes in full: the kept lib is the one built with tool 2,
			// and tool 1 is left out with the orphans: no root reaches it.
			var hashes []string
			for _, n := range s.Nodes {
				var deps []string
				for _, d := range n.Deps {
					deps = append(deps, d.Hash)
				}
				hashes = append(hashes, n.Hash+"<"+strings.Join(deps, ","))
			}
			wantHashes := []string{"ddddddd1<ddddddd7", "ddddddd2<ddddddd4,ddddddd3", "ddddddd3<ddddddd1", "ddddddd4<ddddddd1",
				"ddddddd7<"}
			if !slices.Equal(hashes, wantHashes) {
				t.Errorf("hashes %v, want %v", hashes, wantHashes)
			}
			if len(s.Roots) != 1 || s.Roots[0].Hash != "ddddddd2" || s.Roots[0].Name() != "top" {
				t.Errorf("roots %+v, want top by its DAG hash", s.Roots)
			}
			wantWarn := []Warning{
				{File: "spack.lock", Line: 4, Message: fmt.Sprintf("2 records share a DAG hash with another record (lib, orphan): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version %d", version)},
				{File: "spack.lock", Line: 9, Message: "2 records that no root reaches are left out (orphan@1, tool@1): Spack reads a lockfile's specs from its roots"},
			}
			if !slices.Equal(s.Warnings, wantWarn) {
				t.Errorf("warnings %+v, want %+v", s.Warnings, wantWarn)
			}
			var drained int
			for range s.Drain() {
				drained++
			}
			if drained != len(want) {
				t.Errorf("Drain yields %d nodes, want %d", drained, len(want))
			}
		})
	}
}

// A root that concrete_specs lacks is an error, as it is to Spack (its
// reader looks each root up by key), not a warning: a lockfile so cut
// is not one Spack reads, at any version.
func TestLockfileRootMissing(t *testing.T) {
	for _, tt := range []struct {
		name, data, want string
	}{
		{"v6", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},
"roots":[{"hash":"aaaaaaa1","spec":"zlib"},
 {"hash":"bbbbbbb2","spec":"curl"}],
"concrete_specs":{"aaaaaaa1":{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"aaaaaaa1"}}}`,
			"spack.lock:3:10: roots[1].hash: root curl/bbbbbbb2 is not in concrete_specs: Spack refuses such a lockfile"},
		{"v2", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},
"roots":[{"spec":"zlib","hash":"kkkkkkk9"}],
"concrete_specs":{"kkkkkkk1":{"zlib":{"version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"ddddddd1"}}}}`,
			"spack.lock:2:32: roots[0].hash: root zlib/kkkkkkk9 is not in concrete_specs: Spack refuses such a lockfile"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("spack.lock", []byte(tt.data))
			if err == nil || err.Error() != tt.want {
				t.Errorf("err %v\nwant %s", err, tt.want)
			}
		})
	}
}

// The warning of records read as another of their DAG hash says one
// record "shares", and names a record whose facets differ from the
// spec it is read as (a tenth adversarial pass, issue 35: "1 record
// share a DAG hash with another record (a)" hid that a@2 was read as
// a@1; legitimate twins differ in their build dependencies alone).
func TestLockfileDAGTwinsWarning(t *testing.T) {
	arch := `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	rec := func(key, name, version, dag, variants string) string {
		return fmt.Sprintf(`%q:{%q:{"version":%q,%s,"parameters":{%s},"hash":%q}}`, key, name, version, arch, variants, dag)
	}
	lock := func(recs ...string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":3},"roots":[{"hash":"kkkkkkk1","spec":"a"}],"concrete_specs":{` + strings.Join(recs, ",") + `}}`
	}
	for _, tt := range []struct {
		name, data, want string
	}{
		{"alike", lock(rec("kkkkkkk1", "a", "1", "ddddddd1", ""), rec("kkkkkkk2", "a", "1", "ddddddd1", "")),
			"1 record shares a DAG hash with another record (a): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version 3"},
		{"another version", lock(rec("kkkkkkk1", "a", "1", "ddddddd1", ""), rec("kkkkkkk2", "a", "2", "ddddddd1", "")),
			"1 record shares a DAG hash with another record (a@2, read as a@1): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version 3"},
		{"other variants", lock(rec("kkkkkkk1", "a", "1", "ddddddd1", `"shared":true`), rec("kkkkkkk2", "a", "1", "ddddddd1", `"shared":false`)),
			"1 record shares a DAG hash with another record (a@1, read as the a@1 of other facets): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version 3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Decode("spack.lock", []byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Warnings) != 1 || s.Warnings[0].Message != tt.want {
				t.Errorf("warnings %+v\nwant %s", s.Warnings, tt.want)
			}
		})
	}
}

// A root names a record by its key, which Spack looks up (a tenth
// adversarial pass, issue 35): a root naming another hash of a record
// (its DAG hash in a lockfile of version 2 or 3) is not in
// concrete_specs to Spack, which refuses the file; cachediff read it.
func TestLockfileRootByOtherHash(t *testing.T) {
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":3},
"roots":[{"hash":"ddddddd1","spec":"zlib"}],
"concrete_specs":{"kkkkkkk1":{"zlib":{"version":"1.3","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"ddddddd1"}}}}`
	want := "spack.lock:2:18: roots[0].hash: root zlib/ddddddd1 is not in concrete_specs: Spack refuses such a lockfile"
	if _, err := Decode("spack.lock", []byte(data)); err == nil || err.Error() != want {
		t.Errorf("err %v\nwant %s", err, want)
	}
}

// Spack's walk takes a spec's dependencies in the order of the names of
// the specs they lead to (traverse.sort_edges: edge.spec.name), not of
// the names the file gives them: a file that names a dependency
// otherwise than its record (a tenth adversarial pass, issue 35) made
// cachediff keep another twin than Spack, lib@2 where Spack installs
// lib@1, and a gate judged a spec Spack does not read.
func TestLockfileDAGWalkByTargetName(t *testing.T) {
	arch := `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	rec := func(key, name, version, dag, deps string) string {
		return fmt.Sprintf(`%q:{%q:{"version":%q,%s,"dependencies":{%s},"hash":%q}}`, key, name, version, arch, deps, dag)
	}
	dep := func(name, key string) string { return fmt.Sprintf(`%q:{"hash":%q,"type":["build","link"]}`, name, key) }
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":3},"roots":[{"hash":"kkkkkkk1","spec":"top"}],"concrete_specs":{` +
		strings.Join([]string{
			// "a" leads to z, "b" to b: Spack walks b first.
			rec("kkkkkkk1", "top", "1", "ddddddd1", dep("a", "kkkkkkk2")+","+dep("b", "kkkkkkk3")),
			rec("kkkkkkk2", "z", "1", "ddddddd2", dep("lib", "kkkkkkk4")),
			rec("kkkkkkk3", "b", "1", "ddddddd3", dep("lib", "kkkkkkk5")),
			rec("kkkkkkk4", "lib", "2", "ddddddd4", ""),
			rec("kkkkkkk5", "lib", "1", "ddddddd4", ""),
		}, ",") + `}}`
	s, err := Decode("spack.lock", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range s.Nodes {
		if n.Hash == "ddddddd4" && n.Version != "1" {
			t.Errorf("lib/ddddddd4 is lib@%s, want lib@1, the twin Spack's walk meets first (through b)", n.Version)
		}
	}
}

// TestLockfileDAGAsSpack checks dagIdentity against a model of Spack's
// reading of a lockfile of version 1 to 3 (environment.py,
// _read_lockfile_dict, and traverse.sort_edges), over random files of
// few hashes, where keys are other records' DAG hashes, records share
// one, dependencies are named otherwise than their records, and cycles
// are (a tenth adversarial pass, issue 35): each DAG hash is the record
// Spack keeps, with its edges and the roots by DAG hash.
func TestLockfileDAGAsSpack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	hs := []string{"h1", "h2", "h3", "h4", "h5", "h6", "h7"}
	type rec struct {
		key, name, version, dag string
		deps                    [][2]string
	}
	compared, fails := 0, 0
	for iter := 0; iter < 5000; iter++ {
		n := 1 + rng.IntN(7)
		keys := rng.Perm(len(hs))[:n]
		recs := map[string]*rec{}
		var order []string
		var js []string
		for i := 0; i < n; i++ {
			r := &rec{key: hs[keys[i]], name: fmt.Sprintf("p%d", rng.IntN(3)), version: fmt.Sprint(rng.IntN(2))}
			var deps []string
			for j := 0; j < rng.IntN(3); j++ {
				dn := fmt.Sprintf("d%d", rng.IntN(3))
				dh := hs[keys[rng.IntN(n)]]
				if slices.ContainsFunc(r.deps, func(d [2]string) bool { return d[0] == dn }) {
					continue
				}
				r.deps = append(r.deps, [2]string{dn, dh})
				deps = append(deps, fmt.Sprintf(`%q:{"hash":%q,"type":["build","link"]}`, dn, dh))
			}
			own := ""
			r.dag = r.key
			if rng.IntN(4) > 0 {
				r.dag = hs[rng.IntN(len(hs))]
				own = fmt.Sprintf(`,"hash":%q`, r.dag)
			}
			recs[r.key] = r
			order = append(order, r.key)
			js = append(js, fmt.Sprintf(`%q:{%q:{"version":%q,"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"dependencies":{%s}%s}}`, r.key, r.name, r.version, strings.Join(deps, ","), own))
		}
		var roots, rootKeys []string
		for j := 0; j < 1+rng.IntN(3); j++ {
			k := order[rng.IntN(n)]
			rootKeys = append(rootKeys, k)
			roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":"r%d"}`, k, j))
		}
		data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},"roots":[%s],"concrete_specs":{%s}}`, 1+rng.IntN(3), strings.Join(roots, ","), strings.Join(js, ","))
		s, err := Decode("spack.lock", []byte(data))
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		// Spack's model.
		first := map[string]*rec{}
		for _, rk := range rootKeys {
			visited := map[string]bool{}
			var walk func(k string)
			walk = func(k string) {
				if visited[k] {
					return
				}
				visited[k] = true
				r := recs[k]
				if first[r.dag] == nil {
					first[r.dag] = r
				}
				var kids []*rec
				for _, d := range r.deps {
					kids = append(kids, recs[d[1]])
				}
				slices.SortStableFunc(kids, func(a, b *rec) int { return strings.Compare(a.name, b.name) })
				for _, c := range kids {
					walk(c.key)
				}
			}
			walk(rk)
		}
		// The environment: the specs kept that the roots reach, each DAG
		// hash's dependencies those of the record kept for it.
		env := map[string]bool{}
		var queue []string
		for _, rk := range rootKeys {
			queue = append(queue, recs[rk].dag)
		}
		for len(queue) > 0 {
			dag := queue[0]
			queue = queue[1:]
			if env[dag] {
				continue
			}
			env[dag] = true
			for _, d := range first[dag].deps {
				queue = append(queue, recs[d[1]].dag)
			}
		}
		got := map[string]*Node{}
		for _, nd := range s.Nodes {
			got[nd.Hash] = nd
			if !env[nd.Hash] {
				bad := " extra " + nd.Hash
				if fails < 3 {
					fails++
					t.Errorf("%s\n%s", bad, data)
				}
			}
		}
		bad := ""
		for dag, r := range first {
			if !env[dag] {
				continue
			}
			nd := got[dag]
			if nd == nil {
				bad += " missing " + dag
				continue
			}
			if nd.Name != r.name || nd.Version != r.version {
				bad += fmt.Sprintf(" %s: got %s@%s want %s@%s (key %s)", dag, nd.Name, nd.Version, r.name, r.version, r.key)
			}
			// deps: Spack's edges of the kept spec name the kept specs' DAG hashes.
			var want []string
			for _, d := range r.deps {
				want = append(want, recs[d[1]].dag)
			}
			var have []string
			for _, d := range nd.Deps {
				have = append(have, d.Hash)
			}
			slices.Sort(want)
			slices.Sort(have)
			if !slices.Equal(want, have) {
				bad += fmt.Sprintf(" %s deps %v want %v", dag, have, want)
			}
		}
		for i, rk := range rootKeys {
			if s.Roots[i].Hash != recs[rk].dag {
				bad += fmt.Sprintf(" root %d %s want %s", i, s.Roots[i].Hash, recs[rk].dag)
			}
		}
		compared++
		if bad != "" && fails < 3 {
			fails++
			t.Errorf("%s\n%s", bad, data)
		}
	}
	if compared == 0 {
		t.Fatal("no file compared")
	}
}
