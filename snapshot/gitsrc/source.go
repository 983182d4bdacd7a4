package gitsrc

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/snapshot"
)

// readAhead is how many pages the blob stream reads ahead of the
// loader's goroutines: enough to keep git busy, few enough that memory
// stays that of a few pages.
const readAhead = 256

// Source is a snapshot.Source of a resolved REV:PATH. Walk lists the tree
// (git ls-tree -r -z) and starts one git cat-file --batch that streams the
// blobs of the files the loader reads (snapshot.Candidate: pages, Spack's
// files) in the walk's order, read-ahead bounded, whatever their number
// (a process per file made 2,000 spec files cost 2,005 processes). The
// stream relies on the loader's rule that it reads every candidate once:
// a loader that left some unread would stall it once the read-ahead is
// used up. A file the loader reads that Walk did not take for a candidate
// (a decoder given to LoadFrom and not to Load) is read on its own.
type Source struct {
	tree *Tree
	// decoders are the Options.Decoders of the load (Load sets them),
	// which decide, with the loader's own, what the stream reads.
	decoders []snapshot.Decoder
	// read is OnRead's function, or nil.
	read func(size int64)
	// linkOut is OnLinkOut's function, or nil.
	linkOut func(name, target string)
	// fromFolder: PATH is measured as one from the current folder
	// (FromFolder).
	fromFolder bool
}

// OnLinkOut has f called by Walk with each symbolic link of the tree
// that it follows out of the tree (to a file, a folder or nothing
// elsewhere in the repository, or out of it), or through a name out of
// it: its name, as the snapshot's files are named, and its target. What
// such a link leads to can change at a commit that changes no file of
// PATH, which `log --revs` does not list (Repo.Series). Called before the
// source is opened.
func (s *Source) OnLinkOut(f func(name, target string)) { s.linkOut = f }

// OnRead has f called with the size of the input a command's memory is
// budgeted from, which git does not tell a reader before: for a REV:PATH
// of one file, the file's size once its bytes are read, before they are
// decoded, unless they are gzip'd (the size of what they hold is not
// theirs); for a folder, once it is listed (with its blobs' sizes, see
// Tree.ListSizes), before any file is read, the sum of the sizes of the
// files the loader reads, unless one of them is named *.gz. Called before
// the source is opened.
func (s *Source) OnRead(f func(size int64)) {
	s.read = f
	s.tree.ListSizes()
}

// Source returns the snapshot source of a REV:PATH argument, resolved as
// Resolve does.
func (r *Repo) Source(spec string) (*Source, error) {
	t, err := r.Resolve(spec)
	if err != nil {
		return nil, err
	}
	return &Source{tree: t}, nil
}

// FromFolder has SitePath measure PATH as one from the current folder
// (./PATH) though it is written from the top: log --revs reads its PATH
// from the current folder and names it from the top at each commit
// (id:PATH), so that, with -C spelt through a symbolic link to a folder
// of the same work tree (_cache -> x), -C _cache log --revs A..B
// ./develop was measured where git says (/x/develop), held no rule of
// _cache's tag folders, and passed a retag of every page ("Gate
// passed", exit 0) that git:A:./develop git:B:./develop refused.
func (s *Source) FromFolder() { s.fromFolder = true }

// Tree returns the resolved REV:PATH.
func (s *Source) Tree() *Tree { return s.tree }

// SitePath is the tree's path from the top of the repository, with a
// leading "/" (snapshot.SiteSource), or "" when git cannot say it.
func (s *Source) SitePath() string {
	p, err := s.tree.repo.FromTop(s.tree.Path)
	if err != nil {
		return ""
	}
	site := path.Join("/", s.tree.repo.superPath(), p)
	if slices.Contains(strings.Split(site, "/"), "_cache") {
		return site
	}
	// A path from the current folder (./develop) is measured from -C's
	// folder as spelt, one from the top from the top as spelt.
	relative := s.fromFolder || strings.HasPrefix(s.tree.Path, "./") || strings.HasPrefix(s.tree.Path, "../")
	top, dir, prefix := s.tree.repo.linkedSite()
	l := ""
	if rel, up := fromFolder(prefix, p); dir != "" && relative && up <= depth(dir) {
		// Up from -C's folder too (../ from _cache/develop/bc, which the
		// disk side reads as _cache/develop): only a path below it was,
		// and a retag of every page passed a gate as /x/develop.
		l = path.Join(dir, rel)
	} else if top != "" {
		l = path.Join(top, p)
	}
	if slices.Contains(strings.Split(l, "/"), "_cache") {
		return l
	}
	return site
}

// fromFolder is the slash-separated path p (from the top) from the
// folder prefix (from the top, as git's --show-prefix gives it: "" or
// ending in "/"), "../" for each folder it climbs where p is not below
// it, and how many it climbs.
func fromFolder(prefix, p string) (rel string, up int) {
	var from, to []string
	if prefix != "" {
		from = strings.Split(strings.TrimSuffix(prefix, "/"), "/")
	}
	if p != "" && p != "." {
		to = strings.Split(p, "/")
	}
	i := 0
	for i < len(from) && i < len(to) && from[i] == to[i] {
		i++
	}
	up = len(from) - i
	return path.Join(strings.Repeat("../", up), strings.Join(to[i:], "/")), up
}

// depth is how many folders the site path p (with a leading "/") is
// below the site's top.
func depth(p string) int {
	if p = strings.Trim(p, "/"); p == "" {
		return 0
	}
	return strings.Count(p, "/") + 1
}

// linkedSite is the site path, measured as on disk (snapshot.SiteOf), of
// the work tree's top spelt as -C names it through a symbolic link: with
// a link _cache -> vendor/cat to a submodule, -C _cache git:HEAD:develop
// was measured from vendor/cat (git's real path), no rule of _cache's
// tag folders held, and a retag of every page passed a gate that
// ./_cache/develop on disk failed; the disk side measures a path
// through a link by its spelling first when that has a _cache, and so
// does SitePath. "" when -C goes through no link, with GIT_DIR set, or
// when git cannot say. dir is the site path of -C's folder as spelt,
// and prefix git's path to it (ending in "/" unless empty), which a
// tree below it is measured from; top, the site path of the work
// tree's top as spelt, measures any other (a REV:PATH from the top),
// "" when the spelling names no folder of the top: a link inside the
// work tree (_cache -> x, a folder of the same repository) had -C
// _cache git:HEAD~1:./develop git:HEAD:./develop measured at
// /x/develop, and a retag of every page passed a gate that ./develop
// there, on disk, failed.
func (r *Repo) linkedSite() (top, dir, prefix string) {
	if EnvRepo() != "" {
		return "", "", ""
	}
	abs, err := filepath.Abs(r.dir)
	if err != nil {
		return "", "", ""
	}
	res, err := filepath.EvalSymlinks(abs)
	if err != nil || res == abs {
		return "", "", ""
	}
	// In a .git folder as spelt (site/_cache/.git, _cache a link to a
	// clone kept elsewhere): git has no work tree there, and the top is
	// the checkout that holds that .git, as spelt. Measured from the
	// folder itself (/_cache/.git), a correct change was refused, its
	// pages a folder too deep.
	if g := gitFolderOf(abs); g != "" {
		// Not in a repository folder inside it (.git/worktrees/NAME,
		// .git/modules/NAME): git reads that one's HEAD, whose checkout
		// worktreePlace finds. Placed at the .git's checkout, a retag
		// of every page in a worktree no site holds, run in its
		// .git/worktrees/NAME spelt through a site's link, was refused
		// (exit 2) that the same run in its checkout passed.
		for d := abs; d != g; d = filepath.Dir(d) {
			if repoFolder(d) {
				return "", "", ""
			}
		}
		t := filepath.Dir(g)
		if site, rooted := snapshot.SiteOf(t); rooted && snapshot.GitEntry(t) {
			top = site
		}
		return top, "", ""
	}
	cmd := r.command("rev-parse", "--show-prefix")
	cmd.Env = slices.DeleteFunc(cmd.Env, workTreeVar)
	out, err := cmd.Output()
	if err != nil {
		return "", "", ""
	}
	prefix = strings.TrimSuffix(string(out), "\n")
	if site, rooted := snapshot.SiteOf(abs); rooted {
		dir = site
	}
	t, resTop := abs, res
	for range strings.Count(prefix, "/") {
		t, resTop = filepath.Dir(t), filepath.Dir(resTop)
	}
	rel, err := filepath.Rel(t, abs)
	if e, terr := filepath.EvalSymlinks(t); terr != nil || e != resTop || err != nil || path.Join(filepath.ToSlash(rel), ".") != path.Join(prefix, ".") {
		return "", dir, prefix // a link inside the work tree: t is none of its folders
	}
	if site, rooted := snapshot.SiteOf(t); rooted {
		top = site
	}
	return top, dir, prefix
}

