package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestRenderRefusesMadeUpChangedHash (issue 35 class b): a hash of a
// pair's why.changed edited to one no spec of the report has, of a
// package the report lists whole (gdbm, none unchanged), rendered: the
// walk by hashes went no further through it, and nothing said the
// dependency was no build of either snapshot. render refuses it, and
// says where and which hash, on which side.
func TestRenderRefusesMadeUpChangedHash(t *testing.T) {
	data := spackGenGolden(t)
	made := map[string]string{"old": strings.Repeat("a", 32), "new": strings.Repeat("b", 32)}
	for _, side := range []string{"old", "new"} {
		r, err := DecodeBytes(bytes.Clone(data))
		if err != nil {
			t.Fatal(err)
		}
		w := r.Packages[8].Specs.Rebuilt[0].Why
		if r.Packages[8].Name != "gmake" || w == nil || len(w.Changed) == 0 || w.Changed[0].Name != "gdbm" {
			t.Fatalf("packages[8].specs.rebuilt[0] is not gmake through gdbm")
		}
		if side == "old" {
			w.Changed[0].OldHash = made[side]
		} else {
			w.Changed[0].NewHash = made[side]
		}
		_, err = DecodeBytes(jsonOf(t, r))
		if err == nil {
			t.Errorf("%s hash made up: rendered", side)
			continue
		}
		msg := err.Error()
		for _, want := range []string{"packages[8].specs.rebuilt[0].why.changed[0]: ", `"gdbm"`, "no " + side + ` spec of hash "` + made[side] + `"`} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s hash made up: %q, want it to say %q", side, msg, want)
			}
		}
	}
}
