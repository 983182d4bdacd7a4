package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHeadlineKeepsEveryClause (issue 35 class b): the roots headline
// names up to three spellings of a root spelled several ways, and a
// headline longer than a Markdown text's bound (2,000 characters) was
// cut at its end: three roots spelled three ways with spellings of
// about 220 characters made it 2,007 characters long, and the
// Markdown lost "; 1 spec unchanged". Names are shortened now, and
// spellings counted, so that every clause stays, within the bound, in
// Markdown (and its step head) and in text; hostile spellings stay
// escaped.
func TestHeadlineKeepsEveryClause(t *testing.T) {
	dir := t.TempDir()
	const arch = `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	const c = "cccccccccccccccccccccccccccccccc"
	node := func(name, h string) string {
		return fmt.Sprintf(`%q:{"name":%q,"version":"1.3",%s,"hash":%q}`, h, name, arch, h)
	}
	write := func(name string, roots, nodes []string) string {
		p := filepath.Join(dir, name, "spack.lock")
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[` + strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(nodes, ",") + `}}`
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	root := func(spec, h string) string {
		q, err := json.Marshal(spec)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf(`{"hash":%q,"spec":%s}`, h, q)
	}
	// spelling is the k-th way of writing root i, about size characters
	// long, words of a spec's variants and dependencies.
	spelling := func(i, k, size int, hostile bool) string {
		var b strings.Builder
		fmt.Fprintf(&b, "hdf5%d+mpi+fortran+cxx%d", i, k)
		if hostile {
			// No escape character: a Spack file holding one is refused
			// (cc795530), as spackfmt's TestEscapedControlRefused checks.
			b.WriteString(" \n::error::forged [31mred \u202egnp.exe [x](javascript:alert) @team #12 <b>")
		}
		for j := 0; b.Len() < size; j++ {
			fmt.Fprintf(&b, " ^openmpi@4.%d+cuda", j)
		}
		return b.String()
	}
	for _, tc := range []struct {
		roots, size int
		hostile     bool
	}{{3, 220, false}, {3, 700, false}, {3, 2000, false}, {10, 220, false}, {3, 220, true}, {1, 5000, true}} {
		var roots, nodes []string
		for i := range tc.roots {
			h := strings.Repeat("a", 31) + string(rune('d'+i))
			for k := range 3 {
				roots = append(roots, root(spelling(i, k, tc.size, tc.hostile), h))
			}
			nodes = append(nodes, node(fmt.Sprintf("hdf5%d", i), h))
		}
		name := fmt.Sprintf("%d-%d-%v", tc.roots, tc.size, tc.hostile)
		a := write(name+"a", []string{root("cmake", c)}, []string{node("cmake", c)})
		b := write(name+"b", append([]string{root("cmake", c)}, roots...), append([]string{node("cmake", c)}, nodes...))
		out := func(args ...string) string {
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != exitDiffers {
				t.Fatalf("%q: exit %d, stderr %s", args, code, stderr.String())
			}
			return stdout.String()
		}
		added := fmt.Sprintf("%d roots added (", tc.roots)
		if tc.roots == 1 {
			added = "1 root added ("
		}
		md := out("-f", "md", a, b)
		var head string // the headline's line, without its first "**"
		for l := range strings.Lines(md) {
			if h, ok := strings.CutPrefix(strings.TrimSuffix(l, "\n"), "**"); ok {
				head = h
				break
			}
		}
		if !strings.HasPrefix(head, added) || !strings.HasSuffix(head, "; 1 spec unchanged**") {
			t.Errorf("%s: Markdown headline lost a clause (%d bytes):\n%.300s…%s", name, len(head), head, head[max(0, len(head)-300):])
		}
		// The headline's text, unescaped, is within Shorten's bound: no
		// word and no clause cut by it.
		if n := utf8.RuneCountInString(head); n > 2000*2 {
			t.Errorf("%s: Markdown headline of %d characters", name, n)
		}
		if strings.Contains(head, "…;") || strings.Contains(head, "…**") {
			t.Errorf("%s: Markdown headline cut by Shorten: %s", name, head)
		}
		for _, bad := range []string{"\n", "\u202e", "[x](", "<b>", " @team", " #12"} {
			if strings.Contains(head, bad) {
				t.Errorf("%s: Markdown headline has %q unescaped", name, bad)
			}
		}
		txt := out("-f", "text", "--width", "100000", a, b)
		line, _, _ := strings.Cut(txt, "\n")
		if !strings.Contains(line, ": "+added) || !strings.HasSuffix(line, "; 1 spec unchanged") {
			t.Errorf("%s: text headline lost a clause (%d bytes): %.300s", name, len(line), line)
		}
		if n := utf8.RuneCountInString(line); n > 2000*2 {
			t.Errorf("%s: text headline of %d characters", name, n)
		}
		if strings.Contains(line, "\u202e") {
			t.Errorf("%s: text headline has %q unescaped", name, "\u202e")
		}
	}
}
