package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootsHashWord (issue 35 classes b and e): two environments' cmake,
// removed, their hashes alike but in the last character, so labelled by
// whole hashes, beside a root added that a hand spelt "cmake /" and the
// whole of the first one's hash: "2 roots removed (cmake /aaa…a, cmake
// /aaa…b); 1 root added (cmake /aaa…a)" read as the added root removed
// too. The removed roots are said after the word "hash", in the
// headline, the news, Markdown, JSON (apart) and render alike.
func TestRootsHashWord(t *testing.T) {
	dir := t.TempDir()
	a, b, c := strings.Repeat("a", 32), strings.Repeat("a", 31)+"b", strings.Repeat("c", 32)
	z := strings.Repeat("z", 32)
	write := func(side, env, spelling, hash string) {
		spec := func(name, hash, deps string) string {
			return fmt.Sprintf(`%q:{"name":%q,"version":"1.0","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"8"},"dependencies":[%s],"hash":%q}`, hash, name, deps, hash)
		}
		dep := fmt.Sprintf(`{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, z)
		data := fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":%q,"spec":%q}],"concrete_specs":{%s,%s}}`,
			hash, spelling, spec("cmake", hash, dep), spec("zlib", z, ""))
		p := filepath.Join(dir, side, env, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("old", "e1", "cmake", a)
	write("old", "e2", "cmake", b)
	write("new", "e3", "cmake /"+a, c)
	run1 := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitDiffers {
			t.Fatalf("%q: exit %d; stderr %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	args := []string{filepath.Join(dir, "old"), filepath.Join(dir, "new")}
	text := run1(append([]string{"-f", "text", "--width", "400"}, args...)...)
	md := run1(append([]string{"-f", "md"}, args...)...)
	js := run1(append([]string{"-f", "json"}, args...)...)
	headline := "2 roots removed (cmake hash /" + a + ", cmake hash /" + b + "); 1 root added (cmake /" + a + ")"
	if !strings.Contains(text, ": "+headline+";") || !strings.Contains(md, headline+";") {
		t.Errorf("headline not %q:\n%s\n%s", headline, text, md)
	}
	for _, s := range []string{"root cmake hash /" + a + " removed", "root cmake hash /" + b + " removed", "root cmake /" + a + " added"} {
		if !strings.Contains(text, s) || !strings.Contains(md, s) {
			t.Errorf("%q not said in text and Markdown:\n%s\n%s", s, text, md)
		}
	}
	var report struct {
		Highlights []struct {
			Kind  string `json:"kind"`
			Value string `json:"value"`
			Apart string `json:"apart"`
		} `json:"highlights"`
	}
	if err := json.Unmarshal([]byte(js), &report); err != nil {
		t.Fatal(err)
	}
	var apart []string
	for _, h := range report.Highlights {
		if h.Apart != "" {
			apart = append(apart, h.Value+" "+h.Apart)
		}
	}
	if want := []string{"cmake hash /" + a, "cmake hash /" + b}; strings.Join(apart, "|") != strings.Join(want, "|") {
		t.Errorf("JSON's roots apart %q, want %q", apart, want)
	}
	saved := filepath.Join(dir, "r.json")
	if err := os.WriteFile(saved, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	if rendered := run1("render", "-f", "text", "--width", "400", saved); rendered != text {
		t.Errorf("render of the JSON says\n%s\nthe run\n%s", rendered, text)
	}
}
