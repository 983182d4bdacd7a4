package jsonv1

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// Values of the enumerated fields of cachediff/v1 (docs/json.md).
var (
	statuses   = []string{diff.Added, diff.Removed, diff.Changed, diff.Unchanged}
	directions = []string{diff.NoChange, diff.Upgraded, diff.Downgraded, diff.Other, diff.New, diff.Gone}
)

// EnumError is a field of a decoded report that holds a value outside its
// known set (diff.EnumError: diff's laws check the kinds of changes too).
type EnumError = diff.EnumError

// LawError is a decoded report whose numbers disagree with each other
// (diff.LawError: the laws are diff.Report.CheckLaws).
type LawError = diff.LawError

// checkEnums checks the fields of r that hold one of a fixed set of
// values: package names (snapshot.IsPackageName, as loading checks
// them: a name that is a path would name a file outside its folder in a
// patch), package status, version direction, the facet of an updated pair
// and of an update group, the facets of options.ignore, spec hashes
// (Spack's alphabet and length), and the snapshots' commit ids and dates (checkRev, checkDate). Gate kinds and units may be added within
// cachediff/v1 (docs/json.md), so a report of a later cachediff may hold
// one this one does not know: they must only be names (gateName), which
// can hold no Markdown or HTML. Canonicalization rule names are not
// checked at all: rules may be added within v1 too, and the templates
// escape them.
func checkEnums(r *diff.Report) error {
	facets := diff.FacetNames()
	name := func(path, v, what string) error {
		if gateName(v) {
			return nil
		}
		return &EnumError{Path: path, Value: v, Want: what + " (want a name of lower-case letters and digits joined by hyphens, such as removed-spec)"}
	}
	oneOf := func(path, v string, set []string, what string) error {
		if slices.Contains(set, v) {
			return nil
		}
		return &EnumError{Path: path, Value: v, Want: fmt.Sprintf("%s (want %s)", what, strings.Join(set, ", "))}
	}
	hash := func(path, h string) error {
		if snapshot.IsHash(h) {
			return nil
		}
		return &EnumError{Path: path, Value: h, Want: "a Spack hash (want 32 characters of a-z and 2-7)"}
	}
	for _, side := range []struct {
		at string
		s  diff.Side
	}{{"old", r.Old}, {"new", r.New}} {
		if err := checkPath(side.at, side.s.Path, report.Schema); err != nil {
			return err
		}
		if err := checkRev(side.at+".rev", side.s.Rev); err != nil {
			return err
		}
		if err := checkDate(side.at+".date", side.s.Date); err != nil {
			return err
		}
		if err := checkDated(side.at, side.s.Rev, side.s.Date); err != nil {
			return err
		}
		if err := checkLayout(side.at, side.s); err != nil {
			return err
		}
	}
	for i, f := range r.Options.Ignore {
		if err := oneOf(fmt.Sprintf("options.ignore[%d]", i), f, facets, "a facet"); err != nil {
			return err
		}
	}
	if g := r.Gate; g != nil {
		for i, k := range g.FailOn {
			if err := name(fmt.Sprintf("gate.fail_on[%d]", i), k, "a gate kind"); err != nil {
				return err
			}
		}
		for i, t := range g.Tripped {
			if err := name(fmt.Sprintf("gate.tripped[%d].kind", i), t.Kind, "a gate kind"); err != nil {
				return err
			}
			if err := name(fmt.Sprintf("gate.tripped[%d].unit", i), t.Unit, "a gate unit"); err != nil {
				return err
			}
		}
	}
	if c := r.Causes; c != nil && c.Roots != nil {
		// A root's own changes, one for each facet that changed (the
		// laws check the table's and the groups' changes, not these).
		for i, rc := range c.Roots.Changed {
			for j, ch := range rc.Changes {
				at := fmt.Sprintf("causes.roots.changed[%d].changes[%d].kind", i, j)
				if err := oneOf(at, ch.Kind, facets, "a facet (a root's own change)"); err != nil {
					return err
				}
				if slices.ContainsFunc(rc.Changes[:j], func(b diff.Change) bool { return b.Kind == ch.Kind }) {
					return &diff.LawError{Path: at, Msg: fmt.Sprintf("%q twice: a root's own changes are one for each facet that changed", ch.Kind)}
				}
			}
		}
	}
	for i, u := range r.Updates {
		if err := oneOf(fmt.Sprintf("updates[%d].facet", i), u.Facet, facets, "a facet"); err != nil {
			return err
		}
	}
	for i, p := range r.Packages {
		at := fmt.Sprintf("packages[%d]", i)
		if !snapshot.IsPackageName(p.Name) {
			return &EnumError{Path: at + ".name", Value: p.Name, Want: "a package name (want a name, not a path: no part between slashes empty, . or ..)"}
		}
		if err := oneOf(at+".status", p.Status, statuses, "a package status"); err != nil {
			return err
		}
		if err := oneOf(at+".versions.direction", p.Versions.Direction, directions, "a version direction"); err != nil {
			return err
		}
		for _, list := range []struct {
			name  string
			specs []diff.Spec
		}{{"added", p.Specs.Added}, {"removed", p.Specs.Removed}} {
			for j, s := range list.specs {
				if err := hash(fmt.Sprintf("%s.specs.%s[%d].hash", at, list.name, j), s.Hash); err != nil {
					return err
				}
			}
		}
		for _, list := range []struct {
			name  string
			pairs []diff.Pair
		}{{"rebuilt", p.Specs.Rebuilt}, {"updated", p.Specs.Updated}, {"restacked", p.Specs.Restacked}} {
			for j, pr := range list.pairs {
				pat := fmt.Sprintf("%s.specs.%s[%d]", at, list.name, j)
				if err := hash(pat+".old.hash", pr.Old.Hash); err != nil {
					return err
				}
				if err := hash(pat+".new.hash", pr.New.Hash); err != nil {
					return err
				}
				if pr.Facet != "" || list.name == "updated" {
					if err := oneOf(pat+".facet", pr.Facet, facets, "a facet"); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// checkLayout checks a side's "layout" and "index_sha256" (at is old
// or new): absent, or a mirror's layout, v2 or v3, and beside it the
// sha256 of its index as cachediff writes one, 64 lower-case hex digits
// (docs/json.md). The layouts are snapshot/mirror's LayoutV2 and
// LayoutV3, written out: formatting does not read a snapshot's source.
func checkLayout(at string, s diff.Side) error {
	if s.Layout != "" && s.Layout != "v2" && s.Layout != "v3" {
		return &EnumError{Path: at + ".layout", Value: s.Layout, Want: "a mirror layout (want v2, v3)"}
	}
	if s.IndexSHA256 == "" {
		return nil
	}
	if s.Layout == "" {
		return &siblingError{at: at, field: "index_sha256", without: "layout", why: func(string) string { return "it is the checksum of a mirror's index" }}
	}
	if len(s.IndexSHA256) != 64 || strings.Trim(s.IndexSHA256, "0123456789abcdef") != "" {
		return &EnumError{Path: at + ".index_sha256", Value: s.IndexSHA256, Want: "a sha256 (want 64 hex digits, 0-9 and a-f)"}
	}
	return nil
}

// checkDate checks a snapshot's "date" at path: absent, or an RFC 3339
// instant, as cachediff writes a commit's date. A saved report or log
// edited to hold another string ("yesterday") is refused: every format
// prints the date, and the Atom feed dates its entries by it.
func checkDate(path, date string) error {
	if date == "" {
		return nil
	}
	if _, err := time.Parse(time.RFC3339, date); err != nil {
		return &EnumError{Path: path, Value: date, Want: "an RFC 3339 date (such as 2025-03-16T12:00:00Z)"}
	}
	return nil
}

// checkPath checks that the snapshot at at (old, new, snapshots[i]) is
// named: cachediff names a snapshot by the argument given, and refuses
// an empty one, so a "path": "" is none it writes. render printed it
// ("## cachediff:  → new" where its tag was "" too).
func checkPath(at, path, schema string) error {
	if path == "" {
		return &LawError{Path: at + ".path", Msg: `"", which ` + schema + ` never writes: a snapshot is named by the argument given, which cachediff refuses empty`}
	}
	return nil
}

// siblingError is the error of a snapshot's field present without the
// field that goes with it (a rev without its date): both named at
// their path, which a log's step (stepError) prefixes alike.
type siblingError struct {
	at, field, without string
	why                func(at string) string
}

func (e *siblingError) Error() string {
	return e.at + "." + e.field + ": present without " + e.at + "." + e.without + ": " + e.why(e.at)
}

// checkDated checks that a snapshot at at (old, new, snapshots[i]) has
// a "date" only beside its "rev", and a "rev" only beside its "date":
// the date is that of the commit the rev names, which cachediff writes
// with it and never alone. One added to a report of folders dated its
// Atom entries and feed, as a commit's; a rev alone (its date edited
// away) was labelled " aaaaaaa", an empty date before the commit
// (SnapshotInfo.Label).
func checkDated(at, rev, date string) error {
	switch {
	case date != "" && rev == "":
		return &siblingError{at: at, field: "date", without: "rev", why: func(at string) string {
			return "it is the date of the commit " + at + ".rev names, which cachediff writes beside it"
		}}
	case rev != "" && date == "":
		return &siblingError{at: at, field: "rev", without: "date", why: func(string) string { return "cachediff writes the date of the commit it names beside it" }}
	}
	return nil
}

// checkRev checks a snapshot's "rev" at path: absent, or a full commit
// id (40 hexadecimal digits, or 64 in a SHA-256 repository), as
// cachediff writes it. Every format prints its first 7 bytes, and the
// Atom feed makes its entries' ids of it: an edited one ("HEAD",
// "aaaaaaé…", cut inside a character) is refused.
func checkRev(path, rev string) error {
	if rev == "" {
		return nil
	}
	ok := len(rev) == 40 || len(rev) == 64
	for i := 0; ok && i < len(rev); i++ {
		c := rev[i]
		ok = '0' <= c && c <= '9' || 'a' <= c && c <= 'f'
	}
	if !ok {
		return &EnumError{Path: path, Value: rev, Want: "a commit id (40 or 64 hexadecimal digits, as cachediff writes it)"}
	}
	return nil
}

// NoSchemaError is the error of a JSON document without a "schema"
// field: not a report of cachediff's. The command names what it is when
// it can tell (Spack's own file, named as the report by mistake).
type NoSchemaError struct {
	// Spack, when not "", is the kind of Spack's file the document is
	// (spackfmt.Kind), which the command sniffs: rendering reads no
	// snapshot's format.
	Spack string
}

func (e *NoSchemaError) Error() string {
	if e.Spack != "" {
		return fmt.Sprintf(`no "schema" field: not a cachediff JSON report but Spack's %s; compare two with cachediff OLD NEW, or render what cachediff --format json wrote`, e.Spack)
	}
	return fmt.Sprintf(`no "schema" field: not a cachediff JSON report (cachediff --format json writes one, with "schema": %q)`, report.Schema)
}

// decodeReport reads a JSON report written by JSON (a cachediff/v1 document)
// back into a diff.Report, so that it can be rendered again without the
// snapshots. It reads all of r: DecodeFile reads a file, bounded by its
// size. See DecodeBytes for what it refuses.
func decodeReport(r io.Reader) (*diff.Report, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return DecodeBytes(data)
}

// decodeFile decodes the report in the file at path, which must be a
// regular file (not a device such as /dev/zero, a FIFO or a folder: they
// could be read forever), reading no more than its size.
func decodeFile(path string) (*diff.Report, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return DecodeBytes(data)
}

// readOverrides makes each override of c's sets ({"over": c, "path":
// p}, CauseRef.Over) a reference of its cause, as the engine gives it:
// Cause is *Over (the laws then check where it may be).
func readOverrides(c *diff.Causes) {
	if c == nil {
		return
	}
	for _, set := range c.Sets {
		for i := range set {
			if o := set[i].Over; o != nil {
				set[i].Cause = *o
			}
		}
	}
}

// checkFeatures checks that a report's "features" (all known, see
// unknownFeature) are the ones it uses, as cachediff writes them
// (report.FeaturesOf): a report with an override that does not list
// set-overrides would be misread by a consumer that knows bases but not
// overrides, without an error, and one that lists a feature it does not
// use, or lists one twice or out of order, was not written by cachediff.
// A report without "features" may have bases without overrides: it was
// saved before "features" was written (issue 35), and is read as before.
func checkFeatures(features []string, r *diff.Report) error {
	want := report.FeaturesOf(r)
	if slices.Equal(features, want) || len(features) == 0 && len(want) == 0 {
		return nil
	}
	if features == nil && slices.Equal(want, []string{report.FeatureBasedSets}) {
		return nil // saved before features
	}
	for i, f := range features {
		if slices.Index(features, f) < i {
			return &LawError{Path: fmt.Sprintf("features[%d]", i), Msg: fmt.Sprintf("%q is listed twice", f)}
		}
		if !slices.Contains(want, f) {
			return &LawError{Path: fmt.Sprintf("features[%d]", i), Msg: fmt.Sprintf("%q, but the report does not use it (%s)", f, featureUse(f))}
		}
	}
	for _, f := range want {
		switch {
		case features == nil && f == report.FeatureBasedSets:
			// Saved before features: not missing.
		case features == nil:
			return &LawError{Path: "features", Msg: fmt.Sprintf("absent, but the report uses %q (%s): a consumer that does not know it would misread the report", f, featureUse(f))}
		case !slices.Contains(features, f):
			return &LawError{Path: "features", Msg: fmt.Sprintf("[%s] without %q, which the report uses (%s): a consumer that does not know it would misread the report", strings.Join(features, ", "), f, featureUse(f))}
		}
	}
	return &LawError{Path: "features", Msg: fmt.Sprintf("[%s]: cachediff lists them in the order %s", strings.Join(features, ", "), strings.Join(want, ", "))}
}

// featureUse says where a report uses feature f.
func featureUse(f string) string {
	if f == report.FeatureSetOverrides {
		return `an override {"over", "path"} in causes.sets`
	}
	return `a base {"set", "via"} in causes.sets`
}

// unknownFeature is the error of the first of features this cachediff
// does not know, nil when it knows them all.
func unknownFeature(features []string) error {
	for i, f := range features {
		if !slices.Contains(report.Features, f) {
			return &EnumError{Path: fmt.Sprintf("features[%d]", i), Value: f,
				Want: fmt.Sprintf("a feature this cachediff reads (want %s; a newer cachediff wrote this report)", strings.Join(report.Features, ", "))}
		}
	}
	return nil
}

// DecodeBytes decodes a cachediff/v1 document. It refuses, with the line,
// column and path of the value where it can:
//
//   - a document without a "schema" field or with another schema: fields
//     may be added within cachediff/v1, so unknown fields are ignored, but
//     another schema may mean anything;
//   - a document without a field every v1 report has, or with a value of
//     the wrong JSON type there (null for a list, a negative or fractional
//     count, a string that is not UTF-8), a key twice, or a key that
//     differs from a field's only in case (see checkShape): a report cut
//     short or edited by hand must not render as "No changes";
//   - values of the enumerated fields that cachediff never writes (see
//     checkEnums): the templates print those as they are, and a report
//     edited or forged to hold Markdown or HTML there must not reach a
//     comment;
//   - numbers that disagree with each other (see diff.Report.CheckLaws): a broken
//     conservation law, a list whose length is not its count, an empty
//     gate or a gate that says other than the report holds.
func DecodeBytes(data []byte) (*diff.Report, error) { return decodeBytes(&data, false) }

// DecodeTaking is DecodeBytes of *data, which it sets to nil once the
// report is decoded, before its laws are checked: the document's bytes
// are then garbage, where the caller's variable kept them alive beside
// the report and the laws' own structures (render of a report of a
// million based sets held the document's bytes, 1x of the 4x budget,
// to the end). *data is left as it was when the report has no schema
// (NoSchemaError), so that the caller can say what the file is.
func DecodeTaking(data *[]byte) (*diff.Report, error) { return decodeBytes(data, false) }

// decodeBytes is DecodeTaking; step says the report is a step of a log,
// held to CheckStepLaws (the log checks its --stack over all its steps).
func decodeBytes(p *[]byte, step bool) (*diff.Report, error) {
	data := *p
	schema, found, err := schemaOf(data)
	if err == nil && found && schema != report.Schema {
		// "schema" again after a value this cachediff does not read:
		// refused for the key, as with the values the other way round
		// (checkShape), and so for a newer feature first, as there.
		if err := schemaAgain(data); err != nil {
			if ferr := unknownFeature(featuresIn(data)); ferr != nil {
				return nil, ferr
			}
			if ferr := stepsFeature(data); ferr != nil && !step {
				// A log's step's, as DecodeLog names it with the
				// log's schema first.
				return nil, ferr
			}
			return nil, err
		}
	}
	switch {
	case err != nil:
		return nil, err
	case !found:
		return nil, &NoSchemaError{}
	case schema != report.Schema && step:
		return nil, fmt.Errorf(`schema %s is not one this cachediff reads: it reads %q`, quotedValue(schema), report.Schema)
	case schema != report.Schema:
		// Both that render reads: "it reads cachediff/v1" of a
		// cachediff/log/v2 document named the pair's alone, as if a log
		// were not read at all.
		return nil, fmt.Errorf(`schema %s is not one this cachediff reads: it reads %q (a report) and %q (a log)`, quotedValue(schema), report.Schema, LogSchema)
	}
	lens, err := causeLists(data)
	if err != nil {
		// A field of a newer cachediff's feature, of another shape:
		// the feature is the cause (unknownFeature).
		if ferr := unknownFeature(featuresIn(data)); ferr != nil {
			return nil, ferr
		}
		if !step && schemaAgain(data) != nil {
			// "schema" twice, a log's second: a step's feature is
			// named, as DecodeLog names it with the log's first.
			if ferr := stepsFeature(data); ferr != nil {
				return nil, ferr
			}
		}
		return nil, err
	}
	// A feature added within v1 that this cachediff does not know would
	// be misread (docs/json.md, versioning): the report is of a newer
	// one, and a value below that this one does not know follows from
	// it (a newer status or facet), so the feature is named first. Read
	// before the rest, a list of features is of known ones, each a
	// string of report.Features, where encoding/json made each its own.
	features := featuresIn(data)
	if err := unknownFeature(features); err != nil {
		return nil, err
	}
	if err := lens.check(); err != nil {
		return nil, err
	}
	lens.named = nil // garbage before the decode
	dec := decodedDoc{Document: report.Document{Report: new(diff.Report)}}
	// causesDec reads the causes' lists, at their lengths.
	dec.Causes.lens = lens
	// encoding/json fills a list in the room it has: these are made at
	// the lengths the walk counted, where it grew them a quarter at a
	// time, each copy beside the one before. An absent or empty list
	// stays nil, as encoding/json leaves it (a report without
	// highlights has them computed).
	presize(&dec.Report.Options.Packages, lens.packages)
	presize(&dec.Report.Options.Stacks, lens.stacks)
	// The list decoders (listsdec.go) unmarshal each nested object on
	// its own, which encoding/json checks again at each level: render of
	// a real week (60k specs, 68 MB) took 1.2 s with encoding/json and
	// 3.2 s with them. Where no list inside is longer than plainListMax,
	// encoding/json's growth costs little; the lists are read by it, the
	// top ones made at their lengths.
	plain := lens.nestedList <= plainListMax
	if plain {
		presize(&dec.Report.Packages, lens.listed)
		presize(&dec.Report.Highlights, lens.highlights)
	}
	dec.Packages = packagesInto{&dec.Report.Packages}
	dec.Highlights = highlightsInto{&dec.Report.Highlights}
	presize(&dec.Report.Warnings, lens.warnings)
	var err2 error
	if plain {
		pd := plainDoc{Document: dec.Document, Causes: dec.Causes}
		err2 = json.Unmarshal(data, &pd)
		dec.Document, dec.Causes = pd.Document, pd.Causes
	} else {
		err2 = json.Unmarshal(data, &dec)
	}
	if err2 != nil {
		return nil, jsonError(data, err2) // checkShape lets nothing through that fails here
	}
	doc := dec.Document
	doc.Features = features
	doc.Report.Causes = dec.Causes.c
	readOverrides(doc.Report.Causes)
	sortCounts(doc.Report)
	data, *p = nil, nil // the report holds no byte of the document
	// Fields added to cachediff/v1 later are absent from older reports;
	// lists are never null.
	for _, l := range []*[]string{&doc.Options.Packages, &doc.Options.Stacks, &doc.Options.Ignore} {
		if *l == nil {
			*l = []string{}
		}
	}
	for _, side := range []*diff.Side{&doc.Report.Old, &doc.Report.New} {
		if side.Skipped == nil {
			side.Skipped = []snapshot.Skipped{}
		}
	}
	if err := checkEnums(doc.Report); err != nil {
		return nil, err
	}
	// A report of cachediff before issue 35 writes each pair's causes out
	// whole: they are read into the table, paths and sets of today's.
	adopted, table := 0, 0
	if c := doc.Report.Causes; c != nil {
		adopted, table = len(c.Sets), len(c.Table)
	}
	if err := doc.Report.AdoptCauses(); err != nil {
		return nil, err
	}
	if c := doc.Report.Causes; c != nil {
		adopted -= len(c.Sets) // below 0 when the report wrote its causes out whole
	}
	shareChanges(doc.Report.Causes)
	if err := unreached(doc.Report); err != nil {
		return nil, err
	}
	// A report of cachediff before issue 34 has no highlights: they are
	// computed from its data.
	if doc.Report.Highlights == nil {
		doc.Report.Highlights = diff.News(doc.Report)
	}
	laws := doc.Report.CheckLaws
	if step {
		laws = doc.Report.CheckStepLaws
	}
	if err := laws(); err != nil {
		return nil, err
	}
	if lens.unnamed != nil && !ownCausesUnnamed(doc.Report, lens.unnamed) {
		return nil, lens.unnamed
	}
	// The causes' lists in the engine's order, each entry once: a report
	// whose causes were written out whole has them in the order read.
	if adopted == 0 {
		if err := diff.CheckCauseListOrder(doc.Report); err != nil {
			return nil, err
		}
	} else if c := doc.Report.Causes; table > 0 {
		// The table as read, before the causes adopted were appended:
		// the pairs' own changes (why.self) that it holds are in the
		// engine's order too.
		if err := diff.CheckCauseListOrder(&diff.Report{Causes: &diff.Causes{Table: c.Table[:table]}}); err != nil {
			return nil, err
		}
	}
	if err := checkFeatures(doc.Features, doc.Report); err != nil {
		return nil, err
	}
	// The highlights every format leads with are computed from the data
	// the laws checked, as a log's are from its steps: a saved list
	// edited to say the gate passed where it tripped, to name a package
	// the report lacks or a count no cause has is not trusted.
	doc.Report.Highlights = diff.News(doc.Report)
	return doc.Report, nil
}

// presize makes *l with room for n elements, when n is not 0.
func presize[T any](l *[]T, n int) {
	if n > 0 {
		*l = make([]T, 0, n)
	}
}

// ReadFile reads the file at path for cachediff render: it must be a
// regular file, and is read up to the size it has when opened, never
// further. A device (/dev/zero), a FIFO or a folder is refused with a
// clear error, where reading it to the end would never finish or would
// exhaust memory.
func ReadFile(path string) ([]byte, error) {
	f, size, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		if err == io.ErrUnexpectedEOF {
			err = errors.New("the file shrank while it was read")
		}
		return nil, fmt.Errorf("reading %s: %w", snapshot.ShownPath(path), err)
	}
	return data, nil
}

// OpenRegular opens path for reading, with its size, when it is a regular
// file; a device, a FIFO or a folder is refused, naming what it is (the
// files render and --template read). Its errors name the path as
// snapshot.ShownPath names a snapshot's: raw, the files "a\nb" of a
// newline and a\nb of a backslash both said "open a\nb: no such file or
// directory" once standard error wrote the newline \n; as
// report.VisibleInput writes it, a lookalike stayed as it is (render nа,
// its а Cyrillic, said "open na: …") and a path of 30 KB whole, past the
// line's cap.
func OpenRegular(path string) (*os.File, int64, error) {
	// Checked before it is opened too: opening a named pipe to read
	// waits for a writer, forever when there is none.
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s: not a regular file (%s)", snapshot.ShownPath(path), snapshot.FileKind(info.Mode()))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, shownPathError(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, shownPathError(err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%s: not a regular file (%s)", snapshot.ShownPath(path), snapshot.FileKind(info.Mode()))
	}
	return f, info.Size(), nil
}

// shownPathError is err, an *fs.PathError, with its path as
// snapshot.ShownPath names it (errors.Is still finds its cause); any
// other error as it is.
func shownPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: snapshot.ShownPath(pe.Path), Err: pe.Err}
	}
	return err
}

