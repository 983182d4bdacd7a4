package diff

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestDepChangesDecodeAsEncodingJSON: DepChanges decodes what
// encoding/json decodes into a []DepChange, to the same values (or an
// error where it gives one), the elements as cachediff writes them read
// in place and any other left to encoding/json, each list made at its
// length.
func TestDepChangesDecodeAsEncodingJSON(t *testing.T) {
	for _, list := range depChangesLists {
		checkDepChangesDecode(t, list)
	}
}

// FuzzDepChangesDecode: DepChanges decodes any list as encoding/json
// does (TestDepChangesDecodeAsEncodingJSON).
func FuzzDepChangesDecode(f *testing.F) {
	for _, list := range depChangesLists {
		f.Add(list)
	}
	f.Fuzz(checkDepChangesDecode)
}

var depChangesLists = []string{
	`[]`, ` [ ] `, `null`,
	`[{"name":"zlib","old_hash":"aaaa","new_hash":"bbbb"}]`,
	"[\n {\n  \"name\": \"zlib\",\n  \"new_hash\": \"b\"\n },\n {\"old_hash\":\"c\",\"name\":\"a\"}\n]",
	`[{}]`, `[{},{}]`, `[{"name":""}]`,
	`[{"name":"a","name":"b"}]`,     // the last wins
	`[{"Name":"a","OLD_HASH":"x"}]`, // another case: encoding/json's fold
	`[{"name":"\u0061\"","new_hash":"b"}]`,
	`[{"name":"a","x":[1,{"y":"]"}],"new_hash":"b"},{"name":"c"}]`,
	"[{\"name\":\"\xff\"}]", // invalid UTF-8: U+FFFD, as encoding/json reads it
	`[{"name":null,"new_hash":"b"}]`,
	`[{"name":1}]`, `[1]`, `["a"]`, `[null]`, `{}`, `"a"`,
}

func checkDepChangesDecode(t *testing.T, list string) {
	doc := []byte(`{"changed":` + list + `}`)
	var got struct {
		Changed DepChanges `json:"changed"`
	}
	var want struct {
		Changed []DepChange `json:"changed"`
	}
	gotErr := json.Unmarshal(doc, &got)
	wantErr := json.Unmarshal(doc, &want)
	if (gotErr != nil) != (wantErr != nil) {
		t.Errorf("%s: error %v, encoding/json's %v", list, gotErr, wantErr)
		return
	}
	if wantErr == nil && !reflect.DeepEqual([]DepChange(got.Changed), want.Changed) {
		t.Errorf("%s: %#v, encoding/json's %#v", list, got.Changed, want.Changed)
	}
	if wantErr == nil && got.Changed != nil && cap(got.Changed) != len(got.Changed) {
		t.Errorf("%s: made for %d, holds %d", list, cap(got.Changed), len(got.Changed))
	}
}
