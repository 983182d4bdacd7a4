package gitsrc

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/linkword"
	"github.com/cachediff/cachediff/snapshot"
)

// A checkout on a case-insensitive file system (macOS, Windows) merges
// names that differ in case alone: git reads a folder's attributes from
// the working tree where the index has no ".gitattributes" there (attr.c's
// read_attr, GIT_ATTR_CHECKOUT), and opening ".gitattributes" opens a
// committed ".GITATTRIBUTES"; and _CACHE/ beside _cache/ land in one
// folder, so that _CACHE/.gitattributes applies to _cache/develop's
// pages. REV:PATH read such a tree as committed ("3 packages changed"),
// and a log over a commit that only added one said "no commit in this
// range changed" PATH. The folders above PATH are read (caseClash), and
// such a name in any of them is refused, whether or not a checkout would
// merge it: simple and sure beats exact.

// clash is a name above PATH that a checkout on a case-insensitive file
// system merges with another: its path from the top, and why it is
// refused. Its zero value is none.
type clash struct {
	path, msg string
}

// wayDown returns the folders from the top of the repository down to
// top's parent (top: a tree's or a page's path from the top), "" for the
// top itself, and with each the name in it that leads to top.
func wayDown(top string) (dirs, next []string) {
	if top == "" {
		return nil, nil
	}
	parts := strings.Split(top, "/")
	dirs = make([]string, len(parts))
	for i := range parts {
		dirs[i] = strings.Join(parts[:i], "/")
	}
	return dirs, parts
}

// treeName is how git cat-file names the folder dir (from the top) at
// rev: rev^{tree} for the top.
func treeName(rev, dir string) string {
	if dir == "" {
		return rev + "^{tree}"
	}
	return rev + ":" + dir
}

// readClash reads the answer of git cat-file --batch to the folder dir
// (from the top) on the way to PATH, in which next leads there, into buf
// (reused), and returns the first name in it that a case-insensitive
// checkout merges with next or with the folder's .gitattributes (a zero
// clash when none, or when dir is no folder at that commit).
func readClash(br *bufio.Reader, buf []byte, dir, next string) (clash, []byte, error) {
	a, err := readAnswer(br, nil, false)
	if err != nil || a.typ == "missing" || a.typ == "ambiguous" {
		return clash{}, buf, err
	}
	if a.typ != "tree" {
		if _, err := io.CopyN(io.Discard, br, a.size); err != nil {
			return clash{}, buf, err
		}
		_, err := br.ReadByte() // the newline after the content
		return clash{}, buf, err
	}
	a.data = buf
	if a, err = readAnswerContent(br, a); err != nil {
		return clash{}, buf, err
	}
	return caseClash(a.data, len(a.oid)/2, dir, next), a.data, nil
}

// caseClash returns the first entry of the tree object data (of the
// folder dir, whose object ids are hashLen bytes) whose name is
// ".gitattributes", or next, in another case, or the second of either
// (a tree git fsck calls duplicateEntries); a zero clash when none. It
// allocates nothing per entry.
func caseClash(data []byte, hashLen int, dir, next string) clash {
	attrs, want := []byte(".gitattributes"), []byte(next)
	var attrsSeen, wantSeen bool
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp < 0 {
			break
		}
		end := bytes.IndexByte(data[sp+1:], 0)
		if end < 0 || len(data) < sp+1+end+1+hashLen {
			break // not a tree git wrote: git fsck says
		}
		name := data[sp+1 : sp+1+end]
		data = data[sp+1+end+1+hashLen:]
		switch {
		case bytes.Equal(name, attrs) && attrsSeen, bytes.Equal(name, want) && wantSeen:
			// A tree git fsck calls duplicateEntries: git looks up the
			// first, and a checkout (read-tree) writes both, the second
			// over the first (a _cache of llvm alone, then the whole
			// _cache: REV:PATH read llvm alone, the checkout all three).
			return clash{path.Join(dir, string(name)), fmt.Sprintf("%s is in its folder twice (a tree git fsck calls duplicateEntries): git reads the first, while a checkout writes both, one over or into the other; refused: give the checked-out folder", strconv.QuoteToASCII(string(name)))}
		case bytes.Equal(name, attrs):
			attrsSeen = true
		case bytes.Equal(name, want):
			wantSeen = true
		case bytes.EqualFold(name, attrs) && !bytes.Equal(name, attrs):
			qn, _ := quoteLookalikes(string(name), ".gitattributes")
			return clash{path.Join(dir, string(name)), fmt.Sprintf("%s is .gitattributes in another case, above PATH: a checkout on a case-insensitive file system (macOS, Windows) may read it as the folder's .gitattributes and rewrite the pages it names (ident, working-tree-encoding, a filter), while REV:PATH reads them as committed; refused whether or not a checkout would read it: remove it, or give the checked-out folder", qn)}
		case bytes.EqualFold(name, want) && !bytes.Equal(name, want):
			qn, qx := quoteLookalikes(string(name), next)
			return clash{path.Join(dir, string(name)), fmt.Sprintf("%s is %s, on the way to PATH, in another case: a checkout on a case-insensitive file system (macOS, Windows) writes both into one folder, so that the .gitattributes and files of one apply to and mix with the other's, while REV:PATH reads %s alone; refused whether or not a checkout would merge them: rename one, or give the checked-out folder", qn, qx, qx)}
		}
	}
	return clash{}
}

