package snapshot

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// SiteSource is a Source of a folder of the site cache.spack.io is built
// from (a folder on disk, a tree at a git revision), which can say where
// its files are in it: the loader refuses a page that Jekyll, which
// builds the site, does not publish by its name (publishRule), since the
// site would lose its package while cachediff read it.
type SiteSource interface {
	Source
	// SitePath returns the snapshot's folder as a slash-separated path
	// starting with "/" (on disk its path from the top of the git work
	// tree that holds it, else its absolute path; in git its path from
	// the top of the repository), or "" when it is not known.
	SitePath() string
	// RelPath returns f's path inside the snapshot's folder,
	// slash-separated, or "" for a file named on the command line or one
	// the source cannot place.
	RelPath(f File) string
}

// collectionDir is the folder of the catalogue's pages, Jekyll's
// collection "cache": _cache/<tag>/<package>/specs.md.
const collectionDir = "_cache"

// publishRule tells the pages of a snapshot that Jekyll leaves out by
// their paths. Jekyll reads a collection's documents (Collection#entries
// and EntryFilter) by their paths relative to the collection's folder,
// _cache: one is left out when that path or its base name starts with
// '.', '_', '#' or '~', or when it ends with '~' (a backup, which no
// *.md file is). So a page's own name counts, and the first folder below
// _cache (the tag's), but not a package's folder:
// _cache/develop/_llvm/specs.md is published.
type publishRule struct {
	src SiteSource // nil: no rule (a single file, standard input, a mirror)
	// tagFolder says the snapshot's folder is _cache itself, so that the
	// first folder of a page's path in it is the tag's.
	tagFolder bool
	// site is src.SitePath(), asked once (on disk it looks for the work
	// tree's top).
	site string
	// siteSegs are the folders of site when it is measured from a site's
	// top (in git always; on disk, dirSource.site), so that a folder
	// _cache in it is the collection's: the last such is siteSegs[siteAt]
	// (-1: none; siteSegs nil: site says nothing). Split once, not per
	// file.
	siteSegs []string
	siteAt   int
}

// newPublishRule returns the rule for the pages of src.
func newPublishRule(src Source) publishRule {
	s, ok := src.(SiteSource)
	if !ok {
		return publishRule{siteAt: -1}
	}
	r := publishRule{src: s, siteAt: -1}
	rooted := true
	if d, ok := src.(*dirSource); ok {
		r.site, rooted = d.site()
	} else {
		r.site = s.SitePath()
	}
	if site := path.Clean(r.site); rooted && r.site != "" && site != "/" && site != "." {
		r.siteSegs = strings.Split(strings.TrimPrefix(site, "/"), "/")
		for i, seg := range r.siteSegs {
			if seg == collectionDir {
				r.siteAt = i
			}
		}
	}
	if site := r.site; site != "" {
		r.tagFolder = path.Base(path.Clean(site)) == collectionDir
	}
	return r
}

// leftOut returns why Jekyll does not publish the page f of the package
// pkg and tag tag as cachediff reads it, or "" when it does (or the rule
// cannot tell: a file named on the command line is read as asked);
// atTag says the reason is the page's tag (tagMoved), whose line it is
// at. A page in a folder whose name starts with a dot is not found by
// the walk (dirsrc, gitsrc): under a tag's folder of _cache the folder
// is bad input (dotFolder).
func (r publishRule) leftOut(f File, pkg, tag string) (why string, atTag bool) {
	if r.src == nil || f.Root {
		return "", false
	}
	rel := r.src.RelPath(f)
	if rel == "" {
		return "", false
	}
	if why := r.pathLeftOut(f, rel, pkg); why != "" {
		return why, false
	}
	return r.tagMoved(rel, tag), true
}

