package snapshot

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
	"github.com/cachediff/cachediff/internal/gzpool"
	"github.com/cachediff/cachediff/internal/lookalike"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// Options control Load.
type Options struct {
	// Raw turns canonicalization off: strings and lists are compared as
	// written.
	Raw bool
	// SkipInvalid loads the valid pages and lists each invalid one, with
	// its reason, in Snapshot.Skipped, instead of failing. A path that
	// does not exist, a tree of several tags, and a tree without a single
	// valid page are errors still.
	SkipInvalid bool
	// Tarballs keeps the tarball URL of each spec of a catalogue page
	// (Spec.Tarball). Off, a page's tarball is checked to be a string (or
	// null, which encoding/json takes for one) and dropped: no
	// comparison or report reads it, and at about 200 bytes a spec it
	// was over a quarter of a loaded snapshot's memory (a generated tree
	// of 60k specs: 19.6 MB live with tarballs, 14.3 MB without). What a
	// Decoder of another format sets is kept either way.
	Tarballs bool

	// Decoders are formats to read besides those registered (Register:
	// Spack's build-cache index, lockfiles and spec files, and package
	// pages when package catalog is linked in), tried after them; see
	// Decoder.
	Decoders []Decoder

	// Shared, when set, is loading state this Load takes over from the
	// Loads before it with the same Shared, and leaves for the next (see
	// Shared).
	Shared *Shared

	// Read, when not nil, is called with what each file read counts in
	// Snapshot.Bytes, once it is read and before it is decoded, from the
	// loading goroutines, possibly at once: a command that set its memory
	// limit expecting a snapshot of some size raises it as the snapshot
	// turns out larger, before its files' decoders allocate. A gzip'd
	// file is counted at what its trailer claims, and once decoded is
	// told again with the difference (n < 0 for one that did not decode).
	Read func(n int64)
	// ReadRaw, when not nil, is called as Read is, with also the file's
	// own length (less than n for gzip'd content; 0 with a difference
	// told once the file decoded): a command that knew
	// the files' sizes before they were read (a folder from git, by its
	// blobs' sizes) scales them by what they turn out to hold.
	ReadRaw func(raw, n int64)
}

// candidate is a file that is, or may be, in a decoder's format: one a
// decoder claims, or a Fallback takes (a package page).
type candidate struct {
	file     File
	decoders []Decoder // the decoders that claim it, in order
	// named is the first decoder that claims the file by its name
	// (index.json, spack.lock, *.spec.json), or nil: such a file is in
	// that decoder's format or bad, never ignored.
	named Decoder
	// must says the file must be in the format of its fallback (specs.md,
	// or a file named on the command line).
	must bool
	// byContent says no decoder claims the file, but its name says it
	// may be in a contentDecoder's format: it is read when one detects it.
	byContent bool
	// fallback is 1 + the index, among the Load's decoders, of the
	// Fallback that takes the file when no other decoder does
	// (Fallback.Candidate, or the file named on the command line), or 0
	// (none): an index, not the interface, keeps a candidate as small as
	// it was (a tree of 60k specs has some 3,000).
	fallback int32
}

// fallbackOf returns the Fallback of c among the Load's decoders, or nil.
func (c *candidate) fallbackOf(decoders []Decoder) Fallback {
	if c.fallback == 0 {
		return nil
	}
	return decoders[c.fallback-1].(Fallback)
}

// result is what loading one candidate gave.
type result struct {
	// kind is the file's kind of Spack file as its head says
	// (spackfmt.Sniff), spackfmt.Unknown for a page: what besideIndex
	// goes by, whatever the file's name.
	kind     spackfmt.Kind
	bytes    int64      // the file's size, as read
	pkgs     []*Package // the file's packages
	counts   RuleCounts
	warnings []Warning
	text     int64 // the length of the text decoded, when the decoder tells it (textDecoder)
	err      error
	unread   bool // left out with a warning, undecoded: it counts its length
}

// Load reads the snapshot at path: a directory tree of package pages or of
// Spack files (an index, lockfiles, spec files), or a single file, read
// by the decoder its name or content says, else as a page whatever its
// name (by the Fallback, package catalog's, where linked: without it a
// file no decoder detects is "not in a format a decoder detects"). Every
// bad file is reported in one *LoadError (or, with Options.SkipInvalid,
// listed in Snapshot.Skipped); a tree without pages or Spack files, or
// with pages of more than one tag, is an error. It is LoadFrom of
// Open(path).
func Load(path string, opt Options) (*Snapshot, error) {
	src, err := Open(path)
	if err != nil {
		return nil, err
	}
	return LoadFrom(src, opt)
}

// LoadFrom reads the snapshot of a Source, as Load does a path.
func LoadFrom(src Source, opt Options) (*Snapshot, error) {
	snap, err := loadFrom(src, opt)
	if le := (*LoadError)(nil); errors.As(err, &le) {
		_, le.Whole = src.(Whole)
	}
	return snap, err
}

func loadFrom(src Source, opt Options) (*Snapshot, error) {
	path := src.Path()
	decoders := append(registered[:len(registered):len(registered)], opt.Decoders...)
	cands, warnings, errs, results, single := walkAndLoad(src, opt, decoders)
	snap := &Snapshot{Path: path, Raw: opt.Raw, Canon: RuleCounts{}}
	pageWarnings := map[*Package][]Warning{}
	counts := map[*Package]RuleCounts{}
	var byContent leftByContent // files read by content, in no format
	for i, r := range results {
		snap.Bytes += r.bytes
		if nf := notInFormat(r.err); nf != nil {
			if !cands[i].must {
				if cands[i].byContent {
					byContent.add(cands[i].file.Name)
				}
				continue
			}
			r.err = nf.Err
		}
		switch {
		case r.err != nil:
			var e *Error
			if !errors.As(r.err, &e) {
				e = &Error{File: cands[i].file.Name, Msg: r.err.Error()}
			}
			errs = append(errs, withFileWarnings(e, warnings))
		case len(r.pkgs) > 0:
			snap.Packages = append(snap.Packages, r.pkgs...)
			// A file's warnings and counts go with its first package.
			pageWarnings[r.pkgs[0]], counts[r.pkgs[0]] = r.warnings, r.counts
		default: // a file left out with a word (tooBigByContent)
			warnings = append(warnings, r.warnings...)
		}
	}
	// The folders below a folder that fails to load that hold a snapshot
	// of their own: the one meant, likely (cachediff /tmp /tmp).
	_, whole := src.(Whole)
	conflicted := false // Spack files that disagree on a hash
	near := func() []string {
		if single || whole || conflicted {
			// Files of the folder that disagree on a hash: the folder
			// is the snapshot meant, its errors say which hash and
			// which two files. A folder below that loaded named first
			// ("did you mean x5/e2? it holds a snapshot of its own")
			// sent the reader to a part of it, one environment of
			// several.
			return nil
		}
		root := path
		if _, disk := src.(*dirSource); disk {
			// The walk names the files below filepath.Clean(path):
			// cachediff ./top or top/. named no folder below, as
			// top/-x matched no prefix ./top/ or top/./.
			root = filepath.Clean(path)
		}
		return nearSnapshots(root, cands, results, errs)
	}
	if two := indexNotAlone(path, cands, results); two != nil {
		// The wrong folder too: no file can be skipped to fix it.
		return nil, &LoadError{Path: path, Errs: sortErrors(append(errs, two)), Near: near()}
	}
	if mixed := snap.mixedFormats(); mixed != nil {
		// The wrong folder, as pages of several tags are (spack.go).
		return nil, &LoadError{Path: path, Errs: sortErrors(append(errs, mixed)), Near: near()}
	}
	odd, tagErr := snap.checkTags()
	if tagErr != nil {
		// Not a bad page but the wrong folder: no page can be skipped
		// to fix it.
		// Its message names a folder of one tag alone (checkTags), where
		// near would name one of several tags.
		return nil, &LoadError{Path: path, Errs: sortErrors(append(errs, tagErr))}
	}
	if bad := snap.spackConflicts(); bad != nil {
		conflicted = true
		// Spack files that contradict each other on a hash: bad files,
		// left out whole (with SkipInvalid, listed), before they merge.
		kept := snap.Packages[:0]
		for _, p := range snap.Packages {
			if !p.merge() || bad[p.File()] == nil {
				kept = append(kept, p)
			}
		}
		clear(snap.Packages[len(kept):])
		snap.Packages = kept
		for _, e := range bad {
			errs = append(errs, e)
		}
	}
	snap.noteLockfileVersions()
	snap.noteSpackFiles()
	snap.mergeSpackFiles(pageWarnings, counts)
	bad := snap.checkPages(odd)
	for _, e := range bad {
		errs = append(errs, e)
	}
	if len(errs) > 0 && !opt.SkipInvalid {
		le := &LoadError{Path: path, Errs: sortErrors(errs), Near: near()}
		// A Spack file that failed beside others of its kind that
		// loaded (a folder of environments, one lockfile bad): "did
		// you mean new/rhel? it holds a snapshot of its own" sent the
		// reader to one environment of several, where the folder is
		// likely the snapshot meant.
		le.NearPart = le.Near != nil && sameKindFailed(cands, results)
		return nil, le
	}
	// What is left is valid; its warnings and counts are the snapshot's.
	snap.Warnings = warnings
	kept := snap.Packages[:0]
	for _, p := range snap.Packages {
		if bad[p] == nil {
			kept = append(kept, p)
			snap.Warnings = append(snap.Warnings, pageWarnings[p]...)
			if c := counts[p]; c != nil {
				snap.Canon.add(c)
			}
		}
	}
	snap.Packages = kept
	for _, e := range sortErrors(errs) {
		snap.Skipped = append(snap.Skipped, Skipped{File: e.File, Line: e.Line, Column: e.Col, Reason: e.Msg})
		// The report holds each skipped file's name and reason: input a
		// command budgets memory by, though the file was not read (a
		// folder of 40,000 junk files under _cache/<tag> kept the
		// collector running back to back).
		snap.Bytes += int64(len(e.File)+len(e.Msg)) + skippedOverhead
	}
	if len(snap.Packages) == 0 {
		return nil, noPages(path, !single, errs, warnings, byContent)
	}
	slices.SortFunc(snap.Warnings, CompareWarnings)
	snap.Warnings = collapseNotASCII(snap.Warnings)
	return snap, nil
}

