package spackfmt

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Sniff says which kind of Spack file data holds, by content: a JSON
// object with a key "database" holding an object (an index), "spec"
// holding an object or a list (a spec file), or "_meta" with file-type
// spack-lockfile, "roots" holding a list or "concrete_specs" holding an
// object (a lockfile). The key need not come first: a spec file of a
// build cache has "buildcache_layout_version" and "binary_cache_checksum"
// beside "spec", and a file rewritten with its keys sorted (jq -S) has
// them before it; the other keys' values are skipped. (A key whose value
// is cut off by the end of data counts.) A clear-signed spec
// file (*.spec.json.sig) is recognised by its head: the line -----BEGIN
// PGP SIGNED MESSAGE-----, its armor headers, a blank line, then the
// JSON; the signature at the end need not be in data. Anything else, and
// a key that is past the end of data, is Unknown. Sniff reads only the
// beginning of data, which may be cut anywhere. It reads the content of a
// gzip'd file, past a UTF-8 byte order mark, and UTF-16 as well (which
// Decode then refuses, naming it).
func Sniff(data []byte) Kind { return sniff(data, true) }

// SniffSure is Sniff without the weakest sign, a key "roots" holding a
// list (which other JSON has too: a package.json): what it recognises is
// surely a Spack file, to be read whatever its name.
func SniffSure(data []byte) Kind { return sniff(data, false) }

// SniffWhole is Sniff of all of data's content, for a file that Spack's
// name for it has read whatever its head says: a gzip'd one is inflated
// whole (bounded as Decode bounds it), where Sniff reads the first 512
// bytes of its content. Its content is what inflates, through the layers
// Sniff looks through (two of gzip, a byte order mark before either), up
// to an error: a stream cut short, or gzip'd twice, or UTF-16 inside, is
// sniffed as far as it reads, as a plain file cut short or in UTF-16 is
// (sniffed from 512 bytes, a gzip'd index.json cut short, its first key
// long, was Unknown, and a stale spec file beside it read).
func SniffWhole(data []byte) Kind { return sniffUpTo(data, maxInflated, false) }

// SniffUpTo is SniffWhole of the first n bytes of data's content (at
// least Sniff's 512), gzip'd or plain: what it costs is bounded by n, not
// by what a gzip'd file inflates to (up to a gigabyte, for a file of a
// few megabytes).
func SniffUpTo(data []byte, n int64) Kind { return sniffUpTo(data, max(n, detectHead), true) }

// sniffUpTo is SniffWhole (cut false) and SniffUpTo (cut: plain content
// cut at limit too).
func sniffUpTo(data []byte, limit int64, cut bool) Kind {
	for i := range 3 {
		gz := bytes.TrimPrefix(data, utf8BOM)
		if !bytes.HasPrefix(gz, gzipMagic) {
			break
		}
		if i == 2 {
			// A third layer, which Sniff does not look through either
			// (Sniff of this content would: two more).
			return Unknown
		}
		text, _ := inflate(gz, limit)
		if len(text) == 0 {
			return Sniff(data)
		}
		data = text
	}
	if cut {
		data = data[:min(int64(len(data)), limit)]
	}
	return Sniff(data)
}

func sniff(data []byte, weak bool) Kind {
	data = sniffHead(data)
	if body, ok := signedBody(data); ok {
		data = data[body:]
	}
	s := newScanner("", data)
	if s.peek() != '{' {
		return Unknown
	}
	kind := Unknown
	stop := fmt.Errorf("stop")
	_ = s.object(func(key []byte) error {
		c := s.peek() // 0: the value is past the end of data
		switch string(key) {
		case "database":
			if c == '{' || c == 0 {
				kind = Index
			}
		case "spec":
			if c == '{' || c == '[' || c == 0 {
				kind = SpecFile
			}
		case "roots":
			if weak && (c == '[' || c == 0) {
				kind = Lockfile
			}
		case "concrete_specs":
			if c == '{' || c == 0 {
				kind = Lockfile
			}
		case "_meta":
			if c != '{' {
				break
			}
			if err := s.object(func(k []byte) error {
				if string(k) == "file-type" && s.peek() == '"' {
					if v, err := s.rawString(); err == nil && string(v) == "spack-lockfile" {
						kind = Lockfile
						return stop
					}
					return nil
				}
				return s.skip()
			}); err != nil || kind != Unknown {
				return stop
			}
			return nil
		}
		if kind != Unknown {
			return stop
		}
		return s.skip()
	})
	return kind
}

// clear-signed wrapper lines (RFC 4880 §7).
var (
	sigBegin = []byte("-----BEGIN PGP SIGNED MESSAGE-----")
	sigMid   = []byte("\n-----BEGIN PGP SIGNATURE-----")
	sigEnd   = []byte("\n-----END PGP SIGNATURE-----")
)

