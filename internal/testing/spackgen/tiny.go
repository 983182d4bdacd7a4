package spackgen

import (
	"bufio"
	"bytes"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
)

// WriteTinyLockfile writes a spack.lock (lockfile version 6) of n specs
// of the smallest kind Spack writes, each its own package: a name and a
// version under the hash, about 67 bytes a record, and no dependency;
// each spec is a root (a record no root reaches is in no environment),
// about 52 bytes more a spec. bump gives the specs
// whose version is "2" rather than "1", and whose hash is TinyHash(^i)
// rather than TinyHash(i) (nil: none): a pair of such lockfiles differs
// in those specs alone, each an updated spec of a changed package, all
// others unchanged. The shape of the memory tests of issue 35 (a package
// per record).
func WriteTinyLockfile(w io.Writer, n int, bump func(i int) bool) error {
	return writeLockfile(w, n, func(int) bool { return true }, bump, func(b []byte, i int) []byte {
		bumped := bump != nil && bump(i)
		h := TinyHash(i)
		if bumped {
			h = TinyHash(^i) // another spec: another hash
		}
		b = append(b, "\n\""...)
		b = append(b, h...)
		b = append(b, `":{"name":"p`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `","version":"`...)
		if bumped {
			b = append(b, '2')
		} else {
			b = append(b, '1')
		}
		return append(b, `"}`...)
	})
}

// writeLockfile writes a spack.lock of n concrete specs, those root says
// so the roots (spec i's hash is TinyHash(i), or TinyHash(^i) where bump
// says so, its name pi); record appends spec i, its key and its object,
// to b.
func writeLockfile(w io.Writer, n int, root, bump func(i int) bool, record func(b []byte, i int) []byte) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	var b []byte
	comma := false
	for i := range n {
		if !root(i) {
			continue
		}
		b = b[:0]
		if comma {
			b = append(b, ',')
		}
		comma = true
		h := TinyHash(i)
		if bump != nil && bump(i) {
			h = TinyHash(^i)
		}
		b = append(b, "\n{\"hash\":\""+h+`","spec":"p`...)
		b = strconv.AppendInt(b, int64(i), 10)
		bw.Write(append(b, `"}`...))
	}
	bw.WriteString(`],"concrete_specs":{`)
	for i := range n {
		b = b[:0]
		if i > 0 {
			b = append(b, ',')
		}
		bw.Write(record(b, i))
	}
	bw.WriteString("\n}}\n")
	return bw.Flush()
}

// TinyHash is the hash of WriteTinyLockfile's spec i: 32 characters of
// Spack's alphabet, distinct for each i (gen.MixHash).
func TinyHash(i int) string { return gen.MixHash(uint64(i)) }

// WriteChainLockfile writes a spack.lock of n specs of about 470 bytes,
// each its own package, as an older Spack writes them (the target by
// name, a few parameters, the recipe's hash) and each depending on the
// one before: the one-sided diff of issue 35's memory tests (every spec
// added or removed) at 400k specs and 190 MB. The last spec is the
// root, which reaches all; the hashes are TinyHash(i), the recipes'
// TinyHash(^i).
func WriteChainLockfile(w io.Writer, n int) error {
	return writeLockfile(w, n, func(i int) bool { return i == n-1 }, nil, func(b []byte, i int) []byte {
		name := "p" + strconv.Itoa(i)
		b = append(b, "\n\""+TinyHash(i)+`":{"name":"`+name+`","version":"1.`...)
		b = strconv.AppendInt(b, int64(i%7), 10)
		b = append(b, `","arch":{"platform":"linux","platform_os":"ubuntu24.04","target":"x86_64_v3"},"namespace":"builtin",`+
			`"parameters":{"build_system":"cmake","shared":true,"cflags":[],"cxxflags":[]},"package_hash":"`+TinyHash(^i)+`"`...)
		if i > 0 {
			b = append(b, `,"dependencies":[{"name":"p`+strconv.Itoa(i-1)+`","hash":"`+TinyHash(i-1)+`","parameters":{"deptypes":["build","link"],"virtuals":[]}}]`...)
		}
		return append(b, `,"hash":"`+TinyHash(i)+`"}`...)
	})
}

// TinyLockfile writes WriteTinyLockfile's lockfile of n specs (none
// bumped) to a temporary spack.lock and returns its path. The caller
// loads it: this package imports neither snapshot nor diff, so that the
// tests of those packages (and of spackfmt, below them) that use it
// build no second copy of them.
func TinyLockfile(tb testing.TB, n int) string {
	tb.Helper()
	var b bytes.Buffer
	if err := WriteTinyLockfile(&b, n, nil); err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), "spack.lock")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// WriteChainOverHubLockfile writes a spack.lock of k leaves (l0 …), a
// hub depending on all of them, and a chain of n specs over the hub (c0
// depends on the hub, c1 on c0, …), the last of the chain the one root;
// with bumped, every leaf's version is 2 rather than 1. Hashes are of
// the content (a spec's name, version and dependencies' hashes), so the
// pair of lockfiles, bumped and not, differs in every spec: the k leaves
// updated, the hub and the chain rebuilt, each spec of the chain with
// the k leaves as root causes (the 15th adversarial pass's chainK).
func WriteChainOverHubLockfile(w io.Writer, n, k int, bumped bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	hashOf := func(name, version string, deps []string) string {
		h := fnv.New64a()
		h.Write([]byte(name + "@" + version))
		for _, d := range deps {
			h.Write([]byte("|" + d))
		}
		return gen.MixHash(h.Sum64())
	}
	type spec struct{ name, version, hash string }
	var specs []spec
	var depsOf [][]int // by spec
	leafVersion := "1"
	if bumped {
		leafVersion = "2"
	}
	var leafHashes []string
	for i := range k {
		name := "l" + strconv.Itoa(i)
		h := hashOf(name, leafVersion, nil)
		specs = append(specs, spec{name, leafVersion, h})
		depsOf = append(depsOf, nil)
		leafHashes = append(leafHashes, h)
	}
	hub := make([]int, k)
	for i := range hub {
		hub[i] = i
	}
	specs = append(specs, spec{"hub", "1", hashOf("hub", "1", leafHashes)})
	depsOf = append(depsOf, hub)
	for i := range n {
		below := len(specs) - 1
		name := "c" + strconv.Itoa(i)
		specs = append(specs, spec{name, "1", hashOf(name, "1", []string{specs[below].hash})})
		depsOf = append(depsOf, []int{below})
	}
	root := specs[len(specs)-1]
	bw.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	bw.WriteString(`{"hash":"` + root.hash + `","spec":"` + root.name + `"}],"concrete_specs":{`)
	for i, s := range specs {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n\"" + s.hash + `":{"name":"` + s.name + `","version":"` + s.version +
			`","arch":{"platform":"linux","platform_os":"ubuntu24.04","target":"x86_64_v3"},"parameters":{"build_system":"cmake"}`)
		if len(depsOf[i]) > 0 {
			bw.WriteString(`,"dependencies":[`)
			for j, d := range depsOf[i] {
				if j > 0 {
					bw.WriteByte(',')
				}
				bw.WriteString(`{"name":"` + specs[d].name + `","hash":"` + specs[d].hash + `","parameters":{"deptypes":["build","link"],"virtuals":[]}}`)
			}
			bw.WriteByte(']')
		}
		bw.WriteString(`,"hash":"` + s.hash + `"}`)
	}
	bw.WriteString("\n}}\n")
	return bw.Flush()
}