// superPath is the path, from the top of the site that holds it, of the
// repository's work tree when it is a submodule checked out in another
// work tree (git rev-parse --show-superproject-working-tree), a Jekyll
// _config.yml of its own or not (snapshot.SuperOf), through each
// superproject up to one that is no submodule: the superproject's Jekyll
// builds the submodule's files as its own, as the disk side measures a
// folder in it (snapshot.SitePath). "" for none. A catalogue whose
// _cache was a submodule, read with -C _cache as git:HEAD:develop, had
// no rule of _cache's tag folders held: a retag of every page passed a
// gate with "no changes". Asked once. With GIT_DIR set, as in every hook
// of a submodule (git sets it to the submodule's repository in the
// superproject's .git/modules, whose core.worktree names the checkout),
// git answers for that repository, so it is asked too (skipped for
// GIT_DIR, a pre-push hook in _cache passed the same retag). The
// superprojects above are asked without
// GIT_DIR and the other variables that name one repository, which would
// have git answer for the submodule again.
func (r *Repo) superPath() string {
	r.super.once.Do(func() {
		r.super.p = r.supers()
		// With the environment naming the repository, from the place of
		// the checkout whose HEAD git reads (worktreePlace) when the
		// walks above place it in no _cache: they follow the folder git
		// runs in and the variables' spellings, and shape after shape
		// of those (links, a relative GIT_DIR, GIT_WORK_TREE a worktree
		// kept outside any site) placed a retag nowhere.
		if !inCache(r.super.p) && (envNamesRepo() || inRepoFolder(r.dir)) {
			if p := r.worktreePlace(); p != "" {
				r.super.p = p
			}
		}
	})
	return r.super.p
}

// supers is superPath's answer from the folder git runs in and the
// variables that name the repository.
func (r *Repo) supers() string {
	// With GIT_DIR set, git reads that repository wherever it runs:
	// the folder it runs in may be outside its work tree (the
	// superproject's top, with GIT_DIR its .git/modules/_cache), so
	// nested, which looks above that folder, says nothing, and git
	// names no superproject (it asks from the folder it runs in):
	// the work tree's top is placed as on disk, and a retag of every
	// page passed a gate.
	if !(submoduleRepo(r.dir) || r.ownWorkTree()) || (EnvRepo() == "" && !nested(r.dir) && !inModulesDir(r.dir) && !r.foundWorkTree()) {
		return ""
	}
	// From GIT_WORK_TREE's checkout (envCheckout), else, or where it
	// is in no site, from the folder git runs in, as before: with
	// GIT_WORK_TREE another worktree of the repository kept outside
	// the site, run at the top of the one the site holds as _cache,
	// it was its own top (/develop), and a retag of every page
	// passed a gate that the same run without GIT_WORK_TREE failed.
	// Of the two placements, the one in a _cache is taken (a higher
	// or other top only adds refusals): with GIT_WORK_TREE a worktree
	// in another site (siteA/foo), run in the one a site holds as
	// _cache, it was placed from siteA alone (/foo/develop), and a
	// retag of every page passed a gate too.
	p := r.supersFrom(true)
	if wt, _ := envCheckout(r.dir); wt != "" {
		if q := r.supersFrom(false); p == "" || !inCache(p) && inCache(q) {
			p = q
		}
	}
	return p
}

// envNamesRepo reports whether GIT_DIR or GIT_WORK_TREE is set: git
// reads the repository and its checkout from them, not from the folder
// it runs in.
func envNamesRepo() bool { return EnvRepo() != "" || os.Getenv("GIT_WORK_TREE") != "" }

