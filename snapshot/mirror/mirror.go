// Package mirror reads a Spack build-cache mirror as a snapshot: the root
// of a mirror, as `spack mirror add` takes it, in a folder, in a git tree
// or at an HTTP(S) URL, of layout v2 (build_cache/index.json) or layout
// v3 (Spack 1.x).
//
// A layout-v3 mirror keeps its index as a blob named by its checksum: the
// index manifest (v3/manifests/index/index.manifest.json, or
// v3/manifests/index/<view>/index.manifest.json for a view) lists it with
// its length, media type (application/vnd.spack.db.vN+json) and sha256,
// and the blob is at blobs/sha256/<first two digits>/<checksum>. The
// package verifies the length and the checksum before it decodes
// anything, and gunzips a blob that is compressed. A v3 mirror without an
// index manifest (Spack can push without updating the index) is read from
// its spec manifests, one per spec in the mirror, each naming a gzip'd
// spec file whose DAG starts with that spec: the specs are the manifests'
// roots, and the other nodes only give edges, which is the set the index
// would hold.
//
// The package owns the mirror layouts, the manifests, blob verification
// and fetching (Store: Dir, HTTP); it turns a mirror into a
// snapshot.Source of one file, a build-cache index, which package
// snapshot's Spack decoder reads as it reads any index.json, or, for a v3
// mirror without an index manifest, of its spec manifests' spec files,
// read as a folder of spec files is. It never prints.
package mirror

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"

	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/gzpool"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// Paths of a mirror, relative to its root.
const (
	indexManifest = "v3/manifests/index/index.manifest.json"
	specManifests = "v3/manifests/spec"
	v2Index       = "build_cache/index.json"
	v2Dir         = "build_cache" // a layout-v2 mirror's folder of spec files
	v2IndexHash   = "build_cache/index.json.hash"
	specSuffix    = ".spec.manifest.json"
)

// Limits of what is read.
const (
	// maxManifest bounds a manifest: a few hundred bytes in practice.
	maxManifest = 1 << 20
	// DefaultMaxBytes bounds a blob or an index, stored or unpacked
	// (Options.MaxBytes): Spack's public indexes are hundreds of MB.
	DefaultMaxBytes = 4 << 30
)

// Options say how to read a mirror.
type Options struct {
	// View names a view's index (v3/manifests/index/<view>/); "" is the
	// mirror's own index.
	View string
	// MaxBytes bounds each file read, and each blob once unpacked: 0 is
	// DefaultMaxBytes.
	MaxBytes int64
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return DefaultMaxBytes
}

// Layouts of a mirror.
const (
	LayoutV2 = "v2"
	LayoutV3 = "v3"
)

// Source is a mirror as a snapshot.Source: one file, the mirror's index
// (verified, unpacked), which Walk yields as the snapshot's root file
// named index.json; or, without an index manifest, the spec files of the
// spec manifests (verified, unpacked), one a manifest.
type Source struct {
	store Store
	// Layout is LayoutV2 or LayoutV3.
	Layout string
	// Checksum is what identifies the index: the sha256 of the index
	// blob (v3), or build_cache/index.json.hash (v2, "" without one).
	Checksum string
	// Manifest is the file Walk yields, relative to the root: the index
	// manifest or build_cache/index.json; or v3/manifests/spec, the
	// folder of the spec manifests Walk yields the spec files of.
	Manifest string
	read     func() ([]byte, error)
	// specs, for a v3 mirror without an index manifest, reads its spec
	// manifests and their spec files (specFiles), which Walk yields.
	specs    func() ([]string, [][]byte, []*snapshot.Error, error)
	specMu   sync.Mutex
	specData [][]byte // the spec files Walk yielded, until Read takes each
	// beside are the spec files of a layout-v2 mirror's build_cache/,
	// in a store that lists them (besideSpecs): Walk yields them after
	// the index, for the loader to warn of those the index lacks.
	beside      []string
	besideLimit int64    // bounds each of them, as Options.MaxBytes does
	besideData  [][]byte // of a store that reads in a batch, until Read takes each
	besideErrs  []error  // of the batch: the error of each it could not read
	// listed are the spec manifests of a layout-v3 mirror with an index
	// manifest, in a store that lists them: Walk names them beside the
	// index, unread, for the loader to warn of those the index lacks
	// (snapshot.ListedBeside).
	listed   []string
	warnings []snapshot.Warning // made by Open: Walk returns them while the index is read
}

