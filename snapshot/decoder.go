package snapshot

import "errors"

// Decoder decodes one input format: a catalogue page (package
// snapshot/catalog), Spack's build-cache index.json, spack.lock,
// *.spec.json (spack.go). Load tries the decoders registered (Register),
// then those of Options.Decoders; a decoder that is a Fallback (the page
// format) only for the files no other decoder takes.
//
// A decoder must be safe for use by several goroutines at once.
type Decoder interface {
	// Claims reports whether a file of this base name, found in a
	// folder, may be in the format: the loader then reads it as a
	// candidate, and a file no decoder detects goes to the first decoder
	// that claims it, whose Decode says what is wrong with it. (A file
	// that only may be a Fallback's, as every *.md file may be a page,
	// says so through Fallback.Candidate instead. A *.json, *.json.gz,
	// *.json.sig or *.lock file no decoder claims is read when a
	// built-in decoder surely tells its format by content: Spack's files
	// under other names.)
	Claims(base string) bool
	// Detect reports, from a file's first bytes (at most 512; all of a
	// gzip'd file, whose content is what is detected), whether it
	// is in the format. It decides what decodes a file named on the
	// command line, and a candidate several decoders claim: the first
	// decoder that claims or is given the file and detects it decodes
	// it. A file no decoder detects goes to the first decoder that
	// claims its name, whose Decode then says what is wrong with it (a
	// file named like a Spack file is one, or bad input); without such a
	// decoder, to the first Fallback that takes its name
	// (Fallback.Candidate: a page's *.md) or, when it was named on the
	// command line, to the first Fallback; it is ignored otherwise. A
	// file named on the command line that a Fallback detects (a page:
	// its first line is ---) stays the Fallback's whatever its name.
	Detect(head []byte) bool
	// Decode decodes a whole file: file is its name for messages
	// (File.Name), data its bytes. It returns the packages the file
	// holds, each with Name, File (file), Tag and TagLine when the format
	// has one, Line (where its specs are, for messages; 0 when unknown)
	// and its specs as written, in any order: the loader then requires a
	// well-formed hash on each spec, once per package, canonicalizes the
	// specs (unless Options.Raw) and sorts them by hash (a State finishes
	// them itself: see there). Problems that do not stop the diff are
	// warnings; an error is an *Error naming file, and the line and
	// column where it can (--skip-invalid then skips the file), or a
	// *NotInFormat.
	Decode(file string, data []byte) ([]*Package, []Warning, error)
}

// Fallback is a Decoder of last resort, for files whose names other files
// share: a package page is a *.md file, and so is a README. The loader
// reads a file it takes (Candidate) after every other decoder has had
// it: when none detects the file, and none claims its name, the
// Fallback's Decode has it, and a *NotInFormat from it leaves the file
// out unless the file must be in the format.
type Fallback interface {
	Decoder
	// Candidate reports whether a file of this base name, found in a
	// folder, may be in the format (a page: *.md), and whether it must
	// (a page: specs.md), which makes a file that is not, or is no
	// regular file, an error. A file named on the command line must be
	// in the format of the first Fallback whatever its name, unless
	// another decoder detects it.
	Candidate(base string) (may, must bool)
}

// Stateful is a Decoder that keeps memory from one file to the next: the
// loader gives each of its goroutines a State of the decoder's own
// (NewState), decodes the files with State.Decode instead of Decode, and
// keeps the states from one Load to the next through Options.Shared. A
// format with scratch memory or caches (the page format: interned
// strings, list texts, the fast path's buffers) is one.
type Stateful interface {
	Decoder
	// NewState returns the memory of one loading goroutine.
	NewState() State
	// Share is given the states of the goroutines of the Loads before,
	// kept by one Shared, before the next Load takes them over: each may
	// then find what the others read (the page format shares its list
	// texts). Each state is then used by one goroutine at a time again.
	Share(states []State)
}

// State is one loading goroutine's memory for a Stateful decoder. It is
// used by one goroutine at a time.
type State interface {
	// Decode is Decoder.Decode with the state's memory. It finishes its
	// packages' specs itself, through f (Finisher.Finish), with the
	// loading goroutine's canonicalization cache and sort memory; the
	// loader does not.
	Decode(file string, data []byte, f *Finisher) ([]*Package, []Warning, error)
	// Kept returns how many strings, and how many bytes of strings and
	// other text, the state keeps for the next Load: Shared lets go of a
	// state that keeps too much (maxSharedShare).
	Kept() (strings, bytes int)
}

