package jsonv1

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestCauseTableJSONStreamed (issue 35: memory within 4x the input): a
// cause whose change is a spec's variants, every one flipped (from and
// to 2.4 MB each at 200k variants), is written member by member, its
// strings straight to the stream. Encoded whole, it was held in the
// encoder's buffer and in the tail writer's, beside the buffers they
// outgrew: writing it allocated 1.02x its strings, least of three runs
// with encoding/json's pool warm (at 1.28M variants the
// JSON's render peaked 50 MB above the report). Now: at most an eighth.
func TestCauseTableJSONStreamed(t *testing.T) {
	r := bigChangeReport(200000)
	change := r.Causes.Table[0].Changes[0]
	size := float64(len(change.From) + len(change.To))
	r.Packages, r.Highlights, r.Updates = []diff.Package{}, []diff.Highlight{}, []diff.UpdateGroup{}
	r.Causes.Groups = []diff.CauseGroup{}
	least, _ := leastJSONAlloc(t, r)
	t.Logf("the cause's strings: %.0f bytes; writing allocated %.0f (%.2fx)", size, least, least/size)
	if least > size/8 {
		t.Errorf("writing a cause of %.0f bytes of strings allocated %.0f bytes (%.2fx), want at most an eighth", size, least, least/size)
	}
}

// TestCauseTableJSONAsEncoded: the table's causes, written member by
// member, are the bytes encoding/json and indentJSON wrote for them
// whole: hashes or none, changes nil, empty or several, with or without
// from and to, paths, and strings that need escapes.
func TestCauseTableJSONAsEncoded(t *testing.T) {
	words := []string{"", "zlib", "u5uz3dcch5if4eve4sef67o2rf2lbfgh", "+shared ~debug", `a "quoted" \ one`,
		"<html>&amp;", "tab\there", "nl\nx", "ünïcode", "bad\xffutf8", "\u2028sep", "##[cmd]", strings.Repeat("v", 5000)}
	r := rand.New(rand.NewPCG(35, 216))
	pick := func() string { return words[r.IntN(len(words))] }
	for i := range 300 {
		var l []diff.Cause
		for range 1 + r.IntN(3) {
			c := diff.Cause{Name: pick(), OldHash: pick(), NewHash: pick()}
			switch k := r.IntN(4); k {
			case 0:
			case 1:
				c.Changes = []diff.Change{}
			default:
				for range k {
					c.Changes = append(c.Changes, diff.Change{Kind: pick(), From: pick(), To: pick()})
				}
			}
			for range r.IntN(3) {
				c.Path = append(c.Path, pick())
			}
			if r.IntN(3) == 0 {
				c.Path = []string{}
			}
			l = append(l, c)
		}
		prefix := strings.Repeat(" ", 2*r.IntN(3))
		write := func(f func(t *tailWriter)) string {
			var b bytes.Buffer
			bw := bufio.NewWriter(&b)
			tw := &tailWriter{bw: bw}
			tw.enc = newCompactEncoder(&tw.c)
			f(tw)
			if tw.err != nil {
				t.Fatal(tw.err)
			}
			bw.Flush()
			return b.String()
		}
		got := write(func(tw *tailWriter) { tw.causes(l, prefix) })
		want := write(func(tw *tailWriter) { tailList(tw, l, prefix) })
		if got != want {
			t.Fatalf("case %d: %s\nwrote\n%s\nwant\n%s", i, fmt.Sprint(l), got, want)
		}
	}
}
