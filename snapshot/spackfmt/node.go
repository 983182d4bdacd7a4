package spackfmt

import (
	"bytes"
	"cmp"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/cachediff/cachediff/internal/hugepage"
)

// nodeKeys are the keys a node object has; a first key that is none of
// them is a package name wrapping the node ({"zlib": {...}}, lockfile
// versions 1 to 4 and old databases).
var nodeKeys = map[string]bool{
	"name": true, "version": true, "arch": true, "compiler": true, "namespace": true,
	"parameters": true, "dependencies": true, "hash": true, "_hash": true,
	"full_hash": true, "build_hash": true, "package_hash": true, "patches": true,
	"external": true, "annotations": true, "concrete": true, "develop": true,
	"abstract_hash": true, "build_spec": true,
}

// pythonWord is a list's value true, false or null as Spack prints it,
// Python's True, False and None (from_node_dict keeps a list's values as
// they are, and prints each with str): [true] read v=true, as ["true"]
// does, where Spack prints v=True and v=true; and [true] and ["True"],
// which Spack prints alike, read apart. A number is as pythonNumber
// writes it. Any other literal is itself.
func pythonWord(v []byte) []byte {
	switch string(v) {
	case "true":
		return []byte("True")
	case "false":
		return []byte("False")
	case "null":
		return []byte("None")
	}
	return pythonNumber(v)
}

// pythonNumber is a JSON number as Spack prints it, str of the int or
// float Python's json reads (a variant's value, a list's or alone, is
// printed with str): an integer as its digits ("-0" is 0), any other
// number as Python's shortest repr of the float (1.00 is 1.0, 1e2 is
// 100.0, 1e16 is 1e+16, 1e400 is inf). Kept as written, 1.00 read
// v=1.00, as the string "1.00" does, two values Spack prints apart
// (v=1.0, v=1.00), and 1.0 and 1.00, which Spack prints alike, read
// apart. Anything that is not a number is itself.
func pythonNumber(v []byte) []byte {
	if len(v) == 0 || v[0] != '-' && (v[0] < '0' || v[0] > '9') {
		return v
	}
	if !bytes.ContainsAny(v, ".eE") {
		if string(v) == "-0" {
			return []byte("0")
		}
		return v
	}
	f, err := strconv.ParseFloat(string(v), 64)
	switch {
	case math.IsInf(f, 1):
		return []byte("inf")
	case math.IsInf(f, -1):
		return []byte("-inf")
	case err != nil:
		return v
	}
	// Python writes the shortest digits that read back as f: with an
	// exponent (of two digits at least, and a sign) when the decimal
	// point is 4 or more places left of the first digit or more than 16
	// right of it, as Go's 'e' does; else in full, with ".0" when whole.
	e := strconv.AppendFloat(nil, f, 'e', -1, 64)
	i := bytes.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(string(e[i+1:]))
	if point := exp + 1; point <= -4 || point > 16 {
		return e
	}
	out := strconv.AppendFloat(nil, f, 'f', -1, 64)
	if bytes.IndexByte(out, '.') < 0 {
		out = append(out, ".0"...)
	}
	return out
}

// flagNames are the compiler-flag parameters, spelled name="a b".
var flagNames = map[string]bool{
	"cflags": true, "cppflags": true, "cxxflags": true, "fflags": true, "ldflags": true, "ldlibs": true,
}

// node reads a node object, or a one-key object wrapping one under its
// package name.
func (d *decoder) node(line int) (*Node, error) {
	s := d.s
	if s.peek() != '{' {
		return nil, s.want("a spec object")
	}
	// Look at the first key without consuming: a wrapper has one key
	// that is not a node field.
	save := s.pos
	s.pos++
	wrapped := ""
	if s.peek() == '"' {
		k, err := s.rawString()
		if err != nil {
			return nil, err
		}
		if !nodeKeys[string(k)] {
			if c := s.peek(); c == ':' {
				s.pos++
				if s.peek() == '{' {
					wrapped = string(k)
				}
			}
		}
	}
	s.pos = save
	n := d.newNode()
	n.Line, n.SpecFormat = line, d.specVersion
	if wrapped == "" {
		return n, d.nodeBody(n)
	}
	err := s.object(func(key []byte) error {
		if n.Name != "" || string(key) != wrapped {
			return s.errf("want one package name around a spec, found a second key")
		}
		n.Name = wrapped
		return d.nodeBody(n)
	})
	return n, err
}

