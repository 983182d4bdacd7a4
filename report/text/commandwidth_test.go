package text

import (
	"strings"
	"testing"
	"unicode"
)

// TestCommandEscapeFitsWidth: a line that a name's "::" starts is
// written with its first colon as \x3a (noCommandStart: GitHub Actions
// reads "::error::…" at a line's start as a workflow command), but the
// escape was added after the lines were fitted to --width, so such a
// line ran 3 columns past it: at --width 20 a package named
// "llvm\r\n::add-mask::z" gave "    \x3a:z −19.1.7, +3" (22 columns). The
// escape's cells count where the piece starts a line; no line starts a
// command, and every line fits.
func TestCommandEscapeFitsWidth(t *testing.T) {
	texts := []string{
		`llvm\r\n::add-mask::z −19.1.7, +3 −1 specs, 33 rebuilt`,
		`::error::x ::warning::y ::add-mask::zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz`,
		`a ::::::::::::::::::::::::::::::::::::::::::::::::::::::::: b`,
		`"2.0\r\n::warning::y" holds "\r": the site's listing`,
	}
	for width := 20; width <= 40; width++ {
		for _, s := range texts {
			for _, first := range []string{"", "  "} {
				for _, line := range wrapText(s, width, first, first+"  ") {
					if n := cells(line); n > width {
						t.Errorf("--width %d, %q: a line of %d columns: %q", width, s, n, line)
					}
					if strings.HasPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "::") {
						t.Errorf("--width %d, %q: a line starts a workflow command: %q", width, s, line)
					}
				}
			}
		}
	}
}
