package diff

import (
	"strings"
	"testing"
)

// TestGateRefusedValueCut (class a/e): the kind ParseGateKinds refuses,
// and the facet and pattern Filter.Check refuses, were quoted whole (the
// pattern by %q, a lookalike kept): 2,000 U+200B made a message of 12 KB,
// past the command's line cap of 8 KB, which cut it before the list of
// what is wanted. Each is quoted in ASCII, cut past maxRefusedShown
// bytes about its mark.
func TestGateRefusedValueCut(t *testing.T) {
	long := strings.Repeat("\u200b", 2000)
	_, gateErr := ParseGateKinds([]string{long})
	for _, c := range []struct {
		name, want string
		err        error
	}{
		{"--fail-on", "want one of any,", gateErr},
		{"--ignore", "want one of version,", Filter{Ignore: []string{long}}.Check()},
		{"--package", ": syntax error in pattern", Filter{Packages: []string{"[" + long}}.Check()},
		{"--package lookalike", `"[\u0430": syntax error`, Filter{Packages: []string{"[\u0430"}}.Check()},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := c.err.Error()
		if len(msg) > maxRefusedShown+512 || !strings.Contains(msg, c.want) || strings.ContainsFunc(msg, func(r rune) bool { return r == '\u200b' || r == '\u0430' }) {
			t.Errorf("%s: a message of %d bytes (want at most %d) %.120q…; want %q, the value in ASCII", c.name, len(msg), maxRefusedShown+512, msg, c.want)
		}
	}
}
