package jsonv1

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// spackGenGolden is the JSON report of testdata/spack-gen, whose specs
// come in two builds (two stacks): two causes of each name, bzip2 of one
// hash and of another, each with its own paths.
func spackGenGolden(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../../testdata/golden/spack-gen.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRenderCausesByHash: render followed the causes' paths by name, so
// that an edit of a reference's cause, a link's next, a pair's via or a
// reference's path to the other build's rendered Markdown, text and HTML
// as the report cachediff wrote, and render -f json wrote the edit back,
// with exit 1 and no word. Each is refused, at the field edited.
func TestRenderCausesByHash(t *testing.T) {
	data := spackGenGolden(t)
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, r *diff.Report)
		want string
	}{
		{"a reference's cause", func(t *testing.T, r *diff.Report) {
			ref := &r.Causes.Sets[1][0]
			if ref.Cause != 1 {
				t.Fatalf("causes.sets[1][0].cause is %d, want 1", ref.Cause)
			}
			ref.Cause = 0
		}, "causes.sets[1][0].cause: 0, "},
		{"a link's next", func(t *testing.T, r *diff.Report) {
			l := &r.Causes.Paths[7]
			if l.Next == nil || *l.Next != 2 {
				t.Fatalf("causes.paths[7].next is not 2")
			}
			next := 1
			l.Next = &next
		}, "causes.paths[7].next: 1: "},
		{"a pair's via", func(t *testing.T, r *diff.Report) {
			w := r.Packages[8].Specs.Rebuilt[0].Why
			if w.Via == nil || *w.Via != 19 {
				t.Fatalf("packages[8].specs.rebuilt[0].why.via is not 19")
			}
			via := 20
			w.Via = &via
		}, "packages[8].specs.rebuilt[0].why.via: 20, "},
		{"a reference's path", func(t *testing.T, r *diff.Report) {
			ref := &r.Causes.Sets[9][2]
			if ref.Path != 6 {
				t.Fatalf("causes.sets[9][2].path is %d, want 6", ref.Path)
			}
			ref.Path = 5
		}, "causes.sets[9][2].path: 5, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := DecodeBytes(bytes.Clone(data))
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(t, r)
			var b bytes.Buffer
			if err := JSON(&b, r); err != nil {
				t.Fatal(err)
			}
			_, err = DecodeBytes(b.Bytes())
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want refused at %q", err, tc.want)
			}
		})
	}
}

// TestRenderCauseIndexEdits: every edit by one, up or down, of a number
// of the causes (a reference's cause or path, a link's next, a base's
// set or via, an override's over) or of a pair's why (set, via, self) in
// the report of testdata/spack-gen is refused, or renders the JSON it
// was made from. Each such number names a cause, a link or a set, and
// cachediff writes each the one way: 103 of the 480 edits rendered,
// each written back as edited (two causes of each name, of two builds,
// followed by name alone).
func TestRenderCauseIndexEdits(t *testing.T) {
	data := spackGenGolden(t)
	re := regexp.MustCompile(`"(cause|next|via|path|set|self|over)": ([0-9]+)`)
	edits := 0
	for _, m := range re.FindAllSubmatchIndex(data, -1) {
		n, err := strconv.Atoi(string(data[m[4]:m[5]]))
		if err != nil {
			t.Fatal(err)
		}
		line := 1 + bytes.Count(data[:m[0]], []byte("\n"))
		for _, d := range []int{-1, 1} {
			if n+d < 0 {
				continue
			}
			edits++
			edited := append(append(append([]byte{}, data[:m[4]]...), strconv.Itoa(n+d)...), data[m[5]:]...)
			r, err := DecodeBytes(edited)
			if err != nil {
				continue
			}
			var b bytes.Buffer
			if err := JSON(&b, r); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), data) {
				t.Errorf("line %d: %q %d → %d rendered, and render -f json writes the edit", line, data[m[2]:m[3]], n, n+d)
			}
		}
	}
	if edits < 400 {
		t.Errorf("%d edits, want the report's 480", edits)
	}
}
