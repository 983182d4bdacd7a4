package diff

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/snapshot"
)

// LawError is a decoded report whose numbers disagree with each other:
// a conservation law of docs/json.md broken, a count that is not the
// length of its list, a gate that does not say what the report holds.
// cachediff never writes such a report; one edited by hand or cut short
// would otherwise render, and pass a CI gate, with numbers that mean
// nothing. Path is the field concerned.
type LawError struct {
	Path, Msg string
}

func (e *LawError) Error() string { return e.Path + ": " + e.Msg }

// EnumError is a field of a report that holds a value outside its known
// set. Path is the field's place in the JSON document
// (packages[3].status).
type EnumError struct {
	Path, Value, Want string
}

func (e *EnumError) Error() string {
	return fmt.Sprintf("%s: %s is not %s", e.Path, quotedEnum(e.Value), e.Want)
}

// quotedEnum is an EnumError's value for its message: whole up to
// shortChars characters (an invalid byte is one), else its first
// shortChars-8 and the mark of its digest (cutmark.Of), and quoted in
// ASCII, the mark inside the quotes. Quoted as Go writes it (%q), a
// lookalike stayed as it is: a status "сhanged" (its с Cyrillic) read
// `"сhanged" is not a package status (want added, removed, changed)`,
// as if the valid one were refused; cut with "…" alone, two values
// alike up to the cut read alike.
func quotedEnum(v string) string {
	n, end, kept := 0, 0, v
	for i := range v {
		if n == shortChars {
			kept = v[:end]
			break
		}
		if n == shortChars-(cutmark.Len-1) {
			end = i
		}
		n++
	}
	q := strconv.QuoteToASCII(kept)
	if kept == v {
		return q
	}
	return q[:len(q)-1] + cutmark.Of(v) + `"`
}

