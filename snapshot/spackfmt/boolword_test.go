package spackfmt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMisspeltBooleanNamed (issue 35 class e: a message that names the
// wrong thing): a boolean misspelt as a longer word ("truex", a
// variant's or a record's in_buildcache) is named as the word, with
// what was wanted. It was read as true followed by a wrong byte: "want
// ',' or '}' in an object, not 'x'", at the object's path, as if a comma
// were missing; and where a value of another kind was wanted it was
// named "a boolean".
func TestMisspeltBooleanNamed(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	const bs = `"build_system":"generic",`
	variant := func(v string) string { return strings.Replace(string(spec), bs, bs+`"shared":`+v+`,`, 1) }
	inCache := func(v string) string {
		return strings.Replace(string(index), `"in_buildcache":true`, `"in_buildcache":`+v, 1)
	}
	for _, c := range []struct{ in, want string }{
		{variant("truex"), `spec.nodes[0].parameters.shared: want a boolean (true or false), not "truex"`},
		{variant("falsey"), `spec.nodes[0].parameters.shared: want a boolean (true or false), not "falsey"`},
		{variant("true1"), `spec.nodes[0].parameters.shared: want a boolean (true or false), not "true1"`},
		{variant("True"), `spec.nodes[0].parameters.shared: want a value, not "True"`},
		{inCache("truex"), `database.installs.rqh2vuf6fqwkmipzgi2wjx352mq7y7ez.in_buildcache: want a boolean (true or false), not "truex"`},
		{inCache("True"), `database.installs.rqh2vuf6fqwkmipzgi2wjx352mq7y7ez.in_buildcache: want a boolean, not "True"`},
		{`{"spec": truex}`, `spec: want an object, not "truex"`},
		{`{"spec": nulls}`, `spec: want an object, not "nulls"`},
		{`{"spec": {"_meta": {"x": truex}}}`, `spec._meta.x: want a value, not "truex"`},
		// Words whole are read, and named, as before.
		{variant("true"), ""},
		{variant("false"), ""},
		{`{"spec": true}`, "spec: want an object, not a boolean"},
	} {
		_, err := Decode("x.json", []byte(c.in))
		if c.want == "" {
			if err != nil {
				t.Errorf("%.80s: %v", c.in, err)
			}
			continue
		}
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%.80s: %v; want %s", c.in, err, c.want)
		}
	}
	// A word of megabytes is clipped in the message.
	in := `{"spec": true` + strings.Repeat("x", 1<<20) + `}`
	if _, err := Decode("x.spec.json", []byte(in)); err == nil || len(err.Error()) > 2*maxQuoted+100 {
		t.Errorf("a long misspelt word: %v; want it clipped", err)
	}
}
