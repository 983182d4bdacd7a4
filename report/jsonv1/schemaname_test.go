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