// Open returns the source of the mirror in st. It reads the index
// manifest (or, for a v3 mirror without one, the list of spec
// manifests) at once, and the index itself when the loader reads it.
func Open(st Store, opt Options) (*Source, error) {
	limit := opt.maxBytes()
	if d, ok := st.(onDisk); ok {
		st = &noted{Store: st, disk: d} // Files
	}
	im := indexManifest
	if opt.View != "" {
		if !under(opt.View) || strings.Contains(opt.View, "/") || opt.View == "." {
			return nil, fmt.Errorf("--view %s: a view is a folder name under v3/manifests/index/", quoteField(opt.View))
		}
		im = "v3/manifests/index/" + opt.View + "/index.manifest.json"
	}
	// A 403 where a file of one layout is probed for is read as absent
	// (ErrForbidden): the first is kept, to warn of it when the mirror is
	// read as another layout, and to fail with it when it is not read.
	var refused error
	data, err := st.Get(im, maxManifest)
	if err != nil && opt.View != "" {
		err = shownAt(st, err, im)
	}
	switch {
	case errors.Is(err, ErrForbidden) && opt.View == "":
		refused = err
	case err == nil:
		m, err := DecodeManifest(im, data)
		if se, ok := err.(*spackfmt.Error); ok && se.File == im {
			// A clear-signed manifest's armour (spackfmt.Unwrap) at
			// its line and column as its JSON is placed, "line 19,
			// column 1", as a spec manifest's is: it was "…json:19:1:".
			return nil, fmt.Errorf("%s: line %d, column %d: %s: %s", shownRel(im), se.Line, se.Col, se.Path, se.Msg)
		}
		if err != nil {
			return nil, shownAt(st, err, im)
		}
		e, others, err := m.pick(im, "index", indexMediaPrefix, spackfmt.MinDatabase, spackfmt.MaxDatabase)
		if err != nil {
			return nil, shownAt(st, err, im)
		}
		s := &Source{store: st, Layout: LayoutV3, Checksum: e.Checksum, Manifest: im}
		if others > 0 {
			s.warnings = append(s.warnings, pickWarning(joinName(st.Name(), im), "index", e, others))
		}
		s.read = func() ([]byte, error) { return blob(st, e, limit) }
		if opt.View == "" {
			s.listed = s.listFor(st, specManifests, listedSpecs)
			s.warnBothLayouts(st, "through its layout-v3 index, "+indexManifest)
		}
		return s, nil
	case !errors.Is(err, ErrNotFound):
		return nil, err
	case opt.View != "" && !noMirrorHeld(st):
		absent, rerr := rootManifestAbsent(st)
		if errors.Is(rerr, ErrForbidden) {
			// Refused, as a bucket refuses a file that is not there to
			// whom may not list it: the probes below go on as without
			// --view, "no view" where they find a mirror, else this
			// refusal, as without --view. It said `no view "x"` of a
			// server that holds no mirror at all.
			refused, absent = rerr, true
		} else if rerr != nil {
			return nil, rerr
		}
		if !absent {
			return nil, fmt.Errorf("no view %s: %w%s", quoteField(opt.View), err, viewsHint(st))
		}
	}
	// With --view, past here, st is no mirror with an index manifest:
	// a URL (which cannot tell what it holds without a request) whose
	// root's index manifest is absent too. It said `no view "x"` of a
	// server that is no mirror; it is "not a Spack mirror", as without
	// --view, where the probes below find nothing, and "no view" where
	// they find a mirror (which is never read without the view).
	var noView error
	if opt.View != "" {
		noView = fmt.Errorf("no view %s: %w%s", quoteField(opt.View), err, viewsHint(st))
	}
	// A folder (a file:// URL) or a tree that holds no file of a
	// mirror's root, with --view or without: each probe below finds
	// nothing, and it is "not a Spack mirror", as without --view. It
	// said `no view "x": … (the mirror has no views)` of a mirror it is
	// not.
	// No index manifest: a v3 mirror's spec manifests, or layout v2.
	if _, err := st.Get("v3/layout.json", maxManifest); err == nil {
		if noView != nil {
			return nil, noView
		}
		if refused != nil {
			return nil, refused // a v3 mirror whose index manifest is refused
		}
		names, err := st.List(specManifests)
		if errors.Is(err, ErrNoListing) {
			return nil, fmt.Errorf("a layout-v3 mirror without an index manifest (%s), whose spec manifests cannot be listed here: run `spack buildcache update-index` on the mirror, or give its folder", indexManifest)
		}
		odd, _ := errors.AsType[*NotRegularError](err)
		if err != nil && odd == nil {
			return nil, err
		}
		s := &Source{store: st, Layout: LayoutV3, Manifest: specManifests}
		s.specs = func() ([]string, [][]byte, []*snapshot.Error, error) { return s.specFiles(names, odd, limit) }
		s.warnBothLayouts(st, "as layout v3, from its spec manifests ("+specManifests+"/)")
		return s, nil
	} else if errors.Is(err, ErrForbidden) {
		refused = cmp.Or(refused, err)
	} else if !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	s := &Source{store: st, Layout: LayoutV2, Manifest: v2Index}
	// Over HTTP, asked for once (Probe), as a file read without it if
	// it fails: a 500 for it was tried 4 times, waiting 3.5 s of
	// backoff, to be ignored then.
	getHash := st.Get
	if hs, ok := st.(*httpStore); ok {
		getHash = hs.Probe
	}
	h, err := getHash(v2IndexHash, maxV2Hash)
	hashThere := err == nil || errors.Is(err, ErrTooBig)
	if err == nil {
		if sum, ok := v2HashOf(h); ok {
			s.Checksum = sum
		} else {
			s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), v2IndexHash), Message: fmt.Sprintf("is not a sha256 (64 lower-case hex digits): %s; ignored, as Spack ignores it, and %s read without it", quoteField(strings.TrimSpace(string(h))), v2Index)})
		}
	} else if errors.Is(err, ErrTooBig) {
		// Spack reads its first 64 bytes whatever its length, and
		// index.json whatever they say: it is read without them.
		s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), v2IndexHash), Message: fmt.Sprintf("is longer than a sha256's line (over %d bytes); ignored, and %s read without it", maxV2Hash, v2Index)})
	} else if errors.Is(err, ErrForbidden) {
		refused = cmp.Or(refused, err)
	} else if !errors.Is(err, ErrNotFound) {
		// Spack reads index.json without a .hash it cannot read, as
		// without one (its fetcher's get_remote_hash gives None for
		// any URLError, and a file:// URL's OSError is one): refused,
		// a v2 mirror beside a stale link, a .hash that is a folder,
		// a FIFO or a socket, one the user may not read, a git tree's
		// broken link, or a server's 500 or redirect loop for it was
		// not read at all. A link out of the mirror is not followed
		// either way.
		at, why := v2IndexHash, unnamedAt(st, err, v2IndexHash).Error()
		if astray, ok := errors.AsType[astrayError](err); ok {
			at, why = astray.at, astray.why
		} else if errors.As(err, new(deniedError)) {
			why = deniedWhy // not "the mirror is not read without it"
		}
		s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), at), Message: fmt.Sprintf("%s; ignored, as Spack ignores an index.json.hash it cannot read, and %s read without it", why, v2Index)})
	}
	if noView != nil && hashThere {
		return nil, noView // layout v2: no views
	}
	index, err := st.Get(v2Index, limit)
	if noView != nil && !errors.Is(err, ErrNotFound) {
		return nil, noView
	}
	if refused != nil {
		if err != nil {
			return nil, refused
		}
		s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), v2Index), Message: fmt.Sprintf("read as a layout-v2 mirror, the files probed for that the server refused taken to be absent (%v), as a bucket refuses a file that is not there to whom may not list it", refused)})
	}
	if errors.Is(err, ErrNotFound) {
		if away, ok := errors.AsType[redirectedAway](err); ok {
			// Not the mirror's host's answer: the URL may be right, and
			// the server send its files elsewhere.
			return nil, fmt.Errorf("not a Spack mirror: no %s (layout v3) nor %s (layout v2): the mirror redirected to %s, which answered HTTP 404 (is the URL the mirror's root, on the host that serves it?)", indexManifest, v2Index, quoteField(away.host))
		}
		near := nearIndexHint(st)
		if hashThere && near == "" {
			// A v2 mirror's .hash without its index: not "no mirror",
			// which sent the user looking for another URL.
			return nil, fmt.Errorf("a layout-v2 mirror without its index: %s is there, and %s is not: the index was removed, or is being pushed; run `spack buildcache update-index` on the mirror%s", v2IndexHash, v2Index, folderSpecsHint(st))
		}
		return nil, fmt.Errorf("not a Spack mirror: no %s (layout v3) nor %s (layout v2)%s%s%s", indexManifest, v2Index, buildCacheHint(st), near, folderSpecsHint(st))
	}
	if err != nil {
		return nil, overMax(err)
	}
	hashed := s.Checksum != "" // and index.json's sha256 is the one it gives
	if s.Checksum != "" {
		// Spack's index.json.hash is the sha256 of index.json as stored.
		// Spack reads an index that disagrees with it all the same (most
		// often the index was written again between the two reads), and
		// so does cachediff, naming the index by what it holds.
		if sum := sha256Hex(index); sum != s.Checksum {
			s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), v2Index), Message: fmt.Sprintf("has sha256 %s, and %s says %s: read as Spack reads it, all the same (the mirror changed while it was read, or its .hash is stale)", sum, v2IndexHash, s.Checksum)})
			s.Checksum, hashed = sum, false
		}
	}
	if index, err = unpack(index, limit); err != nil {
		if hashed && errors.Is(err, io.ErrUnexpectedEOF) {
			// Hashed as it is: cut before it was hashed and pushed,
			// as a v3 blob that matches its manifest (wholeBlob).
			err = fmt.Errorf("gzip: the stream is cut short, in an index whose sha256 is the one %s gives: it was cut before it was pushed, and the mirror is damaged", v2IndexHash)
		}
		return nil, overMax(fmt.Errorf("%s: %w", v2Index, err))
	}
	s.read = func() ([]byte, error) {
		data := index
		index = nil
		return data, nil
	}
	s.beside, s.besideLimit = s.listFor(st, path.Dir(v2Index), besideSpecs), limit
	return s, nil
}

// warnBothLayouts warns of a layout-v2 index beside the layout-v3
// mirror of st, read as read says, where the store tells without a
// request (holds: a folder, a tree at a revision): a mirror that
// `spack buildcache migrate` left its v2 files in holds both, and one
// pushed to by a Spack older than 1.0 since then holds specs in its v2
// index alone, which were left out without a word. Over a URL, where
// only a request tells, build_cache/index.json.hash is asked for (at
// most maxV2Hash bytes, by its ETag once kept: a 404, or a 304): one
// small request a run, for specs that would be left out without a word
// otherwise (Spack writes the .hash with every v2 index it pushes). An
// answer that does not say it is there (a 404, a bucket's 403, a body
// that is not a sha256, a network error, --offline without it in the
// cache) warns of nothing; it is asked for once (httpStore.Probe).
func (s *Source) warnBothLayouts(st Store, read string) {
	if h, ok := st.(*httpStore); ok {
		// A sha256, as Spack writes it: not a web server's page for any
		// path (a 200 of "not found", past 1 KiB or not).
		if data, err := h.Probe(v2IndexHash, maxV2Hash); err != nil {
			return
		} else if _, ok := v2HashOf(data); !ok {
			return
		}
		s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), v2Index), Message: fmt.Sprintf("a layout-v2 index beside a layout-v3 mirror (%s is there): not read, as the mirror is read %s; to compare the v2 index, download it and give the file (%s)", v2IndexHash, read, joinName(st.Name(), v2Index))})
		return
	}
	if !holds(st, v2Index) {
		return
	}
	name := joinName(st.Name(), v2Index)
	if n, ok := st.(*noted); ok {
		name = diskWord(n.disk.path(v2Index)) // a path, not a file:// URL, which names a mirror's root
	}
	s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), v2Index), Message: fmt.Sprintf("a layout-v2 index beside a layout-v3 mirror: not read, as the mirror is read %s; to compare the v2 index, give it alone (%s)", read, name)})
}

// holds reports whether st has a file at rel, where it tells without
// a request: a git tree (hasStore: its files), a folder (noted).
func holds(st Store, rel string) bool {
	switch st := st.(type) {
	case hasStore:
		return st.Has(rel)
	case *noted:
		// A file, or a link to one: not a folder of that name, which
		// is no index to give alone.
		fi, err := os.Stat(st.disk.path(rel))
		return err == nil && fi.Mode().IsRegular()
	}
	return false
}

// noMirrorHeld reports whether st, a store that tells without a request
// whether it holds a file (holds: a folder, a tree at a revision),
// holds none that a mirror's root has: no index manifest, layout.json,
// v2 index or its .hash. false for a store that cannot tell so (a URL).
func noMirrorHeld(st Store) bool {
	switch st.(type) {
	case hasStore, *noted:
	default:
		return false
	}
	return !holds(st, indexManifest) && !holds(st, "v3/layout.json") && !holds(st, v2Index) && !holds(st, v2IndexHash)
}

// rootManifestAbsent reports whether st, a store that cannot tell
// without a request what it holds (a URL: noMirrorHeld is false), has
// no index manifest at its root either (HTTP 404): with --view, then,
// the view is not all that is missing, and Open goes on to the probes
// of a mirror without one. false for the stores noMirrorHeld judges.
// The error of a request that failed otherwise (HTTP 500; HTTP 403,
// ErrForbidden, which Open reads as absent and keeps), as Open without
// --view says it: the view's 404 said `no view "x"`, of a server that
// could not say whether it holds a mirror.
func rootManifestAbsent(st Store) (bool, error) {
	switch st.(type) {
	case hasStore, *noted:
		return false, nil
	}
	_, err := st.Get(indexManifest, maxManifest)
	if errors.Is(err, ErrNotFound) {
		return true, nil
	}
	return false, err
}

