package jsonv1

import (
	"strings"
	"testing"
)

// TestUnknownSchemaNamesBoth (class e): render of a document of another
// schema said "it reads \"cachediff/v1\"" alone, of a cachediff/log/v2
// log too, as if a log were not read at all: both schemas render reads
// are named. A step of a log is a report: it names that one.
func TestUnknownSchemaNamesBoth(t *testing.T) {
	for _, schema := range []string{"cachediff/log/v2", "cachediff/v2"} {
		_, err := DecodeBytes([]byte(`{"schema": "` + schema + `"}`))
		want := `schema "` + schema + `" is not one this cachediff reads: it reads "cachediff/v1" (a report) and "cachediff/log/v1" (a log)`
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %s", schema, err, want)
		}
	}
	_, err := decodeBytes([]byte(`{"schema": "cachediff/v2"}`), true)
	if err == nil || !strings.HasSuffix(err.Error(), `: it reads "cachediff/v1"`) {
		t.Errorf("a step: %v; want it to name cachediff/v1 alone", err)
	}
}

// TestSpackFileNamedAsReport (class e): render of Spack's own file (an
// index.json, a spack.lock, a spec file), named as the report by
// mistake, said only that it has no "schema" field, where a catalogue
// page named so is told to be diffed with cachediff OLD NEW: it says
// what the file is and the same.
func TestSpackFileNamedAsReport(t *testing.T) {
	for kind, data := range map[string]string{
		"build-cache index": `{"database": {"version": "8", "installs": {}}}`,
		"lockfile":          `{"_meta": {"file-type": "spack-lockfile", "lockfile-version": 6}, "roots": [], "concrete_specs": {}}`,
		"spec file":         `{"spec": {"_meta": {"version": 5}, "nodes": []}}`,
	} {
		_, err := DecodeBytes([]byte(data))
		want := `no "schema" field: not a cachediff JSON report but Spack's ` + kind + `; compare two with cachediff OLD NEW`
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v; want it to start %q", kind, err, want)
		}
	}
	// Another tool's JSON is not named as Spack's.
	_, err := DecodeBytes([]byte(`{"roots": [1]}`))
	if err == nil || strings.Contains(err.Error(), "Spack") {
		t.Errorf("another JSON: %v; want no mention of Spack", err)
	}
}