// nodeBody reads the fields of a node.
func (d *decoder) nodeBody(n *Node) error {
	s := d.s
	var annCompiler string
	var seen uint32
	versions, hasVersions := "", false
	// A node wrapped in its package name is named by the wrapper alone:
	// Spack's reader of such nodes (SpecfileV1.name_and_data) ignores a
	// "name" inside.
	wrapped := n.Name != ""
	err := s.object(func(key []byte) error {
		var err error
		switch string(key) {
		case "name":
			if err = s.twice(&seen, 1<<0, key); err == nil {
				if wrapped {
					return s.skip()
				}
				n.Name, err = s.istr()
			}
		case "version":
			if err = s.twice(&seen, 1<<1, key); err == nil {
				n.Version, err = s.istr()
			}
		case "versions":
			if err = s.twice(&seen, 1<<12, key); err == nil {
				versions, err = d.versions()
				hasVersions = true
			}
		case "arch":
			if err = s.twice(&seen, 1<<2, key); err == nil {
				err = d.arch(n)
			}
		case "compiler":
			if err = s.twice(&seen, 1<<3, key); err == nil {
				err = d.compiler(n)
			}
		case "parameters":
			if err = s.twice(&seen, 1<<4, key); err == nil {
				err = d.parameters(n)
			}
		case "dependencies":
			if err = s.twice(&seen, 1<<5, key); err == nil {
				err = d.deps(n)
			}
		case "hash", "_hash":
			if err = s.twice(&seen, 1<<(6+len(key)-len("hash")), key); err != nil { // hash 6, _hash 7
				return err
			}
			var h *hashRef
			if h, err = s.hash(); err != nil {
				return err
			}
			if n.Hash == "" {
				n.Hash = h.s
			} else {
				m := d.pending(n)
				m.aliases = append(m.aliases, h.s)
			}
		case "full_hash", "build_hash":
			if err = s.twice(&seen, 1<<(8+len(key)-len("full_hash")), key); err != nil { // full_hash 8, build_hash 9
				return err
			}
			var h *hashRef
			if h, err = s.hash(); err != nil {
				return err
			}
			m := d.pending(n)
			m.aliases = append(m.aliases, h.s)
		case "package_hash":
			if err = s.twice(&seen, 1<<10, key); err != nil {
				return err
			}
			var ph string
			if ph, err = s.istr(); ph != "" { // the same recipe on every OS and target
				d.more(n).PackageHash = ph
			}
		case "annotations":
			if err = s.twice(&seen, 1<<11, key); err != nil {
				return err
			}
			var seenAnn uint32
			err = s.object(func(k []byte) error {
				switch string(k) {
				case "original_specfile_version":
					if err := s.twice(&seenAnn, 1<<0, k); err != nil {
						return err
					}
					v, err := d.specFormat()
					n.SpecFormat = v
					return err
				case "compiler":
					if err := s.twice(&seenAnn, 1<<1, k); err != nil {
						return err
					}
					var err error
					annCompiler, err = s.istr()
					return err
				}
				return s.skip()
			})
		default:
			err = s.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	if n.Name == "" {
		return s.errf("spec has no name")
	}
	if hasVersions {
		n.Version = versions
	}
	if !n.ownCompiler && annCompiler != "" {
		n.Compiler, n.ownCompiler = annCompiler, true
	}
	return nil
}

func (d *decoder) arch(n *Node) error {
	s := d.s
	var seen uint32
	var a [3]string // OS, platform, target
	if n.Detail != nil {
		a = [3]string{n.OS, n.Platform, n.Target}
	}
	err := s.object(func(key []byte) error {
		var err error
		switch string(key) {
		case "platform":
			if err = s.twice(&seen, 1<<0, key); err == nil {
				a[1], err = s.istr()
			}
		case "platform_os":
			if err = s.twice(&seen, 1<<1, key); err == nil {
				a[0], err = s.istr()
			}
		case "target":
			if err = s.twice(&seen, 1<<2, key); err != nil {
				return err
			}
			if s.peek() == '"' {
				a[2], err = s.istr()
				return err
			}
			var seenTarget uint32
			err = s.object(func(k []byte) error {
				if string(k) == "name" {
					if err := s.twice(&seenTarget, 1, k); err != nil {
						return err
					}
					var err error
					a[2], err = s.istr()
					return err
				}
				return s.skip()
			})
		default:
			err = s.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	d.setArch(n, a)
	return nil
}

// setArch gives n the OS, platform and target of a. A node with no
// Detail of its own yet (nothing but its arch read so far) shares one
// that holds those alone, until it needs one of its own (more): a
// lockfile's dependencies of nothing but a name, a version and an arch
// kept a Detail of 120 bytes each for their arch, a quarter of the
// decoded nodes of a lockfile pair of 32,000 roots while both files
// load (TestArchOnlyNodesShareDetail). At most maxSharedArches such
// Details are made: past them, a node has its own.
func (d *decoder) setArch(n *Node, a [3]string) {
	if n.Detail == nil || n.Detail == &bareDetail || n.shared() {
		if m, ok := d.arches[a]; ok {
			n.Detail = m
			return
		}
		if len(d.arches) < maxSharedArches {
			if d.arches == nil {
				d.arches = map[[3]string]*Detail{}
			}
			m := &Detail{OS: a[0], Platform: a[1], Target: a[2], pend: &sharedPending}
			d.arches[a] = m
			n.Detail = m
			return
		}
	}
	m := d.more(n)
	m.OS, m.Platform, m.Target = a[0], a[1], a[2]
}

// maxSharedArches is the most Details a file's nodes of an arch alone
// share (setArch).
const maxSharedArches = 64

// sharedPending is the pending of every shared Detail (setArch): it
// marks them, and holds nothing.
var sharedPending pending

// shared says whether n's Detail is one that nodes of an arch alone
// share (setArch).
func (n *Node) shared() bool { return n.Detail != nil && n.pend == &sharedPending }

// compiler reads {"name": ..., "version": ...} as name@version. null is
// refused, and so is a version other than a string, as a node's own
// version is: Spack fails on a compiler of null (CompilerSpec.from_dict
// reads its "name") and on a version of null (ver, Version), and no
// writer of it puts either (to_node_dict leaves out the compiler of a
// spec that has none). Read, null was no compiler and a version of
// null (or 12) none: a file Spack refuses read as one of a spec with no
// compiler, or of gcc where Spack reads gcc@12.
func (d *decoder) compiler(n *Node) error {
	s := d.s
	switch s.peek() {
	case 'n':
		return s.errf("want a compiler object, as Spack writes it, not null: Spack fails on it")
	case '"': // a spec string, as some writers put it
		c, err := s.istr()
		n.Compiler, n.ownCompiler = c, c != ""
		return err
	}
	var name, version, versions string
	hasVersions := false
	var seen uint32
	err := s.object(func(key []byte) error {
		if err := s.once(&seen, key, "name", "version", "versions"); err != nil {
			return err
		}
		var err error
		switch string(key) {
		case "name":
			name, err = s.istr()
		case "version":
			version, err = s.istr()
		case "versions":
			versions, err = d.versions()
			hasVersions = true
		default:
			err = s.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	if hasVersions {
		version = versions
	}
	if name != "" {
		if version != "" {
			name += "@" + version
		}
		n.Compiler, n.ownCompiler = s.internBytes([]byte(name)), true
	}
	return nil
}

// versions reads the "versions" of a node or a compiler, which Spack
// reads instead of its "version" when it is there, whatever their order
// (VersionList.from_dict): a version, or a list of one ("=" before it
// says it is exact, as every version of a concrete spec is), given more
// than once too (a VersionList merges them). A list of none, or of
// several versions, is no concrete spec's, and an error.
func (d *decoder) versions() (string, error) {
	s := d.s
	if s.peek() == '"' {
		v, err := s.istr()
		return strings.TrimPrefix(v, "="), err
	}
	start := s.pos
	l, err := s.strList()
	if err != nil {
		return "", err
	}
	if len(l) == 0 {
		return "", s.errAt(start, "versions lists no version, where a concrete spec has one")
	}
	v := strings.TrimPrefix(l[0], "=")
	for _, o := range l[1:] {
		if strings.TrimPrefix(o, "=") != v {
			return "", s.errAt(start, "versions lists %d versions, where a concrete spec has one", len(l))
		}
	}
	return v, nil
}

// parameters reads the variants (and flags) in Spack's spelling.
func (d *decoder) parameters(n *Node) error {
	s := d.s
	var buf []byte
	d.varScratch, d.varSized = d.varScratch[:0], false
	defer func() {
		if d.varSized && len(d.varChunks) == 0 {
			d.more(n).Variants = d.varScratch[:len(d.varScratch):len(d.varScratch)]
			d.varScratch, d.varSlab = nil, nil
		} else if len(d.varChunks) > 0 {
			d.more(n).Variants = d.joinVariants()
		} else if len(d.varScratch) > 0 {
			d.more(n).Variants = d.strSlab(d.varScratch)
		}
		d.dropScratch()
	}()
	d.keys.reset(s.data)
	return s.object(func(key []byte) error {
		if d.keys.add(key, s.keyQuote()) { // any key: one given null is Spack's value too
			return s.givenTwice(key)
		}
		buf = buf[:0]
		c := s.peek()
		if flagNames[string(key)] && c != '[' {
			// Spack reads a flag parameter's value item by item
			// (from_node_dict: for val in values): a string's
			// characters are its flags ("-O2" is cflags="- O 2"), an
			// object's keys, and a number, a boolean or null is
			// refused. Spack writes a list; read as cflags=-O2, a
			// string was told otherwise than Spack reads it, a number
			// or a boolean read where Spack reads none, and null read
			// as no flags, a file Spack fails on read as one of none.
			why := ""
			switch c {
			case '"':
				why = ": Spack would read each of its characters as a flag"
			case 'n':
				why = ": Spack fails on it"
			}
			return s.errf("want a list of flags, as Spack writes them, not %s%s", s.nextName(), why)
		}
		switch {
		case c == 't' || c == 'f':
			v, err := s.boolean()
			if err != nil {
				return err
			}
			if v {
				buf = append(buf, '+')
			} else {
				buf = append(buf, '~')
			}
			buf = append(buf, key...)
		case c == '"':
			v, err := s.rawString()
			if err != nil {
				return err
			}
			// A string true or false, in any case, is a boolean
			// variant to Spack (from_node_dict), +v or ~v as the JSON
			// true and false: "v": "true" read v=true, a change from
			// +v where Spack reads none.
			switch { // a flag's string is refused above
			case bytes.EqualFold(v, []byte("true")):
				buf = append(append(buf, '+'), key...)
			case bytes.EqualFold(v, []byte("false")):
				buf = append(append(buf, '~'), key...)
			default:
				buf = append(append(append(buf, key...), '='), v...)
				if hasQuote(v) {
					buf = quoteValue(buf, len(key)+1)
				}
			}
		case c == '[':
			flag := flagNames[string(key)]
			buf = append(append(buf, key...), '=')
			head := len(buf)
			ends, odd := d.valueEnds[:0], false
			err := s.array(func(i int) error {
				var v []byte
				var err error
				if s.peek() == '"' {
					v, err = s.rawString()
				} else {
					v, err = s.literal()
					v = pythonWord(v)
				}
				if err != nil {
					return err
				}
				if i > 0 {
					if flag {
						buf = append(buf, ' ')
					} else {
						buf = append(buf, ',')
					}
				}
				buf = append(buf, v...)
				ends = append(ends, len(buf))
				odd = odd || !flag && oddValue(v)
				return nil
			})
			d.valueEnds = ends[:0]
			if err != nil {
				return err
			}
			if len(ends) == 0 || flag && len(buf) == head {
				// An empty list, or flags none: left out. A list of
				// the empty value ([""]) is a value, v= as the string
				// "" and ["", ""] read: it was left out.
				return nil
			}
			if odd {
				buf = append(buf[:head:head], sortedValues(buf, head, ends)...)
			}
			if hasQuote(buf[head:]) {
				buf = quoteValue(buf, head)
			} else if flag && bytesHasSpace(buf[head:]) {
				buf = append(append(append(buf[:head:head], '"'), buf[head:]...), '"')
			}
		case c == 'n':
			// null is Python's None, printed v=None by Spack as the
			// string "None" is (from_node_dict, str of the value):
			// left out, it read as no variant, where Spack prints one.
			if _, err := s.literal(); err != nil {
				return err
			}
			buf = append(append(buf, key...), "=None"...)
		default:
			// An object is refused here, as one in a list is ("want a
			// value, not an object", naming the file, the spec and the
			// variant): skipped, "v": {} read as a node without v, and
			// the file loaded with no word of it.
			v, err := s.literal()
			if err != nil {
				return err
			}
			// A number alone is printed with str too (1.00 is v=1.0).
			buf = append(append(append(buf, key...), '='), pythonNumber(v)...)
		}
		d.addVariant(d.variantString(buf))
		return nil
	})
}

// varChunk is the most variants the scratch list (varScratch) grows to:
// past it, each full list goes to varChunks and a new one starts, and
// joinVariants copies them into the node's list once its parameters are
// read. A list grown by doubling held up to twice the variants, and the
// list it outgrew, beside the node's copy: a spec of 1.28M variants held
// 50 MB of scratch while it decoded (TestManyVariantsDecodeAllocs).
const varChunk = 8192

// addVariant adds v to the variants of the node whose parameters are
// being read.
//
// The first time the list fills varChunk, the members of the object
// left are counted (membersLeft) and the list becomes the node's, sized
// for them all: the chunks and the list joined from them were both
// alive at the end of a node of many variants (1.28M: 20 MB each, a
// side, and the two files decode at once), and the join copied every
// variant once more (TestManyVariantsDecodeAllocs). The chunks remain
// for an object that cannot be counted (it is malformed: reading it
// reports where).
func (d *decoder) addVariant(v string) {
	if len(d.varScratch) == cap(d.varScratch) && len(d.varScratch) >= varChunk {
		if !d.varSized && len(d.varChunks) == 0 {
			if left, ok := d.s.membersLeft(); ok {
				d.keys.reserve(len(d.keys.run) + len(d.keys.down) + d.keys.tabN + left)
				l := make([]string, len(d.varScratch), len(d.varScratch)+1+left)
				copy(l, d.varScratch)
				d.varScratch, d.varSized = l, true
			}
		}
		if len(d.varScratch) == cap(d.varScratch) {
			d.varSized = false
			d.varChunks = append(d.varChunks, d.varScratch)
			d.varScratch = make([]string, 0, varChunk)
		}
	}
	d.varScratch = appendDoubling(d.varScratch, v)
}

// varSlabSize is the size of the blocks variantString copies the
// variants of a node of many variants into.
const varSlabSize = 64 << 10

// variantString is the variant spelled b, interned (internBytes) while
// its node has few variants, or when the intern table has it. Past that,
// the variants of a node of many (its list sized by addVariant) are
// copied into blocks of varSlabSize that the node's list keeps: one
// string each was an allocation of its own, 16 bytes for the 9 of
// "+v0000000", 2.56M of them in a diff of two specs of 1.28M variants
// (TestManyVariantsDecodeAllocs). They are not filed in the table, which
// such a node filled to maxInterned with strings given once, some 80
// bytes each beside the string (a diff's two sides: 11 MB, 1.5x the
// input of two nodes of 256k parameters; TestManyVariantsLeaveIntern).
func (d *decoder) variantString(b []byte) string {
	s := d.s
	if !d.varSized || len(b) > varSlabSize/16 {
		return s.internBytes(b)
	}
	if v, ok := s.intern[string(b)]; ok {
		return v
	}
	if len(b) == 0 {
		return ""
	}
	if cap(d.varSlab)-len(d.varSlab) < len(b) {
		d.varSlab = make([]byte, 0, varSlabSize)
	}
	start := len(d.varSlab)
	d.varSlab = append(d.varSlab, b...)
	return unsafe.String(&d.varSlab[start], len(b))
}

// joinVariants returns the variants of varChunks and varScratch in one
// list of their size, and lets go of the chunks.
func (d *decoder) joinVariants() []string {
	n := len(d.varScratch)
	for _, c := range d.varChunks {
		n += len(c)
	}
	out := make([]string, 0, n)
	for _, c := range d.varChunks {
		out = append(out, c...)
	}
	out = append(out, d.varScratch...)
	clear(d.varChunks)
	d.varChunks = d.varChunks[:0]
	d.varScratch = nil
	return out
}

// dropScratch lets go of what reading one node's parameters or
// dependencies needed, once they are read: the keys of the object (slices
// of the input, and past maxScanKeys a map of copies), and scratch lists
// grown past what a real node needs. They stayed alive in the decoder
// until the whole file was read, beside the nodes that hold what was kept
// of them, and the keys kept the input alive after Decode let go of it.
func (d *decoder) dropScratch() {
	d.keys.drop()
	if cap(d.varScratch) > maxScratch {
		d.varScratch = nil
	}
	if cap(d.refScratch) > maxScratch {
		d.refScratch = nil
	}
	if cap(d.keys.run) > maxScratch {
		d.keys.run = nil
	}
	if cap(d.keys.down) > maxScratch {
		d.keys.down = nil
	}
}

// appendDoubling is append for a scratch list that may grow long (a
// spec of a million variants): past a few hundred items append grows a
// list by a quarter, and the arrays it leaves behind add up to five times
// the list's; doubled, to twice.
func appendDoubling[T any](l []T, v T) []T {
	if len(l) == cap(l) && len(l) >= 256 {
		l = slices.Grow(l, len(l))
	}
	return append(l, v)
}

// appendChunked appends v to scratch, a list that grows by doubling
// (appendDoubling) up to chunk items: a full list of chunk items or more
// goes to *chunks first, and a new one of chunk items starts.
func appendChunked[T any](chunks *[][]T, scratch []T, v T, chunk int) []T {
	if len(scratch) == cap(scratch) && len(scratch) >= chunk {
		*chunks = append(*chunks, scratch)
		scratch = make([]T, 0, chunk)
	}
	return appendDoubling(scratch, v)
}

// maxScratch is the most items of a scratch list that the decoder keeps
// from one node to the next: more than any real node's parameters or
// dependencies.
const maxScratch = 1024

// oddValue reports whether v, a value of a list variant, reads as
// other values where the list is joined by "," (Spack's spelling,
// cuda_arch=70,80): it holds a comma, is empty, or has a space at an
// edge. The canonical order (snapshot's variant-value-order rule)
// splits a list on "," and sorts the pieces, but keeps whole a list
// whose pieces are empty or have a space at an edge: the value "a, b"
// was sorted to " b,a".
//
// A value that holds a quote is odd too: the list is written quoted
// (quoteValue), and snapshot sorts no quoted value's pieces.
func oddValue(v []byte) bool {
	return len(v) == 0 || v[0] == ' ' || v[len(v)-1] == ' ' || slices.Contains(v, ',') || hasQuote(v)
}

// hasQuote reports whether v holds a quote character, ' or ".
func hasQuote(v []byte) bool {
	return bytes.ContainsAny(v, `'"`)
}

// quoteValue quotes buf[head:], a variant's value that holds a quote,
// as Spack prints it (spec_parser.quote_if_needed): in single quotes,
// or in double quotes, with \ and " escaped, when it holds a single
// quote. Snapshot's variant-quotes rule strips the quotes of a value
// that holds none, as the catalogue's pages write one: left bare, the
// string "\"x\"" read v="x", which the rule read v=x, as ["x"].
func quoteValue(buf []byte, head int) []byte {
	v := string(buf[head:])
	buf = buf[:head]
	if !strings.Contains(v, "'") {
		return append(append(append(buf, '\''), v...), '\'')
	}
	buf = append(buf, '"')
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			buf = append(buf, '\\')
		}
		buf = append(buf, v[i])
	}
	return append(buf, '"')
}

// sortedValues is a list variant's values, buf[head:] with the value i
// ending at ends[i] (and a comma after each but the last), sorted and
// each once as Spack keeps them, joined by ",": what Spack writes of a
// list holding a value that is no piece of it split on "," (oddValue),
// whatever order the file lists them in.
func sortedValues(buf []byte, head int, ends []int) []byte {
	vals := make([][]byte, len(ends))
	for i, end := range ends {
		vals[i] = buf[head:end]
		head = end + 1
	}
	slices.SortFunc(vals, bytes.Compare)
	vals = slices.CompactFunc(vals, bytes.Equal)
	return bytes.Join(vals, []byte{','})
}

func bytesHasSpace(b []byte) bool {
	for _, c := range b {
		if c == ' ' {
			return true
		}
	}
	return false
}

// buildLink are the deptypes of a dependency written as its hash alone,
// Spack's original format: build and link (spec.py, read_yaml_dep_specs).
// Shared by every such edge, and never modified.
var buildLink = []string{"build", "link"}

// deptypes reads an edge's deptypes: each of build, link, run and test,
// as Spack reads them (deptypes.py, flag_from_string raises on any other,
// and Spack refuses the file); another would also be reported as written,
// where "build, link" as one deptype reads as the two. The refusal is
// returned apart (refused), for the caller to make if Spack reads that
// key of the edge.
func (s *scanner) deptypes() (l []string, refused, err error) {
	start := s.pos
	if l, err = s.strList(); err != nil {
		return nil, nil, err
	}
	for _, t := range l {
		switch t {
		case "build", "link", "run", "test":
		default:
			return nil, s.errAt(start, "deptype %s is not build, link, run or test: Spack refuses such a file", clipped(quoted(t))), nil
		}
	}
	return l, nil, nil
}

// virtuals reads an edge's list of virtuals. A virtual with no name
// (refused, and nil without one) is returned apart, as deptypes returns
// a deptype Spack refuses: an edge may write a list Spack does not read,
// which is no error. Read, an empty virtual named a provider swap "",
// its cause "", and render refused the report the engine wrote of it
// (causes.table[0].name: empty), as loading refuses a dependency or a
// spec with no name.
func (s *scanner) virtuals() (l []string, refused, err error) {
	start := s.pos
	if l, err = s.strList(); err != nil || !slices.Contains(l, "") {
		return l, nil, err
	}
	end := s.pos
	s.pos = start
	s.array(func(int) error { // read already: its items are strings
		s.ws()
		at := s.pos
		if v, _ := s.rawString(); len(v) == 0 && refused == nil {
			refused = s.errAt(at, "virtual has no name: a dependency provides each virtual by its name")
		}
		return nil
	})
	s.pos = end
	return l, refused, nil
}

// deps reads dependencies: a list of {name, hash, parameters: {deptypes,
// virtuals}} (spec format 4 on), of {name, hash|build_hash, type} (formats
// 2 and 3), or an object {name: {hash, type}} (format 1, lockfiles 1 and 2).
func (d *decoder) deps(n *Node) error {
	s := d.s
	d.refScratch = d.refScratch[:0]
	defer func() {
		if len(d.refScratch) > 0 || len(d.refChunks) > 0 {
			d.keepRefs(d.more(n))
		}
		clear(d.refChunks)
		d.refChunks = d.refChunks[:0]
		d.dropScratch()
	}()
	// keyed: the object form, whose key names the edge; Spack reads no
	// "name" in it (spec.py, SpecfileV1: dep_name is the key).
	one := func(r *depRef, keyed bool) error {
		if s.peek() == '"' { // {name: "hash"}
			h, err := s.hash()
			r.refs[0], r.types = h, buildLink
			return err
		}
		// Spack reads the key of the file's format and never the other
		// (spec.py: SpecfileV2 and V3 read "type", SpecfileV4 on read
		// "parameters": {"deptypes", "virtuals"}): when an edge writes
		// both, the format's wins; one alone is read whatever the format.
		// "deptypes" beside "type" is no key Spack reads: "type" wins.
		var seen, seenParams uint32
		var typesAt [3][]string // "type", "deptypes", parameters' "deptypes"
		var refused [3]error    // a deptype Spack refuses, in each
		var pVirtuals []string
		var vRefused [2]error // a virtual with no name: "virtuals", parameters' "virtuals"
		err := s.object(func(key []byte) error {
			var err error
			switch string(key) {
			case "name":
				if keyed {
					// Read, "name": "" named the edge "" past the
					// key's check, and any other name renamed it.
					err = s.skip()
				} else if err = s.twice(&seen, 1<<0, key); err == nil {
					r.name, err = s.istr()
				}
			case "hash":
				if err = s.twice(&seen, 1<<1, key); err == nil {
					r.refs[0], err = s.hash()
				}
			case "build_hash":
				if err = s.twice(&seen, 1<<2, key); err == nil {
					r.refs[1], err = s.hash()
				}
			case "full_hash":
				if err = s.twice(&seen, 1<<3, key); err == nil {
					r.refs[2], err = s.hash()
				}
			case "type", "deptypes":
				at := len(key) / len("deptypes")                      // type 0, deptypes 1
				if err = s.twice(&seen, 1<<(4+at), key); err == nil { // type 4, deptypes 5
					typesAt[at], refused[at], err = s.deptypes()
				}
			case "virtuals":
				if err = s.twice(&seen, 1<<6, key); err == nil {
					r.virtuals, vRefused[0], err = s.virtuals()
				}
			case "parameters":
				if err = s.twice(&seen, 1<<7, key); err != nil {
					return err
				}
				err = s.object(func(k []byte) error {
					var err error
					switch string(k) {
					case "deptypes":
						if err = s.twice(&seenParams, 1<<0, k); err == nil {
							typesAt[2], refused[2], err = s.deptypes()
						}
					case "virtuals":
						if err = s.twice(&seenParams, 1<<1, k); err == nil {
							pVirtuals, vRefused[1], err = s.virtuals()
						}
					default:
						err = s.skip()
					}
					return err
				})
			default:
				err = s.skip()
			}
			return err
		})
		given := [3]bool{seen&(1<<4) != 0, seen&(1<<5) != 0, seenParams&(1<<0) != 0}
		order := [3]int{0, 1, 2}
		if d.specVersion >= 4 {
			order = [3]int{2, 0, 1}
		}
		for _, at := range order {
			if given[at] {
				if err == nil && refused[at] != nil {
					return refused[at]
				}
				r.types = typesAt[at]
				break
			}
		}
		if d.specVersion > 0 && d.specVersion < 4 {
			// Spack reads no virtuals in formats 1 to 3 (spec.py:
			// SpecfileV1 and V2, V3's reader, give each edge
			// virtuals=()), under either key: none is read, and one
			// with no name is no error there. It was refused ("virtual
			// has no name") in a file Spack reads.
			r.virtuals = nil
			return err
		}
		read := 0 // the virtuals read: "virtuals", else parameters'
		if seenParams&(1<<1) != 0 {
			r.virtuals, read = pVirtuals, 1
		}
		if err == nil && vRefused[read] != nil {
			return vRefused[read]
		}
		return err
	}
	if s.peek() == '{' {
		d.keys.reset(s.data)
		return s.object(func(key []byte) error {
			if len(key) == 0 {
				// As in a list: an edge to a hash not in the file kept
				// its name "", a cause named "" that render refused.
				return s.errf("dependency has no name")
			}
			if d.keys.add(key, s.keyQuote()) {
				return s.givenTwice(key)
			}
			r := depRef{name: s.internBytes(key)}
			if err := one(&r, true); err != nil {
				return err
			}
			return d.addRef(n, r)
		})
	}
	return s.array(func(int) error {
		var r depRef
		if err := one(&r, false); err != nil {
			return err
		}
		if r.name == "" {
			return s.errf("dependency has no name")
		}
		return d.addRef(n, r)
	})
}

// keepRefs files the dependencies read into refScratch on m: as its
// Deps and their hashes' refs when each names one hash (one "hash", as
// Spack writes them) and m has none yet, so that finish only fills in
// the hashes; else as depRefs, which finish resolves whole.
func (d *decoder) keepRefs(m *Detail) {
	p := d.pendOn(m)
	// The chunks and the list: a node of few dependencies (most) has no
	// chunk, and its one list needs no slice of lists made for it.
	var one [1][]depRef
	lists := append(one[:0], d.refScratch)
	if len(d.refChunks) > 0 {
		lists = append(d.refChunks[:len(d.refChunks):len(d.refChunks)], d.refScratch)
	}
	count := 0
	single := p.refs == nil && p.hashes == nil && finishTwin == nil
	for _, l := range lists {
		count += len(l)
		for i := range l {
			if r := &l[i]; r.refs[0] == nil || r.refs[1] != nil || r.refs[2] != nil {
				single = false
			}
		}
	}
	if single {
		m.Deps = d.depSlab(count)
		p.hashes = d.hashSlab(count)
		for _, l := range lists {
			for _, r := range l {
				m.Deps = append(m.Deps, Dep{Name: r.name, Types: r.types, Virtuals: r.virtuals})
				p.hashes = append(p.hashes, r.refs[0])
			}
		}
		return
	}
	// A second list of dependencies, or one naming several hashes (or
	// none but a build_hash or full_hash): all as depRefs.
	p.refs = slices.Grow(p.refs, len(p.hashes)+count)
	for i, h := range p.hashes {
		dep := m.Deps[i]
		p.refs = append(p.refs, depRef{name: dep.Name, refs: [3]*hashRef{h}, types: dep.Types, virtuals: dep.Virtuals})
	}
	m.Deps, p.hashes = nil, nil
	// Not from a slab: blocks of these, dropped at once when resolved,
	// made the collector let a 60k-spec pair's peak RSS grow by a
	// quarter, for a tenth less CPU.
	for _, l := range lists {
		p.refs = append(p.refs, l...)
	}
}

// refChunk is the most dependencies the scratch list (refScratch) grows
// to: past it, each full list goes to refChunks and a new one starts,
// and keepRefs reads them all. A list grown by append, a quarter at a
// time, held the list it outgrew beside it (a depRef is 88 bytes; an
// edge as Spack writes it, 100 or so): one spec of 1.28M edges peaked at
// 5x its input while its file decoded (TestManyEdgesDecodeAllocs).
const refChunk = 2048

func (d *decoder) addRef(n *Node, r depRef) error {
	for i, h := range r.refs {
		if h != nil && h.s == "" { // "hash": "" names no node
			r.refs[i] = nil
		}
	}
	if r.refs[0] == nil && r.refs[1] == nil && r.refs[2] == nil {
		return d.s.errf("dependency %s has no hash", shown(r.name))
	}
	d.refScratch = appendChunked(&d.refChunks, d.refScratch, r, refChunk)
	return nil
}

// finishTwin, when set (by tests), is the plain resolution that finish
// and keepRefs' dependencies with their hashes' refs are checked
// against: every node then keeps its dependencies as depRefs, and Decode
// calls it instead of finish.
var finishTwin func(*decoder)

// finish resolves edges, derives compilers, marks roots and sorts.
func (d *decoder) finish() {
	if finishTwin != nil {
		finishTwin(d)
		return
	}
	set := d.set
	for _, n := range d.nodes() {
		if n.Detail == nil {
			n.Detail = &bareDetail
			if n.Compiler == "" {
				n.Compiler = "none"
			}
			continue
		}
		if n.shared() {
			// An arch alone: no edge to resolve, and the compiler as
			// below of a node without dependencies.
			if !n.ownCompiler || n.Compiler == "" {
				n.Compiler = "none"
			}
			continue
		}
		// The compiler from the dependencies (compilerLangs), found
		// while they are resolved: the first build dependency providing
		// c, else cxx, else fortran, and its node.
		var lang [len(compilerLangs)]struct {
			dep    int
			target *Node
		}
		for i := range lang {
			lang[i].dep = -1
		}
		resolved := func(i int, target *Node) {
			if n.ownCompiler || !slices.Contains(n.Deps[i].Types, "build") {
				return
			}
			for k, l := range compilerLangs {
				if lang[k].dep < 0 && slices.Contains(n.Deps[i].Virtuals, l) {
					lang[k].dep, lang[k].target = i, target
				}
			}
		}
		if hashes := n.depHashes(); hashes != nil {
			for i, h := range hashes {
				target := h.node
				if target != nil {
					// Filed under its node's name, as Spack files an edge
					// (wire_spec_nodes: edge.spec.name), whatever the
					// dependency is written as; a name that differs is
					// said (otherName).
					if n.Deps[i].Name != target.Name {
						d.otherName(n, n.Deps[i].Name, target)
					}
					n.Deps[i].Name, n.Deps[i].Hash = target.Name, target.Hash
				} else {
					n.Deps[i].Hash = h.s
					d.missingDep(n, n.Deps[i].Name, h.s)
				}
				resolved(i, target)
			}
		} else {
			refs := n.depRefs()
			n.Deps = d.depSlab(len(refs))
			for _, r := range refs {
				dep := Dep{Name: r.name, Types: r.types, Virtuals: r.virtuals}
				var target *Node
				for _, h := range r.refs {
					if h != nil && h.node != nil {
						target = h.node
						break
					}
				}
				if target != nil {
					if r.name != target.Name {
						d.otherName(n, r.name, target)
					}
					dep.Name, dep.Hash = target.Name, target.Hash
				} else {
					for _, h := range r.refs {
						if h != nil {
							dep.Hash = h.s
							break
						}
					}
					d.missingDep(n, r.name, dep.Hash)
				}
				n.Deps = append(n.Deps, dep)
				resolved(len(n.Deps)-1, target)
			}
		}
		n.pend = nil
		if !n.ownCompiler {
			n.Compiler = ""
			for _, l := range lang {
				if l.dep < 0 {
					continue
				}
				if t := l.target; t != nil && t.Version != "" {
					n.Compiler = d.s.internBytes([]byte(t.Name + "@" + t.Version))
				} else {
					n.Compiler = n.Deps[l.dep].Name
				}
				break
			}
		}
		if n.Compiler == "" {
			n.Compiler = "none"
		}
	}
	if d.missing > mostMissing {
		d.warnf(d.missingLine, "%s", MoreMissingMessage(d.missing-mostMissing))
	}
	if d.renamed > mostMissing {
		d.warnf(d.renamedLine, "%d more dependencies are named for another package than their spec's, the first of them at this line", d.renamed-mostMissing)
	}
	d.dagIdentity()
	d.markRoots()
	sortByHash(set.Nodes)
	sortByHash(set.Others)
	slices.SortStableFunc(set.Warnings, func(a, b Warning) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), strings.Compare(a.Message, b.Message))
	})
}

// mostMissing is the most dependencies not in the file that get a
// warning each; the others are counted in one (a warning each held more
// than the record's bytes: an index of tiny records, each naming a
// dependency it lacks, peaked at 4.1x its bytes while decoded).
const mostMissing = 20

// MostMissing is mostMissing for the loader, which takes back the
// warnings of dependencies another file of a folder holds and gives
// those the decoder counted in its rest a warning each in their place.
const MostMissing = mostMissing

// missingDep says that node n's dependency name/hash is not in the file.
func (d *decoder) missingDep(n *Node, name, hash string) {
	if d.missing++; d.missing <= mostMissing {
		// Not through warnf, which clips each argument: the message
		// whole, past maxQuoted, lost its end, which says what is wrong
		// and by which the loader knows it (ParseMissing), so that a
		// dependency of a long name that another file of a folder holds
		// still warned. MissingDepMessage clips the names.
		d.set.Warnings = append(d.set.Warnings, Warning{File: d.file, Line: n.Line, Message: MissingDepMessage(n.Name, n.Hash, name, hash)})
	} else if d.missing == mostMissing+1 {
		d.missingLine = n.Line
	}
}

// MissingDepMessage is the warning that the dependency name/hash of the
// spec node/nodeHash is not in its file: the loader, which finds it in
// another file of a folder, drops it for its own (one warning an edge).
// Each name is shown as the errors show a package's (shown: clipped,
// and quoted unless plain): raw, a spec "z\nq" put a newline in the
// warning, and one named "z/aaaaaaa: dependency y" read as the spec z
// whose dependency is y. The hashes are shown whole, not cut to 7
// bytes: two records named z whose hashes begin alike, each of a
// dependency y of a hash beginning alike, warned "z/aaaaaaa: dependency
// y/ccccccc is not in the file" twice, one edge read twice where two
// were lacking, and the loader, which finds an edge's warning by its
// text, took one edge's warning for the other's. The message is kept
// whole; its text tells each edge apart (shown is clipped past
// maxQuoted with the digest of the whole, cutmark.Of).
func MissingDepMessage(node, nodeHash, name, hash string) string {
	return shown(node) + "/" + shown(nodeHash) + ": dependency " + shown(name) + "/" + shown(hash) + missingSuffix
}

// missingSuffix ends each MissingDepMessage.
const missingSuffix = " is not in the file"

// moreMissingSuffix follows the count of MoreMissingMessage.
const moreMissingSuffix = " more dependencies are not in the file, the first of them at this line"

// MoreMissingMessage is the warning that n dependencies more than those
// of a MissingDepMessage each are not in the file, filed at the line of
// the first of them.
func MoreMissingMessage(n int) string {
	return strconv.Itoa(n) + moreMissingSuffix
}

// ParseMissing tells what a warning of the decoder says of dependencies
// not in the file: missing, that it is a MissingDepMessage; more, the
// count of a MoreMissingMessage (0 for any other warning). The loader,
// which finds some of them in other files of a folder, takes those back.
func ParseMissing(msg string) (missing bool, more int) {
	if c, ok := strings.CutSuffix(msg, moreMissingSuffix); ok {
		if n, err := strconv.Atoi(c); err == nil && n > 0 {
			return false, n
		}
	}
	return strings.HasSuffix(msg, missingSuffix) && strings.Contains(msg, ": dependency "), 0
}

// otherName says that node n's dependency written as name is target, a
// spec of another package. Spack writes each dependency under its spec's
// name, a virtual's too (the edge names the provider: "gcc" with virtuals
// ["c", "cxx"]; so do all 474 virtual edges of the real files in
// ../shared), so no file Spack writes has such an edge; cachediff files
// it under the spec's name. The first mostMissing get a warning each;
// finish counts the rest in one.
func (d *decoder) otherName(n *Node, name string, target *Node) {
	if d.renamed++; d.renamed <= mostMissing {
		d.set.Warnings = append(d.set.Warnings, Warning{File: d.file, Line: n.Line, Message: RenamedDepMessage(n.Name, n.Hash, name, target.Hash, target.Name, "")})
	} else if d.renamed == mostMissing+1 {
		d.renamedLine = n.Line
	}
}

// RenamedDepMessage is the warning that the dependency name/hash of the
// spec node/nodeHash is a spec of package target, where (" in another
// file", or "") says: the decoder's of an edge to a spec of its file,
// the loader's of one to a spec of another file of the folder, so that
// both name each package and hash alike (shown, the dependency and
// the target always quoted): the loader's quoted the spec's package
// otherwise and none of them cut. The hashes are shown whole, as
// MissingDepMessage's are: cut to 7 bytes, two specs z whose hashes
// begin alike, each of a dependency y renamed, warned the same words.
func RenamedDepMessage(node, nodeHash, name, hash, target, where string) string {
	return shown(node) + "/" + shown(nodeHash) + ": dependency " + quoted(name) + " is " + shown(hash) + ", a spec of " + quoted(target) + where +
		": Spack names each dependency for its spec's package (a virtual for its provider); read as " + quoted(target)
}

// compilerLangs are the virtuals whose build dependency is a node's
// compiler (from spec format 5 on), in order of preference: the
// compiler is the first build dependency providing c, else cxx, else
// fortran, as name@version (name alone when the dependency is not in the
// file).
var compilerLangs = [...]string{"c", "cxx", "fortran"}

// sortByHash sorts nodes by hash. They are sorted by their hashes' first
// eight bytes, kept beside them, and by the whole hash where those are
// equal: the hashes, spread over memory, are read once each rather than
// at every comparison.
func sortByHash(nodes []*Node) {
	type keyed struct {
		k uint64
		n *Node
	}
	keys := make([]keyed, len(nodes))
	for i, n := range nodes {
		var k uint64
		for j := range 8 {
			k <<= 8
			if j < len(n.Hash) {
				k |= uint64(n.Hash[j])
			}
		}
		keys[i] = keyed{k, n}
	}
	slices.SortFunc(keys, func(a, b keyed) int {
		if a.k != b.k {
			return cmp.Compare(a.k, b.k)
		}
		return strings.Compare(a.n.Hash, b.n.Hash)
	})
	for i := range keys {
		nodes[i] = keys[i].n
	}
}

// Slabs: nodes, edges and variant lists are carved out of blocks rather
// than allocated one by one (a 60k-spec index has 60k nodes and 400k
// edges): fewer allocations for the collector to track. The blocks start
// small, at a size the file's length suggests, and double up to slabSize
// nodes (64x for edges, 4x for lists): a spec file of a few nodes
// allocates a few hundred bytes of them, not megabytes that its specs
// (which keep their edge and variant lists) would keep alive, and no
// file wastes more than the half of what it uses. The edges' blocks, the
// largest (a 60k-spec index's edges take 30 MB), grow to 21 MB, large
// enough for huge pages (hugepage.Advise).
const slabSize = 4096

// initSlabs sets the first blocks' sizes for a file of size bytes (a node
// takes some hundreds of bytes of JSON): a node per 512 bytes, and at
// least one, not eight: a spec file of 870 bytes (two nodes, one edge)
// kept a block of 16 edges (1.3 KB) and hashes for 16, and a folder of
// them 3.3x its bytes (issue 35, item 8).
func (d *decoder) initSlabs(size int) {
	n := min(max(size/512, 1), slabSize)
	d.nodeNext, d.depNext, d.strNext, d.detailNext = n, 2*n, n, n
	d.s.hashNext = n
}

// nodes returns every node read: those that count, then the others.
func (d *decoder) nodes() iter.Seq2[int, *Node] {
	return func(yield func(int, *Node) bool) {
		i := 0
		for _, l := range [2][]*Node{d.set.Nodes, d.set.Others} {
			for _, n := range l {
				if !yield(i, n) {
					return
				}
				i++
			}
		}
	}
}

// more returns the node's Detail, giving it one of its own first.
func (d *decoder) more(n *Node) *Detail {
	if shared := n.shared(); n.Detail == nil || n.Detail == &bareDetail || shared {
		if len(d.detailSlab) == 0 {
			d.detailSlab = make([]Detail, d.detailNext)
			d.detailNext = min(2*d.detailNext, slabSize)
		}
		m := &d.detailSlab[0]
		d.detailSlab = d.detailSlab[1:]
		if shared {
			m.OS, m.Platform, m.Target = n.OS, n.Platform, n.Target
		}
		n.Detail = m
	}
	return n.Detail
}

// pending returns n's pending (Detail.pend), made if need be.
func (d *decoder) pending(n *Node) *pending { return d.pendOn(d.more(n)) }

// pendOn returns m's pending, made if need be, from a slab: let go with
// the last node of its slab finished.
func (d *decoder) pendOn(m *Detail) *pending {
	if m.pend == nil {
		if len(d.pendSlab) == 0 {
			d.pendSlab = make([]pending, d.detailNext)
		}
		m.pend = &d.pendSlab[0]
		d.pendSlab = d.pendSlab[1:]
	}
	return m.pend
}

func (d *decoder) newNode() *Node {
	if len(d.nodeSlab) == 0 {
		d.nodeSlab = make([]Node, d.nodeNext)
		d.nodeNext = min(2*d.nodeNext, slabSize)
		d.set.slabs = append(d.set.slabs, d.nodeSlab)
	}
	n := &d.nodeSlab[0]
	d.nodeSlab = d.nodeSlab[1:]
	return n
}

// depSlab returns an empty slice with room for n edges.
func (d *decoder) depSlab(n int) []Dep {
	if cap(d.depBlock)-len(d.depBlock) < n {
		d.depBlock = make([]Dep, 0, max(n, min(d.depNext, d.edgesLeft())))
		hugepage.Advise(unsafe.Pointer(unsafe.SliceData(d.depBlock)), cap(d.depBlock)*int(unsafe.Sizeof(Dep{})))
		d.depNext = min(2*d.depNext, 64*slabSize)
	}
	start := len(d.depBlock)
	d.depBlock = d.depBlock[:start+n]
	d.edges += n
	return d.depBlock[start : start : start+n]
}

// edgesLeft is how many more edges a block made now should hold: while
// the file is read, those its rest holds at the rate of the part read,
// and a quarter more; the most a block holds once it is read. The
// snapshot keeps the edges' blocks whole, and the last, doubled past
// what the file held, was mostly empty: 2 MB of 6.5 in a lockfile pair
// of 32,000 roots (TestEdgeBlocksFitFile), up to 21 MB in an index.
func (d *decoder) edgesLeft() int {
	read, size := d.s.pos, len(d.s.data)
	if read <= 0 || read >= size || d.edges == 0 {
		return 64 * slabSize
	}
	left := int(float64(d.edges) * float64(size-read) / float64(read))
	return max(left+left/4, 1)
}

// hashSlab returns an empty slice with room for n refs: a node's
// dependencies' (Detail.hashes), let go once resolved.
func (d *decoder) hashSlab(n int) []*hashRef {
	if cap(d.hashBlock)-len(d.hashBlock) < n {
		d.hashBlock = make([]*hashRef, 0, max(n, d.depNext))
	}
	start := len(d.hashBlock)
	d.hashBlock = d.hashBlock[:start+n]
	return d.hashBlock[start : start : start+n]
}

// strSlab copies l into a slab; nil for an empty list.
func (d *decoder) strSlab(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	if cap(d.strs)-len(d.strs) < len(l) {
		d.strs = make([]string, 0, max(len(l), d.strNext))
		d.strNext = min(2*d.strNext, 4*slabSize)
	}
	start := len(d.strs)
	d.strs = append(d.strs, l...)
	return d.strs[start:len(d.strs):len(d.strs)]
}
