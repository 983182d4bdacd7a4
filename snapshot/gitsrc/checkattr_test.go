package gitsrc

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRewrittenAbove: git's own answer (git check-attr over the
// .gitattributes above PATH) refuses a page a checkout gives ident or a
// working-tree-encoding, whatever cachediff's reading of the line
// (rewritingLine) makes of it; a line that unsets them, or gives them
// to other files, does not. rewrittenAbove is called here on its own,
// as Walk calls it when rewritingLine finds no line: each review round
// found a line git reads otherwise than rewritingLine (a byte order
// mark, a case, a quote, a blank), and let ident through the gate.
func TestRewrittenAbove(t *testing.T) {
	clone, commit := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		attrs string
		want  string // the attribute refused; "" for none
	}{
		{"*.md ident\n", "ident"},
		{"*.MD ident\n", "ident"}, // a case-insensitive file system's checkout
		{"\"*.md\"ident\n", "ident"},
		{"\"\\163pecs.md\" ident\n", "ident"},
		{"[!x]pecs.md working-tree-encoding=UTF-16LE\n", "working-tree-encoding"},
		{"[[:lower:]]pecs.md ident\n", "ident"},
		{"_cache/** ident\n", "ident"},
		{"[attr]kw ident\n*.md kw\n", "ident"},
		{"*.md -ident ident\n", "ident"},
		{"*.md ident -ident\n", ""},
		{"*.md !ident\n", ""},
		{"*.md ident=x\n", ""},
		{"*.c ident working-tree-encoding=UTF-16LE\n", ""},
		{"*.md -working-tree-encoding\n", ""},
		{"*.md ident\n!*.md\n", "ident"}, // git ignores a negative pattern
	} {
		e := judgeAbove(t, r, commit, tc.attrs)
		switch {
		case tc.want == "" && e != nil:
			t.Errorf("%q: %v; want no error", tc.attrs, e)
		case tc.want == "":
		case e == nil:
			t.Errorf("%q: no error; want one of %s", tc.attrs, tc.want)
		case !strings.HasPrefix(e.File, "HEAD:_cache/develop/") || !strings.HasSuffix(e.File, ".md") || e.Line != 0 ||
			!strings.Contains(e.Msg, "gives this page the "+tc.want+" attribute (and "):
			t.Errorf("%q: %+v; want a page of the tree, given %s, among others", tc.attrs, e, tc.want)
		}
	}
	// Named from a folder below the top, as REV:./PATH.
	commit(".gitattributes", "\"*.md\"ident\n")
	sub := filepath.Join(clone, "_cache")
	rs, err := OpenRepo(sub)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := rs.Resolve("HEAD:./develop/bc/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := tr.Files()
	if e := tr.rewrittenAbove(files); e == nil || e.File != "HEAD:_cache/develop/bc/specs.md" || strings.Contains(e.Msg, "(and ") {
		t.Errorf("one page named from below the top: %+v; want its error alone", e)
	}
	// Through the loader and a log, with no temporary folder left: a
	// line rewritingLine finds no page in ("*.c ident"), and the clone's
	// own info/attributes, which git counts when it is asked.
	commit(".gitattributes", "*.c ident\n")
	if err := os.WriteFile(filepath.Join(clone, ".git", "info", "attributes"), []byte("*.md ident\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	const want = "gives this page the ident attribute"
	if _, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a log over the commit: %v; want an error holding %q", err, want)
	}
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a load: %v; want an error holding %q", err, want)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}

// TestRewritingLineCoversGit: whatever git gives a page ident or a
// working-tree-encoding through a .gitattributes, rewritingLine names a
// line of it, over random files built of the pieces that each review
// round's bypass was made of. The line names where to look in the
// error; git's answer (rewrittenAbove) decides what rewritingLine
// misses, and a miss here is a message without its line.
func TestRewritingLineCoversGit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	patterns := []string{"*.md", "*.MD", "\"*.md\"", "*", "**", "**/*.md", "_cache/**", "zlib/specs.md", "specs.md",
		"/specs.md", "[s]pecs.md", "[!x]pecs.md", "[[:alpha:]]pecs.md", `\*.md`, "s*", "*.m?", "*.c", "docs/*.md",
		"!*.md", "#*.md", `a\ b/*`, "\"a b/specs.md\"", `"\163pecs.md"`, "*.md\v", "\ufeff*.md", "develop/", "zlib"}
	attrs := []string{"ident", "-ident", "!ident", "ident=x", "working-tree-encoding=UTF-16LE", "-working-tree-encoding",
		"text", "binary", "-text", "eol=crlf"}
	blanks := []string{" ", "\t", "\r", "  ", "\v", ""}
	rng := rand.New(rand.NewPCG(35, 1))
	const cases = 400
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	texts := make([]string, cases)
	var paths []string
	for i := range texts {
		var b strings.Builder
		if rng.IntN(6) == 0 {
			b.WriteString("\ufeff")
		}
		for range 1 + rng.IntN(3) {
			b.WriteString(patterns[rng.IntN(len(patterns))])
			for range rng.IntN(3) {
				b.WriteString(blanks[rng.IntN(len(blanks))])
				b.WriteString(attrs[rng.IntN(len(attrs))])
			}
			if rng.IntN(5) == 0 {
				b.WriteString("\r")
			}
			b.WriteString("\n")
		}
		texts[i] = b.String()
		p := filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(p, []byte(texts[i]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	out, err := gittest.Git(dir, nil, append([]string{"hash-object", "-w", "--"}, paths...)...)
	if err != nil {
		t.Fatal(err)
	}
	oids := strings.Fields(out)
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Each case's .gitattributes is in its own folder c<i>, which it
	// alone reaches (no case defines a macro), so git is asked once for
	// the pages of every case under all of them, as rewrittenPage asks it
	// for one case's pages: a git run per case cost a temporary index and
	// three git processes each.
	pages := []string{"_cache/develop/zlib/specs.md", "_cache/develop/a b/specs.md", "_cache/develop/README.md"}
	var files []attrFile
	var own []string
	for i, text := range texts {
		files = append(files, attrFile{path: fmt.Sprintf("c%d/.gitattributes", i), oid: oids[i], data: []byte(text)})
		for _, p := range pages {
			own = append(own, fmt.Sprintf("c%d/%s", i, p))
		}
	}
	got, err := r.checkAttr(files, own)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range texts {
		// The first page of the case git gives an attribute, as
		// rewrittenPage names it.
		page, attr := "", ""
		for j := range pages {
			if a := got[i*len(pages)+j]; a != "" {
				page, attr = own[i*len(pages)+j], a
				break
			}
		}
		if n, _ := rewritingLine([]byte(text)); page != "" && n == 0 {
			t.Errorf("git gives %s %s through %q, and rewritingLine names no line", page, attr, text)
		}
	}
}

// TestAttributesInRangeListsOnlyWhenNamed: a log --revs whose range has
// commits that changed a .gitattributes above PATH with no line naming
// ident or working-tree-encoding asks git for no listing of PATH at each
// of them: git's judge (rewrittenAbove) has nothing to decide there, and
// listing every page at every such commit cost a git ls-tree each.
func TestAttributesInRangeListsOnlyWhenNamed(t *testing.T) {
	clone, commit := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	runs := func(k int) int64 {
		t.Helper()
		for i := range k {
			commit(".gitattributes", fmt.Sprintf("*.c text # %d\n", i))
		}
		before := gitRuns.Load()
		if _, err := r.Series(fmt.Sprintf("HEAD~%d..HEAD", k), "_cache/develop", "", ""); err != nil && !strings.Contains(err.Error(), "no commit") {
			t.Fatal(err)
		}
		return gitRuns.Load() - before
	}
	four, eight := runs(4), runs(8)
	if eight-four > 4 {
		t.Errorf("4 more commits that changed .gitattributes (no ident) cost %d more git processes (%d, %d); want at most 4, one git cat-file each", eight-four, four, eight)
	}
}

// TestRewrittenAboveFromGitDir: git's judge answers wherever the
// repository is opened from, as the rest of REV:PATH does: from inside
// its .git folder, git check-attr run there refused with "this operation
// must be run in a work tree", a correct snapshot refused whenever a
// .gitattributes above PATH named ident for other files.
func TestRewrittenAboveFromGitDir(t *testing.T) {
	clone, commit := seriesClone(t)
	commit(".gitattributes", "*.c ident\n")
	r, err := OpenRepo(filepath.Join(clone, ".git"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := r.Resolve("HEAD:_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	files, err := tr.Files()
	if err != nil {
		t.Fatal(err)
	}
	if e := tr.rewrittenAbove(files); e != nil {
		t.Errorf("from the .git folder, no page given ident: %v; want no error", e)
	}
	if err := os.WriteFile(filepath.Join(clone, ".git", "info", "attributes"), []byte("**/bc/specs.md ident\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.attrCache.m = nil
	if e := tr.rewrittenAbove(files); e == nil || e.File != "HEAD:_cache/develop/bc/specs.md" {
		t.Errorf("from the .git folder, bc given ident: %+v; want its error", e)
	}
}

// TestRewrittenAboveEitherCase: git's judge counts a page that a
// checkout gives ident or a working-tree-encoding on a case-sensitive
// file system (a Linux runner) as well as on a case-insensitive one: a
// line that takes the attribute back under another case ("*.MD -ident")
// does so on macOS alone, and git asked with core.ignorecase=true only
// said no page had ident where a Linux checkout gives every page it.
func TestRewrittenAboveEitherCase(t *testing.T) {
	clone, commit := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		attrs string
		want  string // the attribute refused; "" for none
	}{
		{"*.md ident\n*.MD -ident\n", "ident"},
		{"*.md ident\n*.MD !ident\n", "ident"},
		{"*.md working-tree-encoding=UTF-16LE\n*.MD -working-tree-encoding\n", "working-tree-encoding"},
		{"*.MD ident\n", "ident"},
		{"*.MD ident\n*.md -ident\n", ""},
	} {
		e := judgeAbove(t, r, commit, tc.attrs)
		switch {
		case tc.want == "" && e != nil:
			t.Errorf("%q: %v; want no error", tc.attrs, e)
		case tc.want == "":
		case e == nil || !strings.Contains(e.Msg, "gives this page the "+tc.want+" attribute"):
			t.Errorf("%q: %v; want a page given %s", tc.attrs, e, tc.want)
		}
	}
}

// TestRewrittenAboveWritesNothingInRepo: git's judge writes its index in
// its temporary folder alone: in a repository configured for a split
// index (core.splitIndex, which feature.manyFiles does not set but a
// user may), git update-index wrote a sharedindex.<id> file into .git at
// each set of .gitattributes judged, left behind.
func TestRewrittenAboveWritesNothingInRepo(t *testing.T) {
	clone, commit := seriesClone(t)
	commit(".gitattributes", "*.c ident\n")
	if _, err := gittest.Git(clone, nil, "config", "core.splitIndex", "true"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := r.Resolve("HEAD:_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	files, err := tr.Files()
	if err != nil {
		t.Fatal(err)
	}
	list := func() []string {
		t.Helper()
		entries, err := os.ReadDir(filepath.Join(clone, ".git"))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	before := list()
	if e := tr.rewrittenAbove(files); e != nil {
		t.Fatal(e)
	}
	if after := list(); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Errorf(".git held %v, and after git's judge %v; want nothing written there", before, after)
	}
}

// TestRewrittenMsg: the error of a page git gives ident names the
// .gitattributes files git read it from, and counts the other pages in
// English: it said "(and 1 other pages ident or a working-tree-encoding),
// through a .gitattributes above PATH", leaving the user to find which.
func TestRewrittenMsg(t *testing.T) {
	msg := rewrittenMsg("page", "ident", 2, []attrFile{{path: ".gitattributes"}, {path: "_cache/.gitattributes"}})
	for _, want := range []string{"(and 1 other page given ident or a working-tree-encoding)", `".gitattributes"`, `"_cache/.gitattributes"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("%s\nwant it to hold %s", msg, want)
		}
	}
	if msg := rewrittenMsg("page", "working-tree-encoding", 3, []attrFile{{path: "_cache/.gitattributes"}}); !strings.Contains(msg, "(and 2 other pages given ident or a working-tree-encoding)") {
		t.Errorf("%s\nwant 2 other pages counted", msg)
	}
}

// judgeAbove commits attrs as the repository's .gitattributes and
// returns git's judgement (rewrittenAbove) of HEAD:_cache/develop.
func judgeAbove(t *testing.T, r *Repo, commit func(file, text string), attrs string) *snapshot.Error {
	t.Helper()
	commit(".gitattributes", attrs)
	tr, err := r.Resolve("HEAD:_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	files, err := tr.Files()
	if err != nil {
		t.Fatal(err)
	}
	return tr.rewrittenAbove(files)
}

// TestEncodingNoValueMsg: a .gitattributes line that gives the pages
// working-tree-encoding with no value ("*.md working-tree-encoding")
// makes git 2.39 refuse to check them out ("fatal: true/false are no
// valid working-tree-encodings"; a clone checks out nothing), where the
// error said "a checkout ... re-encodes them", above PATH and from git
// check-attr (which says "set") alike.
func TestEncodingNoValueMsg(t *testing.T) {
	for _, tc := range []struct {
		data string
		msg  string
	}{
		{"*.md working-tree-encoding\n", encodingNoValueAboveMsg},
		{"\"*.md\"working-tree-encoding\n", encodingNoValueAboveMsg},
		{"*.md working-tree-encoding=UTF-16LE working-tree-encoding\n", encodingNoValueAboveMsg},
		{"*.md working-tree-encoding working-tree-encoding=UTF-16LE\n", encodingAboveMsg},
	} {
		if n, msg := rewritingLine([]byte(tc.data)); n != 1 || msg != tc.msg {
			t.Errorf("%q: line %d, %q; want line 1, %q", tc.data, n, msg, tc.msg)
		}
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "attr"), []byte("*.md working-tree-encoding\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	oid, err := gittest.Git(dir, nil, "hash-object", "-w", "attr")
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	attrs := []attrFile{{path: ".gitattributes", oid: strings.TrimSpace(oid)}}
	page, attr, n, err := r.rewrittenPage(attrs, []string{"_cache/develop/zlib/specs.md"})
	if err != nil || n != 1 || page != "_cache/develop/zlib/specs.md" {
		t.Fatalf("rewrittenPage: %q, %q, %d, %v; want the page", page, attr, n, err)
	}
	if msg := rewrittenMsg("page", attr, n, attrs); !strings.Contains(msg, "true/false are no valid working-tree-encodings") || strings.Contains(msg, "re-encodes") || strings.Contains(msg, "checked-out folder") {
		t.Errorf("%s\nwant it to say git refuses to check the page out, not that it re-encodes it, nor to give the checked-out folder", msg)
	}
}

// TestEncodingNoValueFix: the error of a file given working-tree-encoding
// with no value told the user to "give it an encoding", yet any encoding
// but UTF-8 re-encodes the pages in a checkout, and the gate refuses the
// line again ("*.md working-tree-encoding=UTF-16LE": encodingAboveMsg);
// UTF-8 alone, or no line, passes.
func TestEncodingNoValueFix(t *testing.T) {
	attrs := []attrFile{{path: ".gitattributes"}}
	for _, msg := range []string{encodingNoValueAboveMsg, rewrittenMsg("page", encodingNoValue, 1, attrs)} {
		if strings.Contains(msg, "give it an encoding") || !strings.Contains(msg, "UTF-8") {
			t.Errorf("%s\nwant it to name UTF-8 as the only value that passes, not any encoding", msg)
		}
	}
	for _, v := range []string{"UTF-8", "utf8"} {
		if n, msg := rewritingLine([]byte("*.md working-tree-encoding=" + v + "\n")); n != 0 {
			t.Errorf("working-tree-encoding=%s: line %d, %q; want none, as the error advises it", v, n, msg)
		}
	}
	if n, msg := rewritingLine([]byte("*.md working-tree-encoding=UTF-16LE\n")); n != 1 || msg != encodingAboveMsg {
		t.Errorf("working-tree-encoding=UTF-16LE: line %d, %q; want line 1, %q", n, msg, encodingAboveMsg)
	}
}
