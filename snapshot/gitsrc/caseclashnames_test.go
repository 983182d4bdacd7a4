package gitsrc

import (
	"strings"
	"testing"
)

// TestCaseClashNamesInASCII: every case clash names its names in ASCII,
// as a path is named (snapshot.ShownPath) and a link's way through one
// (TestCaseClashLinkWayInASCII): quoted raw, "Dаta" is "dаta" (their а
// Cyrillic) read as the folders Data and data, and a name in a folder
// twice, "dаta", as the folder data.
func TestCaseClashNamesInASCII(t *testing.T) {
	oid := strings.Repeat("\x01", 20)
	msgs := map[string]string{}
	// Above PATH: the name on the way in another case, and twice.
	msgs["above, another case"] = caseClash([]byte("40000 D\u0430ta\x00"+oid), 20, "", "d\u0430ta").msg
	msgs["above, twice"] = caseClash([]byte("40000 d\u0430ta\x00"+oid+"40000 d\u0430ta\x00"+oid), 20, "", "d\u0430ta").msg
	// Below PATH: two names in another case, and one twice.
	tr := &Tree{Rev: "HEAD", Path: "snap", IsTree: true}
	for name, files := range map[string][]File{
		"below, another case": {{Path: "D\u0430ta/x.md"}, {Path: "d\u0430ta/x.md"}},
		"below, twice":        {{Path: "d\u0430ta/x.md"}, {Path: "d\u0430ta/x.md"}},
		"below, dot-folder":   {{Path: ".D\u0430ta", Kind: Symlink}, {Path: ".d\u0430ta/c"}},
	} {
		var dirs []string
		if name == "below, dot-folder" {
			dirs = []string{".d\u0430ta"}
		}
		if e := tr.clashBelow(files, dirs, false); e != nil {
			msgs[name] = e.Msg
		}
	}
	for name, msg := range msgs {
		if msg == "" {
			t.Errorf("%s: not refused", name)
			continue
		}
		if strings.ContainsFunc(msg, func(r rune) bool { return r >= 0x80 }) || !strings.Contains(msg, `\u0430ta`) {
			t.Errorf("%s: %s\nwant its names in ASCII", name, msg)
		}
	}
}
