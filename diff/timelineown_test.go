package diff

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/snapshot"
)

// TestTimelineOwnStrings: a log's timeline keeps each package's name and
// versions for the whole series, and kept the loader's strings
// themselves, which may be slices of a block shared with the rest of
// their snapshot (intern.Table.Rare copies a catalogue list's items past
// 256 into 16 KB blocks): one version kept a block for the whole log (a
// log of 4,000 catalogue pages of 4.5 KB: 222 MB of peak RSS, 62 MB
// before the blocks). Its strings are its own now: the blocks the
// snapshots were read into are written over after each add, as a block
// let go and reused would be, and the timeline still names what they
// held. A version given again in a later snapshot keeps the first copy
// (a map assignment stores the key given, the later snapshot's string).
func TestTimelineOwnStrings(t *testing.T) {
	// str is s as a slice of a block of the snapshot being added.
	str := func(block *[]byte, s string) string {
		start := len(*block)
		*block = append(*block, s...)
		return unsafe.String(&(*block)[start], len(s))
	}
	tl := newTimelineBuilder()
	for i := range 3 {
		block := make([]byte, 0, 1<<10)
		vs := []string{str(&block, "1.0"), str(&block, fmt.Sprintf("2.%d", i))}
		s := &snapshot.Snapshot{Packages: []*snapshot.Package{{
			Name:  str(&block, "zlib"),
			Specs: []snapshot.Spec{{Versions: vs}},
		}}}
		tl.add(i, s)
		for j := range block {
			block[j] = 'X'
		}
	}
	tlv := tl.timeline()
	if len(tlv.Packages) != 1 || tlv.Packages[0].Name != "zlib" {
		t.Fatalf("packages %+v, want zlib alone", tlv.Packages)
	}
	var got []string
	for _, v := range tlv.Packages[0].Versions {
		got = append(got, fmt.Sprintf("%s %d-%d", v.Version, v.From, v.To))
	}
	want := []string{"1.0 0-2", "2.0 0-0", "2.1 1-1", "2.2 2-2"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("versions %q, want %q: the timeline keeps strings of the snapshots' blocks", got, want)
	}
}
