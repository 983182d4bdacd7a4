package catalog

import (
	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/snapshot"
)

// newInterner is a fast path's table of strings, as a loading goroutine
// has (state.in).
func newInterner() *intern.Table { return intern.New() }

// Test shims: ways into the package that only its tests need.

// parsePage decodes one page as Load does, with a fresh fast path of its
// own (no interning, no canonicalization cache shared with anything).
func parsePage(file string, data []byte, raw bool) (*snapshot.Package, snapshot.RuleCounts, []snapshot.Warning, error) {
	return decodeAlone(file, data, raw, &state{})
}

// parseGeneral decodes one page by the general path alone (yaml.v3 and
// encoding/json): the oracle the fast path is tested against.
func parseGeneral(file string, data []byte, raw bool) (*snapshot.Package, snapshot.RuleCounts, []snapshot.Warning, error) {
	return decodeAlone(file, data, raw, generalOnly)
}

// decodeAlone decodes one page with st, and a Finisher of its own.
func decodeAlone(file string, data []byte, raw bool, st *state) (*snapshot.Package, snapshot.RuleCounts, []snapshot.Warning, error) {
	return decodeWith(file, data, snapshot.Options{Raw: raw, Tarballs: true}, st)
}

// decodeWith decodes one page with st (nil: by the general path alone),
// and a Finisher of its own that follows opt.
func decodeWith(file string, data []byte, opt snapshot.Options, st *state) (*snapshot.Package, snapshot.RuleCounts, []snapshot.Warning, error) {
	f := snapshot.NewFinisher(opt)
	pkgs, warnings, err := decodePage(file, data, f, st)
	if err != nil {
		return nil, nil, nil, err
	}
	return pkgs[0], f.Counts(), warnings, nil
}

// generalOnly is the page decoder's state for the general path alone:
// none (decodePage), so that every step goes to the general path.
var generalOnly *state

// fastSpecList decodes a spec_details value by the fast scanner alone. ok
// is false when the general path must decide.
func fastSpecList(data []byte, in *intern.Table) (specs specList, ok bool) {
	return fastSpecListBuf(data, in, &scanBufs{}, nil, true)
}
