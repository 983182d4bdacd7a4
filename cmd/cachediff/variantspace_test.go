package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVariantWithSpaceQuoted (issue 35 class b): the reports write a
// spec's variants joined by spaces, and a Spack spec may hold a variant
// whose value has one (v="x +w", cflags="-O2 -g"). Joined as it is, the
// variant v=x +w read as the two variants v=x and +w: an update from
// the one to the two said "variants v=x +w → v=x +w", in the causes,
// the updates table, the rows, JSON's from and to, and the warning of a
// hash with other facets. Such a variant is now quoted wherever a list
// of variants is joined ("v=x +w" → v=x +w), as Spack writes it.
func TestVariantWithSpaceQuoted(t *testing.T) {
	dir := t.TempDir()
	spec := func(side, file, name, hash string, params map[string]any) {
		node := map[string]any{"name": name, "version": "1.0",
			"arch":     map[string]any{"platform": "linux", "platform_os": "rhel8", "target": "x86_64"},
			"compiler": map[string]string{"name": "gcc", "version": "9"}, "parameters": params, "hash": hash}
		data, err := json.Marshal(map[string]any{"spec": map[string]any{"_meta": map[string]int{"version": 4}, "nodes": []any{node}}})
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, side, file)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := func(c string) string { return strings.Repeat(c, 32) }
	// zlib updated from v="x +w" to v=x and +w, both with the shared
	// cflags="-O2 -g", and another zlib added; yasm's one hash with
	// other variants on each side (a warning).
	spec("old", "z.spec.json", "zlib", h("a"), map[string]any{"v": "x +w", "shared": true, "cflags": []string{"-O2", "-g"}})
	spec("new", "z.spec.json", "zlib", h("b"), map[string]any{"v": "x", "w": true, "shared": true, "cflags": []string{"-O2", "-g"}})
	spec("new", "z2.spec.json", "zlib", h("d"), map[string]any{"v": "y z", "shared": true, "cflags": []string{"-O2", "-g"}})
	spec("old", "y.spec.json", "yasm", h("c"), map[string]any{"v": "x +w"})
	spec("new", "y.spec.json", "yasm", h("c"), map[string]any{"v": "x", "w": true})
	old, nw := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	out := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers {
			t.Fatalf("%q: exit %d, stderr %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	const move = `"v=x +w" → v=x +w`
	warning := "has other facets than in the old snapshot (variants " + move + ")"
	for _, tc := range []struct {
		format string
		want   []string
	}{
		{"text", []string{"cause: zlib variants " + move + " (1 spec)", warning}},
		{"md", []string{
			"- cause: zlib variants " + move + " (1 spec)",
			"| variants | \"v=x +w\" | v=x +w | 1 | zlib |", // the updates table
			"| updated variants | `aaaaaaa` → `bbbbbbb` | 1.0 | gcc@9 | rhel8 | x86_64 | " + move + " |",
			"| added | `ddddddd` | 1.0 | gcc@9 | rhel8 | x86_64 | \"v=y z\" |", // a row's variants
			"Every spec has \"cflags=-O2 -g\" +shared.",
			warning,
		}},
		{"html", []string{
			"<td>&#34;v=x &#43;w&#34; → v=x &#43;w</td>",
			"<td>&#34;v=y z&#34;</td>",
			"Every spec has &#34;cflags=-O2 -g&#34; &#43;shared.",
			strings.ReplaceAll(strings.ReplaceAll(warning, `"`, "&#34;"), "+", "&#43;"),
		}},
		{"json", []string{`"from": "\"v=x +w\"",` + "\n", `"to": "v=x +w"`, `(variants \"v=x +w\" → v=x +w)`}},
	} {
		args := []string{"-f", tc.format, old, nw}
		if tc.format == "text" {
			args = append(args, "--width", "1000")
		}
		got := out(args...)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in\n%s", tc.format, w, got)
			}
		}
		if strings.Contains(got, "v=x +w → v=x +w") {
			t.Errorf("%s: a change to the same words:\n%s", tc.format, got)
		}
	}
	// The JSON renders as the direct run: its quoted from and to keep
	// the laws.
	js := filepath.Join(dir, "r.json")
	if err := os.WriteFile(js, []byte(out("-f", "json", old, nw)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := out("render", js, "-f", "md"), out("-f", "md", old, nw); got != want {
		t.Errorf("render of the JSON:\n%s\nwant the direct run's:\n%s", got, want)
	}
}
