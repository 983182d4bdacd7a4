package jsonv1

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/version"
)

// LogSchema names the version of the log's JSON document.
const LogSchema = "cachediff/log/v1"

// logJSON streams a cachediff/log/v1 document: the steps as they come,
// then the snapshots and the timeline.
type logJSON struct {
	w       *bufio.Writer
	steps   int
	err     error
	writers pkgWriters // the steps' package writers, made once
}

func (l *logJSON) write(s string) {
	if l.err == nil {
		_, l.err = l.w.WriteString(s)
	}
}

func (l *logJSON) Kept() int64 { return 0 }

func (l *logJSON) Close() error { return nil }

func (l *logJSON) Step(r *diff.Report) error {
	if l.steps == 0 {
		l.write("{\n  \"schema\": " + strconv.Quote(LogSchema) + ",\n  \"steps\": [\n    ")
	} else {
		l.write(",\n    ")
	}
	l.steps++
	if l.err != nil {
		return l.err
	}
	if err := writeReportJSON(l.w, r, "    ", &l.writers); err != nil {
		l.err = err
	}
	return l.err
}

func (l *logJSON) Finish(s *diff.Series) error {
	if l.steps == 0 {
		l.write("{\n  \"schema\": " + strconv.Quote(LogSchema) + ",\n  \"steps\": [")
	} else {
		l.write("\n  ")
	}
	var j pkgJSON
	j.b = append(j.b, "],\n  \"snapshots\": "...)
	j.snapshotsJSON(s.Snapshots)
	j.b = append(j.b, ",\n  \"timeline\": "...)
	j.timelineJSON(s.Timeline)
	j.revsJSON(s.Revs)
	h, err := highlightsJSON(s.Highlights, "  ")
	if err != nil {
		return err
	}
	j.b = append(append(j.b, ",\n  \"highlights\": "...), h...)
	j.b = append(j.b, "\n}\n"...)
	if l.err == nil {
		_, l.err = l.w.Write(j.b)
	}
	if l.err == nil {
		l.err = l.w.Flush()
	}
	return l.err
}

// Log is a decoded cachediff/log/v1 document.
type Log struct {
	Steps  []*diff.Report
	Series diff.Series
}

// IsLog reports whether data is a JSON document of schema LogSchema (as
// far as its "schema" field says).
func IsLog(data []byte) bool {
	schema, found, err := schemaOf(data)
	return err == nil && found && schema == LogSchema
}

