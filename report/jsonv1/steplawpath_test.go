package jsonv1

import (
	"os"
	"strings"
	"testing"
)

// TestStepLawPath: a law broken in a log's step is named at its field's
// path in the log, spelt as the log's shape check spells it
// ("steps[1].packages[2].old_file"), not "steps[1]: packages[2].old_file".
func TestStepLawPath(t *testing.T) {
	data, err := os.ReadFile("../../testdata/golden/log-weekly.json")
	if err != nil {
		t.Fatal(err)
	}
	const added = `"status": "added",` + "\n"
	for _, c := range []struct{ from, to, want string }{
		{added, added + `"old_file": "x",` + "\n", `steps[1].packages[2].old_file: "x", but an added package`},
		{added, `"status": "addd",` + "\n", `steps[1].packages[2].status: "addd" is not`},
	} {
		doc := strings.Replace(string(data), c.from, c.to, 1)
		if doc == string(data) {
			t.Fatal("no added package in the log")
		}
		_, err := DecodeLog([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %s", err, c.want)
		}
	}
}
