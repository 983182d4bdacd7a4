package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootsOfTwoEnvironmentsApart (issue 35 class b): a folder of two
// environments' lockfiles, each with a root zlib of its own spec, both
// 1.3 → 1.5, read "2 roots changed (zlib 1.3 → 1.5, zlib 1.3 → 1.5)",
// "root zlib changed: 1.3 → 1.5" twice in text and Markdown, and two
// JSON highlights of one value, from and to: no reader could tell the
// roots apart. They are told apart by the facet that differs (the
// compiler, "%gcc@9"), else by the new spec's short hash ("/ccccccc"),
// both directions, and render of the JSON says the same. Two such roots
// added ("2 roots added (zlib, zlib)", "root zlib added" twice) or
// removed are told apart alike.
func TestRootsOfTwoEnvironmentsApart(t *testing.T) {
	dir := t.TempDir()
	write := func(side, env, hash, version, compiler string) {
		p := filepath.Join(dir, side, env, "spack.lock")
		data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":%q,"spec":"zlib"}],"concrete_specs":{%q:{"name":"zlib","version":%q,"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":%q},"hash":%q}}}`, hash, hash, version, compiler, hash)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const a, b, c, d = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd"
	// Built with two compilers: told apart by it.
	write("fo", "e1", a, "1.3", "9")
	write("fo", "e2", b, "1.3", "10")
	write("fn", "e1", c, "1.5", "9")
	write("fn", "e2", d, "1.5", "10")
	// One compiler: by the new spec's short hash.
	write("ho", "e1", a, "1.3", "9")
	write("ho", "e2", b, "1.3", "9")
	write("hn", "e1", c, "1.5", "9")
	write("hn", "e2", d, "1.5", "9")
	// Added beside another environment's root (bzip2), and removed.
	for _, side := range []string{"ao", "an"} {
		p := filepath.Join(dir, side, "e0", "spack.lock")
		const e = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":"` + e + `","spec":"bzip2"}],"concrete_specs":{"` + e + `":{"name":"bzip2","version":"1.0","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"hash":"` + e + `"}}}`
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("an", "e1", a, "1.3", "9")
	write("an", "e2", b, "1.3", "10")
	out := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers {
			t.Fatalf("%q: exit %d, stderr %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	p := func(s string) string { return filepath.Join(dir, s) }
	for _, tc := range []struct {
		old, new string
		headline string
		news     []string
		apart    []string
	}{
		{"fo", "fn", "2 roots changed (zlib 1.3 → 1.5 %gcc@9, zlib 1.3 → 1.5 %gcc@10)",
			[]string{"root zlib changed: 1.3 → 1.5 %gcc@9", "root zlib changed: 1.3 → 1.5 %gcc@10"}, []string{"%gcc@9", "%gcc@10"}},
		{"fn", "fo", "2 roots changed (zlib 1.5 → 1.3 %gcc@9, zlib 1.5 → 1.3 %gcc@10)",
			[]string{"root zlib changed: 1.5 → 1.3 %gcc@9", "root zlib changed: 1.5 → 1.3 %gcc@10"}, []string{"%gcc@9", "%gcc@10"}},
		{"ho", "hn", "2 roots changed (zlib 1.3 → 1.5 /ccccccc, zlib 1.3 → 1.5 /ddddddd)",
			[]string{"root zlib changed: 1.3 → 1.5 /ccccccc", "root zlib changed: 1.3 → 1.5 /ddddddd"}, []string{"/ccccccc", "/ddddddd"}},
		{"hn", "ho", "2 roots changed (zlib 1.5 → 1.3 /aaaaaaa, zlib 1.5 → 1.3 /bbbbbbb)",
			[]string{"root zlib changed: 1.5 → 1.3 /aaaaaaa", "root zlib changed: 1.5 → 1.3 /bbbbbbb"}, []string{"/aaaaaaa", "/bbbbbbb"}},
		{"ao", "an", "2 roots added (zlib %gcc@9, zlib %gcc@10)",
			[]string{"root zlib %gcc@9 added", "root zlib %gcc@10 added"}, []string{"%gcc@9", "%gcc@10"}},
		{"an", "ao", "2 roots removed (zlib %gcc@9, zlib %gcc@10)",
			[]string{"root zlib %gcc@9 removed", "root zlib %gcc@10 removed"}, []string{"%gcc@9", "%gcc@10"}},
	} {
		what := tc.old + " → " + tc.new
		md := out("-f", "md", p(tc.old), p(tc.new))
		text := out("-f", "text", "--width", "200", p(tc.old), p(tc.new))
		js := out("-f", "json", p(tc.old), p(tc.new))
		for _, f := range []struct{ name, got string }{{"md", md}, {"text", text}} {
			if !strings.Contains(strings.Join(strings.Fields(f.got), " "), tc.headline) {
				t.Errorf("%s, %s: no %q in\n%s", what, f.name, tc.headline, f.got)
			}
			for _, n := range tc.news {
				if c := strings.Count(f.got, n+"\n"); c != 1 {
					t.Errorf("%s, %s: %q %d times; want once in\n%s", what, f.name, n, c, f.got)
				}
			}
		}
		for _, ap := range tc.apart {
			if c := strings.Count(js, `"apart": "`+ap+`"`); c != 1 {
				t.Errorf("%s, json: apart %q %d times; want once in\n%s", what, ap, c, js)
			}
		}
		// render accepts the engine's report and says the same.
		saved := filepath.Join(dir, tc.old+"-"+tc.new+".json")
		if err := os.WriteFile(saved, []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := out("render", "-f", "md", saved); got != md {
			t.Errorf("%s: render of the JSON report differs from the direct Markdown:\n%s\nwant\n%s", what, got, md)
		}
	}
}
