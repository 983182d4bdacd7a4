package jsonv1

import (
	"regexp"
	"strings"
	"testing"
)

// TestLongTokenQuotedCut (issue 35 class e): a count or a key of the
// document that render refuses is quoted in its message cut, as a value
// is (shortValue): a count of 100,000 digits, or a key of 100,000
// characters without a colon after it, was quoted whole.
func TestLongTokenQuotedCut(t *testing.T) {
	data := jsonOf(t, fullReportOf(t, 18, 3))
	count := regexp.MustCompile(`"packages": \d+`) // old.packages, the first
	long := strings.Repeat("9", 100_000)
	for _, c := range []struct{ name, new, want string }{
		{"a count too long", `"packages": ` + long, "old.packages: 999999999"},
		{"a fraction too long", `"packages": 1.` + long, "old.packages: want a count (a whole number, 0 or more), not 1.999"},
		{"a key without a colon", `"` + strings.Repeat("k", 100_000) + `" 5, "packages": 1`, `old: want : after the key "kkk`},
	} {
		at := count.FindIndex(data)
		doc := []byte(string(data[:at[0]]) + c.new + string(data[at[1]:]))
		_, err := DecodeBytes(doc)
		if err == nil {
			t.Fatalf("%s: no error", c.name)
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) || len(msg) > 300 || !strings.Contains(msg, "…") {
			t.Errorf("%s: a message of %d bytes, want one with %q, the token cut to 60 characters and …: %.300s", c.name, len(msg), c.want, msg)
		}
	}
}
