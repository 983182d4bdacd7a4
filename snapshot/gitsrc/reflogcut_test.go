package gitsrc

import (
	"strings"
	"testing"
)

// TestRefLogWhyCut (class c): git's reflog reason of 2 KB and more in
// ASCII is cut about its mark (refLogWhy, efcae2fb); undone, no test
// failed. A branch named 3,000 letters deep: "log for '…' only has 1
// entries" passed on within 2.1 KB, its end kept. No git run.
func TestRefLogWhyCut(t *testing.T) {
	name := strings.Repeat("r", 3000)
	why := refLogWhy(name+"@{5}", &gitError{args: []string{"rev-parse"}, code: 128, stderr: "log for '" + name + "' only has 1 entries"})
	if !strings.HasSuffix(why, `' only has 1 entries"`) || len(why) > 2100 {
		t.Errorf("a reflog reason of 3 KB: %d bytes, %.80s…; want it cut within 2.1 KB, its end kept", len(why), why)
	}
}
