package main

import (
	"bytes"
	"github.com/cachediff/cachediff/internal/shellword"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestDashedRangeAfterDashes (class e): cachediff -C DIR -- -y..-z X, of
// branches -y and -z, said "-y..-z comes after --, which makes every
// word after it an argument: put flags before --", a flag it is not.
// It is told the range with its ref written in full and the log of it,
// which, pasted as bash reads it, steps through it (exit 1); so a
// reversed one (-z..-y) the range the other way; a word git knows no
// ref of (-q) keeps the flag's message.
func TestDashedRangeAfterDashes(t *testing.T) {
	bash, dir := snapRepo(t)
	for _, ref := range [][]string{{"refs/heads/-z", "HEAD"}, {"refs/heads/-y", "HEAD~2"}} {
		if _, err := gittest.Git(dir, nil, "update-ref", ref[0], ref[1]); err != nil {
			t.Fatal(err)
		}
	}
	const flag = "put flags before --"
	for word, before := range map[string]string{"-y..-z": "a log of PATH over it is ", "-z..-y": "; to run it: ", "-q": ""} {
		var stdout, stderr bytes.Buffer
		args := []string{"-C", dir, "--", word, "HEAD:snap"}
		if code := run(args, &stdout, &stderr); code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
			continue
		}
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		_, line, ok := strings.Cut(msg, before)
		if before == "" {
			if !strings.Contains(msg, flag) {
				t.Errorf("%q: %s; want the flag's message", args, msg)
			}
			continue
		}
		// At snap, the PATH of HEAD:snap beside, not the placeholder.
		if !ok || strings.Contains(msg, flag) || !strings.Contains(msg, "begins with -") || !strings.HasSuffix(line, " snap") {
			t.Errorf("%q: %s; want the range with its ref in full, and a log of it to run", args, msg)
			continue
		}
		if code := pasteRun(t, bash, line); code != exitDiffers {
			t.Errorf("%q: the log given, %s, pasted: exit %d, want %d", args, line, code, exitDiffers)
		}
	}
}