// listFor lists the folder rel of st and keeps the names pick picks
// (besideSpecs, listedSpecs). A store that cannot list (a URL) lists
// none, as docs/usage.md says; a listing that fails lists none too,
// with a warning naming why: one such failure left every spec file the
// index lacks unwarned of, without a word, where the build_cache/ folder
// named warned of each. A link or a special file among the files
// (List's NotRegularError) fails none: the listing is kept whole, and
// each file picked is read as any other (Get follows a link inside the
// mirror and names one out of it, or a FIFO, as a file not read; a
// spec manifest's name is all that is used of it). One such file
// anywhere under build_cache/ (a tarball's link) left the whole folder
// unjudged, its stale index's spec files each unwarned of, for a
// warning that named the link alone. Those not picked, which may be
// folders, not followed, are one warning, counted, the first named.
func (s *Source) listFor(st Store, rel string, pick func([]string) []string) []string {
	names, err := st.List(rel)
	if odd, ok := errors.AsType[*NotRegularError](err); ok {
		picked := pick(names)
		read := make(map[string]bool, len(picked))
		for _, n := range picked {
			read[n] = true
		}
		var left []string
		for n := range odd.Errs {
			// The index and its .hash, each read (or said unread) by
			// Open itself: a v2 index.json linked inside the mirror,
			// read, was "1 file in it not followed (build_cache/
			// index.json: a symbolic link, …)", and a .hash that is a
			// FIFO warned of twice.
			if !read[n] && n != v2Index && n != v2IndexHash {
				left = append(left, n)
			}
		}
		if len(left) > 0 {
			slices.Sort(left)
			what := "1 file in it not followed"
			if len(left) > 1 {
				what = fmt.Sprintf("%d files in it not followed, the first", len(left))
			}
			s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), rel), Message: fmt.Sprintf("%s (%v): spec files in a folder so linked are not judged against the index, which Spack reads alone", what, odd.Errs[left[0]])})
		}
		return picked
	}
	switch {
	case errors.Is(err, ErrNoListing):
		return nil
	case err != nil:
		s.warnings = append(s.warnings, snapshot.Warning{File: joinName(st.Name(), rel), Message: fmt.Sprintf("not listed (%v): the spec files in it are not judged against the index, which Spack reads alone", err)})
		return nil
	}
	return pick(names)
}

