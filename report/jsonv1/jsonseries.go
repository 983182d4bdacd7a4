package jsonv1

import (
	"fmt"
	"strconv"
	"time"

	"github.com/cachediff/cachediff/diff"
)

// snapshotsJSON appends the snapshots of a series as encoding/json writes
// them with SetIndent("  ", "  ") and HTML escaping off (marshalIndent,
// the tests' oracle), without reflection: a log writes them once, with
// the timeline, after its last step, on one core.
func (w *pkgJSON) snapshotsJSON(l []diff.SnapshotInfo) {
	w.begin("  ")
	list(w, 0, l, func(s *diff.SnapshotInfo) {
		w.b = append(w.b, '{')
		w.key(2, "path", true)
		w.str(s.Path)
		w.key(2, "tag", false)
		w.str(s.Tag)
		for _, f := range [...]struct{ k, v string }{{"rev", s.Rev}, {"date", s.Date}, {"subject", s.Subject}} {
			if f.v != "" { // omitempty
				w.key(2, f.k, false)
				w.str(f.v)
			}
		}
		w.end(1, '}')
	})
}

// timelineJSON appends t as snapshotsJSON writes the snapshots (null for
// nil), without reflection: the timeline of a series of real-size trees
// holds every package and version, a megabyte of JSON, which
// encoding/json wrote slowly, alone on one core at the end of a log.
func (w *pkgJSON) timelineJSON(t *diff.Timeline) {
	w.begin("  ")
	if t == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.b = append(w.b, '{')
	w.key(1, "packages", true)
	list(w, 1, t.Packages, func(p *diff.PackageTimeline) {
		w.b = append(w.b, '{')
		w.key(3, "name", true)
		w.str(p.Name)
		w.key(3, "present", false)
		list(w, 3, p.Present, func(s *diff.Span) {
			w.b = append(w.b, '{')
			w.span(5, s, true)
			w.end(4, '}')
		})
		w.key(3, "versions", false)
		list(w, 3, p.Versions, func(v *diff.VersionSpan) {
			w.b = append(w.b, '{')
			w.key(5, "version", true)
			w.str(v.Version)
			w.span(5, &v.Span, false)
			w.end(4, '}')
		})
		w.end(2, '}')
	})
	w.end(0, '}')
}

// span appends the members of s at depth.
func (w *pkgJSON) span(depth int, s *diff.Span, first bool) {
	w.key(depth, "from", first)
	w.b = strconv.AppendInt(w.b, int64(s.From), 10)
	w.key(depth, "to", false)
	w.b = strconv.AppendInt(w.b, int64(s.To), 10)
}

// revsJSON appends the "revs" member of a log (nothing for nil), after
// its timeline.
func (w *pkgJSON) revsJSON(r *diff.Revs) {
	if r == nil {
		return
	}
	w.begin("  ")
	w.b = append(w.b, ",\n  \"revs\": {"...)
	w.key(1, "range", true)
	w.str(r.Range)
	w.key(1, "path", false)
	w.str(r.Path)
	for _, f := range [...]struct{ k, v string }{{"since", r.Since}, {"until", r.Until}} {
		if f.v != "" { // omitempty
			w.key(1, f.k, false)
			w.str(f.v)
		}
	}
	w.key(1, "commits", false)
	w.b = fmt.Appendf(w.b, "%d", r.Commits)
	w.end(0, '}')
}

// checkRevs checks the "revs" of a decoded log against its steps: as
// many commits as the steps (one more when the first snapshot is a root
// commit), and dates that are RFC 3339 instants.
func checkRevs(r *diff.Revs, steps int) error {
	if r == nil {
		return nil
	}
	if r.Range == "" {
		return fmt.Errorf(`revs.range: empty`)
	}
	if r.Commits != steps && r.Commits != steps+1 {
		return fmt.Errorf("revs.commits: %d commits for %d steps: want as many, or one more", r.Commits, steps)
	}
	for _, d := range [...]struct{ k, v string }{{"since", r.Since}, {"until", r.Until}} {
		if d.v == "" {
			continue
		}
		if _, err := time.Parse(time.RFC3339, d.v); err != nil {
			return fmt.Errorf("revs.%s: %s is not an RFC 3339 date", d.k, quotedValue(d.v))
		}
	}
	return nil
}
