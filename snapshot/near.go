package snapshot

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/shellword"
)

// maxNear is how many folders below a failed snapshot nearSnapshots
// names.
const maxNear = 2

// nearSnapshots returns the folders below root, nearest first (then by
// name), at most maxNear, that hold a snapshot of their own: the catalogue
// folder of a page that loaded (the folder above its package's), or the
// folder of a Spack file that did. A folder named on the command line
// that fails to load, such as /tmp, a checkout or a home folder, often
// holds the one meant. It is nil when the pages and files that loaded are
// root's own: then root is the snapshot, and its errors are its own. A
// folder that holds a file that failed (errs: those of the candidates,
// and the files refused without a read) is not named: it fails alike.
func nearSnapshots(root string, cands []candidate, results []result, errs []*Error) []string {
	prefix := root
	switch {
	case filepath.Clean(root) == ".":
		// cachediff . (or ./): the files are named without "./"
		// (bad/specs.md), so the prefix "./" matched none, and the
		// folders below went unnamed, as they are named from t2 or an
		// absolute path.
		prefix, root = "", "."
	case !strings.HasSuffix(prefix, string(filepath.Separator)) && !strings.HasSuffix(prefix, ":"): // REV: is a tree's root
		prefix += string(filepath.Separator)
	}
	folders := map[string]bool{}
	// A folder above a file that failed would fail alike: it is no
	// snapshot of its own to suggest.
	failed := map[string]bool{}
	for _, e := range errs {
		for dir := filepath.Dir(e.File); strings.HasPrefix(dir, prefix) && !failed[dir]; dir = filepath.Dir(dir) {
			failed[dir] = true
		}
	}
	for i, r := range results {
		if r.err != nil {
			continue
		}
		name := cands[i].file.Name
		var dir string
		switch {
		case len(r.pkgs) > 0 && cands[i].file.Base == "specs.md": // the catalogue's <tag>/<pkg>/specs.md
			dir = filepath.Dir(filepath.Dir(name))
		case len(r.pkgs) > 0:
			dir = filepath.Dir(name)
		default:
			continue
		}
		if dir == root || dir+string(filepath.Separator) == prefix {
			folders[""] = true
		} else if strings.HasPrefix(dir, prefix) && !failed[dir] {
			folders[dir] = true
		}
	}
	if folders[""] && len(folders) == 1 || len(folders) == 0 {
		return nil
	}
	delete(folders, "")
	near := make([]string, 0, len(folders))
	for dir := range folders {
		near = append(near, dir)
	}
	depth := func(dir string) int { return strings.Count(dir[len(prefix):], string(filepath.Separator)) }
	slices.SortFunc(near, func(a, b string) int {
		return cmp.Or(cmp.Compare(depth(a), depth(b)), strings.Compare(a, b))
	})
	near = near[:min(len(near), maxNear)]
	if prefix == "" {
		for i, dir := range near {
			near[i] = dotName(dir)
		}
	}
	return near
}

// dotName is dir, a folder on disk named from "." (the name its files
// are walked by: no "./" before it), as a path on disk only: ./ before
// a name with a colon. Pasted bare, git:HEAD:s was read from git alone,
// whatever the folder held (cachediff . . said "for example
// git:HEAD:s"), and HEAD:s or :s as REV:PATH too, an error where git
// resolves it.
func dotName(dir string) string {
	if strings.ContainsRune(dir, ':') {
		return "./" + dir
	}
	return dir
}

// nearLine is the line of a LoadError that names the folders below it
// that hold a snapshot of their own.
// Each is a shell word (shellword.Shown), to paste back: a folder "my
// dir" read as two arguments.
func nearLine(near []string) string {
	if len(near) == 1 {
		return fmt.Sprintf("did you mean %s? it holds a snapshot of its own", hintWord(near[0], "folder"))
	}
	return fmt.Sprintf("did you mean %s or %s? each holds a snapshot of its own", hintWord(near[0], "folder"), hintWord(near[1], "folder"))
}

// nearLine is the line that names e.Near: as parts of e.Path where
// e.NearPart, not as the folder meant.
func (e *LoadError) nearLine() string {
	if !e.NearPart {
		return nearLine(e.Near)
	}
	bad := "its bad file"
	if len(e.Errs) > 1 {
		bad = "its bad files"
	}
	if len(e.Near) == 1 {
		return fmt.Sprintf("%s holds a snapshot of its own, but is a part of %s, which fails as a whole on %s", hintWord(e.Near[0], "folder"), loadingPath(e.Path, false), bad)
	}
	return fmt.Sprintf("%s and %s each hold a snapshot of their own, but are parts of %s, which fails as a whole on %s", hintWord(e.Near[0], "folder"), hintWord(e.Near[1], "folder"), loadingPath(e.Path, false), bad)
}

// hintWord is pathWord(p), a path a hint offers to paste back, where it
// is at most MaxPathShown bytes. Past that it is said otherwise, as "the
// folder" (noun) and p quoted in ASCII and cut (CutShown, its head, the
// cut's mark and its tail), with its length: written whole, a folder
// of ~2,250 bytes of Cyrillic below the one named was 13.5 KB as a
// word, "did you mean $'…'?", past the command's line cap of 8 KB, which
// cut it to a word that pasted named no folder and lost what followed
// it; a cut word read as one to paste.
func hintWord(p, noun string) string {
	return cutWord(pathWord(p), p, noun)
}

// cutWord is w, p as a shell word to paste back, where it is at most
// MaxPathShown bytes; else p said otherwise, as hintWord says it.
func cutWord(w, p, noun string) string {
	if len(w) <= MaxPathShown {
		return w
	}
	return fmt.Sprintf("the %s %s (%d bytes, too long to show whole)", noun,
		CutShown(p, MaxPathShown, strconv.QuoteToASCII), len(p))
}

// pathWord is the folder p as one shell word to paste back as an
// argument: a relative path that starts with "-" gets "./" before it,
// as pasted it was read as a flag (cachediff . . said "for example -x":
// "unknown shorthand flag: 'x'"), and so does a folder of one name
// (named from ".": no separator, and no colon of REV:), as pasted first
// it may be read as a command: "did you mean log?", pasted as cachediff
// log NEW, ran a log of one snapshot. A word that is not ASCII is
// written in ASCII (shellword.ShownASCII), as "loading PATH" quotes the
// path (shownPath): "loading snap1: no such file or directory: did you
// mean './snаp1'?" (its а Cyrillic) offered the name typed.
func pathWord(p string) string {
	if strings.HasPrefix(p, "-") || !strings.ContainsAny(p, "/:"+string(filepath.Separator)) {
		p = "./" + p
	}
	return shellword.ShownASCII(p)
}
