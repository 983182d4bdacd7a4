package catalog

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestYAMLManyKeysLinear (issue 35: a 4x input costs at most ~4.4x):
// yaml.v3 checks a mapping's keys for duplicates pair by pair, so a
// front matter of 80,000 keys `kN: 1` (789 KB, under maxYAML) took 30 s
// of CPU, 16 times the 20,000 keys' 1.9 s; a spec of as many keys in
// YAML flow 16 s. No page has a mapping of more than maxYAMLKeys keys:
// one with more is refused before yaml.v3 decodes it, in time linear in
// the page.
func TestYAMLManyKeysLinear(t *testing.T) {
	head := "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nmeta: {}\n"
	for _, tc := range []struct {
		name string
		page func(keys int) []byte
		want string
	}{
		{"envelope", func(keys int) []byte {
			var b strings.Builder
			b.WriteString(head + "spec_details: []\n")
			for i := range keys {
				fmt.Fprintf(&b, "k%d: 1\n", i)
			}
			b.WriteString("---\n")
			return []byte(b.String())
		}, "line 2, column 1: a mapping of"},
		{"spec in YAML flow", func(keys int) []byte {
			var b strings.Builder
			b.WriteString(head + "spec_details: [{")
			for i := range keys {
				fmt.Fprintf(&b, "k%d: 1, ", i)
			}
			b.WriteString("z: 1}]\n---\n")
			return []byte(b.String())
		}, "line 6, column 16: spec_details: a mapping of"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cost := func(keys int) float64 {
				best := -1.0
				data := tc.page(keys)
				for range 3 {
					runtime.GC() // not the garbage of earlier tests
					cpu0, ok0 := cpuTime()
					_, _, _, err := parsePage("big/specs.md", data, false)
					cpu1, ok1 := cpuTime()
					if !ok0 || !ok1 {
						t.Skip("no CPU time here")
					}
					if err == nil || !strings.Contains(err.Error(), tc.want) {
						t.Fatalf("%d keys: %v, want %q", keys, err, tc.want)
					}
					if c := (cpu1 - cpu0).Seconds(); best < 0 || c < best {
						best = c
					}
				}
				return best
			}
			small, big := cost(10000), cost(40000)
			if big > 6*small && big > 0.25 {
				t.Errorf("40,000 keys took %.3fs of CPU, 10,000 %.3fs: %.1fx for 4x the input", big, small, big/small)
			}
		})
	}
}

// TestYAMLErrorManyKeysLinear (issue 35): a front matter that does not
// parse is parsed again for each prefix the search for its error's line
// tries (locateYAMLError), which decoded each into a map, with yaml.v3's
// check of its keys pair by pair: 10,000 keys and a break at the end
// took 3.4 s of CPU. The prefixes are parsed into nodes alone.
func TestYAMLErrorManyKeysLinear(t *testing.T) {
	page := func(keys int) []byte {
		var b strings.Builder
		b.WriteString("---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nmeta: {}\nspec_details: []\n")
		for i := range keys {
			fmt.Fprintf(&b, "k%d: 1\n", i)
		}
		b.WriteString("z: [\n---\n")
		return []byte(b.String())
	}
	cost := func(keys int) float64 {
		data := page(keys)
		best := -1.0
		for range 3 {
			runtime.GC() // not the garbage of earlier tests
			cpu0, ok0 := cpuTime()
			_, _, _, err := parsePage("big/specs.md", data, false)
			cpu1, ok1 := cpuTime()
			if !ok0 || !ok1 {
				t.Skip("no CPU time here")
			}
			want := fmt.Sprintf("line %d, column 4: broken YAML front matter: did not find expected node content", keys+7)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%d keys: %v, want %q", keys, err, want)
			}
			if c := (cpu1 - cpu0).Seconds(); best < 0 || c < best {
				best = c
			}
		}
		return best
	}
	small, big := cost(2500), cost(10000)
	if big > 6*small && big > 0.25 {
		t.Errorf("10,000 keys took %.3fs of CPU, 2,500 %.3fs: %.1fx for 4x the input", big, small, big/small)
	}
}
