package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// closeSpy is a log writer that counts what is done to it.
type closeSpy struct {
	report.LogWriter
	steps, finished, closed int
}

func (s *closeSpy) Step(r *diff.Report) error   { s.steps++; return s.LogWriter.Step(r) }
func (s *closeSpy) Finish(x *diff.Series) error { s.finished++; return s.LogWriter.Finish(x) }
func (s *closeSpy) Close() error                { s.closed++; return s.LogWriter.Close() }

// TestLogClosesWriterOnFailedStep: a log whose third snapshot does not
// load never reaches Finish, which closed a Markdown or text log's
// temporary file (spill); on Windows an open file is not removed, so it
// stayed (issue 35). The command closes its writer on every exit path:
// the failed step, and the log written, and render too.
func TestLogClosesWriterOnFailedStep(t *testing.T) {
	t.Chdir("../..")
	saved := newLogWriter
	t.Cleanup(func() { newLogWriter = saved })
	var spies []*closeSpy
	newLogWriter = func(format string, w io.Writer, o report.LogOptions) (report.LogWriter, error) {
		lw, err := saved(format, w, o)
		s := &closeSpy{LogWriter: lw}
		spies = append(spies, s)
		return s, err
	}
	savedLog := t.TempDir() + "/log.json"
	for _, c := range []struct {
		name       string
		args       []string
		code       int
		steps, fin int
	}{
		{"failed step md", []string{"log", weeks[0], weeks[1], t.TempDir()}, 2, 1, 0},
		{"failed step text", []string{"log", "-f", "text", weeks[0], weeks[1], t.TempDir()}, 2, 1, 0},
		{"written", []string{"log", "-f", "json", "-o", savedLog, weeks[0], weeks[1], weeks[2]}, 1, 2, 1},
		{"render", []string{"render", "-f", "text", savedLog}, 1, 2, 1},
	} {
		spies = nil
		var out, errb bytes.Buffer
		code := run(c.args, &out, &errb)
		if code != c.code || len(spies) != 1 {
			t.Fatalf("%s: exit %d with %d writers, want %d with 1\n%s", c.name, code, len(spies), c.code, errb.String())
		}
		if s := spies[0]; s.steps != c.steps || s.finished != c.fin || s.closed != 1 {
			t.Errorf("%s: %d steps, Finish %d times, Close %d times; want %d steps, Finish %d times, Close once", c.name, s.steps, s.finished, s.closed, c.steps, c.fin)
		}
	}
}
