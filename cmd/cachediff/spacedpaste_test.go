package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// spacedWays are the ways a hint of a space after --NAME= writes: "write
// W" or "write W or W2", each a flag and its value (no word of them is
// quoted in the cases below).
var spacedWays = regexp.MustCompile(`write (\S+(?: \S+)?)(?: or (\S+(?: \S+)?))?(?:;|$)`)

// TestSpacedHintsPasted (class e): of every flag of the diff and the log
// that takes a value, given as --NAME= and a word (a value it takes, one
// with a dash before it, -x, -, --value), each way a hint writes, pasted
// in place of the two words, gets past the flags: --format= x A B,
// --ignore= - A B and --link-base= -x A B were told "write
// --format=x", "write --ignore=-", "write --link-base=-x", each then
// refused. Where no way is written, the line says what the flag takes or
// that the word is none of its values. The flags refused empty as they
// are parsed (--max-bytes= 5 A B, --template-timeout= 5s) are told of
// the space too.
func TestSpacedHintsPasted(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	// Files, so that a run past the flags fails on them without asking
	// git whether A is a revision.
	for _, name := range []string{"t.tmpl", "A", "B", "P"} {
		if err := os.WriteFile(name, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	values := map[string]string{
		"directory": "sub", "view": "v1", "max-download": "5k", "download-timeout": "5s",
		"package": "zlib", "stack": "e4s", "ignore": "version", "format": "json", "color": "never",
		"template": "t.tmpl", "template-timeout": "5s", "output": "out.md", "title": "T",
		"link-base": "https://x/", "feed-id": "urn:x", "max-entries": "5", "max-bytes": "5000",
		"width": "80", "rows": "rebuilt", "fail-on": "any", "since": "2020-01-01", "until": "2020-01-01",
	}
	// What else a flag needs to be taken: --feed-id and --max-entries
	// write the Atom feed, --width the text format, --template-timeout
	// limits a template.
	needs := map[string][]string{"feed-id": {"-f", "atom"}, "max-entries": {"-f", "atom"}, "width": {"-f", "text"}, "template-timeout": {"-t", "t.tmpl"}, "since": {"--revs", "HEAD~1..HEAD"}, "until": {"--revs", "HEAD~1..HEAD"}}
	hinted := 0
	for _, cmd := range []*command{diffCommand, logCommand} {
		fs := cmd.flagSet(&options{})
		for name, v := range values {
			if fs.Lookup(name) == nil || (name == "since" || name == "until") && cmd != logCommand {
				continue
			}
			if cmd == diffCommand && (name == "feed-id" || name == "max-entries") {
				continue
			}
			var head []string
			tail := []string{"A", "B"}
			if cmd == logCommand {
				head = []string{"log"}
				if name == "since" || name == "until" {
					tail = []string{"P", "Q"} // a log of a range takes one PATH
				}
			}
			for _, word := range []string{v, "zz", "-" + v, "--" + v, "-x", "-"} {
				at := len(head) + len(needs[name])
				line := append(append(append(append([]string(nil), head...), needs[name]...), "--"+name+"=", word), tail...)
				var stdout, stderr bytes.Buffer
				code := run(line, &stdout, &stderr)
				first, _, _ := strings.Cut(stderr.String(), "\n")
				m := spacedWays.FindStringSubmatch(first)
				if code != exitTrouble {
					if word == "--version" || strings.HasPrefix(word, "-h") {
						continue // the flag it spells, whole; -h of -https://x/ is --help
					}
					t.Errorf("%q: exit %d, %q; want %d", line, code, first, exitTrouble)
					continue
				}
				// A log of snapshots may take the word as one (-C= DIR,
				// DIR empty; a URL or a REV:PATH); it is told where it
				// is none.
				logMay := cmd == logCommand && (name == "directory" || name == "link-base" || name == "feed-id")
				if word == v && !logMay && !strings.Contains(first, "--"+name+"= "+v+": the space after the = left --"+name+" empty") {
					// --max-bytes= 5000 A B said `--max-bytes "": want
					// a positive number`, of the space nothing.
					t.Errorf("%q: %q; want the space after the = said", line, first)
				}
				if m == nil {
					continue
				}
				for _, way := range m[1:] {
					if way == "" {
						continue
					}
					hinted++
					pasted := append(append(append([]string(nil), line[:at]...), strings.Fields(way)...), line[at+2:]...)
					if tail[0] == "P" {
						pasted = pasted[:len(pasted)-1]
					}
					stdout.Reset()
					stderr.Reset()
					run(pasted, &stdout, &stderr)
					// Past the flags: refused by no check of them, the
					// snapshots read (A holds no snapshot).
					if got, _, _ := strings.Cut(stderr.String(), "\n"); strings.HasPrefix(got, "cachediff: --") || strings.Contains(got, "unknown") || strings.Contains(got, "flag") {
						t.Errorf("%q: %q\n\tits way pasted, %q: %q; want the flags read", line, first, pasted, got)
					}
				}
			}
		}
	}
	if hinted < 40 {
		t.Errorf("%d ways written; want the hints of most flags checked", hinted)
	}
}