// gateName reports whether s has the shape of every gate kind and unit:
// lower-case letters and digits, in words joined by single hyphens.
func gateName(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// jsonError adds the line and column to a JSON error that has an offset.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return err
	}
	line, col := position(data, max(int(off)-1, 0)) // the offset is after the byte at fault
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}

// shortValue cuts a value from a report for a message, at 60
// characters (an invalid byte is one, kept as it is: a message quotes
// it as an escape, \xff, as diff's shortValue keeps it). Only the part
// kept is copied, as diff's shortValue does: the whole value as runes
// made a 50 MB schema peak render at 7x the report.
func shortValue(s string) string {
	return cutRunes(s, 60)
}

// shownValue is a name or version of the report as a message names it
// in a sentence: shortValue of it as it is when it is of letters,
// digits and .-_+@, else quoted in ASCII, the cut's "…" inside the
// quotes, so that it holds no newline or control character and a
// name of a colon or a space reads as one ("timeline: a: b: never
// present" read as the package a).
func shownValue(s string) string {
	plain := s != ""
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c == '_' || c == '-' || c == '.' || c == '+' || c == '@' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	if plain {
		kept, mark := cutRunesMarked(s, 60)
		return kept + mark
	}
	return quotedValue(s)
}

// quotedValue is a value of the report quoted for a message: cut as
// shortValue cuts it, and quoted in ASCII, the cut's mark inside the
// quotes. Quoted as Go writes it (%q), a lookalike stayed as it is: the
// variants "+сuda" (its с Cyrillic) and "+cuda" out of order read
// `"+сuda" comes after "+cuda"`, one name twice, and a schema
// "cachediff/v1" spelt so read as the one it reads.
func quotedValue(s string) string { return quotedCut(s, 60) }

