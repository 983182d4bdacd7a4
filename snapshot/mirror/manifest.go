package mirror

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// ManifestVersion is the only manifest version Spack's layout v3 writes
// and reads.
const ManifestVersion = 3

// Manifest is a layout-v3 manifest: an index manifest
// (v3/manifests/index/index.manifest.json) or a spec manifest
// (v3/manifests/spec/<name>/<name>-<version>-<hash>.spec.manifest.json).
// Each entry names a blob by its checksum. Keys other than these are
// allowed and ignored, as Spack's schema allows them.
type Manifest struct {
	Version int     `json:"version"`
	Data    []Entry `json:"data"`
}

// Entry is one blob of a manifest.
type Entry struct {
	ContentLength     int64  `json:"contentLength"`
	MediaType         string `json:"mediaType"`
	Compression       string `json:"compression"`
	ChecksumAlgorithm string `json:"checksumAlgorithm"`
	Checksum          string `json:"checksum"`
}

// Media types of the blobs cachediff reads.
const (
	indexMediaPrefix = "application/vnd.spack.db.v"   // + N + "+json"
	specMediaPrefix  = "application/vnd.spack.spec.v" // + N + "+json"
	mediaSuffix      = "+json"
)

// DecodeManifest decodes a manifest: JSON, or a clear-signed message
// holding it (Spack signs spec manifests; the signature is not
// verified). Any version but 3 is refused, as Spack refuses it, and so is
// a manifest without data, an entry without one of its five fields or
// with null in one (Spack's schema refuses both), a checksum algorithm other
// than sha256, a checksum that is not 64 lower-case hex digits, a compression other
// than gzip or none, or a negative length. file names it in messages.
func DecodeManifest(file string, data []byte) (*Manifest, error) {
	text, err := spackfmt.Unwrap(file, data)
	if err != nil {
		return nil, err
	}
	// Read as Spack reads it, with Python's json: keys match exactly, and
	// the last of a key given twice wins. (Decoded into a struct, the keys
	// would match in any case: a "Data" beside "data" could name another
	// blob than the one Spack reads.)
	if !utf8.Valid(text) {
		// Spack reads it as UTF-8 text, and refuses it; Go's json would
		// read such a byte as U+FFFD. A file that ends inside a
		// character is cut short, as one cut anywhere else.
		// The first defect is told, as spackfmt tells it: broken JSON
		// before the byte; the file's end, when the text ends inside a
		// character and the JSON before it is cut short. Text before a
		// clear-signed message is told first, as for a manifest that is
		// UTF-8 (and as spackfmt tells it): its first byte is no JSON.
		if e := spackfmt.TextBeforeSigned(file, text); e != nil {
			return nil, e
		}
		at := notUTF8(text)
		var v json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(text[:at]))
		err := dec.Decode(&v)
		var se *json.SyntaxError
		switch {
		case err == nil:
			if rest := bytes.TrimLeft(text[dec.InputOffset():at], " \t\r\n"); len(rest) > 0 {
				return nil, fmt.Errorf("%s: %s: not a manifest: data after the JSON object", file, lineCol(text, at-len(rest)))
			}
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s: %s: not a manifest: %s", file, lineCol(text, int(se.Offset)-1), syntaxText(se, text))
		case (errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)) && !utf8.FullRune(text[at:]):
			// io.EOF: no JSON before the character (none, or white
			// space), cut as one cut after a byte of JSON is.
			return nil, fmt.Errorf("%s: %s: not a manifest: the JSON is cut short", file, lineCol(text, len(text)))
		}
		return nil, fmt.Errorf("%s: %s: not a manifest: not UTF-8 text", file, lineCol(text, at))
	}
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(text))
	if err := dec.Decode(&raw); err != nil {
		if e := spackfmt.TextBeforeSigned(file, text); e != nil {
			return nil, e
		}
		switch {
		case errors.Is(err, io.EOF):
			// Go's word for the end of the input.
			return nil, fmt.Errorf("%s: not a manifest: an empty file", file)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, fmt.Errorf("%s: %s: not a manifest: the JSON is cut short", file, lineCol(text, len(text)))
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// At the byte encoding/json stopped at, as the catalogue's
			// reader and spackfmt tell a syntax error.
			return nil, fmt.Errorf("%s: %s: not a manifest: %s", file, lineCol(text, int(se.Offset)-1), syntaxText(se, text))
		}
		return nil, fmt.Errorf("%s: %snot a manifest: %s", file, placed(text), typeText(err))
	}
	if rest := bytes.TrimLeft(text[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		// Not dec.More, which says false at a '}' or a ']' as at the end:
		// Spack's json.loads refuses any data after the document. A
		// clear-signed message after it is text before that message.
		if e := spackfmt.TextBeforeSigned(file, text); e != nil {
			return nil, e
		}
		return nil, fmt.Errorf("%s: %s: not a manifest: data after the JSON object", file, lineCol(text, len(text)-len(rest)))
	}
	if raw == nil {
		return nil, fmt.Errorf("%s: not a manifest: null", file)
	}
	vText, ok := raw["version"]
	if !ok {
		return nil, fmt.Errorf("%s: a manifest without a version (want %d)", file, ManifestVersion)
	}
	var version int
	if err := notNull(vText, &version); err != nil {
		return nil, fmt.Errorf("%s: %sversion: %s", file, placed(text, "version"), typeText(err))
	}
	if version != ManifestVersion {
		return nil, fmt.Errorf("%s: %smanifest version %d is not supported (Spack's layout v3 writes version %d)", file, placed(text, "version"), version, ManifestVersion)
	}
	d, ok := raw["data"]
	if !ok {
		// Spack's schema requires it: a manifest without it is refused,
		// not one that lists no blob.
		return nil, fmt.Errorf("%s: a manifest without data (want a list of blobs)", file)
	}
	var entries []json.RawMessage
	if err := notNull(d, &entries); err != nil {
		return nil, fmt.Errorf("%s: %sdata: %s", file, placed(text, "data"), typeText(err))
	}
	m := &Manifest{Version: version, Data: make([]Entry, 0, len(entries))}
	for i, r := range entries {
		fields, err := object(r)
		if err != nil || fields == nil {
			return nil, fmt.Errorf("%s: %sdata[%d]: not an object", file, placed(text, "data", i), i)
		}
		var e Entry
		for _, f := range []struct {
			key string
			dst any
		}{
			{"contentLength", &e.ContentLength}, {"mediaType", &e.MediaType}, {"compression", &e.Compression},
			{"checksumAlgorithm", &e.ChecksumAlgorithm}, {"checksum", &e.Checksum},
		} {
			if _, ok := fields[f.key]; !ok {
				return nil, fmt.Errorf("%s: %sdata[%d]: no %s", file, placed(text, "data", i), i, f.key)
			}
			// notNull: Spack's schema wants an integer or a string
			// there, and refuses null, which json.Unmarshal would
			// leave as 0 or "".
			if err := notNull(fields[f.key], f.dst); err != nil {
				return nil, fmt.Errorf("%s: %sdata[%d]: %s: %s", file, placed(text, "data", i, f.key), i, f.key, typeText(err))
			}
		}
		if key, err := e.check(); err != nil {
			return nil, fmt.Errorf("%s: %sdata[%d]: %v", file, placed(text, "data", i, key), i, err)
		}
		m.Data = append(m.Data, e)
	}
	return m, nil
}

