package jsonv1

import (
	"strings"
	"testing"
)

// TestSchemaCutInWordSaysEnd (issue 35 class e: a message that differs
// by where the input was cut), the sibling in schemaOf of 37eaa6c6
// (want and skip): a document cut inside true, false or null where its
// "schema" is says the document ends, as one cut before the value does
// and as a field of the report's shape cut so does. It named the word's
// first character ("not the character 't'"), one that begins no value.
func TestSchemaCutInWordSaysEnd(t *testing.T) {
	const end = `schema: want a string such as "cachediff/v1", not the end of the document`
	for in, want := range map[string]string{
		`{"schema": `:      `schema: want a string such as "cachediff/v1", not the end of the document`,
		`{"schema": t`:     end,
		`{"schema": tr`:    end,
		`{"schema": fals`:  end,
		`{"schema": nu`:    end,
		`{"schema": true}`: `schema: want a string such as "cachediff/v1", not a boolean`,
		`{"schema": null`:  `schema: want a string such as "cachediff/v1", not null`,
		`{"schema": tx}`:   `schema: want a string such as "cachediff/v1", not the character 't'`,
		`{"schema": tr }`:  `schema: want a string such as "cachediff/v1", not the character 't'`,
	} {
		// As cachediff render reads it: no log (IsLog), a report.
		if IsLog([]byte(in)) {
			t.Fatalf("%s: read as a log", in)
		}
		if _, err := DecodeBytes([]byte(in)); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
}
