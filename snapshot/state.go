package snapshot

// loadState is what one loading goroutine keeps from file to file: its
// read buffer, the strings it interned, the canonical forms it computed
// and the fast path's scratch memory. It is the page decoder's fast path
// (accel). The zero value works: fast paths on, nothing shared.
type loadState struct {
	in      *interner
	canon   *canonCache
	scratch metaScratch
	scan    scanBufs
	// metaCanon canonicalizes meta values for metaAgrees.
	metaCanon *canonicalizer
	// buf is the read buffer, which the next read reuses: decoding copies
	// every string it keeps, so no package holds on to the bytes of its
	// file, and a loading goroutine allocates about its largest file once
	// instead of every file.
	buf []byte
}

func newLoadState() *loadState {
	return &loadState{in: newInterner(), canon: newCanonCache(), buf: make([]byte, 0, 256<<10)}
}

func (st *loadState) envelope(text []byte, env *envelope) bool { return fastEnvelope(text, env) }

func (st *loadState) specs(data []byte) (specList, bool) {
	return fastSpecListBuf(data, st.in, &st.scan)
}

func (st *loadState) meta(data []byte) (meta, bool) { return fastMeta(data, st.in) }

func (st *loadState) metaAgrees(m *meta, specs []Spec, raw bool) bool {
	return metaAgrees(m, specs, raw, st)
}

func (st *loadState) canonicalizer() *canonicalizer {
	c := newCanonicalizer()
	c.cache = st.canon
	return c
}
