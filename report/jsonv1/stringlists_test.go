package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestStringListsBoundedBeforeDecoded (issue 35, classes b and c): the
// lists of strings that cachediff writes sorted, or each value once,
// were grown by encoding/json a quarter at a time, a string header of
// 16 bytes for each element of 3 or 4, before anything looked at them:
// 4M "" in options.stacks (12 MB) peaked at 298 MB (24x) and was
// refused only once decoded, and 4M "a" in a highlight's versions
// rendered. The walk refuses such a list before it is decoded, naming
// the element, allocating at most 1x the input, and 4x the elements at
// most 4.4x as much.
func TestStringListsBoundedBeforeDecoded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	if _, err := DecodeBytes(js); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	for _, tc := range []struct {
		name   string
		anchor string // the list's opening, the elements go after it
		elem   string
		want   string
	}{
		{"options.packages", `"packages": [`, `""`, `options.packages[1]: "" is there twice: cachediff writes the --package patterns sorted (byte order), each once`},
		{"options.stacks", `"stacks": [`, `""`, `options.stacks[1]: "" is there twice: cachediff writes the --stack names sorted (byte order), each once`},
		{"highlight's packages", `"packages": [` + "\n        ", `"a",`, `highlights[0].packages[1]: "a" is there twice: a highlight's packages are sorted by name, each once`},
		{"highlight's versions", `"old": [` + "\n", `"a",`, `highlights[0].versions.old[1]: "a" after "a": the versions are distinct, oldest first`},
		{"shared variants", `"shared_variants": [`, `"a",`, `packages[0].shared_variants[1]: "a" is there twice`},
		{"spec's variants", `"variants": [`, `"a",`, `packages[0].specs.updated[0].old.variants[1]: "a" is there twice: a spec lists each of its variants once`},
		{"spec's versions", `"hash": "3yvkfvf6wqg2jep7j2c63gqwlosx7enb",` + "\n" + `              "versions": [`, `"0",`, `packages[0].specs.updated[0].old.versions[1]: "0" is there twice: a spec lists each of its versions once`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := bytes.Index(js, []byte(tc.anchor)) + len(tc.anchor)
			if i < len(tc.anchor) {
				t.Fatalf("no %s in the report", tc.anchor)
			}
			sep := ""
			if !strings.HasSuffix(tc.elem, ",") {
				sep = ","
				if js[i] != ']' {
					t.Fatalf("%s is not empty", tc.anchor)
				}
			}
			var allocs [2]uint64
			for k, n := range []int{250000, 1000000} {
				elems := strings.Repeat(tc.elem+sep, n)
				if sep != "" {
					elems = strings.TrimSuffix(elems, sep)
				}
				data := slices.Concat(js[:i], []byte(elems), js[i:])
				_, allocated, err := decodeAllocs(data)
				if err == nil || err.Error() != tc.want {
					t.Fatalf("%d elements: got %v, want %q", n, err, tc.want)
				}
				allocs[k] = allocated
				if !race.Enabled && allocs[k] > uint64(len(data)) {
					t.Errorf("%d elements (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), allocs[k], float64(allocs[k])/float64(len(data)))
				}
			}
			if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
				t.Errorf("4x the elements allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
			}
		})
	}
}

// TestStringListsNotCanonical: with --no-canonicalize a spec's versions
// and variants are as written, a value twice among them too: the walk
// refuses them only when options.canonicalize is true.
func TestStringListsNotCanonical(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const anchor = `"variants": [`
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	data := slices.Concat(js[:i], []byte(`"a","a",`), js[i:])
	const want = `packages[0].specs.updated[0].old.variants[1]: "a" is there twice: a spec lists each of its variants once`
	if _, err := DecodeBytes(data); err == nil || err.Error() != want {
		t.Errorf("canonicalized: got %v, want %q", err, want)
	}
	data = bytes.Replace(data, []byte(`"canonicalize": true`), []byte(`"canonicalize": false`), 1)
	if _, err := DecodeBytes(data); err != nil && strings.Contains(err.Error(), "twice") {
		t.Errorf("not canonicalized: %v", err)
	}
}

// TestTopListsMadeAtTheirLength (issue 35, class c): the top-level
// lists were grown by encoding/json a quarter at a time, each copy
// beside the one before: 1M of one warning (as a cachediff before pass
// 85b wrote one snapshot given as OLD and NEW, twice, which still
// reads) rendered at a 6x peak. They are made at the lengths the walk
// counted: decoded, they allocate at most 2.5x their JSON, and 4x the
// elements at most 4.4x as much.
func TestTopListsMadeAtTheirLength(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const anchor = `"warnings": [`
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	if i < len(anchor) || js[i] != ']' {
		t.Fatal("no empty warnings in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{62500, 250000} {
		elems := strings.TrimSuffix(strings.Repeat(`{"file":"f","line":1,"message":"m"},`, n), ",")
		data := slices.Concat(js[:i], []byte(elems), js[i:])
		r, allocated, err := decodeAllocs(data)
		if err != nil || len(r.Warnings) != n {
			t.Fatalf("%d warnings: %v", n, err)
		}
		allocs[k] = allocated
		t.Logf("%d warnings (%d bytes): %.2fx", n, len(data), float64(allocs[k])/float64(len(data)))
		if !race.Enabled && allocs[k] > uint64(2.5*float64(len(data))) {
			t.Errorf("%d warnings (%d bytes): allocated %d bytes, %.2fx the input, want at most 2.5x", n, len(data), allocs[k], float64(allocs[k])/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the warnings allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}

// TestHighlightVersionsBounded (issue 35, classes b and c): a
// highlight's versions were read and never checked (render computes the
// highlights), so that 4M distinct versions (32 MB) in one rendered at
// a 191 MB peak. A highlight's versions are its package's: a list
// longer than every package's of that name is refused before it is
// decoded, allocating at most 1x the input, and 4x the elements at most
// 4.4x as much.
func TestHighlightVersionsBounded(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const anchor = `"old": [` + "\n"
	i := bytes.Index(js, []byte(anchor)) + len(anchor)
	if i < len(anchor) || !bytes.HasPrefix(js, []byte("{")) {
		t.Fatal("no highlight's versions.old in the report")
	}
	var allocs [2]uint64
	for k, n := range []int{250000, 1000000} {
		var b strings.Builder
		for v := range n {
			fmt.Fprintf(&b, `"%07d",`, v)
		}
		data := slices.Concat(js[:i], []byte(b.String()), js[i:])
		_, allocated, err := decodeAllocs(data)
		want := fmt.Sprintf("highlights[0].versions.old: %d versions, but no package's versions.old has more than 1: a highlight's versions are its package's", n+1)
		if err == nil || err.Error() != want {
			t.Fatalf("%d versions: got %v, want %q", n, err, want)
		}
		allocs[k] = allocated
		if !race.Enabled && allocs[k] > uint64(len(data)) {
			t.Errorf("%d versions (%d bytes): allocated %d bytes, %.2fx the input, want at most 1x", n, len(data), allocs[k], float64(allocs[k])/float64(len(data)))
		}
	}
	if !race.Enabled && float64(allocs[1]) > 4.4*float64(allocs[0]) {
		t.Errorf("4x the versions allocated %d bytes, %.2fx the %d of a quarter as many", allocs[1], float64(allocs[1])/float64(allocs[0]), allocs[0])
	}
}
