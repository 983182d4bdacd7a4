package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// TestMetaListsCapped (issue 35, pass 82, class e): checkMeta joined
// every meta value no spec has, and every value of the specs meta
// lacks, into one warning: a page whose meta lists thousands of stacks
// no spec is in printed a line of all of them. Each message names the
// first few values, each shortened, and counts the rest.
func TestMetaListsCapped(t *testing.T) {
	const n = 5000
	var m meta
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Compiler: "gcc@13", OS: "ubuntu24.04", Platform: "linux", Target: "x86_64"}}
	for i := range n {
		m.Stacks = append(m.Stacks, fmt.Sprintf("ghost-%05d", i))
		specs[0].Stacks = append(specs[0].Stacks, fmt.Sprintf("real-%05d", i))
		m.Versions = append(m.Versions, fmt.Sprintf("%d.%s", i, strings.Repeat("9", 300)))
	}
	m.Versions = append(m.Versions, "1.0")
	msgs := checkMeta(&m, specs, false)
	want := map[string]bool{
		`meta lists stacks "ghost-00000", `: false,
		`meta stacks lacks "real-00000", `:  false,
		`meta lists versions "0.999`:        false,
	}
	for _, msg := range msgs {
		if len(msg) > 1000 {
			t.Errorf("a message of %d bytes: %.200s…", len(msg), msg)
		}
		for w := range want {
			if strings.HasPrefix(msg, w) {
				want[w] = true
				if !strings.Contains(msg, fmt.Sprintf(" and %d more", n-8)) {
					t.Errorf("%.300s…: want the first 8 named and %d more counted", msg, n-8)
				}
			}
		}
	}
	for w, found := range want {
		if !found {
			t.Errorf("no message starts %q; got %d messages", w, len(msgs))
		}
	}
}

// TestMetaStackCountsOneMessage (issue 35, pass 82, classes c and e): a
// meta whose num_specs_by_stack counts thousands of stacks no spec is
// in made a warning per stack, each larger than its input (a page of
// 320k such stacks, 11 MB, held 81 MB of warnings live; its Markdown
// report listed them all). The counts that disagree are one message,
// naming the first 8 and counting the rest; one alone is as it was.
func TestMetaStackCountsOneMessage(t *testing.T) {
	const n = 5000
	m := meta{NumSpecsByStack: map[string]int{"real": 1}}
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Stacks: []string{"real"}}}
	for i := range n {
		m.NumSpecsByStack[fmt.Sprintf("ghost-%05d", i)] = 1
	}
	var counts []string
	for _, msg := range checkMeta(&m, specs, false) {
		if strings.Contains(msg, "num_specs_by_stack") {
			counts = append(counts, msg)
		}
	}
	if len(counts) != 1 || len(counts[0]) > 1000 || !strings.Contains(counts[0], `num_specs_by_stack["ghost-00000"] is 1, but 0 specs list that stack`) || !strings.Contains(counts[0], fmt.Sprintf(" and %d more", n-8)) {
		t.Errorf("%d messages of num_specs_by_stack (the first %.300q); want one, naming 8 stacks and counting %d more", len(counts), counts, n-8)
	}
}

// TestMetaValueCutBetweenCharacters (issue 35, pass 83, classes b and
// e): a meta value shortened in a warning was cut at its 80th byte,
// inside a character ("aéé…" of 121 bytes): the warning held a broken
// byte, which the direct command printed as "\xc3" and a saved JSON
// report as U+FFFD, so render printed another line than the direct
// command. The cut falls between characters.
func TestMetaValueCutBetweenCharacters(t *testing.T) {
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Stacks: []string{"root"}}}
	for _, v := range []string{"a" + strings.Repeat("é", 60), strings.Repeat("é", 60), "ab" + strings.Repeat("😀", 30)} {
		for _, m := range []meta{{Stacks: []string{"root", v}}, {NumSpecsByStack: map[string]int{"root": 1, v: 1}}} {
			msgs := checkMeta(&m, specs, false)
			if len(msgs) != 1 {
				t.Fatalf("%q: %q, want a warning of the list or of the counts", v, msgs)
			}
			if msg := msgs[0]; !utf8.ValidString(msg) || !strings.Contains(msg, "…") {
				t.Errorf("%q: %q; want the value cut between characters", v, msg)
			}
		}
	}
}

// TestMetaGhostStackOneWarning (issue 35, pass 83, class e): a stack
// meta lists and counts that no spec has was two warnings, "meta lists
// stacks ghost that no spec has" and "meta says
// num_specs_by_stack[ghost] is 3, but 0 specs list that stack". It is
// one, which says the counts count it; a count that disagrees for a
// stack specs have is still told.
func TestMetaGhostStackOneWarning(t *testing.T) {
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Stacks: []string{"root"}}}
	m := meta{Stacks: []string{"ghost", "root", "spook"}, NumSpecsByStack: map[string]int{"ghost": 3, "root": 2, "spook": 1}}
	msgs := checkMeta(&m, specs, false)
	want := []string{
		`meta says num_specs_by_stack["root"] is 2, but 1 spec lists that stack`,
		`meta lists stacks "ghost", "spook" that no spec has, and num_specs_by_stack counts specs in each`,
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("got %q\nwant %q", msgs, want)
	}
	// A stack counted that neither meta's stacks nor any spec has is
	// still the counts' to tell.
	m.NumSpecsByStack["unlisted"] = 4
	want[0] = `meta says num_specs_by_stack["root"] is 2, but 1 spec lists that stack; num_specs_by_stack["unlisted"] is 4, but 0 specs list that stack`
	if msgs := checkMeta(&m, specs, false); !slices.Equal(msgs, want) {
		t.Errorf("with a stack counted and not listed: got %q\nwant %q", msgs, want)
	}
}

// TestMetaValuesQuoted (issue 35, pass 83, class e): meta's values were
// named bare, so a stack "a, b" no spec is in read as two, "meta lists
// stacks a, b, c that no spec has". Each value is quoted, as the
// catalogue's other messages quote what they name.
func TestMetaValuesQuoted(t *testing.T) {
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Stacks: []string{"root"}}}
	m := meta{Stacks: []string{"a, b", "c", "root"}, NumSpecsByStack: map[string]int{"root": 1, "x, y": 1}}
	want := []string{
		`meta says num_specs_by_stack["x, y"] is 1, but 0 specs list that stack`,
		`meta lists stacks "a, b", "c" that no spec has`,
	}
	if got := checkMeta(&m, specs, false); !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
