package gitsrc

import (
	"strings"
	"testing"
)

// TestMirrorResolveQuotesFile (class c): each error of a git tree's
// mirror that names a file of it by shownRel (c583a222: a file too big,
// one it does not hold, a link to none, a link out of it) was written
// raw before, and undone alone, each failed no test. Asked here of a
// folder zlіb (its і Cyrillic), each names the file in ASCII.
func TestMirrorResolveQuotesFile(t *testing.T) {
	dir := "zl\u0456b"
	m := headMirror(t, commitFiles(t, map[string]string{"m/v3/layout.json": `{"signing": false}`, "m/" + dir + "/big.json": "{}\n"},
		map[string]string{"m/" + dir + "/none": "nothing", "m/" + dir + "/out": "../../../x"}))
	_, tooBig := m.GetMany([]string{dir + "/big.json"}, 1)
	_, absent := m.resolve(dir + "/absent.json")
	_, toNone := m.resolve(dir + "/none")
	_, out := m.resolve(dir + "/out")
	for what, err := range map[string]error{"too big": tooBig, "absent": absent, "a link to none": toNone, "a link out": out} {
		if err == nil || !strings.HasPrefix(err.Error(), `"zl\u0456b/`) || strings.ContainsRune(err.Error(), '\u0456') {
			t.Errorf("%s: %v; want the file named first, in ASCII", what, err)
		}
	}
}