// besideSpecs picks the files of names, the listing of a layout-v2
// mirror's build_cache/ where the store can list it (a folder, a tree at
// a revision; not a URL: listFor), that the build_cache/ folder read as
// a snapshot reads: its spec files (*.spec.json, *.spec.json.sig) and
// the files it reads by content (*.json, *.json.gz, *.json.sig, *.lock:
// a spec file named foo.json), all but the index. Spack reads the index
// alone, and so does cachediff; but read as a mirror's root, a spec file
// whose spec a stale index lacks was left out without the warning that
// the same files get read as the build_cache/ folder (snapshot's
// besideIndex): Walk yields them beside the index, for the loader to
// judge them as it does there, and to leave alone, as there, one that
// is no Spack file by content.
func besideSpecs(names []string) []string {
	var out []string
	for _, n := range names {
		if !under(n) || n == v2Index {
			continue
		}
		b := strings.ToLower(path.Base(n))
		for _, ext := range []string{".json", ".json.gz", ".json.sig", ".lock"} {
			if strings.HasSuffix(b, ext) {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// listedSpecs picks the spec manifests of names, the listing of a
// layout-v3 mirror's v3/manifests/spec where the store can list it (a
// folder, a tree at a revision; not a URL: listFor), as besideSpecs
// picks a v2 mirror's spec files: Spack reads the index
// alone, and a spec pushed after the index was last updated has its
// manifest and no record in the index, left out without a word where a
// v2 mirror's spec file was warned of. Their names give their hashes:
// none is read.
func listedSpecs(names []string) []string {
	var out []string
	for _, n := range names {
		if strings.HasSuffix(n, specSuffix) && under(n) {
			out = append(out, n)
		}
	}
	return out
}

// listedSpec is the Handle of a spec manifest of a layout-v3 mirror
// with an index manifest (Source.listed): a snapshot.ListedBeside, never
// read.
type listedSpec string

// ListedSpec is the spec the manifest's name gives:
// v3/manifests/spec/<name>/<name>-<version>-<hash>.spec.manifest.json.
func (l listedSpec) ListedSpec() (name, version, hash string) {
	dir, base := path.Split(string(l))
	name = path.Base(dir)
	stem := strings.TrimSuffix(base, specSuffix)
	i := strings.LastIndexByte(stem, '-')
	if i < 0 {
		return name, "", stem
	}
	hash = stem[i+1:]
	if v, ok := strings.CutPrefix(stem[:i], name+"-"); ok {
		version = v
	}
	return name, version, hash
}

// besideFile is the Handle of a spec file beside a layout-v2 mirror's
// index (Source.beside): its path in the mirror, and its place in
// Source.beside.
type besideFile struct {
	rel string
	i   int
}

// BesideIndex makes it a snapshot.BesideIndex: one that does not decode
// is a warning, as the mirror at a URL does not see it.
func (besideFile) BesideIndex() {}

// buildCacheHint is a hint for a mirror's URL whose path ends in
// build_cache (file:///m/build_cache, the folder a layout-v2 mirror keeps
// its index in, which cachediff reads as a folder on disk), or in the
// path of a mirror's index (build_cache/index.json, the v3 index
// manifest), or in a folder inside a layout-v3 mirror
// (snapshot.MirrorPartOf: …/v3, …/v3/manifests/index/VIEW, with --view
// VIEW): a mirror's URL is its root, as Spack takes it, and the hint
// names the URL above; "" for any other, and for a build_cache/ on disk
// (file://) whose root would be no mirror either (no index.json in it,
// no v3 index manifest or layout.json beside it), which folderSpecsHint
// tells its own path. The name of a store at a URL
// is redacted (Redact: no query, no credentials): a URL with a token in
// its query (https://h/m/build_cache?token=x) was told the root without
// it, which pasted back is refused, and the hint now says what the
// URL above keeps of the one given (hiddenParts).
func buildCacheHint(st Store) string {
	u, err := url.Parse(st.Name())
	if err != nil || u.Scheme == "" || u.RawQuery != "" || u.Fragment != "" {
		return ""
	}
	p := strings.TrimSuffix(u.Path, "/")
	what, view := "a mirror's build_cache/ folder", ""
	switch {
	case path.Base(p) == "build_cache":
		if _, ok := st.(*noted); ok && !holds(st, "index.json") && !holds(st, "../"+indexManifest) && !holds(st, "../v3/layout.json") {
			// A folder whose root is no mirror either (a build_cache/
			// of spec files alone): the root named sent the user to
			// one more "not a Spack mirror" (folderSpecsHint says what
			// reads the folder).
			return ""
		}
		// Its last name taken off, not path.Dir's cleaning: of
		// …/a%2F/build_cache (decoded …/a//build_cache), that dropped
		// the empty name the escaped slash leaves, and the root told
		// was …/a, a folder the mirror is not in.
		if p = p[:strings.LastIndexByte(p, '/')+1]; len(p) > 1 {
			p = p[:len(p)-1]
		}
	case strings.HasSuffix(p, "/"+v2Index), strings.HasSuffix(p, "/"+indexManifest):
		// The index itself (…/build_cache/index.json) was told "no
		// build_cache/index.json", the file the URL names.
		file := v2Index
		if strings.HasSuffix(p, "/"+indexManifest) {
			file = indexManifest
		}
		what = "a mirror's file " + file
		p = strings.TrimSuffix(p, "/"+file)
	default:
		// A folder inside a v3 mirror (…/v3, …/v3/manifests/index/)
		// was told it is no mirror, and not where the mirror is.
		part, ok := snapshot.MirrorPartOf(p)
		if !ok {
			return ""
		}
		what, p = "a layout-v3 mirror's "+part.What+" folder", part.Root
		if part.View != "" {
			view = "," + part.ViewFlag()
		}
	}
	u.Path, u.RawPath = p, rawAbove(u, p)
	keep := ""
	if h, ok := st.(*httpStore); ok {
		if parts := hiddenParts(h.base); parts != "" {
			keep = ", with the " + parts + " of the URL given"
		}
	}
	root := u.String()
	if len(root) > snapshot.MaxPathShown {
		// Cut, it would be no URL to paste: the line cap of 8 KB cut a
		// root of 5 KB, after the URL given, before it ended.
		root = fmt.Sprintf("the URL given without %s at its end, %d bytes, too long to show whole", shownURL(strings.TrimPrefix(st.Name(), root)), len(root))
		if !strings.HasPrefix(st.Name(), u.String()) {
			root = fmt.Sprintf("%s, %d bytes, too long to show whole", shownURL(u.String()), len(u.String()))
		}
	}
	return fmt.Sprintf(": the URL names %s, and a mirror's URL is its root, above it (%s%s%s)", what, root, keep, view)
}

// rawAbove is the escaped form of root, a folder above u's path (its
// names decoded), as u spells it: an escaped slash kept (%2F, as a
// GitLab project's URL has, /api/v4/projects/group%2Fproject/…), which
// the decoded path makes a slash. The root a hint gave for
// …/group%2Fproject/mirror/build_cache was …/group/project/mirror, a
// URL the server does not serve the mirror at, though cachediff asked
// for its files under …/group%2Fproject/. "" where u spells it as
// url.URL's String would.
func rawAbove(u *url.URL, root string) string {
	full := strings.TrimSuffix(u.Path, "/")
	tail, ok := strings.CutPrefix(full, root)
	if !ok {
		return ""
	}
	names := strings.Split(strings.TrimSuffix(u.EscapedPath(), "/"), "/")
	up := strings.Count(tail, "/")
	if up > len(names) {
		return ""
	}
	raw := strings.Join(names[:len(names)-up], "/")
	if un, err := url.PathUnescape(raw); err != nil || un != root {
		return ""
	}
	return raw
}

// hiddenParts names what Redact leaves out of u that a request sends:
// "query", "credentials", "credentials and query", or "".
func hiddenParts(u *url.URL) string {
	var parts []string
	if u.User != nil {
		if r, err := url.Parse(Redact(u.String())); err != nil || r.User.String() != u.User.String() {
			parts = append(parts, "credentials")
		}
	}
	if u.RawQuery != "" {
		parts = append(parts, "query")
	}
	return strings.Join(parts, " and ")
}

// nearIndexHint names a file of the mirror in st, a folder, whose path
// is near that of an index (Dir.nearIndex), which Spack does not read:
// ": it holds \"build_cache/Index.json\", not Spack's name, ...";
// "" for a store that is no folder, or none.
func nearIndexHint(st Store) string {
	if n, ok := st.(*noted); ok {
		st, _ = n.disk.(Store)
	}
	d, ok := st.(interface{ nearIndex() string })
	if !ok {
		return ""
	}
	near := d.nearIndex()
	if near == "" {
		return ""
	}
	want := v2Index
	if strings.Count(near, "/") > 1 {
		want = indexManifest
	}
	return fmt.Sprintf(": it holds %s, which Spack does not read as its index (%s)", quoteField(near), want)
}

// folderSpecsHint says, of a folder read as a mirror (a file:// URL)
// without an index whose build_cache/ holds spec files, that its path
// reads them: a path reads a folder of spec files as one, and a
// mirror's URL is read through its index alone, so the same folder was
// read given as a path and an error given as a file:// URL. A URL of
// the build_cache/ folder itself (file:///m/build_cache) without its
// index.json, whose root above fails the same way, is told its own
// path (with index.json there, buildCacheHint's root reads it, and this
// says nothing). "" when st is no folder, or holds no spec file there.
func folderSpecsHint(st Store) string {
	n, ok := st.(*noted)
	if !ok {
		return ""
	}
	count := func(dir string) int {
		names, odd, ok := listedAll(st, dir)
		if !ok {
			return 0
		}
		specs := 0
		for _, name := range besideSpecs(names) {
			if odd[name] != nil && !holds(st, name) {
				// A broken link, a FIFO: no spec file its path reads,
				// counted as one.
				continue
			}
			if specFileName(name) {
				specs++
			}
		}
		return specs
	}
	where, specs := "its "+v2Dir+"/ holds", count(v2Dir)
	// Of a build_cache/ named itself, only without its index.json, which
	// its root reads (buildCacheHint names the root).
	if u, err := url.Parse(st.Name()); specs == 0 && err == nil && path.Base(strings.TrimSuffix(u.Path, "/")) == "build_cache" && !holds(st, "index.json") {
		where, specs = "the folder it names holds", count("")
	}
	if specs == 0 {
		return ""
	}
	files := "spec files"
	if specs == 1 {
		files = "spec file"
	}
	return fmt.Sprintf("; %s %d %s, which a mirror's URL does not read without the index: to compare them as a folder of spec files, give its path (%s), not a file:// URL", where, specs, files, diskWord(n.disk.path("")))
}

// specFileName reports whether name is a spec file's that the folder
// read as a snapshot reads as one: *.spec.json, *.spec.json.sig, or
// *.spec.json.gz, in any case (the folder reads a *.json.gz by content,
// and its names' endings in any case). Counted by Spack's names alone,
// a build_cache/ of gzip'd spec files, or of X.SPEC.JSON, given as a
// file:// URL was told no hint, where its path reads them.
func specFileName(name string) bool {
	b := strings.ToLower(path.Base(name))
	return strings.HasSuffix(b, ".spec.json") || strings.HasSuffix(b, ".spec.json.sig") || strings.HasSuffix(b, ".spec.json.gz")
}

// diskWord is p, a path on disk a hint gives to paste as an argument,
// as one shell word in ASCII (shellword.ShownASCII), "./" before it
// where it starts with "-"; past snapshot.MaxPathShown bytes, said
// otherwise, its length given, as snapshot's hints say a folder. Raw, "give its path
// (/tmp/a b)" pasted gave two arguments, and a folder сyr (its с
// Cyrillic) read as cyr, where the URL before it was quoted in ASCII.
func diskWord(p string) string {
	w := p
	if strings.HasPrefix(w, "-") {
		w = "./" + w
	}
	if w = shellword.ShownASCII(w); len(w) <= snapshot.MaxPathShown {
		return w
	}
	return fmt.Sprintf("the path %s (%d bytes, too long to show whole)", shownFull(p), len(p))
}

// ShownRel is rel, a path in the mirror, as a message names it: as it
// is when of printable ASCII, else quoted in ASCII. The index manifest
// of a view was named raw, so that --view $'g\ny' put a line of its own
// in "no view", and --view gе (its е Cyrillic) named the file of the
// view ge. As it is, it is cut past snapshot.MaxPathShown bytes (CutShown);
// quoted past maxShownRel bytes, it is cut inside its folders,
// the cut's mark (cutmark.Of) there, and its last name kept (its last
// maxShownName bytes, of a longer one), unless quoted whole it is no
// longer: cut at its head alone, a view of 120 Cyrillic characters was
// told `no view …: "v3/manifests/index/\u0433…\u0433…1b2e015b": not
// found`, which named no file. A store of
// another package whose errors name a file of the mirror (a git tree's)
// names it so, for the loader to take that name out where it names the
// file itself (unnamed).
func ShownRel(rel string) string {
	if plainText(rel) {
		// Past snapshot.MaxPathShown bytes, cut as a path (--view of 9,000
		// characters named its index manifest in 9 KB).
		return snapshot.CutShown(rel, snapshot.MaxPathShown, func(s string) string { return s })
	}
	if len(rel) <= maxShownRel {
		return strconv.QuoteToASCII(rel)
	}
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	tail := snapshot.CutTail(name, maxShownName)
	if len(tail) < len(name) || len(tail) == len(rel) {
		tail = snapshot.CutTail(rel, maxShownRel/4) // a name cut too, or no folder
	} else {
		tail = "/" + tail
	}
	n := max(maxShownRel-3-len(tail), maxShownRel/2)
	if n+len(tail) >= len(rel) {
		return strconv.QuoteToASCII(rel) // nothing between them to cut
	}
	for back := 0; back < utf8.UTFMax-1 && !utf8.RuneStart(rel[n]); back++ {
		n-- // not past a character's start: bytes that are none stay as they are
	}
	qh, qt := strconv.QuoteToASCII(rel[:n]), strconv.QuoteToASCII(tail)
	cut := qh[:len(qh)-1] + cutmark.Of(rel) + qt[1:]
	if len(rel)+2 <= len(cut) {
		// Cut, a name of few characters to escape is no shorter than
		// whole, and loses what it holds: v3/, 74 letters, г and /b
		// (81 bytes) was named in 90, its г cut out for the mark.
		if whole := strconv.QuoteToASCII(rel); len(whole) <= len(cut) {
			return whole
		}
	}
	return cut
}

func shownRel(rel string) string { return ShownRel(rel) }

// maxShownRel bounds the bytes of rel ShownRel quotes whole, and the
// head it keeps of one longer; maxShownName those of the last name it
// keeps whole after the cut (a spec manifest's name is ~60 bytes).
const (
	maxShownRel  = 80
	maxShownName = 120
)

// plainText reports whether s is of printable ASCII and holds no quote,
// backslash or ": ": a message may name it as it is. Named as it is, a
// view's folder "a: b" said "v3/manifests/index/a: b/index.manifest.json:
// line 1, column 2: …", read as the file v3/manifests/index/a and a
// place in it, as the loader quotes a path (loadingPath).
func plainText(s string) bool {
	if strings.Contains(s, ": ") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' || s[i] == '"' || s[i] == '\\' {
			return false
		}
	}
	return true
}

// shownAt is err, whose message begins with rel (a Store's, "REL:
// not found"), that file named as shownRel names it; err as it is when
// shownRel leaves rel so, or its message does not begin with it. A
// store whose errors name a file otherwise (a URL's, percent-encoded:
// urlNamed) has it named so too, whatever shownRel makes of it: --view
// gе (its е Cyrillic) of a URL said `no view "g\u0435":
// http://…/v3/manifests/index/g%D0%B5/index.manifest.json: not found`,
// and --view x%41 ".../x%2541/...", a view of another name than the one
// given (the URL is the argument's, named before the message).
func shownAt(st Store, err error, rel string) error {
	s := shownRel(rel)
	if u, ok := st.(urlNamed); ok {
		if rest, ok := strings.CutPrefix(err.Error(), u.urlOf(rel)+": "); ok {
			return &shownErr{msg: s + ": " + rest, err: err}
		}
	}
	if rest, ok := strings.CutPrefix(err.Error(), rel+": "); ok && s != rel {
		return &shownErr{msg: s + ": " + rest, err: err}
	}
	return err
}

// urlNamed is a Store whose errors name a file rel by urlOf(rel).
type urlNamed interface {
	urlOf(rel string) string
}

// unnamed is err, whose message may begin with rel, raw or as shownRel
// names it (a store's, "REL: 1000 bytes, over the limit of 500"), without
// it: the loader names the file, as the error's or the warning's (a
// spec file beside a v2 index said "not read: build_cache/x.spec.json:
// 1000 bytes, …" of the file build_cache/x.spec.json).
func unnamed(err error, rel string) error {
	if err == nil {
		return nil
	}
	for _, n := range [...]string{rel, shownRel(rel)} {
		if rest, ok := strings.CutPrefix(err.Error(), n+": "); ok {
			return &shownErr{msg: rest, err: err}
		}
	}
	return err
}

// unnamedAt is unnamed, err also taken out of the URL a store names
// rel by (urlNamed): an HTTP mirror's errors begin with it.
func unnamedAt(st Store, err error, rel string) error {
	if u, ok := st.(urlNamed); ok {
		if rest, ok := strings.CutPrefix(err.Error(), u.urlOf(rel)+": "); ok {
			return &shownErr{msg: rest, err: err}
		}
	}
	return unnamed(err, rel)
}

// shownErr is an error told in other words (msg), err for errors.Is
// and errors.As.
type shownErr struct {
	msg string
	err error
}

func (e *shownErr) Error() string { return e.msg }
func (e *shownErr) Unwrap() error { return e.err }

// listedAll is st's listing of the folder rel, and whether it is one: a
// link or a special file among its files (List's NotRegularError) keeps
// it, as listFor keeps it. One, a tarball's link in build_cache/ or a
// view's folder linked, dropped the whole listing, and with it the hint
// that named the spec files of a folder given as a file:// URL, or the
// mirror's views beside a --view it has not.
//
// odd holds the paths that are no regular file (a link, a special file),
// each with List's error.
func listedAll(st Store, rel string) (names []string, odd map[string]error, ok bool) {
	names, err := st.List(rel)
	nr, isOdd := errors.AsType[*NotRegularError](err)
	if err != nil && !isOdd {
		return nil, nil, false
	}
	if isOdd {
		odd = nr.Errs
	}
	return names, odd, true
}

// readable reports, of each of rels, paths List gave as no regular
// file, whether st's Get would read it: in a folder, a link inside the
// mirror to a file, which Get follows, not one out of it (Dir.inside),
// nor a special file; in a tree at a revision, a link the tree resolves
// to a file inside the mirror (its Resolves, which reads the links'
// targets alone, for all of rels at once); elsewhere, that st holds it
// (holds). No file is read: a folder of 10,000 links to one manifest of
// 1 MB would be 10 GB read for a hint.
func readable(st Store, rels []string) []bool {
	if r, ok := st.(interface{ Resolves(rels []string) []bool }); ok {
		return r.Resolves(rels)
	}
	out := make([]bool, len(rels))
	for i, rel := range rels {
		out[i] = readableOne(st, rel)
	}
	return out
}

// readableOne is readable of one path, of a store that does not resolve
// its links itself.
func readableOne(st Store, rel string) bool {
	if !holds(st, rel) {
		return false
	}
	n, ok := st.(*noted)
	if !ok {
		return true
	}
	d, ok := n.disk.(interface{ inside(rel, p string) error })
	return !ok || d.inside(rel, n.disk.path(rel)) == nil
}

// viewsHint names the views of the mirror in st, when it can be listed:
// " (its views: ...)", or that it has none.
func viewsHint(st Store) string {
	names, odd, ok := listedAll(st, "v3/manifests/index")
	if !ok {
		return ""
	}
	var views, manifests []string
	var linked []int // of views, those whose manifest is no regular file
	for _, n := range names {
		v, ok := strings.CutSuffix(strings.TrimPrefix(n, "v3/manifests/index/"), "/index.manifest.json")
		manifest := n
		if !ok && path.Dir(n) == "v3/manifests/index" && odd[n] != nil {
			// A view's folder that is a link: listed as the link, not
			// walked.
			v, ok, manifest = path.Base(n), true, n+"/index.manifest.json"
		}
		if !ok || v == "" || strings.Contains(v, "/") {
			continue
		}
		if odd[n] != nil {
			linked, manifests = append(linked, len(views)), append(manifests, manifest)
		}
		views = append(views, quoteField(v))
	}
	// A link that --view does not read (out of the mirror, to no file),
	// or a special file, is no view: named, --view VIEW was refused, "a
	// symbolic link out of the mirror".
	for k, ok := range readable(st, manifests) {
		if !ok {
			views[linked[k]] = ""
		}
	}
	views = slices.DeleteFunc(views, func(v string) bool { return v == "" })
	switch {
	case len(views) == 0:
		return " (the mirror has no views)"
	case len(views) > 10:
		return fmt.Sprintf(" (its views: %s and %d more)", strings.Join(views[:10], ", "), len(views)-10)
	}
	return " (its views: " + strings.Join(views, ", ") + ")"
}

// WholeSnapshot marks the mirror as one snapshot (snapshot.Whole): the
// folders of its manifests are no snapshots of their own, which a
// mirror whose spec manifests fail to load was told it likely meant
// ("did you mean m/v3/manifests/spec/zlib?").
func (s *Source) WholeSnapshot() {}

// Path is the mirror as the user named it.
func (s *Source) Path() string { return s.store.Name() }

// Files are the paths on disk of the files Open and Read read, or
// looked for, sorted, each once: of a mirror in a folder, the index
// manifest, the index blob, each spec manifest and its blob,
// build_cache/index.json and its .hash; of a mirror at a URL, the
// .netrc file its credentials were looked for in and the files read from
// the download cache. Walk yields one file,
// under the name the mirror was given by (a file:// URL names no file),
// and a caller that must not write onto an input (--output) needs them
// all.
func (s *Source) Files() []string {
	r, ok := s.store.(interface{ readFiles() []string })
	if !ok {
		return nil
	}
	files := r.readFiles()
	slices.Sort(files)
	return slices.Compact(files)
}

// onDisk is a Store of a folder on disk (Dir): path is the file rel's
// path there.
type onDisk interface {
	path(rel string) string
}

// noted is a Store on disk that notes the paths of the files read from
// it (Source.Files).
type noted struct {
	Store
	disk  onDisk
	mu    sync.Mutex
	files []string
}

func (n *noted) readFiles() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.files)
}

