package diff

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// A gate is a CI check over a report: it lists kinds of change (--fail-on)
// and trips when the report holds at least one change of a listed kind.
// The engine says which kinds are present and what tripped; the command
// turns that into an exit status.

// GateKind is one kind of change a gate can fail on.
type GateKind struct {
	Name string
	// Unit is what Trip.Count counts for this kind.
	Unit string
	// Doc says exactly when the kind is present, for --help and docs.
	Doc string
	// find returns how many units are present and the packages or values
	// concerned.
	find func(r *Report) (count int, packages, values []string)
}

// gateKinds are the kinds of change, in the order gates report them.
// GateKinds hands out copies, so that no importer can change the table.
var gateKinds = []GateKind{
	{"any", "package", "any difference: a package added, removed or changed (the default exit status without --fail-on)", findAny},
	{"added-package", "package", "a package only in the new snapshot", findStatus(Added)},
	{"removed-package", "package", "a package only in the old snapshot", findStatus(Removed)},
	{"removed-spec", "spec", "a spec removed: matched with nothing in the new snapshot (summary.specs.removed > 0; the specs of removed packages included)", findRemovedSpecs},
	{"downgrade", "package", "a package in both snapshots whose newest version fell (versions.direction downgraded)", findDowngrades},
	{"lost-stack", "stack", "a stack with specs in the old snapshot and none in the new", findLostStacks},
	{"lost-compiler", "compiler", "a compiler with specs in the old snapshot and none in the new", findLost(func(f *Facets) *Rollup { return &f.Compiler })},
	{"lost-os", "os", "an operating system with specs in the old snapshot and none in the new", findLost(func(f *Facets) *Rollup { return &f.OS })},
	{"lost-platform", "platform", "a platform with specs in the old snapshot and none in the new", findLost(func(f *Facets) *Rollup { return &f.Platform })},
	{"lost-target", "target", "a target with specs in the old snapshot and none in the new", findLost(func(f *Facets) *Rollup { return &f.Target })},
}

// GateKinds returns the kinds of change a gate can fail on, in the order
// gates report them: a copy of the table.
func GateKinds() []GateKind { return slices.Clone(gateKinds) }

// GateKindNames returns the names of GateKinds, in order.
func GateKindNames() []string {
	names := make([]string, len(gateKinds))
	for i, k := range gateKinds {
		names[i] = k.Name
	}
	return names
}

// Gate is the outcome of a gate: the kinds it fails on and those present.
type Gate struct {
	// FailOn are the kinds the gate fails on, de-duplicated, in the order
	// of GateKinds.
	FailOn []string `json:"fail_on"`
	// Tripped are the kinds of FailOn present in the report, in the same
	// order; the gate passed when it is empty.
	Tripped []Trip `json:"tripped"`
}

// Passed reports whether no kind of FailOn is present.
func (g *Gate) Passed() bool { return len(g.Tripped) == 0 }

// Trip is one kind of change that tripped a gate.
type Trip struct {
	Kind string `json:"kind"`
	// Count is how many units (Unit) of the kind are present: packages,
	// specs, or facet values.
	Count int    `json:"count"`
	Unit  string `json:"unit"`
	// Packages are the packages concerned, sorted by name ([] for the
	// lost-* kinds).
	Packages []string `json:"packages"`
	// Values are the facet values lost, in the roll-up's order ([] for
	// the other kinds).
	Values []string `json:"values"`
}

// ParseGateKinds checks kinds against GateKinds and returns them
// de-duplicated, in the order of GateKinds. An unknown kind is an error
// that lists the valid ones.
func ParseGateKinds(kinds []string) ([]string, error) {
	want := map[string]bool{}
	for _, k := range kinds {
		if !slices.Contains(GateKindNames(), k) {
			return nil, fmt.Errorf("unknown kind of change %s: want one of %s", quotedRefused(k), strings.Join(GateKindNames(), ", "))
		}
		want[k] = true
	}
	var out []string
	for _, k := range gateKinds {
		if want[k.Name] {
			out = append(out, k.Name)
		}
	}
	return orEmpty(out), nil
}

