package spackgen

import (
	"bufio"
	"io"
	"strconv"
)

// WriteTinyLockfile writes a spack.lock (lockfile version 6) of n specs
// of the smallest kind Spack writes, each its own package: a name and a
// version under the hash, about 67 bytes a record, and no dependency.
// Its first spec is the environment's one root. bump gives the specs
// whose version is "2" rather than "1", and whose hash is TinyHash(^i)
// rather than TinyHash(i) (nil: none): a pair of such lockfiles differs
// in those specs alone, each an updated spec of a changed package, all
// others unchanged. The shape of the memory tests of issue 35 (a package
// per record).
func WriteTinyLockfile(w io.Writer, n int, bump func(i int) bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	if n > 0 {
		bw.WriteString(`{"hash":"` + TinyHash(0) + `","spec":"p0"}`)
	}
	bw.WriteString(`],"concrete_specs":{`)
	var b []byte
	for i := range n {
		b = b[:0]
		if i > 0 {
			b = append(b, ',')
		}
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
		b = append(b, `"}`...)
		bw.Write(b)
	}
	bw.WriteString("\n}}\n")
	return bw.Flush()
}

// TinyHash is the hash of WriteTinyLockfile's spec i: 32 characters of
// Spack's alphabet, distinct for each i. The first 13 characters are the
// 64 bits of a mix of i (splitmix64's finalizer, a bijection), the rest
// more of the same mix.
func TinyHash(i int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	mix := func(x uint64) uint64 {
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		return x ^ x>>31
	}
	var h [32]byte
	x := mix(uint64(i))
	for k := range 13 {
		h[k] = alphabet[x>>(5*k)&31]
	}
	y := mix(x)
	for k := 13; k < 32; k++ {
		h[k] = alphabet[y&31]
		y = y>>5 | y<<59
	}
	return string(h[:])
}
