package gitsrc

import "testing"

// TestLinkBackThroughTheTree: a link that climbs out of the folder given
// as REV:PATH and comes back through it by its name (cache/x →
// ../cache/../store/x) leads where it does on disk. The folder itself
// was missing from its own listing, so such a link was "broken" from
// git: the index it leads to dropped with a warning ("no package pages
// found") while a folder on disk read it.
func TestLinkBackThroughTheTree(t *testing.T) {
	checkIndexLinkAsOnDisk(t, "../cache/../store/index.json")
}
