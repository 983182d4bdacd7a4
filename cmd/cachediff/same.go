package main

import (
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/gitsrc"
	"github.com/cachediff/cachediff/snapshot/input"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// sameSnapshot names the snapshot (a, or a and b when they are spelt
// apart) when the arguments a and b (relative to dir), loaded as sa and
// sb, name one snapshot: one folder or file on disk however spelt
// (samePath), arguments read from the same files (sameFiles), one path at
// one commit, one URL. Else "".
// A diff of a snapshot with itself has no change by construction, and a
// gate on it passes whatever the snapshot holds: under --fail-on, an
// argument given twice is a typo ($OLD $OLD, HEAD^1 for both), refused.
func sameSnapshot(dir, a, b string, sa, sb *snapshot.Snapshot) string {
	switch {
	case a == stdinName || b == stdinName:
		return ""
	case sa.Rev != "" || sb.Rev != "": // from git
		if sa.Rev != sb.Rev {
			return ""
		}
		pa, oka := gitPath(dir, a)
		pb, okb := gitPath(dir, b)
		switch {
		case !oka || !okb:
			return ""
		case pa == pb:
			return shownArg(a)
		case sameGitFiles(a, pa, sa, b, pb, sb):
			return shownArg(a) + " and " + shownArg(b) + ", read from the same files"
		}
		return ""
	}
	ua, ub := urlKey(a), urlKey(b)
	if ua != "" && ua == ub {
		return shownArg(a)
	}
	pa, pb := localPath(dir, a), localPath(dir, b)
	if pa == "" || pb == "" {
		return ""
	}
	switch {
	case samePath(pa, pb):
		return shownArg(a)
	case sameFiles(sa, sb):
		return shownArg(a) + " and " + shownArg(b) + ", read from the same files"
	}
	return ""
}

// shownArg is an argument as a message names it: a URL without its
// password and query (mirror.Redact), anything else as snapshot.ShownPath
// shows a path (a folder named 50%off is no URL that does not parse).
// Spelt as given, the folder "q\nr" of a newline and the folder q\nr of
// a backslash read alike once the line's newline was written \n, and
// the folders "a and b" and c as a and "b and c". A URL is cut past
// maxURLShown bytes about the cut's mark (snapshot.CutShown), as a path
// is and as the mirror's messages cut one: whole, an argument of 28 KB
// (https://…) ran the line past the command's cap of 8 KB, which cut
// it before what was wrong. A file named "standard input" is named
// ./standard input (as input names it): as given, a file of that name
// given twice said "OLD and NEW are the same snapshot (standard input)",
// as of what was piped in.
func shownArg(arg string) string {
	if arg == stdinFile {
		return "./" + stdinFile
	}
	if mirror.IsURL(arg) {
		return snapshot.CutShown(mirror.Redact(arg), maxURLShown, func(s string) string { return s })
	}
	return snapshot.ShownPath(arg)
}

// maxURLShown bounds a URL a message names (shownArg): two of them and
// the message's words fit the line cap.
const maxURLShown = 2 << 10

// samePath reports whether the paths a and b name one file or folder:
// the same path once made absolute and its symbolic links followed. Hard
// links to a file are other paths (two snapshots of a quiet week kept by
// rsync --link-dest), though os.SameFile says they are one.
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	ra, ok1 := realPath(a)
	rb, ok2 := realPath(b)
	return ok1 && ok2 && ra == rb
}

// realPath is path absolute, its symbolic links followed; ok is false
// when it does not exist.
func realPath(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	resolved, err := filepath.EvalSymlinks(abs)
	return resolved, err == nil
}

