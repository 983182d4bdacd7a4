package markdown

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/report/view"
)

// FuzzDecodeLog: any bytes at all are either refused by DecodeLog, with
// an error of one line, or render as a log in every format: the JSON
// again the same document, and Markdown under --max-bytes within the
// limit (or a *view.TooSmallError).
func FuzzDecodeLog(f *testing.F) {
	for i, seed := range []uint64{11, 12} {
		snaps := reporttest.GenSeries(seed, 4+i, 3+i)
		for k, s := range snaps {
			if i == 1 {
				s.Rev = strings.Repeat(string(rune('a'+k)), 40)
				s.Date = "2026-10-0" + string(rune('1'+k)) + "T00:00:00Z"
			}
		}
		var buf bytes.Buffer
		w, s := stepLog(f, snaps, "json", &buf, report.LogOptions{})
		if err := w.Finish(s); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"schema": "cachediff/log/v1", "steps": [], "snapshots": [{"path": "a"}], "timeline": {"packages": []}}`))
	f.Add([]byte(`{"schema": "cachediff/log/v1"}`))
	f.Add([]byte(`{"schema": "cachediff/log/v1", "steps": [{}], "snapshots": [], "timeline": {}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := jsonv1.DecodeLog(data)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("an error that is not one line: %q", msg)
			}
			return
		}
		render := func(l *jsonv1.Log, format string, o report.LogOptions) (string, error) {
			var buf bytes.Buffer
			w, err := report.NewLogWriter(format, &buf, o)
			if err != nil {
				t.Fatal(err)
			}
			err = jsonv1.WriteLog(w, l)
			return buf.String(), err
		}
		js, err := render(l, "json", report.LogOptions{})
		if err != nil {
			t.Fatalf("json: %v", err)
		}
		l2, err := jsonv1.DecodeLog([]byte(js))
		if err != nil {
			t.Fatalf("the JSON of a decoded log: %v", err)
		}
		if again, err := render(l2, "json", report.LogOptions{}); err != nil || again != js {
			t.Fatalf("the JSON of a decoded log's JSON differs (%v):\n%s\n\nwas:\n%s", err, again, js)
		}
		for _, format := range []string{"md", "text"} {
			if _, err := render(l, format, report.LogOptions{}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
		}
		for _, limit := range []int{1, 2000, 65536} {
			out, err := render(l, "md", report.LogOptions{Options: report.Options{MaxBytes: limit, Marker: report.GitHubMarker}})
			var small *view.TooSmallError
			switch {
			case errors.As(err, &small):
				if small.Min <= limit {
					t.Fatalf("--max-bytes %d: too small, with a minimum of %d", limit, small.Min)
				}
			case err != nil:
				t.Fatalf("--max-bytes %d: %v", limit, err)
			case len(out) > limit:
				t.Fatalf("--max-bytes %d: %d bytes", limit, len(out))
			}
		}
	})
}
