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
	return fmt.Sprintf("; did you mean %s? (at %s)", shellword.Shown(q[len(above):]), short(end))
}
