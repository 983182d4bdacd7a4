package main

import "testing"

// TestColorSuggestion (class e): --color=nevr said only "want auto,
// always or never", no suggestion where --format=mdd gets one; a near
// value is suggested, and a far one (sometimes) gets none.
func TestColorSuggestion(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--color=nevr", "a.md", "b.md"}, "cachediff: unknown --color \"nevr\": want auto, always or never (did you mean never?)\n")
	wantTrouble(t, []string{"render", "--color=alwys", "r.json"}, "(did you mean always?)\n")
	wantTroubleWithout(t, []string{"--color=sometimes", "a.md", "b.md"}, "did you mean")
}

// TestRowsSuggestion (class e): --rows=rebuit said only "the kinds of
// rows are: rebuilt", no suggestion where --ignore=compilr gets one; a
// near kind is suggested, and a far one (updated) gets none.
func TestRowsSuggestion(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--rows=rebuit", "a.md", "b.md"}, "cachediff: --rows \"rebuit\": the kinds of rows are: rebuilt (did you mean rebuilt?)\n")
	wantTroubleWithout(t, []string{"--rows=updated", "a.md", "b.md"}, "did you mean")
}

// TestSuggestionSeveral (class e): --fail-on=removed said only "want one
// of any, added-package, …", no suggestion, as "removed" starts two
// kinds (removed-package, removed-spec) and the suggestion named only
// the start of one: the start of several names them all.
func TestSuggestionSeveral(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--fail-on=removed", "a.md", "b.md"}, "(did you mean removed-package or removed-spec?)\n")
	wantTrouble(t, []string{"--fail-on=add", "a.md", "b.md"}, "(did you mean added-package?)\n")
}

// TestSuggestionStartOfOne (class e): cachediff --fail-on=lost-st a.md
// b.md said "(did you mean lost-os?)", and lost-c and lost-p alike:
// every lost- kind shares the first five letters, so the start of one
// was left to the edit distance, by which lost-os is nearest. The start
// of one name is that name.
func TestSuggestionStartOfOne(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for v, want := range map[string]string{"lost-st": "lost-stack", "lost-c": "lost-compiler", "lost-p": "lost-platform", "lost-t": "lost-target", "lost-o": "lost-os"} {
		wantTrouble(t, []string{"--fail-on=" + v, "a.md", "b.md"}, "(did you mean "+want+"?)\n")
	}
}

// TestTwoLetterStartSuggested (class e): --color=al and --rows=re got no
// suggestion: a start of a name was taken from three letters, and two
// are too short for an edit distance to reach always or rebuilt. A
// start of two letters that begins one name suggests it; one that
// begins several (--color=a) suggests none.
func TestTwoLetterStartSuggested(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--color=al", "a.md", "b.md"}, "cachediff: unknown --color \"al\": want auto, always or never (did you mean always?)\n")
	wantTrouble(t, []string{"--rows=re", "a.md", "b.md"}, "cachediff: --rows \"re\": the kinds of rows are: rebuilt (did you mean rebuilt?)\n")
	wantTrouble(t, []string{"--color=a", "a.md", "b.md"}, "cachediff: unknown --color \"a\": want auto, always or never\n")
}
