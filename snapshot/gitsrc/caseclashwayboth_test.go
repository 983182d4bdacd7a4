package gitsrc

import (
	"strings"
	"testing"
)

// TestCaseClashLinkWayBothSpellings: a link to ../Data/i.json, which git
// does not have, beside data/i.json, is refused even when another link
// leads to ../data/i.json: the second spelling, which the listing has,
// took the first's place among the names on the way, so that nothing was
// judged. HEAD:snap read one index (b.json's, a.json a broken link),
// while a checkout on a case-insensitive file system reads it through
// both links (two indexes, refused there). Either order of the links.
func TestCaseClashLinkWayBothSpellings(t *testing.T) {
	for _, links := range []map[string]string{
		{"snap/a.json": "../Data/i.json", "snap/b.json": "../data/i.json"},
		{"snap/a.json": "../data/i.json", "snap/b.json": "../Data/i.json"},
	} {
		n, err := loadHeadSnap(t, map[string]string{"data/i.json": string(genIndex(t))}, links)
		if err == nil || !strings.Contains(err.Error(), `"data" is "Data", on the way to`) {
			t.Errorf("HEAD:snap, links %v: %d specs, %v; want it refused", links, n, err)
		}
	}
}
