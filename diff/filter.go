package diff

import (
	"cmp"
	"fmt"
	"github.com/cachediff/cachediff/internal/editdist"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// Filter narrows a comparison to some packages and stacks, and loosens its
// matching. The zero Filter compares everything.
//
// The filters apply to both snapshots before they are compared, so that
// every count is of what they keep and the conservation laws hold: a spec
// outside the stacks is left out on its side, so a spec that leaves a
// selected stack shows as removed and one that joins it as added.
type Filter struct {
	// Packages are path.Match patterns (py-*, llvm); when any is given,
	// only packages whose name matches one are compared.
	Packages []string
	// Stacks are stack names; when any is given, only specs in at least
	// one of them are compared, and a package with no such spec is left
	// out of that snapshot.
	Stacks []string
	// Ignore are facets (FacetNames) that the matching keys leave out:
	// specs that differ only in them pair as rebuilt, and an update may
	// differ in them besides its one facet.
	Ignore []string
}

// FacetNames are the facets that identify a build, in the order of the
// updated passes: the values of Pair.Facet and of Filter.Ignore.
func FacetNames() []string { return slices.Clone(facetNames[:]) }

// Check reports the first invalid pattern or unknown facet of f.
func (f Filter) Check() error {
	_, err := f.normalize()
	return err
}

// normalize checks f and returns it sorted and de-duplicated: patterns and
// stacks in byte order, facets in pass order, every list non-nil.
func (f Filter) normalize() (Filter, error) {
	for _, p := range f.Packages {
		if _, err := path.Match(p, ""); err != nil {
			return f, fmt.Errorf("package pattern %s: %w", quotedRefused(p), err)
		}
	}
	for _, name := range f.Ignore {
		if !slices.Contains(facetNames[:], name) {
			return f, fmt.Errorf("unknown facet %s: want one of %s", quotedRefused(name), strings.Join(facetNames[:], ", "))
		}
	}
	var out Filter
	out.Packages = orEmpty(slices.Compact(slices.Sorted(slices.Values(f.Packages))))
	out.Stacks = orEmpty(slices.Compact(slices.Sorted(slices.Values(f.Stacks))))
	out.Ignore = []string{}
	for _, name := range facetNames {
		if slices.Contains(f.Ignore, name) {
			out.Ignore = append(out.Ignore, name)
		}
	}
	return out, nil
}

// apply returns s narrowed by f's packages and stacks; s itself when f
// keeps everything. It does not modify s.
func (f Filter) apply(s *snapshot.Snapshot) *snapshot.Snapshot {
	if len(f.Packages) == 0 && len(f.Stacks) == 0 {
		return s
	}
	names := newNameMatcher(f.Packages)
	stacks := make(map[string]bool, len(f.Stacks))
	for _, st := range f.Stacks {
		stacks[st] = true
	}
	out := *s
	out.Packages = nil
	for _, p := range s.Packages {
		if len(f.Packages) > 0 && !names.match(p.Name) {
			continue
		}
		if len(f.Stacks) > 0 {
			kept := *p
			kept.Specs = nil
			for _, sp := range p.Specs {
				if slices.ContainsFunc(sp.Stacks, func(st string) bool { return stacks[st] }) {
					kept.Specs = append(kept.Specs, sp)
				}
			}
			if len(kept.Specs) == 0 {
				continue
			}
			p = &kept
		}
		out.Packages = append(out.Packages, p)
	}
	return &out
}

// PackageMatcher reports whether a package name matches one of
// patterns (checked), as --package selects packages: for a saved log's
// timeline, whose packages the filter kept (report/jsonv1).
func PackageMatcher(patterns []string) func(name string) bool {
	return newNameMatcher(patterns).match
}

// nameMatcher matches a name against package patterns: those without
// path.Match's special characters by a look-up, the others one by one.
// Matching each name against every pattern took a name per pattern: 4,000
// package names given to --package over 8,000 packages took 8 s, and 4x
// both 16x that.
type nameMatcher struct {
	literal map[string]bool
	globs   []string
}

func newNameMatcher(patterns []string) nameMatcher {
	m := nameMatcher{literal: make(map[string]bool, len(patterns))}
	for _, pat := range patterns {
		if isLiteral(pat) {
			m.literal[pat] = true
		} else {
			m.globs = append(m.globs, pat)
		}
	}
	return m
}

func (m nameMatcher) match(name string) bool {
	return m.literal[name] || slices.ContainsFunc(m.globs, func(pat string) bool { return matchName(pat, name) })
}

// matchPattern is path.Match; a test counts its calls.
var matchPattern = path.Match

// matchName reports whether the package name matches pat (checked): as
// path.Match, but with a slash an ordinary byte. A name may hold one
// (snapshot.IsPackageName), and path.Match's * and ? stop at it, so
// --package '*' left x/p out of the report and its gate, silently. The
// slashes of such a name and of pat are read as a NUL, which no such name
// holds (one that does is matched as is); a class range with a slash
// inside it or at an end ([+-9], [/-9]) reads it there as a NUL too.
func matchName(pat, name string) bool {
	if strings.Contains(name, "/") && !strings.Contains(name, "\x00") {
		pat, name = strings.ReplaceAll(pat, "/", "\x00"), strings.ReplaceAll(name, "/", "\x00")
	}
	ok, _ := matchPattern(pat, name) // patterns are checked
	return ok
}

// validPattern reports whether pat is a valid path.Match pattern.
func validPattern(pat string) bool {
	_, err := path.Match(pat, "")
	return err == nil
}

// isLiteral reports whether pat has none of path.Match's special
// characters, so that it matches exactly the name it spells.
func isLiteral(pat string) bool { return !strings.ContainsAny(pat, `*?[\`) }

// Unmatched is a value of a Filter that selects nothing in either
// snapshot: most likely a typo, which would otherwise make an empty
// report that passes any gate.
type Unmatched struct {
	Kind  string // "package" (a pattern of Packages) or "stack" (a name of Stacks)
	Value string // as given
	// Closest are the names of that kind in the snapshots nearest to
	// Value in edit distance (ties by name), at most maxClosest, and only
	// those close enough to be what was meant (a distance of at most a
	// third of Value's length, and at least 2, and holding one of its
	// characters); [] when none is, nil when
	// they were not looked for (past the first MaxSuggested values).
	Closest []string
	// ClosestPattern says Closest is one package pattern, not a name: the
	// value's own, its name before a spec's version (py-*@3.8: py-*) or
	// in lower case (PY-*: py-*), which matches a package as it is.
	ClosestPattern bool
	// Parts, of a stack name that holds commas, are the comma-separated
	// parts of it that are stacks of the snapshots: --stack takes one
	// name (repeatable), unlike --package, --ignore and --fail-on, so
	// "--stack e4s,hep" is most likely two stacks given as a list; nil
	// otherwise, and past the first MaxSuggested values, as Closest.
	Parts []string
	// Matches, of a stack name with path.Match's special characters and
	// no comma, are the stacks of the snapshots it matches as a pattern,
	// sorted: --stack takes names, unlike --package, so "--stack 'ml-*'"
	// is most likely meant as one; nil otherwise, and past the first
	// MaxSuggested values, as Closest.
	Matches []string
}

// specSigils start the parts of a Spack spec after its package's name:
// version, compiler, variants, dependencies, flags.
const specSigils = "@%+~^= "

// maxClosest is how many names Unmatched.Closest suggests.
const maxClosest = 3

// MaxSuggested is how many values of Unmatched get their Closest names:
// each costs an edit distance per name of its kind in the snapshots, and
// a command line of thousands of mistyped names took minutes (1,000
// --stack names over 8k stacks, 8.7 s; 4,000 over 32k, 144 s: 16.6x).
// The command lists no more of them than this.
const MaxSuggested = 20

// Unmatched returns the package patterns of f that match no package name,
// and the stack names that no spec is in, in either snapshot: patterns
// first, then stacks, each sorted and de-duplicated; nil when every value
// matches something (or f has an invalid pattern: see Check). Each value
// is checked on its own against the whole snapshots, so a package pattern
// and a stack that match only each other's leavings still pass here; the
// command refuses the empty selection as a whole (an empty report would
// pass any gate).
func (f Filter) Unmatched(before, after *snapshot.Snapshot) []Unmatched {
	f, err := f.normalize()
	if err != nil || len(f.Packages)+len(f.Stacks) == 0 {
		return nil
	}
	pkgs := map[string]bool{}
	stacks := map[string]bool{}
	for _, s := range []*snapshot.Snapshot{before, after} {
		for _, p := range s.Packages {
			pkgs[p.Name] = true
			if len(f.Stacks) == 0 {
				continue
			}
			for i := range p.Specs {
				for _, st := range p.Specs[i].Stacks {
					stacks[st] = true
				}
			}
		}
	}
	var out []Unmatched
	names := slices.Collect(maps.Keys(pkgs))
	for _, pat := range f.Packages {
		if isLiteral(pat) && pkgs[pat] {
			continue
		}
		if isLiteral(pat) || !slices.ContainsFunc(names, func(name string) bool { return matchName(pat, name) }) {
			u := Unmatched{Kind: "package", Value: pat}
			if len(out) < MaxSuggested {
				u.Closest = closest(pat, pkgs)
				// A spec, as Spack writes one (py-keras@3.8.0,
				// hdf5+mpi %gcc): its version and variants are farther
				// than any edit a typo makes, and the name before
				// them is what was meant when it is a package.
				if i := strings.IndexAny(pat, specSigils); i > 0 {
					switch name := strings.TrimSpace(pat[:i]); {
					case len(u.Closest) == 0 && pkgs[name]:
						u.Closest = []string{name}
					case !isLiteral(name) && validPattern(name) && slices.ContainsFunc(names, func(n string) bool { return matchName(name, n) }):
						// A pattern spelt with a version (py-*@3.8):
						// the pattern, not the names nearest to it
						// (py-a, py-b), which it was not meant as; nor
						// those nearest to the value's text (py-*@3
						// got py-x3, two edits from it).
						u.Closest, u.ClosestPattern = []string{name}, true
					case len(u.Closest) == 0:
						u.Closest = closest(name, pkgs)
					}
				}
				if len(u.Closest) == 0 {
					if l, pattern := looser(pat, names); l != nil {
						u.Closest, u.ClosestPattern = l, pattern
					}
				}
			}
			out = append(out, u)
		}
	}
	commas := -1 // the most commas a stack's name holds, once looked for
	for _, st := range f.Stacks {
		if !stacks[st] {
			u := Unmatched{Kind: "stack", Value: st}
			if len(out) < MaxSuggested {
				u.Closest = closest(st, stacks)
				if i := strings.LastIndexByte(st, '/'); i > 0 {
					// A lockfile's root spelt with its hash, as Spack
					// prints it (python@3.9.21/b5gc...): the hash is
					// farther than any edit a typo makes. When the name
					// before it is a stack, and the nearest, it alone:
					// its neighbours (python@3.8.20) are no typo of it.
					switch name := st[:i]; {
					case stacks[name] && (len(u.Closest) == 0 || u.Closest[0] == name):
						u.Closest = []string{name}
					case len(u.Closest) == 0:
						u.Closest = closest(name, stacks)
					}
				}
			}
			// Past the first MaxSuggested, not looked for either: a part
			// spelt with its hash costs a closest of its own, and
			// thousands of such values cost values times stacks.
			if len(out) < MaxSuggested && strings.Contains(st, ",") {
				if commas < 0 {
					commas = 0
					for name := range stacks {
						commas = max(commas, strings.Count(name, ","))
					}
				}
				var named map[string]bool // parts, not parts squared
				for _, part := range ListParts(st, func(s string) bool { return stacks[s] }, commas) {
					// A part is named when it is a stack: one spelt with
					// a hash is not, as any other (a closest for each
					// part of one value was parts times stacks).
					if stacks[part] && !named[part] {
						if named == nil {
							named = map[string]bool{}
						}
						named[part] = true
						u.Parts = append(u.Parts, part)
					}
				}
			}
			if len(out) < MaxSuggested && !isLiteral(st) && !strings.Contains(st, ",") {
				if _, err := path.Match(st, ""); err == nil {
					for name := range stacks {
						if matchName(st, name) {
							u.Matches = append(u.Matches, name)
						}
					}
					slices.Sort(u.Matches)
				}
			}
			out = append(out, u)
		}
	}
	return out
}

// looser returns what a package pattern that matches nothing, with no
// name close to it, was most likely meant as: the pattern in lower case
// when that matches a package (Spack's names are lower case: PY-* for
// py-*), else the names a literal one begins, shortest first, then by
// name (gcc for gcc-runtime, many edits from it), at most maxClosest;
// nil when there is neither. pattern says the one returned is the
// pattern in lower case, not a name.
func looser(pat string, names []string) (out []string, pattern bool) {
	lower := strings.ToLower(pat)
	if lower != pat && validPattern(lower) && slices.ContainsFunc(names, func(n string) bool { return matchName(lower, n) }) {
		return []string{lower}, true
	}
	if !isLiteral(pat) || len(lower) < 2 {
		return nil, false
	}
	for _, n := range names {
		if strings.HasPrefix(n, lower) {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) })
	return out[:min(len(out), maxClosest)], false
}

// ListParts are the parts of value, a comma-separated list, each with
// its white space trimmed, empty ones left out; a run of up to commas+1
// of them that is a stack (isStack), the longest, is one part: a
// lockfile's root may hold commas (py-torch+cuda cuda_arch=70,80),
// which read as two parts that are not stacks. Runs of at most
// maxRunCommas+1, so that the cost stays linear in value's length.
func ListParts(value string, isStack func(string) bool, commas int) []string {
	pieces := strings.Split(value, ",")
	starts := make([]int, len(pieces)) // of each piece in value
	for i := 1; i < len(pieces); i++ {
		starts[i] = starts[i-1] + len(pieces[i-1]) + 1
	}
	out := make([]string, 0, len(pieces))
	for i := 0; i < len(pieces); {
		part, n := strings.TrimSpace(pieces[i]), 1
		for k := min(commas, maxRunCommas, len(pieces)-1-i); k > 0; k-- {
			if run := strings.TrimSpace(value[starts[i] : starts[i+k]+len(pieces[i+k])]); isStack(run) {
				part, n = run, k+1
				break
			}
		}
		if part != "" {
			out = append(out, part)
		}
		i += n
	}
	return out
}

// maxRunCommas is the most commas of a stack's name that ListParts
// finds as one part: a multi-valued variant's values (cuda_arch=70,80).
const maxRunCommas = 16

// closest returns the names nearest to value in edit distance, ties
// broken by name, at most maxClosest and no farther than maxDist allows.
func closest(value string, names map[string]bool) []string {
	type scored struct {
		name string
		dist int
	}
	all := make([]scored, 0, len(names))
	// Without its invisible format characters (a zero-width space or a
	// byte order mark pasted from a web page: "e4s\u200b" was no name
	// close, its three bytes more than a short name's two edits), which
	// the message shows escaped.
	value = withoutFormat(value)
	lower, most := strings.ToLower(value), maxDist(value) // names are lower case; a typo may not be
	for name := range names {
		// The name without its own: a value that spells a name holding
		// one (a lockfile root pasted with its right-to-left mark) was
		// that mark's bytes farther from it than before.
		ln := strings.ToLower(withoutFormat(name))
		// Within answers at once, allocating nothing, for a name farther
		// than most by the lengths alone (a long value, a comma-separated
		// list, against each stack). A name with none of the value's
		// characters is no typo of it: --package x, zz or "" (a trailing
		// comma) suggested bc.
		if d := editdist.Within(lower, ln, most); d <= most && strings.ContainsAny(ln, lower) {
			all = append(all, scored{name, d})
		}
	}
	slices.SortFunc(all, func(a, b scored) int { return cmp.Or(cmp.Compare(a.dist, b.dist), strings.Compare(a.name, b.name)) })
	out := []string{}
	for _, s := range all[:min(len(all), maxClosest)] {
		out = append(out, s.name)
	}
	return out
}

// withoutFormat is s without its format characters (Unicode's Cf:
// zero-width spaces and joiners, byte order marks, bidi marks), its
// other bytes as they are (strings.Map would write an invalid byte as
// U+FFFD, three bytes that maxDist counts); s itself when it has none.
func withoutFormat(s string) string {
	var b strings.Builder
	last := 0 // s[last:i] is not written yet
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError && unicode.Is(unicode.Cf, r) {
			b.WriteString(s[last:i])
			last = i + size
		}
		i += size
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// maxDist is how far a name may be from value to be suggested: a third
// of its length, at least 2 edits and at most maxEdits.
func maxDist(value string) int { return min(max(2, len(value)/3), maxEdits) }

// maxEdits is the most edits a suggested name may be from its value,
// whatever the value's length: a name farther than that from a long
// value (a lockfile root of 20 KB) is no typo of it, and the bound keeps
// the edit distance's band, and so its cost, in proportion to the
// lengths (editdist.Within), where a third of the length made it grow
// with their square (three roots of 20 KB took 1.3 s of CPU).
const maxEdits = 64