// check checks an entry's fields; key names the field of an error.
func (e *Entry) check() (key string, err error) {
	switch {
	case e.ContentLength < 0:
		return "contentLength", fmt.Errorf("contentLength %d is negative", e.ContentLength)
	case e.ChecksumAlgorithm != "sha256":
		return "checksumAlgorithm", fmt.Errorf("checksumAlgorithm %s is not supported (cachediff verifies sha256)", quoteField(e.ChecksumAlgorithm))
	case !isHex64(e.Checksum):
		return "checksum", fmt.Errorf("checksum %s is not 64 lower-case hex digits", quoteField(e.Checksum))
	case e.Compression != "gzip" && e.Compression != "none":
		return "compression", fmt.Errorf("compression %s is not supported (gzip or none)", quoteField(e.Compression))
	}
	return "", nil
}

// quoteField quotes a value of a mirror's file for a message: shortened,
// and in ASCII, as Spack's values there (a media type, a checksum, its
// algorithm, a compression) are. Quoted as Go quotes a string (%q), a
// checksumAlgorithm of 1 MB was an error of 1 MB, and a lookalike read
// as the value it is not: "shа256" (a Cyrillic а) "is not supported
// (cachediff verifies sha256)", a compression "gzіp" not gzip, a media
// type ending "+jsоn" listed as the one cachediff reads. A value cut
// keeps its mark (cutmark.Of) as it is inside the closing quote, as the
// catalogue's quoted cuts do (quoteValue): quoted with the rest, it read
// "\u2026" and 8 digits, as a value that holds them whole reads.
func quoteField(s string) string {
	if len(s) <= 80 {
		return strconv.QuoteToASCII(s)
	}
	mark := cutmark.Of(s)
	q := strconv.QuoteToASCII(strings.TrimSuffix(shorten(s), mark))
	return q[:len(q)-1] + mark + `"`
}

