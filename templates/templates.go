// Package templates holds cachediff's built-in report templates (*.tmpl),
// embedded in the binary. Package report parses them once and renders them;
// this package only owns the files.
package templates

import "embed"

// FS holds the built-in templates.
//
//go:embed *.tmpl
var FS embed.FS