// signedBody reports whether data starts as a clear-signed message (the
// BEGIN PGP SIGNED MESSAGE line, after blank space) and, if so, where its
// signed text starts: after the first empty line, which ends the armor
// headers (Hash: SHA512). A line of white space alone is empty, as GnuPG
// reads it and as Spack's pattern (Hash: X, white space, the text) does.
// It needs only the head of the message: a message whose headers never
// end is not one.
func signedBody(data []byte) (int, bool) {
	t := bytes.TrimLeft(data, " \t\r\n")
	if !bytes.HasPrefix(t, sigBegin) {
		return 0, false
	}
	off := len(data) - len(t)
	for i := len(sigBegin); i < len(t); {
		nl := bytes.IndexByte(t[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
		rest := t[i:]
		if end := bytes.IndexByte(rest, '\n'); end >= 0 && blankLine(rest[:end]) {
			return off + i + end + 1, true
		}
	}
	return 0, false
}

// blankLine reports whether line (without its newline) is white space
// alone: spaces, tabs, a carriage return.
func blankLine(line []byte) bool {
	return len(bytes.Trim(line, " \t\r")) == 0
}

// unwrapSigned returns the JSON inside a clear-signed message, or data
// when it is not one. A message without its signature block, or whose
// armor headers never end (headersNeverEnd), is an error: the file was
// cut short.
func unwrapSigned(file string, data []byte) ([]byte, error) {
	body, ok := signedBody(data)
	if !ok {
		if t := bytes.TrimLeft(data, " \t\r\n"); bytes.HasPrefix(t, sigBegin) || len(t) >= len("-----B") && bytes.HasPrefix(sigBegin, t) {
			return nil, headersNeverEnd(file, data, len(data)-len(t))
		}
		if CutSigned(file, data) || SignedStart(file, data) {
			line, col := lineCol(data, len(data))
			msg := "a clear-signed " + signedKind(file) + " that ends within its first line (the start of -----BEGIN PGP SIGNED MESSAGE-----, and no more): the file is cut short"
			if string(bytes.TrimLeft(data, " \t\r\n")) == "---" && !CutSigned(file, data) {
				// Named otherwise than a signed file, "---" starts a
				// package page's front matter as well.
				msg = "the file ends within its first line, ---: the start of a clear-signed Spack file's -----BEGIN PGP SIGNED MESSAGE-----, or of a package page's front matter, and no more: the file is cut short"
			}
			return nil, &Error{File: file, Line: line, Col: col, Path: "(signature)", Msg: msg}
		}
		return data, nil
	}
	// Spack's pattern finds the message at a line's start only: one
	// indented is no signed message to it, and the file no JSON.
	if at := bytes.Index(data, sigBegin); at > 0 && data[at-1] != '\n' {
		line, col := lineCol(data, at)
		return nil, &Error{File: file, Line: line, Col: col, Path: "(signature)",
			Msg: "-----BEGIN PGP SIGNED MESSAGE----- does not start its line: Spack finds a clear-signed message only at the start of a line, and would read nothing from this " + signedKind(file)}
	}
	// The headers first: when no empty line ends them before the signed
	// text, the first empty line is the signature's own, and the
	// signature is then nowhere after it: that is no file cut short.
	if err := checkArmorHeaders(file, data, body); err != nil {
		return nil, err
	}
	kind := signedKindOf(file, data[body:])
	j := bytes.Index(data[body-1:], sigMid)
	if j < 0 {
		line, col := lineCol(data, len(data))
		return nil, &Error{File: file, Line: line, Col: col, Path: "(signature)",
			Msg: "a clear-signed " + kind + " without its signature (no line -----BEGIN PGP SIGNATURE----- after the signed JSON): the file is cut short"}
	}
	j += body - 1
	if err := checkAfterSignature(file, kind, data, j+len(sigMid)); err != nil {
		return nil, err
	}
	// Keep the offsets of the original for line numbers: blank out the
	// wrapper rather than slicing it off.
	out := slices.Clone(data)
	for k := 0; k < body; k++ {
		if out[k] != '\n' {
			out[k] = ' '
		}
	}
	for k := j; k < len(out); k++ {
		if out[k] != '\n' {
			out[k] = ' '
		}
	}
	return out, nil
}

// headersNeverEnd is the error for a file whose text, from offset begin,
// is a BEGIN PGP SIGNED MESSAGE line (or the start of one, the whole
// file) with no empty line after it to end
// the armor headers (signedBody): a signed spec file cut short within
// its headers, one whose signed text follows its Hash header without
// the empty line, or one whose lines end with a carriage return alone,
// which are no lines to GnuPG. Read as JSON, it was refused at its first
// dash as "not a number".
func headersNeverEnd(file string, data []byte, begin int) error {
	line, col := lineCol(data, len(data))
	msg := "a clear-signed " + signedKind(file) + " whose armor headers never end (no empty line after -----BEGIN PGP SIGNED MESSAGE----- and its Hash header, before the signed JSON): the file is cut short"
	// The lines end with CR alone when the first line, up to its line
	// feed or the text's end, holds a carriage return before more text:
	// one that ends the text is no line ending of its own (a CRLF file
	// cut between its CR and LF, "...MESSAGE-----\r", was told to end
	// its lines with a line feed), and headers ended by CR alone above a
	// body of LF lines were told they have no empty line after them.
	first := data[begin:]
	if nl := bytes.IndexByte(first, '\n'); nl >= 0 {
		first = first[:nl]
	}
	switch rest := data[begin:]; {
	case bytes.IndexByte(bytes.TrimRight(first, "\r"), '\r') >= 0:
		line, col = lineCol(data, begin)
		msg = "a clear-signed message whose lines end with a carriage return alone, which are no lines to GnuPG: write them ending with a line feed (CRLF or LF)"
	case bytes.Contains(rest, sigMid[1:]):
		line, col = lineCol(data, begin)
		msg = "a clear-signed message with no empty line between its armor headers and the signed JSON, which GnuPG does not read as a signed message (it writes the empty line): the signed text starts after it"
	}
	return &Error{File: file, Line: line, Col: col, Path: "(signature)", Msg: msg}
}

// CutSigned reports whether data, in a file whose name says it is
// clear-signed (a *.sig, as Spack names a signed spec file) or a manifest
// (which Spack signs, and whose JSON never starts with a dash), is the
// start of a clear-signed message's first line alone, after blank space:
// one to five dashes, which unwrapSigned takes for the first line from
// its sixth byte on. Read as JSON, such a file was "not a number" or
// "invalid character '-' in numeric literal"; read as a package page,
// "---" had front matter never closed.
func CutSigned(file string, data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 || len(t) >= len("-----B") || !bytes.HasPrefix(sigBegin, t) {
		return false
	}
	base := file[strings.LastIndexAny(file, `/\:`)+1:]
	return strings.HasSuffix(base, ".sig") || strings.HasSuffix(base, ".manifest.json")
}

// SignedStart reports whether data, in a file whose name says nothing
// of its kind (standard input's: the loader judges it by content
// alone), is the start of a clear-signed message cut short: after blank
// space, the whole of -----BEGIN PGP SIGNED MESSAGE----- and what
// follows, or at least three bytes of it and no more ("---", which
// starts a package page too, unless the name is a page's, *.md). The
// page decoder, which took it, said "---" had front matter never
// closed and the rest had no front matter; unwrapSigned says where it
// is cut.
func SignedStart(file string, data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	base := file[strings.LastIndexAny(file, `/\:`)+1:]
	switch {
	case strings.Contains(base, "."):
		return false // a name that says a kind: the decoders judge it by it
	case bytes.HasPrefix(t, sigBegin):
		return true
	}
	return len(t) >= 3 && len(t) < len(sigBegin) && bytes.HasPrefix(sigBegin, t)
}

// signedKind names the kind of file that file's name says, for the
// messages of its clear-signed armour: Spack signs spec files and spec
// manifests, and the same armour is read around an index manifest or any
// file given, which a message names as what it is. "file" when the name
// says none.
func signedKind(file string) string {
	base := file[strings.LastIndexAny(file, `/\:`)+1:]
	switch {
	case strings.HasSuffix(base, "index.manifest.json"):
		return "index manifest"
	case strings.HasSuffix(base, ".spec.manifest.json"):
		return "spec manifest"
	case strings.HasSuffix(base, ".manifest.json"):
		return "manifest"
	case strings.HasSuffix(base, ".spec.json.sig") || strings.HasSuffix(base, ".spec.json"):
		return "spec file"
	case strings.HasPrefix(base, "index.") && strings.Contains(base, ".json"):
		return "index"
	case strings.HasSuffix(base, ".lock"):
		return "lockfile"
	}
	return "file"
}

// signedKindOf is signedKind, or where the name says none (standard
// input's) the kind that the signed text, body, starts as: a spec file
// cut short named neither the kind of file nor the file ("a clear-signed
// message without its signature").
func signedKindOf(file string, body []byte) string {
	if kind := signedKind(file); kind != "file" {
		return kind
	}
	if k := Sniff(body); k != Unknown {
		return k.String()
	}
	return "file"
}

// textBeforeSigned returns an error when data, which is no clear-signed
// message from its start, has the BEGIN PGP SIGNED MESSAGE line further
// down, at the start of a line: Spack's pattern finds the message there,
// and what is above it would be lost (named by its first byte, it was
// "not null" for a note, "a number" for JSON). nil otherwise.
func textBeforeSigned(file string, data []byte) error {
	for at := 0; ; {
		k := bytes.Index(data[at:], sigBegin)
		if k < 0 {
			return nil
		}
		at += k
		if at > 0 && data[at-1] == '\n' && spackFinds(data[at+len(sigBegin):]) {
			l, _ := lineCol(data, at)
			return &Error{File: file, Line: 1, Col: 1, Path: "(signature)",
				Msg: fmt.Sprintf("text before -----BEGIN PGP SIGNED MESSAGE----- (line %d): a clear-signed %s starts with that line, and what is above it would be lost", l, signedKind(file))}
		}
		at += len(sigBegin)
	}
}

// spackFinds says whether rest, what follows a BEGIN PGP SIGNED MESSAGE
// line's dashes, is a message to Spack's pattern: white space, Hash:,
// white space, a value, white space, a character at least, then text up
// to a BEGIN PGP SIGNATURE line ("\s+Hash:\s+[^\s]+\s+(.+)-----BEGIN PGP
// SIGNATURE-----"). A BEGIN line without them is no message Spack reads.
// The pattern is searched in a Python str, whose \s is pySpace.
func spackFinds(rest []byte) bool {
	t := bytes.TrimLeftFunc(rest, pySpace)
	if len(t) == len(rest) || !bytes.HasPrefix(t, []byte("Hash:")) {
		return false
	}
	u := bytes.TrimLeftFunc(t[len("Hash:"):], pySpace)
	if len(u) == len(t)-len("Hash:") {
		return false
	}
	end := bytes.IndexFunc(u, pySpace)
	if end <= 0 {
		return false
	}
	// \s+ takes the white space character at end, and (.+) the one
	// after it, at least.
	_, n := utf8.DecodeRune(u[end:])
	after := u[end+n:]
	if len(after) == 0 {
		return false
	}
	_, m := utf8.DecodeRune(after)
	return bytes.Contains(after[m:], sigMid[1:])
}

// pySpace says whether r is white space to \s in a Python 3 str pattern
// (str.isspace): Unicode's white space and the separators U+001C to
// U+001F.
func pySpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// checkArmorHeaders checks the armor headers of a clear-signed message
// whose signed text starts at offset body: each line between the BEGIN
// PGP SIGNED MESSAGE line and the empty line that ends them is a header,
// "Key: value" (Hash: SHA512). The text before that empty line is no part
// of the signed message, and was dropped without a word: a spec written
// there (Spack reads it, and fails on the JSON that follows) is an error
// at its line.
//
// Spack reads the signed text by a pattern, -----BEGIN PGP SIGNED
// MESSAGE-----, Hash:, one value, then the text: a header other than one
// Hash of one value (Charset: UTF-8, a second Hash, "Hash: SHA256,
// SHA512"), or none, puts a line before the JSON it reads, and Spack
// refuses the file. Each is an error here too, at its line.
func checkArmorHeaders(file string, data []byte, body int) error {
	begin := bytes.Index(data, sigBegin)
	at := begin + len(sigBegin)
	at += bytes.IndexByte(data[at:], '\n') + 1
	first := at
	hashes := 0
	fail := func(at int, msg string) error {
		l, c := lineCol(data, at)
		return &Error{File: file, Line: l, Col: c, Path: "(signature)", Msg: msg}
	}
	spackReads := "Spack reads a signed " + signedKind(file) + " as -----BEGIN PGP SIGNED MESSAGE-----, one header Hash: NAME, then the JSON"
	for at < body {
		nl := bytes.IndexByte(data[at:body], '\n')
		if nl < 0 {
			break
		}
		line := bytes.TrimSuffix(data[at:at+nl], []byte("\r"))
		switch {
		case blankLine(line):
		case !armorHeader(line):
			return fail(at, "a line among the clear-signed message's armor headers that is no header (Key: value): the signed text starts after the first empty line, so the content above it would be lost")
		case !bytes.HasPrefix(line, []byte("Hash: ")):
			key, _, _ := bytes.Cut(line, []byte(":"))
			return fail(at, fmt.Sprintf("an armor header %s: %s, and would take this line for the JSON and refuse the file", safeKey(key), spackReads))
		case hashes > 0:
			return fail(at, "a second Hash header: "+spackReads+", and would take this line for the JSON and refuse the file")
		case bytes.ContainsAny(bytes.TrimSpace(line[len("Hash: "):]), " \t"):
			return fail(at, "a Hash header of several values: "+spackReads+" (one value), and would take the others for the JSON and refuse the file")
		default:
			hashes++
		}
		at += nl + 1
	}
	if hashes == 0 {
		return fail(first, "no Hash header: "+spackReads+", and refuses a file without one")
	}
	return nil
}

// safeKey quotes an armor header's key (letters, digits and dashes, as
// armorHeader checked) for a message.
func safeKey(key []byte) string { return strconv.Quote(string(key)) }

// armorHeader reports whether line is an armor header, "Key: value": a
// key of letters, digits and dashes, a colon and a space.
func armorHeader(line []byte) bool {
	k := bytes.Index(line, []byte(": "))
	if k <= 0 {
		return false
	}
	for _, c := range line[:k] {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// checkAfterSignature checks the end of a clear-signed message whose
// signature block starts before offset from: the block must end (a line
// -----END PGP SIGNATURE-----), and nothing but white space may follow
// it. Spack reads the first message and drops the rest; a second signed
// message, or trailing data, would be lost without a word, so either is
// an error at the line where it starts. kind is what the file is
// (signedKindOf).
func checkAfterSignature(file, kind string, data []byte, from int) error {
	k := bytes.Index(data[from:], sigEnd)
	if k < 0 {
		line, col := lineCol(data, len(data))
		return &Error{File: file, Line: line, Col: col, Path: "(signature)",
			Msg: "a clear-signed " + kind + " whose signature never ends (no line -----END PGP SIGNATURE-----): the file is cut short"}
	}
	end := from + k + len(sigEnd)
	lineEnd := len(data)
	if nl := bytes.IndexByte(data[end:], '\n'); nl >= 0 {
		lineEnd = end + nl
	}
	// The END line is the dashes alone (GnuPG takes trailing white
	// space only): text after them on the line is no part of the armor,
	// and was dropped without a word.
	// (A second BEGIN PGP SIGNATURE there has its own error, below.)
	if t := bytes.TrimLeft(data[end:lineEnd], " \t\r"); len(t) > 0 && !bytes.Contains(t, sigMid[1:]) {
		line, col := lineCol(data, lineEnd-len(t))
		return &Error{File: file, Line: line, Col: col, Path: "(signature)",
			Msg: "text after -----END PGP SIGNATURE----- on its line: the line ends the clear-signed message, and what follows it would be lost"}
	}
	end = min(lineEnd+1, len(data))
	// Spack's pattern reads the signed text up to the last BEGIN PGP
	// SIGNATURE, wherever it stands: a second one puts the first, and the
	// signature up to it, in the JSON it reads, and Spack refuses the
	// file (GnuPG too).
	if k := bytes.Index(data[from:end], sigMid[1:]); k >= 0 {
		line, col := lineCol(data, from+k)
		return &Error{File: file, Line: line, Col: col, Path: "(signature)",
			Msg: "a second -----BEGIN PGP SIGNATURE----- in the signature: Spack reads the signed text up to the last one, which puts the first in the JSON, and refuses the file"}
	}
	rest := bytes.TrimLeft(data[end:], " \t\r\n")
	if len(rest) == 0 {
		return nil
	}
	at := len(data) - len(rest)
	line, col := lineCol(data, at)
	msg := "data after the signature, which ends the clear-signed message: a signed " + signedKind(file) + " holds one message"
	if bytes.HasPrefix(rest, sigBegin) {
		msg = "a second clear-signed message after the first one's signature: a signed " + signedKind(file) + " holds one message"
	}
	return &Error{File: file, Line: line, Col: col, Path: "(signature)", Msg: msg}
}

// Decode reads one Spack file: a build-cache index, a lockfile or a spec
// file, recognised by content, gzip'd or not, with a UTF-8 byte order
// mark or not (UTF-16 is an error that says so; line numbers are those
// of the inflated text). file names it in messages. An unknown or
// unsupported format version is an error that lists the supported ones;
// a malformed value is an error naming its line, column and JSON path.
func Decode(file string, data []byte) (_ *Set, err error) {
	data, err = plainText(file, data)
	if err != nil {
		return nil, err
	}
	text := int64(len(data))
	data, err = unwrapSigned(file, data)
	if err != nil {
		return nil, err
	}
	d := newDecoder(file, data)
	defer d.release()
	defer func() {
		// Looked for once the file failed, not before: an index is
		// hundreds of MB, and read here by the scanner's reference
		// (kept until the file is decoded), not data's, which the
		// decoding lets go.
		if err != nil {
			if e := textBeforeSigned(file, d.s.data); e != nil {
				err = e
			}
		}
	}()
	d.initSlabs(len(data))
	d.s.intern = internPool.Get().(map[string]string)
	// The table of hashes, sized for a node per KiB (an index's records
	// take about 1.5 KiB each): grown from empty, it rehashed its keys,
	// spread over memory, at every doubling.
	d.s.hashes.sized(len(data) / 1024)
	defer func() { internPool.Put(d.s.intern) }()
	if d.s.peek() != '{' {
		return nil, d.s.want("a JSON object (a Spack index, lockfile or spec file)")
	}
	var seen uint32
	err = d.s.object(func(key []byte) error {
		if string(key) == "_meta" {
			return d.topMeta(&seen, key)
		}
		if err := d.s.once(&seen, key, "database", "spec", "roots", "concrete_specs"); err != nil {
			return err
		}
		if d.metaErr != nil && (string(key) == "roots" || string(key) == "concrete_specs") {
			return d.metaErr // a lockfile's: as it was found
		}
		switch string(key) {
		case "database":
			if err := d.kind(Index, key); err != nil {
				return err
			}
			return d.database()
		case "spec":
			if err := d.kind(SpecFile, key); err != nil {
				return err
			}
			return d.specBody()
		case "roots":
			if err := d.kind(Lockfile, key); err != nil {
				return err
			}
			return d.roots()
		case "concrete_specs":
			if err := d.kind(Lockfile, key); err != nil {
				return err
			}
			if d.lockVersion == 0 {
				return d.defer_(d.concreteSpecs)
			}
			return d.concreteSpecs()
		case "include_concrete":
			d.warnf(0, "include_concrete (specs of included environments) is not read")
			return d.s.skip()
		}
		return d.s.skip()
	})
	if err == nil && (d.set.Kind == Lockfile || d.set.Kind == Unknown) {
		// A file of a _meta alone is read as a lockfile's: what is
		// wrong with it says more than "no database, spec or
		// concrete_specs key" (a lockfile version 9 names the versions
		// read).
		err = d.metaErr
	}
	if err == nil {
		err = d.runDeferred()
	}
	if err == nil {
		err = d.s.end()
	}
	if err != nil {
		return nil, err
	}
	if d.set.Kind == Unknown {
		return nil, &Error{File: file, Line: 1, Col: 1, Path: "(top level)", Msg: "not a Spack index, lockfile or spec file: no database, spec or concrete_specs key"}
	}
	if d.set.Kind == Lockfile {
		if err := d.checkLockVersion(); err != nil {
			return nil, err
		}
		if err := d.checkRoots(); err != nil {
			return nil, err
		}
		if err := d.checkDeps(); err != nil {
			return nil, err
		}
	}
	// The bytes are read: the nodes hold copies of what they keep, and
	// finishing needs none of them. Let go here, the scanner no longer
	// keeps them alive while the edges resolve and the nodes sort, where
	// the decoding holds the most (issue 35 item 19).
	d.s.data = nil
	d.finish()
	d.set.Text = text
	if highWater != nil {
		highWater()
	}
	return d.set, nil
}

// decoderPool holds decoders and their scanners for reuse, file after
// file: a decoder is some 2 KB (a parameters object's keys are kept in
// it), which a folder of thousands of small spec files allocated once
// each, more than the file's own bytes (issue 35, item 8).
var decoderPool = sync.Pool{New: func() any { return &decoder{s: &scanner{}} }}

// newDecoder returns a decoder of data, from decoderPool: as new but for
// the room its scanner's path has.
func newDecoder(file string, data []byte) *decoder {
	d := decoderPool.Get().(*decoder)
	s := d.s
	*s = scanner{file: file, data: data, hashNext: 8, path: s.path[:0]}
	*d = decoder{s: s, file: file, set: &Set{}}
	return d
}

// release gives d back to decoderPool, holding nothing of its file: what
// its nodes keep (slabs, strings) is theirs, and d's reuse never carves
// into it.
func (d *decoder) release() {
	s := d.s
	*s = scanner{path: s.path[:0]} // a path holds no pointer
	*d = decoder{s: s}
	decoderPool.Put(d)
}

// highWater, when set (by tests), is called where a decoding holds the
// most: every node read and resolved, the hash table not yet dropped.
var highWater func()

type decoder struct {
	s    *scanner
	file string
	set  *Set
	// defaults
	lockVersion int
	specVersion int32 // the file's spec format, when it says
	deferred    []deferredValue
	missing     int      // dependencies not in the file (missingDep)
	missingLine int      // the line of the first beyond mostMissing
	renamed     int      // dependencies named for another package than their spec's (otherName)
	renamedLine int      // the line of the first beyond mostMissing
	dagOf       []string // a lockfile: each spec's own hash, by its place in Nodes ("" for its key; dag.go)
	rootAt      []int    // a lockfile: where each root's hash is
	// line counting
	linePos, line int
	// slabs and scratch (node.go)
	valueEnds  []int // where each value of a list variant ends in its spelling (parameters)
	nodeSlab   []Node
	detailSlab []Detail
	pendSlab   []pending
	depBlock   []Dep
	hashBlock  []*hashRef
	strs       []string
	varScratch []string
	varChunks  [][]string // full varScratch lists of a node of many variants (addVariant)
	varSized   bool       // varScratch is the node's list, sized for every member of its parameters (addVariant)
	varSlab    []byte     // the bytes of a node of many variants' variants past the intern table (variantString)
	refScratch []depRef
	refChunks  [][]depRef // full refScratch lists of a node of many dependencies (addRef)
	keys       keySet     // a parameters object's keys, or a dependencies object's names
	kindKey    string     // the top-level key that told the file's kind (kind)
	metaErr    error      // what is wrong with a top-level _meta read before the kind was known (topMeta)
	// the next blocks' sizes
	nodeNext, depNext, strNext, detailNext int
	edges                                  int // the edges carved out of blocks so far (depSlab)
	// arches are the Details that nodes of an arch alone share, by their
	// OS, platform and target (setArch).
	arches map[[3]string]*Detail
}

// depRef is a dependency as written, before its hash is resolved.
type depRef struct {
	name     string
	refs     [3]*hashRef // hash, build_hash, full_hash: the first that names a node wins
	types    []string
	virtuals []string
}

// deferredValue is a big value met before the version that says how to
// read it: it is skipped and read once the enclosing object is done.
type deferredValue struct {
	pos  int
	path []pathElem
	fn   func() error
}

func (d *decoder) defer_(fn func() error) error {
	d.deferred = append(d.deferred, deferredValue{pos: d.s.pos, path: slices.Clone(d.s.path), fn: fn})
	return d.s.skip()
}

func (d *decoder) runDeferred() error {
	for len(d.deferred) > 0 {
		v := d.deferred[0]
		d.deferred = d.deferred[1:]
		pos, path := d.s.pos, d.s.path
		d.s.pos, d.s.path = v.pos, v.path
		if err := v.fn(); err != nil {
			return err
		}
		d.s.pos, d.s.path = pos, path
	}
	return nil
}

// lineAt returns the line of byte offset off, counting forward from the
// last call (offsets come in increasing order, except after a deferral).
func (d *decoder) lineAt(off int) int {
	if off < d.linePos || d.line == 0 {
		d.linePos, d.line = 0, 1
	}
	d.line += bytes.Count(d.s.data[d.linePos:off], []byte{'\n'})
	d.linePos = off
	return d.line
}

// warnf adds a warning; its string arguments are clipped (clipArgs).
func (d *decoder) warnf(line int, format string, args ...any) {
	d.set.Warnings = append(d.set.Warnings, Warning{File: d.file, Line: line, Message: fmt.Sprintf(format, clipArgs(args)...)})
}

// version reads a format version written as a number or a string.
func (d *decoder) version() (int, error) {
	c := d.s.peek()
	var text []byte
	var err error
	if c == '"' {
		text, err = d.s.rawString()
	} else if c == '-' || c >= '0' && c <= '9' {
		text, err = d.s.literal()
	} else {
		return 0, d.s.want("a version number")
	}
	if err != nil {
		return 0, err
	}
	v, perr := strconv.Atoi(strings.TrimSpace(string(text)))
	if perr != nil {
		return 0, d.s.errf("bad version %s", clipped(quoted(string(text))))
	}
	return v, nil
}

// lockfileVersion reads a lockfile's version: a number of a whole value.
// Spack looks its reader up by the number (READER_CLS[v]), and in Python
// 6.0 finds 6's: 6.0 and 6e0 are 6, where 6.5 finds none.
func (d *decoder) lockfileVersion() (int, error) {
	if c := d.s.peek(); c != '-' && (c < '0' || c > '9') {
		return d.version() // its error
	}
	start := d.s.pos
	text, err := d.s.literal()
	if err != nil {
		return 0, err
	}
	if v, err := strconv.Atoi(string(text)); err == nil {
		return v, nil
	}
	f, _ := strconv.ParseFloat(string(text), 64)
	switch {
	case math.IsInf(f, 0) || f != math.Trunc(f):
		return 0, d.s.errAt(start, "lockfile version %s is not a whole number: Spack has no reader for it, and refuses the lockfile", text)
	case f < MinLockfile || f > MaxLockfile:
		return 0, d.s.errAt(start, "lockfile version %s is not supported (cachediff reads versions %d to %d)", text, MinLockfile, MaxLockfile)
	}
	return int(f), nil
}

// specFileVersion reads a spec file's _meta.version as Spack does,
// int(data["spec"]["_meta"]["version"]): a number is cut toward zero
// (4.0, 4e0 and 4.5 are 4), a string is a whole number ("4").
func (d *decoder) specFileVersion() (int, error) {
	if c := d.s.peek(); c != '-' && (c < '0' || c > '9') {
		return d.version() // a string, or its error
	}
	start := d.s.pos
	text, err := d.s.literal()
	if err != nil {
		return 0, err
	}
	v, ok := pythonInt(string(text))
	if !ok {
		return 0, d.s.errAt(start, "spec format version %s is no number Spack reads (its int() of it fails)", text)
	}
	return v, nil
}

// pythonInt is Python's int() of a JSON number as Python's json reads it:
// a whole number, or a float cut toward zero; false when it is none, or
// out of range (json reads 1e400 as inf, whose int() raises).
func pythonInt(text string) (int, bool) {
	if v, err := strconv.Atoi(text); err == nil {
		return v, true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || math.Abs(f) >= 1<<31 {
		return 0, false
	}
	return int(f), true
}

// SpecFileVersion reads raw, the JSON value of a spec file's
// _meta.version, as Spack does (int() of it): a number cut toward zero,
// or a string of a whole number. A string is quoted in the error as a
// spec file's own is (quoted: clipped, in ASCII, so that a fullwidth
// "５" reads as other than the 5 Spack reads), and a value of another
// kind is named by its kind (kindName): the raw text cut to 40 bytes put
// a list's or an object's newlines in the message ([1,\n"::error::x"], a
// line of its own), a string's U+202E as it is, and cut a character in
// two.
func SpecFileVersion(raw []byte) (int, error) {
	text := strings.TrimSpace(string(raw))
	if s, err := strconv.Unquote(text); err == nil && strings.HasPrefix(text, `"`) {
		if v, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
			return v, nil
		}
		return 0, fmt.Errorf("bad version %s: Spack reads a string version as a whole number", quoted(s))
	}
	if v, ok := pythonInt(text); ok {
		return v, nil
	}
	if text != "" && text[0] != '-' && (text[0] < '0' || text[0] > '9') {
		return 0, fmt.Errorf("bad version: want a number, not %s", kindName(text[0]))
	}
	return 0, fmt.Errorf("bad version %s: want a number", clip(text)) // a JSON number: no quote, no space
}

// specFormat reads a spec format's version (Node.SpecFormat).
func (d *decoder) specFormat() (int32, error) {
	v, err := d.version()
	if err == nil && (v < math.MinInt32 || v > math.MaxInt32) {
		err = d.s.errf("bad spec format version %d", v)
	}
	return int32(v), err
}

func unsupported(what string, v, lo, hi int) string {
	return fmt.Sprintf("%s version %d is not supported (cachediff reads versions %d to %d)", what, v, lo, hi)
}

// kind records that the document is a file of kind k, as its top-level
// key says, and is an error when an earlier key said another kind: Spack
// reads a file as the one it stands for (an index's database, a spec
// file's spec, a lockfile's roots and concrete_specs) and drops the
// other keys without a word, where the decoder would read the union (an
// index that lost curl, with curl in a spec beside its database, would
// compare as unchanged).
func (d *decoder) kind(k Kind, key []byte) error {
	if d.set.Kind != Unknown && d.set.Kind != k {
		return d.s.errf("key %q of a %s follows key %q of a %s; a file is one or the other, and Spack would read only the one it stands for", key, k, d.kindKey, d.set.Kind)
	}
	if d.set.Kind == Unknown {
		d.kindKey = string(key)
	}
	d.set.Kind = k
	return nil
}

// database reads {"version": N, "installs": {...}}.
func (d *decoder) database() error {
	dbVersion := 0
	var seen uint32
	err := d.s.object(func(key []byte) error {
		if err := d.s.once(&seen, key, "version", "installs"); err != nil {
			return err
		}
		switch string(key) {
		case "version":
			start := d.s.pos
			v, err := d.version()
			if err != nil {
				return err
			}
			if v < MinDatabase || v > MaxDatabase {
				d.s.ws()
				return d.s.errAt(start, "%s", unsupported("database", v, MinDatabase, MaxDatabase))
			}
			dbVersion = v
			d.set.Version = v
			// Database 6 wrote spec format 2 or 3, 7 wrote 4, 8 and 9
			// write 5 (a node may say otherwise in its annotations).
			switch {
			case v <= 6:
				d.specVersion = 3
			case v == 7:
				d.specVersion = 4
			default:
				d.specVersion = 5
			}
			return nil
		case "installs":
			if dbVersion == 0 {
				return d.defer_(d.installs)
			}
			return d.installs()
		}
		return d.s.skip()
	})
	if err != nil {
		return err
	}
	if dbVersion == 0 {
		return d.s.errf("database has no version (cachediff reads versions %d to %d)", MinDatabase, MaxDatabase)
	}
	return nil
}

// emptyKey is the error of a record or a concrete spec keyed by an empty
// hash: its key is its spec's hash, which a dependency on that spec names.
const emptyKey = "a spec keyed by an empty hash (a key is its spec's hash)"

// installs reads the records of an index: {hash: {spec, in_buildcache, ...}}.
func (d *decoder) installs() error {
	var other otherHashes
	err := d.s.object(func(key []byte) error {
		if len(key) == 0 {
			return d.s.errf("%s", emptyKey)
		}
		ref := d.s.internHash(key)
		id := ref.s
		d.s.ws()
		at := d.s.pos
		line := d.lineAt(at)
		var n *Node
		inCache := false
		var seen uint32
		err := d.s.object(func(k []byte) error {
			var err error
			switch string(k) {
			case "spec":
				if err = d.s.twice(&seen, 1<<0, k); err == nil {
					n, err = d.node(line)
				}
				return err
			case "in_buildcache":
				if err = d.s.twice(&seen, 1<<1, k); err == nil {
					inCache, err = d.s.boolean()
				}
				return err
			}
			return d.s.skip()
		})
		if err != nil {
			return err
		}
		if n == nil {
			return d.s.errf("record %s has no spec", shown(id))
		}
		// Spack writes the record's key over its spec's hash before it
		// reads the spec (Database._read_spec_from_dict) and finds a
		// dependency by the key alone (query_by_spec_hash): a spec
		// that says another hash is the spec of its key, and its own
		// hash names nothing. Said, as Spack does not (once for the
		// file: a warning each held more than the record's bytes).
		if n.Hash != "" && n.Hash != id {
			other.note(line, id, n)
			n.Hash = ""
		}
		return d.add(n, ref, inCache, at)
	})
	if err == nil {
		other.warn(d, "record", "Spack reads a spec under its record's key, as cachediff does")
	}
	return err
}

// otherHashes gathers the records of a file whose node writes another
// hash than their key, for one warning: how many, the first's line and
// hashes, the first names, each shown as the errors show them (a name
// "a, b" read as two between the list's commas).
type otherHashes struct {
	count, line int
	key, own    string
	names       []string
}

// note counts record key, whose node n writes another hash.
func (o *otherHashes) note(line int, key string, n *Node) {
	if o.count == 0 {
		o.line, o.key, o.own = line, shown(key), shown(n.Hash)
	}
	if o.count++; len(o.names) < 6 {
		o.names = append(o.names, shown(n.Name))
	}
}

// warn says, when there are any, how many records (what: "record",
// "concrete spec") write another hash than their key, then how the file
// is read.
func (o *otherHashes) warn(d *decoder, what, read string) {
	if o.count == 0 {
		return
	}
	names := o.names
	if o.count > len(names) {
		names = append(names[:5:5], "and "+strconv.Itoa(o.count-5)+" more")
	}
	head := "1 " + what + " is keyed by another hash than its spec writes"
	if o.count > 1 {
		head = strconv.Itoa(o.count) + " " + what + "s are keyed by other hashes than their specs write"
	}
	d.warnf(o.line, "%s (%s; the first keyed %s writes %s): %s", head, clipped(strings.Join(names, ", ")), clipped(o.key), clipped(o.own), read)
}

// topMeta reads a top-level _meta: a lockfile's (lockMeta). Spack reads
// a spec file's "spec" and an index's "database" alone, never a _meta
// beside them: one there is skipped, whatever it holds, and one before
// the key that tells the kind is read, what is wrong with it (a version
// that is a string, or out of range, or a _meta given twice) held back
// until the file proves a lockfile. Such a spec file was refused, "Spack
// refuses a lockfile whose version is a string".
func (d *decoder) topMeta(seen *uint32, key []byte) error {
	if d.set.Kind == SpecFile || d.set.Kind == Index {
		return d.s.skip()
	}
	start, depth := d.s.pos, len(d.s.path)
	// A bit of its own beside the other top-level keys' (once).
	dup := d.s.twice(seen, 1<<4, key)
	err := dup
	if err == nil {
		err = d.lockMeta()
	}
	if err == nil || d.set.Kind == Lockfile {
		return err
	}
	// A _meta given twice replaces what was wrong with the first: Spack
	// reads the last alone, so the first's version is not what refuses it.
	if d.metaErr == nil || dup != nil {
		d.metaErr = err
	}
	d.s.pos, d.s.path = start, d.s.path[:depth]
	return d.s.skip()
}

// lockMeta reads a lockfile's _meta.
func (d *decoder) lockMeta() error {
	var seen uint32
	return d.s.object(func(key []byte) error {
		// "specfile-version" may be given twice: Spack never reads it.
		if err := d.s.once(&seen, key, "lockfile-version"); err != nil {
			return err
		}
		switch string(key) {
		case "lockfile-version":
			start := d.s.pos
			if d.s.peek() == '"' {
				// Spack looks its reader up by the number (READER_CLS[v]):
				// a string finds none, and Spack refuses the lockfile.
				return d.s.want("a version number (Spack refuses a lockfile whose version is a string)")
			}
			v, err := d.lockfileVersion()
			if err != nil {
				return err
			}
			if v < MinLockfile || v > MaxLockfile {
				d.s.ws()
				return d.s.errAt(start, "%s", unsupported("lockfile", v, MinLockfile, MaxLockfile))
			}
			d.lockVersion = v
			d.set.Version = v
			return nil
		case "specfile-version":
			// Neither followed nor checked: Spack reads a lockfile's
			// specs with the reader of its lockfile-version
			// (environment.py, _read_lockfile_dict: READER_CLS) and never
			// looks at this key; concreteSpecs takes the format from
			// that version.
			return d.s.skip()
		}
		return d.s.skip()
	})
}

func (d *decoder) checkLockVersion() error {
	if d.lockVersion == 0 {
		return &Error{File: d.file, Line: 1, Col: 1, Path: "_meta.lockfile-version", Msg: fmt.Sprintf("lockfile has no version (cachediff reads versions %d to %d)", MinLockfile, MaxLockfile)}
	}
	return nil
}

// roots reads [{"hash": ..., "spec": ...}].
func (d *decoder) roots() error {
	return d.s.array(func(int) error {
		var r Root
		var seen uint32
		spec := false
		err := d.s.object(func(key []byte) error {
			if err := d.s.once(&seen, key, "hash", "spec"); err != nil {
				return err
			}
			var err error
			switch string(key) {
			case "hash":
				d.s.ws()
				d.rootAt = append(d.rootAt[:len(d.set.Roots)], d.s.pos)
				r.Hash, err = d.s.str()
			case "spec":
				spec = true
				// A spec holding a control character that is no
				// whitespace (NUL, \x01, an escape) is refused as
				// every string is (controlEscape).
				r.Spec, err = d.s.str()
			default:
				err = d.s.skip()
			}
			return err
		})
		if err != nil {
			return err
		}
		if r.Hash == "" {
			return d.s.errf("root has no hash")
		}
		if !spec {
			// Spack reads every root's spec as written (roots[i]["spec"])
			// and refuses a lockfile without one; the root was named by
			// its hash here, and read as removed and another added.
			return d.s.errf("root %s has no spec", shown(r.Hash))
		}
		d.set.Roots = append(d.set.Roots, r)
		return nil
	})
}

// concreteSpecs reads a lockfile's {key: node} (versions 5, 6) or
// {key: {name: node}} (versions 1 to 4).
func (d *decoder) concreteSpecs() error {
	if d.lockVersion == 0 {
		if err := d.checkLockVersion(); err != nil {
			return err
		}
	}
	// The spec format of the lockfile's version, as Spack reads it
	// (READER_CLS: lockfiles 1 to 3 are formats 1 and 2, 4 is 3, 5 is
	// 4, 6 is 5), whatever its "specfile-version" says.
	switch {
	case d.lockVersion <= 3:
		d.specVersion = 2
	case d.lockVersion == 4:
		d.specVersion = 3
	case d.lockVersion == 5:
		d.specVersion = 4
	default:
		d.specVersion = 5
	}
	var other otherHashes
	err := d.s.object(func(key []byte) error {
		if len(key) == 0 {
			return d.s.errf("%s", emptyKey)
		}
		ref := d.s.internHash(key)
		d.s.ws()
		at := d.s.pos
		line := d.lineAt(at)
		n, err := d.node(line)
		if err != nil {
			return err
		}
		// Spack takes a spec's identity from its node's hash, the key
		// only when it has none (_read_lockfile_dict: spec._hash), and
		// links the records by their keys: dagIdentity reads the file
		// so at every version. From version 4 Spack keys a spec by that
		// very hash; a record that says another was edited, and is
		// said (once for the file: a warning each held more than the
		// record's bytes).
		if d.lockVersion >= 4 && n.Hash != "" && n.Hash != ref.s {
			other.note(line, ref.s, n)
		}
		return d.add(n, ref, true, at)
	})
	if err == nil {
		other.warn(d, "concrete spec", "Spack reads a spec under the hash its node writes, as cachediff does")
	}
	return err
}

// specBody reads a spec file's {"_meta": {"version": N}, "nodes": [...]}.
func (d *decoder) specBody() error {
	if d.s.peek() == '[' {
		return d.s.errf("%s", "spec format 1 (a list of nodes without _meta) is not supported (cachediff reads spec formats 2 to 6)")
	}
	seenVersion := false
	var seen uint32
	err := d.s.object(func(key []byte) error {
		if err := d.s.once(&seen, key, "_meta", "nodes"); err != nil {
			return err
		}
		switch string(key) {
		case "_meta":
			var seenMeta uint32
			return d.s.object(func(k []byte) error {
				if string(k) != "version" {
					return d.s.skip()
				}
				if err := d.s.once(&seenMeta, k, "version"); err != nil {
					return err
				}
				start := d.s.pos
				v, err := d.specFileVersion()
				if err != nil {
					return err
				}
				if v < MinSpec || v > MaxSpec {
					d.s.ws()
					return d.s.errAt(start, "%s", unsupported("spec format", v, MinSpec, MaxSpec))
				}
				d.specVersion, d.set.Version, seenVersion = int32(v), v, true
				return nil
			})
		case "nodes":
			if !seenVersion {
				return d.defer_(d.specNodes)
			}
			return d.specNodes()
		}
		return d.s.skip()
	})
	if err != nil {
		return err
	}
	if !seenVersion {
		return d.s.errf("spec has no _meta.version (cachediff reads spec formats %d to %d)", MinSpec, MaxSpec)
	}
	return nil
}

// specNodes reads a spec file's nodes: the first is its root, the spec
// whose hash names the file and whose tarball the build cache holds
// (Spack reads the root of a spec file as the first node: spec.py,
// SpecfileReaderBase._load), and counts (Nodes); the others are its
// dependencies, written for reference, and are Others (Set.Whole counts
// them too).
func (d *decoder) specNodes() error {
	return d.s.array(func(i int) error {
		d.s.ws()
		at := d.s.pos
		n, err := d.node(d.lineAt(at))
		if err != nil {
			return err
		}
		if n.Hash == "" {
			return d.s.errf("node %s has no hash", shown(n.Name))
		}
		return d.add(n, d.s.internHash([]byte(n.Hash)), i == 0, at)
	})
}

// add files a node read at byte offset at under id, the hash of ref (the
// interned key it was read under), and the hashes it
// carries. An id that is a record's key wins over the same hash met as
// another node's alias. An id that is already a record's key is an error
// at the second record (docs/design.md, "Bad input": duplicate hashes or
// keys): Python's json, and so Spack, keeps the last of a key given
// twice, a reader that keeps the first differs from it, and neither can
// tell which record is right.
func (d *decoder) add(n *Node, ref *hashRef, counts bool, at int) error {
	id := ref.s
	if prev := ref.node; prev != nil && prev.Hash == id {
		return d.s.errAt(at, "hash %s is listed twice (%s at line %d and %s at line %d); a hash names one spec", shown(id), shown(prev.Name), prev.Line, shown(n.Name), n.Line)
	}
	own := n.Hash
	n.Hash = id
	ref.node = n
	if counts {
		d.noteDAG(n, own)
	}
	// A node's own hash names it too, but in a lockfile of version 4
	// on, where Spack links the records by their keys alone
	// (_read_lockfile_dict: specs_by_hash[dep_hash]) and refuses an edge
	// to another hash (checkDeps).
	if own != "" && own != id && d.lockVersion < 4 {
		m := d.pending(n)
		m.aliases = append(m.aliases, own)
	}
	if n.Detail != nil {
		for _, a := range n.aliasHashes() {
			if r := d.s.internHash([]byte(a)); r.node == nil {
				r.node = n
			}
		}
	}
	if counts {
		n.in = inNodes
		d.set.Nodes = append(d.set.Nodes, n)
	} else {
		n.in = inOthers
		d.set.Others = append(d.set.Others, n)
	}
	return nil
}

// lookup returns the node a hash names, or nil.
func (d *decoder) lookup(h string) *Node {
	if r := d.s.hashes.get(h); r != nil {
		return r.node
	}
	return nil
}
