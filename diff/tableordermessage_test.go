package diff_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestTableOrderMessageNamesBothHashes (issue 35 class e): causes of the
// table out of order were named by their new hashes alone, unquoted and
// uncut: two dependencies of one name dropped (no new hash) read
// "\"zlib\"  after \"zlib\" ", naming nothing that differs, and a hash
// of 100,000 characters was copied whole into the message. Both hashes
// are named, quoted and cut as every value of a message is.
func TestTableOrderMessageNamesBothHashes(t *testing.T) {
	removed := func(old string) diff.Cause {
		return diff.Cause{Name: "zlib", OldHash: old, Changes: []diff.Change{{Kind: "removed", From: "zlib@1"}}}
	}
	added := func(h string) diff.Cause {
		return diff.Cause{Name: "zlib", NewHash: h, Changes: []diff.Change{{Kind: "added", To: "zlib@1"}}}
	}
	long := strings.Repeat("h", 100_000)
	for _, tc := range []struct {
		name  string
		table []diff.Cause
		want  string
	}{
		{"old hashes", []diff.Cause{removed("bbbb"), removed("aaaa")},
			`causes.table[1]: "zlib" "aaaa" → "" after "zlib" "bbbb" → "": the table is sorted`},
		{"a long hash", []diff.Cause{added("z" + long), added("a" + long)},
			`causes.table[1]: "zlib" "" → "a` + strings.Repeat("h", 51) + cutmark.Of("a"+long) + `" after "zlib" "" → "z` + strings.Repeat("h", 51) + cutmark.Of("z"+long) + `": the table is sorted`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := diff.CheckCauseListOrder(&diff.Report{Causes: &diff.Causes{Table: tc.table}})
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("%.300v; want an error starting %q", err, tc.want)
			}
			if err != nil && len(err.Error()) > 1000 {
				t.Errorf("a message of %d bytes", len(err.Error()))
			}
		})
	}
}
