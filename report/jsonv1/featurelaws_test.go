package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestFeaturesAgreeWithSets (issue 35 class b): a report's "features"
// say which additions within v1 it uses, so that a consumer that does
// not know one refuses the report rather than misread it. render read
// any list of known features whatever the sets held: a report with
// overrides that listed only based-sets (or nothing), which a consumer
// that knows bases but not overrides reads without an error and wrong,
// or one listing set-overrides, twice or out of order, without any,
// rendered as if it agreed with itself. Each is refused now, naming
// features; a report saved before "features" (bases, no overrides, no
// "features") is still read.
func TestFeaturesAgreeWithSets(t *testing.T) {
	over := jsonOf(t, chainHubReport(t, 60, 1))
	based := jsonOf(t, chainUpdReport(t, 60))
	flat := jsonOf(t, chainUpdReport(t, 4))
	const (
		both      = "\"features\": [\n    \"based-sets\",\n    \"set-overrides\"\n  ],"
		basedOnly = "\"features\": [\n    \"based-sets\"\n  ],"
	)
	if !bytes.Contains(over, []byte(both)) || !bytes.Contains(based, []byte(basedOnly)) || bytes.Contains(flat, []byte(`"features"`)) {
		t.Fatalf("the reports do not list the features they use:\n%.200s\n%.200s\n%.200s", over, based, flat)
	}
	edit := func(doc []byte, from, to string) []byte {
		t.Helper()
		if !bytes.Contains(doc, []byte(from)) {
			t.Fatalf("no %q in the report", from)
		}
		return bytes.Replace(doc, []byte(from), []byte(to), 1)
	}
	schema := `"schema": "cachediff/v1",`
	for _, tc := range []struct {
		name string
		doc  []byte
		want string // "" reads
	}{
		{"overrides, as written", over, ""},
		{"bases, as written", based, ""},
		{"bases, saved before features", edit(based, "\n  "+basedOnly, ""), ""},
		{"overrides, based-sets alone", edit(over, both, basedOnly), `features: [based-sets] without "set-overrides"`},
		{"overrides, no features", edit(over, "\n  "+both, ""), `features: absent, but the report uses "set-overrides"`},
		{"overrides, out of order", edit(over, both, `"features": ["set-overrides", "based-sets"],`), "features: [set-overrides, based-sets]: cachediff lists them in the order based-sets, set-overrides"},
		{"bases, set-overrides too", edit(based, basedOnly, both), `features[1]: "set-overrides", but the report does not use it`},
		{"bases, twice", edit(based, basedOnly, `"features": ["based-sets", "based-sets"],`), `features[1]: "based-sets" is listed twice`},
		{"bases, an empty list", edit(based, basedOnly, `"features": [],`), `features: [] without "based-sets"`},
		{"no bases, based-sets", edit(flat, schema, schema+` "features": ["based-sets"],`), `features[0]: "based-sets", but the report does not use it`},
		{"no bases, set-overrides", edit(flat, schema, schema+` "features": ["set-overrides"],`), `features[0]: "set-overrides", but the report does not use it`},
		{"no bases, an empty list", edit(flat, schema, schema+` "features": [],`), ""},
	} {
		_, err := DecodeBytes(tc.doc)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v; want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestFeaturesNullElement (issue 35 class e): a null in "features" was
// read as the feature "" where the shape check refused the document,
// and named so ("features[0]: \"\" is not a feature this cachediff
// reads ... a newer cachediff wrote this report"): no report lists "",
// and no newer cachediff wrote it. The shape's error names the null.
func TestFeaturesNullElement(t *testing.T) {
	doc := jsonOf(t, chainUpdReport(t, 60))
	const basedOnly = "\"features\": [\n    \"based-sets\"\n  ],"
	for _, l := range []string{`[null]`, `["based-sets", null]`, `[null, "x"]`} {
		edited := bytes.Replace(doc, []byte(basedOnly), []byte(`"features": `+l+`,`), 1)
		if bytes.Equal(edited, doc) {
			t.Fatalf("no %q in the report", basedOnly)
		}
		_, err := DecodeBytes(edited)
		if err == nil || !strings.Contains(err.Error(), "not null") || strings.Contains(err.Error(), "newer cachediff") {
			t.Errorf("features %s: %v; want the shape's error naming the null", l, err)
		}
	}
}
