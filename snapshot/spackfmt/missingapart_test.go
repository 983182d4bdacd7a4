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
	got := indexWarnings(t, index)
	want := []string{"z/" + a + ": dependency y/" + da + missingSuffix, "z/" + b + ": dependency y/" + db + missingSuffix}
	if len(got) != 2 || !(got[0] == want[0] && got[1] == want[1] || got[0] == want[1] && got[1] == want[0]) {
		t.Errorf("warnings %q; want %q, each edge apart", got, want)
	}
}

// TestRenamedDepsReadApart (as TestMissingDepsReadApart): the warning
// of a dependency named for another package than its spec's cut both
// hashes to 7 bytes, so that two specs z whose hashes begin alike, each
// with a dependency named y whose spec, of package w, has a hash
// beginning alike, both warned `z/aaaaaaa: dependency "y" is ccccccc, a
// spec of "w"`: two edges read as one. Each names the hashes whole.
func TestRenamedDepsReadApart(t *testing.T) {
	rec := func(name, h, dep string) string {
		deps := ""
		if dep != "" {
			deps = `,"dependencies":[{"name":"y","hash":"` + dep + `","parameters":{"deptypes":["link"],"virtuals":[]}}]`
		}
		return `"` + h + `":{"spec":{"name":"` + name + `","version":"1","hash":"` + h + `"` + deps + `},"ref_count":0,"in_buildcache":true}`
	}
	a, b := "aaaaaaa"+strings.Repeat("b", 25), "aaaaaaa"+strings.Repeat("c", 25)
	da, db := "ccccccc"+strings.Repeat("d", 25), "ccccccc"+strings.Repeat("e", 25)
	index := `{"database":{"version":"8","installs":{` + rec("z", a, da) + `,` + rec("z", b, db) + `,` + rec("w", da, "") + `,` + rec("w", db, "") + `}}}`
	got := indexWarnings(t, index)
	if len(got) != 2 || got[0] == got[1] {
		t.Fatalf("warnings %q; want two, each edge apart", got)
	}
	for _, w := range []string{"z/" + a + `: dependency "y" is ` + da + `, a spec of "w"`, "z/" + b + `: dependency "y" is ` + db + `, a spec of "w"`} {
		if !strings.HasPrefix(got[0], w) && !strings.HasPrefix(got[1], w) {
			t.Errorf("warnings %q; want one beginning %s", got, w)
		}
	}
}

// indexWarnings is the messages of the warnings of index, an index.json
// Decode reads.
func indexWarnings(t *testing.T, index string) []string {
	t.Helper()
	set, err := Decode("index.json", []byte(index))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range set.Warnings {
		got = append(got, w.Message)
	}
	return got
}