// shownHash is a hash of the input (a spec's, or the one a manifest's
// name gives) as a message puts it: as it is when of lower-case letters
// and digits, as Spack's DAG hashes are, and no longer than shorten
// keeps, else quoted (quoteField). Put as it is, a spec blob whose root
// has the hash "x\n::error::y" put a newline in its error, a line of
// its own, and one holding U+202E turned the line around.
func shownHash(h string) string {
	plain := h != "" && len(h) <= 80
	for i := 0; i < len(h) && plain; i++ {
		plain = h[i] >= 'a' && h[i] <= 'z' || h[i] >= '0' && h[i] <= '9'
	}
	if plain {
		return h
	}
	return quoteField(h)
}

// placed is "line L, column C: ", where the value at path is in text
// (a manifest, UTF-8 JSON), as syntax errors are placed; "" if it is not
// found. path holds keys (string; the last of a key given twice, as
// read) and list indexes (int). An error path only: the manifest's
// values are decoded from copies, which keep no offset.
func placed(text []byte, path ...any) string {
	off := skipBlank(text, 0)
	for _, p := range path {
		dec := json.NewDecoder(bytes.NewReader(text[off:]))
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		next := -1
		switch p := p.(type) {
		case string:
			if tok != json.Delim('{') {
				return ""
			}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return ""
				}
				at := skipBlank(text, off+int(dec.InputOffset()))
				if at < len(text) && text[at] == ':' {
					at = skipBlank(text, at+1)
				}
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return ""
				}
				if k == p {
					next = at
				}
			}
		case int:
			if tok != json.Delim('[') {
				return ""
			}
			for i := 0; dec.More(); i++ {
				at := skipBlank(text, off+int(dec.InputOffset()))
				if at < len(text) && text[at] == ',' {
					at = skipBlank(text, at+1)
				}
				if i == p {
					next = at
					break
				}
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return ""
				}
			}
		}
		if next < 0 {
			return ""
		}
		off = next
	}
	return lineCol(text, off) + ": "
}

// skipBlank is the offset of the first byte at or after off of text that
// is not JSON's white space.
func skipBlank(text []byte, off int) int {
	for off < len(text) && (text[off] == ' ' || text[off] == '\t' || text[off] == '\r' || text[off] == '\n') {
		off++
	}
	return off
}

// BlobPath is where the entry's blob is, relative to the mirror's root:
// blobs/<algorithm>/<first two digits>/<checksum>.
func (e *Entry) BlobPath() string {
	return "blobs/" + e.ChecksumAlgorithm + "/" + e.Checksum[:2] + "/" + e.Checksum
}

