package spackfmt

import (
	"strconv"
	"strings"
	"testing"
)

// TestMissingDepsPeak: an index of tiny records, each naming a
// dependency the file lacks, got a warning per record, which held more
// than the record's bytes: it peaked at 4.1x its bytes while decoded,
// over the 4x budget. The first mostMissing get a warning each, as
// before; one more counts the rest, at the line of the first of them.
func TestMissingDepsPeak(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 80000
	}
	data := []byte(strings.ReplaceAll(string(tinyIndex(n)), `"version":"1"}`,
		`"version":"1","dependencies":[{"name":"z","hash":"dddddddddddddddddddddddddddddddd","parameters":{"deptypes":["link"],"virtuals":[]}}]}`))
	peak := decodePeak(t, data)
	t.Logf("%d records, %d bytes: peak %d (%.2fx)", n, len(data), peak, float64(peak)/float64(len(data)))
	if peak > 4*uint64(len(data)) {
		t.Errorf("an index of %d tiny records each naming a dependency not in the file (%d bytes) peaks at %d bytes while decoded: over 4x", n, len(data), peak)
	}
	set, err := Decode("index.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Warnings) != mostMissing+1 {
		t.Fatalf("%d warnings, want %d and one counting the rest", len(set.Warnings), mostMissing)
	}
	last := set.Warnings[len(set.Warnings)-1]
	if want := strconv.Itoa(n-mostMissing) + " more dependencies are not in the file"; !strings.HasPrefix(last.Message, want) || last.Line != mostMissing+2 {
		t.Errorf("last warning %+v, want %q at line %d", last, want, mostMissing+2)
	}
}
