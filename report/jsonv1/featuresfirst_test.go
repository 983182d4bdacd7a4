package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestUnknownFeatureFirst (issue 35 class e): a report listing a feature
// this cachediff does not know is of a newer cachediff, and whatever
// else in it this one cannot read follows from that. The features were
// checked after the shape and the enumerated values, so a newer report
// with a value this cachediff does not know (a package status, here) or
// a field of another type was refused for that value, as a report
// edited by hand is, and the feature never named. The unknown feature
// is what the error names, before either; in a log, its step's.
func TestUnknownFeatureFirst(t *testing.T) {
	based, log := chainUpdJSON(t, 60)
	newerLog := bytes.Replace(log, []byte(`"based-sets"`), []byte(`"based-sets", "sparse-paths"`), 1)
	newer := bytes.Replace(based, []byte(`"based-sets"`), []byte(`"based-sets", "sparse-paths"`), 1)
	const want = `features[1]: "sparse-paths" is not a feature this cachediff reads`
	for _, tc := range []struct{ name, from, to string }{
		{"as written", `"schema"`, `"schema"`},
		{"a status this cachediff does not know", `"status": "changed"`, `"status": "renamed"`},
		{"a field of another type", `"tag": ""`, `"tag": {"name": ""}`},
	} {
		if !bytes.Contains(newer, []byte(tc.from)) {
			t.Fatalf("%s: no %s in the report", tc.name, tc.from)
		}
		doc := bytes.Replace(newer, []byte(tc.from), []byte(tc.to), 1)
		if _, err := DecodeBytes(doc); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want an error with %q", tc.name, err, want)
		}
		doc = bytes.Replace(newerLog, []byte(tc.from), []byte(tc.to), 1)
		if _, err := DecodeLog(doc); err == nil || !strings.Contains(err.Error(), "steps[0]."+want) {
			t.Errorf("%s, in a log: %v; want an error with %q", tc.name, err, "steps[0]."+want)
		}
		// Without the unknown feature, that error stands.
		if tc.name != "as written" {
			doc := bytes.Replace(based, []byte(tc.from), []byte(tc.to), 1)
			if _, err := DecodeBytes(doc); err == nil || strings.Contains(err.Error(), "feature") {
				t.Errorf("%s, no unknown feature: %v; want its own error", tc.name, err)
			}
		}
	}
}

// TestStepsFeatureCutShort (issue 35 class e): a report cut short, or
// broken, after its "features" is refused for a feature it lists that
// this cachediff does not know, wherever the cut; a log cut short or
// broken in its steps named no step's feature (its "steps" were looked
// for whole), where the same log cut after its steps named step 0's:
// where the file was cut chose the message. A step's features are read
// up to the cut, as a report's.
func TestStepsFeatureCutShort(t *testing.T) {
	_, log := chainUpdJSON(t, 60)
	log = bytes.Replace(log, []byte(`"based-sets"`), []byte(`"based-sets", "sparse-paths"`), 1)
	const want = `steps[0].features[1]: "sparse-paths" is not a feature this cachediff reads`
	i := bytes.Index(log, []byte(`"sparse-paths"`))
	from := i + bytes.IndexByte(log[max(i, 0):], ']') + 1
	to := bytes.Index(log, []byte(`"snapshots":`))
	if i < 0 || from <= i || to < from {
		t.Fatalf("no step 0 with features before the snapshots in the log")
	}
	// Cut at 64 places from the end of step 0's features to the end of
	// the steps, and after them.
	for c := range 65 {
		n := from + (to-from)*c/64
		if _, err := DecodeLog(log[:n]); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("cut after %d of %d bytes: %v; want an error with %q", n, len(log), err, want)
		}
	}
	// Broken, not cut: a field of step 0 after its features that is no
	// JSON.
	for _, tc := range []struct{ from, to string }{
		{`"tag": ""`, `"tag": tru`},
		{`"tag": ""`, "\"tag\": \"\x01\""},
	} {
		doc := bytes.Replace(log, []byte(tc.from), []byte(tc.to), 1)
		if _, err := DecodeLog(doc); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s as %q: %v; want an error with %q", tc.from, tc.to, err, want)
		}
	}
}
