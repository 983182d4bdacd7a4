package spackfmt

// Unwrap returns the text inside a clear-signed message (RFC 4880 §7), as
// Spack writes signed spec files and signed spec manifests, or data as it
// is when it is not one. The signature is not verified. A message cut
// short, or one followed by a second message or other data, is an error
// naming file, as for a signed spec file. Line numbers of the returned
// text are those of data (the wrapper is blanked, not cut).
func Unwrap(file string, data []byte) ([]byte, error) { return unwrapSigned(file, data) }

// TextBeforeSigned returns an error when data, text that failed to read
// as JSON, holds a clear-signed message after other text (Spack finds the
// message there, and the text above it would be lost); nil otherwise.
func TextBeforeSigned(file string, data []byte) error { return textBeforeSigned(file, data) }