// DecodeLog decodes a cachediff/log/v1 document. Each step is checked as
// DecodeBytes checks a report; the snapshots must be one more than the
// steps, and each step's sides must be its two snapshots.
func DecodeLog(data []byte) (*Log, error) {
	var doc struct {
		Schema    *string             `json:"schema"`
		Steps     []json.RawMessage   `json:"steps"`
		Snapshots []diff.SnapshotInfo `json:"snapshots"`
		Timeline  *diff.Timeline      `json:"timeline"`
		Revs      *diff.Revs          `json:"revs"`
	}
	if err := checkLogShape(data); err != nil { // every field, with its line: see checkShape
		if ferr := stepsFeature(data); ferr != nil {
			return nil, ferr // a newer cachediff's step (decodeBytes)
		}
		return nil, err
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, jsonError(data, err)
	}
	switch {
	case doc.Schema == nil || *doc.Schema != LogSchema:
		return nil, fmt.Errorf("not a %s document", LogSchema)
	case doc.Steps == nil || doc.Snapshots == nil || doc.Timeline == nil || doc.Timeline.Packages == nil:
		return nil, errors.New(`a log needs "steps", "snapshots" and "timeline"`)
	case len(doc.Snapshots) != len(doc.Steps)+1:
		return nil, fmt.Errorf("%d snapshots for %d steps: want one more snapshot than steps", len(doc.Snapshots), len(doc.Steps))
	}
	if err := checkRevs(doc.Revs, len(doc.Steps)); err != nil {
		return nil, err
	}
	if doc.Revs == nil && len(doc.Steps) == 0 && doc.Snapshots[0].Rev == "" {
		// log refuses a series of fewer than two snapshots given; only
		// a --revs range that changed nothing has no step, its snapshot
		// a commit (a log older than "revs" has none).
		return nil, errors.New(`no step, and snapshots[0] is no commit: a log of snapshots given has two or more (only a --revs log whose range changed nothing has one)`)
	}
	seen := map[string]int{} // the snapshot of each commit id (checkSnapshotRev)
	for i, sn := range doc.Snapshots {
		if err := checkPath(fmt.Sprintf("snapshots[%d]", i), sn.Path, LogSchema); err != nil {
			return nil, err
		}
		if err := checkRev(fmt.Sprintf("snapshots[%d].rev", i), sn.Rev); err != nil {
			return nil, err
		}
		if err := checkDate(fmt.Sprintf("snapshots[%d].date", i), sn.Date); err != nil {
			return nil, err
		}
		if err := checkDated(fmt.Sprintf("snapshots[%d]", i), sn.Rev, sn.Date); err != nil {
			return nil, err
		}
		if err := checkSnapshotRev(doc.Snapshots, i, doc.Revs, seen); err != nil {
			return nil, err
		}
	}
	l := &Log{Series: diff.Series{Snapshots: doc.Snapshots, Timeline: doc.Timeline, Revs: doc.Revs}}
	defer func() { l.Series.Highlights = diff.SeriesNews(l.Steps) }() // from the steps, checked: a saved list is not trusted
	for i := range doc.Steps {
		// Its copy of the step's bytes is garbage once decoded (nil).
		r, err := decodeBytes((*[]byte)(&doc.Steps[i]), true)
		if err != nil {
			return nil, stepError(i, err)
		}
		for _, side := range []struct {
			s    diff.Side
			snap diff.SnapshotInfo
		}{{r.Old, doc.Snapshots[i]}, {r.New, doc.Snapshots[i+1]}} {
			if side.s.Path != side.snap.Path || side.s.Tag != side.snap.Tag || side.s.Rev != side.snap.Rev || side.s.Date != side.snap.Date {
				return nil, fmt.Errorf("steps[%d]: its snapshots are not snapshots %d and %d of the log", i, i, i+1)
			}
		}
		if i > 0 {
			if err := sameStepSetting(l.Steps[0], r, i); err != nil {
				return nil, err
			}
			prev := l.Steps[i-1].New
			// A step whose --stack follows a renamed root selects other
			// specs of the snapshot it shares (diff.RenameSelects).
			_, prevNew := diff.RenameSides(l.Steps[i-1])
			curOld, _ := diff.RenameSides(r)
			free := prevNew || curOld
			if !free && (prev.Packages != r.Old.Packages || prev.Specs != r.Old.Specs) || len(prev.Skipped) != len(r.Old.Skipped) {
				return nil, fmt.Errorf("steps[%d].old: %d packages and %d specs, but steps[%d].new, the same snapshot, holds %d and %d", i, r.Old.Packages, r.Old.Specs, i-1, prev.Packages, prev.Specs)
			}
			if prev.Layout != r.Old.Layout || prev.IndexSHA256 != r.Old.IndexSHA256 {
				return nil, fmt.Errorf("steps[%d].old: layout %s and index_sha256 %s, but steps[%d].new, the same snapshot, has %s and %s", i, quotedValue(r.Old.Layout), quotedValue(r.Old.IndexSHA256), i-1, quotedValue(prev.Layout), quotedValue(prev.IndexSHA256))
			}
			if !slices.Equal(prev.Skipped, r.Old.Skipped) {
				return nil, fmt.Errorf("steps[%d].old.skipped: not the pages steps[%d].new, the same snapshot, skipped", i, i-1)
			}
			if err := sameCanonicalized(l.Steps[i-1], r, i); err != nil {
				return nil, err
			}
			if free {
				// Neither its tallies.
			} else if err := sameTallies(l.Steps[i-1], r, i); err != nil {
				return nil, err
			}
		}
		l.Steps = append(l.Steps, r)
	}
	if err := checkRenamesAcross(l.Steps); err != nil {
		return nil, err
	}
	if err := checkHashes(l.Steps); err != nil {
		return nil, err
	}
	// A --stack of the log is one that some snapshot has a spec in, not
	// necessarily both of each step's (the steps' options are the same).
	if err := diff.CheckSelectedStacksCounted(l.Steps...); err != nil {
		return nil, fmt.Errorf("steps: %w", err)
	}
	if err := checkTimeline(doc.Timeline, l.Steps, len(doc.Snapshots)); err != nil {
		return nil, err
	}
	return l, nil
}

