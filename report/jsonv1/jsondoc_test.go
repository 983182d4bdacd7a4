package jsonv1

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestOptionalFieldsDocumented: every field cachediff may leave out of a
// report or a log (omitempty) is in docs/json.md's list of optional
// fields, whose readers build a schema from it; and the list names no
// field that is always written.
func TestOptionalFieldsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(doc), "- **Optional fields**")
	if !ok {
		t.Fatal("docs/json.md has no list of optional fields")
	}
	list, _, _ = strings.Cut(list, "\n- ")
	optional, always := map[string]bool{}, map[string]bool{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if opts == "omitempty" {
				optional[name] = true
			} else {
				always[name] = true
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[diff.Report]())
	walk(reflect.TypeFor[diff.Series]())
	if len(optional) < 10 {
		t.Fatalf("%d optional fields found: the walk is broken", len(optional))
	}
	for name := range optional {
		if !strings.Contains(list, "`"+name+"`") && !strings.Contains(list, "."+name+"`") {
			t.Errorf("%s may be left out of a report, but the list of optional fields does not name it", name)
		}
	}
	for _, name := range []string{"packages", "summary", "specs", "old", "new", "hash"} {
		if always[name] && !optional[name] && strings.Contains(list, "`"+name+"`") {
			t.Errorf("the list of optional fields names %s, which is always written", name)
		}
	}
}
