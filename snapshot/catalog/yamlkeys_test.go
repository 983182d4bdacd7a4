package catalog

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/cputime"
)

// TestYAMLManyKeysLinear (issue 35: a 4x input costs at most ~4.4x):
// yaml.v3 checks a mapping's keys for duplicates pair by pair, so a
// front matter of 80,000 keys `kN: 1` (789 KB, under maxYAML) took 30 s
// of CPU, 16 times the 20,000 keys' 1.9 s; a spec of as many keys in
// YAML flow 16 s. No page has a mapping of more than maxYAMLKeys keys:
// one with more is refused before yaml.v3 decodes it, in time linear in
// the page.
// manyKeysHead is the front matter of the pages below up to their keys.
const manyKeysHead = "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\nmeta: {}\n"

// manyKeysPage is manyKeysHead, spec_details, a key `kN: 1` a line and
// tail.
func manyKeysPage(keys int, tail string) []byte {
	var b strings.Builder
	b.WriteString(manyKeysHead + "spec_details: []\n")
	for i := range keys {
		fmt.Fprintf(&b, "k%d: 1\n", i)
	}
	b.WriteString(tail)
	return []byte(b.String())
}

// parseCPU is the least CPU time of three parses of data, each of which
// must fail with an error that says want.
func parseCPU(t *testing.T, data []byte, want string) float64 {
	t.Helper()
	best := -1.0
	for range 3 {
		runtime.GC() // not the garbage of earlier tests
		cpu0, ok0 := cputime.Process()
		_, _, _, err := parsePage("big/specs.md", data, false)
		cpu1, ok1 := cputime.Process()
		if !ok0 || !ok1 {
			t.Skip("no CPU time here")
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%d bytes: %v, want %q", len(data), err, want)
		}
		if c := (cpu1 - cpu0).Seconds(); best < 0 || c < best {
			best = c
		}
	}
	return best
}

func TestYAMLManyKeysLinear(t *testing.T) {
	for _, tc := range []struct {
		name string
		page func(keys int) []byte
		want string
	}{
		{"envelope", func(keys int) []byte { return manyKeysPage(keys, "---\n") }, "line 2, column 1: a mapping of"},
		{"spec in YAML flow", func(keys int) []byte {
			var b strings.Builder
			b.WriteString(manyKeysHead + "spec_details: [{")
			for i := range keys {
				fmt.Fprintf(&b, "k%d: 1, ", i)
			}
			b.WriteString("z: 1}]\n---\n")
			return []byte(b.String())
		}, "line 6, column 16: spec_details: a mapping of"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			small, big := parseCPU(t, tc.page(10000), tc.want), parseCPU(t, tc.page(40000), tc.want)
			t.Logf("10,000 keys: %.3fs of CPU; 40,000: %.3fs (%.1fx)", small, big, big/small)
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
//
// A binary search parses about log n prefixes of up to n bytes: 4x the
// keys parse 4.7x the bytes here, counted (at most 4.4x and a fifth for
// the logarithm). Each byte parsed must cost about the same at both
// sizes: the CPU time's ratio over the bytes' ratio is at most 2 (a parse
// that checks keys pair by pair makes it about 4). CPU time alone read
// 4.7x to 6.9x on a busy machine.
func TestYAMLErrorManyKeysLinear(t *testing.T) {
	cost := func(keys int) (cpu float64, parsed int) {
		want := fmt.Sprintf("line %d, column 4: broken YAML front matter: did not find expected node content", keys+7)
		yamlProbed = func(n int) { parsed += n }
		defer func() { yamlProbed = nil }()
		cpu = parseCPU(t, manyKeysPage(keys, "z: [\n---\n"), want)
		return cpu, parsed / 3 // parseCPU parses three times
	}
	small, smallBytes := cost(2500)
	big, bigBytes := cost(10000)
	bytesRatio := float64(bigBytes) / float64(smallBytes)
	t.Logf("2,500 keys: %.3fs of CPU, %d bytes parsed; 10,000: %.3fs, %d bytes (%.2fx)", small, smallBytes, big, bigBytes, bytesRatio)
	if bytesRatio > 4.4*1.2 {
		t.Errorf("4x the keys parse %.2fx the bytes (%d → %d), want at most %.2fx", bytesRatio, smallBytes, bigBytes, 4.4*1.2)
	}
	if r := big / small / bytesRatio; r > 2 && big > 0.25 {
		t.Errorf("a byte parsed at 10,000 keys cost %.1fx one at 2,500 (%.3fs for %d bytes, %.3fs for %d)", r, big, bigBytes, small, smallBytes)
	}
}