// sameCanonicalized checks that step i's old side and step i-1's new
// side, one snapshot loaded once, say the same of what each
// canonicalization rule rewrote in it (counts of the whole snapshot,
// whatever the filters).
func sameCanonicalized(prev, cur *diff.Report, i int) error {
	had := make(map[string]int, len(prev.Canonicalized))
	for _, c := range prev.Canonicalized {
		had[c.Value] = c.New
	}
	for _, c := range cur.Canonicalized {
		if n, ok := had[c.Value]; ok && n != c.Old {
			return fmt.Errorf("steps[%d].canonicalized[%s].old: %d, but steps[%d].canonicalized[%s].new, of the same snapshot, is %d", i, quotedCut(c.Value, 40), c.Old, i-1, quotedCut(c.Value, 40), n)
		}
	}
	return nil
}

// checkRenamesAcross checks each root a step renamed by its version
// (diff.SelectedRenames), which frees the step from the checks across
// it, against its neighbours, which share its snapshots: a spelling
// --stack names is the neighbour's root too, counted on the shared
// side, or the neighbour renames it in turn. A rename written into a
// step by hand, to switch those checks off, names a root its
// neighbours do not have.
func checkRenamesAcross(steps []*diff.Report) error {
	renames := make([][]diff.Rename, len(steps))
	for i, r := range steps {
		renames[i] = diff.SelectedRenames(r)
	}
	// The stack counts of the steps beside a rename, each made once.
	counts := make([]map[string]diff.OldToNew, len(steps))
	count := func(i int, v string) diff.OldToNew {
		if counts[i] == nil {
			counts[i] = diff.StackCounts(steps[i])
		}
		return counts[i][v]
	}
	// The spellings each step respells roots from and to, as sets: every
	// root changed or renamed into another spelling, not only those
	// diff.SelectedRenames takes (a root --stack does not name is
	// compared under its new spelling too, and the step's stacks count
	// the shared snapshot so).
	from, to := make([]map[string]bool, len(steps)), make([]map[string]bool, len(steps))
	for i, r := range steps {
		from[i], to[i] = map[string]bool{}, map[string]bool{}
		for _, rn := range renames[i] {
			from[i][rn.Old], to[i][rn.New] = true, true
		}
		if r.Causes == nil || r.Causes.Roots == nil {
			continue
		}
		respell := func(o, n diff.RootSpec) {
			if o.Root != n.Root {
				from[i][o.Root], to[i][n.Root] = true, true
			}
		}
		for _, c := range r.Causes.Roots.Changed {
			respell(c.Old, c.New)
		}
		for _, c := range r.Causes.Roots.Renamed {
			respell(c.Old, c.New)
		}
	}
	for i, r := range steps {
		if len(renames[i]) == 0 {
			continue
		}
		whole := len(r.Options.Packages) == 0 // else the stacks count only the packages named
		selected := make(map[string]bool, len(r.Options.Stacks))
		for _, st := range r.Options.Stacks {
			selected[st] = true
		}
		for _, rn := range renames[i] {
			at := fmt.Sprintf("steps[%d].causes.roots: root %s, written %s before,", i, quotedValue(rn.New), quotedValue(rn.Old))
			if i > 0 {
				// steps[i-1].new is the snapshot that writes the root rn.Old.
				switch {
				case count(i-1, rn.New).New > 0 && rn.Joined == 0: // other roots wrote it already
					return fmt.Errorf("%s but steps[%d] counts specs of the same snapshot in a root %s", at, i-1, quotedValue(rn.New))
				case whole && selected[rn.Old] && count(i-1, rn.Old).New == 0:
					return fmt.Errorf("%s but steps[%d] counts no spec of the same snapshot in it", at, i-1)
				}
			}
			if i+1 < len(steps) {
				// steps[i+1].old is the snapshot that writes it rn.New; its
				// old side names a root it renames by the new spelling.
				switch {
				case count(i+1, rn.Old).Old > 0 && !to[i+1][rn.Old] && rn.Kept == 0: // other roots keep it
					return fmt.Errorf("%s but steps[%d] counts specs of the same snapshot in a root %s", at, i+1, quotedValue(rn.Old))
				case whole && selected[rn.New] && count(i+1, rn.New).Old == 0 && !from[i+1][rn.New]:
					return fmt.Errorf("%s but steps[%d] counts no spec of the same snapshot in it", at, i+1)
				}
			}
		}
	}
	return nil
}