// inRepoFolder reports, without GIT_DIR, whether git finds from the
// folder dir (through its links) a repository folder it is in, not the
// .git of a work tree: run in a clone's .git, or in a linked worktree's
// .git/worktrees/NAME, git reads that checkout's HEAD as GIT_DIR naming
// that folder has it read, with no work tree to place it by. Run there
// (or -C it) with the clone or the worktree a site's _cache, a retag of
// every page passed a gate (exit 0) that the same run with GIT_DIR=.
// failed. Only a look at the folders up, as foundGitDir's, and only a
// folder named .git or one in a worktrees folder counts: git is asked
// (worktreePlace) only where this holds, and a bare repository (a
// mirror, x.git), whose HEAD no checkout has, cost two processes more.
func inRepoFolder(dir string) bool {
	if EnvRepo() != "" {
		return false
	}
	for d := resolvedPath(dir); ; d = filepath.Dir(d) {
		if snapshot.GitEntry(d) {
			return false
		}
		if repoFolder(d) {
			return filepath.Base(d) == ".git" || filepath.Base(filepath.Dir(d)) == "worktrees"
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// gitFolderOf is the repository folder named .git that the absolute
// path p is at or in, as spelt, "" for none: the nearest folder up from
// p that is a work tree's top (a .git of its own) or a .git repository
// folder decides. Not any folder of p named .git: with a whole site kept
// below a folder of that name (/home/u/.git/x/site, plain or a
// repository's), a clone or a submodule a site held as _cache was taken
// for a run inside a .git folder and placed nowhere, and a retag of
// every page passed a gate (exit 0) that the same site elsewhere failed.
func gitFolderOf(p string) string {
	for d := p; ; d = filepath.Dir(d) {
		if filepath.Base(d) == ".git" && repoFolder(d) {
			return d
		}
		if snapshot.GitEntry(d) || filepath.Dir(d) == d {
			return ""
		}
	}
}

// worktreePlace is the site path, with no leading "/", of the checkout
// of the repository folder git reads (git rev-parse --absolute-git-dir:
// GIT_DIR as git resolves it, relative, through links, or found from
// the folder it runs in) when a site holds it in a _cache, as on disk
// (snapshot.SiteOf); "" otherwise. That checkout is one, of git's own
// list (git worktree list) or the folder of a .git file GIT_DIR names,
// whose .git leads to that folder: its HEAD, index and branch are the
// ones git reads, and it is the one the site builds. Whatever folder
// git runs in and whatever GIT_WORK_TREE names: with GIT_DIR the .git
// of the clone a site holds as _cache, run in a link to its develop
// from a checkout of its own, or with GIT_DIR=../.git, or GIT_WORK_TREE
// another worktree kept outside any site, a retag of every page was
// placed nowhere and passed a gate that the same run in _cache/develop
// failed. A bare entry, and one inside a .git folder, are passed by.
// Of several checkouts, one in a _cache wins, as in superPath.
func (r *Repo) worktreePlace() string {
	out, err := r.command("rev-parse", "--absolute-git-dir").Output()
	if err != nil {
		return ""
	}
	gitDir := snapshot.GitDirOf(strings.TrimSuffix(string(out), "\n"))
	// The folder of GIT_DIR, spelt and where it leads: with GIT_DIR the
	// .git file of a checkout that git's list does not name (a clone
	// made with --separate-git-dir, whose main worktree git lists as
	// the repository folder; a worktree moved by hand), a retag of every
	// page was placed nowhere and passed a gate that the same GIT_DIR
	// naming a plain clone's .git folder failed.
	var tops []string
	if g := envGitDir(r.dir); g != "" {
		tops = append(tops, filepath.Dir(g), filepath.Dir(resolvedPath(g)))
		// A relative one from the folder as spelt too: run in a site's
		// _cache, a link to a clone kept elsewhere, GIT_DIR=.git led
		// from where the link leads (the clone, in no site), and a
		// retag of every page passed a gate (exit 0) that the same run
		// without GIT_DIR failed.
		if rel := EnvRepo(); !filepath.IsAbs(rel) {
			if abs, err := filepath.Abs(r.dir); err == nil {
				tops = append(tops, filepath.Dir(filepath.Join(abs, rel)))
			}
		}
	}
	// GIT_WORK_TREE's checkout as spelt (envCheckout): a site's _cache,
	// a link to a clone kept elsewhere, named with GIT_DIR the clone's
	// .git, is a checkout git's list names by where it leads (in no
	// site), and a retag of every page passed a gate (exit 0) that the
	// same run in site/_cache/develop without the variables failed.
	// Without GIT_DIR too: GIT_WORK_TREE=../../site/_cache run in the
	// clone's .git, git finding the repository there, passed the same.
	if wt, _ := envCheckout(r.dir); wt != "" {
		tops = append(tops, wt)
	} else if wt := os.Getenv("GIT_WORK_TREE"); wt != "" && EnvRepo() == "" {
		if !filepath.IsAbs(wt) {
			wt = filepath.Join(resolvedPath(r.dir), wt)
		}
		tops = append(tops, filepath.Clean(wt))
	}
	tops = append(tops, r.worktrees()...)
	// Each checkout whose .git leads there, not only the first: a
	// linked worktree's .git file edited to lead to the main .git has
	// two, and with the main one kept outside any site and listed
	// first, a retag of every page passed a gate from GIT_DIR=cat/.git
	// that the same GIT_DIR run in the site's _cache failed.
	for _, top := range tops {
		if gitFolderOf(top) != "" || !snapshot.GitEntry(top) || snapshot.GitDirOf(filepath.Join(top, ".git")) != gitDir {
			continue
		}
		if site, rooted := snapshot.SiteOf(top); rooted && inCache(site) {
			return strings.TrimPrefix(site, "/")
		}
	}
	return ""
}

// worktrees is git's list of the repository's checkouts (git worktree
// list --porcelain), less bare entries, each absolute and clean. -z
// first, which keeps any byte of a path; git before 2.36 (Ubuntu 22.04's
// 2.34, Debian 11's 2.30) refuses it, and without this fallback the
// list was empty there: the rule of worktreePlace held on no older git,
// and a retag of every page passed a gate that git 2.36 failed. Its
// list without -z is one field a line, a path written as it is.
func (r *Repo) worktrees() []string {
	sep, fsep := "\x00\x00", "\x00"
	out, err := r.command("worktree", "list", "--porcelain", "-z").Output()
	if err != nil {
		if out, err = r.command("worktree", "list", "--porcelain").Output(); err != nil {
			return nil
		}
		sep, fsep = "\n\n", "\n"
	}
	var tops []string
	for rec := range strings.SplitSeq(string(out), sep) {
		fields := strings.Split(rec, fsep)
		top, ok := strings.CutPrefix(fields[0], "worktree ")
		if ok && !slices.Contains(fields[1:], "bare") && filepath.IsAbs(top) {
			tops = append(tops, filepath.Clean(top))
		}
	}
	return tops
}

// envGitDir is GIT_DIR, absolute: a relative one from where the folder
// dir leads, as git, run in it, reads it; "" when unset.
func envGitDir(dir string) string {
	gitDir := EnvRepo()
	if gitDir == "" {
		return ""
	}
	if !filepath.IsAbs(gitDir) {
		gitDir = filepath.Join(resolvedPath(dir), gitDir)
	}
	abs, err := filepath.Abs(gitDir)
	if err != nil {
		return ""
	}
	return abs
}

// resolvedPath is the folder or file p, absolute, through its symbolic
// links, or p absolute when they do not lead to one.
func resolvedPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if res, err := filepath.EvalSymlinks(abs); err == nil {
		return res
	}
	return abs
}

// inCache reports whether the slash-separated site path p has a
// folder _cache.
func inCache(p string) bool { return slices.Contains(strings.Split(p, "/"), "_cache") }

// supersFrom is superPath's walk up the superprojects; from GIT_WORK_TREE's
// checkout when envWT and envCheckout names one.
func (r *Repo) supersFrom(envWT bool) string {
	p := ""
	sub := r
	supers := snapshot.Supers{} // each work tree asked once up the chain
	// Up to the outermost superproject, as the disk side walks up
	// (no bound on the depth: cut at 32 superprojects, a chain of 34
	// nested submodules lost the _cache above it, and a retag of
	// every page passed a gate from git that its checkout failed);
	// a superproject met twice (a core.worktree leading below it)
	// ends the walk.
	seen := map[string]bool{}
	for {
		cmd := sub.command("rev-parse", "--show-toplevel", "--show-superproject-working-tree")
		if sub != r {
			cmd.Env = slices.DeleteFunc(cmd.Env, repoVar)
		} else {
			// The checkout the superproject's Jekyll builds is the
			// repository's own (its .git's folder, core.worktree),
			// not one GIT_WORK_TREE names: GIT_WORK_TREE=/tmp with
			// -C _cache put the top at /tmp, and a retag of every
			// page passed a gate.
			cmd.Env = slices.DeleteFunc(cmd.Env, func(kv string) bool { return workTreeVar(kv) || sameCommonVar(r.dir, kv) })
			wt, gitDir := envCheckout(r.dir)
			if !envWT && wt != "" {
				// From the top of the checkout the folder git runs in
				// is in (checkoutTop): git, given GIT_DIR alone, takes
				// the folder it runs in for the top, and run in
				// _cache/develop a correct snapshot was placed at
				// /_cache/develop/develop and refused.
				wt = checkoutTop(r.dir)
			}
			if wt != "" {
				// GIT_WORK_TREE's own checkout: its top (envCheckout),
				// with GIT_DIR as from the folder it was set in, and
				// that folder named the work tree: git takes the
				// folder it runs in for one only where the repository
				// is not bare, and a bare one's linked worktree a site
				// holds as _cache (GIT_DIR=bare.git, GIT_WORK_TREE the
				// worktree), or core.bare=true set in a clone's config,
				// had --show-toplevel fail: placed nowhere, a retag of
				// every page passed a gate that the same run with
				// core.bare=false failed.
				cmd.Dir = wt
				cmd.Env = append(slices.DeleteFunc(cmd.Env, func(kv string) bool { return strings.HasPrefix(kv, "GIT_DIR=") }), "GIT_DIR="+gitDir, "GIT_WORK_TREE="+wt)
			}
		}
		out, err := cmd.Output()
		if err != nil {
			return p
		}
		top, super, ok := topAndSuper(string(out))
		if !ok {
			// No gitlink in the index above: a submodule all the
			// same when the .gitmodules above names it or its .git
			// file leads into the modules above, as on disk
			// (snapshot.SuperOf); git rm --cached _cache, with
			// .gitmodules kept, passed from git a gate that the
			// same folder failed on disk.
			top = strings.TrimSuffix(string(out), "\n")
			if !filepath.IsAbs(top) {
				return p
			}
			if super, ok = supers.Of(top); !ok {
				return p
			}
		}
		if gitFolderOf(top) != "" {
			// A top in a .git folder: git, given GIT_DIR and no
			// work tree of its own, took the folder it runs in
			// (site/_cache/.git) for the top, which no site builds.
			// Placed from it (/_cache/.git), a correct change with
			// GIT_DIR=. and GIT_WORK_TREE another worktree of the
			// clone, run there, was refused (exit 2) that the same
			// run from a plain folder passed; worktreePlace places
			// the checkout whose HEAD git reads.
			return p
		}
		rel, err := filepath.Rel(super, top)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") || seen[super] {
			return p
		}
		seen[super] = true
		p = path.Join(filepath.ToSlash(rel), p)
		if !snapshot.GitEntry(super) {
			// A Jekyll site's folder (a _config.yml) that holds the
			// work tree: its place as on disk, a site's top unless a
			// work tree above holds it (snapshot.SiteOf).
			if site, rooted := snapshot.SiteOf(super); rooted {
				p = path.Join(strings.TrimPrefix(site, "/"), p)
			}
			return p
		}
		sub = &Repo{dir: super, git: r.git}
	}
}

// RelPath is f's path in the tree (snapshot.SiteSource): its name less
// the tree's, as Join made it; "" for a REV:PATH that names a file.
func (s *Source) RelPath(f snapshot.File) string {
	t := s.tree
	if !t.IsTree {
		return ""
	}
	prefix := t.Spec + "/"
	if t.Path == "" || strings.HasSuffix(t.Spec, "/") {
		prefix = t.Spec
	}
	rel, ok := strings.CutPrefix(f.Name, prefix)
	if !ok {
		return ""
	}
	return rel
}

var _ snapshot.SiteSource = (*Source)(nil)

// Path is the argument as given: REV:PATH.
func (s *Source) Path() string { return s.tree.Spec }

// blob is a file whose content the stream fills.
type blob struct {
	oid   string
	ready chan struct{} // closed when data or err is set; nil: not streamed
	data  []byte
	err   error
	// most is the largest size the stream reads it at
	// (snapshot.ByContentLimit); larger, it is left unread, its error
	// snapshot.ErrOverByContent. Zero or negative: any size.
	most int64
	// free is the stream's pool of buffers, to which data goes back once
	// read; nil when data is the reader's to keep (a page named alone,
	// read once, into a buffer of its own).
	free chan []byte
}

// gitattributesMsg is the error of a .gitattributes file in the tree
// (Walk). A checkout, which the site is built from, rewrites the files
// it names (working-tree-encoding=UTF-16LE, ident, eol, a filter), while
// REV:PATH reads the blobs as committed: a pull request that added
// _cache/develop/.gitattributes giving a page working-tree-encoding
// UTF-16LE passed a gate over git:HEAD^1:_cache/develop and
// git:HEAD:_cache/develop with "no changes", while the checkout held the
// page in UTF-16, which Jekyll copies as a static file, so the package
// was gone from the site.
const gitattributesMsg = "a .gitattributes file among the pages: a checkout, which the site is built from, rewrites the files it names (working-tree-encoding, ident, eol, a filter) while REV:PATH reads them as committed, so the site could show other pages than cachediff reads; the catalogue has none: remove it, or give the checked-out folder"

// Walk yields the tree's files in git's order (sorted by path) and leaves
// out the contents of folders whose names start with a dot, as the walk
// of a folder on disk does. A symbolic link whose name makes a link an
// error (snapshot.LinkRefused: a specs.md, a Spack file's name) is
// yielded as one, for the loader to refuse. Any other is followed in the
// commit, in the tree's listing as git cat-file --follow-symlinks
// follows it (resolveLinks: git's own lookup reads every folder on the
// way, per link, so that many links cost the square of their number):
// one to a file is yielded as
// that file, judged and read as a folder on disk judges and reads it (a
// page of its own beside a package's specs.md, in the checkout the site
// is built from, takes the package's address; an index named otherwise
// is read by content); one to a folder (a package folder committed as a
// link) is an error, since its pages would be lost without a word where
// a folder on disk follows it; one out of the repository is an error,
// as one out of the work tree is on disk; a broken one is a warning, or
// an error when named as a page (*.md), as on disk. A
// submodule is an error: its pages are in another repository, whose
// objects these are not, and leaving it out would lose its specs without
// a word (a folder on disk holds the checked-out pages). A .gitattributes
// file is an error too (gitattributesMsg).
func (s *Source) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	t := s.tree
	files, err := t.Files()
	if err != nil {
		return nil, []*snapshot.Error{{File: t.Spec, Msg: err.Error()}}
	}
	var entries []snapshot.File
	var stream []*blob
	// streamed is the size of the blobs streamed, for OnRead; -1 when
	// unknown (a blob without its size, or gzip'd).
	var streamed int64
	var errs []*snapshot.Error
	if e := t.clashError(); e != nil {
		errs = append(errs, e)
	} else if e := t.clashBelow(files, t.dirs, false); t.IsTree && e != nil {
		errs = append(errs, e)
	} else if f, n, msg := t.encodingAbove(); f != "" {
		errs = append(errs, &snapshot.Error{File: t.Rev + ":" + f, Line: n, Msg: msg})
	} else if e := t.rewrittenAbove(files, s.decoders...); e != nil {
		errs = append(errs, e)
	}
	var links []int // the links to follow, by their index in entries
	var linkPaths, linkOIDs []string
	dots := map[string]bool{} // the dot-folders not entered, yielded once each
	for _, f := range files {
		dir, base := path.Split(f.Path)
		if strings.HasPrefix(dir, ".") || strings.Contains(dir, "/.") {
			// Not entered, as on disk; yielded as a folder, which the
			// loader may judge (a dot-folder among a site's pages).
			if d := dotDir(dir); t.IsTree && !dots[d] {
				dots[d] = true
				entries = append(entries, snapshot.File{Name: t.Join(d), Base: path.Base(d), Size: -1, Mode: fs.ModeDir})
			}
			continue
		}
		// In any case: a checkout on a case-insensitive file system
		// (macOS) reads "_cache/develop/.GITATTRIBUTES" from the working
		// tree where the index has no ".gitattributes" (attr.c's
		// read_attr, GIT_ATTR_CHECKOUT) and rewrites the pages it names,
		// which REV:PATH reads as committed. Refused even where git
		// would not read it (a case-sensitive checkout). And whatever
		// its kind: one committed as a gitlink whose id names a blob
		// here was left out as a dot-named submodule, while a checkout,
		// reading the index entry's object whatever its mode, applied it.
		if strings.EqualFold(base, ".gitattributes") && t.IsTree {
			errs = append(errs, &snapshot.Error{File: t.Join(f.Path), Msg: gitattributesMsg})
			continue
		}
		if strings.HasPrefix(base, ".") && f.Kind == Submodule {
			// A dot-folder in a checkout (the submodule's files, or an
			// empty folder): not entered, yielded as one, as above, for
			// the loader to judge (among a tag's pages, Jekyll publishes
			// its files, and a checkout is refused there).
			if t.IsTree && !dots[f.Path] {
				dots[f.Path] = true
				entries = append(entries, snapshot.File{Name: t.Join(f.Path), Base: base, Size: -1, Mode: fs.ModeDir})
			}
			continue
		}
		if f.Kind == Submodule {
			errs = append(errs, &snapshot.Error{File: t.Join(f.Path), Msg: fmt.Sprintf("a submodule (commit %s of another repository): its pages are not in this repository's objects, so REV:PATH cannot read them; give the checked-out folder instead", short(f.OID))})
			continue
		}
		if !t.IsTree {
			base = path.Base(t.Path)
		}
		file := snapshot.File{Name: t.Join(f.Path), Base: base, Size: -1, Root: !t.IsTree}
		candidate := snapshot.Candidate(file, s.decoders)
		switch {
		case f.Kind == Symlink:
			file.Mode = fs.ModeSymlink
			// A dot-named link too: a folder on disk follows it, and
			// reads the file it leads to (.b.json, an index or a spec
			// by content), which REV:PATH dropped without a word.
			if !snapshot.LinkRefused(file, s.decoders) {
				links = append(links, len(entries))
				linkPaths, linkOIDs = append(linkPaths, f.Path), append(linkOIDs, f.OID)
			}
		case candidate:
			file.Handle = &blob{oid: f.OID, ready: make(chan struct{}), most: snapshot.ByContentLimit(file, s.decoders)}
			if f.Size < 0 || strings.HasSuffix(base, ".gz") || streamed < 0 {
				streamed = -1
			} else {
				streamed += f.Size
			}
		default:
			file.Handle = &blob{oid: f.OID} // not read, or on its own
		}
		entries = append(entries, file)
	}
	var warnings []snapshot.Warning
	var dropped []bool
	if len(links) > 0 {
		top, err := t.repo.FromTop(t.Path)
		var followed []link
		var lw *linkWalker
		if err == nil {
			for i, f := range linkPaths {
				linkPaths[i] = joinTop(top, f)
			}
			followed, lw, err = t.repo.resolveLinks(t.Commit, top, files, t.dirs, t.listedSizes, linkPaths, linkOIDs)
		}
		if err != nil {
			return nil, append(errs, &snapshot.Error{File: t.Spec, Msg: "following its symbolic links: " + err.Error()})
		}
		dropped = make([]bool, len(entries)) // the links reported here, not yielded
		var outNames, outPaths []string      // the files read through links out of the tree
		var wayNames, wayTargets []string    // the links of files' names, and their ways
		var ways [][]string
		for i, l := range followed {
			// As a folder names it (linkword): a git tree's said (to
			// "gone") where the checkout said (to gone).
			target := linkTarget(l.target)
			name := entries[links[i]].Name
			if l.out && s.linkOut != nil {
				s.linkOut(name, l.target)
			}
			if f := entries[links[i]]; l.typ != "symlink" {
				// A file's name, which a checkout may read through a
				// name on the way in another case (clashTargets).
				if f.Mode = 0; snapshot.Candidate(f, s.decoders) {
					wayNames, ways = append(wayNames, name), append(ways, l.way)
					if l.path != "" {
						wayTargets = append(wayTargets, l.path)
					} else {
						wayTargets = append(wayTargets, shorten(l.target, 200))
					}
				}
			}
			switch l.typ {
			case "blob":
				// Judged as the file it leads to, as on disk: the
				// checkout, which the site is built from, holds that
				// file there (a page of its own beside a package's
				// specs.md takes its address).
				// It is streamed with the others when the loader
				// reads it: a git process each took 10 ms a file.
				e := &entries[links[i]]
				e.Mode = 0
				if snapshot.Candidate(*e, s.decoders) {
					// Out of the tree, or in a dot-folder of it, which
					// the judge of the tree's own files leaves out as the
					// walk does (cache/other.json to .data/idx.txt).
					if outOfTree(l.path, top) {
						outNames, outPaths = append(outNames, name), append(outPaths, l.path)
					}
					e.Handle = &blob{oid: l.oid, ready: make(chan struct{}), most: snapshot.ByContentLimit(*e, s.decoders)}
					if strings.HasSuffix(e.Base, ".gz") {
						streamed = -1
					} else if streamed >= 0 {
						streamed += l.size
					}
				} else {
					e.Handle = &blob{oid: l.oid}
				}
			case "tree", "commit":
				// A folder, as a folder on disk yields a link to one: a
				// link named x.md, refused below, was judged again as a
				// page that is no regular file (a warning disk has not).
				entries[links[i]].Mode = fs.ModeDir
				if strings.HasPrefix(entries[links[i]].Base, ".") {
					// A dot-folder: not entered.
					continue
				}
				if l.typ == "tree" && l.dir != "" && within(l.dir, top) && within(parentDir(linkPaths[i]), l.dir) {
					// The folder that holds the link, or one above it
					// in the snapshot: read already, as on disk, where
					// the walk warns of it and goes on.
					warnings = append(warnings, snapshot.Warning{File: name, Message: "symbolic link to a directory already read (a loop, or a second path to it): not followed"})
					continue
				}
				errs = append(errs, &snapshot.Error{File: name, Msg: "a symbolic link to a folder (" + target + "): REV:PATH reads the object store, which has no file system to follow a link in, so its pages would be lost; name the folder itself, or give the checked-out folder"})
			case "symlink":
				// Not yielded, as a folder on disk yields no link it
				// reports (nor a broken one, below): the loader judged it
				// again, a page that is no regular file, a warning beside
				// the skip --skip-invalid lists, which disk has not.
				dropped[links[i]] = true
				// As a link out of the work tree is on disk: in a
				// checkout, which the site is built from, it can lead
				// back into it by an absolute path (a runner's checkout
				// is at a known one) and stand in for a page.
				errs = append(errs, &snapshot.Error{File: name, Msg: "a symbolic link out of the repository (to " + target + "): not followed (in a checkout, such a link can stand in for a page or a package); copy what it leads to into the snapshot"})
			case "submodule":
				// The submodule (a folder to a checkout) or a file in it,
				// where git's lookup says "dangling": an error, as a
				// submodule among the files is, since a checkout reads
				// pages there that the object store has not.
				if l.dir == "" {
					dropped[links[i]] = true
				} else if entries[links[i]].Mode = fs.ModeDir; strings.HasPrefix(entries[links[i]].Base, ".") {
					continue // a dot-folder, as "tree" above
				}
				// Named, from the top: the target may reach it through
				// other links (../vendor/x, vendor to third/cache).
				if n := len(l.way); n > 0 {
					target += ", the submodule " + quotedCut(l.way[n-1])
				}
				errs = append(errs, &snapshot.Error{File: name, Msg: "a symbolic link into a submodule (to " + target + "): its pages are not in this repository's objects, so REV:PATH cannot read them; give the checked-out folder instead"})
			case "gitdir":
				// As on disk: to the folder, a dot-named link is a
				// dot-folder, judged as one; to a file in it, one of a
				// name Jekyll leaves out (.x, _x, #x, ~x, x~) is
				// published by no site, and read by no walk.
				base := entries[links[i]].Base
				if l.dir != "" && strings.HasPrefix(base, ".") {
					entries[links[i]].Mode = fs.ModeDir
					continue
				}
				dropped[links[i]] = true
				if l.dir == "" && (strings.IndexByte("._#~", base[0]) >= 0 || strings.HasSuffix(base, "~")) {
					continue
				}
				if !amongPages(linkPaths[i]) {
					// Outside a tag's folder of _cache no site shows
					// what it leads to among the catalogue's pages, and
					// the checked-out folder reads there no file of
					// .git's names: a link to .git beside a folder of
					// Spack files (catalog/head to ../.git/HEAD) was
					// refused from git while the checkout passed. Not
					// followed, a warning.
					msg := "a symbolic link into the repository's own .git folder (to " + target + "): not followed"
					if strings.HasSuffix(base, ".md") {
						errs = append(errs, &snapshot.Error{File: name, Msg: msg})
					} else {
						warnings = append(warnings, snapshot.Warning{File: name, Message: msg})
					}
					continue
				}
				errs = append(errs, &snapshot.Error{File: name, Msg: "a symbolic link into the repository's own .git folder (to " + target + "): a checkout, which the site is built from, has that folder, whose files the link would publish, while the object store has none of them; remove the link"})
			case "dangling", "loop", "chain", "notdir", "missing", "toolong":
				dropped[links[i]] = true
				// In a folder's words (dirsrc): "(to T): not followed"
				// said less of the same link, and nothing of a loop.
				msg := "broken symbolic link (to " + target + "), which leads to nothing"
				switch l.typ {
				case "toolong":
					msg = fmt.Sprintf("a symbolic link whose target is longer than %d bytes, which no checkout can make (to %s): not followed", maxTarget, target)
				case "loop":
					msg = "broken symbolic link: its path leads through symbolic links in a loop"
				case "chain":
					msg = "broken symbolic link: its path leads through a chain of symbolic links longer than the system follows"
				}
				if strings.HasSuffix(entries[links[i]].Base, ".md") {
					// A page's name, an error as on disk.
					errs = append(errs, &snapshot.Error{File: name, Msg: msg})
				} else {
					warnings = append(warnings, snapshot.Warning{File: name, Message: msg})
				}
			}
		}
		if e := t.rewrittenTargets(lw, outNames, outPaths); e != nil {
			errs = append(errs, e)
		}
		if e := t.clashTargets(lw, top, wayNames, wayTargets, ways); e != nil {
			errs = append(errs, e)
		}
	}
	if t.IsTree && s.read != nil && streamed >= 0 {
		s.read(streamed)
	}
	for _, f := range entries {
		if b, ok := f.Handle.(*blob); ok && b.ready != nil {
			stream = append(stream, b)
		}
	}
	if len(stream) > 0 {
		go s.stream(stream, !t.IsTree)
	}
	for i, f := range entries {
		if dropped == nil || !dropped[i] {
			yield(f)
		}
	}
	return warnings, errs
}

