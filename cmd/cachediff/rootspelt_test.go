package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneRootTwoSpellings (issue 35 class e): a lockfile naming one hash
// as two roots, zlib and zlib@1 (two user specs Spack concretized to one
// spec), said "2 roots added (zlib, zlib@1)" of one spec added. The
// headline counts it once and names both spellings; the Markdown's
// roots heading says so; JSON keeps a root each, as written. The
// highlights said it twice, "root zlib added" and "root zlib@1 added":
// now one item, as the headline, its other spellings its values.
func TestOneRootTwoSpellings(t *testing.T) {
	dir := t.TempDir()
	const arch = `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	const c, z = "cccccccccccccccccccccccccccccccc", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa6"
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
	root := func(spec, h string) string { return fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, spec) }
	a := write("a", []string{root("cmake", c)}, []string{node("cmake", c)})
	b := write("b", []string{root("cmake", c), root("zlib", z), root("zlib@1", z)}, []string{node("cmake", c), node("zlib", z)})
	out := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers {
			t.Fatalf("%q: exit %d, stderr %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-f", "text", "--width", "200", a, b}, []string{": 1 root added (zlib = zlib@1); 1 spec unchanged\n", "\nRoots:\n  root zlib = zlib@1 added\nNew:"}},
		{[]string{"-f", "text", "--width", "200", b, a}, []string{": 1 root removed (zlib = zlib@1); 1 spec unchanged\n", "\nRoots:\n  root zlib = zlib@1 removed\nRemoved:"}},
		{[]string{"-f", "md", a, b}, []string{"**1 root added (zlib = zlib@1); 1 spec unchanged**", "### Environment roots (1 changed, written 2 ways)",
			"| added | zlib | zlib@1.3 `aaaaaaa` |", "| added | zlib@1 | zlib@1.3 `aaaaaaa` |", "\n- root zlib = zlib@1 added\n"}},
		{[]string{"-f", "html", a, b}, []string{">root zlib = zlib@1 added<"}},
		{[]string{"-f", "json", a, b}, []string{`"root": "zlib",`, `"root": "zlib@1",`,
			"\"kind\": \"root-added\",\n      \"value\": \"zlib\",\n      \"to\": \"1.3\",\n      \"values\": [\n        \"zlib@1\"\n      ],"}},
	} {
		got := out(tc.args...)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q: no %q in\n%s", tc.args, w, got)
			}
		}
		if strings.Contains(got, "root zlib@1") || strings.Contains(got, "root zlib added") || strings.Contains(got, "root zlib removed") {
			t.Errorf("%q: a highlight a spelling:\n%s", tc.args, got)
		}
		if strings.Contains(got, "2 roots") {
			t.Errorf("%q: one root spelled twice is counted twice:\n%s", tc.args, got)
		}
	}
	// Changed, both spellings to one new hash: one root changed.
	const z2 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa7"
	d := write("d", []string{root("cmake", c), root("zlib", z2), root("zlib@1", z2)},
		[]string{node("cmake", c), strings.Replace(node("zlib", z2), `"1.3"`, `"1.4"`, 1)})
	if got := out("-f", "text", "--width", "200", b, d); !strings.Contains(got, ": 1 root changed (zlib 1.3 → 1.4)") ||
		!strings.Contains(got, "\nRoots:\n  root zlib = zlib@1 changed: 1.3 → 1.4\n") || strings.Contains(got, "root zlib@1") {
		t.Errorf("one root changed, written two ways:\n%s", got)
	}
	// Two roots of two hashes are two, as before.
	// (zlib@1 of another zlib: a root spelt zlib for cmake's spec is
	// refused at load, as Spack writes none.)
	const z3 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa5"
	c2 := write("c", []string{root("cmake", c), root("zlib", z), root("zlib@1", z3)}, []string{node("cmake", c), node("zlib", z), node("zlib", z3)})
	if got := out("-f", "text", "--width", "200", a, c2); !strings.Contains(got, ": 2 roots added (zlib, zlib@1)") ||
		!strings.Contains(got, "\n  root zlib added\n  root zlib@1 added\n") {
		t.Errorf("two roots of two hashes:\n%s", got)
	}
}

// TestRootsSharingOneSideAreTheirOwn (issue 35 class b): changed roots
// are one root written several ways only when they have the same old
// and the same new hash. Merged when they shared a spec on either side
// (transitively), roots zlib and zlib@1.3 (old spec a) and zlib@1.3.0
// (old spec b), to zlib (c) and zlib@1.3 and zlib@1.3.0 (d), all 1.3 →
// 1.5, were "1 root changed (zlib 1.3 → 1.5)", Markdown "(1 changed,
// written 3 ways)", while without zlib@1.3 "2 roots changed": a root
// added lowered the count. zlib and zlib@1.3 of one spec, then zlib@1.5
// and zlib@1.3 rebuilt, were "1 root changed (zlib 1.3 → 1.5 =
// zlib@1.3)", as if zlib@1.3 had moved. Each direction, no change is
// said twice.
func TestRootsSharingOneSideAreTheirOwn(t *testing.T) {
	dir := t.TempDir()
	const arch = `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	const a, b, c, d = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd"
	write := func(name string, roots [][2]string, nodes [][2]string) string {
		var r, n []string
		for _, x := range roots {
			r = append(r, fmt.Sprintf(`{"hash":%q,"spec":%q}`, x[1], x[0]))
		}
		for _, x := range nodes {
			n = append(n, fmt.Sprintf(`%q:{"name":"zlib","version":%q,%s,"hash":%q}`, x[0], x[1], arch, x[0]))
		}
		p := filepath.Join(dir, name, "spack.lock")
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[` + strings.Join(r, ",") + `],"concrete_specs":{` + strings.Join(n, ",") + `}}`
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	out := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers {
			t.Fatalf("%q: exit %d, stderr %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	o3 := write("o3", [][2]string{{"zlib", a}, {"zlib@1.3", a}, {"zlib@1.3.0", b}}, [][2]string{{a, "1.3"}, {b, "1.3"}})
	n3 := write("n3", [][2]string{{"zlib", c}, {"zlib@1.3", d}, {"zlib@1.3.0", d}}, [][2]string{{c, "1.5"}, {d, "1.5"}})
	o2 := write("o2", [][2]string{{"zlib", a}, {"zlib@1.3.0", b}}, [][2]string{{a, "1.3"}, {b, "1.3"}})
	n2 := write("n2", [][2]string{{"zlib", c}, {"zlib@1.3.0", d}}, [][2]string{{c, "1.5"}, {d, "1.5"}})
	os1 := write("os", [][2]string{{"zlib", a}, {"zlib@1.3", a}}, [][2]string{{a, "1.3"}})
	ns1 := write("ns", [][2]string{{"zlib", c}, {"zlib@1.3", d}}, [][2]string{{c, "1.5"}, {d, "1.3"}})
	for _, tc := range []struct {
		old, new string
		want     []string
	}{
		{o3, n3, []string{"3 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5)", "### Environment roots (3 changed)\n"}},
		{n3, o3, []string{"3 roots changed (zlib 1.5 → 1.3, zlib@1.3 1.5 → 1.3, zlib@1.3.0 1.5 → 1.3)", "### Environment roots (3 changed)\n"}},
		{o2, n2, []string{"2 roots changed (zlib 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5)", "### Environment roots (2 changed)\n"}},
		{n2, o2, []string{"2 roots changed (zlib 1.5 → 1.3, zlib@1.3.0 1.5 → 1.3)", "### Environment roots (2 changed)\n"}},
		{os1, ns1, []string{"2 roots changed (zlib 1.3 → 1.5, zlib@1.3)", "### Environment roots (2 changed)\n", "- root zlib@1.3 changed: hash changed\n"}},
		{ns1, os1, []string{"2 roots changed (zlib 1.5 → 1.3, zlib@1.3)", "### Environment roots (2 changed)\n", "- root zlib@1.3 changed: hash changed\n"}},
	} {
		md := out("-f", "md", tc.old, tc.new)
		for _, w := range tc.want {
			if !strings.Contains(md, w) {
				t.Errorf("%s → %s: no %q in\n%s", tc.old, tc.new, w, md)
			}
		}
		text := out("-f", "text", "--width", "200", tc.old, tc.new)
		if !strings.Contains(strings.Join(strings.Fields(text), " "), tc.want[0]) {
			t.Errorf("%s → %s: no %q in\n%s", tc.old, tc.new, tc.want[0], text)
		}
		js := out("-f", "json", tc.old, tc.new)
		if n := strings.Count(js, `"kind": "root-changed"`); n != int(tc.want[0][0]-'0') {
			t.Errorf("%s → %s: %d root-changed highlights; want %c", tc.old, tc.new, n, tc.want[0][0])
		}
		for _, got := range []string{md, text} {
			seen := map[string]bool{}
			for _, l := range strings.Split(got, "\n") {
				if l = strings.TrimLeft(l, " -"); strings.HasPrefix(l, "root ") && seen[l] {
					t.Errorf("%s → %s: %q twice in\n%s", tc.old, tc.new, l, got)
				}
				seen[l] = true
			}
			if strings.Contains(got, ", written ") || strings.Contains(got, "= zlib@1.3") {
				t.Errorf("%s → %s: roots merged in\n%s", tc.old, tc.new, got)
			}
		}
	}
}