// checkSnapshotRev checks snapshot i's commit. Only a log of --revs
// RANGE PATH has commit subjects, which the formats read by commit id:
// each of its snapshots is a commit of its own (the base and the
// range's commits, none twice), read as ID:PATH, so that an edited id
// cannot label a week as another commit. seen maps each commit id met
// to its snapshot.
func checkSnapshotRev(snaps []diff.SnapshotInfo, i int, revs *diff.Revs, seen map[string]int) error {
	sn := snaps[i]
	at := fmt.Sprintf("snapshots[%d].rev", i)
	if revs == nil {
		if sn.Subject != "" {
			return fmt.Errorf("snapshots[%d].subject: a commit's subject, but the log is not of --revs (only such a log has subjects)", i)
		}
		return nil
	}
	if sn.Rev == "" {
		return fmt.Errorf("%s: absent, but the log is of --revs: each snapshot is a commit", at)
	}
	if sn.Path != sn.Rev+":"+revs.Path {
		return fmt.Errorf("%s: %s, but the snapshot's path is %s, not that commit's %s", at, sn.Rev, quotedValue(sn.Path), quotedValue(sn.Rev+":"+revs.Path))
	}
	if j, ok := seen[sn.Rev]; ok {
		return fmt.Errorf("%s: %s is snapshots[%d] already: a --revs log holds each commit once", at, sn.Rev, j)
	}
	seen[sn.Rev] = i
	return nil
}

