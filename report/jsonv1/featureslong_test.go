package jsonv1

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestFeaturesLongListAllocs (issue 35 class c): a report's "features"
// was decoded whole by encoding/json, each element a string of its own
// (and, where checkShape refused the document, featuresIn's pointer to
// one besides), before unknownFeature named its first unknown one or
// checkFeatures its first twice: a list of 4 million "a" (17 MB) cost
// 151 MB of RSS to render, 193 MB where the document was refused for
// its shape, and 4 million "based-sets" (53 MB) 256 MB. The list is now
// read by a walk that decodes only its first unknown feature, each
// known one the string of report.Features.
func TestFeaturesLongListAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts under the race detector")
	}
	js := jsonOf(t, chainHubReport(t, 60, 1))
	feats := []byte(`"based-sets",` + "\n" + `    "set-overrides"`)
	if !bytes.Contains(js, feats) {
		t.Fatal("the chainhub report lists no based-sets and set-overrides")
	}
	for _, tc := range []struct {
		name, elem, want string
		edit             func([]byte) []byte
		perByte          float64 // bound on the bytes allocated a byte of the document
	}{
		{"unknown", `,"a"`, `features[2]: "a" is not a feature this cachediff reads (want based-sets, set-overrides; a newer cachediff wrote this report)`, nil, 0.5},
		{"unknown, shape refused", `,"a"`, `features[2]: "a" is not a feature this cachediff reads (want based-sets, set-overrides; a newer cachediff wrote this report)`,
			func(b []byte) []byte {
				return bytes.Replace(b, []byte(`"packages": 61,`), []byte(`"packages": "x",`), 1)
			}, 0.5},
		{"known twice", `,"based-sets"`, `features[2]: "based-sets" is listed twice`, nil, 2},
	} {
		var allocs [2]uint64
		for k, m := range []int{50000, 200000} {
			data := bytes.Replace(js, feats, append(append([]byte(nil), feats...), strings.Repeat(tc.elem, m)...), 1)
			if tc.edit != nil {
				edited := tc.edit(data)
				if bytes.Equal(edited, data) {
					t.Fatalf("%s: the edit changed nothing", tc.name)
				}
				data = edited
			}
			_, allocated, err := decodeAllocs(data)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("%s, %d elements: got %v, want %q", tc.name, m, err, tc.want)
			}
			allocs[k] = allocated
			if got := float64(allocs[k]) / float64(len(data)); got > tc.perByte {
				t.Errorf("%s, %d elements (%d bytes): allocated %d bytes, %.2f a byte of the document, want at most %.2f", tc.name, m, len(data), allocs[k], got, tc.perByte)
			}
		}
		if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
			t.Errorf("%s: 4x the elements allocated %.2fx (%d, %d bytes), want at most 4.4x", tc.name, r, allocs[0], allocs[1])
		}
	}
}
