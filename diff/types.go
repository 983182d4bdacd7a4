// Package diff is the engine: it compares two loaded snapshots and returns
// what changed as plain, fully sorted data.
//
// Per package, old and new specs are matched in passes (docs/design.md,
// "Matching"): same hash (unchanged or restacked), rebuilt (a new hash
// with exactly the same facets), updated (exactly one facet differs, in
// the pass order version, compiler, variants, target, os, platform), and
// what is left is added or removed. Every spec ends in exactly one
// category. When both snapshots have dependency edges (Spack's own
// files), specs of one package that the facets cannot tell apart (the
// same build against two versions of a dependency, or two MPI providers)
// are then paired bottom-up by their edges (edgepair.go). On top of that the engine computes package status, version
// changes, roll-ups per facet value and per stack, and warnings about
// anomalies. CompareWith takes a Filter that narrows both snapshots
// (packages, stacks) before they are compared and leaves facets out of the
// pairing keys. CheckGate reads a report and says which kinds of change
// (GateKinds: a removed spec, a lost stack, ...) are present, for CI
// gates. Report.CheckLaws checks the conservation laws a report states of
// itself: diff's tests check every report against them, and render checks
// every report it reads.
//
// The engine never formats: rendering belongs to package report. Its types
// carry the JSON names of the cachediff/v1 schema (docs/json.md), so that a
// report is the same data whether it is rendered or saved.
package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// Report is the result of comparing an old and a new snapshot.
type Report struct {
	Old     Side    `json:"old"`
	New     Side    `json:"new"`
	Options Options `json:"options"`
	Gate    *Gate   `json:"gate,omitempty"` // only with --fail-on
	// Highlights are the report's news (highlights.go): new and removed
	// packages, version changes, coverage, roots, causes and the gate.
	Highlights    []Highlight        `json:"highlights"`
	Summary       Summary            `json:"summary"`
	Packages      []Package          `json:"packages"` // not unchanged, sorted by name
	Updates       []UpdateGroup      `json:"updates"`  // updated specs grouped by change
	Facets        Facets             `json:"facets"`
	Stacks        []StackRow         `json:"stacks"` // sorted by name
	Canonicalized ValueCounts        `json:"canonicalized"`
	Warnings      []snapshot.Warning `json:"warnings"`
	// Causes explains the rebuilt and updated pairs (causes.go); absent
	// when neither snapshot has dependency edges (catalogue pages).
	Causes *Causes `json:"causes,omitempty"`
	// cyclePairs are the pairs of the old specs the pairing by edges
	// found in cycles (bad input), old hash to new (pairByEdges), for
	// the explainer to match a name's several edges along them.
	cyclePairs map[string]string
	// allPairs are the pairs of the whole snapshots when a filter
	// narrows the report (wholePairs), for the explainer to match a
	// name's several edges along them; nil: the report's own.
	allPairs [][2]string
	// respelt is what respell made of the lockfile roots of the graphs
	// compareSnapshots compared, for Explain of those graphs: made once,
	// not again (each respell a tenth of a lockfile pair's allocation),
	// and dropped once read.
	respelt *respeltGraphs
}

// respeltGraphs is the respelling (respell) of the lockfile roots of two
// graphs. The roots themselves (rootNodes) are not kept: held while the
// packages are compared, they were a twentieth of a lockfile pair's
// peak, and Explain gathers them again beside its cycle search.
type respeltGraphs struct {
	graphs [2]Graph
	ren    *respelling
}

// respeltOf returns the respelling r.respelt holds when it is of the
// graphs og and ng, and drops it: nil otherwise.
func (r *Report) respeltOf(og, ng Graph) *respelling {
	s := r.respelt
	r.respelt = nil
	if s == nil || !s.graphs[0].same(og) || !s.graphs[1].same(ng) {
		return nil
	}
	return s.ren
}

// HasChanges reports whether the snapshots differ: a package added,
// removed, or with any spec that is not unchanged.
func (r *Report) HasChanges() bool {
	p := r.Summary.Packages
	return p.Added+p.Removed+p.Changed > 0
}

// Side describes one of the two snapshots.
type Side struct {
	Path string `json:"path"`
	Tag  string `json:"tag"`
	// Rev and Date are the full commit id and its committer date (RFC
	// 3339, in the commit's time zone) of a snapshot read from git
	// (REV:PATH); absent for a folder or a file on disk.
	Rev  string `json:"rev,omitempty"`
	Date string `json:"date,omitempty"`
	// Layout and IndexSHA256 describe a snapshot read as a Spack mirror
	// (a folder, REV:PATH or a URL): its layout ("v2" or "v3") and the
	// sha256 of its index (the index blob's checksum for v3,
	// build_cache/index.json.hash for v2, when the mirror has one);
	// absent otherwise.
	Layout      string `json:"layout,omitempty"`
	IndexSHA256 string `json:"index_sha256,omitempty"`
	Packages    int    `json:"packages"`
	Specs       int    `json:"specs"`
	// Skipped lists the invalid pages left out with --skip-invalid, sorted
	// by file, line and column: none of their specs is counted anywhere.
	Skipped []snapshot.Skipped `json:"skipped"`
}