// sameTallies checks that step i tallies its old snapshot as step i-1
// (before) tallied its new one, the same snapshot: the specs of each
// value of each facet, and the specs and packages of each stack. A step
// edited alone to move unchanged specs from one value to another holds
// together by itself (an unchanged spec is counted, not listed), and
// could keep a compiler or a stack its gate (lost-compiler, lost-stack)
// finds gone.
func sameTallies(before, r *diff.Report, i int) error {
	a, b := before.Facets, r.Facets
	tallies := []struct {
		name string
		a, b diff.ValueCounts
	}{{"compiler", a.Compiler.Counts, b.Compiler.Counts}, {"os", a.OS.Counts, b.OS.Counts}, {"platform", a.Platform.Counts, b.Platform.Counts}, {"target", a.Target.Counts, b.Target.Counts}, {"stack", a.Stack.Counts, b.Stack.Counts}}
	// Lockfiles' stacks are their roots, and a root renamed by its own
	// version files the snapshot's specs under the name of the step's new
	// side (diff.LockfileReport): the same snapshot's stacks differ
	// between the step it ends and the one it starts, by the names of the
	// renamed roots only. A root renamed from is a root of the step's
	// old snapshot that its new one lacks, and the name it takes one the
	// old snapshot lacks, so a name both steps count the shared snapshot
	// under was not renamed, and counts it alike. Under --stack too: a
	// step whose rename selects the shared snapshot's specs otherwise
	// than its neighbour frees the two of this check (diff.RenameSides),
	// and otherwise both select the same specs of it.
	// A root respelt in its own environment alone (diff.PartlyRespelt)
	// moves the shared snapshot's specs between names both steps count:
	// those names are not held to each other either.
	roots := diff.LockfileReport(before) || diff.LockfileReport(r)
	partly := diff.PartlyRespelt(r)
	for k, f := range tallies {
		loose := roots && k == len(tallies)-1 // the stacks of lockfiles
		was := map[string]int{}
		for _, c := range f.a {
			if c.New > 0 {
				was[c.Value] = c.New
			}
		}
		for _, c := range f.b {
			w, ok := was[c.Value]
			if loose && (!ok || partly[c.Value]) {
				continue
			}
			if c.Old != w {
				return fmt.Errorf("steps[%d].facets.%s.counts: %s has %d specs in the old snapshot, but steps[%d] leaves the same snapshot %d", i, f.name, quotedValue(c.Value), c.Old, i-1, w)
			}
			delete(was, c.Value)
		}
		if loose {
			continue
		}
		for _, c := range f.a { // in the order written: the message is deterministic
			if n, ok := was[c.Value]; ok {
				return fmt.Errorf("steps[%d].facets.%s.counts: lacks %s, which steps[%d] leaves the same snapshot %d specs of", i, f.name, quotedValue(c.Value), i-1, n)
			}
		}
	}
	was := map[string]diff.OldToNew{}
	for _, row := range before.Stacks {
		if row.Specs.New > 0 || row.Packages.New > 0 {
			was[row.Name] = diff.OldToNew{Old: row.Specs.New, New: row.Packages.New}
		}
	}
	for k, row := range r.Stacks {
		w, ok := was[row.Name]
		if roots && (!ok || partly[row.Name]) {
			continue
		}
		if w.Old != row.Specs.Old || w.New != row.Packages.Old {
			return fmt.Errorf("steps[%d].stacks[%d]: %s has %d specs of %d packages in the old snapshot, but steps[%d] leaves the same snapshot %d of %d", i, k, quotedValue(row.Name), row.Specs.Old, row.Packages.Old, i-1, w.Old, w.New)
		}
		delete(was, row.Name)
	}
	if roots {
		return nil // the names left are of renamed roots
	}
	for _, row := range before.Stacks {
		if w, ok := was[row.Name]; ok {
			return fmt.Errorf("steps[%d].stacks: lacks %s, which steps[%d] leaves the same snapshot %d specs of %d packages in", i, quotedValue(row.Name), i-1, w.Old, w.New)
		}
	}
	return nil
}

// sameStepSetting checks that step i was made with the options and the
// gate of step 0: a log applies its filters to every snapshot and
// --fail-on to every step, so a step that differs was edited (one whose
// gate was swapped could turn the saved verdict).
func sameStepSetting(first, r *diff.Report, i int) error {
	a, b := first.Options, r.Options
	if a.Canonicalize != b.Canonicalize || !slices.Equal(a.Packages, b.Packages) || !slices.Equal(a.Stacks, b.Stacks) || !slices.Equal(a.Ignore, b.Ignore) {
		return fmt.Errorf("steps[%d].options: not those of steps[0]: a log's filters apply to every step", i)
	}
	if (first.Gate == nil) != (r.Gate == nil) || first.Gate != nil && !slices.Equal(first.Gate.FailOn, r.Gate.FailOn) {
		return fmt.Errorf("steps[%d].gate: not the gate of steps[0]: a log's --fail-on applies to every step", i)
	}
	return nil
}