// sameKindFailed reports whether a Spack file of results (of cands)
// failed to load where another of its kind loaded. A file that failed
// before its content said its kind (a spack.lock empty, not JSON, cut
// short before its "_meta") is of the kind Spack's name for it says:
// sniffed alone, it was of none, and a folder of environments, one
// lockfile empty, was told "did you mean new/rhel or new/suse?".
func sameKindFailed(cands []candidate, results []result) bool {
	var failed, loaded [spackfmt.SpecFile + 1]bool
	for i, r := range results {
		k := r.kind
		if k == spackfmt.Unknown && r.err != nil {
			k = spackNameKind(cands[i].file.Base)
		}
		if k <= spackfmt.Unknown || int(k) >= len(failed) || notInFormat(r.err) != nil {
			continue
		}
		if r.err != nil {
			failed[k] = true
		} else if len(r.pkgs) > 0 {
			loaded[k] = true
		}
	}
	for k := range failed {
		if failed[k] && loaded[k] {
			return true
		}
	}
	return false
}

// spackNameKind is the kind of Spack file Spack gives base as its name
// (spack.lock, index.json, *.spec.json), or spackfmt.Unknown.
func spackNameKind(base string) spackfmt.Kind {
	switch {
	case base == "spack.lock":
		return spackfmt.Lockfile
	case base == "index.json":
		return spackfmt.Index
	case IsSpecFile(base):
		return spackfmt.SpecFile
	}
	return spackfmt.Unknown
}

// collapseNotASCII returns ws (sorted) with the warnings of each Same
// (a value not ASCII) given once, at its first page, saying how many
// more pages hold it. A page warns of each distinct value it holds, and
// a catalogue whose every page lists one such stack warned once a page
// on each side, where design.md promises a warning for each distinct
// value. Warnings are known by their Same, not their text: another
// warning may quote a value that holds that text, and two long values
// alike in their start are quoted alike.
func collapseNotASCII(ws []Warning) []Warning {
	first := map[string]int{} // a Same's index in out
	more := map[int]int{}     // the pages more that hold it, by index in out
	out := ws[:0]
	for _, w := range ws {
		if w.Same != "" {
			if i, ok := first[w.Same]; ok {
				if out[i].File != w.File {
					more[i]++
				}
				continue
			}
			first[w.Same] = len(out)
		}
		out = append(out, w)
	}
	for i, n := range more {
		out[i].Message += "; " + Plural(n, "more page holds", "more pages hold") + " it too"
	}
	return out
}

// withFileWarnings returns e, an error of decoding a file, telling too
// the warnings of the snapshot's source that name that file (of the
// whole file, no line): a load that fails prints its errors alone, and a
// mirror's index.json cut short in its download (a body without its
// length, which the connection's end closes) was refused as JSON that
// ends in a string, at a column, without the warning that explained it
// (its sha256 is not the one index.json.hash gives).
func withFileWarnings(e *Error, warnings []Warning) *Error {
	for _, w := range warnings {
		if w.Line == 0 && w.File == e.File && !e.bare {
			c := *e
			c.Msg += " (and a warning of this file: " + w.Message + ")"
			e = &c
		}
	}
	return e
}

// noPages is the error for a snapshot without a single valid page; of a
// folder with no bad file, it gives one of its warnings, which may say
// why the file that is the snapshot was left out: the first of a file
// named as Spack's may be (maybeByContent), else of an empty folder, else
// the first.
//
// Files whose names say they may be Spack's (maybeByContent), read and
// recognised as none, are told by count, the first by name: a folder of
// other JSON was told that Spack's files are recognised by content in
// *.json files, and not that its own were read and were not.
func noPages(path string, dir bool, skipped []*Error, warnings []Warning, byContent leftByContent) error {
	if !dir && len(skipped) > 0 {
		return &LoadError{Path: path, Errs: sortErrors(skipped)} // the page itself
	}
	if !dir { // a LoadError of no error would say "0 bad pages:" and nothing
		return &Error{File: path, Msg: "no package in this file"}
	}
	under := path
	if !strings.HasSuffix(under, string(filepath.Separator)) {
		under += string(filepath.Separator)
	}
	if len(skipped) == 0 {
		msg := "is this a _cache/<tag> folder? (a page is a specs.md file, or a .md file with layout: cache; Spack's own files, a build-cache index, a lockfile or spec files, are recognised by content in *.json, *.json.gz, *.json.sig and *.lock files)"
		if part, ok := MirrorPartOf(filepath.ToSlash(path)); ok {
			// A folder inside a v3 mirror (its v3/, v3/manifests/index/)
			// was asked whether it is a tag folder, the mirror unnamed.
			msg = part.Hint(part.DiskRoot(filepath.ToSlash(path)))
		}
		if byContent.n > 0 {
			files := loadingPath(byContent.first, false) + " was"
			if byContent.n > 1 {
				files = loadingPath(byContent.first, false) + " and " + Plural(byContent.n-1, "more file", "more files") + " were"
			}
			msg += "; " + files + " read by content and recognised as no Spack file (named index.json, spack.lock or *.spec.json, a file is read as one, and told what is wrong with it)"
		}
		if len(warnings) > 0 {
			// What was left out may be the snapshot: an index named
			// idx.json over 64 MB, or a broken link to one, said only
			// that no *.json held a Spack file, its warning unshown.
			// The likeliest cause goes first: a file named as Spack's
			// may be, then an empty folder (a submodule not checked
			// out), then the rest, each by name (a broken link named
			// README, or an empty folder a, hid zidx.json over 64 MB).
			rank := func(w Warning) int {
				switch {
				case maybeByContent(w.File):
					return 0
				case w.Message == dirsrc.EmptyFolderMsg:
					return 1
				}
				return 2
			}
			w := slices.MinFunc(warnings, func(a, b Warning) int {
				return cmp.Or(cmp.Compare(rank(a), rank(b)), CompareWarnings(a, b))
			})
			said := w.Message
			if part, ok := MirrorPartOf(filepath.ToSlash(w.File)); ok && said == dirsrc.EmptyFolderMsg {
				// Not a submodule's: a folder inside a v3 mirror
				// (v3/manifests/index/) holds a mirror's files, not
				// pages, and one empty in a folder of no repository
				// was told that `git submodule update --init` fetches
				// its pages.
				said = "an empty folder, named as a layout-v3 Spack mirror's " + part.What + " folder: nothing read from it"
			}
			msg += "; a warning: " + loadingPath(w.File, false) + ": " + said
			if len(warnings) > 1 {
				msg += fmt.Sprintf(" (and %d more)", len(warnings)-1)
			}
		}
		// Each path as "loading PATH" names it (loadingPath): a folder
		// "e: is this" said "no package pages found under e: is this/: is
		// this a _cache/<tag> folder?", and a warning's file "a: b" read
		// as the file a, its message "b: …"; and cut to MaxPathShown, as
		// a folder of 4 KB, quoted in ASCII, was cut off by the command's
		// line cap before the message said what was wrong.
		folder := loadingPath(under, false)
		return &Error{File: path, bare: true, Msg: noPagesLead + folder + ": " + msg, folder: folder, rest: msg}
	}
	what := "package page"
	for _, e := range skipped {
		if maybeByContent(e.File) {
			// A folder of lockfiles that disagree on a hash, say:
			// no page was there to be left. Named as Spack's files
			// are (a Spack file in a folder is one of those names),
			// not merely other than a page: a symbolic link to a
			// folder or a submodule under REV:PATH is neither.
			what = "package page or Spack file"
			break
		}
	}
	// The folder as "loading PATH" names it (shownPath): raw, a folder
	// "n<newline>l" put its newline in the note, which the command
	// shows as \n unquoted, the folder of a backslash and an n.
	return &LoadError{Path: path, Errs: sortErrors(skipped), Note: "no valid " + what + " left under " + loadingPath(under, false)}
}

// leftByContent counts the files a Load read by content (a candidate's
// byContent) and left out, in no decoder's format, and keeps the name of
// the first in the candidates' order.
type leftByContent struct {
	n     int
	first string
}

func (l *leftByContent) add(name string) {
	if l.n == 0 {
		l.first = name
	}
	l.n++
}