// pathLeftOut is leftOut's reasons by the path rel of the page f in the
// snapshot's folder.
func (r publishRule) pathLeftOut(f File, rel, pkg string) string {
	segs := strings.Split(rel, "/")
	base := segs[len(segs)-1]
	home := strings.TrimSuffix(f.Name, f.Base) + "specs.md" // where the page belongs
	if jekyllSpecial(base) {
		return fmt.Sprintf("the site leaves this page (package %s) out: Jekyll, which builds it, does not publish a file whose name starts with %q; the page belongs at %s",
			quotedName(pkg), base[:1], CutShown(home, MaxPathShown, shownPath))
	}
	// The tag's folder: the first one below _cache.
	first := -1
	if r.tagFolder {
		first = 0
	} else {
		for i, s := range segs[:len(segs)-1] {
			if s == collectionDir {
				first = i + 1
				break
			}
		}
	}
	if first >= 0 && first < len(segs)-1 && jekyllSpecial(segs[first]) {
		return fmt.Sprintf("the site leaves this page (package %s) out: Jekyll, which builds it, does not publish the pages of a tag folder whose name starts with %q (%s); a page belongs at _cache/<tag>/<package>/specs.md",
			quotedName(pkg), segs[first][:1], shownFolder(segs[first]))
	}
	if msg := r.addressMoved(segs, pkg); msg != "" {
		return msg
	}
	if base == "specs.md" && spackName(pkg) {
		if below, ok := r.belowPackage(segs); ok && below != "" {
			// The folders are quoted in ASCII (quoteNameShort): %q
			// left a lookalike (a Cyrillic а) as it is.
			t := shorten(pkg, maxNameQuoted)
			return fmt.Sprintf("this page, titled %q, is in folder %s below its tag's package folders: the site shows a page at its folder's address, so %s's address would lose its specs; a page belongs at _cache/<tag>/<title>/specs.md",
				t, quoteNameShort(below, maxNameQuoted), t)
		}
	}
	if dir, ok := r.folder(segs); ok && base == "specs.md" && spackName(pkg) {
		if dir != pkg {
			// The title is ASCII (spackName); a folder that is not is
			// quoted in ASCII, both times (quoteName), and so is one
			// that shownPath would quote: "as q\nr's" held the folder's
			// newline raw, and read as the folder q\nr of a backslash.
			t, d := shorten(pkg, maxNameQuoted), shorten(dir, maxNameQuoted)
			qd := quoteNameShort(dir, maxNameQuoted)
			if qd != strconv.Quote(d) || shownFolder(dir) != d {
				d = qd
			}
			return fmt.Sprintf("this page is titled %q but is in folder %s: the site shows a page at its folder's address, so it would show %s's specs as %s's; a page belongs at _cache/<tag>/<title>/specs.md",
				t, qd, t, d)
		}
	}
	return ""
}

// tagMoved returns why the page at the path rel in the snapshot's
// folder, whose categories give it the tag tag, is bad input when it is
// below a tag's folder of _cache named otherwise, or "". The generator (generate_cache.py) writes the pages
// of a tag at _cache/<tag>/ with categories: [package, <tag>], and the
// tag's listing (/tag/<tag>/, layout table) shows the pages whose tag
// is its own: a pull request that retagged every page of
// _cache/v0.23.1 as v0.23.2 passed a gate with "no changes", while the
// listing of v0.23.1 showed no package (and that of v0.23.2 two of
// each). It splits no path: it runs for every page.
func (r publishRule) tagMoved(rel, tag string) string {
	folder, ok := r.tagFolderOf(rel)
	if !ok || folder == tag || jekyllSpecial(folder) {
		return ""
	}
	has := "tag " + quoteNameShort(tag, maxNameQuoted)
	if tag == "" {
		has = "no tag"
	}
	d := quoteNameShort(folder, maxNameQuoted)
	return fmt.Sprintf("this page has %s but is in %s's tag folder %s: the site lists a page under its own tag, so the listing of %s would not show it; the catalogue writes the pages of %s/<tag>/ with categories: [package, <tag>]",
		has, collectionDir, d, d, collectionDir)
}