// checkTimeline checks the timeline of a decoded log of n snapshots: names
// sorted, each once; runs within the log, in order, neither overlapping
// nor touching (per version); and against the steps: as many packages
// present at each snapshot as the steps say it holds, and each package a
// step lists present, with its versions, on the side it has a page.
func checkTimeline(t *diff.Timeline, steps []*diff.Report, n int) error {
	byName := make(map[string]*diff.PackageTimeline, len(t.Packages))
	present := make([]int, n)
	// Under --package, only the packages it names: a saved log's
	// options.packages edited to [adept-utils] was rendered with that
	// filter over a timeline (and counts) of aida too.
	var kept func(string) bool
	if len(steps) > 0 && len(steps[0].Options.Packages) > 0 {
		kept = diff.PackageMatcher(steps[0].Options.Packages)
	}
	for k := range t.Packages {
		p := &t.Packages[k]
		if k > 0 && t.Packages[k-1].Name >= p.Name {
			return fmt.Errorf("timeline.packages[%d]: %s is not after %s: sorted by name, each once", k, shownValue(p.Name), shownValue(t.Packages[k-1].Name))
		}
		if kept != nil && !kept(p.Name) {
			return fmt.Errorf("timeline.packages[%d]: %s matches none of the steps' options.packages: --package keeps only the packages it names", k, quotedValue(p.Name))
		}
		byName[p.Name] = p
		if len(p.Present) == 0 {
			return fmt.Errorf("timeline: %s: never present", shownValue(p.Name))
		}
		if err := checkRuns(p.Name, "present", p.Present, n); err != nil {
			return err
		}
		for _, sp := range p.Present {
			for i := sp.From; i <= sp.To; i++ {
				present[i]++
			}
		}
		runs := map[string][]diff.Span{}
		for j, v := range p.Versions {
			if j > 0 {
				if prev := p.Versions[j-1].Version; prev != v.Version && version.Compare(prev, v.Version) > 0 {
					// That order changed between releases, as a
					// report's versions' did (diff.OlderOrder).
					return fmt.Errorf("timeline: %s: versions[%d]: %s after %s: the versions are oldest first, each version's runs together%s", shownValue(p.Name), j, shownValue(v.Version), shownValue(prev), diff.OlderOrder)
				}
			}
			runs[v.Version] = append(runs[v.Version], v.Span)
		}
		for _, v := range slices.Sorted(maps.Keys(runs)) {
			if err := checkRuns(p.Name, "version "+v, runs[v], n); err != nil {
				return err
			}
		}
	}
	// A step whose --stack follows a renamed root selects its snapshots'
	// specs otherwise than the timeline, which selects each snapshot by
	// the names of --stack (diff.RenameSelects).
	sidesOld, sidesNew := make([]bool, len(steps)), make([]bool, len(steps))
	for i, r := range steps {
		sidesOld[i], sidesNew[i] = diff.RenameSides(r)
	}
	for i := range n {
		var want int
		switch {
		case len(steps) == 0 || i > 0 && sidesNew[i-1] || i < len(steps) && sidesOld[i]:
			continue
		case i < len(steps):
			want = steps[i].Old.Packages
		default:
			want = steps[i-1].New.Packages
		}
		if present[i] != want {
			return fmt.Errorf("timeline: %d packages present at snapshot %d, but the steps say it holds %d", present[i], i, want)
		}
	}
	if err := checkUnlisted(t, steps); err != nil {
		return err
	}
	for i, r := range steps {
		for _, p := range r.Packages {
			tp := byName[p.Name]
			for _, side := range []struct {
				at       int
				has      bool
				versions []string
			}{{i, p.Status != diff.Added, p.Versions.Old}, {i + 1, p.Status != diff.Removed, p.Versions.New}} {
				if side.at == i && sidesOld[i] || side.at == i+1 && sidesNew[i] {
					continue // the step selects this snapshot otherwise than the timeline
				}
				// A package the timeline never lists is absent from every
				// snapshot: a step that follows a renamed root on the
				// other side may list it removed or added alone.
				if (tp != nil && presentAt(tp.Present, side.at)) != side.has {
					return fmt.Errorf("timeline: %s: present at snapshot %d is not what steps[%d] says (%s)", shownValue(p.Name), side.at, i, p.Status)
				}
				if !side.has {
					continue
				}
				var got []string
				for _, v := range tp.Versions {
					if v.From <= side.at && side.at <= v.To {
						got = append(got, v.Version)
					}
				}
				if !slices.Equal(got, side.versions) {
					return fmt.Errorf("timeline: %s: versions [%s] at snapshot %d, but steps[%d] says [%s]", shownValue(p.Name), shownList(got), side.at, i, shownList(side.versions))
				}
			}
		}
	}
	return nil
}