// classify decides whether a file of a source is a candidate: a file a
// Fallback takes (a page: specs.md, any *.md), the file named on the
// command line, a file a decoder claims, or one whose name says it may be
// in a decoder's format (maybeByContent), which is left alone when no
// decoder detects it. A candidate that is not a regular file is an error
// when it must be in a Fallback's format, and a warning otherwise (none
// for one that only may be): what is left out is said.
func classify(f File, decoders []Decoder) (c candidate, ok bool, warn *Warning, err *Error) {
	must := f.Root
	var claims []Decoder
	var named Decoder
	var fallback int32
	for i, d := range decoders {
		if fd, ok := d.(Fallback); ok {
			// A Fallback claims nothing: it has what the others leave.
			if fallback == 0 {
				if may, mustBe := fd.Candidate(f.Base); may || mustBe || f.Root {
					fallback, must = int32(i+1), must || mustBe
				}
			}
			continue
		}
		byName := d.Claims(f.Base) && !keyIndex(f)
		if inner, gz := strings.CutSuffix(f.Base, ".gz"); gz && f.Root && !byName {
			// Named alone, gzip'd under the name of a decoder's file
			// (index.json.gz, spack.lock.gz): that decoder says what is
			// wrong with it, where the page decoder told a package page
			// is Markdown text.
			byName = d.Claims(inner)
		}
		if byName && named == nil {
			named = d
		}
		if f.Root || byName {
			claims = append(claims, d)
		}
	}
	md := fallback != 0 // a page's *.md
	byContent := false
	if !must && !md && len(claims) == 0 && maybeByContent(f.Base) {
		// Named otherwise (index.v7.json), a Spack file is recognised by
		// content: the decoders that can tell (contentDecoder) are asked,
		// and a file none detects is left alone.
		for _, d := range decoders {
			if _, ok := d.(contentDecoder); ok {
				claims, byContent = append(claims, d), true
			}
		}
		if byContent && f.Size > maxByContent && f.Mode.Type() == 0 {
			w := tooBigByContent(f)
			return c, false, &w, nil
		}
	}
	if !must && !md && len(claims) == 0 {
		return c, false, nil, nil
	}
	if typ := f.Mode.Type(); typ != 0 {
		switch {
		case must:
			return c, false, nil, &Error{File: f.Name, Msg: dirsrc.NotRegularError{Mode: typ}.Error() + ": a package page is a regular file"}
		case typ.IsDir(), byContent:
			return c, false, nil, nil // a folder named like a page: its pages are read
		case named != nil:
			// A file named as a decoder's (index.json, spack.lock,
			// *.spec.json) is in its format or bad, never left out: a
			// FIFO or a device by that name would drop its specs with a
			// warning that -q does not show, and the gate would pass.
			return c, false, nil, &Error{File: f.Name, Msg: dirsrc.NotRegularError{Mode: typ}.Error() + ": a Spack file (" + f.Base + ") is a regular file"}
		}
		return c, false, &Warning{File: f.Name, Message: dirsrc.NotRegularError{Mode: typ}.Error() + ": not read"}, nil
	}
	return candidate{file: f, must: must, decoders: claims, named: named, byContent: byContent, fallback: fallback}, true, nil, nil
}

// keyIndex reports whether f is a build cache's _pgp/index.json, Spack's
// index of the keys that sign it ({"keys": {...}}), which every signed
// layout-v2 mirror holds beside its spec files: claimed by its name as a
// build-cache index, it failed such a mirror's build_cache/ folder (exit
// 2) and warned at its root, where the mirror's URL read it. Read by
// content instead, it is left alone, and a build-cache index under that
// name is still read.
func keyIndex(f File) bool {
	return f.Base == "index.json" && path.Base(path.Dir(filepath.ToSlash(f.Name))) == "_pgp"
}

// contentDecoder is a Decoder that can tell its format by content alone,
// surely enough to read a file of any name found in a folder (Detect may
// say yes to less, for a file its name or the command line names).
type contentDecoder interface {
	detectByContent(head []byte) bool
}

// maxByContent is the largest file read to be recognised by content
// alone (maybeByContent): read whole to be sniffed, a big JSON file of
// another kind (a data set in the folder named) would cost its size.
const maxByContent = 64 << 20

// tooBigByContent is the warning for a file over maxByContent.
func tooBigByContent(f File) Warning {
	return Warning{File: f.Name, Message: fmt.Sprintf("not read: over %d MB, and not named as a Spack file is (index.json, spack.lock, *.spec.json): name it so, or on the command line, to read it", maxByContent>>20)}
}

// maybeByContent reports whether a file of this base name, claimed by no
// decoder, may still be in another format than pages, to be recognised
// by content (contentDecoder): Spack's JSON files and lockfiles under
// other names than Spack gives them.
func maybeByContent(base string) bool {
	base = strings.ToLower(base) // index.JSON too: dropped without a word, it hid an index
	for _, ext := range []string{".json", ".json.gz", ".json.sig", ".lock"} {
		if strings.HasSuffix(base, ext) {
			return true
		}
	}
	return false
}

// walkAndLoad walks the source and loads the candidates it finds:
// GOMAXPROCS goroutines load them while the walk is still finding more,
// so that reading directories overlaps with decoding. The results are in
// the candidates' order, whatever the scheduling. single says the source
// was one file named on the command line.
func walkAndLoad(src Source, opt Options, decoders []Decoder) (cands []candidate, warnings []Warning, errs []*Error, results []result, single bool) {
	type job struct {
		i int
		c candidate
	}
	// The walk runs ahead of the loading goroutines by up to this many
	// files, which keeps them fed: a job is over 100 bytes, and 1,024 of
	// them were most of what a Load of a tiny snapshot allocated (a log
	// of many small snapshots allocates this once per snapshot).
	jobs := make(chan job, 64)
	rule := newPublishRule(src)
	var mu sync.Mutex
	var wg sync.WaitGroup
	// The states left by the Load before share their list texts while the
	// walk starts listing folders (serial before this overlapped them);
	// the loading waits for it.
	shared := make(chan struct{})
	go func() {
		defer close(shared)
		opt.Shared.shareLists()
	}()
	// The states go back to Shared once the Load is done, judged by what
	// all of them read (put): by what each read, a goroutine that the
	// scheduler gave few files forgot tables the others share.
	var states []*loadState
	defer func() {
		read := 0
		for _, st := range states {
			read += st.read
		}
		for _, st := range states {
			opt.Shared.put(st, read)
		}
	}()
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			<-shared
			st := opt.Shared.get()
			mu.Lock()
			states = append(states, st)
			mu.Unlock()
			for j := range jobs {
				r := loadOne(src, j.c, decoders, opt, st, rule)
				mu.Lock()
				for len(results) <= j.i {
					results = append(results, result{})
				}
				results[j.i] = r
				mu.Unlock()
			}
		})
	}
	var walked interface{ Walked() } // closes what the walk opened (dirsrc.Handle)
	var yamlSpecs []File             // spec files in YAML (specYAML)
	var listed []File                // named beside an index, not read (ListedBeside)
	var hashes []File                // index.json.hash files (indexHashAlone)
	walkWarnings, walkErrs := src.Walk(func(f File) {
		single = single || f.Root
		if f.Base == "index.json.hash" && !f.Root {
			// Of a folder: one given alone has no folder read beside
			// it, and was said to be without the index.json there.
			hashes = append(hashes, f)
		}
		if _, ok := f.Handle.(ListedBeside); ok {
			listed = append(listed, f)
			return
		}
		if w, ok := f.Handle.(interface{ Walked() }); ok && walked == nil {
			walked = w
		}
		c, ok, warn, err := classify(f, decoders)
		if why := rule.atTagPlace(f); why != "" {
			errs = append(errs, &Error{File: f.Name, Msg: why})
			return
		}
		switch {
		case err != nil:
			errs = append(errs, err)
		case warn != nil:
			warnings = append(warnings, *warn)
		case !ok && specYAML(f):
			yamlSpecs = append(yamlSpecs, f)
		case !ok:
			why := rule.beside(f)
			if why == "" {
				why = rule.dotFolder(f)
			}
			if why != "" {
				errs = append(errs, &Error{File: f.Name, Msg: why})
			}
		case ok:
			cands = append(cands, c)
			jobs <- job{len(cands) - 1, c}
		}
	})
	close(jobs)
	wg.Wait()
	if walked != nil {
		walked.Walked()
	}
	for len(results) < len(cands) { // not reached: every job gives a result
		results = append(results, result{})
	}
	warnings = append(warnings, besideIndex(cands, results, listed)...)
	warnings = append(warnings, indexHashAlone(hashes, cands)...)
	errs = append(errs, yamlSpecErrors(yamlSpecs, results)...)
	return cands, append(walkWarnings, warnings...), append(walkErrs, errs...), results, single
}

