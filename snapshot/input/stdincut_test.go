package input

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestStdinCutSignedIsCutShort (issue 35, class e): a clear-signed
// Spack file cut within its first lines and read from standard input,
// whose name says nothing of its kind, was judged by content alone as
// a package page: "---" had "front matter opened on line 1 is never
// closed", "-----B" and the whole first line "no front matter: a
// package page starts with a line '---'". Each says the file is cut
// short, as a *.spec.json.sig so cut does; "---" alone, which starts a
// page too, names both.
func TestStdinCutSignedIsCutShort(t *testing.T) {
	for in, want := range map[string][]string{
		"---":                                  {"cut short", "-----BEGIN PGP SIGNED MESSAGE-----", "front matter"},
		"  ---":                                {"cut short", "-----BEGIN PGP SIGNED MESSAGE-----", "front matter"},
		"----":                                 {"cut short", "-----BEGIN PGP SIGNED MESSAGE-----"},
		"-----B":                               {"cut short"},
		"-----BEGIN":                           {"cut short"},
		"-----BEGIN PGP SIGNED MESSAGE-----":   {"cut short"},
		"-----BEGIN PGP SIGNED MESSAGE-----\n": {"cut short"},
		"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n":   {"cut short"},
		"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n": {"cut short"},
	} {
		_, err := Load(".", StdinName, Options{Stdin: strings.NewReader(in)}, snapshot.Options{})
		if err == nil {
			t.Errorf("%q: loaded", in)
			continue
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: %v; want it to say %s", in, err, w)
			}
		}
	}
	// A page cut after its first line is still a page's error.
	_, err := Load(".", StdinName, Options{Stdin: strings.NewReader("---\ntitle: zlib\n")}, snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "front matter opened on line 1 is never closed") {
		t.Errorf("a page cut in its front matter: %v; want its front matter never closed", err)
	}
}
