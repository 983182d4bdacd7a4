package spackfmt

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// sharedRootsLockfile is a lockfile of r roots over a core of n shared
// nodes (issue 35 item 11): core node j depends on j+1 and j+2, root i on
// core 0 and core i mod n, so every core node is in every root's DAG.
func sharedRootsLockfile(r, n int) []byte {
	var b strings.Builder
	hash := func(kind string, i int) string { return fmt.Sprintf("%s%031d", kind, i) }
	b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	for i := range r {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"hash":"` + hash("r", i) + `","spec":"root` + strconv.Itoa(i) + `"}`)
	}
	b.WriteString(`],"concrete_specs":{`)
	node := func(h, name string, deps ...string) {
		b.WriteString("\n\"" + h + `":{"name":"` + name + `","version":"1.0","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"},"parameters":{},"dependencies":[`)
		for k, d := range deps {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"name":"core","hash":"` + d + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}`)
		}
		b.WriteString(`]},`)
	}
	for j := range n {
		var deps []string
		for _, k := range []int{j + 1, j + 2} {
			if k < n {
				deps = append(deps, hash("c", k))
			}
		}
		node(hash("c", j), "core"+strconv.Itoa(j), deps...)
	}
	for i := range r {
		node(hash("r", i), "root"+strconv.Itoa(i), hash("c", 0), hash("c", i%n))
	}
	s := strings.TrimSuffix(b.String(), ",") + "\n}}\n"
	return []byte(s)
}

// Roots sharing their dependencies were marked by one walk per root:
// roots × nodes even with nothing changed (4,000 × 4,000 took 40 s). Now
// 4x the input (roots and nodes) allocates at most 4.4x, and every node
// still names every root whose DAG holds it.
func TestSharedRootsLinear(t *testing.T) {
	r, n := 400, 400
	if testing.Short() {
		r, n = 200, 200
	}
	decode := func(r, n int) (uint64, *Set) {
		data := sharedRootsLockfile(r, n)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		set, err := Decode("spack.lock", data)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		return after.TotalAlloc - before.TotalAlloc, set
	}
	a1, set := decode(r, n)
	want := make([]string, r)
	for i := range want {
		want[i] = "root" + strconv.Itoa(i)
	}
	slices.Sort(want)
	for _, nd := range set.Nodes {
		if strings.HasPrefix(nd.Name, "core") && !slices.Equal(set.RootsOf(nd), want) {
			t.Fatalf("%s: roots %d, want all %d", nd.Name, len(set.RootsOf(nd)), r)
		}
		if strings.HasPrefix(nd.Name, "root") && !slices.Equal(set.RootsOf(nd), []string{nd.Name}) || nd.Root != strings.HasPrefix(nd.Name, "root") {
			t.Fatalf("%s: roots %v, root %v", nd.Name, set.RootsOf(nd), nd.Root)
		}
	}
	a2, _ := decode(4*r, 4*n)
	t.Logf("%d roots × %d nodes: allocated %d bytes; 4x each: %d bytes (%.2fx)", r, n, a1, a2, float64(a2)/float64(a1))
	if ratio := float64(a2) / float64(a1); ratio > 4.4 {
		t.Errorf("4x the roots and nodes allocate %.2fx the bytes (%d → %d), want at most 4.4x", ratio, a1, a2)
	}
}

// A cycle among the nodes under the roots (Spack writes none) must not
// loop, and both nodes of it are in the root's DAG.
func TestRootsThroughCycle(t *testing.T) {
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"top"}],"concrete_specs":{
"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"top","version":"1","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"},"dependencies":[{"name":"x","hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","parameters":{"deptypes":["link"]}}]},
"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb":{"name":"x","version":"1","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"},"dependencies":[{"name":"y","hash":"cccccccccccccccccccccccccccccccc","parameters":{"deptypes":["link"]}}]},
"cccccccccccccccccccccccccccccccc":{"name":"y","version":"1","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"},"dependencies":[{"name":"x","hash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","parameters":{"deptypes":["link"]}}]},
"dddddddddddddddddddddddddddddddd":{"name":"alone","version":"1","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"}}}}`
	set, err := Decode("spack.lock", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, nd := range set.Nodes {
		want := []string{"top"}
		if nd.Name == "alone" {
			want = nil
		}
		if !slices.Equal(set.RootsOf(nd), want) {
			t.Errorf("%s: roots %v, want %v", nd.Name, set.RootsOf(nd), want)
		}
	}
}

// A record whose dependency concrete_specs lacks makes a lockfile Spack
// cannot read (it links every record's dependencies by hash, and fails
// on one missing), at every version and whether a root reaches the
// record or not: it was read with a warning, so a pull request that
// deleted a shared dependency's record passed a gate on lost stacks.
// Refused, at the record's line; an index keeps its warning.
func TestLockfileMissingDependencyRefused(t *testing.T) {
	const a, b, z = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	v6 := func(roots string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[` + roots + `],"concrete_specs":{
"` + a + `":{"name":"a","version":"1","hash":"` + a + `","dependencies":[{"name":"z","hash":"` + z + `","parameters":{"deptypes":["link"],"virtuals":[]}}]},
"` + b + `":{"name":"b","version":"1","hash":"` + b + `"}}}`
	}
	v2 := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":2},"roots":[{"hash":"` + a + `","spec":"a"}],"concrete_specs":{
