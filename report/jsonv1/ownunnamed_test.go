package jsonv1

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestOwnCausesBeforeSelf (issue 35 class b/e): cachediff from the
// causes' table (ba4cb518) until why.self (6b92ee0e) wrote a pair's own
// change in the table and nothing named it, so that render refused every
// report of those builds whose pairs changed on their own:
// testdata/spec-v4-v5-fb7836bf.json (fb7836bf over
// testdata/spack-formats' spec.v4 → spec.v5, libdwarf's target moved)
// was "causes.table[3]: no set's reference or override and no why's self
// names it". Such a cause, of a pair whose why has no self and naming
// the pair's own change, is read; one of no such pair, or with changes
// the pair does not have, is still refused.
func TestOwnCausesBeforeSelf(t *testing.T) {
	data, err := os.ReadFile("testdata/spec-v4-v5-fb7836bf.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeBytes(data); err != nil {
		t.Fatalf("fb7836bf's report refused: %v", err)
	}
	const own = `{"name":"libdwarf","old_hash":"sk2gqqz4n5njmvktycnd25wq25jxiqkr","new_hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgh","changes":[{"kind":"target","from":"core2","to":"m1"}]}`
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		t.Fatal(err)
	}
	flat := buf.Bytes()
	if !bytes.Contains(flat, []byte(own)) {
		t.Fatal("no libdwarf's own change in the table of the report")
	}
	for _, tc := range []struct{ name, to, want string }{
		{"other changes", strings.Replace(own, `"to":"m1"`, `"to":"zen2"`, 1), "causes.table[3]: no set's reference or override"},
		{"another pair's hashes", strings.Replace(own, "u5uz3dcch5if4eve4sef67o2rf2lbfgh", "u5uz3dcch5if4eve4sef67o2rf2lbfgg", 1), "causes.table[3]: no set's reference or override"},
	} {
		forged := bytes.Replace(flat, []byte(own), []byte(tc.to), 1)
		_, err := DecodeBytes(forged)
		switch {
		case err == nil:
			t.Errorf("%s: accepted", tc.name)
		case !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: refused for %v, want %q", tc.name, err, tc.want)
		}
	}
}
