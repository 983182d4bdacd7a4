package jsonv1

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// TestPlainListsScannedOnce (class c): a report whose lists inside are
// all short (every real one) had its packages and highlights read by
// json.Unmarshal inside their decoders: encoding/json scanned past them
// to find their end, then checked them whole again, two passes over most
// of the report that decode nothing (render of the 60k real week: 1.53
// → 1.20 s of user CPU). Read as fields of the document, none of their
// bytes is handed to a decoder of their own; a report with a long list
// inside still is, to read it at its length.
func TestPlainListsScannedOnce(t *testing.T) {
	handed := 0
	rescanHook = func(n int) { handed += n }
	defer func() { rescanHook = nil }()
	js := jsonOf(t, chainHubReport(t, 60, 1))
	r, err := DecodeBytes(bytes.Clone(js))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Packages) == 0 {
		t.Fatal("no packages decoded")
	}
	if handed != 0 {
		t.Errorf("a report of short lists: %d bytes of its packages and highlights (of %d) handed to their decoders after encoding/json scanned them, want 0", handed, len(js))
	}
	// A long list inside (a package's shared variants and its first
	// pair's old and new variants, alike): the packages go through
	// packagesInto.
	const shared, anchor = `"shared_variants": [`, `"variants": [`
	h := bytes.Index(js, []byte(shared)) + len(shared)
	i := h + bytes.Index(js[h:], []byte(anchor)) + len(anchor)
	j := i + bytes.Index(js[i:], []byte(anchor)) + len(anchor)
	if h < len(shared) || i < h+len(anchor) || j < i+len(anchor) {
		t.Fatal("no pair's variants in the report")
	}
	var long []byte
	for v := range plainListMax + 1 {
		long = fmt.Appendf(long, `"%07d",`, v) // before any variant of letters
	}
	data := slices.Concat(js[:h], long, js[h:i], long, js[i:j], long, js[j:])
	handed = 0
	if _, err := DecodeBytes(data); err != nil {
		t.Fatal(err)
	}
	if handed == 0 {
		t.Error("a report of a long list inside: its packages not read by packagesInto")
	}
}