// quotedCut is s cut to n characters as cutRunes cuts it, and quoted in
// ASCII, the cut's mark inside the quotes (quotedValue).
func quotedCut(s string, n int) string {
	kept, mark := cutRunesMarked(s, n)
	q := strconv.QuoteToASCII(kept)
	return q[:len(q)-1] + mark + `"`
}

// shownList is l's values, each as shownValue writes it, joined by
// commas.
func shownList(l []string) string {
	out := make([]string, len(l))
	for i, v := range l {
		out[i] = shownValue(v)
	}
	return strings.Join(out, ", ")
}

// cutRunes keeps the first n characters of s (an invalid byte is one,
// kept as it is), and "…" when it cuts.
func cutRunes(s string, n int) string {
	kept, mark := cutRunesMarked(s, n)
	return kept + mark
}

// cutRunesMarked is s whole where it is at most n characters, else its
// first n-8 and the mark (report.CutMark: "…" and 8 digits of its
// digest), n+1 characters in all: cut at its first n and "…", two
// values that differ only past the cut read alike in a message.
func cutRunesMarked(s string, n int) (kept, mark string) {
	k, end := 0, 0
	for i := range s {
		if k == n {
			return s[:end], report.CutMark(s)
		}
		if k == n-8 {
			end = i
		}
		k++
	}
	return s, ""
}

