package snapshot

import "github.com/cachediff/cachediff/internal/intern"

// Test shims: ways into the package that only its tests need.

// parsePage decodes one page as Load does, with a fresh fast path of its
// own (no interning, no canonicalization cache shared with anything).
func parsePage(file string, data []byte, raw bool) (*Package, RuleCounts, []Warning, error) {
	return decodePage(file, data, pageOptions{raw: raw, tarballs: true}, &loadState{})
}

// parseGeneral decodes one page by the general path alone (yaml.v3 and
// encoding/json): the oracle the fast path is tested against.
func parseGeneral(file string, data []byte, raw bool) (*Package, RuleCounts, []Warning, error) {
	return decodePage(file, data, pageOptions{raw: raw, tarballs: true}, generalOnly)
}

// generalOnly is the page decoder's state for the general path alone:
// none (decodePage), so that every step goes to the general path and
// canonicalization keeps no cache.
var generalOnly *loadState

// newInterner is a fast path's table of strings, as a loading goroutine
// has (loadState.in).
func newInterner() *intern.Table { return intern.New() }

// fastSpecList decodes a spec_details value by the fast scanner alone. ok
// is false when the general path must decide.
func fastSpecList(data []byte, in *intern.Table) (specs specList, ok bool) {
	return fastSpecListBuf(data, in, &scanBufs{}, false, true)
}

// Canonical returns s with every rule of facet applied: what a string of
// that facet looks like after loading. Facet is "compiler", "version" or
// "variant".
func Canonical(facet, s string) string {
	return newCanonicalizer().str(facet, s)
}