"` + a + `":{"a":{"version":"1","hash":"` + a + `","dependencies":{"z":{"hash":"` + z + `","type":["link"]}}}}}}`
	for name, data := range map[string]string{
		"reached":   v6(`{"hash":"` + a + `","spec":"a"}`),
		"unreached": v6(`{"hash":"` + b + `","spec":"b"}`),
		"version 2": v2,
	} {
		_, err := Decode("spack.lock", []byte(data))
		var e *Error
		if !errors.As(err, &e) || e.Line != 2 || !strings.Contains(e.Msg, "dependency z/"+z+" is not in concrete_specs") {
			t.Errorf("%s: %v, want an error at line 2 naming dependency z", name, err)
		}
		// At the dependency's hash (75th adversarial pass: column 0,
		// "spack.lock:2:0:", which is no place in the file).
		line2 := strings.Split(data, "\n")[1]
		if col := strings.Index(line2, `"`+z+`"`) + 1; e != nil && e.Col != col {
			t.Errorf("%s: %v, want the error at column %d", name, err, col)
		}
	}
	index := `{"database":{"version":"8","installs":{"` + a + `":{"spec":{"name":"a","version":"1","hash":"` + a + `","dependencies":[{"name":"z","hash":"` + z + `","parameters":{"deptypes":["link"],"virtuals":[]}}]},"ref_count":0,"in_buildcache":true}}}}`
	s, err := Decode("index.json", []byte(index))
	if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Message, "is not in the file") {
		t.Errorf("index: %v, %+v: want a warning", err, s)
	}
}

// Records no root reaches that share a name and version (a package
// concretized thrice, its roots dropped) were listed once each in the
// warning, "zlib@1.3, zlib@1.3, zlib@1.3", filling its five names with
// one; each is named once, with how many records it stands for.
func TestUnreachedNamesOnce(t *testing.T) {
	node := func(h, name string) string {
		return `"` + h + `":{"name":"` + name + `","version":"1.3","hash":"` + h + `","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"}}`
	}
	data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":"` + strings.Repeat("a", 32) + `","spec":"top"}],"concrete_specs":{` +
		node(strings.Repeat("a", 32), "top") + "," + node(strings.Repeat("b", 32), "zlib") + "," + node(strings.Repeat("c", 32), "zlib") + "," + node(strings.Repeat("d", 32), "zlib") + "," + node(strings.Repeat("e", 32), "curl") + "}}"
	set, err := Decode("spack.lock", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Warnings) != 1 || !strings.Contains(set.Warnings[0].Message, "4 records that no root reaches are left out (curl@1.3, zlib@1.3 (3 records)):") {
		t.Errorf("warnings %+v; want the 4 records named as curl@1.3 and zlib@1.3 (3 records)", set.Warnings)
	}
}

// A lockfile of bare records (a name, a version and a hash), each a root
// of its own: every node is in one root's DAG, and that takes no Detail.
// Each node had one for its list of roots alone (232 bytes, for records
// of 130), and the decoding of two such files, side by side, peaked at
// 4.6x their bytes; the lists are numbered now, in room a Node has.
func TestBareRootsTakeNoDetail(t *testing.T) {
	hash := func(i int) string { return fmt.Sprintf("%032d", i) }
	var b strings.Builder
	b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"hash":%q,"spec":"p%d"}`, hash(i), i)
	}
	b.WriteString(`],"concrete_specs":{`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n%q:{\"name\":\"p%d\",\"version\":\"1\",\"hash\":%q}", hash(i), i, hash(i))
	}
	b.WriteString("}}\n")
	set, err := Decode("spack.lock", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Nodes) != 1000 {
		t.Fatalf("%d nodes, want 1000", len(set.Nodes))
	}
	for _, n := range set.Nodes {
		if n.Detail != &bareDetail {
			t.Fatalf("%s: a Detail of its own: %+v", n.Name, *n.Detail)
		}
		if got := set.RootsOf(n); !slices.Equal(got, []string{n.Name}) {
			t.Fatalf("%s: roots %q, want its own name", n.Name, got)
		}
	}
	// Its four strings, the Detail pointer and Line, and 16 bytes for
	// the int32s, bools and Mark, packed: 96 bytes on 64-bit platforms,
	// 56 on 32-bit ones, where a string is two words of 4 bytes.
	limit := 4*unsafe.Sizeof("") + unsafe.Sizeof(uintptr(0)) + unsafe.Sizeof(int(0)) + 16
	if size := unsafe.Sizeof(Node{}); size > limit {
		t.Errorf("a Node takes %d bytes, over %d", size, limit)
	}
}

// Merge keeps each node's roots: the lists are numbered per Set, and a
// merged set renumbers them into its own.
func TestMergeKeepsRootsOf(t *testing.T) {
	lock := func(root, dep string) *Set {
		h := func(s string) string { return fmt.Sprintf("%-32s", s)[:32] }
		data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":%q,"spec":%q}],"concrete_specs":{
%q:{"name":%q,"version":"1","hash":%q,"dependencies":[{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}]},
%q:{"name":%q,"version":"1","hash":%q}}}`,
			h(root), root, h(root), root, h(root), dep, h(dep), h(dep), dep, h(dep))
		data = strings.ReplaceAll(data, " ", "a")
		set, err := Decode("spack.lock", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	sets := []*Set{lock("top", "lib"), lock("app", "zlib")}
	want := map[string][]string{}
	for _, s := range sets {
		for _, n := range s.Nodes {
			want[n.Name] = slices.Clone(s.RootsOf(n))
		}
	}
	m := Merge(sets)
	if len(m.Nodes) != 4 {
		t.Fatalf("%d nodes merged, want 4", len(m.Nodes))
	}
	for _, n := range m.Nodes {
		if got := m.RootsOf(n); !slices.Equal(got, want[n.Name]) || len(got) != 1 {
			t.Errorf("%s: roots %q after Merge, want %q", n.Name, got, want[n.Name])
		}
	}
}
