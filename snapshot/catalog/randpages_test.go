package catalog

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// randomPages writes random pages whose lists are mostly texts seen
// before, in any list field and spaced otherwise, with now and then a
// bracket or quote inside a string, an escape, a byte that is not UTF-8,
// a list that is not one, a key given twice, a field missing or null, a
// tarball of another type,
// a bad hash or a meta: what the scanner's list texts (canonList) must
// read as the general path does. A review of the list texts wrote the
// first version of it.
type randomPages struct {
	r    *rand.Rand
	pool []string // recent list texts, to use again
	base int      // the first spec's number, for distinct hashes
}

var (
	// The first 16 elements are clean; the rest are hostile.
	randElems = []string{`"1.0"`, `"=1.0"`, `"=1.0"`, `"2.0"`, `"+a"`, `"~b"`, `"~a"`, `"+b"`, `"-c"`, `"x=]"`, `"]"`, `"["`,
		`"a,b"`, `"patches=b,a"`, `"cuda_arch=80,70"`, `"gcc@=11"`, `"\"q"`, `"\u007eb"`, `"\]"`, "\"\xff\"", `"é"`, `""`, `"root"`, `"s"`,
		`"x=1"`, `"x=2"`, `"build_system=cmake"`, `"a]\"b"`, "\"\x01\"", `"]]"`, `"\""`, `"a=\"]"`}
	randSeps  = []string{",", ", ", " ,", ",\t", "\t,\r "}
	randOpen  = []string{"[", "[ ", "[\t"}
	randClose = []string{"]", " ]", "\t]"}
)

// pick returns l[0] mostly, and another of l one time in odds.
func (g *randomPages) pick(l []string, odds int) string {
	if g.r.IntN(odds) == 0 {
		return l[g.r.IntN(len(l))]
	}
	return l[0]
}

func (g *randomPages) list() string {
	switch g.r.IntN(120) {
	case 0:
		return "null"
	case 1:
		return `"x"`
	case 2:
		return "[]"
	case 3:
		return "[ ]"
	case 4:
		return "{}"
	case 5:
		return "[1]"
	}
	var b strings.Builder
	b.WriteString(g.pick(randOpen, 4))
	for i := range g.r.IntN(4) {
		if i > 0 {
			b.WriteString(g.pick(randSeps, 3))
		}
		k := g.r.IntN(16)
		if g.r.IntN(40) == 0 {
			k = g.r.IntN(len(randElems))
		}
		b.WriteString(randElems[k])
	}
	b.WriteString(g.pick(randClose, 4))
	return b.String()
}

func (g *randomPages) spec(i int) string {
	keys := []string{"hash", "versions", "variants", "stacks", "compiler", "tarball", "os", "platform", "target", "size"}
	g.r.Shuffle(len(keys), func(a, b int) { keys[a], keys[b] = keys[b], keys[a] })
	var parts []string
	for _, k := range keys {
		if g.r.IntN(300) == 0 {
			continue // a spec without a field it needs (or a tarball)
		}
		var v string
		switch k {
		case "hash":
			v = fmt.Sprintf("%q", hashN(i))
			if g.r.IntN(200) == 0 {
				v = `"bad"`
			}
		case "versions", "variants", "stacks":
			if g.r.IntN(3) != 0 && len(g.pool) > 0 {
				v = g.pool[g.r.IntN(len(g.pool))] // a text seen before, maybe in another field
			} else {
				v = g.list()
				if g.pool = append(g.pool, v); len(g.pool) > 60 {
					g.pool = g.pool[1:]
				}
			}
		case "compiler":
			v = []string{`"gcc@=11"`, `"%clang@3"`, `"gcc@11"`}[g.r.IntN(3)]
		case "tarball":
			v = g.pick([]string{`"https://x/y.spack"`, `null`, `""`, `"a\u0041"`, `1`, "\"\xfe\""}, 30)
		case "os":
			v = `"linux"`
		case "platform", "target":
			v = g.pick([]string{`"x"`, `null`, `""`}, 100)
		case "size":
			v = g.pick([]string{`"-"`, `12`, `"12"`, `null`}, 20)
		}
		parts = append(parts, fmt.Sprintf("%q: %s", k, v))
		if g.r.IntN(100) == 0 {
			parts = append(parts, fmt.Sprintf("%q: %s", k, v)) // a key given twice
		}
	}
	if g.r.IntN(20) == 0 {
		parts = append(parts, `"other": {"a": [1, "]"]}`)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (g *randomPages) page() []byte {
	var b strings.Builder
	b.WriteString("---\ntitle: \"p\"\nlayout: cache\ncategories: [package, develop]\n")
	if g.r.IntN(2) == 0 {
		b.WriteString(`meta: {"num_specs": 2, "versions": ["1.0", "=2.0"], "stacks": ["s"], "num_specs_by_stack": {"s": 1}}` + "\n")
	}
	b.WriteString("spec_details: [")
	for i := range 1 + g.r.IntN(8) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.spec(g.base + i + 1))
	}
	b.WriteString("]\n---\n")
	g.base += 5
	return []byte(b.String())
}

// TestRandomPages: random pages read by both paths, one loading state
// for all (as Load shares it between pages), give the same package,
// counts, warnings or error; and the scanner reads enough of them whole
// for the test to mean something.
func TestRandomPages(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 100 // make test: 6000
	}
	g := &randomPages{r: rand.New(rand.NewPCG(1, 2))}
	st := newState()
	fast := 0
	for i := range n {
		p := g.page()
		parseBoth(t, fmt.Sprintf("page %d: %q", i, p), p, st)
		s := string(p)
		value := s[strings.Index(s, "spec_details: ")+len("spec_details: ") : strings.LastIndex(s, "]")+1]
		if _, _, ok := st.specs([]byte(value), NewFinisher(Options{})); ok {
			fast++
		}
	}
	if fast < n/4 {
		t.Errorf("the scanner read %d of %d pages whole, want at least a quarter", fast, n)
	}
}
