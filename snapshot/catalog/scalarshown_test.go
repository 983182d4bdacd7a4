package catalog

import (
	"strings"
	"testing"
)

// TestLayoutPublishedShownApart (lead (c) of the second pass over the
// loaders): the errors of a page's layout and published put the value
// as it is, cut: a layout "x\n::error::y" put a line of its own in the
// error, a layout "(empty)" read as an empty one, a layout "default:
// the site shows…" as another message, and published: "true", a string
// the site leaves the page out for, as the true it publishes with. Each
// is quoted unless plain.
func TestLayoutPublishedShownApart(t *testing.T) {
	const specs = "spec_details: []\n---\n"
	for _, c := range []struct{ name, page, want string }{
		{"layout with a newline", "---\ntitle: zlib\nlayout: \"x\\n::error::y\"\n" + specs, `layout: "x\n::error::y": the site`},
		{"layout (empty)", "---\ntitle: zlib\nlayout: \"(empty)\"\n" + specs, `layout: "(empty)": the site`},
		{"layout empty", "---\ntitle: zlib\nlayout: \"\"\n" + specs, `layout: (empty): the site`},
		{"layout with a colon", "---\ntitle: zlib\nlayout: \"default: the site shows\"\n" + specs, `layout: "default: the site shows": the site`},
		{"layout of U+202E", "---\ntitle: zlib\nlayout: \"a\\u202eb\"\n" + specs, `layout: "a\u202eb": the site`},
		{"published a string", head + "published: 'true'\n" + specs, `published: "true": the site`},
		{"categories of U+202E", "---\ntitle: zlib\nlayout: cache\ncategories: \"package a\u202eb, c\"\n" + specs, `splits at spaces into [package, "a\u202eb,", c]`},
		{"published false", head + "published: false\n" + specs, `published: false: the site`},
		{"published (not a single value)", head + "published: \"(not a single value)\"\n" + specs, `published: "(not a single value)": the site`},
	} {
		_, err := onePage(t, c.page)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\u202e") {
			t.Errorf("%s: %v; want one line holding %s", c.name, err, c.want)
		}
	}
}
