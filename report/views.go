package report

import "github.com/cachediff/cachediff/report/view"

// The layout of a report as text is package view's: these names keep
// report's API (and the .View of templates) as it was.
type (
	// View is a report laid out as text (view.View).
	View = view.View
	// Section is one section of a View (view.Section).
	Section = view.Section
	// TooSmallError is a --max-bytes below the smallest report
	// (view.TooSmallError).
	TooSmallError = view.TooSmallError
)