// maxRefusedShown bounds a value a refusal quotes (quotedRefused): the
// message's own words and the list of what it wants fit the command's
// line cap of 8 KB beside it.
const maxRefusedShown = 2 << 10

// quotedRefused is v, a value a refusal names (a --fail-on kind, an
// --ignore facet, a --package pattern), quoted in ASCII and cut past
// maxRefusedShown bytes about its mark (snapshot.CutShown). Whole, 2,000
// U+200B (12 KB as \u200b) ran the line past the command's cap of 8 KB,
// which cut it inside the value, before the list of kinds it wants; %q
// kept a lookalike as it was (a pattern "[а", its а Cyrillic).
func quotedRefused(v string) string {
	return snapshot.CutShown(v, maxRefusedShown, strconv.QuoteToASCII)
}

// CheckGate returns the gate over r that fails on the given kinds (names
// of GateKinds; ParseGateKinds checks them). It is an error when the
// snapshots disagree on what a hash is (hashConflicts): a hash names one
// build, so such a spec is counted unchanged, with a warning, and a gate
// would pass whatever its facets became (a version lowered under the
// same hash passed --fail-on downgrade).
func CheckGate(r *Report, failOn []string) (*Gate, error) {
	kinds, err := ParseGateKinds(failOn)
	if err != nil {
		return nil, err
	}
	if n, first := HashConflicts(r); n > 0 {
		more, whose := "", "the hash's"
		if n > 1 {
			more, whose = fmt.Sprintf(" (and %d more)", n-1), "the hashes'"
		}
		return nil, fmt.Errorf("the snapshots disagree on what a hash is: %s%s; a gate over them would pass whatever %s specs became: the report without --fail-on lists them", shortMessage(first, maxQuoted), more, whose)
	}
	g := &Gate{FailOn: kinds, Tripped: []Trip{}}
	for _, k := range gateKinds {
		if !slices.Contains(kinds, k.Name) {
			continue
		}
		if n, pkgs, values := k.find(r); n > 0 {
			g.Tripped = append(g.Tripped, Trip{Kind: k.Name, Count: n, Unit: k.Unit, Packages: orEmpty(pkgs), Values: orEmpty(values)})
		}
	}
	return g, nil
}

func findAny(r *Report) (int, []string, []string) {
	var names []string
	for _, p := range r.Packages { // only packages that are not unchanged
		names = append(names, p.Name)
	}
	return len(names), names, nil
}

func findStatus(st Status) func(r *Report) (int, []string, []string) {
	return func(r *Report) (int, []string, []string) {
		var names []string
		for _, p := range r.Packages {
			if p.Status == st {
				names = append(names, p.Name)
			}
		}
		return len(names), names, nil
	}
}

func findRemovedSpecs(r *Report) (int, []string, []string) {
	var names []string
	n := 0
	for _, p := range r.Packages {
		if p.Counts.Removed > 0 {
			n += p.Counts.Removed
			names = append(names, p.Name)
		}
	}
	return n, names, nil
}

func findDowngrades(r *Report) (int, []string, []string) {
	var names []string
	for _, p := range r.Packages {
		if p.Versions.Direction == Downgraded {
			names = append(names, p.Name)
		}
	}
	return len(names), names, nil
}

// findLostStacks is findLost for stacks, but under --stack only the
// selected stacks count: the view keeps another stack's specs only where
// they are in a selected one too, so a stack the filter did not select
// looks gone when the view lost that overlap, not the stack.
func findLostStacks(r *Report) (int, []string, []string) {
	lost := slices.Clone(r.Facets.Stack.Removed)
	if len(r.Options.Stacks) > 0 {
		lost = slices.DeleteFunc(lost, func(s string) bool { return !slices.Contains(r.Options.Stacks, s) })
	}
	return len(lost), nil, lost
}

