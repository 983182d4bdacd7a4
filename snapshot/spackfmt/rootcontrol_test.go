package spackfmt

import (
	"strings"
	"testing"
)

// TestRootSpecControlRefused (class a/b): a root's spec holding NUL or
// another control character that is no whitespace was read as written,
// and the diff joins a spec's root spellings on NUL and \x01 where it
// keys its stacks (respellStacks): the spellings "zlib\x00x" and zlib, x
// read as one list. Spack's spec parser reads no such character but in a
// quoted value, and no spec Spack writes holds one: the lockfile is
// refused, naming the root and the character quoted. Whitespace (a
// newline, a tab) is read as before.
func TestRootSpecControlRefused(t *testing.T) {
	const h = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	lock := func(spec string) []byte {
		return []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + h + `","spec":"` + spec + `"}],"concrete_specs":{"` + h + `":{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},"hash":"` + h + `"}}}`)
	}
	for spec, want := range map[string]string{
		`zlib\u0000x`:         `roots[0].spec: "zlib\x00x" holds the control character "\x00"`,
		`zlib\u0000`:          `roots[0].spec: "zlib\x00" holds the control character "\x00"`,
		`zlib v='a\u0001b'`:   `roots[0].spec: "zlib v='a\x01b'" holds the control character "\x01"`,
		`zlib\u001b[31m`:      `roots[0].spec: "zlib\x1b[31m" holds the control character "\x1b"`,
		`zlib\nx`:             "",
		"zlib\\t+x":           "",
		`zlib\u001fx \u202ey`: "",
		// Each other control character Python's str.split takes for
		// whitespace (\v, \f, \r, \x1c to \x1e) is read as before.
		`zlib\u000bx`: "",
		`zlib\u000cx`: "",
		`zlib\rx`:     "",
		`zlib\u001cx`: "",
		`zlib\u001dx`: "",
		`zlib\u001ex`: "",
	} {
		_, err := Decode("spack.lock", lock(spec))
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v; want it read", spec, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: err %v; want %q", spec, err, want)
		}
	}
}