// mediaVersion returns N of a media type prefixN+json, or false. N is
// spelled as Spack spells it (no sign, no leading zero): Spack compares
// a media type as a string, so db.v08+json is none of its types.
func mediaVersion(mediaType, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(mediaType, prefix)
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, mediaSuffix)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}

// pick returns the entry of the newest version of prefix's media type in
// [lo, hi] (an index manifest of Spack 1.3 can list indexes of several
// database versions), the first of them as Spack reads it, and how many
// others of its media type name another blob (pickWarning); or an error
// listing what the manifest holds.
func (m *Manifest) pick(file, what, prefix string, lo, hi int) (best *Entry, others int, err error) {
	bestV := -1
	var seen []string // the first few media types, each shortened: a manifest of a MB quoted whole made an error of a MB
	for i := range m.Data {
		e := &m.Data[i]
		if len(seen) < maxListed {
			seen = append(seen, quoteField(e.MediaType))
		}
		if v, ok := mediaVersion(e.MediaType, prefix); ok && v >= lo && v <= hi && v > bestV {
			best, bestV = e, v
		}
	}
	if best != nil {
		for i := range m.Data {
			if e := &m.Data[i]; e != best && e.MediaType == best.MediaType && e.Checksum != best.Checksum {
				others++
			}
		}
	}
	if best == nil {
		if len(seen) == 0 {
			seen = []string{"none"}
		}
		if more := len(m.Data) - len(seen); more > 0 {
			seen = append(seen, fmt.Sprintf("and %d more", more))
		}
		return nil, 0, fmt.Errorf("%s: no %s of a version cachediff reads (%s%d+json to %s%d+json); media types: %s", file, what, prefix, lo, prefix, hi, strings.Join(seen, ", "))
	}
	return best, others, nil
}

// pickWarning is the warning of a manifest of file that lists others
// blobs of e's media type besides e, the one read: Spack reads the
// first, and the others, which may hold other specs, are left out.
func pickWarning(file, what string, e *Entry, others int) snapshot.Warning {
	blobs := "another blob"
	if others > 1 {
		blobs = fmt.Sprintf("%d other blobs", others)
	}
	return snapshot.Warning{File: file, Message: fmt.Sprintf("lists %s of media type %s besides the %s read, the first (sha256 %s), as Spack reads it: what the others hold is left out", blobs, quoteField(e.MediaType), what, shorten(e.Checksum))}
}

// maxListed is how many of a manifest's media types an error lists.
const maxListed = 5

// maxV2Hash is the most bytes of build_cache/index.json.hash read: a
// sha256 and a line's end, with room to spare; a longer one is ignored.
const maxV2Hash = 1024

