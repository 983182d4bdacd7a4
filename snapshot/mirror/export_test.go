package mirror

import (
	"net/http"
	"os"

	"github.com/cachediff/cachediff/internal/atomicfile"
)

// ReadAllToward is readAllToward, for the tests.
var ReadAllToward = readAllToward

// Transport is the transport a store uses when HTTP.Client is nil, for
// tests that give it a proxy of their own (net/http reads HTTPS_PROXY
// once in a process).
func Transport() *http.Transport { return transport().(*http.Transport) }

// SetRemove has the cache's removals of marks made through f until the
// returned func is called (a cache that cannot be written, which
// permissions do not make for root).
func SetRemove(f func(string) error) (restore func()) {
	removeMark = f
	return func() { removeMark = os.Remove }
}

// SetCreateTemp has the cache's files made through f until the returned
// func is called.
func SetCreateTemp(f func(dir, pattern string) (*os.File, error)) (restore func()) {
	createTemp = f
	return func() { createTemp = atomicfile.CreateTemp }
}
