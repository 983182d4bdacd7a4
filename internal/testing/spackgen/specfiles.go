package spackgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// SpecFile is spec file i (format 5) of the shape a build cache's
// build_cache/ folder holds, as Spack writes it: package p<i> and the
// compiler it was built with (gcc, one node that every file shares),
// each node with its arch, parameters and recipe hash, the edge with its
// deptypes and virtuals; about 870 bytes. bumped gives p<i> version "2"
// rather than "1" and hash TinyHash(^i) rather than TinyHash(i).
func SpecFile(i int, bumped bool) []byte {
	name, version, hash := "p"+strconv.Itoa(i), "1", TinyHash(i)
	if bumped {
		version, hash = "2", TinyHash(^i)
	}
	node := func(name, version, recipe, deps, hash string) string {
		return `{"name":"` + name + `","version":"` + version + `",` +
			`"arch":{"platform":"linux","platform_os":"ubuntu24.04","target":{"name":"x86_64_v3","vendor":"GenuineIntel","features":["avx","avx2"]}},` +
			`"namespace":"builtin","parameters":{"build_system":"cmake","shared":true,"cflags":[]},` +
			`"package_hash":"` + recipe + `",` + deps + `"hash":"` + hash + `"}`
	}
	gcc := gccHash()
	deps := `"dependencies":[{"name":"gcc","hash":"` + gcc + `","parameters":{"deptypes":["build"],"virtuals":["c","cxx"]}}],`
	return []byte(`{"spec":{"_meta":{"version":5},"nodes":[` + "\n" +
		node(name, version, gen.MixHash(^(uint64(i)+1<<40)), deps, hash) + ",\n" +
		node("gcc", "13.2.0", gen.MixHash(^uint64(1<<50)), "", gcc) + "\n]}}\n")
}

// gccHash is the hash of the compiler every SpecFile depends on.
func gccHash() string { return gen.MixHash(1 << 50) }

// WriteSpecFolder writes n spec files (SpecFile, p<i>.spec.json) to the
// folder dir, made if missing, with bump's files bumped (nil: none), and
// returns the bytes written: a folder of the shape of a build cache's
// build_cache/ (issue 35, item 8). The folder holds n specs, the files'
// roots: the compiler, which no file has for root, is a dependency only,
// out of the build cache. A pair of such folders differs in the bumped
// specs alone, each an updated spec of a changed package.
func WriteSpecFolder(dir string, n int, bump func(i int) bool) (int64, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	var size int64
	for i := range n {
		data := SpecFile(i, bump != nil && bump(i))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%d.spec.json", i)), data, 0o644); err != nil {
			return size, err
		}
		size += int64(len(data))
	}
	return size, nil
}