// stream reads the blobs through one git cat-file --batch, in order, into
// buffers of a pool of readAhead: the stream waits for Read to give one
// back when all hold a page not read yet, so that memory stays that of a
// few pages and no page is allocated twice. The blob of a page named
// alone (single) is read into a buffer of its own, which Read hands over.
func (s *Source) stream(blobs []*blob, single bool) {
	oids := make([]string, len(blobs))
	for i, b := range blobs {
		oids[i] = b.oid
	}
	buf := func(int) []byte { return nil }
	if !single {
		free := make(chan []byte, readAhead)
		for range readAhead {
			free <- nil
		}
		for _, b := range blobs {
			b.free = free
		}
		buf = func(int) []byte { return <-free }
	}
	next := 0
	// A blob the clone lacks is that page's error, and the pages after
	// it are read: under --skip-invalid they were listed "not read" with
	// it, and left out of the snapshot, though git answered them.
	lost := func(i int, err error) {
		blobs[i].err = err
		close(blobs[i].ready)
		next = i + 1
	}
	// A file read only to be recognised by content is sized by git's
	// answer before its bytes, and one over the loader's bound is left
	// unread (snapshot.ByContentLimit).
	most := func(i int) int64 {
		if blobs[i].most <= 0 {
			return noLimit
		}
		return blobs[i].most
	}
	over := func(i int, _ int64, _ []byte) { lost(i, snapshot.ErrOverByContent) }
	err := s.tree.repo.readBlobsEach(oids, most, over, lost, buf, func(i int, data []byte) error {
		blobs[i].data = data
		close(blobs[i].ready)
		next = i + 1
		return nil
	})
	left := blobs[next:]
	if _, ok := errors.AsType[lazyRefused](err); ok && len(left) > 0 {
		// A partial clone lacks blobs[next]: git died there, where it
		// goes on past a blob any other repository lacks. Each blob
		// the clone lacks is its page's error, and the others are read
		// (they were all "not read", and under --skip-invalid a page
		// the clone holds was left out as one it lacks).
		left, err = s.readPresent(left, oids[next:], buf)
	}
	if err == nil && len(left) > 0 {
		err = errors.New("git cat-file: stopped early")
	}
	for i, b := range left {
		b.err = err
		if i > 0 {
			b.err = errors.New("not read: reading from git stopped at an earlier file")
		}
		close(b.ready)
	}
}