func (n *noted) Get(rel string, limit int64) ([]byte, error) {
	n.mu.Lock()
	n.files = append(n.files, n.disk.path(rel))
	n.mu.Unlock()
	return n.Store.Get(rel, limit)
}

// Walk yields the index as the snapshot's root file; of a v3 mirror
// without an index manifest, each spec manifest's spec file, named by
// the manifest, as a folder's spec files are yielded.
func (s *Source) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	if s.specs != nil {
		names, specs, bad, err := s.specs()
		if err != nil {
			return s.warnings, []*snapshot.Error{{File: joinName(s.store.Name(), s.Manifest), Msg: dirsrc.StatMessage(err)}}
		}
		s.specData = specs
		for i, name := range names {
			base := strings.TrimSuffix(path.Base(name), specSuffix) + ".spec.json"
			yield(snapshot.File{Name: joinName(s.store.Name(), name), Base: base, Size: int64(len(specs[i])), Handle: i})
		}
		return s.warnings, bad
	}
	yield(snapshot.File{Name: joinName(s.store.Name(), s.Manifest), Base: "index.json", Size: -1, Root: true})
	if _, ok := s.store.(batchStore); ok && len(s.beside) > 0 {
		// Read in one batch (a git tree: one process), as a folder's
		// spec files are from git: one by one, each was a git process
		// of its own. A batch keeps the error of each file over the
		// limit (BatchError) and reads the others: one such file among
		// N left all N to be read alone, N git processes. A batch that
		// fails otherwise leaves each to be read alone.
		data, err := getMany(s.store, s.beside, s.besideLimit)
		errs := make([]error, len(s.beside))
		if be, ok := errors.AsType[*BatchError](err); ok {
			copy(errs, be.Errs)
		}
		s.besideData, s.besideErrs = append(data, make([][]byte, len(s.beside)-len(data))...), errs
	}
	for i, rel := range s.beside {
		yield(snapshot.File{Name: joinName(s.store.Name(), rel), Base: path.Base(rel), Size: -1, Handle: besideFile{rel, i}})
	}
	for _, rel := range s.listed {
		yield(snapshot.File{Name: joinName(s.store.Name(), rel), Base: path.Base(rel), Size: -1, Handle: listedSpec(rel)})
	}
	return s.warnings, nil
}