// tagFolderOf returns the name of the tag's folder of _cache that holds
// the page at the path rel in the snapshot's folder (the first folder
// below _cache, which is in the snapshot's own path, or in rel, or is
// rel's first when the snapshot's folder is _cache), as collectionPath
// tells it, with the page at least two levels below _cache; ok is false
// when no such folder holds it.
func (r publishRule) tagFolderOf(rel string) (folder string, ok bool) {
	depth := strings.Count(rel, "/") + 1 // rel's parts
	switch {
	case r.siteAt >= 0:
		if len(r.siteSegs)+depth < r.siteAt+3 {
			return "", false
		}
		if r.siteAt+1 < len(r.siteSegs) {
			return r.siteSegs[r.siteAt+1], true
		}
		first, _, _ := strings.Cut(rel, "/")
		return first, true
	case depth >= 3 && (strings.HasPrefix(rel, collectionDir+"/") || strings.Contains(rel, "/"+collectionDir+"/")):
		// _cache among rel's folders: the first, as slices.Index finds it.
		i := 0
		if !strings.HasPrefix(rel, collectionDir+"/") {
			i = strings.Index(rel, "/"+collectionDir+"/") + 1
		}
		if first, _, found := strings.Cut(rel[i+len(collectionDir)+1:], "/"); found {
			return first, true
		}
	}
	if r.tagFolder && depth >= 2 {
		first, _, _ := strings.Cut(rel, "/") // the snapshot's folder is _cache, out of a site
		return first, true
	}
	return "", false
}

// addressMoved returns why the page at the path segs in the snapshot's
// folder, of the package pkg, is bad input when a folder between _cache
// and it (the tag's, the package's) has a name that Jekyll's address of
// the page does not keep, or "". The collection's permalink is
// /package/:path/, and URL#sanitize_url rewrites the dots of :path:
// Jekyll 4 turns ".." into "/" and drops "./", Jekyll 3 drops any run of
// dots before "/". So _cache/develop/bc../specs.md is written at
// /package/develop/bc/specs/, bc's address, where one of the two pages
// overwrites the other: a pull request that added it, titled "bc..",
// passed a gate with "added package bc.." while the site showed none of
// its specs. A name ending with a dot, or holding "..", is refused; a
// dot inside a name (py.x) stays. So is a name holding "'", "?" or
// "#" (the message says why). A folder starting with a dot is
// dotFolder's.
func (r publishRule) addressMoved(segs []string, pkg string) string {
	full, at := r.collectionPath(segs)
	if at < 0 || len(full) < at+3 {
		return ""
	}
	dirs := full[at+1 : len(full)-1]
	for _, d := range dirs {
		if i := strings.IndexAny(d, "'?#"); i >= 0 {
			// Jekyll 4.3 keeps "'" in the address (Addressable keeps
			// sub-delims), and the listing prints the link inside
			// href='...'; "?" and "#" start the address's query or
			// fragment, so the link leads to another address.
			return fmt.Sprintf("this page (package %s) is in folder %s, whose %q the site's address does not keep as a name: a \"?\" or \"#\" starts its query or fragment, so the page's link leads elsewhere, and a \"'\" ends the tag listing's href='...'; a page belongs at _cache/<tag>/<title>/specs.md",
				quotedNameShort(pkg, maxNameQuoted), quoteNameShort(d, maxNameQuoted), d[i:i+1])
		}
		if !strings.HasSuffix(d, ".") && !strings.Contains(d, "..") {
			continue
		}
		// Jekyll 4's address, whose ".." can name another package's.
		page := full[len(full)-1]
		page = strings.TrimRight(strings.TrimSuffix(page, path.Ext(page)), ".")
		addr := "/package/" + strings.Join(dirs, "/") + "/" + page + "/"
		addr = strings.ReplaceAll(addr, "..", "/")
		addr = strings.ReplaceAll(addr, "./", "")
		for strings.Contains(addr, "//") {
			addr = strings.ReplaceAll(addr, "//", "/")
		}
		return fmt.Sprintf("this page (package %s) is in folder %s, a name the site's address does not keep: Jekyll turns \"..\" into \"/\" and drops a dot before \"/\" (Jekyll 3 drops the dots), so the site shows it at %s, another folder's address, where one page can overwrite another; a page belongs at _cache/<tag>/<title>/specs.md",
			quotedNameShort(pkg, maxNameQuoted), quoteNameShort(d, maxNameQuoted), shownAddress(addr))
	}
	return ""
}

