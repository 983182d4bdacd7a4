package snapshot

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
	"github.com/cachediff/cachediff/internal/intern"
	"github.com/cachediff/cachediff/internal/listops"
)

// Rule is one canonicalization rule: a rewrite of one facet's strings from
// a spelling Spack used at some time to the one cachediff compares.
type Rule struct {
	Name    string // stable identifier, used in reports
	Facet   string // compiler, version, variant, or list
	Example string // written → canonical
	apply   func(string) string
}

// legacyCompilers is Spack's table of legacy compiler names and the packages
// that provide them (LEGACY_COMPILER_TO_BUILTIN in Spack 1.x).
var legacyCompilers = map[string]string{
	"oneapi": "intel-oneapi-compilers",
	"clang":  "llvm",
	"rocmcc": "llvm-amdgpu",
	"intel":  "intel-oneapi-compilers-classic",
	"arm":    "acfl",
}

// Rules returns a copy of the canonicalization table, in the order the
// rules apply. Each rule is idempotent and applying the whole table twice
// changes nothing.
func Rules() []Rule { return slices.Clone(rules) }

// rules is the canonicalization table (Rules).
var rules = []Rule{
	{Name: "compiler-percent", Facet: "compiler", Example: "%gcc@13.2.0 → gcc@13.2.0",
		apply: func(s string) string { return strings.TrimLeft(s, "%") }},
	{Name: "compiler-exact-version", Facet: "compiler", Example: "gcc@=13.2.0 → gcc@13.2.0",
		apply: func(s string) string {
			name, ver, ok := strings.Cut(s, "@")
			if !ok {
				return s
			}
			return name + "@" + strings.TrimLeft(ver, "=")
		}},
	{Name: "compiler-legacy-name", Facet: "compiler", Example: "oneapi@2024.2.1 → intel-oneapi-compilers@2024.2.1",
		apply: func(s string) string {
			name, ver, ok := strings.Cut(s, "@")
			if pkg, legacy := legacyCompilers[name]; legacy {
				if ok {
					return pkg + "@" + ver
				}
				return pkg
			}
			return s
		}},
	{Name: "compiler-none", Facet: "compiler", Example: `"" → none`,
		apply: func(s string) string {
			if strings.TrimSpace(s) == "" {
				return "none"
			}
			return s
		}},
	{Name: "version-exact", Facet: "version", Example: "=1.2.3 → 1.2.3",
		apply: func(s string) string { return strings.TrimLeft(s, "=") }},
	{Name: "variant-propagation", Facet: "variant", Example: "cuda_arch:=80 → cuda_arch=80, ++shared → +shared",
		apply: canonPropagation},
	{Name: "variant-quotes", Facet: "variant", Example: "languages='c,c++' → languages=c,c++",
		apply: func(s string) string {
			name, val, ok := strings.Cut(s, "=")
			if !ok || len(val) < 2 {
				return s
			}
			// One pair of quotes around a value that holds none:
			// how the catalogue's pages (and Spack) write a value
			// that needs quoting. A value that holds a quote keeps
			// its quotes, which tell it from the bare one ("\"x\""
			// of a lockfile is Spack's '"x"', no x; package
			// spackfmt quotes such a value as Spack does).
			q, inner := val[0], val[1:len(val)-1]
			if (q == '\'' || q == '"') && val[len(val)-1] == q && !hasQuote(inner) {
				return name + "=" + inner
			}
			return s
		}},
	{Name: "variant-value-order", Facet: "variant", Example: "targets=nvptx,amdgpu → targets=amdgpu,nvptx",
		apply: func(s string) string {
			name, val, ok := strings.Cut(s, "=")
			if !ok || !strings.Contains(val, ",") || isFlags(name) {
				return s
			}
			if hasQuote(val) {
				// A quoted value, one of a lockfile that holds
				// a quote (spackfmt sorts its list): sorting its
				// pieces moved quotes to its edges ("a','b" to
				// "'b,a'"), which the quotes rule stripped.
				return s
			}
			vals := strings.Split(val, ",")
			if slices.ContainsFunc(vals, func(v string) bool { return v == "" || v[0] == ' ' || v[len(v)-1] == ' ' }) {
				// No list of Spack's values, which are never empty
				// nor edged with spaces: a value of a lockfile that
				// holds ", " ("a, b", which sorted as " b,a"), whose
				// reader sorts the values themselves.
				return s
			}
			slices.Sort(vals)
			return name + "=" + strings.Join(slices.Compact(vals), ",")
		}},
}

// hasQuote reports whether s holds a quote character, ' or ".
func hasQuote(s string) bool {
	return strings.ContainsAny(s, `'"`)
}