// Name is how a headline names the side when both sides have the same
// tag (two revisions of _cache/develop): for a snapshot from git with a
// tag, its tag, commit date and short id ("develop 2025-03-16 e7c8068");
// else its path. (A headline whose two names are equal shows the paths.)
func (s Side) Name() string {
	if s.Rev == "" || s.Tag == "" {
		return s.Path
	}
	return s.Tag + " " + SnapshotInfo{Path: s.Path, Rev: s.Rev, Date: s.Date}.Label()
}

// Options records how the report was made.
type Options struct {
	Canonicalize bool `json:"canonicalize"`
	// Packages, Stacks and Ignore are the Filter the report was made with,
	// sorted and de-duplicated ([] when not used).
	Packages []string `json:"packages"`
	Stacks   []string `json:"stacks"`
	Ignore   []string `json:"ignore"`
}

// Filtered reports whether a filter narrowed or loosened the comparison.
func (o Options) Filtered() bool { return len(o.Packages)+len(o.Stacks)+len(o.Ignore) > 0 }

// Summary counts packages and specs by category.
type Summary struct {
	Packages PackageCounts `json:"packages"`
	Specs    Counts        `json:"specs"`
}

// PackageCounts counts packages by status.
type PackageCounts struct {
	Old       int `json:"old"`
	New       int `json:"new"`
	Added     int `json:"added"`
	Removed   int `json:"removed"`
	Changed   int `json:"changed"`
	Unchanged int `json:"unchanged"`
}

// Counts counts specs by category. Conservation:
// Old = Unchanged+Restacked+Rebuilt+Updated+Removed and
// New = Unchanged+Restacked+Rebuilt+Updated+Added.
type Counts struct {
	Old       int `json:"old"`
	New       int `json:"new"`
	Unchanged int `json:"unchanged"`
	Restacked int `json:"restacked"`
	Rebuilt   int `json:"rebuilt"`
	Updated   int `json:"updated"`
	Added     int `json:"added"`
	Removed   int `json:"removed"`
}

func (c *Counts) add(o Counts) {
	c.Old += o.Old
	c.New += o.New
	c.Unchanged += o.Unchanged
	c.Restacked += o.Restacked
	c.Rebuilt += o.Rebuilt
	c.Updated += o.Updated
	c.Added += o.Added
	c.Removed += o.Removed
}

// Status is a package's status. It is an alias, so that templates can
// hand it to string functions.
type Status = string

// Package statuses.
const (
	Added     Status = "added"     // only in the new snapshot
	Removed   Status = "removed"   // only in the old snapshot
	Changed   Status = "changed"   // in both, with a spec that is not unchanged
	Unchanged Status = "unchanged" // in both, every spec unchanged
)

// Package is what changed in one package.
type Package struct {
	Name     string        `json:"name"`
	Status   Status        `json:"status"`
	OldFile  string        `json:"old_file,omitempty"`
	NewFile  string        `json:"new_file,omitempty"`
	Versions VersionChange `json:"versions"`
	// SharedVariants are the variants every spec of the package has, old
	// and new; renderers may leave them out of spec listings.
	SharedVariants []string    `json:"shared_variants"`
	Counts         Counts      `json:"counts"`
	Specs          SpecChanges `json:"specs"`
}

// Direction of a package's version change (an alias, like Status).
type Direction = string

// Directions. Upgraded and downgraded compare the newest version of each
// side under Spack's version ordering.
const (
	NoChange   Direction = "unchanged"  // same set of versions
	Upgraded   Direction = "upgraded"   // the newest version rose
	Downgraded Direction = "downgraded" // the newest version fell
	Other      Direction = "changed"    // the set changed, the newest did not
	New        Direction = "added"      // the package is new
	Gone       Direction = "removed"    // the package is gone
)

// VersionChange lists a package's versions on each side (oldest first)
// and the difference.
type VersionChange struct {
	Old       []string  `json:"old"`
	New       []string  `json:"new"`
	Added     []string  `json:"added"`
	Removed   []string  `json:"removed"`
	Direction Direction `json:"direction"`
}

// Changed reports whether the set of versions changed.
func (v VersionChange) Changed() bool { return len(v.Added)+len(v.Removed) > 0 }

