package catalog

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// yamlPage returns a page of n specs whose spec_details is written as a
// YAML list, a spec a line (as Jekyll reads it), or, with flow, as one
// line of YAML flow (keys without quotes): the two ways a page's specs
// reach yaml.v3.
func yamlPage(n int, flow bool) []byte {
	var b bytes.Buffer
	b.WriteString("---\ntitle: \"big\"\nlayout: cache\ncategories: [package, develop]\n")
	fmt.Fprintf(&b, "meta: {\"num_specs\": %d}\nspec_details:", n)
	if flow {
		b.WriteString(" [")
	} else {
		b.WriteString("\n")
	}
	for i := range n {
		spec := fmt.Sprintf(`{compiler: gcc@=13.2.0, hash: %s, os: ubuntu22.04, platform: linux, size: "-", stacks: [root], target: x86_64_v3, variants: [+shared], versions: ["1.%d"]}`, hashN(i), i%100)
		switch {
		case !flow:
			b.WriteString("- " + spec + "\n")
		case i > 0:
			b.WriteString(", " + spec)
		default:
			b.WriteString(spec)
		}
	}
	if flow {
		b.WriteString("]\n")
	}
	b.WriteString("---\n")
	return b.Bytes()
}

// TestYAMLBounded (issue 35, memory within 4x the input): yaml.v3 holds
// about 30 times the text it reads. A page whose spec_details is a YAML
// list of 6 MB took 174 MB and one of 24 MB 694 MB (and 13 s); a one-line
// value of YAML flow, or a long comment or title in the envelope, went
// the same way. cachediff reads at most maxYAML of a page as YAML and
// refuses more, by either path, with the line and what the catalogue
// writes instead; a page just under the bound loads.
func TestYAMLBounded(t *testing.T) {
	under := yamlPage(2000, false)
	if len(under) > maxYAML {
		t.Fatalf("the page under the bound is %d bytes", len(under))
	}
	for _, parse := range pageParsers {
		if err := parse.f("big/specs.md", under, false); err != nil {
			t.Fatalf("%s: a YAML page of %d bytes: %v", parse.name, len(under), err)
		}
		for _, tc := range []struct {
			name string
			page []byte
			want string
		}{
			{"YAML list", yamlPage(8000, false), "line 5616: the front matter is 1.4 MiB of YAML"},
			{"YAML flow", yamlPage(8000, true), "line 6, column 17: broken JSON in spec_details: invalid character 'c' looking for beginning of object key string; as YAML flow it would be 1.4 MiB, over the 1 MiB"},
			{"comment", []byte("---\ntitle: \"big\"\n# " + strings.Repeat("x", 2<<20) + "\nlayout: cache\ncategories: [package, develop]\nmeta: {}\nspec_details: []\n---\n"), "line 3: the front matter is 2 MiB of YAML"},
		} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := parse.f("big/specs.md", tc.page, false)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s, %s (%d bytes): %v; want an error with %q", parse.name, tc.name, len(tc.page), err, tc.want)
			}
			// Not under the race detector, which allocates for its bookkeeping.
			if alloc := after.TotalAlloc - before.TotalAlloc; !race.Enabled && alloc > 4*uint64(len(tc.page)) {
				t.Errorf("%s, %s: refusing %d bytes allocated %d (%.1fx)", parse.name, tc.name, len(tc.page), alloc, float64(alloc)/float64(len(tc.page)))
			}
		}
	}
}

