package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRetryNotice (adversarial pass 217f, issue 35 classes d and e): a
// mirror retried for minutes said nothing on standard error until the
// final error, and a CI log looked hung. Unless -q, each retry is a
// line, "cachediff: " and the mirror's message, its control characters
// made visible (a hostile server's reason holds no workflow command of
// its own line); on a terminal the progress line is cleared first.
func TestRetryNotice(t *testing.T) {
	var buf bytes.Buffer
	c := &cli{stderr: &buf}
	so := c.sourceOptions(&options{})
	if so.HTTP == nil || so.HTTP.Retrying == nil {
		t.Fatal("sourceOptions: no Retrying set; want each retry told")
	}
	so.HTTP.Retrying("\"https://m.example/x\": HTTP 503 down\n::error::forged; trying again in 500ms (attempt 2 of 4)")
	got := buf.String()
	if want := "cachediff: \"https://m.example/x\": HTTP 503 down"; !strings.HasPrefix(got, want) || strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "(attempt 2 of 4)\n") {
		t.Errorf("told %q; want one line starting %q, ending (attempt 2 of 4)", got, want)
	}
	if q := c.sourceOptions(&options{quiet: true}); q.HTTP.Retrying != nil {
		t.Error("with -q: retries told; want nothing")
	}
	buf.Reset()
	c.retryNotice(true)("x")
	if got := buf.String(); got != "\r\x1b[Kcachediff: x\n" {
		t.Errorf("on a terminal: %q; want the progress line cleared first", got)
	}
}