// folder returns the name of the folder of the page at the path segs in
// the snapshot's folder: the last folder of segs, or for a page at the
// top the snapshot folder's own, so that a page is held to the same
// folder whichever folder above it is named. ok is false when the
// snapshot's folder has no name (the top of a repository, or /).
func (r publishRule) folder(segs []string) (name string, ok bool) {
	if len(segs) >= 2 {
		return segs[len(segs)-2], true
	}
	site := r.site
	if site == "" {
		return "", false
	}
	name = path.Base(path.Clean(site))
	return name, name != "/" && name != "."
}

// beside returns why f, a file of a folder walk other than a specs.md,
// is bad input where cachediff does not read it as a Spack file: under a
// tag's folder of _cache (in the snapshot's path, or in the snapshot),
// or "" when it is not under one, or Jekyll leaves it out by name.
// There Jekyll renders any file whose first line is --- as a package
// page, whatever its name, with the catalogue's layout (its defaults
// give every document of _cache one), at an address from its path
// without its extension (bc/specs.txt or bc/index.md takes or adds to
// bc's), and copies any other file to its own address (bc/specs.html);
// a pull request that added one passed a gate with "no changes" while
// the site showed other specs. The catalogue writes nothing but
// <package>/specs.md there; a specs.md out of place is judged as a page
// (leftOut). The loader asks this of the files it does not read, and
// of those it reads that turn out to be no Spack file (besideRead).
func (r publishRule) beside(f File) string {
	if r.src == nil || f.Root || f.Mode.Type() != 0 || f.Base == "specs.md" || jekyllSkipsFile(f.Base) {
		return ""
	}
	where := r.under(f)
	if where == "" {
		return ""
	}
	return fmt.Sprintf("the site publishes this file among the catalogue's pages, where the catalogue writes nothing but <package>/specs.md (under %s/%s): with front matter, whatever its name, Jekyll renders it as a package page with the catalogue's layout, at its path's address without the extension (bc/specs.txt takes bc's), and copies it to its address without; cachediff reads no such page",
		collectionDir, where)
}

// atTagPlace returns why f, the file named on the command line, is bad
// input where the site has a tag's folder (_cache/develop a file, not a
// folder), or "" elsewhere. Jekyll publishes such a file as one document
// at its own address, or copies it as it is, and no page of the tag;
// cachediff read it as the snapshot, so a pull request that replaced the
// folder _cache/develop with a file _cache/develop holding a lockfile of
// the same specs passed the CI recipe's gate (git:HEAD^1:_cache/develop
// against git:HEAD:_cache/develop) with "no changes" while the site lost
// every page of the tag. A file named deeper (_cache/develop/spack.lock)
// is read as asked, as is one whose name Jekyll leaves out (_cache/_x). So is a file where the site has its catalogue's
// folder, _cache itself: Jekyll publishes no file whose name starts
// with "_", and a pull request that replaced the folder _cache with a
// file _cache holding a lockfile of the same specs passed a gate on
// PATH _cache (git:HEAD^1:_cache against git:HEAD:_cache) with "no
// changes" while the site lost every page.
func (r publishRule) atTagPlace(f File) string {
	if r.src == nil || !f.Root || r.siteAt < 0 {
		return ""
	}
	if r.siteAt == len(r.siteSegs)-1 {
		return fmt.Sprintf("a file where the site has its catalogue's folder (%s): Jekyll publishes no file whose name starts with \"_\", and no page of any tag, while cachediff would read it as the snapshot; the catalogue writes a folder of <tag>/<package>/specs.md there",
			collectionDir)
	}
	if r.siteAt != len(r.siteSegs)-2 {
		return ""
	}
	// Nor is one Jekyll leaves out by its name (_cache/_x, .x, x~):
	// the site publishes nothing there, and a folder of Spack files
	// kept there named as the snapshot is read as asked, so the same
	// lockfile as a file _cache/_x was refused, "Jekyll publishes it as
	// one document", while _cache/_x/spack.lock loaded.
	if jekyllSkipsFile(r.siteSegs[r.siteAt+1]) {
		return ""
	}
	tag := shownFolder(r.siteSegs[r.siteAt+1])
	return fmt.Sprintf("a file where the site has a tag's folder (%s/%s): Jekyll publishes it as one document at its own address, or copies it as it is, and no page of the tag, while cachediff would read it as the snapshot; the catalogue writes a folder of <package>/specs.md there",
		collectionDir, tag)
}

