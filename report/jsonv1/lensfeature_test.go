package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestCausesListsBoundNewerFeatureFirst (issue 35 class e): a report
// that lists a feature this cachediff does not know is refused for the
// feature before any other error (docs/json.md, versioning), but with
// causes' lists longer than this cachediff's bounds let them be (a newer
// cachediff's feature may name sets from where this one does not look)
// render said "causes.sets: 2060 sets, but the report names at most
// ...", sending the reader to the sets of a report it cannot read.
func TestCausesListsBoundNewerFeatureFirst(t *testing.T) {
	js := jsonOf(t, chainHubReport(t, 60, 1))
	const want = `features[2]: "zz" is not a feature this cachediff reads (want based-sets, set-overrides; a newer cachediff wrote this report)`
	feat := []byte(`"set-overrides"`)
	if !bytes.Contains(js, feat) {
		t.Fatal("the chainhub report lists no set-overrides")
	}
	js = bytes.Replace(js, feat, []byte(`"set-overrides", "zz"`), 1)
	for _, tc := range []struct{ key, elem string }{
		{"sets", `[]`},
		{"paths", `{"name":"a"}`},
		{"table", `{"name":"a","changes":[{"kind":"version"}]}`},
	} {
		open := []byte(`"` + tc.key + `": [`)
		i := bytes.Index(js, open) + len(open)
		var b bytes.Buffer
		b.Write(js[:i])
		b.WriteString(strings.Repeat(tc.elem+",", 2000))
		b.Write(js[i:])
		if _, err := DecodeBytes(b.Bytes()); err == nil || err.Error() != want {
			t.Errorf("causes.%s lengthened, with a feature \"zz\": got %v, want %q", tc.key, err, want)
		}
	}
}
