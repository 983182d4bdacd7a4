package jsonv1

import (
	"os"
	"strings"
	"testing"
)

// TestEmptyStringRefused (issue 35 class b): every string cachediff
// leaves out where it is empty (a field of omitempty) is refused as "",
// at its path, as a package's old_file and new_file are: a side's
// "rev": "" or "layout": "", a highlight's "apart": "", a snapshot's
// "subject": "" and the rest were read as no key, and render -f json
// wrote the report without them, not the report given.
func TestEmptyStringRefused(t *testing.T) {
	report, err := os.ReadFile("testdata/spec-v4-v5-fb7836bf.json")
	if err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile("../../testdata/golden/log-weekly.json")
	if err != nil {
		t.Fatal(err)
	}
	const side, first, snap = "\"old\": {\n", "\"kind\": \"new-package\",\n", "\"snapshots\": [\n    {\n"
	for _, c := range []struct {
		log            bool
		from, to, want string
	}{
		{false, side, side + `"rev": "",`, `old.rev`},
		{false, side, side + `"date": "",`, `old.date`},
		{false, side, side + `"layout": "",`, `old.layout`},
		{false, side, side + `"index_sha256": "",`, `old.index_sha256`},
		{false, first, first + `"apart": "",`, `highlights[0].apart`},
		{false, `"facet": "target"`, `"facet": ""`, `].facet`},
		{false, `"value": "core2"`, `"value": ""`, `].value`},
		{false, `"unit": "specs"`, `"unit": ""`, `].unit`},
		{false, `"from": "core2"`, `"from": ""`, `].from`},
		{false, `"to": "compiler-wrapper@1.0"`, `"to": ""`, `].to`},
		{false, `            "from": "core2",`, `            "from": "",`, `packages[3].specs.updated[0].from`},
		{false, `"old_hash": "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"`, `"old_hash": ""`, `].old_hash`},
		{true, snap, snap + `"rev": "",`, `snapshots[0].rev`},
		{true, snap, snap + `"subject": "",`, `snapshots[0].subject`},
		{true, "\"steps\": [\n", `"revs": {"range": "a..b", "path": "p", "since": "", "commits": 4}, "steps": [` + "\n", `revs.since`},
	} {
		data, decode := report, func(b []byte) error { _, err := DecodeBytes(b); return err }
		if c.log {
			data, decode = log, func(b []byte) error { _, err := DecodeLog(b); return err }
		}
		doc := strings.Replace(string(data), c.from, c.to, 1)
		if doc == string(data) {
			t.Fatalf("no %q in the document", c.from)
		}
		if err := decode([]byte(doc)); err == nil || !strings.Contains(err.Error(), c.want+`: "", which cachediff/`) {
			t.Errorf("%s: %v, want a refusal at %s", c.to, err, c.want)
		}
	}
}