// TestDashedAmbiguousAfterDashes (class e): after --, a word of a dashed
// name git reads as more than one ref (-x..-y, of a tag and a branch -y;
// -y..HEAD) or as a file of the git directory alone (-q@{1}, a reflog of
// it) still said "put flags before --", a flag it is not: Undashed gave
// nothing for them. They are told the log's refusal of the range with
// each way written whole, each ref as cachediff reads it, or the commit
// the reflog reads, which pasted loads.
func TestDashedAmbiguousAfterDashes(t *testing.T) {
	bash, dir := snapRepo(t)
	for _, ref := range [][]string{{"refs/heads/-x", "HEAD~2"}, {"refs/heads/-y", "HEAD"}, {"refs/tags/-y", "HEAD~1"}} {
		if _, err := gittest.Git(dir, nil, "update-ref", ref[0], ref[1]); err != nil {
			t.Fatal(err)
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, ".git", "logs", "HEAD"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, ".git", "-q"), []byte(gitOut(t, dir, "rev-parse", "HEAD")+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, ".git", "logs", "-q"), log, 0o644)
	reflog := gitOut(t, dir, "rev-parse", "HEAD@{1}")[:12]
	for word, want := range map[string]string{
		"-x..-y": "written whole, refs/heads/-x..refs/tags/-y or refs/heads/-x..refs/heads/-y",
		// The log at snap too, not at the placeholder PATH.
		"-y..HEAD": "write the one meant: cachediff -C " + dir + " log --revs refs/tags/-y..HEAD snap or ",
		// At snap, the PATH of the other argument, HEAD:snap: it was
		// given at the example folder _cache/develop.
		"-q@{1}": "write it by its commit: git:" + reflog + ":snap (the commit -q@{1} reads now, for -q in the git directory",
	} {
		var stdout, stderr bytes.Buffer
		args := []string{"-C", dir, "--", word, "HEAD:snap"}
		code := run(args, &stdout, &stderr)
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || strings.Contains(msg, "put flags before --") || !strings.Contains(msg, want) {
			t.Errorf("%q: exit %d, %s; want %d, %q", args, code, msg, exitTrouble, want)
		}
	}
	if code := pasteRun(t, bash, "cachediff -C "+dir+" git:"+reflog+":snap HEAD:snap"); code != exitDiffers {
		t.Errorf("the reflog's commit given, pasted: exit %d, want %d", code, exitDiffers)
	}
	if err := os.MkdirAll(filepath.Join(dir, "inner", "snap"), 0o755); err != nil {
		t.Fatal(err)
	}
	inner := filepath.Join(dir, "inner")
	gitOut(t, inner, "init", "-q")
	// Its -C, from this package's folder, far away: absolute, which is
	// right pasted from any folder (lead c of g17), not ../../../tmp/…
	// (filepath.Rel), right pasted here alone.
	innerHint := "with -C " + shellword.Shown(inner) + " (each path then from there), it is git:HEAD:snap"
	// Of no commit yet, the log's refusal of it, not that log to run,
	// which pasted was refused (lead a of g19).
	innerLog := "which this one's revisions do not read: a log of it over the range (cachediff -C " + shellword.Shown(inner) + " log --revs 'HEAD~1..HEAD' snap) refuses: unknown revision HEAD~1 in the range HEAD~1..HEAD (this repository has no commit yet)"
	if err := os.Mkdir(filepath.Join(dir, "fresh"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Below a .git file whose gitdir: leads nowhere, which git run
	// there refuses and this repository's git passes over (lead b of
	// g19): given the example git:HEAD~1:_cache/develop, not its path.
	deadGitFile(t, filepath.Join(dir, "bad"))
	// A revision without its PATH beside a folder on disk (from a
	// subfolder, -C .., the folder's path from the top) is given at
	// it, which pasted loads; beside a URL or standard input, at the
	// example.
	for args, want := range map[[3]string]string{
		{dir, "HEAD~1", "snap"}:                     "'git:HEAD~1:snap')",
		{filepath.Join(dir, "snap"), "HEAD~1", "."}: "'git:HEAD~1:snap')",
		{dir, "HEAD~1", "-"}:                        "'git:HEAD~1:_cache/develop')",
		// Absolute, or ../ from a subfolder, inside the work tree:
		// given the example.
		{dir, "HEAD~1", filepath.Join(dir, "snap")}:       "'git:HEAD~1:snap')",
		{filepath.Join(dir, "snap"), "HEAD~1", "../snap"}: "'git:HEAD~1:snap')",
		// A range's log at X as the log reads it, from the current
		// folder: given the placeholder PATH.
		{dir, "HEAD~1..HEAD", "snap"}: "log --revs 'HEAD~1..HEAD' snap",
		// In a nested repository (a submodule), which this one does not
		// hold: not git:HEAD~1:inner/snap, a path of no commit, nor the
		// example (lead d of g16), but its own REV:PATH, read there.
		// Of no commit yet: said so, not given git:HEAD:snap there,
		// which pasted was refused, unknown.
		{dir, "HEAD", "inner/snap"}: "which this one's revisions do not read, and whose git knows no commit HEAD",
		// A range beside it: given the superproject's log at the
		// placeholder PATH (lead d of g17); its own, as a revision's.
		{dir, "HEAD~1..HEAD", "inner/snap"}: innerLog,
		// A folder of no commit (cd sub; cachediff HEAD~1 .): given
		// git:HEAD~1:fresh, which pasted said it does not exist, with
		// no word of it (lead 5 of g14).
		{filepath.Join(dir, "fresh"), "HEAD~1", "."}:              "'git:HEAD~1:fresh', which 'HEAD~1' does not hold)",
		{filepath.Join(dir, "snap"), "HEAD~1..HEAD", "HEAD:snap"}: "log --revs 'HEAD~1..HEAD' .",
		// The top of the work tree is REV: with no PATH after the
		// colon: it was given the example.
		{dir, "HEAD~1", "."}:        "'git:HEAD~1:')",
		{dir, "HEAD~1", "bad/snap"}: "'git:HEAD~1:bad/snap', which 'HEAD~1' does not hold)",
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", args[0], args[1], args[2]}, &stdout, &stderr)
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || !strings.HasSuffix(msg, want) {
			t.Errorf("%q: exit %d, %s; want %d, %q", args, code, msg, exitTrouble, want)
		}
	}
	if code := pasteRun(t, bash, "cachediff -C "+dir+" git:HEAD~1:snap snap"); code != exitDiffers {
		t.Errorf("HEAD~1's hint, pasted: exit %d, want %d", code, exitDiffers)
	}
	if code := pasteRun(t, bash, "cachediff -C "+filepath.Join(dir, "snap")+" log --revs 'HEAD~1..HEAD' ."); code != exitDiffers {
		t.Errorf("HEAD~1..HEAD's hint from snap, pasted: exit %d, want %d", code, exitDiffers)
	}
	if code := pasteRun(t, bash, "cachediff -C "+dir+" git:HEAD~1: ."); code != exitDiffers {
		t.Errorf("HEAD~1's hint at the top, pasted: exit %d, want %d", code, exitDiffers)
	}
	// Pasted, of a nested repository of one commit, its snap the outer
	// one's (a submodule's, given from the superproject).
	if err := os.Remove(filepath.Join(inner, "snap")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(inner, "snap"), os.DirFS(filepath.Join(dir, "snap"))); err != nil {
		t.Fatal(err)
	}
	gitOut(t, inner, "add", "snap")
	gitOut(t, inner, "commit", "-q", "-m", "snap")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", dir, "HEAD", "inner/snap"}, &stdout, &stderr); code != exitTrouble || !strings.HasSuffix(stderr.String(), innerHint+"\n") {
		t.Errorf("HEAD inner/snap, inner of one commit: exit %d, %s; want %q", code, stderr.String(), innerHint)
	}
	if code := pasteRun(t, bash, "cachediff -C "+shellword.Shown(inner)+" git:HEAD:snap snap"); code != exitSame {
		t.Errorf("HEAD's hint beside a nested repository's snap, pasted: exit %d, want %d", code, exitSame)
	}
	// From the superproject's top, the nested one's -C is from there
	// (below it): inner, pasted there.
	t.Chdir(dir)
	stderr.Reset()
	if code := run([]string{"HEAD", "inner/snap"}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "with -C inner (each path then from there), it is git:HEAD:snap\n") {
		t.Errorf("HEAD inner/snap from the top: exit %d, %s; want -C inner", code, stderr.String())
	}
	if code := pasteRun(t, bash, "cachediff -C inner git:HEAD:snap snap"); code != exitSame {
		t.Errorf("HEAD's hint from the top, pasted: exit %d, want %d", code, exitSame)
	}
	// Past this repository's root (3 commits), not the nested one's (4):
	// it was told this one's root, of HEAD~3 and of HEAD~3..HEAD, which
	// the user did not mean; past both, that neither knows it.
	for range 3 {
		gitOut(t, inner, "commit", "-q", "--allow-empty", "-m", "e")
	}
	// Through a symbolic link into it, X's path does not end its own
	// (70e844bf): -C lnk was given, X itself, read as the nested top.
	if err := os.Symlink(filepath.Join("inner", "snap"), filepath.Join(dir, "lnk")); err != nil {
		t.Fatal(err)
	}
	for args, want := range map[[2]string]string{
		{"HEAD~3", "inner/snap"}:       "with -C inner (each path then from there), it is 'git:HEAD~3:snap'\n",
		{"HEAD~1", "lnk"}:              "'git:HEAD~1:_cache/develop')\n",
		{"HEAD~3..HEAD", "inner/snap"}: "; 'HEAD~3..HEAD' is a range of git revisions; inner/snap is in another repository (a submodule or a nested one), which this one's revisions do not read: a log of it over the range is cachediff -C inner log --revs 'HEAD~3..HEAD' snap\n",
		{"HEAD~9", "inner/snap"}:       "; 'HEAD~9' is an unknown git revision, here and in the repository inner/snap is in, at inner (a submodule or a nested one)\n",
		// Past both roots, and reversed: the nested repository's log
		// was given, which it refused in turn (lead a of g19); its
		// refusal is said, and the range it names to run.
		{"HEAD~5..HEAD", "inner/snap"}: "a log of it over the range (cachediff -C inner log --revs 'HEAD~5..HEAD' snap) refuses: unknown revision HEAD~5 in the range HEAD~5..HEAD (it is past the root: the first-parent line of HEAD holds 4 commits, the oldest HEAD~3, commit " + gitOut(t, inner, "rev-parse", "--short=12", "HEAD~3") + ")\n",
		{"HEAD..HEAD~1", "inner/snap"}: "is reversed: HEAD~1 is an ancestor of HEAD, so it selects no commit; 'HEAD~1..HEAD' is the other way round; to run it: cachediff -C inner log --revs 'HEAD~1..HEAD' snap\n",
	} {
		stderr.Reset()
		if code := run(args[:], &stdout, &stderr); code != exitTrouble || !strings.HasSuffix(stderr.String(), want) {
			t.Errorf("%q past this repository's root: exit %d, %s; want %q", args, code, stderr.String(), want)
		}
	}
	if code := pasteRun(t, bash, "cachediff -C inner log --revs 'HEAD~1..HEAD' snap"); code != exitSame {
		t.Errorf("HEAD..HEAD~1's range to run beside inner/snap, pasted: exit %d, want %d", code, exitSame)
	}
	if code := pasteRun(t, bash, "cachediff -C inner git:HEAD~3:snap snap"); code != exitSame {
		t.Errorf("HEAD~3's hint beside inner/snap, pasted: exit %d, want %d", code, exitSame)
	}
	// A name of a tag and a branch of the nested repository alone: its
	// REV:PATH given, git:v1~1:snap, was refused pasted, as ambiguous.
	gitOut(t, inner, "tag", "v1", "HEAD~1")
	gitOut(t, inner, "branch", "v1", "HEAD")
	stderr.Reset()
	if code := run([]string{"v1~1", "inner/snap"}, &stdout, &stderr); code != exitTrouble || !strings.HasSuffix(stderr.String(), "it is 'git:refs/tags/v1~1:snap' or 'git:refs/heads/v1~1:snap'\n") {
		t.Errorf("v1~1 inner/snap, v1 a tag and a branch of inner: exit %d, %s; want each way written whole", code, stderr.String())
	}
	if code := pasteRun(t, bash, "cachediff -C inner git:refs/tags/v1~1:snap snap"); code != exitSame {
		t.Errorf("v1~1's hint beside inner/snap, pasted: exit %d, want %d", code, exitSame)
	}
	// A nested repository 3,000 bytes down: its top was named thrice
	// in the range's hint, and the line's cap (8 KiB) cut the command.
	long := strings.Repeat(strings.Repeat("d", 199)+"/", 15) + "n"
	if err := os.MkdirAll(filepath.Join(long, "snap"), 0o755); err != nil {
		t.Fatal(err)
	}
	gitOut(t, long, "init", "-q")
	stderr.Reset()
	code := run([]string{"HEAD~1..HEAD", long + "/snap"}, &stdout, &stderr)
	line, _, _ := strings.Cut(stderr.String(), "\n")
	if want := " log --revs 'HEAD~1..HEAD' snap) refuses: unknown revision HEAD~1 in the range HEAD~1..HEAD (this repository has no commit yet)"; code != exitTrouble || !strings.HasSuffix(line, "(cachediff -C "+long+want) {
		t.Errorf("HEAD~1..HEAD beside a nested repository 3,000 bytes down: exit %d, %d bytes, ending %q; want the log whole", code, len(line), line[max(0, len(line)-80):])
	}
	// HEAD~9..HEAD snap, past the root: its hint asked git whether each
	// end is a commit and how many commits HEAD's line holds, then the
	// log's refusal asked again, and that ran cat-file -t, rev-parse
	// --verify and cat-file -e of its unknown end (leads a and b of
	// g17): 13 git processes, 9 now, the refusal the same.
	count := countGitRuns(t)
	stderr.Reset()
	code = run([]string{"HEAD~9..HEAD", "snap"}, &stdout, &stderr)
	if runs := count(); code != exitTrouble || runs > 9 || !strings.Contains(stderr.String(), "refuses: unknown revision HEAD~9 in the range HEAD~9..HEAD (it is past the root: the first-parent line of HEAD holds ") {
		t.Errorf("HEAD~9..HEAD snap: exit %d, %d git processes, %s; want %d, at most 9, the log's refusal", code, runs, stderr.String(), exitTrouble)
	}
	// X in this repository's work tree, no link on the way: git was
	// asked at X whether it is another repository's (rev-parse
	// --show-toplevel), 7 processes; the file system says it is not.
	stderr.Reset()
	code = run([]string{"HEAD~1..HEAD", "snap"}, &stdout, &stderr)
	if runs := count(); code != exitTrouble || runs > 6 || !strings.HasSuffix(stderr.String(), "a log of PATH over it is cachediff log --revs 'HEAD~1..HEAD' snap\n") {
		t.Errorf("HEAD~1..HEAD snap: exit %d, %d git processes, %s; want %d, at most 6, the log", code, runs, stderr.String(), exitTrouble)
	}
	// An end that is a tree: "no such file or directory" alone.
	stderr.Reset()
	code = run([]string{"HEAD^{tree}..HEAD", "snap"}, &stdout, &stderr)
	if !strings.Contains(stderr.String(), "refuses: revision HEAD^{tree} in the range HEAD^{tree}..HEAD is a tree, not a commit") || code != exitTrouble {
		t.Errorf("HEAD^{tree}..HEAD snap: exit %d, %s; want %d, said to be a tree", code, stderr.String(), exitTrouble)
	}
	// A submodule not checked out, an empty folder: given git:HEAD:mod,
	// which pasted said it is a submodule; said so, with nothing to
	// paste.
	gitOut(t, dir, "update-index", "--add", "--cacheinfo", "160000,1111111111111111111111111111111111111111,mod")
	// And one never checked out, an empty folder (deadCheckout's first
	// check, which no case reached).
	gitOut(t, dir, "update-index", "--add", "--cacheinfo", "160000,1111111111111111111111111111111111111111,emp")
	if err := os.Mkdir(filepath.Join(dir, "emp"), 0o755); err != nil {
		t.Fatal(err)
	}
	gitOut(t, dir, "commit", "-q", "-m", "mod")
	// And a folder below it, its .git leading nowhere: given
	// git:HEAD:mod/snap, "which HEAD does not hold", of a path through
	// a submodule there.
	deadGitFile(t, filepath.Join(dir, "mod"))
	// A range beside either was given the log of it, which pasted said
	// PATH passes through a submodule.
	for _, args := range [][]string{{"HEAD", "mod"}, {"HEAD", "mod/snap"}, {"HEAD~1..HEAD", "mod"}, {"HEAD~1..HEAD", "mod/snap"}, {"HEAD~1..HEAD", "emp"}} {
		stderr.Reset()
		code = run(args, &stdout, &stderr)
		if msg, _, _ := strings.Cut(stderr.String(), "\n"); code != exitTrouble || !strings.HasSuffix(msg, "; at HEAD, "+args[1][:3]+" is a submodule, whose pages are in another repository, which this one's revisions do not read (it is not checked out here as one)") {
			t.Errorf("%q, %s a submodule not checked out: exit %d, %s; want %d, said to be one", args, args[1][:3], code, stderr.String(), exitTrouble)
		}
	}
}

// TestDashedFolderHints checks the messages of a folder "-x y": given as
// X without -- it was an unknown shorthand alone, and a log over no
// change of it said its path unquoted; and the hint of HEAD~1 beside a
// branch HEAD, which was git:HEAD~1:snap, refused as ambiguous when
// pasted: each way given is taken; and the hint of a range given from
// -C -q (a folder of that name) pasted.
func TestDashedFolderHints(t *testing.T) {
	bash, dir := snapRepo(t)
	index, err := os.ReadFile(filepath.Join(dir, "snap", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "-x y"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "-x y", "index.json"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-C", dir, "HEAD:snap", "-x y"}, &stdout, &stderr)
	if want := "; '-x y' is a path here: write it './-x y', or put it after -- (cachediff -- OLD NEW)"; code != exitTrouble || !strings.Contains(stderr.String(), want) {
		t.Errorf("-x y: exit %d, %s; want %d, %q", code, stderr.String(), exitTrouble, want)
	}
	for _, line := range []string{"cachediff -C " + dir + " HEAD:snap './-x y'", "cachediff -C " + dir + " -- HEAD:snap '-x y'"} {
		if code := pasteRun(t, bash, line); code != exitSame {
			t.Errorf("%s, pasted: exit %d, want %d", line, code, exitSame)
		}
	}
	// A word whose first folder is on disk, one near a folder beginning
	// with - (lead b of g13: pflag's message alone, or "did you mean -C"),
	// and log's way after --, not the diff's (cachediff -- OLD NEW).
	for _, c := range []struct {
		args       []string
		want, line string
	}{
		{[]string{"HEAD:snap", "-x y/"}, "; '-x y/' is a path here: write it './-x y/'", ""},
		{[]string{"HEAD:snap", "-x y/index.jsn"}, "; '-x y/index.jsn' begins with the folder '-x y' here: write it './-x y/index.jsn'", ""},
		{[]string{"HEAD:snap", "-x yy"}, "; no path '-x yy' is here, but '-x y' is: write it './-x y', or put it after -- (cachediff -- OLD NEW)", ""}, // the way pasted above
		{[]string{"HEAD:snap", "-x \u0443"}, "; no path $'-x \\xd1\\x83' is here, but '-x y' is: write it './-x y'", ""},
		{[]string{"log", "--revs", "HEAD~1..HEAD", "-x y"}, "; '-x y' is a path here: write it './-x y', or put it after -- (cachediff log --revs RANGE -- PATH)", ""},
		{[]string{"log", "HEAD:snap", "-x y"}, "or put it after -- (cachediff log -- SNAPSHOT SNAPSHOT [SNAPSHOT...])", ""},
	} {
		stderr.Reset()
		code := run(append([]string{"-C", dir}, c.args...), &stdout, &stderr)
		if msg, _, _ := strings.Cut(stderr.String(), "\n"); code != exitTrouble || !strings.Contains(msg, c.want) {
			t.Errorf("%q: exit %d, %s; want %d, %q", c.args, code, stderr.String(), exitTrouble, c.want)
		}
		if c.line != "" {
			if code := pasteRun(t, bash, c.line); code != exitSame {
				t.Errorf("%s, pasted: exit %d, want %d", c.line, code, exitSame)
			}
		}
	}
	// -C given after the word, which pflag did not read: the word was
	// looked for in the current folder.
	stderr.Reset()
	// So of -CDIR, and of the last -C, which pflag reads once the word
	// is mended: -CDIR was looked for in the current folder, and of -C
	// a … -C b, a was.
	// Each way of writing -C after another unread one is the last: a
	// -C DIR or -CDIR kept an earlier unread folder, and no case held it.
	other := t.TempDir()
	for _, args := range [][]string{{"HEAD:snap", "-x y", "-C", dir}, {"HEAD:snap", "-x y", "-C" + dir}, {"-C", t.TempDir(), "HEAD:snap", "-x y", "-C", "-Cx", "--directory=" + dir},
		{"HEAD:snap", "-x y", "-C", other, "-C", dir}, {"HEAD:snap", "-x y", "--directory=" + other, "-C" + dir},
		// -C in a group of short flags, as pflag reads it (lead c of
		// g16): -qC DIR, -qCDIR and -qC=DIR were not looked in.
		{"HEAD:snap", "-x y", "-qC", dir}, {"HEAD:snap", "-x y", "-qC" + dir}, {"HEAD:snap", "-x y", "-C", other, "-qqC=" + dir}, {"HEAD:snap", "-x y", "-C", dir, "-\u00e9C", other}} {
		stderr.Reset()
		if code := run(args, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "; '-x y' is a path here: write it './-x y'") {
			t.Errorf("%q: exit %d, %s; want %d, the path's hint", args, code, stderr.String(), exitTrouble)
		}
	}
	// -y:snap, of a tag -y, REV:PATH: pflag's message alone, and after
	// -- it was said to be a flag put after it; beside a folder of its
	// name, each way.
	gitOut(t, dir, "update-ref", "refs/tags/-y", "HEAD~1")
	gitOut(t, dir, "update-ref", "refs/tags/-t", "HEAD~1")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-y:snap", "snap"}, "unknown shorthand flag: 'y' in -y:snap; -y:snap is REV:PATH, whose revision -y begins with -, which git would read as an option: with its ref written in full, refs/tags/-y:snap\n"},
		{[]string{"--", "-y:snap", "snap"}, "-y:snap, read as a snapshot, names nothing on disk; -y:snap is REV:PATH, whose revision -y begins with -, which git would read as an option: with its ref written in full, refs/tags/-y:snap\n"},
		// -t:snap, of a tag -t, read as -t (--template) given :snap:
		// "got 1 argument" alone.
		{[]string{"-t:snap", "snap"}, "got 1 argument (-t:snap was read as -t (--template) given :snap; for REV:PATH, whose revision begins with -, write its ref in full: refs/tags/-t:snap)\n"},
		{[]string{"-y:snap/", "snap"}, "; -y:snap/ is a path here, and REV:PATH of a revision git knows: write ./-y:snap/ for the one on disk, refs/tags/-y:snap/ for the revision\n"},
	} {
		if c.args[0] == "-y:snap/" {
			if err := os.Mkdir(filepath.Join(dir, "-y:snap"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		stderr.Reset()
		code := run(append([]string{"-C", dir}, c.args...), &stdout, &stderr)
		if msg, _, _ := strings.Cut(stderr.String(), "\n"); code != exitTrouble || !strings.HasSuffix(msg+"\n", c.want) {
			t.Errorf("%q: exit %d, %s; want %d, ending %q", c.args, code, stderr.String(), exitTrouble, c.want)
		}
	}
	if err := os.Remove(filepath.Join(dir, "-y:snap")); err != nil {
		t.Fatal(err)
	}
	// -y~9:snap, past the root of -y: given refs/tags/-y~9:snap, which
	// pasted was refused in turn, with no word of it.
	stderr.Reset()
	if code := run([]string{"-C", dir, "-y~9:snap", "snap"}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "'refs/tags/-y~9:snap', an unknown revision (it is past the root: the first-parent line of refs/tags/-y holds 2 commits") {
		t.Errorf("-y~9:snap: exit %d, %s; want %d, said to be past the root", code, stderr.String(), exitTrouble)
	}
	if line := "cachediff -C " + dir + " refs/tags/-y:snap snap"; pasteRun(t, bash, line) != exitDiffers {
		t.Errorf("%s, pasted: want exit %d", line, exitDiffers)
	}
	// -C given as a relative folder that begins with -: the log's hint
	// wrote -C -q, which pasted was refused (-q read as a flag given as
	// -C's value).
	link := filepath.Join(t.TempDir(), "-q")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(link))
	stderr.Reset()
	code = run([]string{"-C=-q", "HEAD~1..HEAD", "snap"}, &stdout, &stderr)
	if want := "cachediff -C ./-q log --revs 'HEAD~1..HEAD' snap"; code != exitTrouble || !strings.HasSuffix(strings.SplitN(stderr.String(), "\n", 2)[0], want) {
		t.Errorf("-C=-q HEAD~1..HEAD snap: exit %d, %s; want %d, ending %q", code, stderr.String(), exitTrouble, want)
	} else if code := pasteRun(t, bash, want); code != exitDiffers {
		t.Errorf("%s, pasted: exit %d, want %d", want, code, exitDiffers)
	}
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-qm", "-x y"}, {"commit", "-q", "--allow-empty", "-m", "empty"}} {
		gitOut(t, dir, args...)
	}
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"-C", dir, "log", "--revs", "HEAD~1..HEAD", "./-x y"}, &stdout, &stderr)
	if want := `no commit in this range changed "-x y" (HEAD\~1..HEAD)`; code != exitSame || !strings.Contains(stdout.String(), want) || !strings.Contains(stderr.String(), `changed "-x y" (HEAD~1..HEAD): the log is "-x y" as`) {
		t.Errorf("log of -x y over an empty commit: exit %d, %s%s; want %d, %q", code, stdout.String(), stderr.String(), exitSame, want)
	}
	gitOut(t, dir, "update-ref", "refs/heads/HEAD", "HEAD~1")
	stderr.Reset()
	code = run([]string{"-C", dir, "HEAD~1", "snap"}, &stdout, &stderr)
	msg, _, _ := strings.Cut(stderr.String(), "\n")
	ways := regexp.MustCompile(`'(git:[^']*:snap)'`).FindAllStringSubmatch(msg, -1)
	if code != exitTrouble || len(ways) != 2 || ways[1][1] != "git:refs/heads/HEAD~1:snap" || !strings.Contains(msg, `"HEAD" is the name of more than one ref`) {
		t.Fatalf("HEAD~1 beside a branch HEAD: exit %d, %s; want %d, each way whole", code, msg, exitTrouble)
	}
	for _, w := range ways {
		if code := pasteRun(t, bash, "cachediff -C "+dir+" "+w[1]+" snap"); code != exitSame && code != exitDiffers {
			t.Errorf("HEAD~1's way %s, pasted: exit %d", w[1], code)
		}
	}
	// HEAD~4, the root, beside a branch HEAD of 4 commits, whose
	// refs/heads/HEAD~4 is none, and HEAD itself: each was told "(REV
	// written in full)", nothing to paste (lead a of g13); the ways git
	// knows are given, and the one it knows no commit of said so.
	for _, c := range []struct {
		rev     string
		n       int
		unknown string
	}{{"HEAD~4", 1, "; 'refs/heads/HEAD~4', the other way written whole, is an unknown revision (it is past the root: the first-parent line of refs/heads/HEAD holds 4 commits, the oldest refs/heads/HEAD~3, commit "}, {"HEAD", 2, "git:refs/heads/HEAD:snap)"}} {
		stderr.Reset()
		code = run([]string{"-C", dir, c.rev, "snap"}, &stdout, &stderr)
		msg, _, _ = strings.Cut(stderr.String(), "\n")
		ways = regexp.MustCompile(`'?(git:[^' ]*:snap)'?`).FindAllStringSubmatch(msg, -1)
		if code != exitTrouble || len(ways) != c.n || !strings.Contains(msg, c.unknown) || !strings.HasSuffix(msg, ")") {
			t.Errorf("%s beside a branch HEAD: exit %d, %s; want %d, %d ways, ending %q", c.rev, code, msg, exitTrouble, c.n, c.unknown)
		}
		for _, w := range ways {
			if code := pasteRun(t, bash, "cachediff -C "+dir+" "+w[1]+" snap"); code != exitSame && code != exitDiffers {
				t.Errorf("%s's way %s, pasted: exit %d", c.rev, w[1], code)
			}
		}
	}
}

// deadGitFile makes the folder d holding snap/ and a .git file whose
// gitdir: leads nowhere, which git run below it refuses and git above
// it passes over.
func deadGitFile(t *testing.T, d string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(d, "snap"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, ".git"), []byte("gitdir: nowhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gitOut is git's output in dir, its line's end cut.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := gittest.Git(dir, nil, args...)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}
