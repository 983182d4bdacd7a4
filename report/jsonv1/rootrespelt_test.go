package jsonv1

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// respeltFolder writes a folder of lockfiles, one per environment (env
// name: hash letter, spelling of its root zlib), each env its own os.
func respeltFolder(t *testing.T, roots map[string][2]string) string {
	t.Helper()
	dir := t.TempDir()
	for env, r := range roots {
		h := strings.Repeat(r[0], 32)
		data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":%q,"spec":%q}],"concrete_specs":{%q:{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"namespace":"builtin","parameters":{},"hash":%q}}}`,
			h, r[1], h, env, h)
		if err := os.MkdirAll(filepath.Join(dir, env), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, env, "spack.lock"), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRootRespeltAloneLaws: a root respelt in its own environment alone
// (rhel8's zlib@1.3 now zlib@=1.3, debian11's kept) leaves the old
// spelling's stack counted on both sides, which the law of a root
// respelt refuses unless the root says other roots keep it (kept); the
// mirror, into a spelling another environment wrote already, says so
// (joined). render reads the engine's reports; kept taken away, or
// claimed of a root respelt whole, is refused.
func TestRootRespeltAloneLaws(t *testing.T) {
	old := respeltFolder(t, map[string][2]string{"rhel8": {"a", "zlib@1.3"}, "debian11": {"b", "zlib@1.3"}})
	cur := respeltFolder(t, map[string][2]string{"rhel8": {"a", "zlib@=1.3"}, "debian11": {"b", "zlib@1.3"}})
	rebuilt := respeltFolder(t, map[string][2]string{"rhel8": {"c", "zlib@1.3"}, "debian11": {"b", "zlib@1.3"}})
	whole := respeltFolder(t, map[string][2]string{"rhel8": {"a", "zlib@=1.3"}, "debian11": {"b", "zlib@=1.3"}})
	r := reporttest.ComparePaths(t, old, cur)
	if rn := r.Causes.Roots.Renamed; len(rn) != 1 || rn[0].Kept != 1 {
		t.Fatalf("renamed %+v, want rhel8's root, kept 1", rn)
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	if !strings.Contains(string(jsonOf(t, r)), `"kept": 1`) {
		t.Errorf("the JSON does not say kept 1:\n%s", jsonOf(t, r))
	}
	back := reporttest.ComparePaths(t, cur, old)
	if rn := back.Causes.Roots.Renamed; len(rn) != 1 || rn[0].Joined != 1 {
		t.Fatalf("mirror: renamed %+v, want rhel8's root, joined 1", rn)
	}
	if _, err := DecodeBytes(jsonOf(t, back)); err != nil {
		t.Fatalf("the mirror's report as written: %v", err)
	}
	for _, tc := range []struct {
		name, want string
		r          *diff.Report
		edit       func(r *diff.Report)
	}{
		{"kept taken away", `causes.roots.renamed[0].old.root: "zlib@1.3", but the report counts specs in that stack`, r, func(r *diff.Report) {
			r.Causes.Roots.Renamed[0].Kept = 0
		}},
		{"kept claimed of a root respelt whole", `causes.roots.renamed[0].kept: 1, but the new side counts no spec in stack "zlib@1.3"`,
			reporttest.ComparePaths(t, old, whole), func(r *diff.Report) {
				r.Causes.Roots.Renamed[0].Kept = 1
			}},
		{"joined claimed of a root not respelt", `causes.roots.changed[0].root: "zlib@1.3" on both sides, but it counts kept 0 and joined 1`,
			reporttest.ComparePaths(t, old, rebuilt), func(r *diff.Report) {
				r.Causes.Roots.Changed[0].Joined = 1
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.edit(tc.r)
			_, err := DecodeBytes(jsonOf(t, tc.r))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestRootRespeltCountsNotPrinted: kept and joined are checked as 0 or
// not alone (docs/json.md): the roots they count stayed, and the report
// lists none that stayed. Edited by one, not to 0, a report renders as
// written (render -f json writes the edit back), and every other format
// prints what it printed of the report cachediff wrote: none prints the
// counts, which it could not tell from the edit.
func TestRootRespeltCountsNotPrinted(t *testing.T) {
	old := respeltFolder(t, map[string][2]string{"rhel8": {"a", "zlib@1.3"}, "debian11": {"b", "zlib@1.3"}})
	cur := respeltFolder(t, map[string][2]string{"rhel8": {"a", "zlib@=1.3"}, "debian11": {"b", "zlib@1.3"}})
	formats := []string{"md", "text", "patch", "html"}
	renderEach := func(r *diff.Report) map[string]string {
		out := map[string]string{}
		for _, name := range formats {
			var b bytes.Buffer
			if err := render(&b, name, r, Options{}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out[name] = b.String()
		}
		return out
	}
	for _, tc := range []struct {
		name string
		r    *diff.Report
		edit func(r *diff.Report)
	}{
		{"kept", reporttest.ComparePaths(t, old, cur), func(r *diff.Report) { r.Causes.Roots.Renamed[0].Kept++ }},
		{"joined", reporttest.ComparePaths(t, cur, old), func(r *diff.Report) { r.Causes.Roots.Renamed[0].Joined++ }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if rn := tc.r.Causes.Roots.Renamed; len(rn) != 1 || rn[0].Kept+rn[0].Joined != 1 {
				t.Fatalf("renamed %+v, want one root, kept or joined 1", rn)
			}
			want := renderEach(tc.r)
			tc.edit(tc.r)
			edited := jsonOf(t, tc.r)
			back, err := DecodeBytes(edited)
			if err != nil {
				t.Fatalf("refused: %v; docs/json.md says render does not check the count", err)
			}
			if !bytes.Equal(jsonOf(t, back), edited) {
				t.Errorf("render -f json does not write the edit back")
			}
			got := renderEach(back)
			for _, name := range formats {
				if got[name] != want[name] {
					t.Errorf("%s prints the edited count: docs/json.md says no format but JSON does", name)
				}
			}
		})
	}
}
