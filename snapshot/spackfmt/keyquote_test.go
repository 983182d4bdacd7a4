package spackfmt

import (
	"fmt"
	"hash/maphash"
	"strings"
	"testing"
)

// TestKeyWithQuoteNotTwice (issue 35 class e: valid input refused): a
// key with an escaped quote ("x\":", the key x": unescaped) is no key
// of the input, where the keys of the hash table are found by their
// offsets, each up to its closing quote. Looked for among them, it
// matched the key x whose value is a string, as the input reads on past
// x's closing quote: "x\"" is given twice in one object, of two keys
// Spack tells apart. The key x is picked so that both land in one slot.
func TestKeyWithQuoteNotTwice(t *testing.T) {
	const slots = 256 // the table's size for a few more than maxScanKeys keys
	x := ""
	for j := 0; ; j++ {
		c := fmt.Sprintf("x%d", j)
		if maphash.String(keySeed, c)%slots == maphash.String(keySeed, c+`":`)%slots {
			x = c
			break
		}
	}
	var b strings.Builder
	b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"libdwarf","version":"20130729",` +
		`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"namespace":"builtin.mock",` +
		`"parameters":{"` + x + `":"v"`)
	for i := range maxScanKeys + 4 {
		fmt.Fprintf(&b, `,"w%d":true`, i)
	}
	fmt.Fprintf(&b, `,"%s\":":true`, x)
	b.WriteString(`,"cflags":[],"cppflags":[],"cxxflags":[],"fflags":[],"ldflags":[],"ldlibs":[]},` +
		`"package_hash":"n7axrpelzl5kjuctt4yoaaf33gvgnik6cx7fjudwhc6hvywdrr4q====",` +
		`"hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgh"}]}}`)
	set, err := Decode("x.spec.json", []byte(b.String()))
	if err != nil {
		t.Fatalf("keys %s and %s\": %v", x, x, err)
	}
	want := x + `=v`
	found := false
	for _, v := range set.Nodes[0].Variants {
		found = found || v == want
	}
	if !found {
		t.Errorf("variants %q, want %s among them", set.Nodes[0].Variants, want)
	}
}
