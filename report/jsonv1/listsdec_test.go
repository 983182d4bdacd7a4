package jsonv1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestSpecListsMadeAtTheirLength (issue 35, class c): a spec's
// versions, variants and stacks, a package's shared_variants and
// versions, a highlight's packages were grown by encoding/json a
// quarter at a time, each copy beside the one before, each element a
// string of its own: 4M distinct 5-character variants in one spec (32
// MB) peaked at 425-456 MB (encoding/json decoding the packages
// below allocates 9x their JSON). They are made at their lengths, a
// list's strings in one block: decoding allocates at most 3.5x the
// input (a string header of 16 bytes an element of 10), and 4x the
// elements at most 4.4x as much: here a package's shared variants and its pair's
// old and new variants, each of n.
func TestSpecListsMadeAtTheirLength(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	// The first package's shared variants, and its first pair's old
	// and new variants, alike.
	const shared, anchor = `"shared_variants": [`, `"variants": [`
	h := bytes.Index(js, []byte(shared)) + len(shared)
	i := h + bytes.Index(js[h:], []byte(anchor)) + len(anchor)
	j := i + bytes.Index(js[i:], []byte(anchor)) + len(anchor)
	if h < len(shared) || i < h+len(anchor) || j < i+len(anchor) {
		t.Fatal("no pair's variants in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{15625, 62500} {
		var b strings.Builder
		for v := range n {
			fmt.Fprintf(&b, `"%07d",`, v) // before any variant of letters
		}
		l := []byte(b.String())
		data := slices.Concat(js[:h], l, js[h:i], l, js[i:j], l, js[j:])
		if _, err := DecodeBytes(data); err != nil {
			t.Fatalf("%d variants: %v", n, err)
		}
		// The packages' decode alone: the laws' own structures (an
		// index of the shared variants) are not this test's.
		var pkgs []diff.Package
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := json.Unmarshal(data, &struct {
			Packages packagesInto `json:"packages"`
		}{packagesInto{to: &pkgs}})
		runtime.ReadMemStats(&after)
		got := after.TotalAlloc - before.TotalAlloc
		if err != nil {
			t.Fatalf("%d variants: %v", n, err)
		}
		if l := len(pkgs[0].Specs.Updated[0].Old.Variants); l != n+1 {
			t.Fatalf("%d variants: read %d", n, l)
		}
		allocs[k] = got
		t.Logf("%d variants (%d bytes): %.2fx", n, len(data), float64(got)/float64(len(data)))
		if !race.Enabled && float64(got) > 3.5*float64(len(data)) {
			t.Errorf("%d variants (%d bytes): allocated %d bytes, %.2fx the input, want at most 3.5x", n, len(data), got, float64(got)/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the variants allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}

// TestListsDecodeAsEncodingJSON: the packages and highlights of every
// report of testdata, and of one with strings escaped, null and empty
// lists, decode as encoding/json decodes them.
func TestListsDecodeAsEncodingJSON(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/golden/*.json")
	var docs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(data, []byte(`"schema": "cachediff/v1"`)) {
			docs = append(docs, data)
		}
	}
	js := jsonOf(t, chainHubReport(t, 60, 1))
	docs = append(docs, js,
		bytes.Replace(js, []byte(`"variants": [`), []byte(`"variants": ["\u0061b", "c\"", `), 1),
		bytes.Replace(js, []byte(`"versions": [`), []byte(`"versions": [ "0a" , "0b" `+"\n,"), 1))
	if len(docs) < 4 {
		t.Fatalf("%d reports", len(docs))
	}
	for k, data := range docs {
		var got, want struct {
			Packages   []diff.Package   `json:"packages"`
			Highlights []diff.Highlight `json:"highlights"`
		}
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		dec := struct {
			Packages   packagesInto   `json:"packages"`
			Highlights highlightsInto `json:"highlights"`
		}{packagesInto{to: &got.Packages}, highlightsInto{to: &got.Highlights}}
		if err := json.Unmarshal(data, &dec); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("report %d: decoded otherwise than by encoding/json", k)
		}
	}
	// Lists of strings alone, as encoding/json reads them.
	for _, list := range []string{`[]`, ` [ ] `, `null`, `["a"]`, `["a","",""]`, "[\"\xff\"]", `["\u00e9", "b"]`, `[null,"a"]`, ` [ "a" ,"b" ] `} {
		var got, want []string
		gotErr := strsInto{&got}.UnmarshalJSON([]byte(list))
		wantErr := json.Unmarshal([]byte(list), &want)
		if (gotErr != nil) != (wantErr != nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q %v, encoding/json's %q %v", list, got, gotErr, want, wantErr)
		}
	}
}

// TestHighlightsBoundedBeforeDecoded (issue 35, class c): more
// highlights than the report's news were refused by the laws only once
// decoded: 1M gate items (37 MB) peaked at 287 MB. The walk bounds
// them by the news it counts (every package, facet value, root and
// tripped kind, the causes and the gate's), before the decode:
// allocating at most 1x the input, and 4x the items at most 4.4x as
// much.
func TestHighlightsBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const anchor = `"highlights": [`
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	if i < len(anchor) {
		t.Fatal("no highlights in the report")
	}
	r, err := DecodeBytes(js)
	if err != nil {
		t.Fatal(err)
	}
	have := len(r.Highlights)
	var allocs [2]uint64
	for k, n := range []int{62500, 250000} {
		data := slices.Concat(js[:i], []byte(strings.Repeat(`{"kind":"gate-passed","packages":[]},`, n)), js[i:])
		_, got, err := decodeAllocs(data)
		if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("highlights: %d items, but the report's news are at most ", n+have)) {
			t.Fatalf("%d more items: %v", n, err)
		}
		allocs[k] = got
		if !race.Enabled && got > uint64(len(data)) {
			t.Errorf("%d more items (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), got, float64(got)/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the items allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}

// TestSharedVariantsBoundedBeforeDecoded: each listed spec has every
// shared variant of its package, each once (the laws), but a package's
// shared_variants were decoded whatever their length, and the laws'
// index of them took 4M distinct "abcde" (32 MB) to 318 MB before it
// found a spec lacking one. The walk refuses shared variants that
// outnumber every spec's variants of the package, before the decode;
// a spec with as many still renders.
func TestSharedVariantsBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const anchor = `"shared_variants": [`
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	if i < len(anchor) {
		t.Fatal("no shared variants in the report")
	}
	r, err := DecodeBytes(js)
	if err != nil {
		t.Fatal(err)
	}
	have := len(r.Packages[0].SharedVariants)
	most := 0
	for _, s := range r.Packages[0].Specs.Added {
		most = max(most, len(s.Variants))
	}
	for _, s := range r.Packages[0].Specs.Removed {
		most = max(most, len(s.Variants))
	}
	for _, l := range [][]diff.Pair{r.Packages[0].Specs.Rebuilt, r.Packages[0].Specs.Updated, r.Packages[0].Specs.Restacked} {
		for _, p := range l {
			most = max(most, len(p.Old.Variants), len(p.New.Variants))
		}
	}
	var allocs [2]uint64
	for k, n := range []int{62500, 250000} {
		var b bytes.Buffer
		for v := range n {
			fmt.Fprintf(&b, `"%07d",`, v) // before any variant of letters
		}
		if have == 0 {
			b.Truncate(b.Len() - 1)
		}
		data := slices.Concat(js[:i], b.Bytes(), js[i:])
		_, got, err := decodeAllocs(data)
		want := fmt.Sprintf("packages[0].shared_variants: %d variants, but no spec of the package lists more than %d: ", n+have, most)
		if most == 0 {
			want = fmt.Sprintf("packages[0].shared_variants: %d variants, but no spec of the package lists any: ", n+have)
		}
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Fatalf("%d more shared variants: %v, want %q", n, err, want)
		}
		allocs[k] = got
		if !race.Enabled && got > uint64(len(data)) {
			t.Errorf("%d more shared variants (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), got, float64(got)/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the shared variants allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}