// shareChanges makes the causes of c's table that changed alike share
// one list of changes, as the engine's do: encoding/json gave each its
// own, 56 bytes and more a cause (a report of a million based sets, each
// adding a cause that changed as the others, held them beside the laws'
// structures).
func shareChanges(c *diff.Causes) {
	if c == nil {
		return
	}
	seen := map[string][]diff.Change{}
	var key []byte
	for i := range c.Table {
		cs := c.Table[i].Changes
		key = key[:0]
		for _, ch := range cs {
			// Each string after its length: joined by NULs, a cause
			// whose to is "1.0.9\x00variants\x00~x\x00+x" had the key
			// of one that changed its version and variants, and was
			// given that cause's changes.
			for _, s := range [...]string{ch.Kind, ch.From, ch.To} {
				key = append(binary.AppendUvarint(key, uint64(len(s))), s...)
			}
		}
		if l, ok := seen[string(key)]; ok {
			c.Table[i].Changes = l
			continue
		}
		seen[string(key)] = cs
	}
}

// versionRun is how many counts sortByVersion sorts at once with
// version.SortFunc, whose scratch (a parsed value 64 bytes, 12 a
// component) is made for the whole list it is given.
const versionRun = 1 << 12

// sortByVersion sorts vc by value under version.Compare, as
// version.SortFunc does, in runs of versionRun merged two by two, the
// shorter run of each pair copied out: scratch of at most half the list
// (32 bytes a count) and one run's parsed values, where SortFunc's of
// the whole list held a report of 1M compilers, re-written with sorted
// keys (jq -S), at 6.8x its JSON.
func sortByVersion(vc diff.ValueCounts) {
	key := func(v *diff.ValueCount) string { return v.Value }
	for i := 0; i < len(vc); i += versionRun {
		version.SortFunc(vc[i:min(i+versionRun, len(vc))], key)
	}
	if len(vc) <= versionRun {
		return
	}
	buf := make([]diff.ValueCount, 0, len(vc)/2)
	var c version.Comparer
	for w := versionRun; w < len(vc); w *= 2 {
		for lo := 0; lo+w < len(vc); lo += 2 * w {
			mergeRuns(vc[lo:min(lo+2*w, len(vc))], w, buf, &c)
		}
	}
}