func findLost(rollup func(*Facets) *Rollup) func(r *Report) (int, []string, []string) {
	return func(r *Report) (int, []string, []string) {
		lost := rollup(&r.Facets).Removed // old > 0 and new == 0
		return len(lost), nil, slices.Clone(lost)
	}
}

// GateOverSkipped returns an error when either snapshot of r left files
// out (--skip-invalid), for a command to refuse a gate over them: a
// skipped page hides its package's changes, and a skipped file beside a
// page (bc/specs.txt, which the site shows at bc's address) changes the
// site while bc's own page reads unchanged, so the gate would pass
// whatever they hold. (CheckGate does not ask it: a saved report's gate
// is checked as it was written.)
func GateOverSkipped(r *Report) error {
	n, first := skippedFiles(r)
	if n == 0 {
		return nil
	}
	// In number with the files: "new/good/specs.md left out: a gate
	// would pass whatever they hold" said "they" of one file.
	more, they, holds, them := "", "it", "holds", "it"
	if n > 1 {
		more, they, holds, them = fmt.Sprintf(" and %d more", n-1), "they", "hold", "them"
	}
	return fmt.Errorf("%s%s left out (--skip-invalid): a gate would pass whatever %s %s (a page skipped hides its package's changes, and a file beside a page that the site publishes changes what it shows at that package's address); fix %s, or gate without --skip-invalid", shortMessage(first, maxQuoted), more, they, holds, them)
}

// skippedFiles counts the files either side left out (--skip-invalid),
// and returns the first's name, old side first.
func skippedFiles(r *Report) (int, string) {
	n, first := len(r.Old.Skipped)+len(r.New.Skipped), ""
	switch {
	case len(r.Old.Skipped) > 0:
		first = r.Old.Skipped[0].File
	case len(r.New.Skipped) > 0:
		first = r.New.Skipped[0].File
	}
	return n, first
}

// HashConflicts counts the warnings of r that say one hash names two
// builds (a hash whose facets, link or run dependencies, recipe or
// package differ between the snapshots, matchPackage and movedHashes), and returns the first's message. Such a
// spec counts unchanged, but the snapshots differ: a command's exit
// status says so (and a gate refuses them, CheckGate).
func HashConflicts(r *Report) (int, string) {
	n, first := 0, ""
	for _, w := range r.Warnings {
		if hashConflict(w.Message) {
			if n == 0 {
				first = w.Message
			}
			n++
		}
	}
	return n, first
}

// hashConflict reports whether msg is a warning about a hash that
// names two builds.
func hashConflict(msg string) bool {
	return strings.HasPrefix(msg, "hash ") && (strings.HasSuffix(msg, hashOneBuild) || strings.HasSuffix(msg, hashOnePackage))
}

// conflictHashes is the set of hashes that r's warnings about a hash
// that names two builds name ("hash H of P has other facets …", "hash H
// moved from package …").
func conflictHashes(r *Report) map[string]bool {
	m := map[string]bool{}
	for _, w := range r.Warnings {
		if hashConflict(w.Message) {
			h, _, _ := strings.Cut(w.Message[len("hash "):], " ")
			m[h] = true
		}
	}
	return m
}

// The ends of the warnings about a hash that names two builds.
const (
	hashOneBuild   = "; a hash names one build"
	hashOnePackage = "; a hash names one build of one package"
)

// maxQuoted is how many bytes of a warning CheckGate's refusal quotes:
// a facet of the input (a version, a variant) may be any length, and the
// report lists the warning whole.
const maxQuoted = 400

// shortMessage is msg cut to at most n bytes at a character's start,
// "…" marking the cut. A start is looked for no farther back than one
// character's length: bytes that start none (invalid UTF-8, escaped where
// the message is printed) keep their first n, where the walk back to a
// start cut a name of 500 bytes 0x80 to nothing, "…".
func shortMessage(msg string, n int) string {
	if len(msg) <= n {
		return msg
	}
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(msg[i]) {
			n = i // between characters, never inside one
			break
		}
	}
	return msg[:n] + "…"
}
