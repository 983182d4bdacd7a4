package gitsrc

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/cachediff/cachediff/internal/editdist"
	"github.com/cachediff/cachediff/internal/shellword"
)

// nearPath returns the path that p, a path from the top of the
// repository that does not exist at commit, was likely meant to be: p
// with its first name that is not there replaced by the one name of
// that folder a typo away (_cache/devlop: _cache/develop), when the
// path so corrected exists at commit; else "". A misspelt PATH (the
// Action's path:, a recipe's git:HEAD~1:_cache/devlop) was named alone,
// "does not exist" or "no commit of HEAD changed _cache/devlop", and the
// reader left to find the folder meant. It asks one git cat-file for
// p's folders and one git ls-tree for the folder whose name is wrong,
// on that error's way only.
func (r *Repo) nearPath(commit, p string) string {
	p = strings.TrimSuffix(p, "/")
	if p == "" || strings.ContainsAny(p, lineBreaks) {
		return ""
	}
	if _, ok := gitNamed(p); !ok || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		return ""
	}
	parts := strings.Split(p, "/")
	exprs := make([]string, len(parts))
	for i := range parts {
		exprs[i] = commit + ":" + strings.Join(parts[:i+1], "/")
	}
	ok, err := r.exist(exprs)
	if err != nil {
		return ""
	}
	k := 0
	for k < len(ok) && ok[k] {
		k++
	}
	if k == len(ok) {
		return ""
	}
	out, err := r.run(nil, "ls-tree", "-z", "--name-only", "--full-tree", commit+":"+strings.Join(parts[:k], "/"))
	if err != nil {
		return ""
	}
	name := editdist.Nearest(parts[k], strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"))
	if name == "" {
		return ""
	}
	q := strings.Join(append(append(parts[:k:k], name), parts[k+1:]...), "/")
	if ok, err := r.exist([]string{commit + ":" + q}); err != nil || !ok[0] {
		return ""
	}
	return q
}

// logNearHint is "; did you mean Q?" for a log's PATH p (top from the
// top of the repository) that no commit of its range changed and end,
// the range's end, does not hold, where nearPath finds the path meant:
// "no commit of HEAD changed _cache/devlop" named no folder. The path
// meant is named as p was typed (from the current folder: devlop in
// _cache is develop), so that pasted back it names the same; a typo
// above the current folder, or in an absolute PATH, gets none.
func (r *Repo) logNearHint(end, p, top string) string {
	typed := path.Clean(filepath.ToSlash(p))
	if end == "" || typed == "." || strings.HasPrefix(typed, "../") || path.IsAbs(typed) ||
		top != typed && !strings.HasSuffix(top, "/"+typed) {
		return ""
	}
	q := r.nearPath(end, top)
	above := top[:len(top)-len(typed)] // the current folder, from the top, with its "/"
	if q == "" || !strings.HasPrefix(q, above) {
		return ""
	}
	return fmt.Sprintf("; did you mean %s? (at %s)", shellword.Shown(q[len(above):]), r.shortID(end))
}

// logPathHint is the hint for a log's PATH p (top from the top of the
// repository) that no commit of its range changed and end, the range's
// end, does not hold: logNearHint, else logOtherReadingHint.
func (r *Repo) logPathHint(end, p, top string) string {
	if hint := r.logNearHint(end, p, top); hint != "" {
		return hint
	}
	return r.logOtherReadingHint(end, p, top)
}

// logOtherReadingHint is the hint for a log's PATH p (top from the top
// of the repository) that no commit of its range changed and end, the
// range's end, does not hold, when p names a path end holds as read
// another way: from the top of the repository, which git:REV:PATH
// reads from (log --revs reads PATH from the current folder, as git log
// -- PATH does: _cache/develop typed in _cache is _cache/_cache/develop),
// or after a revision (git:_cache/develop, HEAD:_cache/develop: log
// --revs takes PATH alone, the range gives the revisions). Both said
// only "no commit of HEAD~7..HEAD changed _cache/_cache/develop". The
// path meant is named from the current folder, as p was typed; else "".
func (r *Repo) logOtherReadingHint(end, p, top string) string {
	typed := path.Clean(filepath.ToSlash(p))
	if end == "" || typed == "." || path.IsAbs(typed) || strings.HasPrefix(typed, "../") ||
		strings.ContainsAny(typed, lineBreaks) || !strings.HasSuffix(top, typed) {
		return ""
	}
	above := strings.TrimSuffix(top, typed) // the current folder, from the top, with its "/"
	fromHere := func(q string) string {
		rel, err := filepath.Rel(filepath.FromSlash(cmpOrDot(above)), filepath.FromSlash(q))
		if err != nil {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	if _, rest, ok := strings.Cut(strings.TrimPrefix(typed, "git:"), ":"); ok || strings.HasPrefix(typed, "git:") {
		if !ok {
			rest = strings.TrimPrefix(typed, "git:")
		}
		rest = path.Clean(rest)
		for _, q := range []string{path.Join(above, rest), rest} {
			if _, ok := gitNamed(q); !ok || q == "." {
				continue
			}
			if found, err := r.exist([]string{end + ":" + q}); err == nil && found[0] {
				if rel := fromHere(q); rel != "" {
					return fmt.Sprintf("; log --revs takes PATH alone (the range gives the revisions, and PATH is from the current folder): did you mean %s? (at %s)", shellword.Shown(rel), r.shortID(end))
				}
			}
		}
		return ""
	}
	if above == "" {
		return ""
	}
	if _, ok := gitNamed(typed); !ok {
		return ""
	}
	if found, err := r.exist([]string{end + ":" + typed}); err == nil && found[0] {
		if rel := fromHere(typed); rel != "" {
			return fmt.Sprintf("; log --revs reads PATH from the current folder (%s), as git log does, not from the top of the repository as git:REV:PATH does: %s from the top is %s here (at %s)", shellword.Shown(strings.TrimSuffix(above, "/")), shellword.Shown(typed), shellword.Shown(rel), r.shortID(end))
		}
	}
	return ""
}

// cmpOrDot is p, or "." when p is empty.
func cmpOrDot(p string) string {
	if p == "" {
		return "."
	}
	return p
}