// isFlags reports whether a variant name is one of Spack's compiler flags
// (cflags, ldflags, ...), whose value is a command line where order
// matters and a comma is part of an argument (-Wl,-rpath,/a).
func isFlags(name string) bool {
	name = strings.TrimRight(name, ":=")
	return strings.HasSuffix(name, "flags") || name == "ldlibs"
}

// listRule is the rule for the list facets (versions, variants, stacks):
// sorted, without duplicates. It is counted like the string rules.
const listRule = "list-order"

// RuleNames returns the name of every rule, string rules first, in order.
func RuleNames() []string {
	names := make([]string, 0, len(rules)+1)
	for _, r := range rules {
		names = append(names, r.Name)
	}
	return append(names, listRule)
}

func canonPropagation(s string) string {
	switch {
	case strings.HasPrefix(s, "++"), strings.HasPrefix(s, "~~"):
		return s[1:]
	}
	if i := strings.IndexByte(s, '='); i > 0 {
		switch {
		case s[i-1] == ':': // cuda_arch:=80
			return s[:i-1] + s[i:]
		case i+1 < len(s) && s[i+1] == '=': // cuda_arch==80
			return s[:i] + s[i+1:]
		}
	}
	return s
}

// RuleCounts counts the strings each rule rewrote, by rule name.
type RuleCounts map[string]int

func (c RuleCounts) add(o RuleCounts) {
	for k, v := range o {
		c[k] += v
	}
}

// canonicalizer applies the rule table and counts what it rewrote.
type canonicalizer struct {
	counts RuleCounts
	cache  *canonCache // nil: no cache
	// sort, when not nil, is the loading goroutine's memory for sorting a
	// page's specs by hash (finishSpecsLists).
	sort *sortScratch
	// rec, when not nil, receives the rules applied instead of counts:
	// an index into rules per count, len(rules) for listRule.
	rec *[]uint16
}

// count counts rule i (an index into rules, or len(rules) for listRule).
func (c *canonicalizer) count(i uint16) {
	switch {
	case c.rec != nil:
		*c.rec = append(*c.rec, i)
	case int(i) == len(rules):
		c.counts[listRule]++
	default:
		c.counts[rules[i].Name]++
	}
}

// replay counts the rules of rec, as recorded by a canonicalizer's rec.
func (c *canonicalizer) replay(rec []uint16) {
	for _, i := range rec {
		c.count(i)
	}
}

// rulesByFacet lists, per facet, the indexes into rules of its rules.
var rulesByFacet = indexRules(rules)

func indexRules(rules []Rule) map[string][]int {
	m := map[string][]int{}
	for i, r := range rules {
		m[r.Facet] = append(m[r.Facet], i)
	}
	return m
}

// canonCache remembers str's result per facet and string: a snapshot has
// few distinct compilers and variants, written over and over. A small
// direct-mapped table, indexed by a cheap hash of a few bytes, answers
// most lookups without hashing the whole key.
//
// A string is filed in m the second time it is looked up, not the first
// (intern.Door). A string seen once, as each of a node's
// variants in a Spack file of one node of 256k parameters, cost an entry
// of some 80 bytes, for strings of 13 bytes of input: its decoding
// peaked at 8x its bytes (10x at 64k), 5.4x of that the cache.
type canonCache struct {
	m      map[canonKey]canonEntry
	size   int // the bytes of the strings in m
	door   intern.Door
	recent [512]struct {
		key canonKey
		e   canonEntry
	}
	// lastList and lastLen are the list of a facet without rules that
	// list canonicalized last (see list).
	lastList *string
	lastLen  int
	// lookups counts get's calls, for the tests.
	lookups int
}

type canonKey struct{ facet, s string }

type canonEntry struct {
	s       string
	counted []uint16 // indexes into rules of the rules that rewrote the string
}

func newCanonCache() *canonCache {
	c := &canonCache{m: map[canonKey]canonEntry{}}
	fresh.Touch(unsafe.Slice(c, 1)) // recent is probed before it is written
	return c
}

// reset empties cc as newCanonCache makes one, in its own memory (see
// loadState.forget).
func (cc *canonCache) reset() {
	cc.m = map[canonKey]canonEntry{} // not cleared: a large map would keep its memory
	cc.size = 0
	cc.door.Reset()
	clear(cc.recent[:])
	cc.lastList, cc.lastLen = nil, 0
	cc.lookups = 0
}

