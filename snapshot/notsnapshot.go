package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// A file named as a snapshot that no decoder detects and that starts like
// JSON is no package page either: "no front matter" would send its user
// looking for a '---' line. notSnapshotJSON says what it is instead: a
// saved cachediff report or log (cachediff rendr diff.json: render it), or
// JSON of no format cachediff reads.

// startsLikeJSON reports whether data opens as a JSON object or list,
// after a byte order mark and white space.
func startsLikeJSON(data []byte) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")
	return len(data) > 0 && (data[0] == '{' || data[0] == '[')
}

// notSnapshotJSON is the message for a file that startsLikeJSON. name is
// how cachediff render reads the file ("" when it cannot by a name: a file
// of a git tree).
func notSnapshotJSON(data []byte, name string) string {
	if schema := cachediffSchema(data); schema != "" {
		what := "report"
		if strings.Contains(schema, "/log/") {
			what = "log"
		}
		how := "render it with cachediff render " + name
		if name == "" {
			how = "save it to a file and render it with cachediff render FILE"
		}
		return fmt.Sprintf("this is a cachediff %s (%s), not a snapshot: %s", what, schema, how)
	}
	const notPage = "a package page, which starts with a line '---'"
	if !json.Valid(bytes.TrimPrefix(data, []byte("\uFEFF"))) {
		return "it starts like JSON, but is not valid JSON, nor " + notPage
	}
	if k := spackfmt.Sniff(headOf(data)); k != spackfmt.Unknown {
		// A lockfile committed as a folder's specs.md was "not a Spack
		// build-cache index, lockfile or spec file": it is one, under a
		// name that cachediff reads as a page only.
		return fmt.Sprintf("a Spack %s by its content, in a file whose name is read as a package page only (a page starts with a line '---'): in a folder, Spack's files are read by their names (index.json, spack.lock, NAME.spec.json) or, named *.json or *.lock, by their content", k)
	}
	return "a JSON document, but not a Spack build-cache index, lockfile or spec file (nor " + notPage + ")"
}

// cachediffSchema returns the "schema" of data when it is a JSON object
// whose schema names a cachediff document ("cachediff/v1",
// "cachediff/log/v1"), else "". It reads up to the schema field only
// (cachediff writes it first), so a report cut short still tells.
func cachediffSchema(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF"))))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return ""
		}
		if key, _ := t.(string); key == "schema" {
			var schema string
			if dec.Decode(&schema) != nil || !strings.HasPrefix(schema, "cachediff/") {
				return ""
			}
			return schema
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return ""
		}
	}
	return ""
}

// renderName is how cachediff render would read file f of src: by its
// name for a file on disk, "-" for standard input; "" for another store.
func renderName(src Source, f File) string {
	switch src.(type) {
	case *fileSource, *dirSource:
		return f.Name
	}
	if f.Root && src.Path() == "-" {
		return "-"
	}
	return ""
}

// spackFileHint says what a file of Spack's that cachediff does not read
// is, by its name, and what to give instead, or "" for another name: as
// a page without front matter, its message would send a Spack user
// looking for a '---' line.
func spackFileHint(base string) string {
	switch {
	case base == "spack.yaml" || base == "spack.yml":
		return manifestHint(base)
	case strings.HasSuffix(base, ".spec.yaml") || strings.HasSuffix(base, ".spec.yml"):
		return "a spec file in YAML, as older Spack versions wrote them: cachediff reads spec files in JSON (*.spec.json, spec formats 2 to 6)"
	case strings.HasSuffix(base, ".json.hash"):
		return "the sha256 of a build cache's index.json, not an index: give index.json, or the mirror's root (whose index cachediff checks against it)"
	}
	return ""
}

// emptySpackFile is the message for an empty file named alone whose name
// is one that Spack gives its files, saying which: the page decoder,
// which has every file named alone that no other decoder claims, told
// an empty index.json.gz that a package page starts with a line '---'.
// name is the file's path (or REV:PATH), base its last name; "" for
// another name. inflated says the file is a gzip stream that inflates to
// nothing.
func emptySpackFile(name, base string, inflated bool) string {
	empty := "the file is empty"
	if inflated {
		empty = "the file is gzip'd and inflates to nothing"
	}
	if hint := manifestFileHint(name, base); hint != "" {
		return empty + ": by its name, " + hint
	}
	what, gz := "", ""
	inner, zipped := strings.CutSuffix(base, ".gz")
	if zipped && !inflated {
		gz = ", gzip'd"
	}
	switch {
	case inner == "index.json":
		what = "a Spack build cache's index"
	case inner == "spack.lock":
		what = "a Spack environment's lockfile"
	case strings.HasSuffix(inner, ".spec.json.sig"):
		what = "a Spack spec file, clear-signed"
	case IsSpecFile(inner):
		what = "a Spack spec file"
	default:
		return ""
	}
	return empty + ", where its name (" + quotedName(base) + ") says " + what + gz + ": it holds no spec"
}

// startsLikePage reports whether data's first line is a page's '---'.
func startsLikePage(data []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(data, []byte("\uFEFF")), []byte("\n"))
	return string(bytes.TrimRight(line, " \t\r")) == "---"
}

// manifestHint is the message for an environment's manifest, what names
// it (spack.yaml, or "spack: at the top" for a file named otherwise).
func manifestHint(what string) string {
	return "an environment's manifest (" + what + "), whose specs are abstract: cachediff reads the concrete specs of its lockfile, spack.lock, which spack concretize writes beside it"
}

// looksLikeManifest reports whether data is an environment's manifest by
// its content, whatever its name (a copy kept as old.lock, or written
// over spack.lock): YAML whose first key, after a byte order mark, empty
// lines and comments, is spack at the top level, as Spack's schema
// wants it. The key is read as libyaml reads it: plain or quoted
// ("spack", 'spack'), with blanks before its colon; %YAML or %TAG
// directives before it come with the '---' that ends them (no page
// starts with a directive, so a page's front matter is never taken for
// a manifest). Only the lines up to that key are read.
func looksLikeManifest(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	directives := false
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		line = bytes.TrimRight(line, " \t\r")
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if line[0] == '%' {
			directives = true
			continue
		}
		if directives {
			// A directive is ended by '---', alone or with a comment.
			after, ok := bytes.CutPrefix(line, []byte("---"))
			if !ok || len(after) > 0 && (after[0] != ' ' && after[0] != '\t' || bytes.TrimLeft(after, " \t")[0] != '#') {
				return false
			}
			directives = false
			continue
		}
		key := line
		for _, q := range []string{`"`, `'`} {
			if k, ok := bytes.CutPrefix(line, []byte(q+"spack"+q)); ok {
				key = append([]byte("spack"), k...)
			}
		}
		after, ok := bytes.CutPrefix(key, []byte("spack"))
		after = bytes.TrimLeft(after, " \t")
		after, colon := bytes.CutPrefix(after, []byte(":"))
		return ok && colon && (len(after) == 0 || after[0] == ' ' || after[0] == '\t')
	}
	return false
}
