package jsonv1

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestSchemaKeyTwiceEitherOrder (issue 35 class e): a document with its
// "schema" key written twice (escaped or not) is refused for the key,
// whichever value comes first. Where the first named a schema this
// cachediff does not read, the refusal was for that schema ("schema
// "cachediff/v2" is not one this cachediff reads"), and with the two
// the other way round for the key twice (checkShape): the order of the
// keys chose the message, as it did for "features" twice. A newer
// feature is named first either way, as where checkShape refuses the
// key.
func TestSchemaKeyTwiceEitherOrder(t *testing.T) {
	based, log := chainUpdJSON(t, 60)
	newer := bytes.Replace(based, []byte(`"based-sets"`), []byte(`"based-sets", "zz"`), 1)
	// decode reads data as cachediff render does.
	decode := func(data []byte) error {
		if IsLog(data) {
			_, err := DecodeLog(data)
			return err
		}
		_, err := DecodeBytes(data)
		return err
	}
	for _, tc := range []struct {
		what       string
		data       []byte
		known      string // the schema it has
		other      string // one this cachediff does not read
		first, key string // the first key, and the second
		want       string
	}{
		{"a report", based, "cachediff/v1", "cachediff/v2", `"schema"`, `"schema"`, `key "schema" is there twice`},
		{"a report, escaped", based, "cachediff/v1", "cachediff/v2", `"schema"`, `"\u0073chema"`, `key "schema" is there twice`},
		{"a newer report", newer, "cachediff/v1", "cachediff/v2", `"schema"`, `"schema"`, `features[1]: "zz" is not a feature this cachediff reads`},
		{"a log", log, "cachediff/log/v1", "cachediff/log/v2", `"schema"`, `"schema"`, `key "schema" is there twice`},
	} {
		was := fmt.Sprintf(`"schema": %q,`, tc.known)
		if !bytes.Contains(tc.data, []byte(was)) {
			t.Fatalf("%s: no %s in it", tc.what, was)
		}
		var errs []string
		for _, values := range [][2]string{{tc.known, tc.other}, {tc.other, tc.known}} {
			to := fmt.Sprintf(`%s: %q, %s: %q,`, tc.first, values[0], tc.key, values[1])
			err := decode(bytes.Replace(tc.data, []byte(was), []byte(to), 1))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s, %s: %v; want an error with %q", tc.what, to, err, tc.want)
			}
			errs = append(errs, fmt.Sprint(err))
		}
		if errs[0] != errs[1] {
			t.Errorf("%s: the order of the values chose the message:\n%s\n%s", tc.what, errs[0], errs[1])
		}
	}
}
