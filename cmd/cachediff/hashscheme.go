package main

import (
	"fmt"

	"github.com/cachediff/cachediff/snapshot"
)

// newHashes is the lockfile version from which Spack (0.18) hashes a
// spec with its build dependencies and its recipe: a spec has another
// hash in a lockfile of a version before it than in one from it on.
const newHashes = 4

// hashSchemeWarning returns the warning of a pair whose lockfiles (of
// versions lo to hi each side; 0 when a side has none) are on both sides
// of newHashes: every spec has a new hash there, whether or not it
// changed, which the report alone would show as a rebuild of each. ok is
// false for any other pair. OLD's path is named as a message names a
// path (shownArg): the lockfiles under the folders "q\nr" of a newline
// and q\nr of a backslash were both "OLD (q\nr/spack.lock)" once the
// views wrote the message's newline \n.
func hashSchemeWarning(oldPath, newPath string, oldV, newV [2]int) (w snapshot.Warning, ok bool) {
	before := func(v [2]int) bool { return v[1] > 0 && v[1] < newHashes }
	after := func(v [2]int) bool { return v[0] >= newHashes }
	if !(before(oldV) && after(newV) || after(oldV) && before(newV)) {
		return w, false
	}
	return snapshot.Warning{File: newPath, Message: fmt.Sprintf(
		"OLD (%s) is a lockfile of version %s and NEW of version %s: Spack 0.18 (lockfile version %d) made a spec's hash include its build dependencies and its recipe, so each spec has another hash on each side, whether or not it changed",
		shownArg(oldPath), versions(oldV), versions(newV), newHashes)}, true
}

func versions(v [2]int) string {
	if v[0] == v[1] {
		return fmt.Sprint(v[0])
	}
	return fmt.Sprintf("%d to %d", v[0], v[1])
}