// checkHashes checks the specs the steps list against one another: a
// step lists every spec that left (removed, or the old side of a pair)
// and every one that came (added, the new side), so a hash is in a
// snapshot from the step that brings it to the step that takes it away.
// A step that takes away a hash an earlier step took away (and none
// brought back), or brings one already there, was moved, copied or
// edited: its changes are not those of its week. Restacked specs keep
// their hash, in both snapshots. A step whose hashes name two builds
// (HashConflicts) counts such a spec unchanged: what the steps before it
// said is forgotten there. So is it where a step follows a renamed root
// (diff.RenameSides): that step and its neighbour select other specs of
// the snapshot they share.
func checkHashes(steps []*diff.Report) error {
	type seen struct {
		in   bool // in the snapshot after the step that listed it last
		step int
	}
	state := map[string]seen{}
	prevNew := false // steps[i-1] selects its new side otherwise
	for i, r := range steps {
		curOld, curNew := diff.RenameSides(r)
		if prevNew || curOld {
			clear(state)
		}
		prevNew = curNew
		if n, _ := diff.HashConflicts(r); n > 0 {
			clear(state)
			continue
		}
		check := func(at, h string, in bool) error {
			if s, ok := state[h]; ok && s.in != in {
				if in {
					return fmt.Errorf("steps[%d].%s: %s, which steps[%d] took out of the cache, and no step since brought back", i, at, h, s.step)
				}
				return fmt.Errorf("steps[%d].%s: %s is new, but steps[%d] brought it already, and no step since took it out", i, at, h, s.step)
			}
			return nil
		}
		// Each hash is checked against the steps before before any is
		// recorded: a pair's two sides are one step.
		for _, pass := range []bool{false, true} {
			for k := range r.Packages {
				p := &r.Packages[k]
				at := fmt.Sprintf("packages[%d].specs.", k)
				for _, l := range []struct {
					name      string
					specs     []diff.Spec
					old, new_ bool
				}{{"removed", p.Specs.Removed, true, false}, {"added", p.Specs.Added, false, true}} {
					for j := range l.specs {
						h := l.specs[j].Hash
						path := fmt.Sprintf("%s%s[%d].hash", at, l.name, j)
						if !pass {
							if err := check(path, h, l.old); err != nil {
								return err
							}
						} else {
							state[h] = seen{l.new_, i}
						}
					}
				}
				for _, l := range []struct {
					name  string
					pairs []diff.Pair
				}{{"rebuilt", p.Specs.Rebuilt}, {"updated", p.Specs.Updated}, {"restacked", p.Specs.Restacked}} {
					for j := range l.pairs {
						pr := &l.pairs[j]
						path := fmt.Sprintf("%s%s[%d].", at, l.name, j)
						if pr.Old.Hash == pr.New.Hash { // restacked
							if !pass {
								if err := check(path+"old.hash", pr.Old.Hash, true); err != nil {
									return err
								}
							} else {
								state[pr.Old.Hash] = seen{true, i}
							}
							continue
						}
						if !pass {
							if err := check(path+"old.hash", pr.Old.Hash, true); err != nil {
								return err
							}
							if err := check(path+"new.hash", pr.New.Hash, false); err != nil {
								return err
							}
						} else {
							state[pr.Old.Hash] = seen{false, i}
							state[pr.New.Hash] = seen{true, i}
						}
					}
				}
			}
		}
	}
	return nil
}

