package gitsrc

import "testing"

// TestEncodingLinePatterns: a .gitattributes line that gives files a
// working-tree-encoding counts unless its pattern surely misses a page's
// name. git matches a bracket [!x] as "not x" and knows [[:lower:]],
// where path.Match reads '!' as a character and the class not at all:
// "[!x]pecs.md" re-encoded every page of a checkout (git check-attr
// says so), while the gate over REV:PATH passed with "no changes".
func TestEncodingLinePatterns(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{"[!x]pecs.md working-tree-encoding=UTF-16LE", 1},
		{"[[:lower:]]pecs.md working-tree-encoding=UTF-16LE", 1},
		{"[^x]pecs.md working-tree-encoding=UTF-16LE", 1},
		{`\specs.md working-tree-encoding=UTF-16LE`, 1},
		{"spec?.m* working-tree-encoding=UTF-16LE", 1},
		{"*.md\tworking-tree-encoding=UTF-16LE", 1},
		{"*.ps1 working-tree-encoding=UTF-16LE", 0},
		{"s?ecs.txt working-tree-encoding=UTF-16LE", 0},
		{"*.md text eol=crlf", 0},
	} {
		if got := encodingLine([]byte(tc.line + "\n")); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.line, got, tc.want)
		}
	}
}
