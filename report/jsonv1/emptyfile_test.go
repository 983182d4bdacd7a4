package jsonv1

import (
	"os"
	"strings"
	"testing"
)

// TestEmptyFileRefused: a package's "old_file" or "new_file" of "" is
// refused at its path, as cachediff never writes it: "old_file": "" on
// an added package was read as no key, and render -f json wrote the
// report without it, not the report it was given.
func TestEmptyFileRefused(t *testing.T) {
	data, err := os.ReadFile("testdata/spec-v4-v5-fb7836bf.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeBytes(data); err != nil {
		t.Fatalf("the report as cachediff wrote it: %v", err)
	}
	const added = `"status": "added",` + "\n"
	for _, c := range []struct{ with, path string }{
		{`"old_file": "",`, "packages[0].old_file"},
		{`"new_file": "",`, "packages[0].new_file"},
	} {
		doc := strings.Replace(string(data), added, added+c.with+"\n", 1)
		if doc == string(data) {
			t.Fatal("no added package in the report")
		}
		if c.path == "packages[0].new_file" {
			// The package's own new_file, after the one given: drop it.
			doc = strings.Replace(doc, `"new_file": "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json",`, "", 1)
		}
		_, err := DecodeBytes([]byte(doc))
		// Said of a file, as the other optional fields' "where there is
		// none" is not.
		if err == nil || !strings.Contains(err.Error(), c.path+`: "", which`) || !strings.HasSuffix(err.Error(), "never writes: where there is no file, the key is left out") {
			t.Errorf("%s: %v, want a refusal at %s", c.with, err, c.path)
		}
	}
}

// TestEmptyOptionalRefused (issue 35 class b): every string field
// cachediff leaves out where it has no value (omitempty) is refused when
// it is "", at its path, as old_file is: a side's "rev": "" (or date,
// layout, index_sha256), a highlight's "apart": "" (or facet, value,
// unit, a change's from and to), an updated pair's "from": "", a
// changed dependency's "old_hash": "", a log's snapshot's "subject": ""
// and its revs' "since": "" were read as no key, and render -f json
// wrote the document without them, not the one given.
func TestEmptyOptionalRefused(t *testing.T) {
	pair, log := pairAndLog(t)
	const (
		side  = `"path": "testdata/spack-formats/spec.v4-libdwarf-core2.spec.json",` + "\n"
		dep   = `"new_hash": "qeehcxyvluwnihsc2qxstmpomtxo3lrc"`
		snap  = `"path": "testdata/real-series/develop-2025-02-16",` + "\n" + `      "tag": "develop-2025-02-16"`
		first = "\"kind\": \"new-package\",\n"
	)
	for _, c := range []struct {
		log             bool
		at, with, field string
	}{
		{false, side, side + `"rev": "",`, `old.rev`},
		{false, side, side + `"date": "",`, `old.date`},
		{false, side, side + `"layout": "",`, `old.layout`},
		{false, side, side + `"index_sha256": "",`, `old.index_sha256`},
		{false, dep, `"old_hash": "", ` + dep, `.why.changed[0].old_hash`},
		{false, `"old_hash": "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"`, `"old_hash": ""`, `].old_hash`},
		{false, first, first + `"apart": "",`, `highlights[0].apart`},
		{false, `"facet": "target"`, `"facet": ""`, `].facet`},
		{false, `"value": "core2"`, `"value": ""`, `].value`},
		{false, `"unit": "specs"`, `"unit": ""`, `].unit`},
		{false, `"from": "core2"`, `"from": ""`, `].from`},
		{false, `"to": "compiler-wrapper@1.0"`, `"to": ""`, `].to`},
		{false, `            "from": "core2",`, `            "from": "",`, `packages[3].specs.updated[0].from`},
		{true, snap, snap + `, "subject": ""`, `snapshots[0].subject`},
		{true, snap, snap + `, "rev": ""`, `snapshots[0].rev`},
		{true, "\"steps\": [\n", `"revs": {"range": "a..b", "path": "p", "since": "", "commits": 4}, "steps": [` + "\n", `revs.since`},
	} {
		data, decode := pair, func(b []byte) error { _, err := DecodeBytes(b); return err }
		if c.log {
			data, decode = log, func(b []byte) error { _, err := DecodeLog(b); return err }
		}
		doc := strings.Replace(string(data), c.at, c.with, 1)
		if doc == string(data) {
			t.Fatalf("%s: no %q in the document", c.field, c.at)
		}
		err := decode([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), c.field+`: "", which cachediff/`) || !strings.HasSuffix(err.Error(), "never writes: where it is empty, the key is left out") {
			t.Errorf("%s: %v, want a refusal at %s", c.with, err, c.field)
		}
	}
}

// TestEmptyPathRefused: a snapshot's "path": "" (old, new, a log's
// snapshots[i]) is refused at its path: cachediff names a snapshot by
// the argument given and refuses an empty one, and render printed the
// report of a snapshot named by nothing ("## cachediff:  → new").
func TestEmptyPathRefused(t *testing.T) {
	pair, log := pairAndLog(t)
	for _, c := range []struct {
		log       bool
		at, field string
	}{
		{false, `"path": "testdata/spack-formats/spec.v4-libdwarf-core2.spec.json",`, "old.path"},
		{false, `"path": "testdata/spack-formats/spec.v5-libdwarf-m1.spec.json",`, "new.path"},
		// A step's side is checked too, but the snapshots first.
		{true, `"path": "testdata/real-series/develop-2025-02-16",` + "\n" + `      "tag"`, "snapshots[0].path"},
	} {
		data, decode, schema := pair, func(b []byte) error { _, err := DecodeBytes(b); return err }, "cachediff/v1"
		if c.log {
			data, decode, schema = log, func(b []byte) error { _, err := DecodeLog(b); return err }, LogSchema
		}
		doc := strings.Replace(string(data), c.at, `"path": ""`+c.at[strings.Index(c.at, ","):], 1)
		if doc == string(data) {
			t.Fatalf("%s: no %q in the document", c.field, c.at)
		}
		want := c.field + `: "", which ` + schema + ` never writes: a snapshot is named by the argument given, which cachediff refuses empty`
		if err := decode([]byte(doc)); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", c.field, err, want)
		}
	}
}

// pairAndLog returns a report and a log cachediff wrote, to edit.
func pairAndLog(t *testing.T) (pair, log []byte) {
	t.Helper()
	pair, err := os.ReadFile("testdata/spec-v4-v5-fb7836bf.json")
	if err != nil {
		t.Fatal(err)
	}
	log, err = os.ReadFile("../../testdata/golden/log-weekly.json")
	if err != nil {
		t.Fatal(err)
	}
	return pair, log
}
