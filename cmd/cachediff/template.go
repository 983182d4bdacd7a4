package main

import (
	"errors"
	"fmt"
	"io"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/report/sandbox"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/input"
)

// readTemplateFile reads a --template file: a regular file (not
// /dev/zero), up to its size, refused after its head when the head is
// binary, with the message --template - gives (input.ReadAtMost): a
// template copies what is not an action to the output as it is.
func readTemplateFile(path string) ([]byte, error) {
	// Not through a link out of the work tree or into .git (inputLinks):
	// a template copies its text into the report.
	if err := inputLinks("--template", path); err != nil {
		return nil, err
	}
	// OpenRegular names path as the template's own errors name it
	// (snapshot.ShownPath: in ASCII where it is not).
	f, size, err := jsonv1.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > sandbox.MaxTemplate {
		// Refused before it is read: a file of gigabytes was read whole
		// to be refused by its parse.
		return nil, sandbox.TooLarge(snapshot.ShownPath(path), size)
	}
	text, err := input.ReadAtMost(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", snapshot.ShownPath(path), err)
	}
	return text, nil
}

// templateRenderer renders with a user template (--template), within lim
// (zero fields: the defaults): a template stopped for running too long
// says which flag gives it longer.
func templateRenderer(t *template.Template, lim sandbox.Limits) report.Renderer {
	return func(w io.Writer, r *diff.Report, o report.Options) error {
		err := sandbox.Execute(w, t, r, o, lim)
		if le := (*sandbox.LimitError)(nil); errors.As(err, &le) && le.Limit == sandbox.LimitTime {
			return fmt.Errorf("%w; --template-timeout raises it", err)
		}
		return err
	}
}
