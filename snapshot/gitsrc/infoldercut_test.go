package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
)

// TestInFolderWithinBound (class e): the -C DIR of a command a hint gives
// (InFolder), and LogIn's range, were written whole: -C of a folder of
// 800 U+200B (2.4 KB, 9.6 KB as a shell word) ran the hint of cachediff
// -C DIR HEAD~1..HEAD snap past the line cap of 8 KB, cut there
// mid-word, the range and PATH lost. Each is cut and says so, as a
// hint's other words are: the folder past maxFolderWord bytes (a path
// of PATH_MAX pastes whole), the range past maxQuotedInput.
func TestInFolderWithinBound(t *testing.T) {
	dir := "/w/" + strings.Repeat("\u200b", 800)
	rng := strings.Repeat("r", 9000) + "..HEAD"
	for name, got := range map[string]string{
		"InFolder": InFolder(dir),
		"LogIn":    LogIn(dir, rng, "snap", shellword.Shown),
	} {
		if n := strings.Count(got, "(cut, "); len(got) > maxFolderWord+maxQuotedInput+200 || n != strings.Count(name, "Log")+1 {
			t.Errorf("%s: %d bytes, %d words cut; want each long word cut and said so, within %d bytes", name, len(got), n, maxFolderWord+maxQuotedInput+200)
		}
	}
	// A folder of PATH_MAX (4,095 bytes and its NUL) pastes whole: cut
	// at maxQuotedInput, one 3,000 bytes down did not (class c: no
	// check held 5be2cc5f).
	deep := "/w" + strings.Repeat("/ddddddddd", 409)
	if got := InFolder(deep); got != "-C "+deep+" " {
		t.Errorf("InFolder of a folder of %d bytes: %.80s… (%d bytes); want it whole", len(deep), got, len(got))
	}
}
