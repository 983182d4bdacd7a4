package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// referenceJSON is what JSON writes, by encoding/json alone.
func referenceJSON(t *testing.T, r *diff.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(newDocument(r, Options{})); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestJSONStreamed: the streamed JSON is byte for byte encoding/json's
// indented document, for generated reports, a real week, no packages,
// and strings that look like JSON (quotes, backslashes, brackets, the
// "packages": [] slot itself).
func TestJSONStreamed(t *testing.T) {
	hostile := genReport(3, 8)
	hostile.Packages[0].Name = `x", "packages": [], "y": "\"}]{[`
	hostile.Packages[1].Specs.Added = append(hostile.Packages[1].Specs.Added, diff.Spec{Hash: "h", Variants: []string{`a\`, `\"`, "{}", "[]", "<&>", "é\u2028"}})
	hostile.Warnings = append(hostile.Warnings, hostile.Warnings...)
	empty := genReport(1, 0)
	for name, r := range map[string]*diff.Report{
		"generated": genReport(7, 40), "week": genWeek(3, 60), "hostile": hostile, "empty": empty,
	} {
		var got bytes.Buffer
		if err := JSON(&got, r); err != nil {
			t.Fatal(err)
		}
		if want := referenceJSON(t, r); !bytes.Equal(got.Bytes(), want) {
			i := 0
			for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
				i++
			}
			t.Errorf("%s: differs from encoding/json at byte %d:\n got %q\nwant %q", name, i, got.Bytes()[max(0, i-80):min(got.Len(), i+80)], want[max(0, i-80):min(len(want), i+80)])
		}
	}
}

// TestIndentJSON: indentJSON is json.Indent on what encoding/json writes.
func TestIndentJSON(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `{"a":[]}`, `{"a":{},"b":[1,2,{"c":"d"}]}`, `["\"",":","{","[","\\","\\\"","x,y"]`,
		`{"k\"":[[],[[]],{}]}` + "\n", `"x"`, `3`, `{"a":null,"b":true,"c":-1.5e3}`,
		`{"a":"b\\","c":"d,e:{f}","g":["h\"]","i"]}`, `["",""]`,
	} {
		for _, prefix := range []string{"", "    "} {
			var want, got bytes.Buffer
			if err := json.Indent(&want, []byte(src), prefix, "  "); err != nil {
				t.Fatal(err)
			}
			indentJSON(&got, []byte(src), prefix)
			if got.String() != want.String() {
				t.Errorf("%q prefix %q:\n got %q\nwant %q", src, prefix, got.String(), want.String())
			}
		}
	}
}

func BenchmarkJSON(b *testing.B) {
	r := genWeek(1, 2000)
	b.ReportAllocs()
	for b.Loop() {
		if err := JSON(ioDiscard{}, r); err != nil {
			b.Fatal(err)
		}
	}
}

type ioDiscard struct{}

func (ioDiscard) Write(p []byte) (int, error) { return len(p), nil }

func BenchmarkJSONReference(b *testing.B) {
	r := genWeek(1, 2000)
	b.ReportAllocs()
	for b.Loop() {
		enc := json.NewEncoder(ioDiscard{})
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(newDocument(r, Options{})); err != nil {
			b.Fatal(err)
		}
	}
}