// Read fetches, verifies and unpacks the index. It is read once. Of a
// v3 mirror without an index manifest, it returns the spec file f that
// Walk read, once.
func (s *Source) Read(f snapshot.File, buf []byte) ([]byte, error) {
	if i, ok := f.Handle.(int); ok && s.specs != nil {
		s.specMu.Lock()
		defer s.specMu.Unlock()
		if i < 0 || i >= len(s.specData) || s.specData[i] == nil {
			return nil, fmt.Errorf("%s: read twice", f.Name)
		}
		data := s.specData[i]
		s.specData[i] = nil
		return data, nil
	}
	if b, ok := f.Handle.(besideFile); ok {
		s.specMu.Lock()
		var data []byte
		var err error
		if b.i < len(s.besideData) {
			data, s.besideData[b.i] = s.besideData[b.i], nil
			err = s.besideErrs[b.i]
		}
		s.specMu.Unlock()
		if data == nil && err == nil {
			data, err = s.store.Get(b.rel, s.besideLimit)
		}
		return data, unnamed(err, b.rel)
	}
	data, err := s.read()
	if err != nil {
		return nil, err
	}
	return data, nil
}

// joinName names a file of the mirror in messages.
func joinName(root, rel string) string {
	if strings.HasSuffix(root, "/") {
		return root + rel
	}
	return root + "/" + rel
}

// blob reads the blob of e, listed in the manifest, and checks its
// length and sha256 against the manifest's, then unpacks it. Its errors
// do not name the manifest: the loader names it, as the file they are
// of ("loading ROOT/MANIFEST: lists blob …"). Named in the message too,
// the manifest was there twice, and a view's quoted and clipped the
// second time.
func blob(st Store, e *Entry, limit int64) ([]byte, error) {
	if e.ContentLength > limit {
		return nil, overMax(fmt.Errorf("lists blob %s of %d bytes, %w of %d", e.Checksum, e.ContentLength, ErrTooBig, limit))
	}
	// At most the length the manifest gives: a blob that runs on past it
	// (an endless body) is refused when it does, not at the byte bound.
	data, err := st.Get(e.BlobPath(), e.ContentLength)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, fmt.Errorf("lists blob %s, which the mirror does not have (%s)", e.Checksum, e.BlobPath())
		}
		if errors.Is(err, ErrTooBig) {
			return nil, longerBlob(e.BlobPath(), e.ContentLength)
		}
		return nil, err
	}
	if err := verify(e, data); err != nil {
		return nil, err
	}
	if e.Compression == "gzip" && !isGzip(data) {
		return nil, notGzipBlob(e.BlobPath())
	}
	if e.Compression == "gzip" || isGzip(data) {
		if data, err = gunzipOnce(data, limit); err != nil {
			return nil, overMax(fmt.Errorf("blob %s: %w", e.BlobPath(), wholeBlob(err)))
		}
	}
	return data, nil
}

// longerBlob is the error of the blob at rel that runs on past the n
// bytes its manifest gives; notGzipBlob of one that is not gzip though
// its manifest says so. Neither names the manifest (blob).
func longerBlob(rel string, n int64) error {
	return fmt.Errorf("blob %s is longer than the %d bytes its manifest says: the mirror is damaged, or changed while it was read", rel, n)
}

func notGzipBlob(rel string) error {
	return fmt.Errorf("blob %s is not gzip, and its manifest says its compression is gzip: the mirror is damaged", rel)
}

// overMax is err, told as over the limit that --max-download sets when it
// is (ErrTooBig): an error over the limit of Options.MaxBytes, and not over
// a bound of its own (a manifest's, a blob's length), which the flag does
// not move.
func overMax(err error) error {
	if errors.Is(err, ErrTooBig) {
		return fmt.Errorf("%w (--max-download BYTES sets that limit)", err)
	}
	return err
}

// verify checks a blob's length and sha256 against its manifest entry.
// Its errors do not name the manifest (blob).
func verify(e *Entry, data []byte) error {
	if int64(len(data)) != e.ContentLength {
		return fmt.Errorf("blob %s has %d bytes, and its manifest says %d: the mirror is damaged, or changed while it was read", e.BlobPath(), len(data), e.ContentLength)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != e.Checksum {
		return fmt.Errorf("blob %s has sha256 %s, and its manifest says %s: the mirror is damaged, or changed while it was read", e.BlobPath(), got, e.Checksum)
	}
	return nil
}

func isGzip(data []byte) bool { return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b }

// unpack gunzips data that starts as gzip does (Spack reads any blob so),
// to at most limit bytes, and returns it as it is otherwise.
func unpack(data []byte, limit int64) ([]byte, error) {
	if !isGzip(data) {
		return data, nil
	}
	return gunzipOnce(data, limit)
}

// gunzipOnce is gunzip of a file of the mirror, whose content, inflated,
// must not be gzip again: Spack inflates one layer and then reads JSON,
// and the index decoder, which inflates a gzip'd file itself, would take
// off the second layer without a word (a file gzip'd twice is refused
// as one).
func gunzipOnce(data []byte, limit int64) ([]byte, error) {
	out, err := gunzip(data, limit)
	if err == nil && isGzip(out) {
		return nil, errors.New("gzip'd twice (inflated once, it is gzip again): Spack reads one layer of gzip")
	}
	return out, err
}

// maxRatio bounds how many times its size a gzip'd blob may unpack to,
// as for a gzip'd Spack file (spackfmt.MaxRatio): a blob that unpacks to
// more is a bomb, which must not take the memory its unpacked size
// claims.
const maxRatio = spackfmt.MaxRatio

// gunzip unpacks data, failing past limit bytes unpacked, or past
// maxRatio times its size (at least 64 MB).
func gunzip(data []byte, limit int64) ([]byte, error) {
	zr, err := gzpool.Reader(data)
	if err != nil {
		return nil, gzipErr(err)
	}
	defer gzpool.Put(zr)
	most := min(limit, max(64<<20, int64(len(data))*maxRatio))
	out, err := readAll(zr, make([]byte, 0, min(int64(len(data))*4+512, most)), most)
	if err != nil {
		if most < limit && errors.Is(err, ErrTooBig) {
			return nil, fmt.Errorf("gzip: %d bytes unpack to more than %d (%d times): refused as a gzip bomb", len(data), most, maxRatio)
		}
		if errors.Is(err, errOnlySpace) {
			return nil, fmt.Errorf("unpacked: %w", err)
		}
		return nil, gzipErr(err)
	}
	return out, nil
}

// gzipErr is err of unpacking gzip, said to be of gzip once: the gzip
// package's own errors already start "gzip: ". A stream cut short, in a
// header, its data or a trailer, says so (it said "unexpected EOF").
func gzipErr(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("gzip: the stream is cut short, the file incomplete: %w", err)
	}
	if strings.HasPrefix(err.Error(), "gzip: ") {
		return err
	}
	return fmt.Errorf("gzip: %w", err)
}

// wholeBlob is err of gunzipping a blob already verified against its
// manifest: a stream cut short there is no download stopped early (the
// file incomplete, as gzipErr says), since its bytes are those the
// manifest checksums: the blob was cut before it was pushed, and reading
// it again gives the same.
func wholeBlob(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("gzip: the stream is cut short, in a blob whose length and sha256 are those its manifest gives: it was cut before it was pushed, and the mirror is damaged")
	}
	return err
}