func lawf(path, format string, args ...any) error {
	return &LawError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// CheckLaws checks what a cachediff/v1 report says about itself:
//
//   - summary.packages: old = removed + changed + unchanged, new = added +
//     changed + unchanged; packages lists exactly the added, removed and
//     changed ones, each status as often as summary counts it, sorted by
//     name, each name once;
//   - summary.specs and every packages[].counts: old = unchanged +
//     restacked + rebuilt + updated + removed, new = unchanged + restacked
//   - rebuilt + updated + added; the specs lists as long as the counts;
//     summary's added, removed, rebuilt, updated and restacked the sums
//     over packages, its unchanged at least theirs; an added package has
//     only added specs, a removed one only removed ones, a changed one at
//     least one that is not unchanged, and its versions say so: added
//     and removed the versions on one side only, the direction what the
//     newest versions give (the downgrade gate reads it);
//   - old and new: packages and specs equal to summary's;
//   - canonicalized: all zero when options.canonicalize is false;
//   - updates: the specs of the groups add up to summary.specs.updated,
//     and the groups are those of the updated pairs (speclaws.go);
//   - with options.packages, every listed package one they match, and
//     with options.stacks, every listed spec in one of them;
//   - every pair what its kind says, each hash listed once a side, and
//     each package's versions those of its specs (speclaws.go);
//   - facets: the compiler, os, platform and target counts each add up to
//     summary.specs on both sides (a spec has one of each), and added and
//     removed list exactly the values counted on one side only;
//   - facets, per value: new − old is what the listed specs change (an
//     unchanged spec is the same on both sides), unless a warning says
//     the snapshots disagree on what a hash is (HashConflicts): otherwise
//     a lost compiler or stack could be counted back by hand, and pass
//     --fail-on lost-compiler, with the removed specs still listed;
//   - facets, per value: at least the listed specs of it on each side;
//   - stacks: one row per value of facets.stack, in its order, with its
//     counts (the table the lost-stack gate is read from, shown), and
//     packages its specs and the listed packages allow;
//   - causes: present when the report has rebuilt or updated specs (a
//     report of catalogue pages says there that their causes are unknown),
//     its pairs their number, known at most pairs, own and explained at
//     most known (the rest, causelaws.go); each pair's root causes hold
//     the own change of every changed dependency that is a listed pair
//     (causelaws_depself.go);
//   - gate: fail_on lists at least one kind, each once; tripped lists kinds
//     of fail_on, in its order, each with a count above 0; and when every
//     kind is one this cachediff knows, tripped is what the report holds.
func (r *Report) CheckLaws() error {
	if err := CheckSelectedStacksCounted(r); err != nil { // speclaws.go
		return err
	}
	return r.CheckStepLaws()
}

// CheckStepLaws is CheckLaws for a step of a log (cachediff log), but
// that a --stack is counted in the report: the log takes a stack that
// some snapshot of the series has a spec in, so a step may have none in
// it (CheckSelectedStacksCounted checks the steps together).
func (r *Report) CheckStepLaws() error {
	sp, ss := r.Summary.Packages, r.Summary.Specs
	if sp.Old != sp.Removed+sp.Changed+sp.Unchanged {
		return lawf("summary.packages", "old is %d, but removed %d + changed %d + unchanged %d = %d", sp.Old, sp.Removed, sp.Changed, sp.Unchanged, sp.Removed+sp.Changed+sp.Unchanged)
	}
	if sp.New != sp.Added+sp.Changed+sp.Unchanged {
		return lawf("summary.packages", "new is %d, but added %d + changed %d + unchanged %d = %d", sp.New, sp.Added, sp.Changed, sp.Unchanged, sp.Added+sp.Changed+sp.Unchanged)
	}
	if err := conserved("summary.specs", ss); err != nil {
		return err
	}
	for _, s := range []struct {
		name string
		side Side
		pkgs int
		spec int
	}{{"old", r.Old, sp.Old, ss.Old}, {"new", r.New, sp.New, ss.New}} {
		if s.side.Packages != s.pkgs {
			return lawf(s.name+".packages", "%d, but summary.packages.%s is %d", s.side.Packages, s.name, s.pkgs)
		}
		if s.side.Specs != s.spec {
			return lawf(s.name+".specs", "%d, but summary.specs.%s is %d", s.side.Specs, s.name, s.spec)
		}
		if err := checkSkipped(s.name, s.side.Skipped); err != nil {
			return err
		}
	}
	if err := checkWarningOrder(r.Warnings); err != nil {
		return err
	}
	if !r.Options.Canonicalize {
		for _, c := range r.Canonicalized {
			for _, side := range []struct {
				name string
				n    int
			}{{"old", c.Old}, {"new", c.New}} {
				if side.n != 0 {
					return lawf(fmt.Sprintf("canonicalized[%s].%s", shortValue(c.Value), side.name), "%d, but options.canonicalize is false: a report made with --no-canonicalize rewrote no string", side.n)
				}
			}
		}
	}
	if n := sp.Added + sp.Removed + sp.Changed; len(r.Packages) != n {
		return lawf("packages", "%d listed, but summary.packages says %d added + %d removed + %d changed = %d", len(r.Packages), sp.Added, sp.Removed, sp.Changed, n)
	}
	conflicts, _ := HashConflicts(r)
	canonical := map[[2]string]bool{} // checkSpecLists' values found canonical
	var sum Counts
	statuses := map[string]int{}
	for i := range r.Packages {
		p := &r.Packages[i]
		at := fmt.Sprintf("packages[%d]", i)
		if i > 0 && strings.Compare(r.Packages[i-1].Name, p.Name) >= 0 {
			return lawf(at+".name", "%q is not after %q: packages are sorted by name, each once", shortValue(p.Name), shortValue(r.Packages[i-1].Name))
		}
		if err := checkPackage(at, p); err != nil {
			return err
		}
		if err := checkListedVersions(at, p, conflicts > 0); err != nil { // speclaws.go
			return err
		}
		if err := checkSharedVariants(at, p, r.Options.Canonicalize); err != nil { // speclaws.go
			return err
		}
		if err := checkSharedComplete(at, p); err != nil { // speclaws.go
			return err
		}
		if err := checkSpecOrder(at, p); err != nil { // speclaws.go
			return err
		}
		if err := checkSpecLists(at, p, r.Options.Canonicalize, canonical); err != nil { // speclaws.go
			return err
		}
		statuses[p.Status]++
		sum.Old += p.Counts.Old
		sum.New += p.Counts.New
		sum.Unchanged += p.Counts.Unchanged
		sum.Added += p.Counts.Added
		sum.Removed += p.Counts.Removed
		sum.Rebuilt += p.Counts.Rebuilt
		sum.Updated += p.Counts.Updated
		sum.Restacked += p.Counts.Restacked
	}
	for _, s := range []struct {
		status string
		n      int
	}{{Added, sp.Added}, {Removed, sp.Removed}, {Changed, sp.Changed}} {
		if statuses[s.status] != s.n {
			return lawf("packages", "%d packages are %s, but summary.packages.%s is %d", statuses[s.status], s.status, s.status, s.n)
		}
	}
	for _, c := range []struct {
		name     string
		got, sum int
	}{{"added", ss.Added, sum.Added}, {"removed", ss.Removed, sum.Removed}, {"rebuilt", ss.Rebuilt, sum.Rebuilt},
		{"updated", ss.Updated, sum.Updated}, {"restacked", ss.Restacked, sum.Restacked}} {
		if c.got != c.sum {
			return lawf("summary.specs."+c.name, "%d, but the packages' counts add up to %d", c.got, c.sum)
		}
	}
	if ss.Unchanged < sum.Unchanged {
		return lawf("summary.specs.unchanged", "%d, fewer than the %d of the listed packages", ss.Unchanged, sum.Unchanged)
	}
	if err := checkPairs(r); err != nil { // speclaws.go
		return err
	}
	if err := checkSelectedStacks(r); err != nil { // speclaws.go
		return err
	}
	if err := checkSelectedPackages(r); err != nil { // speclaws.go
		return err
	}
	n := 0
	for _, u := range r.Updates {
		n += u.Specs
	}
	if n != ss.Updated {
		return lawf("updates", "the groups count %d specs, but summary.specs.updated is %d", n, ss.Updated)
	}
	if err := checkUpdateGroups(r); err != nil { // speclaws.go
		return err
	}
	for _, f := range []struct {
		name string
		r    *Rollup
		sums bool
	}{{"compiler", &r.Facets.Compiler, true}, {"os", &r.Facets.OS, true}, {"platform", &r.Facets.Platform, true},
		{"target", &r.Facets.Target, true}, {"stack", &r.Facets.Stack, false}} {
		if err := checkRollup("facets."+f.name, f.r, f.sums, ss); err != nil {
			return err
		}
	}
	if err := checkFacetDeltas(r); err != nil {
		return err
	}
	if err := checkStackRows(r); err != nil {
		return err
	}
	if err := checkCauses(r); err != nil {
		return err
	}
	if err := r.checkNews(); err != nil { // highlights.go
		return err
	}
	return checkGate(r)
}

// checkCauses checks causes against the rebuilt and updated specs it
// counts (see CheckLaws).
func checkCauses(r *Report) error {
	ss, c := r.Summary.Specs, r.Causes
	n := ss.Rebuilt + ss.Updated
	switch {
	case c == nil && n > 0:
		return lawf("causes", "absent, but the report has %d rebuilt and %d updated specs: cachediff writes causes whenever it has either", ss.Rebuilt, ss.Updated)
	case c == nil:
		return nil
	case c.Pairs != n:
		return lawf("causes.pairs", "%d, but summary.specs has %d rebuilt + %d updated = %d", c.Pairs, ss.Rebuilt, ss.Updated, n)
	case c.Known > c.Pairs:
		return lawf("causes.known", "%d, more than the %d pairs", c.Known, c.Pairs)
	case c.Own > c.Known:
		return lawf("causes.own", "%d, more than the %d known", c.Own, c.Known)
	case c.Explained > c.Known:
		return lawf("causes.explained", "%d, more than the %d known", c.Explained, c.Known)
	}
	if err := checkCauseSets(r); err != nil { // causelaws.go
		return err
	}
	if err := checkDepSelves(r); err != nil { // causelaws_depself.go
		return err
	}
	return checkCauseHashes(r) // causelaws_hashes.go
}

// conserved checks the conservation laws of a Counts.
func conserved(at string, c Counts) error {
	both := c.Unchanged + c.Restacked + c.Rebuilt + c.Updated
	if c.Old != both+c.Removed {
		return lawf(at, "old is %d, but unchanged %d + restacked %d + rebuilt %d + updated %d + removed %d = %d", c.Old, c.Unchanged, c.Restacked, c.Rebuilt, c.Updated, c.Removed, both+c.Removed)
	}
	if c.New != both+c.Added {
		return lawf(at, "new is %d, but unchanged %d + restacked %d + rebuilt %d + updated %d + added %d = %d", c.New, c.Unchanged, c.Restacked, c.Rebuilt, c.Updated, c.Added, both+c.Added)
	}
	return nil
}

func checkPackage(at string, p *Package) error {
	c := p.Counts
	if err := conserved(at+".counts", c); err != nil {
		return err
	}
	for _, l := range []struct {
		name string
		len  int
		n    int
	}{{"added", len(p.Specs.Added), c.Added}, {"removed", len(p.Specs.Removed), c.Removed}, {"rebuilt", len(p.Specs.Rebuilt), c.Rebuilt},
		{"updated", len(p.Specs.Updated), c.Updated}, {"restacked", len(p.Specs.Restacked), c.Restacked}} {
		if l.len != l.n {
			return lawf(at+".specs."+l.name, "%d listed, but counts.%s is %d", l.len, l.name, l.n)
		}
	}
	v := p.Versions
	switch p.Status {
	case Added:
		if c.Old != 0 || c.New != c.Added {
			return lawf(at+".counts", "an added package has only added specs (old %d, new %d, added %d)", c.Old, c.New, c.Added)
		}
		if len(v.Old) != 0 || v.Direction != New {
			return lawf(at+".versions", "an added package has no old versions and direction %q", New)
		}
		if p.OldFile != "" {
			// Rendered and written back by render -f json, where
			// docs/json.md says it is absent.
			return lawf(at+".old_file", "%q, but an added package has no page in the old snapshot: cachediff writes no old_file for it", shortValue(p.OldFile))
		}
		if err := checkVersionSides(at+".versions", v); err != nil {
			return err
		}
	case Removed:
		if c.New != 0 || c.Old != c.Removed {
			return lawf(at+".counts", "a removed package has only removed specs (old %d, new %d, removed %d)", c.Old, c.New, c.Removed)
		}
		if len(v.New) != 0 || v.Direction != Gone {
			return lawf(at+".versions", "a removed package has no new versions and direction %q", Gone)
		}
		if p.NewFile != "" {
			return lawf(at+".new_file", "%q, but a removed package has no page in the new snapshot: cachediff writes no new_file for it", shortValue(p.NewFile))
		}
		if err := checkVersionSides(at+".versions", v); err != nil {
			return err
		}
	case Changed:
		if c.Added+c.Removed+c.Rebuilt+c.Updated+c.Restacked == 0 {
			return lawf(at+".counts", "a changed package has a spec that is not unchanged")
		}
		if v.Direction == New || v.Direction == Gone {
			return lawf(at+".versions.direction", "%q is for added and removed packages; this one is changed", shortValue(v.Direction))
		}
		if err := checkVersionChange(at+".versions", v); err != nil {
			return err
		}
	default:
		return lawf(at+".status", "%q packages are not listed", shortValue(p.Status))
	}
	return nil
}

// checkRollup checks a facet's roll-up: each value once, added and
// removed the values counted on one side only, in the counts' order, and
// with sums, the counts adding up to the specs on each side.
func checkRollup(at string, r *Rollup, sums bool, ss Counts) error {
	var added, removed []string
	before, after := 0, 0
	seen := make(map[string]bool, len(r.Counts))
	for _, v := range r.Counts {
		if seen[v.Value] {
			return lawf(at+".counts", "%q is there twice", shortValue(v.Value))
		}
		seen[v.Value] = true
		if v.Old == 0 && v.New == 0 {
			// No spec has the value on either side: cachediff counts only
			// the values specs have, and such a row would be printed as
			// one more value "unchanged".
			return lawf(at+".counts", "%q has 0 old and 0 new specs: a value is counted where a spec has it", shortValue(v.Value))
		}
		before += v.Old
		after += v.New
		switch {
		case v.Old == 0 && v.New > 0:
			added = append(added, v.Value)
		case v.Old > 0 && v.New == 0:
			removed = append(removed, v.Value)
		}
	}
	if err := checkOneSided(at+".added", "new", r.Added, added); err != nil {
		return err
	}
	if err := checkOneSided(at+".removed", "old", r.Removed, removed); err != nil {
		return err
	}
	if sums && (before != ss.Old || after != ss.New) {
		return lawf(at+".counts", "add up to %d old and %d new specs, but summary.specs has %d and %d", before, after, ss.Old, ss.New)
	}
	return nil
}

// checkOneSided checks a roll-up's list of the values counted on one
// side only (side: "old" or "new") against those the counts have there,
// in the counts' order, and says what differs: a value listed twice,
// listed but not counted on that side only, counted so but not listed,
// or two listed out of the counts' order.
func checkOneSided(at, side string, listed, counted []string) error {
	if slices.Equal(listed, counted) {
		return nil
	}
	rank := make(map[string]int, len(counted))
	for i, v := range counted {
		rank[v] = i
	}
	seen := make(map[string]bool, len(listed))
	for _, v := range listed {
		if seen[v] {
			return lawf(at, "%q is there twice", shortValue(v))
		}
		seen[v] = true
		if _, ok := rank[v]; !ok {
			return lawf(at, "lists %q, which the counts do not have in %s only", shortValue(v), side)
		}
	}
	for _, v := range counted {
		if !seen[v] {
			return lawf(at, "does not list %q, which the counts have in %s only", shortValue(v), side)
		}
	}
	for i := 1; i < len(listed); i++ {
		if a, b := listed[i-1], listed[i]; rank[a] > rank[b] {
			return lawf(at, "lists %q before %q, but the counts have %q first: the list follows the counts' order", shortValue(a), shortValue(b), shortValue(b))
		}
	}
	return nil // not reached: the same values in the same order are equal
}

// checkGate checks a saved gate: a gate of no kind passes whatever the
// report holds, so it is refused; and a gate whose kinds this cachediff
// knows must say what the report holds, so that an edited "tripped": []
// does not pass a report that trips it.
func checkGate(r *Report) error {
	g := r.Gate
	if g == nil {
		return nil
	}
	if len(g.FailOn) == 0 {
		return lawf("gate.fail_on", "empty: a gate fails on at least one kind of change (--fail-on)")
	}
	known := true
	for i, k := range g.FailOn {
		if slices.Contains(g.FailOn[:i], k) {
			return lawf(fmt.Sprintf("gate.fail_on[%d]", i), "%q is there twice", shortValue(k))
		}
		known = known && slices.Contains(GateKindNames(), k)
	}
	last := -1
	for i, t := range g.Tripped {
		at := fmt.Sprintf("gate.tripped[%d]", i)
		j := slices.Index(g.FailOn, t.Kind)
		if j < 0 {
			return lawf(at+".kind", "%q is not in gate.fail_on", shortValue(t.Kind))
		}
		if j <= last {
			return lawf(at+".kind", "%q is out of gate.fail_on's order, or there twice", shortValue(t.Kind))
		}
		last = j
		if t.Count <= 0 {
			return lawf(at+".count", "%d: a kind that tripped is present at least once", t.Count)
		}
	}
	// The kinds this cachediff knows are checked against the report; a
	// later cachediff's kind is trusted as saved. One unknown kind must
	// not make a known one pass unchecked.
	var kinds []string
	for _, k := range g.FailOn {
		if slices.Contains(GateKindNames(), k) {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	want, err := CheckGate(r, kinds)
	if err != nil {
		return lawf("gate", "%v", err)
	}
	if known && !slices.Equal(want.FailOn, g.FailOn) {
		return lawf("gate.fail_on", "[%s] is not in the order cachediff writes: [%s]", strings.Join(g.FailOn, ", "), strings.Join(want.FailOn, ", "))
	}
	var saved []Trip // the saved trips of the known kinds, with their places
	var at []int
	for i, t := range g.Tripped {
		if slices.Contains(kinds, t.Kind) {
			saved, at = append(saved, t), append(at, i)
		}
	}
	if got := tripNames(saved); !slices.Equal(got, tripNames(want.Tripped)) {
		return lawf("gate.tripped", "says [%s], but the report trips [%s]", strings.Join(got, ", "), strings.Join(tripNames(want.Tripped), ", "))
	}
	for i, t := range want.Tripped {
		s, path := saved[i], fmt.Sprintf("gate.tripped[%d]", at[i])
		switch {
		case s.Count != t.Count:
			return lawf(path+".count", "%d, but the report holds %d", s.Count, t.Count)
		case s.Unit != t.Unit:
			return lawf(path+".unit", "%q, but the kind counts %q", shortValue(s.Unit), shortValue(t.Unit))
		case !slices.Equal(s.Packages, t.Packages):
			return lawf(path+".packages", "[%s], but the report's are [%s]", quotedJoin(s.Packages, ", "), quotedJoin(t.Packages, ", "))
		case !slices.Equal(s.Values, t.Values):
			return lawf(path+".values", "[%s], but the report's are [%s]", quotedJoin(s.Values, ", "), quotedJoin(t.Values, ", "))
		}
	}
	return nil
}

func tripNames(l []Trip) []string {
	names := make([]string, len(l))
	for i, t := range l {
		names[i] = t.Kind
	}
	return names
}

// shortValue is a value from a report as a law's message quotes it
// (%q, or %s): quotedEnum's, in ASCII and cut past shortChars characters
// with the mark of its digest inside the quotes. Quoted with %q and cut
// with "…" alone, a lookalike read as the value it is not (a path that
// "ends at "zlіb"", its і Cyrillic, not at its cause "zlib"), and two
// values alike for 60 characters read alike.
func shortValue(s string) lawValue { return lawValue(s) }

// lawValue is a report's value a law's message names (shortValue).
type lawValue string

// Format writes v as quotedEnum does, whatever the verb.
func (v lawValue) Format(f fmt.State, _ rune) { io.WriteString(f, quotedEnum(string(v))) }

// rollupNames and rollupValues name the facets of a spec that facets counts,
// and read them: the one value of compiler, os, platform and target, and
// the stacks.
var rollupNames = [...]string{"compiler", "os", "platform", "target", "stack"}

func rollupValues(s *Spec, f int) []string {
	switch f {
	case 0:
		return []string{s.Compiler}
	case 1:
		return []string{s.OS}
	case 2:
		return []string{s.Platform}
	case 3:
		return []string{s.Target}
	}
	return s.Stacks
}

// checkFacetDeltas checks that each facet value's count moved by what
// the listed specs move it: the unchanged specs, which are not listed,
// count the same on both sides. A report whose snapshots disagree on
// what a hash is (an unchanged spec with other facets) is exempt; its
// gate is refused (CheckGate) and its exit status says it changed.
// Every report's counts are at least the listed specs of the value on
// each side: a lost compiler counted 1 → 0 could otherwise be made
// 2 → 1, another compiler's counts lowered by one to match, and pass
// --fail-on lost-compiler with no spec of it left to count. And at most
// the listed ones and every unchanged spec: a stack has no sum to keep
// (a spec is in several), so its counts raised alike on both sides kept
// every delta, and a stack that shrank by half read as one that did not.
func checkFacetDeltas(r *Report) error {
	conflicts, _ := HashConflicts(r)
	var listed [len(rollupNames)]map[string]OldToNew
	for f := range listed {
		listed[f] = map[string]OldToNew{}
	}
	add := func(side int, s *Spec) {
		if s == nil {
			return
		}
		for f := range listed {
			for _, v := range rollupValues(s, f) {
				c := listed[f][v]
				if side == 0 {
					c.Old++
				} else {
					c.New++
				}
				listed[f][v] = c
			}
		}
	}
	for i := range r.Packages {
		eachListed(&r.Packages[i], add) // speclaws.go
	}
	for f, rollup := range []*Rollup{&r.Facets.Compiler, &r.Facets.OS, &r.Facets.Platform, &r.Facets.Target, &r.Facets.Stack} {
		counted := make(map[string]bool, len(rollup.Counts))
		for _, vc := range rollup.Counts {
			counted[vc.Value] = true
			l := listed[f][vc.Value]
			if vc.Old < l.Old || vc.New < l.New {
				return lawf("facets."+rollupNames[f]+".counts", "%q has %d old and %d new specs, but %d old and %d new specs of it are listed", shortValue(vc.Value), vc.Old, vc.New, l.Old, l.New)
			}
			if u := r.Summary.Specs.Unchanged; vc.Old-l.Old > u || vc.New-l.New > u {
				return lawf("facets."+rollupNames[f]+".counts", "%q has %d old and %d new specs, but %d old and %d new specs of it are listed, and at most %d more may be unchanged ones", shortValue(vc.Value), vc.Old, vc.New, l.Old, l.New, u)
			}
			if d := l.Delta(); conflicts == 0 && vc.Delta() != d {
				return lawf("facets."+rollupNames[f]+".counts", "%q goes from %d to %d specs, but the listed specs move it by %+d", shortValue(vc.Value), vc.Old, vc.New, d)
			}
		}
		for _, v := range slices.Sorted(maps.Keys(listed[f])) {
			if l := listed[f][v]; l != (OldToNew{}) && !counted[v] {
				return lawf("facets."+rollupNames[f]+".counts", "has no %q, but %d old and %d new specs of it are listed", shortValue(v), l.Old, l.New)
			}
		}
	}
	return nil
}

// checkStackRows checks the stack table against facets.stack, which it
// is made from: the same stacks in the same order, with the same counts.
func checkStackRows(r *Report) error {
	counts := r.Facets.Stack.Counts
	if len(r.Stacks) != len(counts) {
		return lawf("stacks", "%d rows, but facets.stack counts %d stacks", len(r.Stacks), len(counts))
	}
	for i, row := range r.Stacks {
		if vc := counts[i]; row.Name != vc.Value || row.Specs != vc.OldToNew {
			return lawf(fmt.Sprintf("stacks[%d]", i), "%q with %d old and %d new specs, but facets.stack.counts[%d] is %q with %d and %d", shortValue(row.Name), row.Specs.Old, row.Specs.New, i, shortValue(vc.Value), vc.Old, vc.New)
		}
	}
	return checkStackPackages(r) // speclaws.go
}

// checkSkipped checks a side's skipped files as the loader lists them:
// each names a file and says why, has a column only beside a line (the
// loader knows a column of no other, snapshot.Error; a negative line or
// column the decoder refuses, as every count), sorted by file, line,
// column and reason. An entry emptied or moved by hand would otherwise
// render as the loader's word: the page a at line 0, column 5 read
// "a:0:5", a place no loader names.
func checkSkipped(side string, skipped []snapshot.Skipped) error {
	for i, sk := range skipped {
		at := fmt.Sprintf("%s.skipped[%d]", side, i)
		if sk.File == "" || sk.Reason == "" {
			return lawf(at, "has no file or no reason: every file left out is named, with why")
		}
		if sk.Column != 0 && sk.Line == 0 {
			return lawf(at+".column", "%d, but %s.line is 0: a column is of a line, and cachediff writes one only beside its line", sk.Column, at)
		}
		if i > 0 {
			p := skipped[i-1]
			if cmp.Or(strings.Compare(p.File, sk.File), cmp.Compare(p.Line, sk.Line), cmp.Compare(p.Column, sk.Column), strings.Compare(p.Reason, sk.Reason)) > 0 {
				return lawf(at, "%q comes before %q: the list is sorted by file, line, column and reason", shortValue(sk.File), shortValue(p.File))
			}
		}
	}
	return nil
}

// checkWarningOrder checks that warnings are sorted by file, line and
// message (snapshot.CompareWarnings), as the engine writes them: a saved
// report with them reversed printed them in an order cachediff never
// writes. A warning may be there twice (OLD and NEW one snapshot).
func checkWarningOrder(ws []snapshot.Warning) error {
	for i := 1; i < len(ws); i++ {
		if snapshot.CompareWarnings(ws[i-1], ws[i]) > 0 {
			return lawf(fmt.Sprintf("warnings[%d]", i), "%q line %d comes before %q line %d: warnings are sorted by file, line and message", shortValue(ws[i].File), ws[i].Line, shortValue(ws[i-1].File), ws[i-1].Line)
		}
	}
	return nil
}

// checkVersionSides checks a package's added and removed versions: the
// versions on one side only, in the order of their side's versions
// (version order, which checkListedVersions holds them to), as the
// engine writes them. An added or a removed package's too: an added
// package's versions.removed, edited from [] to [x], was rendered so.
func checkVersionSides(at string, v VersionChange) error {
	for _, l := range []struct {
		name       string
		list, want []string
	}{{"added", v.Added, listops.Minus(v.New, v.Old, nil)}, {"removed", v.Removed, listops.Minus(v.Old, v.New, nil)}} {
		if !slices.Equal(l.list, l.want) {
			return lawf(at+"."+l.name, "[%s], but its old and new versions make it [%s]", quotedJoin(l.list, ", "), quotedJoin(l.want, ", "))
		}
	}
	return nil
}

// checkVersionChange checks a changed package's versions against
// themselves: added and removed the versions on one side only, in
// version order, and the
// direction what its newest versions say (versionChange's rule). The
// downgrade gate is read from the direction: "downgraded" edited to
// "upgraded" in a saved report, its versions left as they were, passed
// render --fail-on downgrade.
func checkVersionChange(at string, v VersionChange) error {
	if err := checkVersionSides(at, v); err != nil {
		return err
	}
	want := NoChange
	if v.Changed() {
		want = changeDirection(v.New, v.Old)
	}
	if v.Direction != want {
		// The rules changed between releases (1.2 → 1.02 is no rise, nor
		// git.a=2.0 → git.b=2.0): an honest report an older cachediff
		// wrote is refused too, and the message says what to do. Not
		// of "unchanged", which every release said of the same versions
		// and of no others: that refusal is of an edit alone.
		why := ""
		if v.Direction != NoChange && want != NoChange {
			why = "; if an older cachediff wrote this report, its rules for directions differed: diff the snapshots again"
		}
		return lawf(at+".direction", "%q, but its versions make it %q (newest %s, was %s)%s", v.Direction, want, shortValue(newestPlaced(v.New)), shortValue(newestPlaced(v.Old)), why)
	}
	return nil
}
