package spackfmt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkipErrorPath (issue 35 class e: a message that misnames where):
// a syntax error inside a value the decoder skips names the key or index
// it is at, as one in a value read does. It named the path where
// skipping began: "pic": truex in a legacy index (whose installs are
// skipped whole) read `database.installs: …`.
func TestSkipErrorPath(t *testing.T) {
	index, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", "index.v6-legacy-yaml.json"))
	if err != nil {
		t.Fatal(err)
	}
	const at = "database.installs.t5mczux3tfqpxwmg7egp7axy2jvyulqk.spec."
	for _, c := range []struct{ old, new, want string }{
		{`"pic": true`, `"pic": truex`, at + `parameters.pic: want a value, not "truex"`},
		{`"sse2"`, `tru`, at + `arch.target.features[2]: want a value, not "tru"`},
		{`"ssse3"`, `"ssse3" "x"`, at + `arch.target.features: want ',' or ']' in an array, not a string`},
		{`"pic": true,`, `"pic": true "x",`, at + `parameters: want ',' or '}' in an object, not a string`},
		{`"pic": true,`, `"pic" true,`, at + `parameters: want ':' after a key, not a boolean`},
		{`"pic": true,`, `"pic": true, 5,`, at + `parameters: want a key, not a number`},
		{`"nocona"`, `"nocona", 1e`, at + `arch.target.parents[1]: want ` + aNumber + `, not "1e"`},
		{`"ldlibs": []`, `"ldlibs": [[], {}, [1, -]]`, at + `parameters.ldlibs[2][1]: want ` + aNumber + `, not "-"`},
	} {
		in := strings.Replace(string(index), c.old, c.new, 1)
		if in == string(index) {
			t.Fatalf("no %s in the index", c.old)
		}
		_, err := Decode("index.json", []byte(in))
		if err == nil || !strings.HasSuffix(err.Error(), ": "+c.want) {
			t.Errorf("%s: %v; want %s", c.new, err, c.want)
		}
	}
}

// TestSkipAllocFlat: skip allocates nothing more for a larger value,
// keys and indexes on the way kept or not (a value that reads keeps
// none).
func TestSkipAllocFlat(t *testing.T) {
	value := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`{"a": [`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"k": [1, -2.5e3, "s", true, null, {"x": {}}], "m": []}`)
		}
		b.WriteString(`]}`)
		return []byte(b.String())
	}
	allocs := func(n int) float64 {
		data := value(n)
		return testing.AllocsPerRun(20, func() {
			s := newScanner("x.json", data)
			if err := s.skip(); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(100), allocs(400)
	t.Logf("allocations: %v, %v", small, large)
	if large > small || large > 3 {
		t.Errorf("skip of 100 values: %v allocations, of 400: %v; want as few, and at most 3", small, large)
	}
}
