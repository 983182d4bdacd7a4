package mirror

import "net/http"

// ReadAllToward is readAllToward, for the tests.
var ReadAllToward = readAllToward

// Transport is the transport a store uses when HTTP.Client is nil, for
// tests that give it a proxy of their own (net/http reads HTTPS_PROXY
// once in a process).
func Transport() *http.Transport { return transport().(*http.Transport) }
