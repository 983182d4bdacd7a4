package spackgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// WriteChainUpdIndex writes a build-cache index (index.json) of a chain
// of n specs, c1 depending on c0 and so on, each its own package, at
// version 1, or at version 2 (and other hashes) when bumped: a pair of
// such indexes is a stack-wide version bump, where spec i has its own
// change and specs 0 … i-1 as root causes (the shape chainupd).
func WriteChainUpdIndex(w io.Writer, n int, bumped bool) error {
	return writeChainUpdIndex(w, n, bumped, false)
}

// WriteSameChainUpdIndex writes the chain of WriteChainUpdIndex with
// every spec of one package, "same", told apart by its target (t0, t1,
// …): all its root causes are of one group (a package changing one way).
func WriteSameChainUpdIndex(w io.Writer, n int, bumped bool) error {
	return writeChainUpdIndex(w, n, bumped, true)
}

func writeChainUpdIndex(w io.Writer, n int, bumped, same bool) error {
	v, salt := "1", uint64(0)
	if bumped {
		v, salt = "2", 1<<40
	}
	installs := make(map[string]any, n)
	prev := ""
	for i := range n {
		h := gen.MixHash(salt + uint64(i))
		name, target, prevName := "c"+strconv.Itoa(i), "core2", fmt.Sprintf("c%d", i-1)
		if same {
			name, target, prevName = "same", "t"+strconv.Itoa(i), "same"
		}
		spec := map[string]any{"name": name, "version": v, "hash": h, "namespace": "builtin",
			"arch":       map[string]any{"platform": "linux", "platform_os": "ubuntu22.04", "target": target},
			"compiler":   map[string]any{"name": "gcc", "version": "10.2.1"},
			"parameters": map[string]any{"build_system": "generic"}}
		if prev != "" {
			spec["dependencies"] = []any{map[string]any{"name": prevName, "hash": prev,
				"parameters": map[string]any{"deptypes": []string{"build", "link"}, "virtuals": []string{}}}}
		}
		installs[h] = map[string]any{"spec": spec, "ref_count": 0, "in_buildcache": true}
		prev = h
	}
	return json.NewEncoder(w).Encode(map[string]any{"database": map[string]any{"version": "7", "installs": installs}})
}

// WriteChainUpdPair writes the two indexes of a chain of n specs
// (WriteChainUpdIndex), a.json at version 1 and b.json bumped, into dir
// and returns their paths.
func WriteChainUpdPair(dir string, n int) (oldPath, newPath string, err error) {
	return writeChainUpdPair(dir, n, false)
}

// WriteSameChainUpdPair writes the two indexes of the chain of one
// package (WriteSameChainUpdIndex) as WriteChainUpdPair does.
func WriteSameChainUpdPair(dir string, n int) (oldPath, newPath string, err error) {
	return writeChainUpdPair(dir, n, true)
}

func writeChainUpdPair(dir string, n int, same bool) (oldPath, newPath string, err error) {
	var paths [2]string
	for side, bumped := range []bool{false, true} {
		var b bytes.Buffer
		if err := writeChainUpdIndex(&b, n, bumped, same); err != nil {
			return "", "", err
		}
		paths[side] = filepath.Join(dir, []string{"a.json", "b.json"}[side])
		if err := os.WriteFile(paths[side], b.Bytes(), 0o644); err != nil {
			return "", "", err
		}
	}
	return paths[0], paths[1], nil
}