// readPresent reads, after git stopped at blobs[0] in a partial clone,
// those of blobs (of oids) the clone holds, through one more git
// cat-file, and tells each of the others that the clone lacks it. It
// returns the blobs it did not read, from where git stopped again if
// it did, and why.
func (s *Source) readPresent(blobs []*blob, oids []string, buf func(int) []byte) ([]*blob, error) {
	have, err := s.tree.repo.present(oids)
	if err != nil {
		return blobs, err
	}
	var held []*blob
	var heldOids []string
	for i, b := range blobs {
		if have[oids[i]] {
			held, heldOids = append(held, b), append(heldOids, oids[i])
			continue
		}
		b.err = fmt.Errorf("git cat-file: object %s is missing from this repository, %s", short(oids[i]), partialMissing)
		close(b.ready)
	}
	next := 0
	lost := func(i int, err error) {
		held[i].err = err
		close(held[i].ready)
		next = i + 1
	}
	most := func(i int) int64 {
		if held[i].most <= 0 {
			return noLimit
		}
		return held[i].most
	}
	over := func(i int, _ int64, _ []byte) { lost(i, snapshot.ErrOverByContent) }
	err = s.tree.repo.readBlobsEach(heldOids, most, over, lost, buf, func(i int, data []byte) error {
		held[i].data = data
		close(held[i].ready)
		next = i + 1
		return nil
	})
	return held[next:], err
}

