package dirsrc

import (
	"hash/maphash"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LoopMessage says what is wrong with the path p, whose stat failed
// with ELOOP ("too many levels of symbolic links", the system's words):
// its path leads through symbolic links in a loop, or through a chain
// of them longer than the system follows (40 on Linux), which is no
// loop: a chain of 41 links to a folder was "in a loop".
func LoopMessage(p string) string {
	if linkLoop(p) {
		return "its path leads through symbolic links in a loop"
	}
	return "its path leads through a chain of symbolic links longer than the system follows"
}

// maxLinkSteps bounds the links linkLoop follows: a chain that long is
// taken to be endless (a link to a path under itself grows each step,
// and never meets the same step twice).
const maxLinkSteps = 1 << 10

// linkLoop reports whether resolving p, one name at a time, meets the
// same link with the same names left to resolve twice: a loop, which
// never ends. A chain that ends, at a file or at nothing, is none. The
// names left are a stack (the next on top), each level keyed by a hash
// of itself and the levels under it, so that each step costs the same:
// copied whole each step, a link to a path under itself took 2.4 s.
func linkLoop(p string) bool {
	cur := "."
	if vol := filepath.VolumeName(p); filepath.IsAbs(p) {
		cur = vol + string(filepath.Separator)
	}
	type level struct {
		name string
		key  uint64 // of name and the levels under it
	}
	seed := maphash.MakeSeed()
	var stack []level
	push := func(names []string) {
		for i := len(names) - 1; i >= 0; i-- {
			var under uint64
			if len(stack) > 0 {
				under = stack[len(stack)-1].key
			}
			stack = append(stack, level{names[i], (under*1099511628211 + 1) ^ maphash.String(seed, names[i])})
		}
	}
	push(names(p))
	type state struct {
		link  string
		depth int
		key   uint64
	}
	seen := map[state]bool{}
	for steps := 0; len(stack) > 0; {
		name := stack[len(stack)-1].name
		stack = stack[:len(stack)-1]
		if name == "." {
			continue
		}
		next := filepath.Join(cur, name)
		fi, err := os.Lstat(next)
		if err != nil {
			return false // a chain that ends
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		st := state{link: next, depth: len(stack)}
		if len(stack) > 0 {
			st.key = stack[len(stack)-1].key
		}
		if seen[st] {
			return true
		}
		seen[st] = true
		if steps++; steps > maxLinkSteps {
			return true
		}
		to, err := os.Readlink(next)
		if err != nil {
			return false
		}
		if filepath.IsAbs(to) {
			cur = filepath.VolumeName(to) + string(filepath.Separator)
		}
		push(names(to))
	}
	return false
}

// names are the names of the path p, one per folder, without empty ones
// (a leading, doubled or trailing separator).
func names(p string) []string {
	return strings.FieldsFunc(p[len(filepath.VolumeName(p)):], func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) })
}
