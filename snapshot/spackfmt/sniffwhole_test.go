package spackfmt

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestSniffWholeAlike: SniffWhole reads all of a gzip'd file's content
// that inflates, as Sniff reads all of a plain file, so an index whose
// "database" comes past the head's 512 bytes is an index plain, gzip'd,
// gzip'd in members split anywhere, gzip'd with a byte order mark or in
// UTF-16 inside, gzip'd twice, and gzip'd in a stream cut short after
// "database" (a download cut off). The last four were sniffed from the
// first 512 bytes of their content alone (Unknown): a gzip'd index.json
// cut short, beside a stale spec file, had the spec file read, which a
// plain one cut short left out (a hundred-and-eighth adversarial pass,
// issue 35).
func TestSniffWholeAlike(t *testing.T) {
	text := `{"comment":"` + strings.Repeat("a", 4*detectHead) + `","database":{"version":"7","installs":{` +
		strings.Repeat(`"x":{},`, 2000) + `"y":{}}}}`
	content := []byte(text)
	if got := SniffWhole(content); got != Index {
		t.Fatalf("plain: %v, want Index", got)
	}
	if got := SniffWhole(utf16Of(text, false, true)); got != Index {
		t.Fatalf("plain UTF-16: %v, want Index", got)
	}
	gz := gzipped(t, content)
	variants := map[string][]byte{
		"gzip'd":                  gz,
		"gzip'd, a BOM inside":    gzipped(t, append([]byte("\uFEFF"), content...)),
		"gzip'd, UTF-16 inside":   gzipped(t, utf16Of(text, false, true)),
		"gzip'd twice":            gzipped(t, gz),
		"gzip'd, cut short":       gz[:len(gz)*3/4],
		"gzip'd twice, cut short": func() []byte { g := gzipped(t, gz); return g[:len(g)-10] }(),
	}
	for _, at := range []int{100, 511, 512, 513, 3000} {
		variants[fmt.Sprintf("members split at %d", at)] =
			append(gzipped(t, content[:at]), gzipped(t, content[at:])...)
	}
	for name, data := range variants {
		if got := SniffWhole(data); got != Index {
			t.Errorf("%s: %v, want Index", name, got)
		}
	}
}

// TestSniffWholeTwoLayers: SniffWhole looks through the two layers of
// gzip that Sniff looks through, no more: an index gzip'd three times is
// Unknown, as Sniff has it. SniffWhole inflated two layers and Sniff two
// more, so the index gzip'd thrice, named alone under another name, was
// told "a Spack build-cache index whose key comes past the first 512
// bytes: name it index.json", which it is not, and named so it does not
// read (a hundred-and-ninth adversarial pass, issue 35).
func TestSniffWholeTwoLayers(t *testing.T) {
	content := []byte(`{"database":{"version":"7","installs":{}}}`)
	thrice := gzipped(t, gzipped(t, gzipped(t, content)))
	if got := Sniff(thrice); got != Unknown {
		t.Fatalf("Sniff: %v, want Unknown", got)
	}
	for name, data := range map[string][]byte{"gzip'd thrice": thrice, "gzip'd four times": gzipped(t, thrice)} {
		if got := SniffWhole(data); got != Unknown {
			t.Errorf("SniffWhole, %s: %v, want Unknown", name, got)
		}
		if got := SniffUpTo(data, 1<<20); got != Unknown {
			t.Errorf("SniffUpTo, %s: %v, want Unknown", name, got)
		}
	}
}

// TestSniffUpToUTF16Bounded: sniffing a plain file in UTF-16 whole
// allocates a little more than its size (its text in UTF-8), not four
// times it: its units, runes and string were made one after another, and
// a JSON file of 200 MB in UTF-16 named alone took 1.5 GB of RSS for a
// message, where it took 200 MB before (a hundred-and-ninth adversarial
// pass, issue 35).
func TestSniffUpToUTF16Bounded(t *testing.T) {
	data := utf16Of(`{"a":[`+strings.Repeat(`"`+strings.Repeat("c", 96)+`",`, 20000)+`1]}`, false, true)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	SniffUpTo(data, int64(len(data)))
	runtime.ReadMemStats(&after)
	if got, most := int64(after.TotalAlloc-before.TotalAlloc), int64(len(data))*3/4+4096; got > most {
		t.Errorf("UTF-16 of %d bytes: %d bytes allocated, at most %d", len(data), got, most)
	}
}

// TestSniffUpToUTF16WideBounded: UTF-16 text of characters that take
// three bytes in UTF-8 (CJK) is sniffed into a buffer of its size in
// UTF-8, made once: the buffer was made for one and a half bytes a unit
// and grown by append, and a file of 64 MB of it named alone allocated
// 6 times its size and took 578 MB of RSS for a message (a
// hundred-and-twelfth adversarial pass, issue 35).
func TestSniffUpToUTF16WideBounded(t *testing.T) {
	data := utf16Of(`{"a":"`+strings.Repeat("中", 1<<20)+`"}`, false, true)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	SniffUpTo(data, int64(len(data)))
	runtime.ReadMemStats(&after)
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(len(data))*3/2+64<<10; got > most {
		t.Errorf("UTF-16 of %d bytes, CJK: %d bytes allocated, at most %d", len(data), got, most)
	}
}