// indexHashAlone warns of each index.json.hash (a layout-v2 mirror's
// index's checksum) without an index.json beside it: a mirror whose
// index was removed, or is being pushed, which Spack finds no spec in,
// was "no package pages found under DIR: is this a _cache/<tag>
// folder?", or its spec files read as a folder of them without a word.
func indexHashAlone(hashes []File, cands []candidate) []Warning {
	if len(hashes) == 0 {
		return nil
	}
	names := make(map[string]bool, len(cands)) // linear in a folder of many .hash files
	for _, c := range cands {
		names[c.file.Name] = true
	}
	const why = "the index was removed, or is being pushed, and Spack finds no spec in the mirror until it is there (`spack buildcache update-index`)"
	// The first mostUnindexed are named, one warning more counts the
	// rest: a tree of many mirrors' folders (or a log over their
	// revisions) had a warning for each.
	var warns []Warning
	var alone capped
	for _, h := range hashes {
		if names[strings.TrimSuffix(h.Name, ".hash")] {
			continue
		}
		alone.add(&warns, Warning{File: h.Name, Message: "the checksum of a layout-v2 mirror's index.json, which is not beside it: " + why})
	}
	if more := alone.more(); more > 0 {
		what := "more checksums of layout-v2 mirrors' index.json, each without its index.json beside it"
		if more == 1 {
			what = "more checksum of a layout-v2 mirror's index.json without its index.json beside it"
		}
		warns = append(warns, Warning{File: alone.first, Message: fmt.Sprintf("%d %s, the first of them this one (of %d in all): %s", more, what, alone.n, why)})
	}
	return warns
}

// BesideIndex is a File.Handle of a spec file that a source yields
// beside a build cache's index only to be judged against it (a
// layout-v2 mirror's build_cache/): one the index lacks is warned of
// (besideIndex), and one that does not decode is a warning too, not an
// error, as the same mirror at a URL, which cannot list it, does not see
// it at all.
type BesideIndex interface {
	BesideIndex()
}

// ListedBeside is a File.Handle of a file that a source names beside a
// build cache's index without reading it: a layout-v3 mirror's spec
// manifest, whose name gives its spec's hash. The loader reads none of
// them; besideIndex warns of each whose spec the index lacks, or has out
// of the build cache, as of a spec file beside the index: a v3 mirror
// whose index was not updated after a push left the new specs' manifests
// out without a word, where a v2 mirror's spec files were warned of.
type ListedBeside interface {
	// ListedSpec is the spec the file is of: its package's name, its
	// version ("" when the name gives none) and its hash.
	ListedSpec() (name, version, hash string)
}

// besideIndex leaves out the spec files of a snapshot that holds a
// build cache's index, wherever they are in it and whatever their names:
// Spack reads a build cache's index alone, and a spec that the index lost
// is gone to it even when its spec file stays (a stale index); read as
// the union of both, such a loss passed every gate. Spack files are known
// by their content (a result's kind), an index too, gzip'd or not, and
// one that does not decode (its error, or its skip, stands) still leaves
// them out. A spec file whose spec (its root: a spec file of a folder
// lists no other, spack.go) no index has, or has out of the build cache
// (in_buildcache false), gets a warning that names it; one that did not
// decode keeps its error. (Its dependencies are the index's to have in
// the build cache or not: Spack's index of the folder has them out of
// it unless a spec file of their own is there.)
//
// The files listed (ListedBeside) are judged by the hash they name, when
// the index loaded (one that did not has its error).
func besideIndex(cands []candidate, results []result, listed []File) []Warning {
	var indexes []int
	failed := false
	for i := range cands {
		if _, beside := cands[i].file.Handle.(BesideIndex); beside {
			continue // judged against the index, not one (below)
		}
		if results[i].kind == spackfmt.Index {
			indexes = append(indexes, i)
			failed = failed || results[i].err != nil
		}
	}
	if len(indexes) == 0 {
		return nil
	}
	// The indexes' hashes, made on first need: true for a spec in the
	// build cache, false for a record out of it (in_buildcache false),
	// which Spack does not install from the cache either.
	var in map[string]bool
	index := func() map[string]bool {
		if in == nil {
			in = map[string]bool{}
			for _, k := range indexes {
				for _, p := range results[k].pkgs {
					for _, u := range p.Unlisted() {
						if _, ok := in[u.Hash]; !ok {
							in[u.Hash] = false
						}
					}
					for _, sp := range p.Specs {
						in[sp.Hash] = true
					}
				}
			}
		}
		return in
	}
	var warns []Warning
	// Of the files the index lacks, the first mostUnindexed are named,
	// and the rest counted in one warning more: a stale index of
	// thousands of specs gave a warning each (8,912 lines of the text
	// report of an index of 200 specs beside 3,168 spec manifests).
	// So are those beside a mirror's index that did not read or decode
	// (a partial clone lacking the blobs of thousands of them).
	var unindexed, unread, unloaded capped
	lacking := func(w Warning) { unindexed.add(&warns, w) }
	notRead := func(w Warning) { unread.add(&warns, w) }
	// Of the spec files beside an index that did not load, the same:
	// each was "the index lacks" its spec and counted as of a stale
	// index, whose mending (update-index) is not this one's.
	notLoaded := func(w Warning) { unloaded.add(&warns, w) }
	for _, f := range listed {
		if failed {
			break
		}
		name, version, hash := f.Handle.(ListedBeside).ListedSpec()
		label := quotedName(name) // input: the spec file's
		if version != "" {
			label += "@" + quotedName(version)
		}
		switch listed, ok := index()[hash]; {
		case !ok:
			lacking(Warning{File: f.Name, Message: fmt.Sprintf("not read: the build cache's index lacks %s, and Spack reads the index alone", label)})
		case !listed:
			lacking(Warning{File: f.Name, Message: fmt.Sprintf("not read: the build cache's index has %s out of the build cache (in_buildcache false), and Spack reads the index alone", label)})
		}
	}
	for i, c := range cands {
		if _, ok := c.file.Handle.(BesideIndex); ok && c.byContent && notInFormat(results[i].err) != nil {
			// Read by content (build_cache/foo.json) and no Spack file:
			// left alone, as the build_cache/ folder leaves it.
			continue
		}
		if _, ok := c.file.Handle.(BesideIndex); ok && results[i].err != nil {
			// A mirror's spec file, which a URL of the same mirror
			// does not list: a warning, not an error that only the
			// mirror's folder would have.
			msg := results[i].err.Error()
			if e, ok := results[i].err.(*Error); ok {
				msg = e.Msg
			}
			notRead(Warning{File: c.file.Name, Message: "not read: " + msg + "; it is beside the build cache's index, which Spack reads alone"})
			results[i] = result{bytes: results[i].bytes}
			continue
		}
		if _, ok := c.file.Handle.(BesideIndex); ok && results[i].kind != spackfmt.SpecFile {
			// An index or a lockfile under a spec file's name, which
			// the same mirror at a URL does not see either: refused as
			// a second index or a lockfile beside it (indexNotAlone),
			// the mirror's root was exit 2 and its URL exit 0.
			warns = append(warns, Warning{File: c.file.Name, Message: fmt.Sprintf("not read: a %s, not a spec file; it is beside the build cache's index, which Spack reads alone", results[i].kind)})
			results[i] = result{bytes: results[i].bytes}
			continue
		}
		if results[i].kind != spackfmt.SpecFile || results[i].err != nil {
			continue
		}
		read := results[i].bytes
		in := index()
		var lacks, outs []string
		for _, p := range results[i].pkgs {
			for _, sp := range p.Specs {
				switch listed, ok := in[sp.Hash]; {
				case !ok:
					lacks = append(lacks, specLabel(p.Name, &sp))
				case !listed:
					outs = append(outs, specLabel(p.Name, &sp))
				}
			}
		}
		some := func(l []string) string {
			slices.Sort(l)
			if len(l) > 1 {
				return fmt.Sprintf("%s and %d more", l[0], len(l)-1)
			}
			return l[0]
		}
		var why []string
		if len(lacks) > 0 {
			why = append(why, "the build cache's index lacks "+some(lacks))
		}
		if len(outs) > 0 {
			why = append(why, "the build cache's index has "+some(outs)+" out of the build cache (in_buildcache false)")
		}
		switch {
		case failed:
			// Not judged against an index that did not load (its
			// error, or its skip, stands): "the index lacks" it would
			// misname the cause.
			notLoaded(Warning{File: c.file.Name, Message: "not read: a spec file beside a build cache's index, which did not load; Spack reads the index alone"})
		case len(why) > 0:
			lacking(Warning{File: c.file.Name, Message: fmt.Sprintf("not read: %s, and Spack reads the index alone", strings.Join(why, "; "))})
		}
		results[i] = result{kind: spackfmt.SpecFile, bytes: read}
	}
	if more := unread.more(); more > 0 {
		warns = append(warns, Warning{File: unread.first, Message: fmt.Sprintf("not read: %s beside the build cache's index that did not read or decode, the first of them this one (of %d in all); Spack reads the index alone", plural(more, "more file"), unread.n)})
	}
	if more := unloaded.more(); more > 0 {
		warns = append(warns, Warning{File: unloaded.first, Message: fmt.Sprintf("not read: %s beside a build cache's index, which did not load, the first of them this one (of %d in all); Spack reads the index alone", plural(more, "more spec file"), unloaded.n)})
	}
	if more := unindexed.more(); more > 0 {
		warns = append(warns, Warning{File: unindexed.first, Message: fmt.Sprintf("not read: %s whose specs the build cache's index lacks, or has out of the build cache, the first of them this one (of %d in all, a stale index: run `spack buildcache update-index`); Spack reads the index alone", plural(more, "more spec file"), unindexed.n)})
	}
	return warns
}

