package diff_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// envRoot is one environment's lockfile for loadEnvLocks: env (rhel,
// debian or ubuntu, each its own os) roots pkg@version of hash, written
// spelling, over glibc@glibcVersion of glibcHash.
type envRoot struct {
	env, hash, pkg, version, spelling string
	glibcHash, glibcVersion           string
}

// loadEnvLocks writes each root's lockfile, dir/name/env/spack.lock, and
// loads the folder.
func loadEnvLocks(t *testing.T, dir, name string, roots []envRoot) *snapshot.Snapshot {
	t.Helper()
	osOf := map[string]string{"rhel": "rhel8", "debian": "debian11", "ubuntu": "ubuntu22.04"}
	for _, root := range roots {
		node := func(name, hash, version, deps string) string {
			return fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
				hash, name, version, osOf[root.env], deps, hash)
		}
		dep := fmt.Sprintf(`{"name":"glibc","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, root.glibcHash)
		writeLock(t, filepath.Join(dir, name, root.env, "spack.lock"), []string{fmt.Sprintf(`{"hash":%q,"spec":%q}`, root.hash, root.spelling)},
			[]string{node(root.pkg, root.hash, root.version, dep), node("glibc", root.glibcHash, root.glibcVersion, "")})
	}
	return loadPath(t, filepath.Join(dir, name))
}

// letterHash is a hash of 32 letters c, as the roots' tests name them.
func letterHash(c byte) string { return strings.Repeat(string(c), 32) }

// rootLetters are the first letters of the hashes of rc's removed and
// added roots, and "old>new" of each changed root's.
func rootLetters(rc *diff.RootChanges) (removed, added, changed []string) {
	letters := func(l []diff.RootSpec) (s []string) {
		for _, x := range l {
			s = append(s, x.Hash[:1])
		}
		return s
	}
	for _, x := range rc.Changed {
		changed = append(changed, x.Old.Hash[:1]+">"+x.New.Hash[:1])
	}
	return letters(rc.Removed), letters(rc.Added), changed
}
