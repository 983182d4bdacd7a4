package gitsrc_test

// The tests load trees of package pages: the page format, package
// catalog, registers itself with package snapshot when linked in.
import _ "github.com/cachediff/cachediff/snapshot/catalog"