// capped names the first mostUnindexed warnings of one kind and counts
// the rest: n in all, the first past those named being first's.
type capped struct {
	n     int
	first string
}

// add files w: in warns while fewer than mostUnindexed are named, else
// counted.
func (c *capped) add(warns *[]Warning, w Warning) {
	c.n++
	switch {
	case c.n <= mostUnindexed:
		*warns = append(*warns, w)
	case c.first == "":
		c.first = w.File
	}
}

// more is how many were counted, not named.
func (c *capped) more() int { return c.n - mostUnindexed }

// mostUnindexed is how many spec files besideIndex names that the
// index lacks (or has out of the build cache), the rest counted.
const mostUnindexed = 20

// specYAML reports whether f, in a folder, is a spec file in YAML
// (*.spec.yaml), as a build cache of Spack before 0.18 holds them, and
// a long-lived one beside its *.spec.json: Spack's index of the folder
// counts its spec, which cachediff cannot read.
func specYAML(f File) bool {
	base := strings.ToLower(f.Base)
	return f.Mode.Type() == 0 && (strings.HasSuffix(base, ".spec.yaml") || strings.HasSuffix(base, ".spec.yml"))
}

// yamlSpecErrors refuses the spec files in YAML of a folder (specYAML):
// left out without a word, their specs were in no snapshot, and a change
// to them went unreported (a folder of them only said that it held no
// page). Beside a build cache's index, which Spack reads alone, they are
// left out as the other spec files there are.
func yamlSpecErrors(files []File, results []result) []*Error {
	if len(files) == 0 {
		return nil
	}
	for _, r := range results {
		if r.kind == spackfmt.Index {
			return nil
		}
	}
	errs := make([]*Error, len(files))
	for i, f := range files {
		errs[i] = &Error{File: f.Name, Line: 1, Msg: "not read: " + spackFileHint(strings.ToLower(f.Base))}
	}
	return errs
}

// indexNotAlone is the error for a snapshot that holds a build-cache index
// (by content, whatever its name, decoded or not) and another index or a
// lockfile; nil for any other. A build cache has one index, which Spack
// reads alone, and a lockfile is no part of it; read as their union, a
// stale copy (bak/index.json, index.json.gz beside index.json) or a
// spack.lock kept what the index lost, and a gate passed. Which one is
// meant cannot be told, as of pages of two tags. (Spec files beside an
// index are left out: besideIndex.)
func indexNotAlone(path string, cands []candidate, results []result) *Error {
	var indexes, locks []string
	n, nLocks := 0, 0
	for i := range cands {
		if notInFormat(results[i].err) != nil && !cands[i].must {
			continue // not a Spack file after all (a package.json's "roots"), left alone as LoadFrom leaves it
		}
		switch results[i].kind {
		case spackfmt.Index:
			if n++; len(indexes) < namedOthers+1 {
				indexes = append(indexes, cands[i].file.Name)
			}
		case spackfmt.Lockfile:
			if nLocks++; len(locks) < namedOthers+1 {
				locks = append(locks, cands[i].file.Name)
			}
		}
	}
	switch {
	case n >= 2:
		return &Error{File: path, Msg: fmt.Sprintf("this folder holds %d build-cache indexes: %s; a build cache has one, which Spack reads alone, and their union would keep what one of them lost: name the folder of one build cache, or the index itself",
			n, listSome(listedPathsCut(indexes, maxListedShown), n))}
	case n == 1 && nLocks > 0:
		// The index's folder, when it is not the one refused (a mirror's
		// build_cache/), is a snapshot of the index alone.
		// The index and its folder are named as a list names a path
		// (listedPath), between commas as the lockfiles are: shown raw,
		// the index "m/q, r.json" read as m/q and r.json, "a
		// build-cache index, m/q, r.json, and 1 lockfile".
		// Each cut (listedPathCut): of a long folder, the line cap cut
		// what to do.
		give := "name the index, " + listedPathCut(indexes[0], MaxPathShown/2) + ","
		// (A repository's top, REV:, names its files REV:NAME.)
		dir := filepath.Dir(indexes[0])
		name, top := strings.CutPrefix(indexes[0], path)
		if dir != filepath.Clean(path) && !(top && strings.HasSuffix(path, ":") && !strings.Contains(name, "/")) {
			give = "name the index or its folder, " + listedPathCut(dir, MaxPathShown/2) + ","
		}
		return &Error{File: path, Msg: fmt.Sprintf("this folder holds a build-cache index, %s, and %s: %s; Spack reads a build cache's index alone, and a lockfile is no part of it (their union would keep what the index lost): %s or the lockfile",
			listedPathCut(indexes[0], MaxPathShown/2), plural(nLocks, "lockfile"), listSome(listedPathsCut(locks, maxListedShown), nLocks), give)}
	}
	return nil
}

// spackKind is the kind of Spack file data's head says it is (as the
// decoder detects it), for a candidate the Spack decoder may read;
// spackfmt.Unknown for any other. A file that Spack's name for it
// (c.named) has decoded whatever its head says is sniffed whole when its
// head says nothing (a first key or white space longer than the head),
// gzip'd too (its content inflated whole): an index that does not decode
// leaves spec files out, its head notwithstanding. A file named
// index.json whose content says nothing (empty, or cut short before its
// first key, `{"databa`: no JSON at all), or that is a mirror's index
// (the file a mirror's root yields, c.file.Root), is an index by its
// name: with --skip-invalid it was skipped as a file of no kind, and the
// spec files beside it (a mirror's build_cache/) were read as the
// snapshot, which Spack never reads, where the same index cut a
// kilobyte later, or at the mirror's URL, failed. (An index.json of
// other JSON in a folder is no Spack file, and the spec files elsewhere
// in it are read.)
func spackKind(c candidate, data []byte) spackfmt.Kind {
	for _, d := range c.decoders {
		if _, ok := d.(spackDecoder); ok {
			head := headOf(data)
			k := spackfmt.Sniff(head)
			if _, named := c.named.(spackDecoder); k == spackfmt.Unknown && named {
				k = spackfmt.SniffWhole(data)
				if k == spackfmt.Unknown && c.file.Base == "index.json" && (c.file.Root || !json.Valid(data)) {
					k = spackfmt.Index
				}
			}
			return k
		}
	}
	return spackfmt.Unknown
}

// spackPastHead is the message for a file named on the command line
// that no decoder detected by its head, but whose whole content is a
// Spack file's (its key past the head: a long first key): refused, as
// it is in a folder, but told as what it is, plain or gzip'd alike
// (plain, it was "not a Spack build-cache index"; gzip'd, "a package
// page is Markdown text: gunzip it"). Only a file named alone is
// sniffed so, and as far as its size (at least a megabyte) of its
// content, its whole when plain: a gzip'd file inflated whole for a
// message took what it inflates to, up to a gigabyte, for a file of
// 20 MB that is no Spack file. A file on disk is to be renamed;
// standard input or a git blob (REV:PATH), which cannot be, to be saved
// under Spack's name.
func spackPastHead(src Source, c candidate, data []byte) string {
	if !c.file.Root || !slices.ContainsFunc(c.decoders, func(d Decoder) bool { _, ok := d.(spackDecoder); return ok }) {
		return ""
	}
	k := spackfmt.SniffUpTo(data, max(int64(len(data)), 1<<20))
	if k == spackfmt.Unknown {
		return ""
	}
	names := map[spackfmt.Kind]string{spackfmt.Index: "index.json", spackfmt.Lockfile: "spack.lock", spackfmt.SpecFile: "NAME.spec.json"}
	give := "name it " + names[k] + ", as Spack does,"
	if renderName(src, c.file) != c.file.Name {
		give = "save it as " + names[k] + ", as Spack names it, and name that file,"
	}
	return fmt.Sprintf("a Spack %s by its content, whose key that says so comes past the first %d bytes (of its content), by which Spack's files under other names are detected: %s or put that key first", k, detectSize, give)
}

// headOf is the head of data that decoders detect it by: its first
// detectSize bytes, and all of it when it is gzip'd. A gzip'd file's
// content is what is detected (spackfmt.Sniff inflates the head, the
// first detectSize bytes of its content), and no count of its bytes reaches that
// content surely: a header of an extra field or a file name longer than
// detectSize, which Spack's reader reads, in the first member or in a
// later one after a first of a few bytes, left none of it in the head:
// the file was left out of a folder, or told to be a gzip'd page.
func headOf(data []byte) []byte {
	if gzpool.HeaderLen(data) > 0 {
		return data
	}
	return data[:min(len(data), detectSize)]
}

// gzipUnread reports whether data starts as gzip does and its stream
// inflates no byte of content: a header that does not read, or an error
// before the first byte (an empty stream reads).
func gzipUnread(data []byte) bool {
	if !isGzip(data) {
		return false
	}
	r, err := gzpool.Reader(data)
	if err != nil {
		return true
	}
	defer gzpool.Put(r)
	var b [1]byte
	_, err = io.ReadFull(r, b[:])
	return err != nil && err != io.EOF
}