// SpecChanges lists a package's specs by category. Unchanged specs are
// counted, not listed.
type SpecChanges struct {
	Added     []Spec `json:"added"`
	Removed   []Spec `json:"removed"`
	Rebuilt   []Pair `json:"rebuilt"`
	Updated   []Pair `json:"updated"`
	Restacked []Pair `json:"restacked"`
}

// Spec is one spec of a report: its hash, its facets and its stacks. It
// is snapshot.Spec, but a report's spec never has More (the fields few
// specs have) and never a nil list: JSON writes each list as a list.
type Spec = snapshot.Spec

// Pair is an old spec matched with a new one: the same hash with other
// stacks (restacked), a new hash with the same facets (rebuilt), or a new
// hash with one facet changed (updated). Old and New are mostly the
// loaded specs themselves, shared with the snapshots (and, in a log,
// between neighbouring steps): read them, never modify them.
type Pair struct {
	Old *Spec `json:"old"`
	New *Spec `json:"new"`
	// Facet, From and To say what an updated pair changed: the facet
	// (version, compiler, variants, target, os or platform) and its old and
	// new value. For variants, From and To hold only the variants that
	// differ.
	Facet string `json:"facet,omitempty"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
	// StacksJoined and StacksLeft are the stacks only the new, and only the
	// old, spec is in.
	StacksJoined []string `json:"stacks_joined,omitempty"`
	StacksLeft   []string `json:"stacks_left,omitempty"`
	// Why explains a rebuilt or updated pair (causes.go): nil when
	// neither snapshot has dependency edges.
	Why *Why `json:"why,omitempty"`
	// plain is Plain as the engine found it, by the interned ids of the
	// facets: plainUnknown for a pair made otherwise (read back from a
	// JSON report), which Plain then works out from the fields.
	plain int8
}

const (
	plainUnknown int8 = iota
	plainYes
	plainNo
)

// Plain reports whether the pair says nothing but "new hash": the same
// facets (a rebuilt pair's differ only under --ignore) and the same
// stacks. The reports summarise such rebuilds instead of listing them.
// For a pair the engine made, it is what the engine found: edit such a
// pair's specs or stacks and Plain no longer follows them (copy the
// fields into a new Pair instead).
func (p *Pair) Plain() bool {
	switch p.plain {
	case plainYes:
		return true
	case plainNo:
		return false
	}
	o, n := p.Old, p.New
	return len(p.StacksJoined)+len(p.StacksLeft) == 0 &&
		o.Compiler == n.Compiler && o.OS == n.OS && o.Platform == n.Platform && o.Target == n.Target &&
		slices.Equal(o.Versions, n.Versions) && slices.Equal(o.Variants, n.Variants)
}

// UpdateGroup counts the updated specs that made the same change (facet
// From → To), over all packages.
type UpdateGroup struct {
	Facet    string   `json:"facet"`
	From     string   `json:"from"`
	To       string   `json:"to"`
	Specs    int      `json:"specs"`
	Packages []string `json:"packages"` // sorted
}

// Facets holds the roll-ups over the whole snapshot, per facet.
type Facets struct {
	Compiler Rollup `json:"compiler"`
	OS       Rollup `json:"os"`
	Platform Rollup `json:"platform"`
	Target   Rollup `json:"target"`
	Stack    Rollup `json:"stack"`
}

// Rollup counts specs per value of one facet, old → new.
type Rollup struct {
	Added   []string    `json:"added"`   // values only in the new snapshot
	Removed []string    `json:"removed"` // values only in the old snapshot
	Counts  ValueCounts `json:"counts"`  // every value, sorted
}

// StackRow is one row of the per-stack table.
type StackRow struct {
	Name     string   `json:"name"`
	Specs    OldToNew `json:"specs"`
	Packages OldToNew `json:"packages"`
}

// OldToNew is a count on each side.
type OldToNew struct {
	Old int `json:"old"`
	New int `json:"new"`
}

// Delta is New - Old.
func (c OldToNew) Delta() int { return c.New - c.Old }

// ValueCount is a count on each side for one value.
type ValueCount struct {
	Value string
	OldToNew
}

// ValueCounts is a sorted list of counts. It is written in JSON as an
// object keyed by value, in the list's order.
type ValueCounts []ValueCount

// MarshalJSON writes {"value": {"old": n, "new": m}, ...} in list order.
// Keys are written without HTML escaping (< stays <, not \u003c), as is
// the rest of the document (docs/json.md).
func (vc ValueCounts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteByte('{')
	for i, v := range vc {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := enc.Encode(v.Value); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1) // Encode's newline
		fmt.Fprintf(&b, `:{"old":%d,"new":%d}`, v.Old, v.New)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON writes, keeping the key order.
// The object is read in place, each key and value on its own, and the
// list made at its length: a json.Decoder copied the object into a
// buffer grown by doubling, and the list grew by appending.
func (vc *ValueCounts) UnmarshalJSON(data []byte) error {
	if !json.Valid(data) {
		return vc.decodeCounts(data) // it says why
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return vc.decodeCounts(data)
	}
	n := 0
	for i, ok := 1, true; ok; n++ {
		_, _, i, ok = nextEntry(data, i)
	}
	l := make(ValueCounts, 0, n-1)
	for i := 1; ; {
		key, value, next, ok := nextEntry(data, i)
		if !ok {
			break
		}
		i = next
		var v ValueCount
		if bytes.IndexByte(key, '\\') < 0 && utf8.Valid(key) {
			v.Value = string(key[1 : len(key)-1])
		} else {
			s := new(string)
			if err := json.Unmarshal(key, s); err != nil {
				return err
			}
			v.Value = *s
		}
		if c, ok := plainCounts(value); ok {
			v.OldToNew = c
		} else {
			c := new(OldToNew) // only here: &v.OldToNew made every count escape
			if err := json.Unmarshal(value, c); err != nil {
				return err
			}
			v.OldToNew = *c
		}
		l = append(l, v)
	}
	*vc = l
	return nil
}

// nextEntry reads the entry of the JSON object data (valid, starting
// with '{') that starts at or after i (1 for the first): its raw key
// (quoted) and value, and the index to read the next one from; ok is
// false past the last.
func nextEntry(data []byte, i int) (key, value []byte, next int, ok bool) {
	i = skipSpace(data, i)
	if i < len(data) && data[i] == ',' {
		i = skipSpace(data, i+1)
	}
	if i >= len(data) || data[i] == '}' {
		return nil, nil, i, false
	}
	k := skipValue(data, i)
	v := skipSpace(data, skipSpace(data, k)+1) // past the colon
	e := skipValue(data, v)
	return data[i:k], data[v:e], e, true
}

// plainCounts reads value, valid JSON, when it is an object of "old"
// and "new" (spelt so) of integers, as json.Unmarshal reads it (the last
// of a key twice); ok is false when it is not. json.Unmarshal allocates
// hundreds of bytes a call.
func plainCounts(value []byte) (c OldToNew, ok bool) {
	if len(value) == 0 || value[0] != '{' {
		return c, false
	}
	for i := 1; ; {
		key, v, next, more := nextEntry(value, i)
		if !more {
			return c, true
		}
		i = next
		n, ok := plainInt(v)
		if !ok {
			return OldToNew{}, false
		}
		switch string(key) {
		case `"old"`:
			c.Old = n
		case `"new"`:
			c.New = n
		default:
			return OldToNew{}, false
		}
	}
}

// plainInt reads v, a JSON number, when it is an integer of at most 18
// digits.
func plainInt(v []byte) (int, bool) {
	neg := len(v) > 0 && v[0] == '-'
	if neg {
		v = v[1:]
	}
	if len(v) == 0 || len(v) > 18 {
		return 0, false
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// skipSpace is the index of the first byte of data at or after i that
// is not JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipValue is the index past the valid JSON value that starts at i.
func skipValue(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			i++
			for i < len(data) && data[i] != '"' {
				if data[i] == '\\' {
					i++
				}
				i++
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		default:
			if depth == 0 {
				j := i
				for j < len(data) && !bytes.ContainsRune([]byte(",}] \t\r\n"), rune(data[j])) {
					j++
				}
				return j
			}
		}
		i++
		if depth == 0 {
			return i
		}
	}
	return i
}

// decodeCounts reads data with a json.Decoder, as UnmarshalJSON did, for
// its errors.
func (vc *ValueCounts) decodeCounts(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return err
	} else if tok != json.Delim('{') {
		return fmt.Errorf("counts: want an object, not %v", tok)
	}
	*vc = nil
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		v := ValueCount{Value: tok.(string)}
		if err := dec.Decode(&v.OldToNew); err != nil {
			return err
		}
		*vc = append(*vc, v)
	}
	_, err := dec.Token()
	return err
}

// AddWarning adds w to the report's warnings, kept in their order
// (snapshot.CompareWarnings): what the command learns of the pair that
// the snapshots do not say (one snapshot given twice, lockfiles on both
// sides of a change of Spack's hashes), its strings valid UTF-8 as the
// JSON holds them (validText).
func (r *Report) AddWarning(w snapshot.Warning) {
	r.Warnings = sortedWarnings(append(r.Warnings, validWarning(w)))
}
