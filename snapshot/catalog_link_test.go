package snapshot_test

// The tests of package snapshot load trees of package pages: the page
// format, package catalog, registers itself when linked in.
import _ "github.com/cachediff/cachediff/snapshot/catalog"