// dotFolder returns why f, a folder whose name starts with a dot, which
// the walk does not enter (on disk, and in git), is bad input: under a
// tag's folder of _cache, Jekyll publishes the files in it (it leaves
// out a file by its own name, or by the tag's folder's, not by a folder
// between them), and a page there can take a package's address by its
// permalink, which cachediff reads on no page it does not read; a pull
// request that added _cache/develop/llvm/t/.x/specs.md so passed a gate
// with "no changes". "" elsewhere.
func (r publishRule) dotFolder(f File) string {
	if r.src == nil || f.Root || !f.Mode.IsDir() || !strings.HasPrefix(f.Base, ".") {
		return ""
	}
	tag := r.tagOf(f)
	if tag == "" {
		return ""
	}
	return fmt.Sprintf("a folder whose name starts with a dot among the catalogue's pages (under %s/%s): Jekyll publishes the files in it, and a page there can take a package's address, while cachediff does not look inside; the catalogue writes no such folder",
		collectionDir, tag)
}

// under returns the name of the tag's folder of _cache that holds f
// (shortened to quote), or "" when none does, Jekyll leaves f out by
// name, or f is named on the command line.
func (r publishRule) under(f File) string {
	if r.src == nil || f.Root || jekyllSkipsFile(f.Base) {
		return ""
	}
	return r.tagOf(f)
}

// tagOf returns the name of the tag's folder of _cache below which f is
// (shownFolder), or "": none, or one Jekyll leaves out.
func (r publishRule) tagOf(f File) string {
	rel := r.src.RelPath(f)
	if rel == "" {
		return ""
	}
	full, at := r.collectionPath(strings.Split(rel, "/"))
	if at < 0 || len(full) < at+3 || jekyllSpecial(full[at+1]) {
		return ""
	}
	return shownFolder(full[at+1])
}

// inCollection reports whether f, a file of a folder walk, is directly
// in the folder _cache (as collectionPath places it), beside the tags'
// folders.
func (r publishRule) inCollection(f File) bool {
	rel := r.src.RelPath(f)
	if rel == "" {
		return false
	}
	full, at := r.collectionPath(strings.Split(rel, "/"))
	return at >= 0 && len(full) == at+2
}

// skippedTag returns the name of the folder directly below _cache that
// holds f, a file of a folder walk, when Jekyll leaves that folder out
// by its name (_d, #d, ~d; shownFolder) and the walk found it, or
// "". A snapshot named at or below such a folder (_cache/_x, Spack's
// files kept beside the catalogue where the site publishes nothing) is
// read as asked.
func (r publishRule) skippedTag(f File) string {
	rel := r.src.RelPath(f)
	if rel == "" {
		return ""
	}
	full, at := r.collectionPath(strings.Split(rel, "/"))
	if at < 0 || len(full) < at+3 || !jekyllSpecial(full[at+1]) {
		return ""
	}
	if r.siteAt >= 0 && at+1 < len(r.siteSegs) {
		return ""
	}
	return shownFolder(full[at+1])
}

