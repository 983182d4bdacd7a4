package diff

import "testing"

// TestCauseIDCollisionsKeptApart: the explainer files a root cause by a
// hash of its name, hashes and kinds of changes (causeID), the causes of
// one hash chained (idNext) and told apart field by field (sameCause).
// Two causes whose hashes collide (forced here: each later cause's hash
// is made to lead to the first's chain) stay two, each found again as
// itself, whichever comes first; a cause that differs only in a change's
// from and to is the one filed first (as a key of name, hashes and kinds
// filed it before). No other test reaches a collision of 64-bit
// hashes: with the chain walk cut to its first cause, b and c were filed
// as a (2 checks fail); with a cause not linked into the chain, b and c
// were filed again (4).
func TestCauseIDCollisionsKeptApart(t *testing.T) {
	a := Cause{Name: "zlib", OldHash: "aaaa", NewHash: "bbbb", Changes: []Change{{Kind: "version", From: "1.0", To: "1.1"}}}
	b := Cause{Name: "zlib", OldHash: "aaaa", NewHash: "bbbb", Changes: []Change{{Kind: "variants", From: "1.0", To: "1.1"}}}
	c := Cause{Name: "zlib", OldHash: "aaaa", NewHash: "cccc", Changes: []Change{{Kind: "version", From: "1.0", To: "1.1"}}}
	e := &explainer{}
	ia := e.causeID(a)
	for _, x := range []*Cause{&b, &c} {
		e.ids[causeHash(e.idSeed, x)] = ia // collide with a
	}
	ib := e.causeID(b)
	ic := e.causeID(c)
	if ib == ia || ic == ia || ib == ic {
		t.Errorf("colliding causes filed as one: a %d, b %d, c %d", ia, ib, ic)
	}
	for i, x := range []struct {
		c    Cause
		want int32
	}{{b, ib}, {c, ic}, {a, ia}, {b, ib}} {
		if got := e.causeID(x.c); got != x.want {
			t.Errorf("cause %d (%+v) filed again as %d, want %d", i, x.c, got, x.want)
		}
	}
	d := a
	d.Changes = []Change{{Kind: "version", From: "1.0", To: "2.0"}}
	if got := e.causeID(d); got != ia {
		t.Errorf("a cause differing from a only in its change's to filed as %d, want a's %d", got, ia)
	}
	if len(e.table) != 3 {
		t.Errorf("%d causes filed, want 3: %+v", len(e.table), e.table)
	}
}
