package main

import (
	"errors"
	"fmt"
	"io"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// templateRenderer renders with a user template (--template), within the
// limits of report.Limits: a template stopped for running too long says
// which flag gives it longer.
func templateRenderer(t *template.Template) report.Renderer {
	return func(w io.Writer, r *diff.Report, o report.Options) error {
		err := report.Execute(w, t, r, o)
		if le := (*report.LimitError)(nil); errors.As(err, &le) && le.Limit == report.LimitTime {
			return fmt.Errorf("%w; --template-timeout raises it", err)
		}
		return err
	}
}