// v2HashOf reads build_cache/index.json.hash as Spack reads it: its
// first 64 bytes, when they are 64 lower-case hex digits.
func v2HashOf(data []byte) (string, bool) {
	h := string(data[:min(len(data), 64)])
	return h, isHex64(h)
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// shorten cuts a value quoted in a message to 77 bytes, at a
// character's start (a half of one would be quoted as escapes of bytes
// the input does not hold), and marks the cut with cutmark.Of ("…" and
// 8 digits of the whole value's digest), so that two values that differ
// only past the cut read apart.
func shorten(s string) string {
	if len(s) <= 80 {
		return s
	}
	n := 77
	for back := 0; back < utf8.UTFMax-1 && !utf8.RuneStart(s[n]); back++ {
		n-- // not past a character's start: bytes that are none stay as they are
	}
	return s[:n] + cutmark.Of(s)
}

// syntaxText is se's message, an error of decoding text (UTF-8), with
// the character it names quoted whole, as the catalogue's reader quotes
// it: encoding/json quotes the byte at the error as a character of its
// own, which names the first byte of one past ASCII as another
// ("invalid character 'Ã' in string escape code" for "\é").
func syntaxText(se *json.SyntaxError, text []byte) string {
	msg := se.Error()
	at := se.Offset - 1
	if at < 0 || at >= int64(len(text)) || text[at] < utf8.RuneSelf {
		return msg
	}
	was := strconv.Quote(string(rune(text[at]))) // encoding/json's quoteChar
	r, _ := utf8.DecodeRune(text[at:])
	return strings.Replace(msg, "'"+was[1:len(was)-1]+"'", strconv.QuoteRune(r), 1)
}

// lineCol is where offset off of text is, as the other readers' messages
// say it: "line 2, column 11", the column counted in bytes from 1 (as
// spackfmt counts it; a signed manifest's text keeps the offsets of the
// file, spackfmt.Unwrap).
func lineCol(text []byte, off int) string {
	off = max(0, min(off, len(text)))
	line := 1 + bytes.Count(text[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(text[:off], '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

// notUTF8 is the offset of text's first byte that starts no character
// (text is not valid UTF-8).
func notUTF8(text []byte) int {
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(text)
}

// notNull decodes a manifest's version, data or an entry's field, v,
// into dst, and refuses null as a value of the wrong kind (typeText:
// "null, want a list"), as Spack's schema refuses it: decoded, null left
// dst as it was, and a null version was "manifest version 0 is not
// supported", a null data a manifest that lists no blob, a null media
// type a blob of no type.
//
// A whole number written with a fraction or an exponent (3.0, 1E3) is
// read as the number it is: Spack's schema (JSON Schema draft 7, whose
// integer is any number without a fraction) takes it, and Spack compares
// a version 3.0 equal to 3.
func notNull(v json.RawMessage, dst any) error {
	if string(v) == "null" {
		return &json.UnmarshalTypeError{Value: "null", Type: reflect.TypeOf(dst).Elem()}
	}
	err := json.Unmarshal(v, dst)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") && bytes.ContainsAny(v, ".eE") {
		// Python reads such a number as a float (one without a
		// fraction or an exponent as an int, which a whole number out
		// of range stays): a double, whole, and within the range of
		// dst (2^63 is the first double past it).
		f, perr := strconv.ParseFloat(string(v), 64)
		if perr == nil && f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
			switch d := dst.(type) {
			case *int:
				*d = int(f)
				return nil
			case *int64:
				*d = int64(f)
				return nil
			}
		}
	}
	return err
}

// wholeNumber says whether n, a JSON number, is whole: written without
// a fraction or an exponent, or a finite double without a fraction, as
// Spack's schema takes it (notNull).
func wholeNumber(n string) bool {
	if !strings.ContainsAny(n, ".eE") {
		return true
	}
	f, err := strconv.ParseFloat(n, 64)
	return err == nil && f == math.Trunc(f)
}

// typeText is err's message, a value of the wrong kind told in words of
// JSON (a string, want a whole number), not Go's types ("json: cannot
// unmarshal string into Go value of type int64"); any other error's own.
func typeText(err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Type == nil {
		return err.Error()
	}
	want := "a whole number"
	if n, ok := strings.CutPrefix(te.Value, "number "); ok && wholeNumber(n) && (te.Type.Kind() == reflect.Int || te.Type.Kind() == reflect.Int64) {
		// A whole number past the range of the value's type
		// (99999999999999999999): "want a whole number" said it was none.
		bits := te.Type.Bits()
		if strings.HasPrefix(n, "-") {
			want += " of at least " + strconv.FormatInt(math.MinInt64>>(64-bits), 10)
		} else {
			want += " of at most " + strconv.FormatInt(math.MaxInt64>>(64-bits), 10)
		}
	}
	switch te.Type.Kind() {
	case reflect.String:
		want = "a string"
	case reflect.Slice, reflect.Array:
		want = "a list"
	case reflect.Map, reflect.Struct:
		want = "an object"
	}
	got := te.Value
	switch {
	case got == "array":
		got = "a list"
	case got == "object":
		got = "an object"
	case got == "null":
	case got == "number", got == "string", got == "bool":
		got = "a " + strings.Replace(got, "bool", "boolean", 1)
	default:
		got = "the " + got // "number 1.5", "number -1e999"
	}
	return got + ", want " + want
}
