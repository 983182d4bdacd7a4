package diff

import "hash/maphash"

// specIndex finds a spec of a list by its hash: the list's place of
// the last spec of each hash, as a map from hash to place filled in the
// list's order would. It is a table of 8 bytes a slot, at most three
// quarters full, beside the list, where a map of strings costs some 80
// bytes an entry: the pairing by edges indexes every class's specs by
// hash (a lockfile pair of 64,000 builds alike: a class of 64,000 specs
// a side, 5 to 7 MB a map, several alive at once).
type specIndex struct {
	specs []*Spec
	slots []uint64 // hash>>32<<32 | place+1; 0 is empty
}

// newSpecIndex indexes specs (kept, never modified) by hash.
func newSpecIndex(specs []*Spec) specIndex {
	size := 8
	for size*3 < len(specs)*4 {
		size *= 2
	}
	x := specIndex{specs: specs, slots: make([]uint64, size)}
	for i, sp := range specs {
		hh := maphash.String(graphSeed, sp.Hash)
		s, _ := x.find(sp.Hash, hh)
		x.slots[s] = hh>>32<<32 | uint64(i+1) // a later spec of the hash takes its slot
	}
	return x
}

// find returns the slot of hash h, whose maphash is hh, and whether it
// is filed (else the empty slot where it goes).
func (x *specIndex) find(h string, hh uint64) (int, bool) {
	mask := len(x.slots) - 1
	top := hh >> 32 << 32
	for i := int(hh) & mask; ; i = (i + 1) & mask {
		v := x.slots[i]
		if v == 0 {
			return i, false
		}
		if v>>32<<32 == top && x.specs[uint32(v)-1].Hash == h {
			return i, true
		}
	}
}

// at returns the place in the list of the (last) spec of hash h, and
// whether there is one.
func (x *specIndex) at(h string) (int, bool) {
	if len(x.slots) == 0 {
		return -1, false
	}
	s, ok := x.find(h, maphash.String(graphSeed, h))
	if !ok {
		return -1, false
	}
	return int(uint32(x.slots[s])) - 1, true
}

// classIndex finds the class of a spec of one side of classes by its
// hash: that of the last class holding it, as a map from hash to class
// filled in the classes' order would (resolveClasses' classOf).
type classIndex struct {
	x     specIndex
	class []int32 // each spec's class, by its place in x
}

// newClassIndex indexes one side's specs of classes (side: the class's
// olds or news).
func newClassIndex(classes []*edgeClass, side func(*edgeClass) []*Spec) *classIndex {
	n := 0
	for _, c := range classes {
		n += len(side(c))
	}
	specs, class := make([]*Spec, 0, n), make([]int32, 0, n)
	for i, c := range classes {
		for _, sp := range side(c) {
			specs = append(specs, sp)
			class = append(class, int32(i))
		}
	}
	return &classIndex{x: newSpecIndex(specs), class: class}
}

// of returns the class of the spec of hash h, and whether one holds it.
func (ci *classIndex) of(h string) (int32, bool) {
	i, ok := ci.x.at(h)
	if !ok {
		return 0, false
	}
	return ci.class[i], true
}
