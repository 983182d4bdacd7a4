// Package pagetest writes catalogue pages and trees of them for the
// tests of the loader (package snapshot) and of the page format (package
// snapshot/catalog): the same pages the generator writes, by hand; and
// Spack lockfiles of a given shape (HubLockfile), for those of the loader
// and of package diff.
package pagetest

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// HashAlphabet is the alphabet of Spack's hashes (base32, lower case).
const HashAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// HashN returns a distinct valid hash for each i >= 0.
func HashN(i int) string {
	b := []byte(strings.Repeat("a", 32))
	for j := 31; i > 0 && j >= 0; j-- {
		b[j] = HashAlphabet[i%32]
		i /= 32
	}
	return string(b)
}

// MustJSON is v as JSON, for a page (a panic on a value that cannot be).
func MustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Page writes a package page the way the generator does: the front
// matter with meta and spec_details as one-line JSON, ending in
// "\n---\n"; meta is on line 5, spec_details on line 6. A nil meta is
// the meta that agrees with specs (MetaOf): every page has one.
func Page(title, tag string, meta any, specs ...map[string]any) string {
	if specs == nil {
		specs = []map[string]any{}
	}
	if meta == nil {
		meta = MetaOf(specs)
	}
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "title: %q\nlayout: cache\ncategories: [package, %s]\n", title, tag)
	b.WriteString("meta: " + MustJSON(meta) + "\n")
	b.WriteString("spec_details: " + MustJSON(specs) + "\n---\n")
	return b.String()
}

// SimpleSpec is a spec in canonical form with one stack.
func SimpleSpec(i int) map[string]any {
	return map[string]any{"hash": HashN(i), "compiler": "gcc@13.2.0", "versions": []string{"1.0"},
		"os": "ubuntu24.04", "platform": "linux", "target": "x86_64_v3",
		"variants": []string{"+shared"}, "stacks": []string{"root"}, "size": "-"}
}

// SpecFields are the fields every spec of a page has (the catalogue
// writes them all, none null, and cachediff refuses a spec without one),
// each with the value a page writes when it knows nothing of it.
var SpecFields = map[string]any{"versions": []string{}, "variants": []string{}, "compiler": "", "os": "",
	"platform": "", "target": "", "stacks": []string{}, "size": "-"}

// Full is spec with each of SpecFields it does not have (spec itself,
// changed). A test of something else writes only the fields it is about.
func Full(spec map[string]any) map[string]any {
	for k, v := range SpecFields {
		if _, ok := spec[k]; !ok {
			spec[k] = v
		}
	}
	return spec
}

// MetaOf is the meta that agrees with specs, as the generator writes it:
// their count, their count by stack, and the sorted distinct values of
// their compilers, oss, platforms, targets, stacks and versions. A value
// the site's listing could not print (a '"', a backslash or a control
// character) is left out of the lists, so a page with one has a meta
// that disagrees (a warning) but that cachediff reads.
func MetaOf(specs []map[string]any) map[string]any {
	lists := map[string]map[string]bool{}
	byStack := map[string]int{}
	add := func(key string, v any) {
		s, ok := v.(string)
		if !ok || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == '"' || r == '\\' }) {
			return
		}
		if lists[key] == nil {
			lists[key] = map[string]bool{}
		}
		lists[key][s] = true
	}
	for _, spec := range specs {
		for field, key := range map[string]string{"compiler": "compilers", "os": "oss", "platform": "platforms", "target": "targets"} {
			add(key, spec[field])
		}
		for field, key := range map[string]string{"stacks": "stacks", "versions": "versions"} {
			var vals []any
			switch l := spec[field].(type) {
			case []string:
				for _, v := range l {
					vals = append(vals, v)
				}
			case []any: // decoded from JSON
				vals = l
			}
			for _, v := range vals {
				add(key, v)
				if s, ok := v.(string); ok && field == "stacks" {
					byStack[s]++
				}
			}
		}
	}
	m := map[string]any{"num_specs": len(specs), "num_specs_by_stack": byStack}
	for _, key := range []string{"compilers", "oss", "platforms", "targets", "stacks", "versions"} {
		m[key] = append([]string{}, slices.Sorted(maps.Keys(lists[key]))...)
	}
	return m
}

// SimpleMeta is the meta that agrees with n simple specs.
func SimpleMeta(n int) map[string]any {
	return map[string]any{"versions": []string{"1.0"}, "compilers": []string{"gcc@13.2.0"},
		"oss": []string{"ubuntu24.04"}, "platforms": []string{"linux"}, "targets": []string{"x86_64_v3"},
		"stacks": []string{"root"}, "num_specs": n, "num_specs_by_stack": map[string]int{"root": n}}
}

// SimplePage is a consistent page of n simple specs, hashes from first on.
func SimplePage(title, tag string, first, n int) string {
	specs := make([]map[string]any, n)
	for i := range specs {
		specs[i] = SimpleSpec(first + i)
	}
	return Page(title, tag, SimpleMeta(n), specs...)
}

// WriteTree writes files (slash-separated paths relative to the root) into
// a new temporary directory and returns it.
func WriteTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		// A HEAD is a repository's (.git/HEAD, modules/x/HEAD): git
		// asks for its folders objects and refs beside it too.
		if filepath.Base(path) == "HEAD" {
			for _, sub := range [...]string{"objects", "refs"} {
				if err := os.MkdirAll(filepath.Join(filepath.Dir(path), sub), 0o755); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return dir
}

// HubLockfile is a spack.lock of n nodes in a hub shape: K = n/10 leaves
// l0…, a hub that depends on them all, and the other nodes roots d0… that
// each depend on the hub, so that every leaf is in the stacks of every
// root. Side 0 and side 1 differ in every hash, and in the leaves'
// version (1, then 2): a snapshot of side 1 has all its K leaves changed.
func HubLockfile(n, side int) []byte {
	k := n / 10
	m := n - k - 1
	hash := func(i int) string { return HashN(side*n + i) }
	name := func(i int) string {
		switch {
		case i < k:
			return fmt.Sprintf("l%d", i)
		case i == k:
			return "hub"
		}
		return fmt.Sprintf("d%d", i-k-1)
	}
	var b strings.Builder
	b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	for j := range m {
		if j > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n{\"hash\":%q,\"spec\":%q}", hash(k+1+j), name(k+1+j))
	}
	b.WriteString(`],"concrete_specs":{`)
	node := func(i int, version string, deps []int) {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n%q:{\"name\":%q,\"version\":%q,\"arch\":{\"platform\":\"linux\",\"platform_os\":\"os\",\"target\":\"t\"},\"hash\":%q", hash(i), name(i), version, hash(i))
		if len(deps) > 0 {
			b.WriteString(`,"dependencies":[`)
			for j, d := range deps {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, name(d), hash(d))
			}
			b.WriteByte(']')
		}
		b.WriteByte('}')
	}
	leaves := make([]int, k)
	for i := range k {
		leaves[i] = i
		node(i, fmt.Sprint(1+side), nil)
	}
	node(k, "1", leaves)
	for j := range m {
		node(k+1+j, "1", []int{k})
	}
	b.WriteString("\n}}\n")
	return []byte(b.String())
}

// DeepFolder is a relative path of n folders of 120 Cyrillic і each
// (240 bytes, 720 quoted in ASCII as \u0456): a long path's messages,
// under the line cap or near PATH_MAX (14 folders: 3,374 bytes).
func DeepFolder(n int) string {
	segs := make([]string, n)
	for i := range segs {
		segs[i] = strings.Repeat("\u0456", 120)
	}
	return filepath.Join(segs...)
}