// specFiles reads the spec manifests among names and returns them with
// their spec files, verified and unpacked, in the order of names: the
// loader reads them as it reads a folder of spec files (a v2 mirror's
// build_cache/ without its index), each manifest's spec file its root in
// the build cache and its other nodes out of it, as Spack's own index of
// the mirror would list them. A hash that two manifests write otherwise
// is then refused as it is between two spec files of a folder: made into
// one index here, the first copy was kept without a word. A spec that two
// manifests have for root (copies in two folders) is one spec, as the
// same spec file twice in a folder is, and as Spack's index of the mirror
// lists it: it was refused ("has another manifest too"), the copies
// alike.
// Spec files of several formats (pushed by two Spacks) are read as a
// folder's are too: the one index they were made into was of one
// database version, and refused them.
func (s *Source) specFiles(names []string, odd *NotRegularError, limit int64) ([]string, [][]byte, []*snapshot.Error, error) {
	// A link or a special file that is no spec manifest by its name is
	// a bad file of its own too, as a manifest that is one: a link may
	// be a folder of manifests (spec/zlib), not followed, and is not
	// left alone as a regular file of that name is. One, spec/zlib/x.json,
	// failed the whole mirror, even with --skip-invalid, the error
	// naming the first link met, a spec manifest's where one was a link
	// too.
	var manifests []string
	for _, name := range names {
		if strings.HasSuffix(name, specSuffix) && under(name) || odd != nil && odd.Errs[name] != nil {
			manifests = append(manifests, name)
		}
	}
	if len(manifests) == 0 {
		return nil, nil, nil, fmt.Errorf("a layout-v3 mirror without an index manifest (%s) and without spec manifests (%s/…/*%s): it holds no spec", indexManifest, specManifests, specSuffix)
	}
	// A spec manifest that is not a regular file (a symbolic link, List's
	// NotRegularError) is a bad manifest of its own, not read: it lost
	// the whole mirror, even with --skip-invalid. So is each where all
	// are: the mirror failed whole, naming the first alone, where as
	// many manifests that do not decode are each named, and with
	// --skip-invalid each is a skip entry, the mirror left with no spec
	// told so.
	bad := make([]error, len(manifests))
	if odd != nil {
		var read []string
		for i, name := range manifests {
			if bad[i] = odd.Errs[name]; bad[i] == nil {
				read = append(read, name)
			}
		}
		if len(read) < len(manifests) {
			var kept []string
			var specs [][]byte
			var errs []*snapshot.Error
			if len(read) > 0 {
				var err error
				if kept, specs, errs, err = s.specFiles(read, nil, limit); err != nil {
					return nil, nil, nil, err
				}
			}
			at := map[string]int{}
			for i, name := range manifests {
				at[joinName(s.store.Name(), name)] = i
				if bad[i] != nil {
					errs = append(errs, s.manifestError(name, bad[i]))
				}
			}
			slices.SortStableFunc(errs, func(a, b *snapshot.Error) int { return cmp.Compare(at[a.File], at[b.File]) })
			return kept, specs, errs, nil
		}
	}
	// A manifest that does not hold (it does not decode, its blob is
	// gone or not the one it lists, its spec file is not the spec its
	// name says) is an error of its own, naming it, as a folder's bad
	// spec file is: the others are read, and --skip-invalid leaves it
	// out and lists it (one bad manifest lost the whole mirror, told as
	// "no valid package page left").
	// Two batches: the manifests, then the blobs they name (from git,
	// two processes whatever the number of specs).
	// One manifest over the limit is its own error too (BatchError):
	// it lost the whole mirror, "no valid package page left" with
	// --skip-invalid.
	texts, err := getMany(s.store, manifests, maxManifest)
	if be, ok := errors.AsType[*BatchError](err); ok {
		for i, e := range be.Errs {
			if e != nil && !errors.Is(e, ErrTooBig) {
				return nil, nil, nil, e
			}
			bad[i] = cmp.Or(bad[i], e)
		}
	} else if err != nil {
		return nil, nil, nil, err
	}
	entries := make([]*Entry, len(manifests))
	var blobPaths []string
	var blobOf []int // the manifest of each of blobPaths
	for i, name := range manifests {
		if bad[i] != nil {
			continue
		}
		m, err := DecodeManifest(name, texts[i])
		if err != nil {
			bad[i] = err
			continue
		}
		// The first spec blob, as Spack reads it (pick).
		e, _, err := m.pick(name, "spec file", specMediaPrefix, spackfmt.MinSpec, spackfmt.MaxSpec)
		if err != nil {
			bad[i] = err
			continue
		}
		if e.ContentLength > limit {
			bad[i] = overMax(fmt.Errorf("%s lists blob %s of %d bytes, %w of %d", name, e.Checksum, e.ContentLength, ErrTooBig, limit))
			continue
		}
		if h, ok := s.store.(hasStore); ok && !h.Has(e.BlobPath()) {
			bad[i] = fmt.Errorf("%s lists blob %s, which the mirror does not have (%s)", name, e.Checksum, e.BlobPath())
			continue
		}
		entries[i] = e
		blobPaths, blobOf = append(blobPaths, e.BlobPath()), append(blobOf, i)
	}
	texts = nil
	// Each at most the longest length a manifest gives (each length is
	// then checked exactly).
	var longest int64
	for _, i := range blobOf {
		longest = max(longest, entries[i].ContentLength)
	}
	blobs, err := s.specBlobs(blobPaths, blobOf, longest, manifests, entries, bad)
	if err != nil {
		return nil, nil, nil, err
	}
	specs := make([][]byte, len(manifests))
	for k, i := range blobOf {
		if bad[i] != nil {
			continue
		}
		spec, err := s.specFile(manifests[i], entries[i], blobs[k], limit)
		blobs[k] = nil
		if err != nil {
			bad[i] = err
			continue
		}
		specs[i] = spec
	}
	var kept []string
	var keptSpecs [][]byte
	var errs []*snapshot.Error
	for i, name := range manifests {
		if bad[i] != nil {
			errs = append(errs, s.manifestError(name, bad[i]))
			continue
		}
		kept, keptSpecs = append(kept, name), append(keptSpecs, specs[i])
	}
	return kept, keptSpecs, errs, nil
}

// manifestError is the loader's error of the bad spec manifest name, err.
func (s *Source) manifestError(name string, err error) *snapshot.Error {
	// Named by the error's File: its message says the rest.
	if se, ok := err.(*spackfmt.Error); ok && se.File == name {
		// A clear-signed manifest's armour (spackfmt.Unwrap)
		// at its line and column, as its JSON is placed: the
		// file was named twice, "loading DIR/v3/…json:
		// v3/…json:16:30: (signature): …".
		return &snapshot.Error{File: joinName(s.store.Name(), name), Line: se.Line, Col: se.Col, Msg: se.Path + ": " + se.Msg}
	}
	// Taken out as it begins the message, raw (a manifest's own
	// error, a git tree's) or quoted (a folder's, Dir.Get):
	// a folder's over the limit under zlіb (its і Cyrillic) was
	// named twice, the second time clipped.
	msg := err.Error()
	msg = strings.TrimPrefix(strings.TrimPrefix(msg, name+": "), name+" ")
	if q := shownRel(name); q != name {
		msg = strings.TrimPrefix(msg, q+": ")
	}
	return &snapshot.Error{File: joinName(s.store.Name(), name), Msg: msg}
}

// specBlobs reads the blobs at blobPaths, each listed by the spec
// manifest blobOf gives (of manifests, entries), at most longest bytes:
// in one batch where the store reads so (a git tree, which told a blob
// gone before, hasStore), else one by one, a blob gone or longer than
// its manifest says noted in bad as its manifest's error, which does
// not name the manifest: the loader names it, as the error's File (blob).
// A blob gone from a batch fails the whole mirror, its manifest named as
// a message names a file of the mirror (shownRel).
func (s *Source) specBlobs(blobPaths []string, blobOf []int, longest int64, manifests []string, entries []*Entry, bad []error) ([][]byte, error) {
	if _, ok := s.store.(batchStore); ok {
		blobs, err := getMany(s.store, blobPaths, longest)
		if errors.Is(err, ErrNotFound) {
			// Named by its manifest, as the index's missing blob is
			// (blob): the store's error names the blob alone.
			for k, rel := range blobPaths {
				if strings.HasPrefix(err.Error(), rel+":") {
					i := blobOf[k]
					return nil, fmt.Errorf("%s lists blob %s, which the mirror does not have (%s)", shownRel(manifests[i]), entries[i].Checksum, rel)
				}
			}
			return nil, fmt.Errorf("a spec manifest lists a blob the mirror does not have: %w", err)
		}
		return blobs, err
	}
	blobs := make([][]byte, len(blobPaths))
	for k, rel := range blobPaths {
		i := blobOf[k]
		data, err := s.store.Get(rel, longest)
		switch {
		case errors.Is(err, ErrNotFound):
			bad[i] = fmt.Errorf("lists blob %s, which the mirror does not have (%s)", entries[i].Checksum, rel)
		case errors.Is(err, ErrTooBig):
			bad[i] = longerBlob(rel, entries[i].ContentLength)
		case err != nil:
			return nil, err
		}
		blobs[k] = data
	}
	return blobs, nil
}

// hasStore is a Store that tells whether it holds a file without reading
// it (a git tree): a spec manifest whose blob is gone is then told apart
// before the batch that reads the others.
type hasStore interface {
	Has(rel string) bool
}

