package diff

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// A series is a list of snapshots, oldest first: the weekly tags of the
// catalogue, or one folder at successive git commits. Its changelog
// (cachediff log) is the diff of each snapshot with the one before (a
// step), plus what only the whole series shows: when each package and
// each version was in the cache. It lives here, beside the pair diff,
// because a step is exactly a pair diff (CompareWith) and the timeline
// reads the same filtered snapshots; the command line reads the
// snapshots and renders.

// SnapshotInfo names one snapshot of a series.
type SnapshotInfo struct {
	Path string `json:"path"`
	Tag  string `json:"tag"`
	// Rev and Date are the commit id and its committer date (RFC 3339) of
	// a snapshot read from git; absent for one on disk.
	Rev  string `json:"rev,omitempty"`
	Date string `json:"date,omitempty"`
	// Subject is the commit's subject, for a snapshot of cachediff log
	// --revs; absent otherwise.
	Subject string `json:"subject,omitempty"`
}

// Timeline says when each package, and each of its versions, was in the
// snapshots of a series (after the filters): every package any snapshot
// has, sorted by name.
type Timeline struct {
	Packages []PackageTimeline `json:"packages"`
}

// PackageTimeline is one package's presence and versions over a series.
type PackageTimeline struct {
	Name string `json:"name"`
	// Present are the runs of snapshots the package is in, in order.
	Present []Span `json:"present"`
	// Versions are its versions (oldest first under Spack's ordering),
	// each with the runs of snapshots where some spec of the package has
	// it; a version that left and came back has several runs, each its
	// own entry, in order.
	Versions []VersionSpan `json:"versions"`
}

// Span is a run of consecutive snapshots, by index into the series'
// snapshots: From to To, both included.
type Span struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// VersionSpan is a run of snapshots holding a version.
type VersionSpan struct {
	Version string `json:"version"`
	Span
}

// CameAndWent reports whether the package was missing from some of the n
// snapshots of its series: it came after the first, left before the
// last, or left for a while.
func (p *PackageTimeline) CameAndWent(n int) bool {
	return len(p.Present) != 1 || p.Present[0].From > 0 || p.Present[0].To < n-1
}

// Series is what a series shows beside its steps.
type Series struct {
	Snapshots []SnapshotInfo
	Timeline  *Timeline
	// Highlights are the news of every step (StepNews), in step order,
	// each with its step: what a log leads with.
	Highlights []Highlight
	// Revs is the git selection of a series of cachediff log --revs; nil
	// for a series of snapshots given.
	Revs *Revs
	// Unmatched are the values of the filter that select nothing in any
	// snapshot of the series (see Filter.Unmatched), nil when each
	// selects something somewhere.
	Unmatched []Unmatched
}

// Revs says which commits a series of cachediff log --revs RANGE PATH
// holds.
type Revs struct {
	Range string `json:"range"` // RANGE, as given
	Path  string `json:"path"`  // PATH, from the top of the repository ("" for the top)
	// Since and Until are the dates of --since and --until as instants
	// (RFC 3339, UTC; relative ones as of the run), absent for none.
	Since string `json:"since,omitempty"`
	Until string `json:"until,omitempty"`
	// Commits is how many commits of the range, in the dates, changed
	// PATH: as many as the steps, or one more when the series starts at
	// a root commit (it has no base). 0: none did, and the series is its
	// base alone, PATH as the last change before the range's end left it.
	Commits int `json:"commits"`
}

// Loader returns snapshot i of a series (0 is the oldest). CompareSeries
// calls it once for each i, in order.
type Loader func(i int) (*snapshot.Snapshot, error)

// CompareSeries diffs a series of n snapshots step by step: step i (1 ≤ i
// < n) is CompareWith(snapshot i-1, snapshot i, f), handed to step as soon
// as it is made, in order. Each snapshot is loaded once, and at most two
// are held at a time (the one before and the current one), so memory
// stays flat whatever n is: what the caller keeps of the steps is its
// own choice. A load error, an error of f (Filter.Check) or of step stops
// it.
func CompareSeries(n int, load Loader, f Filter, step func(i int, r *Report) error) (*Series, error) {
	f, err := f.normalize()
	if err != nil {
		return nil, err
	}
	s := &Series{Snapshots: make([]SnapshotInfo, 0, n), Highlights: []Highlight{}}
	tl := newTimelineBuilder()
	unmatched := map[[2]string]bool{} // in every snapshot so far
	// The names of every snapshot so far, while a value is unmatched in
	// each: Closest and Parts come from them all, so that the hint to
	// repeat --stack names a stack only an earlier snapshot has, and no
	// hint depends on the order of the snapshots.
	names, stackNames := map[string]bool{}, map[string]bool{}
	var prev *snapshot.Snapshot
	for i := range n {
		cur, err := load(i)
		if err != nil {
			return nil, err
		}
		s.Snapshots = append(s.Snapshots, SnapshotInfo{Path: validText(cur.Path), Tag: validText(cur.Tag), Rev: validText(cur.Rev), Date: validText(cur.Date)})
		tl.add(i, f.apply(cur))
		here := map[[2]string]bool{}
		for _, u := range f.Unmatched(cur, cur) {
			k := [2]string{u.Kind, u.Value}
			here[k] = true
			if i == 0 || unmatched[k] {
				unmatched[k] = true
			}
		}
		for k := range unmatched {
			if !here[k] {
				delete(unmatched, k)
			}
		}
		if len(unmatched) == 0 {
			// Every value matched: no hint is made, and the names kept
			// are let go.
			names, stackNames = nil, nil
		} else {
			for _, p := range cur.Packages {
				names[p.Name] = true
				for i := range p.Specs {
					for _, st := range p.Specs[i].Stacks {
						stackNames[st] = true
					}
				}
			}
		}
		if prev != nil {
			r, err := CompareWith(prev, cur, f)
			if err != nil {
				return nil, err
			}
			if err := step(i, r); err != nil {
				return nil, err
			}
			s.Highlights = append(s.Highlights, StepNews(i, r)...) // after step, which may set the gate
		}
		prev = cur
	}
	s.Timeline = tl.timeline()
	// Once more, those values alone, over the names of every snapshot
	// (all, below): each is unmatched there, and the first MaxSuggested
	// of them, the ones the command prints, get their Closest and Parts.
	var last Filter
	for k := range unmatched {
		if k[0] == "package" {
			last.Packages = append(last.Packages, k[1])
		} else {
			last.Stacks = append(last.Stacks, k[1])
		}
	}
	if prev != nil && len(unmatched) > 0 {
		all := &snapshot.Snapshot{}
		for name := range names {
			all.Packages = append(all.Packages, &snapshot.Package{Name: name})
		}
		if len(all.Packages) > 0 {
			all.Packages[0].Specs = []snapshot.Spec{{Stacks: slices.Collect(maps.Keys(stackNames))}}
		}
		s.Unmatched = last.Unmatched(all, all) // sorted: packages first
	}
	return s, nil
}

