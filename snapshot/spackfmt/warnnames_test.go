package spackfmt

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// longNames are two names past maxQuoted bytes, alike in their first
// maxQuoted: a warning clipped each to them and "…", alike, and one
// that clipped the name quoted again (warnf) cut its closing quote away.
var longNames = [2]string{strings.Repeat("a b ", 60) + "x", strings.Repeat("a b ", 60) + "y"}

// quotedWant is name as a message quotes it (shown): in ASCII, and past
// maxQuoted bytes its first maxQuoted and the mark of the whole
// (cutmark), inside the quotes.
func quotedWant(name string) string {
	if len(name) <= maxQuoted {
		return strconv.QuoteToASCII(name)
	}
	q := strconv.QuoteToASCII(name[:maxQuoted])
	return q[:len(q)-1] + cutmark.Of(name) + `"`
}

// TestWarningsQuoteNames (class a): the warnings that list the records
// of a file, those no root reaches, those keyed by another hash than
// their spec writes and those that share a DAG hash, named each record's
// package (and version) as the file spelt it, between the list's
// commas: the records "a, b" and c read as the records a and "b, c",
// both "(a, b, c)", and a name holding a newline put one in the
// warning. Each is named as the errors name a package (shown): as it is
// when plain, else quoted in ASCII.
func TestWarningsQuoteNames(t *testing.T) {
	const a, b = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	arch := `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	node := func(name, hash string) string {
		return fmt.Sprintf(`{"name":%s,"version":"1",%s,"parameters":{},"hash":%q}`, name, arch, hash)
	}
	// twins is a lockfile of two records of one DAG hash, the second
	// at version.
	twins := func(name, version string) string {
		rec := func(key, version string) string {
			return fmt.Sprintf(`%q:{%s:{"version":%q,%s,"parameters":{},"hash":"ddddddd1"}}`, key, name, version, arch)
		}
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":3},"roots":[{"hash":"kkkkkkk1","spec":"x"}],"concrete_specs":{` + rec("kkkkkkk1", "1") + "," + rec("kkkkkkk2", version) + `}}`
	}
	for _, c := range []struct {
		what, version string // version: the one the warning names beside the name
		file          func(name string) string
	}{
		{"no root reaches", "@1", func(name string) string {
			return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6},"roots":[{"hash":"` + a + `","spec":"zlib"}],"concrete_specs":{"` + a + `":` + node(`"zlib"`, a) + `,"` + b + `":` + node(name, b) + `}}`
		}},
		{"keyed by another hash", "", func(name string) string {
			return `{"database":{"version":"7","installs":{"` + a + `":{"spec":` + node(name, b) + `,"ref_count":0,"in_buildcache":true}}}}`
		}},
		{"a DAG hash with another", "", func(name string) string { return twins(name, "1") }},
		// A twin of another version, each named with its version.
		{"a DAG hash with another", "@2", func(name string) string { return twins(name, "2") }},
		// A twin of another compiler, read as the other's facets (each
		// named with its version).
		{"of other facets", "@1", func(name string) string {
			return strings.Replace(twins(name, "1"), `"version":"9"}`, `"version":"10"}`, 1)
		}},
	} {
		for _, name := range append([]string{"a, b", "a\nb", "a\u202eb"}, longNames[:]...) {
			set, err := Decode("x.lock", []byte(c.file(strconv.Quote(name))))
			if err != nil {
				t.Fatalf("%s, %q: %v", c.what, name, err)
			}
			found := false
			for _, w := range set.Warnings {
				if !strings.Contains(w.Message, c.what) {
					continue
				}
				found = true
				want := "(" + quotedWant(name+c.version)
				if !strings.Contains(w.Message, want) || strings.ContainsAny(w.Message, "\n\u202e") {
					t.Errorf("%s, %q: %q; want the name quoted, %s", c.what, name, w.Message, want)
				}
			}
			if !found {
				t.Errorf("%s, %q: no such warning in %+v", c.what, name, set.Warnings)
			}
		}
	}
}

// TestDependencyWarningsQuoteNames (class a): the warnings of a
// dependency not in the file, and of one named for another package than
// its spec's, put the spec's package name as the file spelt it: a spec
// "z\nq" put a newline in the warning, and one named "z/aaaaaaa:
// dependency y" read as the spec z whose dependency is y. Each is named
// as the errors name a package (shown).
func TestDependencyWarningsQuoteNames(t *testing.T) {
	const a, b, c = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccccccccccccccc"
	node := func(name, hash, deps string) string {
		return fmt.Sprintf(`{"name":%s,"version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},"dependencies":[%s],"hash":%q}`, name, deps, hash)
	}
	dep := func(name, hash string) string {
		return fmt.Sprintf(`{"name":%s,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, name, hash)
	}
	for _, name := range append([]string{"z\nq", "z/aaaaaaa: dependency y", "z\u202eq"}, longNames[:]...) {
		q := strconv.Quote(name)
		for _, c := range []struct{ what, data string }{
			{"missing spec", `{"spec":{"_meta":{"version":4},"nodes":[` + node(q, a, dep(`"y"`, c)) + `]}}`},
			{"missing dependency", `{"spec":{"_meta":{"version":4},"nodes":[` + node(`"x"`, a, dep(q, c)) + `]}}`},
			{"renamed spec", `{"spec":{"_meta":{"version":4},"nodes":[` + node(q, a, dep(`"y"`, b)) + `,` + node(`"w"`, b, "") + `]}}`},
		} {
			set, err := Decode("x.spec.json", []byte(c.data))
			if err != nil {
				t.Fatalf("%s %q: %v", c.what, name, err)
			}
			if len(set.Warnings) != 1 {
				t.Fatalf("%s %q: warnings %+v; want 1", c.what, name, set.Warnings)
			}
			if m := set.Warnings[0].Message; !strings.Contains(m, quotedWant(name)) || strings.ContainsAny(m, "\n\u202e") {
				t.Errorf("%s %q: %q; want the name quoted, %s", c.what, name, m, quotedWant(name))
			}
		}
	}
}

// TestWarningHashesShown (class a, lead (c)): the warnings of a
// dependency not in the file and of one named for another package than
// its spec's cut each hash to its first 7 bytes and put them raw, and a
// dependency's hash, which need name no spec of the file, is any
// string: "c\nddddd" put a newline in the warning, "cccc\u202eddd" a
// U+202E. Each is shown, as the errors show a hash.
func TestWarningHashesShown(t *testing.T) {
	node := func(hash, deps string) string {
		return fmt.Sprintf(`{"name":"x","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},"dependencies":[%s],"hash":%q}`, deps, hash)
	}
	dep := func(hash string) string {
		return fmt.Sprintf(`{"name":"y","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, hash)
	}
	other := `,{"name":"w","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},"hash":"bbbbbbb"}`
	for _, c := range []struct{ nodes, hash string }{
		{node("aaaaaaa", dep("c\ndddddd")), "c\ndddddd"},
		{node("aaaaaaa", dep("cccc\u202eddd")), "cccc\u202eddd"},
		{node("a\naaaaaa", dep("ccccddd")), "a\naaaaaa"},
		{node("a\naaaaaa", dep("bbbbbbb")) + other, "a\naaaaaa"},
	} {
		set, err := Decode("x.spec.json", []byte(`{"spec":{"_meta":{"version":4},"nodes":[`+c.nodes+`]}}`))
		if err != nil {
			t.Fatalf("%q: %v", c.nodes, err)
		}
		if len(set.Warnings) != 1 {
			t.Fatalf("%q: warnings %+v; want 1", c.nodes, set.Warnings)
		}
		if m := set.Warnings[0].Message; !strings.Contains(m, "/"+strconv.QuoteToASCII(c.hash)) || strings.ContainsAny(m, "\n\u202e") {
			t.Errorf("%q: %q; want the hash shown, /%s", c.nodes, m, strconv.QuoteToASCII(c.hash))
		}
	}
}

// TestOtherHashWarningQuotesHashes (class c of the pass over d387a9ea):
// the warning of records keyed by another hash than their spec writes
// names the first one's key and hash shown, as the errors show a hash,
// and no test noticed them put raw: a key "k\nx" put its newline in the
// warning, a hash "h\u202ey" its U+202E.
func TestOtherHashWarningQuotesHashes(t *testing.T) {
	rec := `{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{},"hash":"h\u202ey"}`
	set, err := Decode("index.json", []byte(`{"database":{"version":"7","installs":{"k\nx":{"spec":`+rec+`,"ref_count":0,"in_buildcache":true}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Warnings) != 1 {
		t.Fatalf("warnings %+v; want 1", set.Warnings)
	}
	if m, want := set.Warnings[0].Message, `keyed "k\nx" writes "h\u202ey")`; !strings.Contains(m, want) || strings.ContainsAny(m, "\n\u202e") {
		t.Errorf("%q; want the key and the hash shown, %s", m, want)
	}
}
