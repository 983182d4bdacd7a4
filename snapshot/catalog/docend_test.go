package catalog

import (
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// TestFrontMatterClosedByDots: a page whose front matter ends with a line
// "..." (YAML's end of document, which Jekyll accepts in place of the
// closing "---") loads as one closed by "---", and what follows the
// "..." is the page's body, not its front matter: a second spec_details
// there is neither read nor "given twice".
func TestFrontMatterClosedByDots(t *testing.T) {
	specs := "spec_details: " + mustJSON([]map[string]any{simpleSpec(1)})
	for _, closing := range []string{"...", "... ", "...\r"} {
		content := head + specs + "\n" + oneMeta + closing + "\nspec_details: []\n\nThe body.\n"
		dir := writeTree(t, map[string]string{"zlib/specs.md": content})
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatalf("closed by %q: %v", closing, err)
		}
		if len(s.Packages) != 1 || len(s.Packages[0].Specs) != 1 {
			t.Errorf("closed by %q: want 1 package of 1 spec, got %d packages", closing, len(s.Packages))
		}
	}
}

// TestPublishedTrue: a page whose front matter says published: true, as
// Jekyll publishes it, loads as one without the key does; a README that
// is no page is left out whatever its published says.
func TestPublishedTrue(t *testing.T) {
	specs := "spec_details: " + mustJSON([]map[string]any{simpleSpec(1)})
	for _, v := range []string{"true", "True", "TRUE"} {
		dir := writeTree(t, map[string]string{
			"zlib/specs.md": head + "published: " + v + "\n" + specs + "\n" + oneMeta + "---\n",
			"README.md":     "---\ntitle: notes\npublished: false\ndescription: not a page\n---\n",
		})
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatalf("published: %s: %v", v, err)
		}
		if len(s.Packages) != 1 || len(s.Packages[0].Specs) != 1 {
			t.Errorf("published: %s: want 1 package of 1 spec, got %d packages", v, len(s.Packages))
		}
	}
}

// TestFrontMatterClosedAfterFormFeed: Jekyll closes front matter at a
// line "---" or "..." followed by any of Ruby's blanks (\s, a form feed
// and a vertical tab among them), and reads as YAML only the lines above
// it, so the site publishes a page closed by "---\f" as any other; it
// loads here too, not "never closed (no second '---' line)". An opening
// "---\f" is still no page: Jekyll's YAML reads that line, and fails on
// the form feed, so the site shows the page without its specs.
func TestFrontMatterClosedAfterFormFeed(t *testing.T) {
	specs := "spec_details: " + mustJSON([]map[string]any{simpleSpec(1)})
	for _, closing := range []string{"---\f", "---\v", "...\f", "--- \v\t\r"} {
		content := head + specs + "\n" + oneMeta + closing + "\nThe body.\n"
		dir := writeTree(t, map[string]string{"zlib/specs.md": content})
		s, err := Load(dir, Options{})
		if err != nil {
			t.Fatalf("closed by %q: %v", closing, err)
		}
		if len(s.Packages) != 1 || len(s.Packages[0].Specs) != 1 {
			t.Errorf("closed by %q: want 1 package of 1 spec, got %d packages", closing, len(s.Packages))
		}
	}
	content := "---\f" + head[len("---"):] + specs + "\n" + oneMeta + "---\n"
	dir := writeTree(t, map[string]string{"zlib/specs.md": content})
	if _, err := Load(dir, Options{}); err == nil {
		t.Errorf("a page opened by %q loaded", "---\f")
	}
}
