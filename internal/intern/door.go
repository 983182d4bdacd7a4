package intern

import "hash/maphash"

// Door admits a string to a table the second time it is offered, not the
// first: a string seen once gains nothing from a table, and an entry of
// one costs far more than its bytes of input. It keeps a bit per hash of
// the strings offered once (32 KB, made at the first offer), cleared when
// a sixteenth of them are set, so that a string offered once passes for
// another of the same bit at most one time in 16 (one in 32 on average). The zero Door is
// ready for use; it is not safe for concurrent use.
type Door struct {
	bits   *[doorBits / 64]uint64
	opened int // the bits set
	seed   maphash.Seed
}

// doorBits is the size of a Door: 32 KB.
const doorBits = 1 << 18

// String reports whether s, with salt (what else its key holds, as a
// facet), was offered before, and marks it when not.
func (d *Door) String(s string, salt uint64) bool {
	d.init()
	return d.again(maphash.String(d.seed, s) + salt)
}

// Bytes is String for b, without salt.
func (d *Door) Bytes(b []byte) bool {
	d.init()
	return d.again(maphash.Bytes(d.seed, b))
}

func (d *Door) init() {
	if d.bits == nil {
		d.bits, d.seed = new([doorBits / 64]uint64), maphash.MakeSeed()
	}
}

// Reset makes d as the zero Door, offered nothing, and keeps its bits'
// memory.
func (d *Door) Reset() {
	if d.bits != nil {
		clear(d.bits[:])
	}
	d.opened = 0
}

// again reports whether hash h's bit is set, and else sets it.
func (d *Door) again(h uint64) bool {
	w, bit := h/64%uint64(len(d.bits)), uint64(1)<<(h%64)
	if d.bits[w]&bit != 0 {
		return true
	}
	if d.opened >= doorBits/16 {
		clear(d.bits[:])
		d.opened = 0
	}
	d.bits[w] |= bit
	d.opened++
	return false
}