// mergeRuns merges l[:mid] and l[mid:], each sorted under
// version.Compare, copying the shorter of the two to buf and comparing
// with c.
func mergeRuns(l diff.ValueCounts, mid int, buf []diff.ValueCount, c *version.Comparer) {
	if c.Compare(l[mid-1].Value, l[mid].Value) <= 0 {
		return
	}
	if mid <= len(l)-mid {
		a := append(buf[:0], l[:mid]...)
		i, j, k := 0, mid, 0
		for i < len(a) && j < len(l) {
			if c.Compare(l[j].Value, a[i].Value) < 0 {
				l[k] = l[j]
				j++
			} else {
				l[k] = a[i]
				i++
			}
			k++
		}
		copy(l[k:], a[i:])
		clear(a)
		return
	}
	b := append(buf[:0], l[mid:]...)
	i, j, k := mid-1, len(b)-1, len(l)-1
	for i >= 0 && j >= 0 {
		if c.Compare(b[j].Value, l[i].Value) < 0 {
			l[k] = l[i]
			i--
		} else {
			l[k] = b[j]
			j--
		}
		k--
	}
	copy(l[:j+1], b[:j+1])
	clear(b)
}

// sortCounts puts r's objects of counts keyed by value in the order
// cachediff writes their keys (docs/json.md): each facet's counts in
// version order, canonicalized in the order the rules apply, a rule this
// cachediff does not know (added within v1) after them, by its bytes.
// JSON objects are unordered: a report passed through a tool that sorts
// keys (jq -S, a map in Go or Python) is the report cachediff wrote, and
// read in its key order a compiler gone was refused as listed out of the
// counts' order, and a lockfile's stack table was printed in another.
func sortCounts(r *diff.Report) {
	f := &r.Facets
	for _, vc := range []diff.ValueCounts{f.Compiler.Counts, f.OS.Counts, f.Platform.Counts, f.Target.Counts, f.Stack.Counts} {
		// In order as cachediff writes them, they are not sorted:
		// SortFunc's scratch (a parsed value 64 bytes, 12 a component,
		// all at once) peaked render of a report of 1M compilers (32
		// MB) at 8.3x its JSON, 4.7x without it.
		if !slices.IsSortedFunc(vc, func(a, b diff.ValueCount) int { return version.Compare(a.Value, b.Value) }) {
			sortByVersion(vc)
		}
	}
	rules := snapshot.RuleNames()
	rank := func(v string) int {
		if i := slices.Index(rules, v); i >= 0 {
			return i
		}
		return len(rules)
	}
	slices.SortFunc(r.Canonicalized, func(a, b diff.ValueCount) int {
		return cmp.Or(cmp.Compare(rank(a.Value), rank(b.Value)), strings.Compare(a.Value, b.Value))
	})
}

