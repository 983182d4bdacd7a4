package jsonv1

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// LogSchema names the version of the log's JSON document.
const LogSchema = "cachediff/log/v1"

// logJSON streams a cachediff/log/v1 document: the steps as they come,
// then the snapshots and the timeline.
type logJSON struct {
	w     *bufio.Writer
	steps int
	err   error
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
	if err := writeReportJSON(l.w, r, "    "); err != nil {
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
	for i, sn := range doc.Snapshots {
		if err := checkRev(fmt.Sprintf("snapshots[%d].rev", i), sn.Rev); err != nil {
			return nil, err
		}
		if err := checkDate(fmt.Sprintf("snapshots[%d].date", i), sn.Date); err != nil {
			return nil, err
		}
	}
	l := &Log{Series: diff.Series{Snapshots: doc.Snapshots, Timeline: doc.Timeline, Revs: doc.Revs}}
	defer func() { l.Series.Highlights = diff.SeriesNews(l.Steps) }() // from the steps, checked: a saved list is not trusted
	for i, raw := range doc.Steps {
		r, err := decodeBytes(raw, true)
		if err != nil {
			return nil, fmt.Errorf("steps[%d]: %w", i, err)
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
			if prev.Packages != r.Old.Packages || prev.Specs != r.Old.Specs || len(prev.Skipped) != len(r.Old.Skipped) {
				return nil, fmt.Errorf("steps[%d].old: %d packages and %d specs, but steps[%d].new, the same snapshot, holds %d and %d", i, r.Old.Packages, r.Old.Specs, i-1, prev.Packages, prev.Specs)
			}
		}
		l.Steps = append(l.Steps, r)
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
	for k := range t.Packages {
		p := &t.Packages[k]
		if k > 0 && t.Packages[k-1].Name >= p.Name {
			return fmt.Errorf("timeline.packages[%d]: %s is not after %s: sorted by name, each once", k, shortValue(p.Name), shortValue(t.Packages[k-1].Name))
		}
		byName[p.Name] = p
		if len(p.Present) == 0 {
			return fmt.Errorf("timeline: %s: never present", shortValue(p.Name))
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
		for _, v := range p.Versions {
			runs[v.Version] = append(runs[v.Version], v.Span)
		}
		for _, v := range slices.Sorted(maps.Keys(runs)) {
			if err := checkRuns(p.Name, "version "+v, runs[v], n); err != nil {
				return err
			}
		}
	}
	for i := range n {
		var want int
		switch {
		case len(steps) == 0:
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
	for i, r := range steps {
		for _, p := range r.Packages {
			tp := byName[p.Name]
			for _, side := range []struct {
				at       int
				has      bool
				versions []string
			}{{i, p.Status != diff.Added, p.Versions.Old}, {i + 1, p.Status != diff.Removed, p.Versions.New}} {
				if tp == nil || presentAt(tp.Present, side.at) != side.has {
					return fmt.Errorf("timeline: %s: present at snapshot %d is not what steps[%d] says (%s)", shortValue(p.Name), side.at, i, p.Status)
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
					return fmt.Errorf("timeline: %s: versions [%s] at snapshot %d, but steps[%d] says [%s]", shortValue(p.Name), shortValue(strings.Join(got, ", ")), side.at, i, shortValue(strings.Join(side.versions, ", ")))
				}
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
			return fmt.Errorf("timeline: %s: %s: snapshots %d to %d: the log has %d snapshots", shortValue(name), what, sp.From, sp.To, n)
		}
		if k > 0 && runs[k-1].To+1 >= sp.From {
			return fmt.Errorf("timeline: %s: %s: the runs overlap, touch or are out of order", shortValue(name), what)
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