// gzipEmpty reports whether data is a whole gzip stream that inflates
// to nothing.
func gzipEmpty(data []byte) bool {
	if !isGzip(data) {
		return false
	}
	r, err := gzpool.Reader(data)
	if err != nil {
		return false
	}
	defer gzpool.Put(r)
	var b [1]byte
	_, err = io.ReadFull(r, b[:])
	return err == io.EOF
}

// gzipCutInHead reports whether data starts as gzip does and its stream
// is cut short (it ends before its end) within the head a decoder
// detects by (detectSize bytes of content): a file whose kind its
// content cannot tell. A stream that is corrupt otherwise is not.
func gzipCutInHead(data []byte) bool {
	if !isGzip(data) {
		return false
	}
	r, err := gzpool.Reader(data)
	if err == nil {
		defer gzpool.Put(r)
		var b [detectSize]byte
		for n := 0; n < len(b) && err == nil; {
			var k int
			k, err = r.Read(b[n:])
			n += k
		}
	}
	return errors.Is(err, io.ErrUnexpectedEOF)
}

// decodedKind is the kind of Spack file r was decoded as (Origin.kind),
// which is what Spack reads it as; sniffed, what its content says, for
// one that did not decode. The two differ where the head is misleading:
// a lockfile's "_meta" first, or a key past the head, before an index's
// "database" (Spack reads an index whatever else it holds).
func decodedKind(r result, sniffed spackfmt.Kind) spackfmt.Kind {
	if r.err == nil && len(r.pkgs) > 0 && r.pkgs[0].Origin != nil && r.pkgs[0].Origin.kind != spackfmt.Unknown {
		return r.pkgs[0].Origin.kind
	}
	return sniffed
}

// loadOne reads a candidate and decodes it: by the first decoder that
// claims it and detects its content; else, when its name says its format
// (Decoder.Claims), by the decoder of that name, whose error then says
// what is wrong with it; else by the Fallback that takes it (a package
// page).
func loadOne(src Source, c candidate, decoders []Decoder, opt Options, st *loadState, rule publishRule) result {
	r := loadFile(src, c, decoders, opt, st, rule)
	if why := rule.besideRead(c, r); why != "" {
		return result{bytes: r.bytes, err: &Error{File: c.file.Name, Msg: why}}
	}
	return r
}

// loadFile reads and decodes the candidate c (loadOne).
func loadFile(src Source, c candidate, decoders []Decoder, opt Options, st *loadState, rule publishRule) (r result) {
	if c.byContent && c.file.Size < 0 {
		// A folder's walk does not know sizes; classify checked the others.
		if _, disk := src.(*dirSource); disk {
			if fi, err := os.Stat(c.file.Name); err == nil && fi.Size() > maxByContent {
				return result{warnings: []Warning{tooBigByContent(c.file)}}
			}
		}
	}
	data, err := src.Read(c.file, st.buf)
	if c.byContent && errors.Is(err, ErrOverByContent) {
		return result{warnings: []Warning{tooBigByContent(c.file)}}
	}
	if err != nil {
		return result{err: &Error{File: c.file.Name, Msg: statMessage(err), Unread: true}}
	}
	if c.byContent && c.file.Size < 0 && len(data) > maxByContent {
		// Nor from a source that tells the size only by reading (a tree
		// at a git revision): REV:PATH read and counted the specs of a
		// file its checkout leaves out.
		return result{warnings: []Warning{tooBigByContent(c.file)}}
	}
	st.read += len(data)
	// What the file counts is told before it decodes, from its gzip
	// trailer's claim, and settled once it has: a claim is no content
	// until the stream inflates to it (settledBytes).
	raw, told, decoded := int64(len(data)), inputBytes(data), decodedBytes(data)
	if opt.Read != nil {
		opt.Read(told)
	}
	if opt.ReadRaw != nil {
		opt.ReadRaw(raw, told)
	}
	// Not data: the decoders let go of it (issue 35 item 19).
	defer func() { r.bytes = settledBytes(r, told, decoded, raw, opt) }()
	if cap(data) > cap(st.buf) {
		st.buf = data[:0]
	}
	if kind := spackKind(c, data); kind != spackfmt.Unknown || c.named != nil {
		defer func() { r.kind = decodedKind(r, kind) }()
	}
	file := c.file.Name
	decode := func(d Decoder) result {
		if cap(st.buf) > maxKeptRead {
			// The read buffer (data's, now) is let go: a Spack file's
			// packages and specs outweigh its bytes, and are built while
			// its decoded nodes are alive; the bytes alive then too were
			// a fifth of an index's peak (issue 35 item 19).
			st.buf = nil
		}
		pkgs, counts, warnings, text, err := decodeOther(d, file, data, opt, st, c.file.Root)
		return result{pkgs: pkgs, counts: counts, warnings: warnings, text: text, err: err}
	}
	for _, d := range c.decoders {
		head := headOf(data)
		if cd, ok := d.(contentDecoder); ok && c.byContent && cd.detectByContent(head) || !c.byContent && d.Detect(head) {
			return decode(d)
		}
	}
	// A file named as a Spack file (x.spec.json, spack.lock) that no
	// decoder detects is a broken one: an error, or with --skip-invalid a
	// listed skip, never left out silently (docs/design.md, "Bad
	// input"). A page named on the command line (the Fallback detects
	// it) is read as a page whatever its name, and a saved report is
	// told as such.
	fallback := c.fallbackOf(decoders)
	if c.byContent && (spackfmt.CutGzip(data) || gzipCutInHead(data)) {
		// Found in a folder by its name (index.json.gz) and gzip'd in a
		// stream cut short within the head that tells a Spack file: it
		// was left out without a word, while the same file cut past
		// its head was refused as an index cut short.
		return result{warnings: []Warning{{File: file, Message: cutGzipByContent}}, unread: true}
	}
	// A signed file cut within its first line ("---", the start of
	// -----BEGIN PGP SIGNED MESSAGE-----) is no page, whatever the page
	// decoder detects: it was told its front matter is never closed.
	if inflated := gzipEmpty(data); c.file.Root && (len(data) == 0 || inflated) {
		if msg := emptySpackFile(c.file.Name, c.file.Base, inflated); msg != "" {
			return result{err: &Error{File: file, Msg: msg}}
		}
	}
	if c.named != nil && !(c.file.Root && fallback != nil && fallback.Detect(headOf(data)) && !spackfmt.CutSigned(c.file.Base, data)) {
		if startsLikeJSON(data) && cachediffSchema(data) != "" {
			return result{err: &Error{File: file, Line: 1, Msg: notSnapshotJSON(data, renderName(src, c.file))}}
		}
		if _, ok := c.named.(spackDecoder); ok && looksLikeManifest(data) {
			return result{err: &Error{File: file, Line: 1, Msg: manifestHint("spack: at its top")}}
		}
		return decode(c.named)
	}
	if c.file.Root && (gzipUnread(data) || spackfmt.CutGzip(data) && maybeByContent(c.file.Base)) {
		// A file named alone, gzip'd in a stream that inflates nothing:
		// its gzip is what is wrong, which the Spack decoder says (the
		// page decoder said to gunzip it, which fails as well). So is
		// one of a Spack file's names (index.json.gz) cut to gzip's
		// first byte, which the page decoder told it has no front matter.
		for _, d := range c.decoders {
			if _, ok := d.(spackDecoder); ok {
				return decode(d)
			}
		}
	}
	if c.file.Root && spackfmt.SignedStart(c.file.Base, data) {
		// A clear-signed file cut short whose name says nothing (standard
		// input's, or one without a dot): the page decoder told "---" its
		// front matter is never closed, and the rest it has none.
		for _, d := range c.decoders {
			if _, ok := d.(spackDecoder); ok {
				return decode(d)
			}
		}
	}
	if fallback == nil {
		return result{err: &NotInFormat{&Error{File: file, Msg: "not in a format a decoder detects"}}}
	}
	return loadFallback(src, c, fallback, data, opt, st, rule)
}

// loadFallback decodes a candidate that no other decoder took with the
// Fallback that takes it (a package page): the loader's last step for a
// file that must be in its format (specs.md, or named on the command
// line) or may be (*.md). A *NotInFormat leaves the file out unless it
// must be in the format; a file that starts like JSON is not (its first
// line is no page's '---'), and its error says what it is. A page that
// Jekyll does not publish by its path (rule) is bad input: read, its
// package would be in the snapshot while the site has none.
func loadFallback(src Source, c candidate, fallback Fallback, data []byte, opt Options, st *loadState, rule publishRule) result {
	file := c.file.Name
	if msg := spackPastHead(src, c, data); msg != "" {
		return result{err: &NotInFormat{&Error{File: file, Line: 1, Msg: msg}}}
	}
	if startsLikeJSON(data) {
		if hint := manifestFileHint(c.file.Name, c.file.Base); hint != "" && cachediffSchema(data) == "" {
			return result{err: &NotInFormat{&Error{File: file, Line: 1, Msg: hint}}}
		}
		return result{err: &NotInFormat{&Error{File: file, Line: 1, Msg: notSnapshotJSON(data, renderName(src, c.file))}}}
	}
	if hint := spackFileHint(c.file.Base); hint != "" && !startsLikePage(data) {
		return result{err: &NotInFormat{&Error{File: file, Line: 1, Msg: hint}}}
	}
	if looksLikeManifest(data) {
		return result{err: &NotInFormat{&Error{File: file, Line: 1, Msg: manifestHint("spack: at its top")}}}
	}
	if !c.must && isGzip(data) {
		// gzip'd, so no page (a page is text, which the site reads as
		// it is), and left out without a word: the page decoder would
		// read its stream, up to 64 times its size, to say what is
		// wrong with its gzip, which only a file that must be a page
		// shows (a folder of gzip'd README.md files cost 64 times its
		// size to tell nothing).
		return result{err: &NotInFormat{&Error{File: file, Line: 1, Msg: "the file is gzip'd: a package page is Markdown text, which the site reads as it is"}}}
	}
	pkgs, counts, warnings, _, err := decodeOther(fallback, file, data, opt, st, c.file.Root)
	if err == nil && len(pkgs) > 0 {
		if why, atTag := rule.leftOut(c.file, pkgs[0].Name, pkgs[0].Tag()); why != "" {
			e := &Error{File: file, Msg: why}
			if atTag {
				e.Line = pkgs[0].TagLine()
			}
			return result{err: e}
		}
	}
	return result{pkgs: pkgs, counts: counts, warnings: warnings, err: err}
}

