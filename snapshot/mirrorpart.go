package snapshot

import (
	"cmp"
	"encoding/hex"
	"path"
	"path/filepath"
	"strings"

	"github.com/cachediff/cachediff/internal/shellword"
)

// MirrorPart is a folder inside a Spack mirror of layout v3, as its
// path names it (MirrorPartOf): a user who gives the folder the
// manifests or blobs are in (v3/, v3/manifests/index/) rather than the
// mirror's root was told that it holds no package page, or that it is
// no mirror, and not where the mirror is.
type MirrorPart struct {
	// Root is the path of the mirror's root, above the part: "" for
	// the current folder (p "v3"), or the top of a URL's path ("/v3").
	Root string
	// What names the part: "v3/", "v3/manifests/index/", "blobs/";
	// quoted in ASCII (shownPath) when a view's or a package's folder
	// name is not ASCII or holds a control character, and cut past
	// MaxPathShown bytes (CutShown).
	What string
	// View is the view whose folder the part is
	// (v3/manifests/index/VIEW/), or "".
	View string
}

// MirrorPartOf returns the folder inside a layout-v3 mirror that the
// slash-separated path p names by its last names (v3, v3/manifests,
// v3/manifests/index, v3/manifests/index/VIEW, v3/manifests/spec,
// v3/manifests/spec/PACKAGE, blobs, blobs/sha256, blobs/sha256/XX), and
// false for another path.
func MirrorPartOf(p string) (MirrorPart, bool) {
	p = strings.TrimRight(p, "/")
	for strings.HasSuffix(p, "/.") {
		p = strings.TrimRight(strings.TrimSuffix(p, "/."), "/") // index/. is index
	}
	parts := strings.Split(p, "/")
	n := len(parts)
	at := func(k int, names ...string) bool { // parts[k:] are names
		if k < 0 || n-k != len(names) {
			return false
		}
		for i, name := range names {
			if name != "*" && parts[k+i] != name {
				return false
			}
			if name == "*" && (parts[k+i] == "." || parts[k+i] == "..") {
				// Not a view's or a package's folder: index/.. was
				// "the v3/manifests/index/../ folder", told to give
				// --view .., which --view refuses.
				return false
			}
		}
		return parts[k+len(names)-1] != ""
	}
	part := func(k int, what, view string) (MirrorPart, bool) {
		root := strings.Join(parts[:k], "/")
		if strings.HasSuffix(root, ":") {
			return MirrorPart{}, false // REV:v3, whose root is no path
		}
		return MirrorPart{Root: root, What: what, View: view}, true
	}
	switch {
	case at(n-1, "v3"):
		return part(n-1, "v3/", "")
	case at(n-2, "v3", "manifests"):
		return part(n-2, "v3/manifests/", "")
	case at(n-3, "v3", "manifests", "index"):
		return part(n-3, "v3/manifests/index/", "")
	case at(n-3, "v3", "manifests", "spec"):
		return part(n-3, "v3/manifests/spec/", "")
	case at(n-4, "v3", "manifests", "index", "*"):
		return part(n-4, CutShown("v3/manifests/index/"+parts[n-1]+"/", MaxPathShown, shownPath), parts[n-1])
	case at(n-4, "v3", "manifests", "spec", "*"):
		return part(n-4, CutShown("v3/manifests/spec/"+parts[n-1]+"/", MaxPathShown, shownPath), "")
	case at(n-1, "blobs"):
		return part(n-1, "blobs/", "")
	case at(n-2, "blobs", "sha256"):
		return part(n-2, "blobs/sha256/", "")
	case at(n-3, "blobs", "sha256", "*") && len(parts[n-1]) == 2 && isHex(parts[n-1]):
		return part(n-3, "blobs/sha256/"+parts[n-1]+"/", "")
	}
	return MirrorPart{}, false
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

// Hint is what to give instead of the part: the mirror's root, with
// --view for a view's folder. name is the root as the user would type
// it (a path, a URL). The part is known by its names alone, so the hint
// says "if".
func (m MirrorPart) Hint(name string) string {
	how := rootWord(name)
	if m.View != "" {
		how += m.ViewFlag()
	}
	return "if this is the " + m.What + " folder of a layout-v3 Spack mirror, give the mirror's root, above it, which is read through its index: " + how
}

// rootWord is a mirror's root as a hint names it to give: a shell word
// in ASCII (pathWord), or past MaxPathShown bytes cut, with
// its length, as hintWord says a folder. Whole, a root ~2,200 bytes of
// Cyrillic below a folder given inside it (ROOT/v3, a spec manifest
// given alone) was 8.6 KB as a word, past the command's line cap of
// 8 KB, which cut it to a word that pasted named no folder. A root
// that starts with "-", or of one name, is written as pathWord writes
// it, "./" before it: pasted, a root named log (given as log/v3) ran
// the command log, and a root -m (its spec manifest given alone) was
// read as a flag.
func rootWord(root string) string {
	w := pathWord(root)
	if root == "." || root == ".." {
		w = root
	}
	return cutWord(w, root, "folder")
}

// ViewFlag is " with --view VIEW", VIEW as a shell word in ASCII
// (shellword.ShownASCII), as the root before it is: raw, a view's
// folder "g<newline>y" put a line of its own in the hint, and "gе" (its
// е Cyrillic) read as the view "ge". Past MaxPathShown bytes it is
// said otherwise, cut (cutWord), as the root is, and so is the folder
// What names: a URL's view of 1,500 zero-width spaces (…/v3/manifests/
// index/%E2%80%8B…/) was 9 KB twice, past the command's line cap of
// 8 KB, which cut the hint off.
func (m MirrorPart) ViewFlag() string {
	return " with --view " + cutWord(shellword.ShownASCII(m.View), m.View, "view")
}

// DiskRoot is the root of the mirror as a path on disk, of p, the
// slash-separated path the part is of: Root, "." for the current
// folder (p v3), "/" for the top of the file system (p /v3), which was
// told as ".", the current folder.
func (m MirrorPart) DiskRoot(p string) string {
	if m.Root == "" && strings.HasPrefix(p, "/") {
		return string(filepath.Separator)
	}
	return filepath.FromSlash(cmp.Or(m.Root, "."))
}

// manifestFileHint is the message for a file named as a layout-v3
// mirror's manifest (index.manifest.json, NAME.spec.manifest.json),
// which names the blob its index or spec is in: given alone, it was "a
// JSON document, but not a Spack build-cache index, lockfile or spec
// file", the mirror unnamed. name is the file's path (or REV:PATH), base
// its last name; "" for another name.
func manifestFileHint(name, base string) string {
	what := ""
	switch {
	case base == "index.manifest.json":
		what = "index manifest, which names the blob its index is in"
	case strings.HasSuffix(base, ".spec.manifest.json"):
		what = "spec manifest, which names the blob its spec file is in"
	default:
		return ""
	}
	root := "the folder above v3/"
	if part, ok := MirrorPartOf(path.Dir(filepath.ToSlash(name))); ok {
		root = rootWord(part.DiskRoot(filepath.ToSlash(name)))
		if part.View != "" {
			root += part.ViewFlag()
		}
	}
	return "a layout-v3 Spack mirror's " + what + ": give the mirror's root, which is read through its index: " + root
}
