package gitsrc

import (
	"strings"
	"testing"
)

// TestCaseClashLinkWayInASCII: a link's way through a name in another
// case names both names in ASCII, and the link's target as every message
// spells one (linkword): quoted raw, d\u0430ta (its а Cyrillic) read as
// the folder data of another name.
func TestCaseClashLinkWayInASCII(t *testing.T) {
	newIndex := genNewIndex(t)
	_, err := loadHeadSnap(t, map[string]string{"dаta/i.json": string(newIndex), "snap/x.md": "x\n"}, map[string]string{"snap/cache.json": "../dаta/I.json"})
	if err == nil {
		t.Fatal("HEAD:snap through dаta/I.json beside dаta/i.json loaded; want it refused")
	}
	msg := err.Error()
	for _, want := range []string{`"d\u0430ta/i.json" is "d\u0430ta/I.json", on the way to "../d\u0430ta/I.json", which`} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal: %s\nwant it to hold %s", msg, want)
		}
	}
	for i := 0; i < len(msg); i++ {
		if msg[i] >= 0x80 {
			t.Fatalf("refusal holds a byte not ASCII at %d: %s", i, msg)
		}
	}
}
