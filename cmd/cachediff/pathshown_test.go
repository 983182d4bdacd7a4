package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/sandbox"
)

// TestFlagPathsShownApart (class a): the paths -C, --template, --output
// and render name were written raw, and standard error writes a newline
// or a control character as its escape: the folder "a\nb" of a newline
// and the folder a\nb of a backslash both said "-C a\nb: no such file or
// directory", and so did render and --template of files so named,
// missing, folders or no report. Each path is written as
// report.VisibleInput writes it, a backslash doubled: no two of these
// runs say the same, and each says it on one line.
func TestFlagPathsShownApart(t *testing.T) {
	t.Chdir(t.TempDir())
	writeGoodLock(t)
	said := map[string]string{}
	for _, name := range []string{"a\nb", `a\nb`, "a\tb", `a\tb`, "a\u202eb", `a\u202eb`} {
		for _, state := range []string{"missing", "folder", "file"} {
			switch state {
			case "folder":
				if err := os.Mkdir(name, 0o755); err != nil {
					t.Fatal(err)
				}
			case "file":
				if err := os.Remove(name); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, []byte("{}"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range [][]string{
				{"-C", name, "good.lock", "good.lock"},
				{"render", name},
				{"-t", name, "good.lock", "good.lock"},
				{"-o", name, "good.lock", "good.lock"},
			} {
				if state == "file" && args[0] != "render" && args[0] != "-C" || state == "missing" && args[0] == "-o" {
					continue // a template or a report written: no error
				}
				var stdout, stderr bytes.Buffer
				code := run(args, &stdout, &stderr)
				got := stderr.String()
				row := state + " " + strings.Join(args, " ")
				if code != exitTrouble || strings.Count(strings.TrimSuffix(got, "cachediff: run 'cachediff --help' for usage\n"), "\n") != 1 {
					t.Errorf("%q (%s): exit %d, stderr %q; want 2 and one line", args, state, code, got)
				}
				if prev, dup := said[got]; dup {
					t.Errorf("%q and %q both said %q", prev, row, got)
				}
				said[got] = row
			}
		}
	}
}

// TestSameSnapshotPathsShownApart (class a): where a log's step, a
// saved report's or log's sides, or --output and an input, are the same
// file, the message named the path raw, and standard error writes a
// newline as its escape: the folders "q\nr" of a newline and q\nr of a
// backslash said the same ("step 1: snapshots 1 and 2 are the same
// snapshot (q\nr)", "--output q\nr: it is an input", "render: q\nr/l.json
// is a log"). e5e83e17 named the
// diff's pair as a path is shown; these are named so too (shownArg,
// report.VisibleInput): no two of these runs say the same. An --output
// that is an input under another path ("--output q\nr/p.lock: it is the
// input p.lock", and the other way round) and a saved log that does not
// decode ("reading q\nr/bad.json") had no run here: with either path of
// the first, or the second, written raw, no test failed (class c).
func TestSameSnapshotPathsShownApart(t *testing.T) {
	t.Chdir(t.TempDir())
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	if err := os.WriteFile("t.tmpl", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("p.lock", lock, 0o644); err != nil {
		t.Fatal(err)
	}
	said := map[string]string{}
	for _, name := range []string{"q\nr", `q\nr`} {
		if err := os.Mkdir(name, 0o755); err != nil {
			t.Fatal(err)
		}
		lockfile := name + "/spack.lock"
		if err := os.WriteFile(lockfile, lock, 0o644); err != nil {
			t.Fatal(err)
		}
		// The plain p.lock under another path, q\nr/p.lock.
		if err := os.Link("p.lock", name+"/p.lock"); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name+"/bad.json", []byte(`{"schema":"cachediff/log/v1","steps":5}`), 0o644); err != nil {
			t.Fatal(err)
		}
		saved, savedLog := name+"/r.json", name+"/l.json"
		for _, args := range [][]string{
			{"-f", "json", "-o", saved, name, name + "/"},
			{"log", "-f", "json", "-o", savedLog, name, name + "/"},
		} {
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code == exitTrouble {
				t.Fatalf("%q: exit 2: %s", args, stderr.String())
			}
		}
		for _, args := range [][]string{
			{"log", "--fail-on", "any", name, name + "/"},
			{"render", "--fail-on", "any", saved},
			{"render", "--fail-on", "any", savedLog},
			{"render", "-t", "t.tmpl", savedLog},
			{"-o", lockfile, lockfile, lockfile},
			{"-o", name + "/p.lock", "p.lock", "p.lock"},
			{"-o", "p.lock", name + "/p.lock", name + "/p.lock"},
			{"render", name + "/bad.json"},
		} {
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			got := stderr.String()
			if code != exitTrouble || strings.Count(strings.TrimSuffix(got, "cachediff: run 'cachediff render --help' for usage\n"), "\n") != 1 {
				t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, got)
			}
			row := strings.Join(args, " ")
			if prev, dup := said[got]; dup {
				t.Errorf("%q and %q both said %q", prev, row, got)
			}
			said[got] = row
		}
	}
}

// TestStdinOutputAndLargeTemplateShownApart (class c): two of the
// paths ae450618 and 7412ce50 name as report.VisibleInput writes them
// had no test that fails where they are written raw: --output that is
// the file a shell redirected to standard input ("--output q\nr: it is
// standard input") and a --template over the size limit ("q\nr: …
// over"). The file "q\nr" of a newline and q\nr of a backslash say
// apart, each on one line, exit 2.
func TestStdinOutputAndLargeTemplateShownApart(t *testing.T) {
	t.Chdir(t.TempDir())
	lock := writeGoodLock(t)
	said := map[string]string{}
	for _, name := range []string{"q\nr", `q\nr`} {
		if err := os.WriteFile(name, lock, 0o644); err != nil {
			t.Fatal(err)
		}
		big := name + ".tmpl"
		if err := os.WriteFile(big, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(big, sandbox.MaxTemplate+1); err != nil { // sparse: nothing written
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"-o", name, "-", "good.lock"},
			{"-t", big, "good.lock", "good.lock"},
		} {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := (&cli{stdin: f, stdout: &stdout, stderr: &stderr}).run(args)
			f.Close()
			got := stderr.String()
			if code != exitTrouble || strings.Count(got, "\n") != 1 {
				t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, got)
			}
			row := strings.Join(args, " ")
			if prev, dup := said[got]; dup {
				t.Errorf("%q and %q both said %q", prev, row, got)
			}
			said[got] = row
		}
	}
}

// writeGoodLock writes good.lock, a lockfile of one spec, in the
// current folder, and gives its bytes.
func writeGoodLock(t *testing.T) []byte {
	t.Helper()
	lock := []byte(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`)
	if err := os.WriteFile("good.lock", lock, 0o644); err != nil {
		t.Fatal(err)
	}
	return lock
}