// besideRead returns why the candidate c, read with the result res, is
// bad input as beside says, or "": a page by its layout, a Markdown file
// that is no page, or a file named like a Spack file that no decoder
// detected (a JSON file with front matter); never a file named as a
// Spack file is (index.json: its own error), one that must be a page,
// or one whose decoder said what is wrong with it (the 2021–2022
// layout's index.md, a broken page).
func (r publishRule) besideRead(c candidate, res result) string {
	if c.must {
		return ""
	}
	if res.err == nil && res.kind != spackfmt.Unknown {
		// A Spack file read: the site copies it as it is and shows its
		// specs at no package's address, so a pull request that
		// replaced a package's page with a lockfile of the same specs
		// passed a gate with "no changes" while the page was gone.
		// One whose name Jekyll leaves out (_spack.lock, .x.json) is
		// no page either: the site publishes nothing of it, and a pull
		// request that replaced every page with _cache/develop/_spack.lock
		// of the same specs passed the gate with "no changes".
		if r.src == nil || c.file.Root {
			return ""
		}
		if where := r.tagOf(c.file); where != "" {
			shown := "copies it as it is and shows its specs at no package's address"
			if jekyllSkipsFile(c.file.Base) {
				shown = "leaves it out by its name, as Jekyll does, and shows its specs nowhere"
			}
			return fmt.Sprintf("a Spack file among the catalogue's pages (under %s/%s), where the catalogue writes nothing but <package>/specs.md: the site %s, while cachediff would read them as the snapshot's; name a folder of Spack files outside %s",
				collectionDir, where, shown, collectionDir)
		}
		// Nor directly in _cache, beside the tags' folders: a pull
		// request that deleted every page of _cache/develop and added
		// _cache/spack.lock (or _cache/_spack.lock) of the same specs
		// passed a gate on PATH _cache with "no changes".
		if r.inCollection(c.file) {
			shown := "copies it as it is and shows its specs at no package's address"
			if jekyllSkipsFile(c.file.Base) {
				shown = "leaves it out by its name, as Jekyll does, and shows its specs nowhere"
			}
			return fmt.Sprintf("a Spack file in the catalogue's folder (%s), where the catalogue writes nothing but <tag>/<package>/specs.md: the site %s, while cachediff would read them as the snapshot's; name a folder of Spack files outside %s",
				collectionDir, shown, collectionDir)
		}
		// Nor below a tag's folder whose name Jekyll leaves out
		// (_cache/_d/spack.lock): the site publishes nothing there, and
		// a pull request that moved every page's specs into such a
		// lockfile passed a gate on PATH _cache with "no changes".
		if d := r.skippedTag(c.file); d != "" {
			return fmt.Sprintf("a Spack file in the catalogue's folder (under %s/%s), whose tag's folder Jekyll leaves out by its name, so that the site shows its specs nowhere, while cachediff would read them as the snapshot's; name a folder of Spack files outside %s",
				collectionDir, d, collectionDir)
		}
		return ""
	}
	if c.named != nil {
		return ""
	}
	var nf *NotInFormat
	notIn := errors.As(res.err, &nf)
	if !notIn && (c.byContent || res.err != nil) {
		return "" // a Spack file, or a page's own error
	}
	return r.beside(c.file)
}

// collectionPath returns the path of the file at segs in the snapshot's
// folder from the top (the snapshot's own path and segs), and the index
// in it of the last folder named _cache of the snapshot's path (when it
// is measured from a site's top: siteSegs), or else the first in segs; -1
// when there is none.
func (r publishRule) collectionPath(segs []string) (full []string, at int) {
	if r.siteAt >= 0 {
		return append(r.siteSegs[:len(r.siteSegs):len(r.siteSegs)], segs...), r.siteAt
	}
	return segs, slices.Index(segs, collectionDir)
}

// belowPackage tells whether the page at the path segs in the snapshot's
// folder is further below the collection's folder than
// _cache/<tag>/<package>/specs.md. ok is false when no folder named
// _cache holds the page, in the snapshot's path (the snapshot's own
// _cache, as a REV:PATH or a checkout names it) or else in segs; then
// the tag's folder is unknown. When ok, below is "" for a page at most
// that deep, else the path from the tag's folder to the page's folder
// (a/curl in _cache/develop/a/curl/specs.md): the site shows that page
// at a/curl's address, not curl's, while the last folder alone names
// curl.
func (r publishRule) belowPackage(segs []string) (below string, ok bool) {
	full, at := r.collectionPath(segs)
	if at < 0 {
		return "", false
	}
	// full[at] is _cache, full[at+1] the tag's folder, full[at+2] the
	// package's, full[at+3] the page.
	if len(full) <= at+4 {
		return "", true
	}
	return strings.Join(full[at+2:len(full)-1], "/"), true
}

