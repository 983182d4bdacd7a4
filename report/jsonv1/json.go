// Package jsonv1 is the json output format: the cachediff/v1 document
// (JSON, streamed from the typed structs of package diff), the
// cachediff/log/v1 document of a log, and their readers (DecodeBytes,
// DecodeLog), which refuse another schema, a field of the wrong shape
// (with its line and path: validate.go) and values cachediff never
// writes, so that `cachediff render` renders a saved report again
// without the snapshots. Format is its entry in report/builtin.
package jsonv1

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/jsonbytes"
	"github.com/cachediff/cachediff/internal/ordered"
	"github.com/cachediff/cachediff/report"
)

// JSON writes r as an indented cachediff/v1 JSON document: the bytes
// encoding/json's Encoder writes with SetIndent("", "  ") and
// SetEscapeHTML(false), the typed structs deciding every field, but
// streamed. The packages (nearly all of a real week's report: every spec
// of it, old and new) are encoded one at a time and indented by a plain
// loop (indentJSON) instead of encoding/json's scanner, so the report is
// never held in memory whole, let alone twice. The [ of a "##[" in a
// string is written \u005b (commandSafe).
func JSON(w io.Writer, r *diff.Report) error {
	bw := bufio.NewWriterSize(&commandSafe{w: w}, 64<<10)
	if err := writeReportJSON(bw, r, "", new(pkgWriters)); err != nil {
		return err
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// pkgWriters are the package writers of writeReportJSON, and the buffers
// of a package it encodes with encoding/json, for the reports of one
// document: a log writes one report a step, and pools of each call's
// own made each step's writers anew, each with its table of lists
// (pkgJSON.lists, 24 KB) however small the step: render of the JSON of
// a log of many small steps allocated several times its input in
// tables, which the pools kept until two collections had passed
// (TestLogStepAllocs). A writer forgets what its table remembers when it
// writes another report than the last (gen), as a new one did.
type pkgWriters struct {
	gen     uint64 // the report being written, counted from 1
	writers sync.Pool
	compact sync.Pool
}

// get returns a package writer for report gen, which remembers no list
// of another report's.
func (ws *pkgWriters) get(gen uint64) *pkgJSON {
	w, _ := ws.writers.Get().(*pkgJSON)
	if w == nil {
		return &pkgJSON{gen: gen}
	}
	if w.gen != gen {
		w.forget()
		w.gen = gen
	}
	return w
}

// writeReportJSON writes r as the cachediff/v1 document JSON writes,
// indented under prefix and without the final newline (a log writes each
// step this way, under "steps"), with the package writers of ws.
// Everything but the packages and the causes' sets is encoded at once;
// the sets by writeSets; the packages, one at a time on every core
// (ordered.Write), a package with many specs and pairs in parts
// (pkgJSON.writePart).
func writeReportJSON(bw *bufio.Writer, r *diff.Report, prefix string, ws *pkgWriters) error {
	// Everything before the packages, with "packages": [] where they go.
	// The highlights, as many as the packages in a one-sided diff, are
	// streamed into their slot as well. The members after the packages
	// are left empty here and written after them, one at a time
	// (writeTail): encoded with the rest, they were held in the document
	// while the packages were written, compact and indented (one spec of
	// 1.28M variants, every one flipped: its updated pair's from and to,
	// 12 MB each, are in the updates, the causes' groups and their
	// table, 290 MB of buffers).
	rest := *r
	rest.Packages = []diff.Package{}
	news := r.Highlights
	if news == nil { // a report built by hand
		news = diff.News(r)
	}
	rest.Highlights = []diff.Highlight{}
	rest.Updates, rest.Facets, rest.Stacks, rest.Canonicalized, rest.Warnings, rest.Causes = nil, diff.Facets{}, nil, nil, nil, nil
	var buf, doc bytes.Buffer
	if err := newCompactEncoder(&buf).Encode(report.Document{Schema: report.Schema, Features: report.FeaturesOf(r), Report: &rest}); err != nil {
		return err
	}
	doc.Grow(buf.Len() * 2)
	indentJSON(&doc, bytes.TrimSuffix(buf.Bytes(), []byte("\n")), prefix)
	// Top-level keys are the only ones at two spaces past the prefix; a
	// string holding the key would have its quotes escaped.
	newsSlot := "\n" + prefix + "  \"highlights\": []"
	head, tail, ok := bytes.Cut(doc.Bytes(), []byte(newsSlot))
	if !ok {
		return fmt.Errorf("internal error: no highlights slot in the JSON document")
	}
	bw.Write(head)
	if err := writeNews(bw, news, prefix); err != nil {
		return err
	}
	slot := "\n" + prefix + "  \"packages\": []"
	head, _, ok = bytes.Cut(tail, []byte(slot))
	if !ok {
		return fmt.Errorf("internal error: no packages slot in the JSON document")
	}
	bw.Write(head)
	if len(r.Packages) == 0 {
		bw.WriteString(slot)
	} else {
		bw.WriteString("\n" + prefix + "  \"packages\": [")
		// The packages, nearly all of the report, are encoded on every
		// core and written in their order (a real week's JSON is tens of
		// MB, and the other core is idle once the diff is done).
		elem := "\n" + prefix + "    "
		ws.gen++
		gen := ws.gen
		// The items ordered.Write renders: each package, or the parts of
		// one with many specs and pairs (pkgJSON.writePart).
		type item struct{ pkg, lo, hi, parts int }
		items := make([]item, 0, len(r.Packages))
		var bounds []int
		for i := range r.Packages {
			bounds = partBounds(bounds[:0], &r.Packages[i])
			for k := range len(bounds) - 1 {
				items = append(items, item{i, bounds[k], bounds[k+1], len(bounds) - 1})
			}
		}
		err := ordered.Write(bw, len(items), func(j int, out *ordered.Buffer) error {
			it := items[j]
			i := it.pkg
			if it.lo == 0 {
				if i > 0 {
					out.B = append(out.B, ',')
				}
				out.B = append(out.B, elem...)
			}
			w := ws.get(gen)
			defer ws.writers.Put(w)
			// The package is written where ordered.Write keeps it, in
			// chunks (w.split).
			w.b, w.out = out.B, out
			ok := true
			if it.parts > 1 {
				w.writePart(&r.Packages[i], prefix+"    ", it.lo, it.hi)
			} else {
				ok = w.write(&r.Packages[i], prefix+"    ")
			}
			out.B, w.b, w.out = w.b, nil, nil
			if ok {
				return nil
			}
			c, _ := ws.compact.Get().(*bytes.Buffer)
			if c == nil {
				c = new(bytes.Buffer)
			}
			defer ws.compact.Put(c)
			c.Reset()
			if err := newCompactEncoder(c).Encode(&r.Packages[i]); err != nil {
				return err
			}
			dst := bytes.NewBuffer(out.B)
			indentJSON(dst, bytes.TrimSuffix(c.Bytes(), []byte("\n")), prefix+"    ")
			out.B = dst.Bytes()
			return nil
		})
		if err != nil {
			return err
		}
		bw.WriteString("\n" + prefix + "  ]")
	}
	if err := writeTail(bw, r, prefix); err != nil {
		return err
	}
	_, err := bw.WriteString("\n" + prefix + "}")
	return err
}

// jsonOut is where indentJSON and the members of writeTail write: the
// stream (a bufio.Writer), or a buffer.
type jsonOut interface {
	io.Writer
	io.ByteWriter
	io.StringWriter
}

// tailWriter writes the members of a report that follow its packages,
// each value as encoding/json and indentJSON write it, one at a time, and
// the elements of the lists that can be long (the updates, the causes'
// groups and table) one at a time: what it holds is the largest element,
// compact, never the whole.
type tailWriter struct {
	bw  *bufio.Writer
	c   bytes.Buffer
	enc *json.Encoder
	err error
}

func newTailWriter(bw *bufio.Writer) *tailWriter {
	t := &tailWriter{bw: bw}
	t.enc = newCompactEncoder(&t.c)
	return t
}

// value writes v, a member's value at the depth whose indentation is
// prefix.
func (t *tailWriter) value(v any, prefix string) {
	if t.err != nil {
		return
	}
	t.c.Reset()
	if t.err = t.enc.Encode(v); t.err != nil {
		return
	}
	indentJSON(t.bw, bytes.TrimSuffix(t.c.Bytes(), []byte("\n")), prefix)
}

// tailCounts writes vc, a member's value at the depth whose indentation
// is prefix, a count at a time, as value writes it: value had the counts'
// MarshalJSON write them whole (in a buffer grown by doubling), the
// encoder copy them compact and indentJSON then indent them, three
// copies of the object at once; a report of 1M canonicalization rules
// (27 MB of JSON) peaked render --format json there at 5.3x its JSON.
func tailCounts(t *tailWriter, vc diff.ValueCounts, prefix string) {
	if t.err != nil {
		return
	}
	if len(vc) == 0 {
		t.bw.WriteString("{}")
		return
	}
	t.bw.WriteByte('{')
	var n [20]byte
	for i := range vc {
		v := &vc[i]
		if i > 0 {
			t.bw.WriteByte(',')
		}
		t.bw.WriteByte('\n')
		t.bw.WriteString(prefix)
		t.bw.WriteString("  ")
		t.c.Reset()
		if t.err = t.enc.Encode(&v.Value); t.err != nil { // a pointer: the string is not boxed
			return
		}
		t.bw.Write(bytes.TrimSuffix(t.c.Bytes(), []byte("\n")))
		t.bw.WriteString(": {\n")
		t.bw.WriteString(prefix)
		t.bw.WriteString("    \"old\": ")
		t.bw.Write(strconv.AppendInt(n[:0], int64(v.Old), 10))
		t.bw.WriteString(",\n")
		t.bw.WriteString(prefix)
		t.bw.WriteString("    \"new\": ")
		t.bw.Write(strconv.AppendInt(n[:0], int64(v.New), 10))
		t.bw.WriteByte('\n')
		t.bw.WriteString(prefix)
		t.bw.WriteString("  }")
	}
	t.bw.WriteByte('\n')
	t.bw.WriteString(prefix)
	t.bw.WriteByte('}')
}

// key writes a member's key at the depth whose indentation is prefix,
// after a comma unless first.
func (t *tailWriter) key(k, prefix string, first bool) {
	if !first {
		t.bw.WriteByte(',')
	}
	t.bw.WriteString("\n" + prefix + "\"" + k + "\": ")
}

// newCompactEncoder is an encoder of compact JSON to w, HTML escaping
// off, as the document is written.
func newCompactEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// tailRoots writes the causes' roots, a member's value at the depth
// whose indentation is prefix, as encoding/json and indentJSON write
// them, each list an element at a time (tailList): encoded whole, the
// roots of a lockfile pair of 32,000 roots were 6.6 MB of compact JSON,
// held twice at once (the encoder's buffer and t.c) and each grown a
// quarter at a time, 32 MB allocated while the heap was at its fullest.
func tailRoots(t *tailWriter, rc *diff.RootChanges, prefix string) {
	if t.err != nil {
		return
	}
	in := prefix + "  "
	t.bw.WriteByte('{')
	t.key("added", in, true)
	tailList(t, rc.Added, in)
	t.key("removed", in, false)
	tailList(t, rc.Removed, in)
	t.key("changed", in, false)
	tailList(t, rc.Changed, in)
	if len(rc.Renamed) > 0 {
		t.key("renamed", in, false)
		tailList(t, rc.Renamed, in)
	}
	for _, n := range [...]struct {
		k string
		v int
	}{{"unchanged", rc.Unchanged}, {"fewer_roots", rc.FewerRoots}, {"more_roots", rc.MoreRoots}, {"other_roots", rc.OtherRoots}} {
		if n.v != 0 {
			t.key(n.k, in, false)
			t.bw.WriteString(strconv.Itoa(n.v))
		}
	}
	t.bw.WriteString("\n" + prefix + "}")
}

// tailList writes l, a member's value at the depth whose indentation is
// prefix, an element at a time: null when l is nil, as encoding/json
// writes a nil slice, and [] when it is empty.
func tailList[T any](t *tailWriter, l []T, prefix string) {
	switch {
	case l == nil:
		t.bw.WriteString("null")
		return
	case len(l) == 0:
		t.bw.WriteString("[]")
		return
	}
	t.bw.WriteByte('[')
	for i := range l {
		if i > 0 {
			t.bw.WriteByte(',')
		}
		t.bw.WriteString("\n" + prefix + "  ")
		t.value(&l[i], prefix+"  ")
	}
	t.bw.WriteString("\n" + prefix + "]")
}

// causes writes the causes' table, as tailList does, but each cause
// member by member, its strings straight to the stream: encoded whole,
// a cause whose change is a spec's variants (1.28M of them, flipped:
// from and to 12 MB each) was held twice, in the encoder's buffer and
// in t.c, beside the buffers they outgrew, and the render's peak was
// the report's and 50 MB more (TestCauseTableJSONStreamed).
func (t *tailWriter) causes(l []diff.Cause, prefix string) {
	if len(l) == 0 { // never written so: the table is left out
		tailList(t, l, prefix)
		return
	}
	t.bw.WriteByte('[')
	in := prefix + "  "
	for i := range l {
		if i > 0 {
			t.bw.WriteByte(',')
		}
		t.bw.WriteString("\n" + in)
		t.cause(&l[i], in)
	}
	t.bw.WriteString("\n" + prefix + "]")
}

// omitEmpty writes the member key of the string v, on a line of its own
// indented by in after a comma, unless v is "" (omitempty).
func (t *tailWriter) omitEmpty(in, key, v string) {
	if v != "" {
		t.bw.WriteString(",\n" + in + `"` + key + `": `)
		t.str(v)
	}
}

// cause writes c, a value at the depth whose indentation is prefix, as
// value would.
func (t *tailWriter) cause(c *diff.Cause, prefix string) {
	in := prefix + "  "
	t.bw.WriteString("{\n" + in + `"name": `)
	t.str(c.Name)
	t.omitEmpty(in, "old_hash", c.OldHash)
	t.omitEmpty(in, "new_hash", c.NewHash)
	t.bw.WriteString(",\n" + in + `"changes": `)
	switch {
	case c.Changes == nil:
		t.bw.WriteString("null")
	case len(c.Changes) == 0:
		t.bw.WriteString("[]")
	default:
		t.bw.WriteByte('[')
		el, mem := in+"  ", in+"    "
		for i, ch := range c.Changes {
			if i > 0 {
				t.bw.WriteByte(',')
			}
			t.bw.WriteString("\n" + el + "{\n" + mem + `"kind": `)
			t.str(ch.Kind)
			t.omitEmpty(mem, "from", ch.From)
			t.omitEmpty(mem, "to", ch.To)
			t.bw.WriteString("\n" + el + "}")
		}
		t.bw.WriteString("\n" + in + "]")
	}
	if len(c.Path) > 0 {
		t.bw.WriteString(",\n" + in + `"path": [`)
		for i, p := range c.Path {
			if i > 0 {
				t.bw.WriteByte(',')
			}
			t.bw.WriteString("\n" + in + "  ")
			t.str(p)
		}
		t.bw.WriteString("\n" + in + "]")
	}
	t.bw.WriteString("\n" + prefix + "}")
}

// str writes s as a JSON string, as encoding/json does (HTML escaping
// off): a plain one straight to the stream.
func (t *tailWriter) str(s string) {
	if t.err != nil {
		return
	}
	if jsonbytes.Plain(s) {
		t.bw.WriteByte('"')
		t.bw.WriteString(s)
		t.bw.WriteByte('"')
		return
	}
	t.c.Reset()
	if t.err = t.enc.Encode(s); t.err != nil {
		return
	}
	t.bw.Write(bytes.TrimSuffix(t.c.Bytes(), []byte("\n")))
}

// writeTail writes the members of r that follow "packages" in the
// document under prefix, in diff.Report's order (TestTailJSONFields),
// each after a comma: updates, facets, stacks, canonicalized, warnings,
// and causes when r has them, whose sets writeSets writes.
func writeTail(bw *bufio.Writer, r *diff.Report, prefix string) error {
	t := newTailWriter(bw)
	in := prefix + "  "
	t.key("updates", in, false)
	tailList(t, r.Updates, in)
	t.key("facets", in, false)
	t.value(&r.Facets, in)
	t.key("stacks", in, false)
	t.value(r.Stacks, in)
	t.key("canonicalized", in, false)
	tailCounts(t, r.Canonicalized, in)
	t.key("warnings", in, false)
	t.value(r.Warnings, in)
	if c := r.Causes; c != nil {
		t.key("causes", in, false)
		bw.WriteByte('{')
		m := in + "  "
		for i, n := range [...]struct {
			k string
			v int
		}{{"pairs", c.Pairs}, {"known", c.Known}, {"explained", c.Explained}, {"own", c.Own}} {
			t.key(n.k, m, i == 0)
			bw.WriteString(strconv.Itoa(n.v))
		}
		if c.Cut > 0 {
			t.key("cut", m, false)
			bw.WriteString(strconv.Itoa(c.Cut))
		}
		t.key("groups", m, false)
		tailList(t, c.Groups, m)
		if len(c.Shared) > 0 {
			t.key("shared", m, false)
			t.value(c.Shared, m)
		}
		if c.Roots != nil {
			t.key("roots", m, false)
			tailRoots(t, c.Roots, m)
		}
		if len(c.Table) > 0 {
			t.key("table", m, false)
			t.causes(c.Table, m)
		}
		if len(c.Paths) > 0 {
			t.key("paths", m, false)
			t.value(c.Paths, m)
		}
		if len(c.Sets) > 0 {
			t.c.Reset()
			bw.Write(writeSets(t.c.Bytes(), c.Sets, m))
		}
		bw.WriteString("\n" + in + "}")
	}
	return t.err
}

// writeNews writes the top-level member "highlights" (a report's, under
// prefix), an item at a time, as encoding/json and indentJSON write it.
func writeNews(bw *bufio.Writer, news []diff.Highlight, prefix string) error {
	if len(news) == 0 {
		_, err := bw.WriteString("\n" + prefix + "  \"highlights\": []")
		return err
	}
	bw.WriteString("\n" + prefix + "  \"highlights\": [")
	// Each item is indented into the stream: an item indented into a
	// buffer of its own first held it twice (a cause's change of 1.28M
	// variants: 25 MB of from and to).
	t := newTailWriter(bw)
	for i := range news {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n" + prefix + "    ")
		t.value(&news[i], prefix+"    ")
	}
	if t.err != nil {
		return t.err
	}
	_, err := bw.WriteString("\n" + prefix + "  ]")
	return err
}

// writeSets appends to b the member "sets" of the causes, indented
// under prefix (the causes' members'), as encoding/json and indentJSON
// write it after the causes' other members: a nil set is null.
func writeSets(b []byte, sets [][]diff.CauseRef, prefix string) []byte {
	b = append(b, ",\n"...)
	b = append(append(b, prefix...), `"sets": [`...)
	for i, set := range sets {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(b, '\n'), prefix...)
		b = append(b, "  "...)
		switch {
		case set == nil:
			b = append(b, "null"...)
			continue
		case len(set) == 0:
			b = append(b, "[]"...)
			continue
		}
		b = append(b, '[')
		for k, ref := range set {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(append(b, '\n'), prefix...)
			b = append(b, "    {\n"...)
			b = append(b, prefix...)
			if ref.SetBase != nil { // a based set's first element
				b = append(b, `      "set": `...)
				b = strconv.AppendInt(b, int64(ref.SetBase.Set), 10)
				b = append(append(b, ",\n"...), prefix...)
				b = append(b, `      "via": `...)
				b = strconv.AppendInt(b, int64(ref.SetBase.Via), 10)
				b = append(append(b, '\n'), prefix...)
				b = append(b, "    }"...)
				continue
			}
			if ref.Over != nil { // an override, in a set of one base
				b = append(b, `      "over": `...)
			} else {
				b = append(b, `      "cause": `...)
			}
			b = strconv.AppendInt(b, int64(ref.Cause), 10)
			b = append(append(b, ",\n"...), prefix...)
			b = append(b, `      "path": `...)
			b = strconv.AppendInt(b, int64(ref.Path), 10)
			b = append(append(b, '\n'), prefix...)
			b = append(b, "    }"...)
		}
		b = append(append(b, '\n'), prefix...)
		b = append(b, "  ]"...)
	}
	b = append(append(b, '\n'), prefix...)
	return append(b, ']')
}

// indentJSON appends src, compact JSON as encoding/json writes it (no
// space outside strings), to dst indented the way json.Indent does with
// prefix and "  ": each element and member on a line of its own, "[]" and
// "{}" kept whole, ": " after keys. The first line gets no prefix; a
// trailing newline is kept.
func indentJSON(dst jsonOut, src []byte, prefix string) {
	depth := 0
	// pad is "\n", the prefix and depth indents: a newline is a slice of it.
	pad := make([]byte, 0, 1+len(prefix)+2*16)
	pad = append(append(pad, '\n'), prefix...)
	newline := func() {
		n := 1 + len(prefix) + 2*depth
		for len(pad) < n {
			pad = append(pad, ' ', ' ')
		}
		dst.Write(pad[:n])
	}
	if b, ok := dst.(*bytes.Buffer); ok {
		b.Grow(len(src) + len(src)/4)
	}
	start := 0 // the plain bytes not written yet: src[start:i]
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			// Jump to the closing quote: the next quote, when no
			// backslash comes before it (most strings: hashes, names).
			rest := src[i+1:]
			if j := bytes.IndexByte(rest, '"'); j >= 0 && bytes.IndexByte(rest[:j], '\\') < 0 {
				i += 1 + j
				continue
			}
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			continue
		case '{', '[', '}', ']', ',', ':':
		default:
			continue
		}
		dst.Write(src[start:i])
		start = i + 1
		switch c {
		case '{', '[':
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst.Write(src[i : i+2])
				i++
				start = i + 1
				continue
			}
			dst.WriteByte(c)
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst.WriteByte(c)
		case ',':
			dst.WriteByte(c)
			newline()
		case ':':
			dst.WriteString(": ")
		}
	}
	dst.Write(src[start:])
}

// highlightsJSON writes hs as the rest of the document is written: two
// spaces an indent after prefix, HTML escaping off, [] for none.
func highlightsJSON(hs []diff.Highlight, prefix string) ([]byte, error) {
	if hs == nil {
		hs = []diff.Highlight{}
	}
	var buf, out bytes.Buffer
	if err := newCompactEncoder(&buf).Encode(hs); err != nil {
		return nil, err
	}
	indentJSON(&out, bytes.TrimSuffix(buf.Bytes(), []byte("\n")), prefix)
	return out.Bytes(), nil
}