// clashError is the error of the tree's clash, nil when it has none.
func (t *Tree) clashError() *snapshot.Error {
	if t.clash.path == "" {
		return nil
	}
	return &snapshot.Error{File: t.Rev + ":" + t.clash.path, Msg: t.clash.msg}
}

// maxFoldSpecs is how many pathspecs foldSpecs writes for one name at
// most: past it, a wildcard stands for each further letter that has a
// fold git's icase does not make.
const maxFoldSpecs = 64

// foldSpecs returns the pathspecs (from the top) that match the paths
// whose last part caseClash takes for p's (bytes.EqualFold) where the
// rest is p's, and the paths below them: git's icase folds ASCII letters
// alone, and EqualFold folds Unicode too (k and U+212A KELVIN SIGN, s and
// U+017F LONG S, É and é), so each such letter of the last part is
// written as each of its folds. Past maxFoldSpecs of them (a name of many
// such letters), and for an invalid byte or U+FFFD (EqualFold decodes
// each as U+FFFD, so that any of them is any other: "d\xff" is "d\xfe"),
// a glob's * stands for the letter, which matches more names, never
// fewer. Naming the whole folder there instead had a log over a top
// folder of seven s or k letters ("kkkkkkk/develop") start one git
// cat-file per commit of the range, whatever it changed.
func foldSpecs(p string) []string {
	dir, name := path.Split(p)
	// Each name grows in place, a letter at a time: a new string per
	// letter (n+o) copied the name so far each time: quadratic in a
	// log --revs PATH's length (TestFoldSpecsLinear).
	// A name is copied only when a letter has other folds, at most
	// maxFoldSpecs names in all.
	grow := [][]byte{[]byte(dir)}
	glob := false // a NUL (in no path) stands for a wildcard in names
	for rest := name; rest != ""; {
		r, size := utf8.DecodeRuneInString(rest)
		opts := []string{rest[:size]}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f >= utf8.RuneSelf || r >= utf8.RuneSelf {
				opts = append(opts, string(f))
			}
		}
		rest = rest[size:]
		if r == utf8.RuneError || len(grow)*len(opts) > maxFoldSpecs {
			opts, glob = []string{"\x00"}, true
		}
		if len(opts) == 1 {
			for i := range grow {
				grow[i] = append(grow[i], opts[0]...)
			}
			continue
		}
		grown := make([][]byte, 0, len(grow)*len(opts))
		for _, n := range grow {
			for _, o := range opts {
				grown = append(grown, append(append(make([]byte, 0, len(n)+len(o)), n...), o...))
			}
		}
		grow = grown
	}
	names := make([]string, len(grow))
	for i, n := range grow {
		names[i] = string(n)
	}
	if !glob {
		for i, n := range names {
			names[i] = ":(top,icase,literal)" + n
		}
		return names
	}
	// A glob's pattern matches the name alone: "/**" the paths below it.
	escape := strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`, "\x00", "*")
	specs := make([]string, 0, 2*len(names))
	for _, n := range names {
		n = ":(top,icase,glob)" + escape.Replace(n)
		specs = append(specs, n, n+"/**")
	}
	return specs
}

// dotFolder is the Kind clashBelow gives a dot-folder (no File's).
const dotFolder Kind = -1

// clashBelow returns the error of two names below PATH (files, and the
// folders dirs, as a tree lists them) that differ in case alone
// (bytes.EqualFold's, as caseClash), nil when none: a checkout on a
// case-insensitive file system writes one over the other, or both into
// one folder (_cache/develop/LLVM/specs.md beside llvm/specs.md: one
// page there, two here, "1 new" package), while REV:PATH reads both.
// Names in dot-folders, which the walk does not enter, are left out,
// and so is a dot-folder beside another in another case (dot-files are
// not). A dot-folder beside a dot-file of its name in another case is
// refused: a checkout writes one over the other (snap/.A.spec.json
// beside snap/.a.spec.json/x: REV:PATH read the spec, where such a
// checkout holds the folder, which the walk does not enter). A
// dot-named submodule is a dot-folder to a checkout, as Walk yields it:
// not refused beside another, refused beside a dot-file. Refused
// whether or not a checkout would merge them, as above PATH. In a
// Spack mirror (all), which reads what is in dot-folders too (spec
// manifests, a view .x beside .X: two indexes from git, one in such a
// checkout), no name is left out but a dot-named one at its top (a
// dot-folder, .github, a dot-file or a dot-named submodule), which a
// mirror does not read. A file a link leads to in a
// dot-folder is judged by clashTargets.
func (t *Tree) clashBelow(files []File, dirs []string, all bool) *snapshot.Error {
	seen := make(map[string]string, len(files)+len(dirs))
	// The dot-folders' keys in seen, each with what it is: "dot-folder",
	// or "dot-named submodule" (a dot-folder to a checkout).
	dots := map[string]string{}
	check := func(p, dir string, kind Kind) *snapshot.Error {
		if strings.HasPrefix(dir, ".") || !all && strings.Contains(dir, "/.") || all && dir == "" && strings.HasPrefix(p, ".") {
			// In a mirror too, a dot-folder at its top (.github), which
			// it does not read (build_cache/, v3/ and blobs/ alone), and
			// a dot-file or a dot-named submodule there: m/.t beside m/.T
			// was refused, "REV:PATH reads both", which it read neither
			// of (rewrittenMirror judges a .gitattributes in any case).
			return nil
		}
		key := strings.Map(foldRune, p)
		first, ok := seen[key]
		if !ok {
			seen[key] = p
			return nil
		}
		if dots[key] != "" && (kind == Submodule || kind == dotFolder) {
			return nil
		}
		if first == p {
			// Listed twice: a tree git fsck calls duplicateEntries.
			return &snapshot.Error{File: t.Join(p), Msg: fmt.Sprintf("%s is below PATH twice (a tree git fsck calls duplicateEntries): REV:PATH reads both, while a checkout writes one over or into the other; refused: give the checked-out folder", strconv.QuoteToASCII(p))}
		}
		qp, qf := quoteLookalikes(p, first)
		reads := "reads both"
		if dots[key] != "" {
			// first is a dot-folder, which the walk does not enter.
			reads = "reads " + qp + " alone, and not the " + dots[key] + " " + qf + ", which the walk does not enter"
		} else if kind == dotFolder {
			// p is (a dot-named submodule, listed after a dot-file).
			reads = "reads " + qf + " alone, and not the dot-named submodule " + qp + ", which the walk does not enter"
		}
		return &snapshot.Error{File: t.Join(p), Msg: fmt.Sprintf("%s is %s, below PATH, in another case: a checkout on a case-insensitive file system (macOS, Windows) writes one over the other, or both into one folder, while REV:PATH %s; refused whether or not a checkout would merge them: rename one, or give the checked-out folder", qp, qf, reads)}
	}
	for _, d := range dirs {
		parent, base := path.Split(d)
		if !all && strings.HasPrefix(base, ".") {
			// Not entered, but judged against the names beside it.
			if e := check(d, parent, dotFolder); e != nil {
				return e
			}
			dots[strings.Map(foldRune, d)] = "dot-folder"
			continue
		}
		if e := check(d, d, Regular); e != nil {
			return e
		}
	}
	for _, f := range files {
		// path.Split's, not path.Dir's: a file at PATH's top has dir ""
		// (path.Dir's "." read as a dot-folder left a.spec.json beside
		// A.spec.json there unjudged).
		dir, base := path.Split(f.Path)
		kind := f.Kind
		if !all && kind == Submodule && strings.HasPrefix(base, ".") {
			// A dot-folder to a checkout, as Walk yields it: one
			// beside another dot-named submodule (.s beside .S) was
			// refused, "REV:PATH reads both", where it reads neither.
			// At a mirror's top, check leaves it out.
			kind = dotFolder
		}
		if e := check(f.Path, dir, kind); e != nil {
			return e
		}
		if key := strings.Map(foldRune, f.Path); kind == dotFolder && dots[key] == "" {
			// Not over a dot-folder's, which seen names.
			dots[key] = "dot-named submodule"
		}
	}
	return nil
}

// quoteLookalikes quotes a and b (names that fold alike, rune by rune)
// for a message, in ASCII, as a path is named (snapshot.ShownPath) and
// a link's way through one (clashTargets): strconv.Quote's, where they
// differed in a rune of another case alone, named "D\u0430ta" and
// "d\u0430ta" (their а Cyrillic) raw, read as the folders Data and
// data; and where they differ in a rune of the same case (K and U+212A
// KELVIN SIGN), raw, two names that look the same.
func quoteLookalikes(a, b string) (string, string) {
	return strconv.QuoteToASCII(a), strconv.QuoteToASCII(b)
}

// foldRune is r as clashBelow compares names: each of the runes that
// unicode.SimpleFold cycles through (k, K and U+212A KELVIN SIGN) gives
// one, an ASCII letter's lower case where the cycle holds one (so that
// a name in lower case is kept, unallocated, by strings.Map), else the
// least; strings.Map gives an invalid byte as U+FFFD, as
// bytes.EqualFold reads it.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		return unicode.ToLower(r)
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < utf8.RuneSelf {
			return unicode.ToLower(f)
		}
		least = min(least, f)
	}
	return least
}

// clashTargets returns the error of a name on the way a link of the
// tree (names, each a file's name that the tree would read, with the
// way it took, ways, and what it leads to, targets) takes out of it, or
// into a dot-folder of it, which clashBelow leaves out, beside another
// in another case, in the listing the links were followed in (w: a
// folder above the tree, down; the folders above it are on the way to
// PATH, judged by caseClash), nil when none: snap/cache.json to
// ../Data/i.json beside data/i.json read Data's index from git, while a
// checkout on a case-insensitive file system writes data's over it in
// one folder. The whole way is judged, through every link of a chain
// (snap/cache.json to ../a/l.json, a link to ../data/i.json, beside
// A/l.json, a file a checkout may write over the link), and whatever
// the link leads to in git (a link to ../Data/i.json, missing, beside
// data/i.json: a checkout reads data's; one to I.json, missing, beside
// i.json, in PATH too). Refused whether or not a
// checkout would merge them, as below PATH.
func (t *Tree) clashTargets(w *linkWalker, top string, names, targets []string, ways [][]string) *snapshot.Error {
	way := map[string]string{} // a fold key of a name on the way → the name
	for _, ws := range ways {
		for _, p := range ws {
			for q := p; within(q, w.root) && q != w.root; q = parentDir(q) {
				if _, ok := w.entries[q]; ok && !outOfTree(q, top) {
					break // judged by clashBelow, as the names above it
				}
				key := strings.Map(foldRune, q)
				prev, ok := way[key]
				if prev == q {
					break // and the names above it
				}
				if _, listed := w.entries[q]; !ok || !listed {
					// A name git does not have is kept over one it has
					// (../Data/i.json beside another link's
					// ../data/i.json): the listing holds the other.
					way[key] = q
				}
			}
		}
	}
	if len(way) == 0 {
		return nil
	}
	var found, other string
	for p := range w.entries {
		if q, ok := way[strings.Map(foldRune, p)]; ok && q != p && (found == "" || p < found) {
			found, other = p, q
		}
	}
	if found == "" {
		return nil
	}
	name, target := names[0], targets[0]
	for i, ws := range ways {
		if slices.ContainsFunc(ws, func(p string) bool { return within(p, other) }) {
			name, target = names[i], targets[i]
			break
		}
	}
	// In ASCII, as a path is named (snapshot.ShownPath), and the target as
	// every message spells one (linkword): quoted as they were, a name
	// of a Cyrillic а read as one of a Latin a.
	qf, qo := strconv.QuoteToASCII(found), strconv.QuoteToASCII(other)
	reads := "writes one over the other, or both into one folder, while REV:PATH reads " + qo + " alone"
	if _, ok := w.entries[other]; !ok {
		reads = "reads " + qf + " by the link's name, while REV:PATH has no " + qo + " and does not follow the link"
	}
	return &snapshot.Error{File: name, Msg: fmt.Sprintf("%s is %s, on the way to %s, which this symbolic link leads to, in another case: a checkout on a case-insensitive file system (macOS, Windows) %s; refused whether or not a checkout would merge them: rename one, or give the checked-out folder", qf, qo, linkword.Shown(target), reads)}
}
