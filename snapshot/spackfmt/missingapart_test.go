package spackfmt

import (
	"strings"
	"testing"
)

// TestMissingDepsReadApart (lead (a) of the second pass over the
// loaders): the warning of a dependency not in the file cut both hashes
// to 7 bytes, so that two records named z, of hashes alike in their
// first 7, each depending on a y of a hash alike in its first 7 and
// absent, both warned "z/aaaaaaa: dependency y/ccccccc is not in the
// file": two edges read as one. Each warning names the hashes whole.
func TestMissingDepsReadApart(t *testing.T) {
	rec := func(h, dep string) string {
		return `"` + h + `":{"spec":{"name":"z","version":"1","hash":"` + h + `","dependencies":[{"name":"y","hash":"` + dep + `","parameters":{"deptypes":["link"],"virtuals":[]}}]},"ref_count":0,"in_buildcache":true}`
	}
	a, b := "aaaaaaa"+strings.Repeat("b", 25), "aaaaaaa"+strings.Repeat("c", 25)
	da, db := "ccccccc"+strings.Repeat("d", 25), "ccccccc"+strings.Repeat("e", 25)
	index := `{"database":{"version":"8","installs":{` + rec(a, da) + `,` + rec(b, db) + `}}}`
	set, err := Decode("index.json", []byte(index))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range set.Warnings {
		got = append(got, w.Message)
	}
	want := []string{"z/" + a + ": dependency y/" + da + missingSuffix, "z/" + b + ": dependency y/" + db + missingSuffix}
	if len(got) != 2 || !(got[0] == want[0] && got[1] == want[1] || got[0] == want[1] && got[1] == want[0]) {
		t.Errorf("warnings %q; want %q, each edge apart", got, want)
	}
}
