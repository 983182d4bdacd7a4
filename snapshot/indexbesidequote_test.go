package snapshot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIndexBesideQuotesSpec (issue 35, class a): the warning for a spec
// file beside an index that lacks its spec named the spec as read,
// name@version: a version "1\n::error::x" put a raw newline in the
// message, a line of its own starting ::error:: where the warning is
// written as it is made (the JSON report, a template), and U+202E
// turned it around. The spec is named as lookalike names a value.
func TestIndexBesideQuotesSpec(t *testing.T) {
	_, lost := libdwarfLost(t)
	spec, err := os.ReadFile(filepath.Join(spackFixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	for version, want := range map[string]string{
		`1\n::error::x`: `lacks "libdwarf@1\n::error::x"`,
		`1\u202ex`:      `lacks "libdwarf@1\u202ex"`,
		`20130729`:      `lacks libdwarf@20130729`,
	} {
		dir := t.TempDir()
		odd := strings.Replace(string(spec), `"version":"20130729"`, `"version":"`+version+`"`, 1)
		if !strings.Contains(string(spec), `"version":"20130729"`) {
			t.Fatal("the fixture's version is not where the test puts another")
		}
		if err := os.WriteFile(filepath.Join(dir, "index.json"), lost, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "libdwarf.spec.json"), []byte(odd), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(s.Warnings, func(w Warning) bool { return strings.Contains(w.Message, "build cache's index lacks") })
		if i < 0 {
			t.Fatalf("%s: no warning that the index lacks the spec: %v", version, s.Warnings)
		}
		if msg := s.Warnings[i].Message; !strings.Contains(msg, want) || strings.ContainsAny(msg, "\n\u202e") {
			t.Errorf("%s: %q; want it to say %s, and no raw newline or U+202E", version, msg, want)
		}
	}
}

// TestHashConflictQuotesInput (issue 35, class a): the error for two
// copies of a hash that differ named each copy's spec (name@version)
// and the other copy's file as read: a version or a file name with a
// newline held it raw in the message. Each is quoted as a message puts
// a name (quotedName) and a path (shownPath).
func TestHashConflictQuotesInput(t *testing.T) {
	const x = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	file := func(root, hash, version string) string {
		return `{"spec":{"_meta":{"version":4},"nodes":[{"name":"` + root + `","version":"1","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + hash + `",` +
			`"dependencies":[{"name":"libx","hash":"` + x + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}]},` +
			`{"name":"libx","version":"` + version + `","arch":{"platform":"linux","platform_os":"u","target":"x"},"hash":"` + x + `"}]}}`
	}
	for _, names := range [][2]string{{"a\n::error::x.spec.json", "b\u202e.spec.json"}, {"b\u202e.spec.json", "a\n::error::x.spec.json"}} {
		dir := writeTree(t, map[string]string{
			names[0]: file("curl", "cccccccccccccccccccccccccccccccc", `1\n::error::v`),
			names[1]: file("git", "dddddddddddddddddddddddddddddddd", `2\u202e`),
		})
		_, err := Load(dir, Options{})
		if err == nil || !strings.Contains(err.Error(), "a hash names one spec") {
			t.Fatalf("%q: %v, want the copies of libx to differ", names, err)
		}
		msg := err.Error()
		if strings.ContainsRune(msg, '\u202e') || !strings.Contains(msg, `"libx@1\n::error::v"`) || !strings.Contains(msg, `"libx@2\u202e"`) {
			t.Errorf("%q: %q; want each spec and file quoted, and no raw U+202E", names, msg)
		}
		for _, line := range strings.Split(msg, "\n")[1:] {
			if !strings.HasPrefix(line, "  loading ") {
				t.Errorf("%q: a line %q of its own; want each bad file's line alone", names, line)
			}
		}
	}
}