// Read returns the content of a file Walk yielded, in buf[:0]. Every
// candidate is read once: the loader reads every one.
func (s *Source) Read(f snapshot.File, buf []byte) ([]byte, error) {
	b, ok := f.Handle.(*blob)
	if !ok || f.Mode.Type() != 0 {
		return nil, fmt.Errorf("not a regular file")
	}
	if b.ready == nil { // not streamed
		err := s.tree.repo.readBlobs([]string{b.oid}, noLimit, func(int) []byte { return buf }, func(_ int, data []byte) error {
			buf = data
			return nil
		})
		return buf, err
	}
	<-b.ready
	if b.err != nil {
		return nil, b.err
	}
	if b.free == nil {
		data := b.data
		b.data = nil
		if s.read != nil && !(len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
			s.read(int64(len(data)))
		}
		return data, nil
	}
	if len(b.data) > handOver && len(b.data) > cap(buf) {
		// A large file (an index, a lockfile) is handed over, not
		// copied: the copy and the buffer it came from, kept in the
		// pool for the files after it, held it twice.
		data := b.data
		b.data = nil
		b.free <- nil
		return data, nil
	}
	buf = append(buf[:0], b.data...)
	b.free <- b.data[:0]
	b.data = nil
	return buf, nil
}

// handOver is the size past which Read hands a streamed file's buffer
// over rather than copy it into the loader's (see Read).
const handOver = 1 << 20

// Load loads the snapshot at REV:PATH, with its revision: Snapshot.Rev is
// the full commit id and Snapshot.Date its committer date (RFC 3339, in
// the commit's time zone).
func (r *Repo) Load(spec string, opt snapshot.Options) (*snapshot.Snapshot, error) {
	src, err := r.Source(spec)
	if err != nil {
		return nil, &snapshot.Error{File: spec, Msg: err.Error()}
	}
	return src.Load(opt)
}

// Load loads the source's snapshot, with its revision.
func (s *Source) Load(opt snapshot.Options) (*snapshot.Snapshot, error) {
	// The stream must read no file the loader does not: a LoadFrom of
	// this source with fewer decoders than the last Load's would stall
	// it.
	s.decoders = opt.Decoders
	snap, err := snapshot.LoadFrom(s, opt)
	s.decoders = nil
	if err != nil {
		return nil, err
	}
	snap.Rev = s.tree.Commit
	snap.Date = DateText(s.tree.Date)
	return snap, nil
}

func init() { snapshot.Gitlink = gitlink }

// gitlink is snapshot.Gitlink: whether the index of the work tree top
// holds a submodule at the path rel, as git rev-parse
// --show-superproject-working-tree asks it (git ls-files --stage), with
// none of the variables that name one repository (a hook's GIT_DIR
// would have git read the submodule's index). True when git fails to
// read the index (a superproject of another owner, which git refuses
// without safe.directory, a corrupt index): a gitlink may be there, and
// read as none a retag of every page passed a gate, from git and on
// disk alike; false without git.
func gitlink(top, rel string) bool {
	git, err := exec.LookPath("git")
	if err != nil {
		return false
	}
	cmd := (&Repo{dir: top, git: git}).command("--literal-pathspecs", "ls-files", "-z", "--stage", "--full-name", "--", rel)
	cmd.Env = slices.DeleteFunc(cmd.Env, repoVar)
	out, err := cmd.Output()
	if err != nil {
		return true
	}
	for entry := range strings.SplitSeq(string(out), "\x00") {
		head, name, _ := strings.Cut(entry, "\t")
		if name == rel && strings.HasPrefix(head, "160000 ") {
			return true
		}
	}
	return false
}