// skippedOverhead is what a Skipped holds besides its strings' bytes
// (its headers and numbers), counted in Snapshot.Bytes.
const skippedOverhead = int64(unsafe.Sizeof(Skipped{}))

// maxKeptRead is the largest read buffer a loading state keeps for the
// next read once a decoder of another format than pages (a Spack file)
// has the file: decoders copy what they keep, so a bigger file's bytes
// are let go before its specs are built, not held through the load's
// peak. A folder of spec files or pages reuses its buffer still.
const maxKeptRead = 1 << 20

// checkTags requires the pages to be of one tag, and sets the snapshot's.
// When more than half of the pages are of one tag and no folder holds
// another tag's pages alone, the pages of other tags are odd pages (a
// typo in categories, or none): each is a bad page, returned in odd,
// which --skip-invalid can leave out. Otherwise pages of several tags
// are the wrong folder: an error about the snapshot as a whole.
func (s *Snapshot) checkTags() (odd map[*Package]*Error, err *Error) {
	tags := map[string]int{}
	for _, p := range s.Packages {
		tags[p.Tag()]++
	}
	if len(tags) <= 1 {
		for t := range tags {
			s.Tag = t
		}
		return nil, nil
	}
	names := slices.Sorted(maps.Keys(tags))
	dir := s.tagFolder(names)
	if major := majorityTag(tags, len(s.Packages)); dir == "" && major != nil {
		s.Tag = *major
		odd = map[*Package]*Error{}
		for _, p := range s.Packages {
			if p.Tag() == s.Tag {
				continue
			}
			// Quoted in ASCII when not ASCII (quoteName): a page of
			// tag "dеvelop", its e Cyrillic, read "has tag "dеvelop",
			// but 2 other pages ... are of tag "develop"", two names
			// that look the same.
			here := "tag " + quoteName(p.Tag())
			if p.Tag() == "" {
				here = "no tag (categories: [package, <tag>])"
			}
			rest := "of tag " + quoteName(s.Tag)
			if s.Tag == "" {
				rest = "without a tag"
			}
			odd[p] = &Error{File: p.File(), Line: p.TagLine(), Msg: fmt.Sprintf("this page has %s, but %s of this snapshot are %s: a snapshot holds one tag",
				here, plural(tags[s.Tag], "other page"), rest)}
		}
		return odd, nil
	}
	var list []string
	for _, t := range names[:min(len(names), maxTagsListed)] {
		label := t
		switch {
		case t == "":
			label = "(no tag)"
		case strings.ContainsFunc(t, notTagWord):
			// A lookalike of another tag listed ("develop" and
			// "dеvelop", its e Cyrillic) shows as other than it,
			// quoted in ASCII (quoteName); a tag of other words
			// is quoted too: "a, b (9 pages)" listed as it is read
			// "a, b (9 pages) (1 page)", two tags, and "(no tag)"
			// as the pages of none.
			label = quoteName(t)
		}
		list = append(list, fmt.Sprintf("%s (%s)", label, plural(tags[t], "page")))
	}
	msg := fmt.Sprintf("pages of %d tags found: %s; a snapshot holds one tag", len(tags), listSome(list, len(names)))
	if dir != "" {
		if filepath.Clean(s.Path) == "." { // on disk: a REV:PATH's path holds its colon
			dir = dotName(dir)
		}
		msg += ": name one tag's folder, for example " + hintWord(dir, "folder") // to paste back, as one word
	} else {
		msg += ", and no folder holds the pages of one tag alone: put each tag's pages in a folder of their own (_cache/<tag>/)"
	}
	return nil, &Error{File: s.Path, Msg: msg}
}

// maxTagsListed is how many tags the error about a tree of several tags
// names, in the order of their names; it counts the rest.
const maxTagsListed = 10

// majorityTag returns the tag of more than half of n pages, or nil.
func majorityTag(tags map[string]int, n int) *string {
	for t, c := range tags {
		if 2*c > n {
			return &t
		}
	}
	return nil
}

// checkPages enforces what holds across pages: one page per package, each
// hash under one package. It sorts the packages by name and returns the
// error of each page that breaks a rule. No page of a conflict is
// preferred to another: every page of a package that has several, and
// every page that lists a hash another page lists too, is bad.
func (s *Snapshot) checkPages(bad map[*Package]*Error) map[*Package]*Error {
	slices.SortFunc(s.Packages, func(a, b *Package) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.File(), b.File()))
	})
	if bad == nil {
		bad = map[*Package]*Error{}
	}
	for i := 0; i < len(s.Packages); {
		j := i + 1
		for j < len(s.Packages) && s.Packages[j].Name == s.Packages[i].Name {
			j++
		}
		if j-i > 1 {
			// Each page names a few of the others, not all: with N pages
			// of one package, N messages naming N-1 pages each would be
			// quadratic.
			group := s.Packages[i:j]
			for k, p := range group {
				var others []string
				for m, q := range group {
					if m != k {
						others = append(others, listedPath(q.File()))
					}
					if len(others) == namedOthers {
						break
					}
				}
				n := "another page"
				if len(group) > 2 {
					n = plural(len(group)-1, "other page")
				}
				bad[p] = &Error{File: p.File(), Msg: fmt.Sprintf("package %s has %s too: %s; a package has one page",
					quotedName(p.Name), n, listSome(others, len(group)-1))}
			}
		}
		i = j
	}
	// owners[h] lists the pages of a hash listed more than once; first
	// has every such hash's first page. A hash on two pages is rare: only
	// the hashes whose first eight bytes another hash has (sharedHeads)
	// go through the maps, not a map entry per hash of the snapshot (two
	// 60k-spec trees: 7 MB).
	shared := s.sharedHeads()
	first := map[string]*Package{}
	owners := map[string][]*Package{}
	for _, p := range s.Packages {
		if len(shared) == 0 {
			break
		}
		for _, sp := range p.Specs {
			if !shared[hashHead(sp.Hash)] {
				continue
			}
			q, dup := first[sp.Hash]
			if !dup {
				first[sp.Hash] = p
				continue
			}
			if owners[sp.Hash] == nil {
				owners[sp.Hash] = []*Package{q}
			}
			owners[sp.Hash] = append(owners[sp.Hash], p)
		}
	}
	for _, p := range s.Packages {
		if len(owners) == 0 {
			break // no hash on two pages
		}
		if bad[p] != nil {
			continue
		}
		var shared []string // hashes p shares with other packages' pages
		for _, sp := range p.Specs {
			for _, q := range owners[sp.Hash] {
				if q != p && q.Name != p.Name {
					shared = append(shared, sp.Hash)
					break
				}
			}
		}
		if len(shared) == 0 {
			continue
		}
		h := shared[0] // specs are sorted by hash
		var others []string
		for _, q := range owners[h] {
			if len(others) == namedOthers {
				break
			}
			if q != p {
				// A page titled "bс", its c Cyrillic, beside bc's with
				// bc's hashes, read "listed under another package too:
				// bс (…)": quoted in ASCII (lookalike.Pair).
				others = append(others, fmt.Sprintf("%s (%s)", lookalike.Pair(q.Name, p.Name), listedPath(q.File())))
			}
		}
		msg := fmt.Sprintf("hash %s is listed under another package too: %s", h, listSome(others, len(owners[h])-1))
		if len(shared) > 1 {
			msg += fmt.Sprintf("; and %s with other packages", plural(len(shared)-1, "more hash", "more hashes"))
		}
		bad[p] = &Error{File: p.File(), Line: p.Line, Msg: msg}
	}
	return bad
}

// sharedHeads returns the first eight bytes (hashHead) that more than one
// hash of s has, in a set of its own: an open-addressing table of the
// heads, twice as many slots as hashes, finds them.
func (s *Snapshot) sharedHeads() map[uint64]bool {
	shared := map[uint64]bool{}
	n := s.Specs()
	bits := 1
	for 1<<bits < 2*n {
		bits++
	}
	table := make([]uint64, 1<<bits) // 0: empty (a head of 0 is kept in zero)
	fresh.Touch(table)               // written before it is probed (docs/performance.md, "Fresh memory")
	mask := uint64(len(table) - 1)
	zero := false
	for _, p := range s.Packages {
		for _, sp := range p.Specs {
			h := hashHead(sp.Hash)
			if h == 0 {
				if zero {
					shared[0] = true
				}
				zero = true
				continue
			}
			for i := (h * 0x9e3779b97f4a7c15) >> (64 - bits); ; i = (i + 1) & mask {
				if table[i] == 0 {
					table[i] = h
					break
				}
				if table[i] == h {
					shared[h] = true
					break
				}
			}
		}
	}
	return shared
}

