package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorsQuoteNames (issue 35 class a): the errors that name a
// package, a record's key, a hash or a dependency put it as the input
// spelled it: a record "abc\n::error::x" with no spec read "record
// abc\n::error::x has no spec" on standard error (Visible), as the
// record of a backslash and n did, and a hash given twice named its two
// packages so. Each is as it is when plain, else quoted in ASCII: no
// message holds a control character, and no two names read alike.
func TestErrorsQuoteNames(t *testing.T) {
	const a, z = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"
	lock := func(roots, specs string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[` + roots + `],"concrete_specs":{` + specs + `}}`
	}
	for _, c := range []struct{ what, data string }{
		{"record", `{"database":{"version":"8","installs":{"NAME":{"ref_count":1}}}}`},
		{"node", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"NAME"}]}}`},
		{"dependency", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"z","hash":"h","dependencies":[{"name":"NAME"}]}]}}`},
		{"twice", `{"database":{"version":"8","installs":{"` + a + `":{"spec":{"name":"NAME","hash":"` + a + `"}},"` + a + `":{"spec":{"name":"z","hash":"` + a + `"}}}}}`},
		{"root", lock(`{"hash":"NAME"}`, `"NAME":{"name":"z","version":"1"}`)},
		{"root missing", lock(`{"hash":"`+z+`","spec":"NAME"}`, `"`+a+`":{"name":"a","version":"1","hash":"`+a+`"}`)},
		{"root hash missing", lock(`{"hash":"NAME","spec":"z"}`, `"`+a+`":{"name":"a","version":"1","hash":"`+a+`"}`)},
		{"dependency missing", lock(`{"hash":"`+a+`","spec":"a"}`, `"`+a+`":{"name":"a","version":"1","hash":"`+a+`","dependencies":[{"name":"NAME","hash":"`+z+`","parameters":{"deptypes":["link"],"virtuals":[]}}]}`)},
		{"dependency hash missing", lock(`{"hash":"`+a+`","spec":"a"}`, `"`+a+`":{"name":"a","version":"1","hash":"`+a+`","dependencies":[{"name":"z","hash":"NAME","parameters":{"deptypes":["link"],"virtuals":[]}}]}`)},
	} {
		seen := map[string]string{}
		for _, name := range []string{`a\n::error::x`, `a\\n::error::x`, `a \u202ex`, `a \\u202ex`} { // as JSON writes them
			_, err := Decode("x.json", []byte(strings.ReplaceAll(c.data, "NAME", name)))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%s, %s: %v, want an *Error", c.what, name, err)
			}
			for _, r := range e.Msg + e.Path {
				if r < ' ' || r == 0x7f || r == '\u202e' {
					t.Errorf("%s, %s: the message holds %q: %v", c.what, name, r, err)
					break
				}
			}
			if other, ok := seen[e.Msg]; ok {
				t.Errorf("%s: the names %s and %s read alike: %s", c.what, name, other, e.Msg)
			}
			seen[e.Msg] = name
		}
	}
}