// specFile verifies the blob of e, listed in the spec manifest name,
// unpacks it, and checks that its spec file's root is the spec the
// manifest's name gives.
func (s *Source) specFile(name string, e *Entry, data []byte, limit int64) ([]byte, error) {
	if err := verify(e, data); err != nil {
		return nil, err
	}
	spec := data
	if e.Compression == "gzip" && !isGzip(spec) {
		// As blob says it of an index's: gunzipped, it was "blob
		// <checksum>: gzip: invalid header", the gzip reader's words.
		return nil, notGzipBlob(e.BlobPath())
	}
	if e.Compression == "gzip" || isGzip(spec) {
		var err error
		if spec, err = gunzipOnce(spec, limit); err != nil {
			return nil, overMax(fmt.Errorf("%s: blob %s: %w", name, e.Checksum, wholeBlob(err)))
		}
		if cap(spec)-len(spec) > len(spec)/8 {
			// Kept until the loader reads it, with the others:
			// gunzip's buffer has room for four times the blob and
			// more, and a mirror of tiny gzip'd specs held several
			// times its spec files' bytes.
			spec = bytes.Clone(spec)
		}
	}
	want := strings.TrimSuffix(path.Base(name), specSuffix)
	if i := strings.LastIndexByte(want, '-'); i >= 0 {
		want = want[i+1:]
	}
	_, nodes, err := specNodes(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: the spec file of blob %s: %v", name, e.Checksum, err)
	}
	for i, n := range nodes {
		hash, err := nodeHash(n)
		if err != nil {
			// A value of the wrong kind in JSON's words, as specNodes
			// tells the blob's others: it said the node had no hash.
			return nil, fmt.Errorf("%s: the spec file of blob %s: spec.nodes[%d]%v", name, e.Checksum, i, err)
		}
		if hash == "" {
			return nil, fmt.Errorf("%s: node %d of its spec file has no hash", name, i+1)
		}
		if i > 0 {
			continue
		}
		if hash != want {
			return nil, fmt.Errorf("%s: the spec file's root is %s, and the manifest's name says %s", name, shownHash(hash), shownHash(want))
		}
	}
	return spec, nil
}

// batchStore is a Store that reads several files at once more cheaply
// than one by one (a git tree: one git process).
type batchStore interface {
	GetMany(rels []string, limit int64) ([][]byte, error)
}

// BatchError is the error of a batchStore's GetMany that could not read
// some of the files rels (over the limit): Errs[i] is the error of
// rels[i], nil for each file read, and GetMany returns the files read
// with it. It stops at no such file: a batch that stopped at the first
// one over the limit and started again past it cost one git process per
// such file, N for a mirror whose N spec files are all over it.
type BatchError struct {
	Errs []error
}

func (e *BatchError) Error() string {
	for _, err := range e.Errs {
		if err != nil {
			return err.Error()
		}
	}
	return "no error"
}

// Unwrap is the files' errors, for errors.Is(err, ErrTooBig).
func (e *BatchError) Unwrap() []error {
	var out []error
	for _, err := range e.Errs {
		if err != nil {
			out = append(out, err)
		}
	}
	return out
}

// getMany reads the files rels, in a batch where the store can. A store
// that reads one by one goes on past a file over the limit (ErrTooBig,
// in a BatchError) and stops at any other error, returned as it is.
func getMany(st Store, rels []string, limit int64) ([][]byte, error) {
	if b, ok := st.(batchStore); ok {
		return b.GetMany(rels, limit)
	}
	out := make([][]byte, len(rels))
	var errs []error
	for i, rel := range rels {
		data, err := st.Get(rel, limit)
		if errors.Is(err, ErrTooBig) {
			if errs == nil {
				errs = make([]error, len(rels))
			}
			errs[i] = err
			continue
		}
		if err != nil {
			return out, err
		}
		out[i] = data
	}
	if errs != nil {
		return out, &BatchError{Errs: errs}
	}
	return out, nil
}

// nodeHash returns a spec file's node's "hash", "" when it has none. Its
// error, a node or a hash of the wrong kind, starts with the path from
// the node (": an array, want an object", ".hash: a number, want a
// string").
func nodeHash(n json.RawMessage) (string, error) {
	var h string
	node, err := object(n)
	if err != nil {
		return "", fmt.Errorf(": %s", typeText(err))
	}
	if raw, ok := node["hash"]; ok {
		if err := json.Unmarshal(raw, &h); err != nil {
			return "", fmt.Errorf(".hash: %s", typeText(err))
		}
	}
	return h, nil
}

// blobDefect is the error of the first defect of a spec blob's text
// data[:end], JSON that failed to decode or, end < len(data), the text
// before a byte that is no UTF-8, as DecodeManifest tells it: broken
// JSON, its character quoted whole (syntaxText); data after a document;
// the JSON cut short, when cut; or nil. A json.Decoder reads it:
// Unmarshal told JSON cut inside a literal or a number as a space after
// it, which the blob does not hold ("invalid character ' ' in literal
// false (expecting 'l')" for a blob ending "fa", "unexpected end of JSON
// input" for one ending "false").
func blobDefect(data []byte, end int, cut bool) error {
	var v json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data[:end]))
	err := dec.Decode(&v)
	if err == nil && len(bytes.TrimLeft(data[dec.InputOffset():end], " \t\r\n")) > 0 {
		err = json.Unmarshal(data[:end], &v) // data after it, in Unmarshal's words
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return syntaxError(se, data)
	case (errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)) && cut:
		// io.EOF: no JSON before the character (none, or white space,
		// or a byte order mark cut inside), cut as one cut after a byte
		// of JSON is, as DecodeManifest tells it.
		return fmt.Errorf("%s: unexpected end of JSON input", lineCol(data, len(data)))
	}
	return nil
}

// syntaxError is se, an error of decoding a spec blob's text data, at
// its line and column (of the text past a byte order mark, as spackfmt
// counts them), as a manifest's syntax error is told: the byte
// encoding/json stopped at, or the end of the text.
func syntaxError(se *json.SyntaxError, data []byte) error {
	off := int(se.Offset) - 1
	if se.Error() == "unexpected end of JSON input" {
		off = len(data)
	}
	return fmt.Errorf("%s: %s", lineCol(data, off), syntaxText(se, data))
}

// specNodes returns a spec file's format version and its nodes, root
// first. It reads past a UTF-8 byte order mark, as the loader reads the
// spec file itself (spackfmt): Go's json refused one ("invalid character
// 'ï'"), and a spec blob that a folder's spec file reads as was refused.
func specNodes(data []byte) (int, []json.RawMessage, error) {
	var v int
	var nodes []json.RawMessage
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(data) == 0 {
		// Cut before its first byte (or past its byte order mark), as
		// one cut after a space is told: object reads no bytes as no
		// members, and the blob said "no nodes".
		return 0, nil, fmt.Errorf("%s: unexpected end of JSON input", lineCol(data, 0))
	}
	if !utf8.Valid(data) {
		// Spack reads a spec file as UTF-8 text, and refuses it; Go's
		// json would read such a byte as U+FFFD. The first defect is
		// told, as DecodeManifest tells it: broken JSON before the
		// byte, and the JSON cut short when the text ends inside a
		// character, as one cut anywhere else.
		at := notUTF8(data)
		if err := blobDefect(data, at, !utf8.FullRune(data[at:])); err != nil {
			return 0, nil, err
		}
		return 0, nil, fmt.Errorf("%s: not UTF-8 text", lineCol(data, at))
	}
	top, err := object(data)
	if se := (*json.SyntaxError)(nil); errors.As(err, &se) {
		// The character at the error whole, as DecodeManifest quotes
		// it: encoding/json named the first byte of one past ASCII as
		// a character of its own ('Ã' for "\é").
		if err := blobDefect(data, len(data), true); err != nil {
			return 0, nil, err
		}
		return 0, nil, syntaxError(se, data)
	}
	// A value of the wrong kind is told in JSON's words (typeText), as
	// a manifest's is: "spec.nodes: an object, want a list", not Go's
	// "json: cannot unmarshal object into Go value of type
	// []json.RawMessage".
	if err != nil {
		return 0, nil, errors.New(typeText(err))
	}
	spec, err := object(top["spec"])
	if err != nil {
		return 0, nil, fmt.Errorf("spec: %s", typeText(err))
	}
	meta, err := object(spec["_meta"])
	if err != nil {
		return 0, nil, fmt.Errorf("spec._meta: %s", typeText(err))
	}
	// Read as Spack reads it, int() of it: "4", 4.0 and 4.5 are 4, as
	// in a spec file on disk (spackfmt).
	if raw, ok := meta["version"]; ok {
		if v, err = spackfmt.SpecFileVersion(raw); err != nil {
			return 0, nil, fmt.Errorf("spec._meta.version: %v", err)
		}
	}
	if raw, ok := spec["nodes"]; ok {
		if err := json.Unmarshal(raw, &nodes); err != nil {
			return 0, nil, fmt.Errorf("spec.nodes: %s", typeText(err))
		}
	}
	if len(nodes) == 0 {
		return 0, nil, errors.New("no nodes")
	}
	if v < spackfmt.MinSpec || v > spackfmt.MaxSpec {
		return 0, nil, fmt.Errorf("spec format %d is not supported (cachediff reads %d to %d)", v, spackfmt.MinSpec, spackfmt.MaxSpec)
	}
	return v, nodes, nil
}

// object returns the members of the JSON object data (none when data is
// null or empty), read as Spack reads them, with Python's json: keys
// match exactly, and the last of a key given twice wins. (Decoded into a
// struct, keys would match in any case: a "Nodes" beside "nodes", or a
// "Hash" beside "hash", would show cachediff another DAG than the one
// Spack reads.)
func object(data []byte) (map[string]json.RawMessage, error) {
	if len(data) == 0 {
		return nil, nil
	}
	var m map[string]json.RawMessage
	err := json.Unmarshal(data, &m)
	return m, err
}

// member decodes obj's member key into dst, and leaves dst as it is when
// obj has none.
func member(obj map[string]json.RawMessage, key string, dst any) error {
	v, ok := obj[key]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(v, dst); err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	return nil
}