// namedOthers is how many of the other pages of a conflict a message
// names; it counts the rest.
const namedOthers = 3

// notASCII reports whether r is outside ASCII.
func notASCII(r rune) bool { return r >= utf8.RuneSelf }

// notTagWord reports whether r is other than the letters, digits and
// ".-_+@" that a release or a date (v0.23.1, develop-2025-03-23) is
// written with: a tag holding one is quoted where tags are listed.
func notTagWord(r rune) bool {
	return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune(".-_+@", r))
}

// quotedName is a package's name, or a version, of the input as a
// message puts it: as it is when it is of letters, digits and .-_+@
// (notTagWord), else quoted (quoteName, in ASCII when it is not ASCII),
// so that it holds no newline or control character, a name of a comma
// or a space reads as one in a list, and a lookalike as other than the
// name it looks like.
func quotedName(s string) string {
	if s == "" || strings.ContainsFunc(s, notTagWord) {
		return quoteName(s)
	}
	return s
}

// listSome lists names, the first of total, and counts the rest: "a, b,
// c and 7 more".
func listSome(names []string, total int) string {
	s := strings.Join(names, ", ")
	if total > len(names) {
		s += fmt.Sprintf(" and %d more", total-len(names))
	}
	return s
}

// tagFolder returns a folder under the snapshot's root that holds every
// page of one of tags and no page of another, preferring a tag to no tag,
// or "" when there is none (the tags' pages are mixed in the same
// folders). A page <pkg>/specs.md counts as being in the folder above its
// package's, since the catalogue's layout is <tag>/<pkg>/specs.md. It
// takes two passes over the pages, whatever the number of tags: one finds
// each tag's folder, the other which of those folders hold a page of
// another tag (a page's folders, up to the root).
func (s *Snapshot) tagFolder(tags []string) string {
	home := func(p *Package) string {
		dir := filepath.Dir(p.File())
		if filepath.Base(p.File()) == "specs.md" {
			dir = filepath.Dir(dir)
		}
		return dir
	}
	steps := int64(0)
	defer func() { tagSteps.Add(steps) }()
	folder := make(map[string]string, len(tags)) // tag → the folder that holds its pages
	for _, p := range s.Packages {
		steps++
		if dir, ok := folder[p.Tag()]; ok {
			folder[p.Tag()] = commonDir(dir, home(p))
		} else {
			folder[p.Tag()] = home(p)
		}
	}
	root := filepath.Clean(s.Path)
	under := root + string(filepath.Separator)
	switch {
	case root == ".":
		under = "" // the files' names are relative: _cache/develop/…
	case strings.HasSuffix(root, ":"):
		// REV: is a tree's root, its files HEAD:t1/…: HEAD:/ matched
		// none, and cachediff HEAD: HEAD: said "no folder holds the
		// pages of one tag alone" of t1/ and t2/, one tag each.
		under = root
	}
	// owner is the tag whose folder each candidate folder is; shared
	// says several tags have it.
	type owner struct {
		tag    string
		shared bool
	}
	owners := map[string]owner{}
	for t, dir := range folder {
		if dir == "" || dir == root || !strings.HasPrefix(dir, under) {
			delete(folder, t)
			continue
		}
		o, ok := owners[dir]
		owners[dir] = owner{t, ok && (o.shared || o.tag != t)}
	}
	mixed := map[string]bool{}
	for _, p := range s.Packages {
		for dir := filepath.Dir(p.File()); dir != root && strings.HasPrefix(dir, under); {
			steps++
			if o, ok := owners[dir]; ok && (o.shared || o.tag != p.Tag()) {
				mixed[o.tag] = true
			}
			up := filepath.Dir(dir)
			if up == dir {
				break
			}
			dir = up
		}
	}
	for _, t := range append(slices.DeleteFunc(slices.Clone(tags), func(t string) bool { return t == "" }), "") {
		if dir, ok := folder[t]; ok && !mixed[t] && !owners[dir].shared {
			return dir
		}
	}
	return ""
}

// tagSteps counts the steps tagFolder takes, for a test that they grow
// linearly with the pages.
var tagSteps atomic.Int64

// commonDir returns the longest folder that holds both folders a and b.
func commonDir(a, b string) string {
	for a != b {
		if len(a) > len(b) {
			a = filepath.Dir(a)
		} else {
			b = filepath.Dir(b)
		}
		if a == "." || b == "." || a == string(filepath.Separator) {
			break
		}
	}
	if a != b {
		return ""
	}
	return a
}

func sortErrors(errs []*Error) []*Error {
	slices.SortFunc(errs, func(a, b *Error) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), strings.Compare(a.Msg, b.Msg))
	})
	return errs
}

// CompareWarnings orders warnings as a snapshot and a report keep them:
// by file, line and message.
func CompareWarnings(a, b Warning) int {
	return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), strings.Compare(a.Message, b.Message))
}

// inputBytes is what a file of data counts in Snapshot.Bytes, the input
// a command budgets its memory from: its length, or for a gzip stream
// (a Spack file may be gzip'd) the size of its content, which decoders
// read and which is 10 to 25 times the file's for Spack's JSON, as the
// stream's trailer gives it (ISIZE: the last member's size, modulo
// 2³²), believed up to spackfmt.MaxRatio times the file's length (what
// Spack's JSON could hold; spackfmt inflates up to 64 MB whatever the
// length), at most MaxInflated and at least the file's length. Believed
// up to 64 MB, an 18-byte stream claiming 4 GB counted 64 MB, still
// counted once it failed to decode and was skipped: 40 of them beside a
// tree of 28 MB made the memory limit bound nothing (6.4x the input).
//
// A claim of zero (a stream padded with zero bytes, or ending with an
// empty member: Spack reads both) says nothing, and counts as the most
// the file is believed to hold.
//
// It is what the file is told to count before it decodes (Options.Read);
// settledBytes counts it otherwise once it has.
func inputBytes(data []byte) int64 {
	n := int64(len(data))
	isize, ok := gzipClaim(data)
	if !ok {
		return n
	}
	if isize == 0 {
		isize = spackfmt.MaxInflated
	}
	return max(n, min(isize, spackfmt.MaxRatio*n, spackfmt.MaxInflated))
}

// gzipClaim returns the size a gzip stream's trailer gives its content
// (ISIZE: the last member's size, modulo 2³²), and whether data is a
// gzip stream (its magic, and room for a header and a trailer).
func gzipClaim(data []byte) (int64, bool) {
	n := len(data)
	if n < 18 || !isGzip(data) { // a gzip header and trailer take 18 bytes
		return 0, false
	}
	return int64(binary.LittleEndian.Uint32(data[n-4:])), true
}

// decodedBytes is what a gzip'd file of data counts once it has decoded,
// when its decoder does not tell the length of its text (textDecoder):
// its trailer's size, which the stream's end checked (the last member's:
// a stream of several counts less than it holds), up to MaxInflated; the
// file's length for any other.
func decodedBytes(data []byte) int64 {
	n := int64(len(data))
	isize, ok := gzipClaim(data)
	if !ok {
		return n
	}
	return max(n, min(isize, spackfmt.MaxInflated))
}

// settledBytes is what a file counts in Snapshot.Bytes once read with
// the result r: what its content decoded to (decoded), or when it did
// not decode (an error, or a file not in any decoder's format) its
// length, raw. Options.Read and ReadRaw were told inputBytes (told)
// before it decoded, and are told the difference. Counted at its
// trailer's claim whatever became of it, a file of random bytes behind
// gzip's magic counted 64 times its length: ten of 1 MB beside a page
// made 671 MB of input of 10 MB, and a real index.json.gz of 150 KB that
// holds 38 MB of JSON counted 9.6 MB. A decoder that tells the length
// of the text it decoded (textDecoder) is believed over the trailer: a
// stream of several members, or padded with zero bytes (as Spack's
// reader takes it), gives less than its content, or nothing.
func settledBytes(r result, told, decoded, raw int64, opt Options) int64 {
	n := raw
	if r.err == nil && !r.unread {
		n = decoded
		if r.text > 0 {
			n = max(raw, r.text)
		}
	}
	if d := n - told; d != 0 {
		if opt.Read != nil {
			opt.Read(d)
		}
		if opt.ReadRaw != nil {
			opt.ReadRaw(0, d)
		}
	}
	return n
}

// isGzip reports whether data starts with gzip's magic.
func isGzip(data []byte) bool { return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b }

// cutGzipByContent is the warning of a file recognised by content
// (maybeByContent) whose gzip stream is cut short within its head
// (detectSize bytes): whether it is a Spack file is unknown.
var cutGzipByContent = "not read: a gzip stream that is cut short within the first " + strconv.Itoa(detectSize) + " bytes of its content (the file is incomplete), so whether it is a Spack file is unknown: fetch it again"