// TestYAMLLongLineLinear (issue 35, a 4x input costs at most ~4.4x):
// finding the tag "!" before each quoted scalar converted the scalar's
// whole line to characters, so a long line of quoted scalars was
// quadratic: a one-line spec_details of YAML flow took 1 s at 150 KB and
// 12 s at 600 KB, allocating 8,000x and 32,000x its bytes; meta too. Within maxYAML, 4x the line now
// allocates at most allocBound (4.4x, and a tenth for the runtime) the
// bytes, by the general path as by the fast one.
func TestYAMLLongLineLinear(t *testing.T) {
	for _, tc := range []struct {
		name string
		page func(n int) []byte
		n    int
	}{
		{"spec_details of YAML flow", func(n int) []byte { return yamlPage(n, true) }, 600},
		{"meta of YAML flow", func(n int) []byte {
			var b strings.Builder
			b.WriteString("---\ntitle: \"big\"\nlayout: cache\ncategories: [package, develop]\nmeta: {versions: [")
			for i := range n {
				fmt.Fprintf(&b, `"1.%d", `, i)
			}
			b.WriteString("\"2\"]}\nspec_details: []\n---\n")
			return []byte(b.String())
		}, 5000},
	} {
		var allocs [2]uint64
		for k, n := range []int{tc.n, 4 * tc.n} {
			page := tc.page(n)
			if len(page) > maxYAML {
				t.Fatalf("%s: %d bytes, over maxYAML", tc.name, len(page))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			parseGeneral("big/specs.md", page, false)
			runtime.ReadMemStats(&after)
			allocs[k] = after.TotalAlloc - before.TotalAlloc
		}
		if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4*1.1 {
			t.Errorf("%s: 4x the line allocates %.1fx the bytes (%d → %d), want at most 4.84x", tc.name, r, allocs[0], allocs[1])
		}
	}
}

// TestYAMLAliasesBounded (73rd adversarial pass, left open): an alias
// (*v) is a copy of its anchor's value wherever it stands. spec_details
// whose specs each took one long list of variants by alias held about
// 140 times the page in memory (360 KB, 1,500 specs of 250 variants: 50
// MB), within yaml.v3's own guard. What the aliases make of a value is
// bounded at 4 times its size as written (and 64 KiB), by either path;
// a few aliases load as Jekyll reads them.
func TestYAMLAliasesBounded(t *testing.T) {
	page := func(specs, variants int) []byte {
		var b strings.Builder
		b.WriteString("---\ntitle: \"big\"\nlayout: cache\ncategories: [package, develop]\n")
		fmt.Fprintf(&b, "meta: {\"num_specs\": %d}\nspec_details: [", specs)
		for i := range specs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{compiler: gcc@=13.2.0, hash: %s, os: ubuntu22.04, platform: linux, size: "-", stacks: [root], target: x86_64_v3, versions: ["1.%d"], variants: `, hashN(i), i)
			if i == 0 {
				b.WriteString("&v [")
				for k := range variants {
					if k > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "v%d=%s", k, strings.Repeat("x", 30))
				}
				b.WriteString("]}")
			} else {
				b.WriteString("*v}")
			}
		}
		b.WriteString("]\n---\n")
		return []byte(b.String())
	}
	for _, parse := range pageParsers {
		if err := parse.f("big/specs.md", page(3, 10), false); err != nil {
			t.Errorf("%s: 3 specs sharing a list of 10 variants: %v", parse.name, err)
		}
		bomb := page(1500, 250)
		alloc := func(page []byte) (uint64, error) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := parse.f("big/specs.md", page, false)
			runtime.ReadMemStats(&after)
			return after.TotalAlloc - before.TotalAlloc, err
		}
		got, err := alloc(bomb)
		if want := "spec_details: its aliases (*name) expand about"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: 1,500 specs sharing a list of 250 variants (%d bytes): %v; want an error with %q", parse.name, len(bomb), err, want)
		}
		// Reading YAML costs what it costs (maxYAML bounds it); the
		// aliases must add nothing: at most what a page as long without
		// an alias costs.
		plain := yamlPage(len(bomb)/180, true)
		base, _ := alloc(plain)
		if got > base*3/2 {
			t.Errorf("%s: refusing %d bytes allocated %d, against %d for %d bytes without aliases", parse.name, len(bomb), got, base, len(plain))
		}
	}
}

// pageParsers parse a page as Load does (the fast path) and by the general
// path alone, returning only the error.
var pageParsers = []struct {
	name string
	f    func(string, []byte, bool) error
}{
	{"fast", func(file string, data []byte, raw bool) error { _, _, _, err := parsePage(file, data, raw); return err }},
	{"general", func(file string, data []byte, raw bool) error {
		_, _, _, err := parseGeneral(file, data, raw)
		return err
	}},
}
