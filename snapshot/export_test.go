package snapshot

import "testing"

// Test shims: ways into the package that only its tests need.

// pageDecoder is the package-page format, registered by package catalog,
// which an external test file links in (catalog_link_test.go): the tests
// load trees of pages.
func pageDecoder(t testing.TB) Decoder {
	for _, d := range registered {
		if _, ok := d.(Fallback); ok {
			return d
		}
	}
	t.Fatal("no page decoder registered: catalog_link_test.go links package catalog in")
	return nil
}

// parsePage decodes one page as Load does, with a loading state of its
// own (nothing shared with anything).
func parsePage(t testing.TB, file string, data []byte, raw bool) (*Package, RuleCounts, []Warning, error) {
	pkgs, counts, warnings, _, err := decodeOther(pageDecoder(t), file, data, Options{Raw: raw, Tarballs: true}, &loadState{}, true)
	if err != nil {
		return nil, nil, nil, err
	}
	return pkgs[0], counts, warnings, nil
}