// NotInFormat is the error of a decoder given a file that is not in its
// format at all: the page decoder given a README.md, or a file without
// front matter. The loader leaves such a file out, unless it must be in
// the format (Fallback.Candidate, or the file named on the command
// line), where Err is its error.
type NotInFormat struct{ Err *Error }

func (e *NotInFormat) Error() string { return e.Err.Error() }

// registered are the decoders that Load always tries, before
// Options.Decoders: the formats built into the package (spack.go) and
// those that register themselves (Register).
var registered []Decoder

// Register adds a decoder to those every Load tries, before
// Options.Decoders. A format in a package of its own calls it from its
// init (package catalog); the command links the format in (package
// input's decoders.go), and so does a test that loads pages.
func Register(d Decoder) { registered = append(registered, d) }

// detectSize is how much of a file Decoder.Detect sees, unless it is
// gzip'd (headOf).
const detectSize = 512

// partDecoder is a Decoder that reads a file found in a folder otherwise
// than the same file named alone: a Spack spec file alone is a spec with
// its DAG, and one of a folder a build cache's spec file, whose spec is
// its root alone (spack.go).
type partDecoder interface {
	decodePart(file string, data []byte) ([]*Package, []Warning, error)
}

// textDecoder is a Decoder that tells the length of the text it decoded:
// a gzip'd file's content, which the stream's trailer gives only for a
// stream of one member without padding (a stream of several gives its
// last member's, a padded one zero), so that the file counts what it
// holds (settledBytes). whole is Decode's reading, and decodePart's
// otherwise.
type textDecoder interface {
	decodeText(file string, data []byte, whole bool) ([]*Package, []Warning, int64, error)
}

// decodeOther decodes a file with decoder d and finishes its packages'
// specs as a State does its own. The counts are the rules the
// canonicalization of all its packages applied. alone says the file is
// the snapshot itself (File.Root), not one of a folder (partDecoder).
// The specs a file holds only as dependencies (Package.Unlisted) are
// canonicalized too, uncounted, so that they compare with the copies
// other files list (spackConflicts). The int64 is the length of the text
// decoded when the decoder tells it (textDecoder), 0 otherwise.
func decodeOther(d Decoder, file string, data []byte, opt Options, st *loadState, alone bool) ([]*Package, RuleCounts, []Warning, int64, error) {
	if sd, ok := d.(Stateful); ok {
		f := st.finisher(opt)
		pkgs, warnings, err := st.state(sd).Decode(file, data, f)
		if err != nil {
			return nil, nil, nil, 0, err
		}
		return pkgs, f.c.counts, warnings, 0, nil
	}
	var pkgs []*Package
	var warnings []Warning
	var text int64
	var err error
	if td, ok := d.(textDecoder); ok {
		pkgs, warnings, text, err = td.decodeText(file, data, alone)
	} else if pd, ok := d.(partDecoder); ok && !alone {
		pkgs, warnings, err = pd.decodePart(file, data)
	} else {
		pkgs, warnings, err = d.Decode(file, data)
	}
	if err != nil {
		return nil, nil, nil, 0, err
	}
	counts := RuleCounts{}
	var uc *canonicalizer // the unlisted specs': not counted
	for _, p := range pkgs {
		c := st.canonicalizer()
		if err := finishSpecs(file, p.Line, "package "+p.Name, p.Specs, opt.Raw, c); err != nil {
			return nil, nil, nil, 0, err
		}
		counts.add(c.counts)
		if u := p.Unlisted(); len(u) > 0 && !opt.Raw {
			if uc == nil {
				uc = st.canonicalizer()
			}
			for k := range u {
				uc.spec(&u[k].Spec, true)
			}
		}
	}
	for _, p := range pkgs {
		st.lists.share(p.Specs)
	}
	return pkgs, counts, warnings, text, nil
}

// notInFormat returns err as a *NotInFormat, or nil.
func notInFormat(err error) *NotInFormat {
	if err == nil {
		return nil // every file that loads: errors.As would cost its target
	}
	var nf *NotInFormat
	if errors.As(err, &nf) {
		return nf
	}
	return nil
}