// ownCausesUnnamed reports whether unnamed, the laws' refusal of causes
// that nothing names, is of the table alone, each cause of it no set
// names a pair's own change (its package and both its hashes) whose why
// has no self: what cachediff wrote from the table's start (ba4cb518)
// until why.self named it (6b92ee0e), so that every report of those
// builds whose pairs changed on their own (a lockfile's root updated,
// a spec whose target moved) was refused. A cause named so in a report
// of a later build is one its group counts (the laws above refuse the
// groups of a report whose self was taken away).
func ownCausesUnnamed(r *diff.Report, unnamed error) bool {
	var le *diff.LawError
	c := r.Causes
	if !errors.As(unnamed, &le) || !strings.HasPrefix(le.Path, "causes.table[") || c == nil {
		return false
	}
	named := make([]bool, len(c.Table))
	name := func(i int) {
		if i >= 0 && i < len(named) {
			named[i] = true
		}
	}
	for _, set := range c.Sets {
		for _, ref := range set {
			if ref.SetBase == nil {
				name(ref.Cause)
			}
			if ref.Over != nil {
				name(*ref.Over)
			}
		}
	}
	type own struct{ name, oldHash, newHash string }
	// selfless holds, per pair whose why has no self, the changes its
	// own change names: an updated pair's facet, a changed root's own.
	selfless := map[own][]diff.Change{}
	why := func(w *diff.Why, o own, changes ...diff.Change) {
		switch {
		case w == nil:
		case w.Self != nil:
			name(*w.Self)
		default:
			selfless[o] = append(selfless[o], changes...)
		}
	}
	for i := range r.Packages {
		sc := &r.Packages[i].Specs
		for j := range sc.Rebuilt {
			if p := &sc.Rebuilt[j]; p.Old != nil && p.New != nil {
				why(p.Why, own{r.Packages[i].Name, p.Old.Hash, p.New.Hash})
			}
		}
		for j := range sc.Updated {
			if p := &sc.Updated[j]; p.Old != nil && p.New != nil {
				why(p.Why, own{r.Packages[i].Name, p.Old.Hash, p.New.Hash}, diff.Change{Kind: p.Facet, From: p.From, To: p.To})
			}
		}
	}
	if c.Roots != nil {
		for i := range c.Roots.Changed {
			rc := &c.Roots.Changed[i]
			why(rc.Why, own{rc.New.Name, rc.Old.Hash, rc.New.Hash}, rc.Changes...)
		}
	}
	for i, t := range c.Table {
		if named[i] {
			continue
		}
		changes, ok := selfless[own{t.Name, t.OldHash, t.NewHash}]
		if !ok || len(t.Changes) == 0 {
			return false
		}
		for _, ch := range changes {
			if !slices.Contains(t.Changes, ch) {
				return false
			}
		}
	}
	return true
}