// timelineBuilder collects a timeline snapshot by snapshot.
type timelineBuilder struct {
	pkgs map[string]*pkgLine
}

type pkgLine struct {
	present []Span
	// versions are the runs of each version, by a pointer, so that a
	// run grows without storing the key again: an assignment stores the
	// key given, a string of the snapshot being added (see add).
	versions map[string]*[]Span
}

func newTimelineBuilder() *timelineBuilder {
	return &timelineBuilder{pkgs: map[string]*pkgLine{}}
}

// extend adds snapshot i to runs: the last run grows when it ended at
// i-1, else a new run starts.
func extend(runs []Span, i int) []Span {
	if n := len(runs); n > 0 && runs[n-1].To == i-1 {
		runs[n-1].To = i
		return runs
	}
	return append(runs, Span{From: i, To: i})
}

// add records snapshot i (already filtered). The names and versions it
// keeps for the series are copies: a loader's strings may share a block
// with others of their snapshot (intern.Table.Rare, a catalogue's lists
// past 256 items), which one version kept held for the whole log. A log
// of 4,000 catalogue pages of 4.5 KB, each a spec of 301 versions, one
// new, peaked at 222 MB (62 MB before the blocks; TestTimelineOwnStrings).
func (b *timelineBuilder) add(i int, s *snapshot.Snapshot) {
	seen := make([][]string, 0, 8) // the version lists of a package looked up
	for _, p := range s.Packages {
		l := b.pkgs[p.Name]
		if l == nil {
			l = &pkgLine{versions: map[string]*[]Span{}}
			b.pkgs[strings.Clone(p.Name)] = l
		}
		if n := len(l.present); n > 0 && l.present[n-1].To == i {
			continue // a second page of the name: the loader refuses it, but be safe
		}
		l.present = extend(l.present, i)
		seen = seen[:0]
	specs:
		for k := range p.Specs {
			vs := p.Specs[k].Versions
			// A package's specs have a few lists of versions, mostly
			// one array each (the loader shares equal lists): look the
			// first eight up once, not once a spec (BenchmarkTimelineAdd
			// measures it).
			for _, done := range seen {
				if snapshot.EqualLists(done, vs) {
					continue specs
				}
			}
			if len(seen) < cap(seen) {
				seen = append(seen, vs)
			}
			for _, v := range vs {
				runs := l.versions[v]
				if runs == nil {
					runs = new([]Span)
					l.versions[strings.Clone(v)] = runs
				}
				if n := len(*runs); n > 0 && (*runs)[n-1].To == i {
					continue
				}
				*runs = extend(*runs, i)
			}
		}
	}
}

func (b *timelineBuilder) timeline() *Timeline {
	t := &Timeline{Packages: []PackageTimeline{}}
	for name, l := range b.pkgs {
		p := PackageTimeline{Name: name, Present: l.present, Versions: []VersionSpan{}}
		vs := make([]string, 0, len(l.versions))
		for v := range l.versions {
			vs = append(vs, v)
		}
		version.Sort(vs)
		for _, v := range vs {
			for _, run := range *l.versions[v] {
				p.Versions = append(p.Versions, VersionSpan{Version: v, Span: run})
			}
		}
		t.Packages = append(t.Packages, p)
	}
	slices.SortFunc(t.Packages, func(a, b PackageTimeline) int { return strings.Compare(a.Name, b.Name) })
	return t
}

// Label is how a snapshot is named when no other snapshot of it has the
// same name: its tag, else for a git snapshot its date and short commit
// id, else its path. It stays here, beside the data, because templates
// name a report's sides by it (Side.Name, .Old.Name in a template);
// report tells a series' snapshots apart when their labels are alike.
func (s SnapshotInfo) Label() string {
	switch {
	case s.Tag != "" && s.Rev == "":
		return s.Tag
	case s.Rev != "":
		date := s.Date
		if len(date) >= 10 {
			date = date[:10]
		}
		return fmt.Sprintf("%s %s", date, s.Rev[:min(len(s.Rev), 7)])
	}
	return s.Path
}
