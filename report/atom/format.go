package atom

import "github.com/cachediff/cachediff/report"

// Format is the atom output format: a feed of one entry for a report,
// of an entry per step for a log.
var Format = report.Format{Name: "atom", Doc: "Atom feed, one entry", Render: renderAtom,
	Log: newLogAtom, LogDoc: "Atom feed, an entry per step"}