// get returns the entry of k, computing it with c when it is new.
func (cc *canonCache) get(k canonKey, c *canonicalizer) canonEntry {
	cc.lookups++
	s := k.s
	h := uint(len(s)) * 31
	if n := len(s); n > 0 {
		h += uint(s[0])*7 + uint(s[n-1])*13 + uint(s[n/2])*3 + uint(s[n*3/4])
	}
	h += uint(len(k.facet)) * 101
	slot := &cc.recent[h%uint(len(cc.recent))]
	if slot.key == k {
		return slot.e
	}
	e, ok := cc.m[k]
	if !ok {
		e.s, e.counted = c.apply(k.facet, s)
		if !cc.door.String(k.s, uint64(len(k.facet))) {
			return e
		}
		cc.m[k] = e
		cc.size += len(k.s) + len(e.s)
	}
	slot.key, slot.e = k, e
	return e
}

// Canonical returns s with every rule of facet applied: what a string of
// that facet looks like after loading. Facet is "compiler", "version" or
// "variant".
func Canonical(facet, s string) string {
	return newCanonicalizer().str(facet, s)
}

func newCanonicalizer() *canonicalizer {
	return &canonicalizer{counts: RuleCounts{}}
}

// str applies the facet's rules in order, again until none changes s (one
// rule can make work for another: "a=b,=a" sorts to "a==a,b", which is
// propagated). Each rule counts a string once.
func (c *canonicalizer) str(facet, s string) string {
	var counted []uint16
	if c.cache != nil {
		e := c.cache.get(canonKey{facet, s}, c)
		s, counted = e.s, e.counted
	} else {
		s, counted = c.apply(facet, s)
	}
	for _, i := range counted {
		c.count(i)
	}
	return s
}

// apply runs the rules of facet on s until none changes it, and says
// which rules rewrote it (nil: none), each once, in the table's order.
func (c *canonicalizer) apply(facet, s string) (string, []uint16) {
	var counted []uint16
	for changed := true; changed; {
		changed = false
		for _, i := range rulesByFacet[facet] {
			if t := rules[i].apply(s); t != s {
				if !slices.Contains(counted, uint16(i)) {
					counted = append(counted, uint16(i))
				}
				s, changed = t, true
			}
		}
	}
	slices.Sort(counted)
	return s, counted
}

func (c *canonicalizer) list(facet string, l []string, less func(a, b string) int) []string {
	// A lockfile's nodes share their list of roots (spackfmt.markRoots):
	// one canonicalized just before, of a facet no rule rewrites, is
	// canonical already (its strings interned, sorted, once each), and
	// looking its roots × nodes strings up again cost seconds.
	shared := c.cache != nil && len(l) > 0 && len(rulesByFacet[facet]) == 0
	if shared && c.cache.lastList == unsafe.SliceData(l) && c.cache.lastLen == len(l) {
		return l
	}
	if len(rulesByFacet[facet]) > 0 { // else str changes nothing and counts none
		for i, s := range l {
			l[i] = c.str(facet, s)
		}
	}
	if !slices.IsSortedFunc(l, less) || hasAdjacentDup(l) {
		c.count(uint16(len(rules)))
		slices.SortFunc(l, less)
		l = slices.Compact(l)
	}
	if shared {
		c.cache.lastList, c.cache.lastLen = unsafe.SliceData(l), len(l)
	}
	return l
}

// ListOrder is how a spec's list of facet ("version", "variant" or
// "stack") is sorted when canonicalized (list): the variants by name,
// then whole (compareVariants), the others by their bytes. A report read
// back holds its lists to it (diff's laws): the engine sorts them once,
// as they are loaded, and writes them so.
func ListOrder(facet string) func(a, b string) int {
	if facet == "variant" {
		return compareVariants
	}
	return strings.Compare
}

func hasAdjacentDup(l []string) bool {
	for i := 1; i < len(l); i++ {
		if l[i] == l[i-1] {
			return true
		}
	}
	return false
}

// canonicalize rewrites s in place into canonical form; the lists only
// when lists (the fast scanner canonicalizes them as it reads them).
func (c *canonicalizer) spec(s *Spec, lists bool) {
	s.Compiler = c.str("compiler", s.Compiler)
	if !lists {
		return
	}
	s.Versions = c.list("version", s.Versions, strings.Compare)
	s.Variants = c.list("variant", s.Variants, compareVariants)
	s.Stacks = c.list("stack", s.Stacks, strings.Compare)
}

// compareVariants orders variants by name the way Spack prints them
// (+clang and ~cuda sort by "clang" and "cuda"), then by the whole string
// (listops.CompareVariants: the engine's list operations merge lists in
// this order).
func compareVariants(a, b string) int { return listops.CompareVariants(a, b) }

func variantName(v string) string { return listops.VariantName(v) }
