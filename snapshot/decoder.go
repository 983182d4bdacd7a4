package snapshot

// Decoder decodes one file format other than package pages: Spack's
// build-cache index.json, spack.lock, *.spec.json. Load tries the
// decoders of Options.Decoders (and any built into the package), then the
// package-page decoder, which is built in (decodePage).
//
// A decoder must be safe for use by several goroutines at once.
type Decoder interface {
	// Claims reports whether a file of this base name, found in a
	// folder, may be in the format: the loader then reads it as a
	// candidate. (Every *.md file is a candidate for the page decoder,
	// and a *.json, *.json.gz, *.json.sig or *.lock file no decoder
	// claims is read when a built-in decoder surely tells its format by
	// content: Spack's files under other names.)
	Claims(base string) bool
	// Detect reports, from a file's first bytes (at most 512), whether it
	// is in the format. It decides what decodes a file named on the
	// command line, and a candidate several decoders claim: the first
	// decoder that claims or is given the file and detects it decodes
	// it. A file no decoder detects goes to the first decoder that
	// claims its name, whose Decode then says what is wrong with it (a
	// file named like a Spack file is one, or bad input); without such a
	// decoder, to the page decoder when its name ends in .md or it was
	// named on the command line; it is ignored otherwise. A page named on
	// the command line (its first line is ---) stays a page whatever its
	// name.
	Detect(head []byte) bool
	// Decode decodes a whole file: file is its name for messages
	// (File.Name), data its bytes. It returns the packages the file
	// holds, each with Name, File (file), Tag when the format has one,
	// Line (where its specs are, for messages; 0 when unknown) and its
	// specs as written, in any order: the loader then requires a
	// well-formed hash on each spec, once per package, canonicalizes the
	// specs (unless Options.Raw) and sorts them by hash. Problems that do
	// not stop the diff are warnings; an error is an *Error naming file,
	// and the line and column where it can (--skip-invalid then skips
	// the file).
	Decode(file string, data []byte) ([]*Package, []Warning, error)
}

// builtinDecoders are the decoders besides the page decoder that Load
// always tries, before Options.Decoders. A format built into the package
// appends itself here from its own file's init.
var builtinDecoders []Decoder

// detectSize is how much of a file Decoder.Detect sees.
const detectSize = 512

// decodeOther decodes a file with decoder d and finishes its packages'
// specs as the page decoder does its own. The counts are the rules the
// canonicalization of all its packages applied.
func decodeOther(d Decoder, file string, data []byte, raw bool, st *loadState) ([]*Package, RuleCounts, []Warning, error) {
	pkgs, warnings, err := d.Decode(file, data)
	if err != nil {
		return nil, nil, nil, err
	}
	counts := RuleCounts{}
	for _, p := range pkgs {
		c := st.canonicalizer()
		if err := finishSpecs(file, p.Line, "package "+p.Name, p.Specs, raw, c); err != nil {
			return nil, nil, nil, err
		}
		counts.add(c.counts)
	}
	return pkgs, counts, warnings, nil
}
