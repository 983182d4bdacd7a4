package jsonv1

import (
	"github.com/cachediff/cachediff/report"
	"strings"
	"testing"
)

// TestUnknownKeyInPathQuoted (issue 35 class e: a message that quotes
// input raw, or reads two ways): an error inside a value render does not
// know named the keys of its path as written, after a dot: a key "a.b"
// read as the keys a and b, a key "" as a list's first element ("[0]"),
// and a key of 100,000 letters was written whole. A key that is no
// field's name is written as a count object's value is, ["key"], quoted
// and cut; a field's name stays as it is.
func TestUnknownKeyInPathQuoted(t *testing.T) {
	data := string(jsonOf(t, fullReportOf(t, 18, 3)))
	const top = `"schema": "cachediff/v1",`
	long := strings.Repeat("k", 100_000)
	for _, c := range []struct{ name, new, want string }{
		{"plain", `"_x": {"a": {"c": 1, "c": 2}},`, `: _x.a: key "c" is there twice`},
		{"a dot", `"_x": {"a.b": {"c": 1, "c": 2}},`, `: _x["a.b"]: key "c" is there twice`},
		{"two keys", `"_x": {"a": {"b": {"c": 1, "c": 2}}},`, `: _x.a.b: key "c" is there twice`},
		{"empty", `"_x": {"": {"c": 1, "c": 2}},`, `: _x[""]: key "c" is there twice`},
		{"empty at the top", `"": {"c": 1, "c": 2},`, `: [""]: key "c" is there twice`},
		{"a newline", `"_x": {"a\n::error::b": {"c": 1, "c": 2}},`, `: _x["a\n::error::b"]: key "c" is there twice`},
		{"a dot at the top", `"_x.y": {"c": 1, "c": 2},`, `: ["_x.y"]: key "c" is there twice`},
		{"long", `"_x": {"` + long + `": {"c": 1, "c": 2}},`, `: _x["` + strings.Repeat("k", 32) + report.CutMark(long) + `"]: key "c" is there twice`},
		{"a bad value", `"_x": {"a b": [1, {"b": -}]},`, `: _x["a b"][1].b: want a JSON number`},
	} {
		_, err := DecodeBytes([]byte(strings.Replace(data, top, top+c.new, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if err != nil && len(err.Error()) > 1000 {
			t.Errorf("%s: a message of %d bytes", c.name, len(err.Error()))
		}
	}
}