// quoteName quotes a title, tag or folder name for a message about two
// that differ: in ASCII when it is not ASCII, so that a lookalike of an
// ASCII name shows as other than that name ("Kelvin" titled "Kelvin", its
// K U+212A KELVIN SIGN, read "titled "Kelvin" but is in folder "Kelvin"",
// and a tag with a Cyrillic е "has tag "dеvelop" but is in _cache's tag
// folder "develop"": two names that look the same).
func quoteName(s string) string {
	if strings.ContainsFunc(s, notASCII) {
		return strconv.QuoteToASCII(s)
	}
	return strconv.Quote(s)
}

// shownFolder is a folder's name for a message: shortened to
// maxNameQuoted bytes, and quoted as a path is (shownPath) when it holds
// a control or invisible character: a tag's folder "a\n::error::z" under
// _cache put a raw newline in the message, a line of its own.
func shownFolder(name string) string { return shownPathCut(name, maxNameQuoted) }

// quoteNameShort is quoteName of s cut to n bytes (shorten), with the
// cut's mark (cutmark.Of) inside the quotes as it is: quoted whole, the
// mark, not ASCII, made a folder or tag name of ASCII longer than n
// quoted in ASCII ("bcxx…\u2026"), as if it were a lookalike.
func quoteNameShort(s string, n int) string {
	head, cut := cutHead(s, n)
	if !cut {
		return quoteName(s)
	}
	q := quoteName(head)
	return q[:len(q)-1] + cutmark.Of(s) + `"`
}

// quotedNameShort is quotedName of s cut to n bytes: as it is when it
// is of letters, digits and .-_+@ and no longer, else quoted as
// quoteNameShort quotes it, the cut's mark inside the quotes.
func quotedNameShort(s string, n int) string {
	if len(s) <= n {
		return quotedName(s)
	}
	return quoteNameShort(s, n)
}

// shownAddress is the site's address of a page for a message: as a path
// is shown (shownPath), cut to 2*maxNameQuoted bytes, but quoted in
// ASCII (quoteNameShort) when it is not ASCII: left raw, the address of
// a folder "xа.." (its а Cyrillic), /package/develop/xа/specs/, read as
// the folder xa's.
func shownAddress(addr string) string {
	if strings.ContainsFunc(addr, notASCII) {
		return quoteNameShort(addr, 2*maxNameQuoted)
	}
	return shownPathCut(addr, 2*maxNameQuoted)
}

// maxNameQuoted is the most bytes of a title or folder name that the
// message of a page in another package's folder quotes.
const maxNameQuoted = 80

// spackName reports whether s is a package name as Spack's spec grammar
// writes one (VALID_NAME_WITHOUT_DOTS, [a-zA-Z_0-9][a-zA-Z_0-9-]*). Only
// a page of such a title is held to its folder's name: a title that is
// no package's cannot stand for one, and a real package renamed to it is
// a package removed and one added, which the report shows.
func spackName(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// jekyllSkipsFile reports whether Jekyll leaves out a file of this name:
// a special one (jekyllSpecial), or a backup (EntryFilter's backup?, a
// name ending in ~: an editor's specs.md~ beside a checkout's page).
func jekyllSkipsFile(name string) bool {
	return jekyllSpecial(name) || strings.HasSuffix(name, "~")
}

// jekyllSpecial reports whether Jekyll leaves out an entry of this name
// (EntryFilter's SPECIAL_LEADING_CHAR_REGEX, \A[._#~]).
func jekyllSpecial(name string) bool {
	return name != "" && strings.IndexByte("._#~", name[0]) >= 0
}
