package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpackNamesNotPages (a seventh adversarial pass, issue 35): Spack's
// files that cachediff does not read, given as a snapshot, were refused
// as pages without front matter ("a package page starts with a line
// '---'"), which sends a Spack user looking for a line no such file has.
// The message names what the file is and what to give instead.
func TestSpackNamesNotPages(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"spack.yaml", "spack:\n  specs: [zlib]\n", "spack.lock"},
		{"spack.yml", "spack:\n  specs: [zlib]\n", "spack.lock"},
		{"linux-ubuntu22.04-x86_64-gcc-11.4.0-zlib-1.3-abcdefghijklmnopqrstuvwxyz234567.spec.yaml", "spec:\n- zlib:\n    version: 1.3\n", ".spec.json"},
		{"index.json.hash", strings.Repeat("0", 64) + "\n", "index.json"},
	} {
		err := writeAndLoad(t, dir, c.name, c.text)
		if err == nil {
			t.Errorf("%s: read as a snapshot", c.name)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "front matter") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v; want a message that names %s, not a page's front matter", c.name, err, c.want)
		}
	}
}

// TestSpecYAMLInFolder (pass 64): a spec file in YAML in a folder, as an
// older build cache holds them beside or instead of *.spec.json, was
// left out without a word: its spec was in no snapshot (Spack's index of
// the folder counts it), so its change went unreported, and a folder of
// them only said "no package pages found". It is refused, saying what it
// is; with --skip-invalid it is a listed skip.
func TestSpecYAMLInFolder(t *testing.T) {
	const h = "abcdefghijklmnopqrstuvwxyz234567"
	spec := `{"spec":{"_meta":{"version":4},"nodes":[{"name":"x","version":"1","arch":{"platform":"linux","platform_os":"rhel9","target":"x86_64"},"compiler":{"name":"gcc","version":"13"},"parameters":{},"hash":"` + h + `"}]}}`
	yamlName := "linux-rhel9-x86_64-gcc-13-y-1-" + strings.Repeat("b", 32) + ".spec.yaml"
	for _, withJSON := range []bool{true, false} {
		dir := t.TempDir()
		if withJSON {
			if err := os.WriteFile(filepath.Join(dir, "x.spec.json"), []byte(spec), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, yamlName), []byte("spec:\n- y:\n    version: '1'\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir, Options{})
		if err == nil || !strings.Contains(err.Error(), yamlName) || !strings.Contains(err.Error(), ".spec.json") {
			t.Errorf("with a .spec.json %v: %v; want an error naming %s and saying cachediff reads *.spec.json", withJSON, err, yamlName)
		}
		if !withJSON {
			continue
		}
		snap, err := Load(dir, Options{SkipInvalid: true})
		if err != nil {
			t.Fatalf("--skip-invalid: %v", err)
		}
		if len(snap.Skipped) != 1 {
			t.Errorf("--skip-invalid: skipped %v, want the YAML spec file listed", snap.Skipped)
		}
	}
}

// TestManifestByContent (pass 116a): an environment's manifest under
// another name than spack.yaml (a copy kept as old.lock, spack.lock.orig,
// or written over spack.lock by mistake) was refused as a page without
// front matter, or as JSON that is not an object ("not 's'"), which says
// nothing of what the file is. Its content tells: YAML whose first key
// is spack:.
func TestManifestByContent(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, text string }{
		{"old.lock", "spack:\n  specs: [zlib]\n"},
		{"spack.lock.orig", "# This is a Spack Environment file.\n#\n\nspack:\n  specs:\n  - zlib\n"},
		{"env.yaml", "\ufeffspack:  # the environment\n  specs: [zlib]\n"},
		{"spack.lock", "spack:\r\n  specs: [zlib]\r\n"},
	} {
		err := writeAndLoad(t, dir, c.name, c.text)
		if err == nil {
			t.Errorf("%s: read as a snapshot", c.name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "manifest") || !strings.Contains(msg, "spack.lock") {
			t.Errorf("%s: %v; want a message that says the file is an environment's manifest and names spack.lock", c.name, err)
		}
	}
	// YAML of another first key is no manifest.
	p := filepath.Join(dir, "other.lock")
	if err := os.WriteFile(p, []byte("spackage:\n  x: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(p, Options{}); err == nil || strings.Contains(err.Error(), "manifest") {
		t.Errorf("other.lock: %v; want an error that names no manifest", err)
	}
}

// TestManifestKeySpellings (pass 117b): a manifest whose top key libyaml
// (and Spack's ruamel) reads as spack, but spelt "spack" or 'spack',
// with a space before its colon, or after a %YAML directive and the
// '---' it needs, was refused as a page without front matter, which
// says nothing of what the file is.
func TestManifestKeySpellings(t *testing.T) {
	dir := t.TempDir()
	for i, text := range []string{
		"\"spack\":\n  specs: [zlib]\n",
		"'spack': {specs: [zlib]}\n",
		"spack :\n  specs: [zlib]\n",
		"%YAML 1.1\n---\nspack:\n  specs: [zlib]\n",
		"%YAML 1.1\n--- # env\n\nspack:\n  specs: [zlib]\n",
	} {
		err := writeAndLoad(t, dir, fmt.Sprintf("m%d.lock", i), text)
		if err == nil || !strings.Contains(err.Error(), "manifest") {
			t.Errorf("%q: %v; want a message that says the file is an environment's manifest", text, err)
		}
	}
	// A page whose front matter has a spack key is a page, and other
	// keys are none.
	for i, text := range []string{
		"---\nspack: 1\n",
		"\"spackage\":\n  x: 1\n",
		"spack:x\n",
		"'spack\":\n",
		"%YAML 1.1\nspack:\n",
	} {
		if err := writeAndLoad(t, dir, fmt.Sprintf("o%d.lock", i), text); err == nil || strings.Contains(err.Error(), "manifest") {
			t.Errorf("%q: %v; want an error that names no manifest", text, err)
		}
	}
}

// writeAndLoad writes text as the file name in dir and returns the error
// of loading it alone.
func writeAndLoad(t *testing.T, dir, name, text string) error {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(p, Options{})
	return err
}