// checkUnlisted checks that the timeline changes a package only where a
// step lists it: a step lists every package that changed, so one it does
// not list was in both its snapshots or in neither, with the same
// versions. A run (of presence or of a version) that starts after the
// first snapshot, or ends before the last, is a change the step there
// must list; else the timeline (Came and went, Versions over time)
// tells a history no step holds. A step whose hashes name two builds
// (HashConflicts) counts such a spec unchanged, so it is let be.
func checkUnlisted(t *diff.Timeline, steps []*diff.Report) error {
	if len(steps) == 0 {
		return nil
	}
	listed := map[string][]int{} // the steps listing each package, in order
	free := make([]bool, len(steps))
	for i, r := range steps {
		for _, p := range r.Packages {
			listed[p.Name] = append(listed[p.Name], i)
		}
		n, _ := diff.HashConflicts(r)
		free[i] = n > 0 || diff.RenameSelects(r)
	}
	lists := func(name string, i int) bool {
		_, ok := slices.BinarySearch(listed[name], i)
		return ok || free[i]
	}
	for k := range t.Packages {
		p := &t.Packages[k]
		check := func(what string, sp diff.Span) error {
			if sp.From > 0 && !lists(p.Name, sp.From-1) {
				return fmt.Errorf("timeline: %s: %s from snapshot %d, but steps[%d] does not list %s: unchanged there", shownValue(p.Name), what, sp.From, sp.From-1, shownValue(p.Name))
			}
			if sp.To < len(steps) && !lists(p.Name, sp.To) {
				return fmt.Errorf("timeline: %s: %s until snapshot %d, but steps[%d] does not list %s: unchanged there", shownValue(p.Name), what, sp.To, sp.To, shownValue(p.Name))
			}
			return nil
		}
		for _, sp := range p.Present {
			if err := check("present", sp); err != nil {
				return err
			}
		}
		for _, v := range p.Versions {
			if err := check("version "+shownValue(v.Version), v.Span); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRuns checks one list of runs of a timeline: within the n snapshots,
// in order, neither overlapping nor touching.
func checkRuns(name, what string, runs []diff.Span, n int) error {
	for k, sp := range runs {
		if sp.From < 0 || sp.To < sp.From || sp.To >= n {
			return fmt.Errorf("timeline: %s: %s: snapshots %d to %d: the log has %d snapshots", shownValue(name), what, sp.From, sp.To, n)
		}
		if k > 0 && runs[k-1].To+1 >= sp.From {
			return fmt.Errorf("timeline: %s: %s: the runs overlap, touch or are out of order", shownValue(name), what)
		}
	}
	return nil
}

func presentAt(runs []diff.Span, i int) bool {
	for _, sp := range runs {
		if sp.From <= i && i <= sp.To {
			return true
		}
	}
	return false
}

// WriteLog writes a decoded log again through w (cachediff render).
func WriteLog(w report.LogWriter, l *Log) error {
	for _, r := range l.Steps {
		if err := w.Step(r); err != nil {
			return err
		}
	}
	return w.Finish(&l.Series)
}

// stepError is err, of a log's step i, at its path in the log: a law's
// or an enum's field path joined to the step's by a dot
// ("steps[1].packages[2].old_file"), as the log's shape check spells
// it, not "steps[1]: packages[2].old_file" (a path read as two).
func stepError(i int, err error) error {
	var law *LawError
	if errors.As(err, &law) && law.Path != "" && err.Error() == law.Error() {
		return &LawError{Path: fmt.Sprintf("steps[%d].%s", i, law.Path), Msg: law.Msg}
	}
	var sibling *siblingError
	if errors.As(err, &sibling) && err.Error() == sibling.Error() {
		e := *sibling
		e.at = fmt.Sprintf("steps[%d].%s", i, sibling.at)
		return &e
	}
	var enum *EnumError
	if errors.As(err, &enum) && enum.Path != "" && err.Error() == enum.Error() {
		e := *enum
		e.Path = fmt.Sprintf("steps[%d].%s", i, enum.Path)
		return &e
	}
	return fmt.Errorf("steps[%d]: %w", i, err)
}
