package spackfmt

import (
	"fmt"
	"strings"
	"testing"
)

// TestWarningSpellsVersionlessRecord: a lockfile record without a
// version was named "zlib@" in the warnings about a record no root
// reaches and a record sharing a DAG hash with another, a spelling that
// is no spec (Spack writes a spec at no version by its bare name).
func TestWarningSpellsVersionlessRecord(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	const b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	const c = "cccccccccccccccccccccccccccccccc"
	unreached := fmt.Sprintf(`{"_meta":{"lockfile-version":5},"roots":[{"hash":"%s","spec":"curl"}],"concrete_specs":{"%s":{"name":"curl","version":"1","hash":"%s"},"%s":{"name":"zlib","hash":"%s"}}}`, a, a, a, b, b)
	twin := fmt.Sprintf(`{"_meta":{"lockfile-version":5},"roots":[{"hash":"%s","spec":"curl"},{"hash":"%s","spec":"zlib"}],"concrete_specs":{"%s":{"name":"curl","version":"1","hash":"%s","dependencies":[{"name":"zlib","hash":"%s","parameters":{"deptypes":["link"],"virtuals":[]}}]},"%s":{"name":"zlib","version":"1","hash":"%s"},"%s":{"name":"zlib","hash":"%s"}}}`, a, c, a, a, b, b, b, c, b)
	for _, tc := range []struct{ doc, want string }{
		{unreached, "left out (zlib)"},
		{twin, "(zlib, read as zlib@1)"},
	} {
		s, err := Decode("spack.lock", []byte(tc.doc))
		if err != nil {
			t.Fatal(err)
		}
		var msgs []string
		for _, w := range s.Warnings {
			msgs = append(msgs, w.Message)
		}
		got := strings.Join(msgs, "\n")
		if !strings.Contains(got, tc.want) || strings.Contains(got, "zlib@,") || strings.Contains(got, "zlib@)") {
			t.Errorf("warnings %q; want %q in them, and no \"zlib@\"", got, tc.want)
		}
	}
}