// topAndSuper splits git rev-parse --show-toplevel
// --show-superproject-working-tree's answer, out, into the work tree's top
// and its superproject's (ok false when there is none): at the newline
// after which the superproject's path is a folder above the top's, as
// git writes paths raw, and a submodule's path may hold a newline (cut
// at the first, it named no folder and the submodule was its own site).
func topAndSuper(out string) (top, super string, ok bool) {
	out = strings.TrimSuffix(out, "\n")
	for i := strings.IndexByte(out, '\n'); i >= 0; {
		top, super = out[:i], out[i+1:]
		if super != "" && strings.HasPrefix(top, strings.TrimSuffix(super, "/")+"/") {
			return top, super, true
		}
		j := strings.IndexByte(out[i+1:], '\n')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return "", "", false
}

// submoduleRepo reports, with GIT_DIR set, whether it names a
// submodule's repository (in a modules folder, as git sets it for the
// submodule's hooks), whose core.worktree names its checkout; true
// without GIT_DIR. Another (a superproject's hook, -C _cache) has git
// take the folder of -C as its work tree, and a plain foo/develop of the
// superproject's was placed at /_cache/foo/develop and refused.
func submoduleRepo(dir string) bool {
	if EnvRepo() == "" {
		return true
	}
	// From where dir leads when relative, as git reads it (envGitDir).
	abs := envGitDir(dir)
	if abs == "" {
		return false
	}
	// Where it leads, as git reads it: GIT_DIR=.git in the submodule's
	// checkout names its .git file, which leads into the modules
	// folder; read by its spelling, the submodule was its own top and
	// a retag of every page passed a gate that -C _cache failed.
	repo := snapshot.GitDirOf(abs)
	if inModulesFolder(repo) {
		return true
	}
	// Or the repository of the work tree whose top is the folder git
	// runs in, which git then takes for the work tree as discovery
	// would: a hook of a linked worktree (git sets GIT_DIR to its
	// .git/worktrees/NAME) placed in a site, as a clone a build script
	// checked out as _cache, was its own top (/develop), and a retag of
	// every page passed a gate that the same folder on disk, and -C it
	// without GIT_DIR, failed.
	// The same repository counts by its common folder: GIT_DIR naming
	// the main repository (cat/.git) run at the top of a linked
	// worktree of it that a site holds as _cache (its .git leads to
	// cat/.git/worktrees/_cache), or the other way round, has git take
	// that folder for the work tree all the same, and the worktree was
	// its own top (/develop): a retag of every page passed a gate that
	// ./develop there on disk failed.
	top, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	wt, _ := envCheckout(dir)
	return checkoutOf(top, repo) || wt != ""
}

// checkoutOf reports whether the folder top has a .git that leads to
// the repository folder repo, or to one of its common folder.
func checkoutOf(top, repo string) bool {
	if !snapshot.GitEntry(top) {
		return false
	}
	here := snapshot.GitDirOf(filepath.Join(top, ".git"))
	return here == repo || gitCommonDir(here) == gitCommonDir(repo)
}

// envCheckout is the folder, absolute, that GIT_WORK_TREE names (from
// dir when relative, as git reads it there) when GIT_DIR is set too
// and it is that repository's own checkout (checkoutOf), and GIT_DIR
// absolute, to ask git from that folder; "" otherwise.
// git takes it for the work tree wherever it runs: with GIT_DIR and
// GIT_WORK_TREE naming a clone a site holds as _cache, run in
// _cache/develop, the clone was not asked of (without GIT_WORK_TREE,
// which superPath leaves out, git took that folder for the top), it was
// its own top (/develop), and a retag of every page passed a gate that
// ./develop on disk failed. One that names another folder (/tmp) is
// none: the checkout the site builds is the repository's own.
func envCheckout(dir string) (wt, gitDir string) {
	wt = os.Getenv("GIT_WORK_TREE")
	if wt == "" || EnvRepo() == "" {
		return "", ""
	}
	// Relative ones from where dir leads, as git, run in it, reads
	// them: GIT_DIR=../.git run in a link to _cache/develop was joined
	// by its spelling, named no repository, and a retag of every page
	// passed a gate that the same run in _cache/develop failed.
	if !filepath.IsAbs(wt) {
		wt = filepath.Join(resolvedPath(dir), wt)
	}
	wt, err := filepath.Abs(wt)
	if err != nil {
		return "", ""
	}
	abs := envGitDir(dir)
	if abs == "" || !checkoutOf(wt, snapshot.GitDirOf(abs)) {
		return "", ""
	}
	return wt, abs
}

// checkoutTop is the nearest folder at or above dir, absolute, with a
// .git, none of whose folders below it is a .git; "" for none. Where it
// leads, as git runs in it (the OS resolves the folder a process runs
// in), else by its spelling: run in a link to _cache/develop from
// outside the site, git took that folder for the top, and a correct
// snapshot was refused. Not by its spelling first: a link kept in a
// home folder in git (dotfiles), or in the site's own checkout, to
// _cache/develop found that checkout for the top, and a retag of every
// page passed a gate that the same run in _cache/develop failed.
func checkoutTop(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if res, err := filepath.EvalSymlinks(abs); err == nil && res != abs {
		if top := checkoutTopAt(res); top != "" {
			return top
		}
	}
	return checkoutTopAt(abs)
}

// checkoutTopAt is checkoutTop of the absolute path abs, by its spelling.
func checkoutTopAt(abs string) string {
	for d := abs; ; d = filepath.Dir(d) {
		if filepath.Base(d) == ".git" {
			return ""
		}
		if snapshot.GitEntry(d) {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// gitCommonDir is the common folder of the repository folder dir, as git
// reads it (get_common_dir): where its commondir file leads, from dir
// when relative (a linked worktree's .git/worktrees/NAME holds "../.."),
// through its links; dir itself without one.
func gitCommonDir(dir string) string {
	name := filepath.Join(dir, "commondir")
	info, err := os.Stat(name)
	if err != nil || !info.Mode().IsRegular() || info.Size() > 1<<16 {
		return dir
	}
	data, err := os.ReadFile(name)
	to := strings.TrimRight(string(data), "\r\n")
	if err != nil || to == "" {
		return dir
	}
	if !filepath.IsAbs(to) {
		to = filepath.Join(dir, to)
	}
	if r, err := filepath.EvalSymlinks(to); err == nil {
		return r
	}
	return filepath.Clean(to)
}

// inModulesDir reports whether dir, through its links, is inside a
// modules folder, where git keeps a superproject's submodules: -C
// .git/modules/_cache has git read the submodule's repository, whose
// core.worktree names its checkout, from a folder that no work tree
// holds, so nested, which looks above that folder, says nothing; the
// submodule was its own top (/develop), and a retag of every page
// passed a gate that GIT_DIR=.git/modules/_cache and _cache/develop on
// disk failed.
func inModulesDir(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	return inModulesFolder(snapshot.GitDirOf(abs))
}

// inModulesFolder reports whether the absolute path p is at or in a
// repository folder that a superproject's repository keeps in its
// modules folder (.git/modules/NAME, NAME/modules/NAME2 for a nested
// one, NAME of one or more folders): up from the repository folder p
// is at or in, through folders that are neither repositories nor work
// tree tops, to a folder named modules in a repository folder. Not any
// folder of p named modules: with a site kept below /home/u/modules/x,
// GIT_DIR naming the clone the site holds as _cache, run in its
// _cache/develop, was taken for a submodule's hook, the folder git runs
// in for the checkout's top, and a correct snapshot was placed at
// /_cache/develop/develop and refused (exit 2) that the same run
// elsewhere passed (exit 1).
func inModulesFolder(p string) bool {
	d := p
	for !repoFolder(d) {
		if snapshot.GitEntry(d) || filepath.Dir(d) == d {
			return false
		}
		d = filepath.Dir(d)
	}
	for {
		up := filepath.Dir(d)
		if filepath.Base(up) == "modules" && repoFolder(filepath.Dir(up)) {
			return true
		}
		if up == d || repoFolder(up) || snapshot.GitEntry(up) {
			return false
		}
		d = up
	}
}

// ownWorkTree reports, with GIT_DIR set, whether the repository it
// names has core.worktree in its own config: a checkout of its own, as
// a submodule's, which git takes for the work tree wherever it runs. A
// repository kept outside the site whose core.worktree is the site's
// _cache (GIT_DIR=/x/cat.git, as a deploy script keeps one) was its
// own top from git (/develop), and a retag of every page passed a gate
// that ./develop on disk failed.
func (r *Repo) ownWorkTree() bool { return EnvRepo() != "" && r.coreWorkTree() }

// foundWorkTree reports, without GIT_DIR, whether the repository git
// finds from the folder it runs in (the .git at or above it, or the .git
// folder it is in) has core.worktree (coreWorkTree): git takes that
// checkout for the work tree, though the folder it runs in is none of
// it. Run in cat, or with -C cat, where cat/.git's core.worktree is a
// site's _cache, a REV:PATH was its own top (/develop), and a retag of
// every page passed a gate that GIT_DIR=cat/.git, and _cache/develop on
// disk, failed. git is asked only where the repository's config files
// may set it (namesWorkTree), so that an ordinary clone costs no
// process more; one too big to read for that look (over 1 MiB) is
// asked too: passed by, core.worktree at the end of a config padded
// past that size was never looked for, and a retag of every page passed
// a gate that the same config less the padding failed.
func (r *Repo) foundWorkTree() bool {
	gitDir := foundGitDir(r.dir)
	if gitDir == "" {
		return false
	}
	for _, d := range []string{gitDir, gitCommonDir(gitDir)} {
		for _, name := range []string{"config", "config.worktree"} {
			info, err := os.Stat(filepath.Join(d, name))
			if err != nil || !info.Mode().IsRegular() {
				continue
			}
			if info.Size() > 1<<20 {
				return r.coreWorkTree()
			}
			data, err := os.ReadFile(filepath.Join(d, name))
			if err == nil && namesWorkTree(data) {
				return r.coreWorkTree()
			}
		}
	}
	return false
}

// namesWorkTree reports whether the config file text data may set
// core.worktree: it has a key worktree, in any case, followed by spaces
// or tabs and an =, the one spelling git's setup reads it by (it reads
// the repository's config alone, no include; a line break or a
// backslash before the = is a bad config line to git, no value a
// missing one). Any text that merely holds the word passed, and asked
// git twice for nothing: extensions.worktreeConfig, which git
// sparse-checkout sets in a clone CI checks out, or a remote's URL
// naming a project include-what-you-use.
func namesWorkTree(data []byte) bool {
	low := bytes.ToLower(data)
	for i := 0; ; {
		j := bytes.Index(low[i:], []byte("worktree"))
		if j < 0 {
			return false
		}
		i += j + len("worktree")
		if rest := bytes.TrimLeft(low[i:], " \t"); len(rest) > 0 && rest[0] == '=' {
			return true
		}
	}
}

// foundGitDir is the repository folder git finds from dir, through its
// links, as git's discovery does: at each folder up, that of its .git,
// else the folder itself when it is a repository folder (a .git folder,
// or one kept elsewhere as x.git: -C x.git, whose core.worktree is a
// site's _cache, was its own top, and a retag of every page passed a
// gate that GIT_DIR=x.git failed); "" for none.
func foundGitDir(dir string) string {
	for d := resolvedPath(dir); ; d = filepath.Dir(d) {
		if snapshot.GitEntry(d) {
			return snapshot.GitDirOf(filepath.Join(d, ".git"))
		}
		if repoFolder(d) {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// repoFolder reports whether the folder d is a repository folder as
// git's discovery tells one (snapshot.GitDirectory: a HEAD that names a
// ref or a commit, folders objects and refs, in the common folder a
// commondir file names). A HEAD file alone was enough, and a folder
// holding a HEAD of no such text beside objects and refs (a fixture
// kept in a repository folder whose core.worktree is a site's _cache),
// which git passes by to the repository above, was taken for the
// repository: that one's config was never looked at, and a retag of
// every page passed a gate that the same run a folder up failed.
func repoFolder(d string) bool { return snapshot.GitDirectory(d) }

// coreWorkTree reports whether the repository git reads has
// core.worktree in its own config (ownWorkTree, foundWorkTree).
func (r *Repo) coreWorkTree() bool {
	// git reads core.worktree from the repository's config and, with
	// extensions.worktreeConfig, from its config.worktree, which
	// --local does not read (--worktree does): one set there only was
	// no checkout of its own, and a retag of every page passed a gate.
	for _, file := range []string{"--local", "--worktree"} {
		cmd := r.command("config", file, "--get", "core.worktree")
		cmd.Env = slices.DeleteFunc(cmd.Env, func(kv string) bool { return workTreeVar(kv) || configVar(kv) })
		if out, err := cmd.Output(); err == nil && strings.TrimSpace(string(out)) != "" {
			return true
		}
	}
	return false
}

// configVar tells GIT_CONFIG, as "NAME=value": the file git config
// reads when given none, which it refuses beside --local or --worktree
// ("only one config file at a time"); git's setup reads core.worktree
// from the repository all the same, so with GIT_CONFIG set, a
// repository whose core.worktree is a site's _cache was its own top
// (/develop), and a retag of every page passed a gate.
func configVar(kv string) bool { return strings.HasPrefix(kv, "GIT_CONFIG=") }

// sameCommonVar tells GIT_COMMON_DIR, as "NAME=value", where it names
// the common folder that GIT_DIR (from the folder dir) has anyway
// (gitCommonDir): git reads the same repository, but, given a common
// folder by the variable, takes no core.worktree from its config (as
// for a linked worktree's), and the folder it runs in for the top. With
// GIT_DIR a submodule's .git/modules/_cache and GIT_COMMON_DIR the same
// folder, run in _cache/develop, the checkout was placed at
// /_cache/develop, its pages one folder too deep, and a correct
// snapshot was refused (exit 2) that the same run without
// GIT_COMMON_DIR passed. Without GIT_DIR, the repository folder is the
// one git finds from dir (foundGitDir): run in .git/modules/_cache with
// GIT_COMMON_DIR=., the submodule was placed nowhere, and a retag of
// every page passed a gate (exit 0) that the same run without it failed.
func sameCommonVar(dir, kv string) bool {
	common, ok := strings.CutPrefix(kv, "GIT_COMMON_DIR=")
	if !ok || common == "" {
		return false
	}
	gitDir := envGitDir(dir)
	if gitDir == "" && EnvRepo() == "" {
		gitDir = foundGitDir(dir)
	}
	if gitDir == "" {
		return false
	}
	if !filepath.IsAbs(common) {
		common = filepath.Join(resolvedPath(dir), common)
	}
	// GIT_DIR may name a .git file (a submodule's checkout's), which
	// leads to the folder: compared by its spelling, a correct change
	// run in _cache/develop with GIT_DIR=_cache/.git was refused.
	return resolvedPath(common) == resolvedPath(gitCommonDir(snapshot.GitDirOf(gitDir)))
}

// workTreeVar tells GIT_WORK_TREE, as "NAME=value": the checkout a
// site builds is the repository's own, not one the environment names.
func workTreeVar(kv string) bool { return strings.HasPrefix(kv, "GIT_WORK_TREE=") }

// repoVar tells the variables of git's environment, as "NAME=value",
// that name one repository or its parts (GIT_DIR, GIT_WORK_TREE,
// GIT_INDEX_FILE and the like: git's local_repo_env), which a hook sets.
func repoVar(kv string) bool {
	name, _, _ := strings.Cut(kv, "=")
	switch name {
	case "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR",
		"GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_PREFIX":
		return true
	}
	return false
}

// nested reports whether the work tree that holds dir ("" for the
// current directory), by the nearest .git at or above it, is inside
// another's (a .git further up) or a Jekyll site's (a _config.yml
// further up, snapshot.SuperOf): only then may it be placed in another
// site, which superPath asks git of.
func nested(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	// Also where it leads, which git asks from: -C /tmp/lnk, a link to
	// a submodule's checkout super/_cache, has no .git above its
	// spelling, and the submodule was its own top from git (/develop),
	// passing a gate on a retag of every page that /tmp/lnk/develop on
	// disk failed.
	if res, err := filepath.EvalSymlinks(abs); err == nil && res != abs && nestedAt(res) {
		return true
	}
	return nestedAt(abs)
}

// nestedAt is nested of the absolute path abs.
func nestedAt(abs string) bool {
	found := false
	for {
		if snapshot.GitEntry(abs) {
			if found {
				return true
			}
			found = true
		} else if found && snapshot.JekyllConfig(abs) {
			return true
		}
		up := filepath.Dir(abs)
		if up == abs {
			return false
		}
		abs = up
	}
}

// dotDir returns the path, in dir (a slash-separated folder path ending
// in "/"), to its first folder whose name starts with a dot.
func dotDir(dir string) string {
	segs := strings.Split(strings.TrimSuffix(dir, "/"), "/")
	for i, s := range segs {
		if strings.HasPrefix(s, ".") {
			return strings.Join(segs[:i+1], "/")
		}
	}
	return strings.TrimSuffix(dir, "/")
}

// amongPages reports whether a symbolic link into .git at p (from the
// top of the repository) is where the site publishes the catalogue's
// pages: below a tag's folder of _cache, or a tag's folder itself; a
// tag's folder whose name Jekyll leaves out publishes nothing. At a
// tag's place it counts whatever it leads to: a name below .git may be
// a folder of a checkout too (.git/objects, .git/refs), which the
// object store knows nothing of, and _cache/g to ../.git/objects passed
// from git with a warning while the checked-out folder refused the
// files below g that the site would publish.
func amongPages(p string) bool {
	segs := strings.Split(p, "/")
	const need = 2 // _cache, the tag's folder (or the link there)
	for i, seg := range segs {
		if seg == "_cache" && len(segs) >= i+need && segs[i+1] != "" && strings.IndexByte("._#~", segs[i+1][0]) < 0 {
			return true
		}
	}
	return false
}