// sameFiles reports whether the snapshots sa and sb, loaded from disk,
// were read from the same files (samePath, however spelt): one index
// named as its build cache's folder, the folder above it, or the file,
// or a folder of one page and the page, are other arguments but one
// snapshot. Copies of the files, hard links included, are another
// snapshot. The files are compared in order of their paths, up to the
// first that differs: two snapshots of a series differ at the first.
func sameFiles(sa, sb *snapshot.Snapshot) bool {
	a, b := readFiles(sa), readFiles(sb)
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for i := range a {
		if !samePath(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sameGitFiles reports whether the snapshots sa and sb, read from git
// at one commit as the arguments a and b whose PATHs from the top of the
// repository are pa and pb, were read from the same files: a folder and
// the folder above it (git:HEAD:_cache and git:HEAD:_cache/develop, when
// _cache holds develop alone), or a package's folder and its page, as
// sameFiles says of disk. They are one snapshot, and a gate over them
// passed whatever it held.
func sameGitFiles(a, pa string, sa *snapshot.Snapshot, b, pb string, sb *snapshot.Snapshot) bool {
	fa, fb := gitFiles(a, pa, sa), gitFiles(b, pb, sb)
	return len(fa) > 0 && slices.Equal(fa, fb)
}

// gitFiles are the files the snapshot s, read from git as arg (REV:PATH,
// PATH being top from the top of the repository), was read from, each
// as a path from the top of the repository, sorted; nil when a file is
// not named from arg (gitsrc.Tree.Join).
func gitFiles(arg, top string, s *snapshot.Snapshot) []string {
	spec := strings.TrimPrefix(arg, input.RevPrefix)
	var files []string
	for _, f := range readFiles(s) {
		rel, ok := strings.CutPrefix(f, spec)
		if !ok {
			return nil
		}
		files = append(files, path.Join(top, strings.TrimPrefix(rel, "/")))
	}
	slices.Sort(files)
	return files
}

// readFiles are the files a snapshot was read from (its packages' and
// its skipped files), each once, sorted.
func readFiles(s *snapshot.Snapshot) []string {
	seen := map[string]bool{}
	var files []string
	add := func(f string) {
		if f != "" && !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	for _, p := range s.Packages {
		add(p.File())
	}
	for _, k := range s.Skipped {
		add(k.File)
	}
	slices.Sort(files)
	return files
}

// urlKey is an http(s) URL argument as one snapshot is spelt whatever
// the case of its scheme and host, its scheme's default port (given, or
// empty), its query and fragment (neither is sent: a mirror's files are
// fetched at its path and theirs), its credentials and the slashes and
// dots of its path, as a report names a side's URL (mirror.Redact);
// "" for any other argument.
func urlKey(arg string) string {
	if !mirror.IsURL(arg) {
		return ""
	}
	u, err := url.Parse(arg)
	if err != nil || strings.EqualFold(u.Scheme, "file") {
		return ""
	}
	u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if port := u.Port(); port == "" || port == map[string]string{"http": "80", "https": "443"}[u.Scheme] {
		u.Host = strings.TrimSuffix(strings.TrimSuffix(u.Host, port), ":")
	}
	// The path as it is requested (EscapedPath), each of its %-escapes
	// of an unreserved character read as it, and any other kept, in
	// capitals (RFC 3986 6.2.2): https://h/a%2Fb and https://h/a/b are
	// two resources (a GitLab project's path is group%2Fproject), and
	// were one snapshot to the gate, refused without a request; so are
	// https://h/a%3Bb and https://h/a;b, and a%2Cb and a,b, which a
	// segment's escaping (url.PathEscape) made one. https://h/%64 and
	// https://h/d are one.
	u.Path = path.Clean("/" + unreservedUnescaped(u.EscapedPath()))
	u.RawPath = ""
	u.Fragment, u.RawFragment = "", ""
	u.RawQuery, u.ForceQuery = "", false
	u.User = nil // who asks, not what is read
	return u.String()
}

// unreservedUnescaped is p, a URL's escaped path, with each %-escape of
// an unreserved character (a letter, a digit, - . _ ~) read as it and
// every other in capitals (%2f is %2F): escaped or not, a reserved
// character is another path, and an unreserved one the same.
func unreservedUnescaped(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '%' || i+2 >= len(p) {
			b.WriteByte(p[i])
			continue
		}
		v, err := strconv.ParseUint(p[i+1:i+3], 16, 8)
		if err != nil {
			b.WriteByte(p[i])
			continue
		}
		if c := byte(v); 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteString(strings.ToUpper(p[i : i+3]))
		}
		i += 2
	}
	return b.String()
}

// localPath is the file an argument names on disk: a path (relative to
// dir, as the arguments are opened), or a file:// URL's; "" for an http
// URL.
func localPath(dir, arg string) string {
	if mirror.IsURL(arg) {
		u, err := url.Parse(arg)
		if err != nil || !strings.EqualFold(u.Scheme, "file") || u.Host != "" && u.Host != "localhost" {
			// Of another host, a file URL is refused as it loads
			// (mirror.HTTP.Open): file://h/x and x were said to be the
			// same snapshot, that refusal unsaid.
			return ""
		}
		return u.Path
	}
	return joinDir(dir, arg)
}

// gitPath is the PATH of an argument [git:]REV:PATH as git reads it
// (relative to dir, -C), from the top of the repository and cleaned; ok
// is false when it is none.
func gitPath(dir, arg string) (p string, ok bool) {
	_, p, ok = gitsrc.Split(strings.TrimPrefix(arg, input.RevPrefix))
	if !ok {
		return "", false
	}
	repo, err := gitsrc.OpenRepo(dir)
	if err != nil {
		return "", false
	}
	if p, err = repo.FromTop(p); err != nil {
		return "", false
	}
	return p, true
}

// ambiguous reports whether arg, without git:, spells a REV:PATH and
// names something on disk (from dir), so that whether it is read as a
// path or from git is loading's to say: a folder HEAD:d, and HEAD:d
// where git has d.
func ambiguous(dir, arg string) bool {
	if strings.HasPrefix(arg, input.RevPrefix) || mirror.IsURL(arg) || filepath.IsAbs(arg) || strings.HasPrefix(arg, "./") || strings.HasPrefix(arg, "../") {
		// git: is git's, and ./PATH, ../PATH and /PATH are paths only
		// (as input reads them: explicitPath).
		return false
	}
	if _, _, ok := gitsrc.Split(arg); !ok {
		return false
	}
	_, err := os.Lstat(joinDir(dir, arg))
	return err == nil
}

// joinDir is arg relative to dir (-C), as the arguments are opened.
func joinDir(dir, arg string) string {
	return input.InDir(dir, arg)
}

// sameArgs reports, before they load, whether the arguments a and b name
// one snapshot: one folder or file on disk, however spelt, the same
// [git:]REV:PATH as written, or one http(s) URL as urlKey spells it. A
// gate refuses them so before reading or fetching either: diff loaded
// both sides first, and one mirror URL given twice (URL and URL/) was
// fetched twice, 8 requests, to be refused then (TestSameArgsBeforeLoading).
func sameArgs(dir, a, b string) bool {
	if a == stdinName || b == stdinName {
		return false
	}
	if a != b && (ambiguous(dir, a) || ambiguous(dir, b)) {
		// HEAD:d, with a folder HEAD:d on disk, is refused as it loads
		// as both a folder and a REV:PATH where git has it: beside
		// git:HEAD:d or ./HEAD:d it was said to be the same snapshot
		// as either, unfetched. Loading says which; sameSnapshot,
		// after, what the two are.
		return false
	}
	if ra, rb := strings.TrimPrefix(a, input.RevPrefix), strings.TrimPrefix(b, input.RevPrefix); ra == rb {
		// One spelt with git: and one without are one REV:PATH only
		// where the rest is one: git:d and d, a folder and no
		// REV:PATH (refused as it loads), were said to be the same
		// snapshot under a gate.
		if _, _, ok := gitsrc.Split(ra); a == b || ok {
			return true
		}
	}
	if ua, ub := urlKey(a), urlKey(b); ua != "" || ub != "" {
		return ua == ub
	}
	pa, pb := localPath(dir, a), localPath(dir, b)
	return pa != "" && pb != "" && samePath(pa, pb)
}

// sameSide reports whether a report's sides, as it names them, are one
// snapshot: one path (as given, URLs without their password and query)
// at one revision. A saved report keeps no more; render refuses such a
// report under a gate, as diff refuses the arguments (sameSnapshot).
// The paths are compared as spelt alike: a folder's trailing slash, ./
// and .. on disk, a URL's case and default port (urlKey). A path with
// U+FFFD may have been bytes that are not UTF-8, which the report holds
// so (snapshot.ValidText): d\xff and d\xfe, two folders, are both d\uFFFD,
// and a gate on them was refused; their sameness is the warning's then
// (saysSameSnapshot), which the command adds to one snapshot given twice.
func sameSide(a, b diff.Side) bool {
	if a.Path == "" || a.Path == stdinName || b.Path == stdinName || a.Rev != b.Rev {
		return false
	}
	if strings.ContainsRune(a.Path, utf8.RuneError) {
		return false
	}
	return a.Path == b.Path || sideKey(a) == sideKey(b)
}

// sideKey is a report's side's path as one snapshot is spelt: a
// [git:]REV:PATH without the prefix and PATH's trailing slashes (./ in
// PATH is read from the folder git ran in, which a report does not
// keep), an http(s) URL's urlKey, a path on disk cleaned.
func sideKey(s diff.Side) string {
	switch {
	case s.Rev != "":
		return strings.TrimRight(strings.TrimPrefix(s.Path, input.RevPrefix), "/")
	case mirror.IsURL(s.Path):
		if k := urlKey(s.Path); k != "" {
			return k
		}
		return s.Path
	}
	return filepath.Clean(s.Path)
}

// sameSnapshotWarning begins the warning of a report made without a gate
// whose OLD and NEW are one snapshot (sameSnapshot), which render
// refuses under a gate (saysSameSnapshot).
const sameSnapshotWarning = "OLD and NEW are the same snapshot"

// sameSnapshotMessage is sameSnapshotWarning's message whole: a warning
// whose message only begins so quotes the input (a package named "OLD
// and NEW are the same snapshot: x" with a dependency not in its file).
const sameSnapshotMessage = sameSnapshotWarning + ": a diff of it with itself has no change by construction"

// warnSameSnapshot adds to r, whose sides are one snapshot (named
// same), sameSnapshotWarning's warning.
func warnSameSnapshot(r *diff.Report, same string) {
	r.AddWarning(snapshot.Warning{File: same, Message: sameSnapshotMessage})
}

// saysSameSnapshot reports whether r has sameSnapshotWarning's warning:
// its message whole (sameSnapshotMessage), never one that begins so.
func saysSameSnapshot(r *diff.Report) bool {
	for _, w := range r.Warnings {
		if w.Message == sameSnapshotMessage {
			return true
		}
	}
	return false
}
