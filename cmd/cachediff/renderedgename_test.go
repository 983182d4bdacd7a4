package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder of spec files, curl's edge named "zlib" to a spec of zlib-ng
// in another file of the folder (a dependency named otherwise than its
// spec's package, as TestDepSelvesSkipped's third case): the decoder
// files such an edge under its spec's package within a file, but the
// edge to another file's spec stayed "zlib", the cause's path ended at
// it, and render refused the report cachediff had written ("ends at
// "zlib", not at its cause "zlib-ng""). The edge is filed as zlib-ng,
// with a warning, and render reads the report back.
func TestRenderEdgeNamedAcrossFiles(t *testing.T) {
	dir := t.TempDir()
	spec := func(name, version, hash string, deps ...[2]string) map[string]any {
		s := map[string]any{"name": name, "version": version, "hash": hash, "namespace": "builtin",
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": "x86_64_v3"},
			"compiler":   map[string]any{"name": "gcc", "version": "13.2.0"},
			"parameters": map[string]any{"build_system": "generic"}}
		var l []any
		for _, d := range deps {
			l = append(l, map[string]any{"name": d[0], "hash": d[1],
				"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}})
		}
		if l != nil {
			s["dependencies"] = l
		}
		return s
	}
	file := func(side, name string, node map[string]any) {
		b, err := json.Marshal(map[string]any{"spec": map[string]any{"_meta": map[string]any{"version": 4}, "nodes": []any{node}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, side, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := func(c string) string { return strings.Repeat(c, 32) }
	file("old", "zlib-ng-1-a.spec.json", spec("zlib-ng", "1", h("a")))
	file("old", "curl-1-b.spec.json", spec("curl", "1", h("b"), [2]string{"zlib", h("a")}))
	file("new", "zlib-ng-2-c.spec.json", spec("zlib-ng", "2", h("c")))
	file("new", "curl-1-d.spec.json", spec("curl", "1", h("d"), [2]string{"zlib", h("c")}))
	var out, stderr bytes.Buffer
	if code := run([]string{"--format", "json", filepath.Join(dir, "old"), filepath.Join(dir, "new")}, &out, &stderr); code != 1 {
		t.Fatalf("exit %d, %s", code, stderr.String())
	}
	for _, side := range []string{h("b"), h("d")} {
		if want := "curl/" + side + `: dependency \"zlib\" is `; !strings.Contains(out.String(), want) || !strings.Contains(out.String(), `in another file`) {
			t.Errorf("no warning %q of an edge named across files in:\n%s", want, out.String())
		}
	}
	path := filepath.Join(dir, "report.json")
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var md, rerr bytes.Buffer
	if code := run([]string{"render", path}, &md, &rerr); code != 1 || rerr.Len() > 0 {
		t.Fatalf("render of cachediff's own report: exit %d, %s", code, rerr.String())
	}
	if !strings.Contains(md.String(), "| zlib-ng | 1 → 2 | 2 |") {
		t.Errorf("the cause is not zlib-ng's change of 2 specs:\n%s", md.String())
	}
}
