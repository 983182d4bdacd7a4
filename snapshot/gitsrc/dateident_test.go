package gitsrc

import (
	"testing"
)

// TestCommitDateIdentAsGit: git's %cI reads the date of a commit's last
// committer line as split_ident_line does (ident.c): the digits after
// the last '>', past spaces, tabs, CRs, then a '+' or '-' and digits;
// anything else is no date ("%cI" is left empty). log --revs read the
// two words after the last '>' with strconv, and took "-5", "+5", a zone
// without a sign, a vertical tab or a no-break space between them for a
// date where git has none, kept an earlier committer's date when the
// last committer line was unreadable, and refused a date git reads (a
// word after the zone, a first committer line unreadable). The wants
// are git 2.39's log --format=%cI for each object, written with
// hash-object --literally; "" is a refusal.
func TestCommitDateIdentAsGit(t *testing.T) {
	const hdr = "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor a <b> 1 +0000\n"
	for _, c := range []struct{ committer, want string }{
		{"committer  a <b> 1 +0000", "1970-01-01T00:00:01+00:00"},
		{"committer a>x <b> 100 +0100", "1970-01-01T01:01:40+01:00"},
		{"committer a <b> 100 +0100\r", "1970-01-01T01:01:40+01:00"},
		{"committer a <b>100\t+0100", "1970-01-01T01:01:40+01:00"},
		{"committer a <b> 1700000000 -0130", "2023-11-14T20:43:20-01:30"},
		{"committer a <b> 1700000000 +9959", "2023-11-19T02:12:20+99:59"},
		{"committer a <b> 100 -0130", ""}, // git log dies: before 1970 in its zone
		{"committer a <b> 100 +0160", ""}, // RFC 3339 cannot write it
		{"committer a <b> 0 -0000", "1970-01-01T00:00:00+00:00"},
		{"committer a <b> 100 +0100 extra", "1970-01-01T01:01:40+01:00"},
		{"committer a <b> 100 +0100x", "1970-01-01T01:01:40+01:00"},
		{"committer x <y> junk\ncommitter a <b> 100 +0100", "1970-01-01T01:01:40+01:00"},
		{"committer a <b> 100 +0100\ncommitter x <y> 200 +0200", "1970-01-01T02:03:20+02:00"},
		{"committer a <b> 100 +0100\ngpgsig -----BEGIN\n committer z <z> 300 +0300\n -----END", "1970-01-01T01:01:40+01:00"},
		// git reads every digit of the zone (strtol), and one past an
		// int as +0000 (show_ident_date).
		{"committer a <b> 1700000000 +00100", "2023-11-14T23:13:20+01:00"},
		{"committer a <b> 1700000000 +01000", "2023-11-15T08:13:20+10:00"},
		{"committer a <b> 1700000000 -01000", "2023-11-14T12:13:20-10:00"},
		{"committer a <b> 1700000000 +0009959", "2023-11-19T02:12:20+99:59"},
		{"committer a <b> 1700000000 +000000000000000000000000000100", "2023-11-14T23:13:20+01:00"},
		{"committer a <b> 1700000000 +99999999999999999999", "2023-11-14T22:13:20+00:00"},
		{"committer a <b> 1700000000 -99999999999999999999", "2023-11-14T22:13:20+00:00"},
		{"committer a <b> 1700000000 +2147483647", "2023-11-14T22:13:20+00:00"},
		{"committer a <b> 1700000000 +2147483648", "2023-11-14T22:13:20+00:00"},
		{"committer a <b> 1700000000 -2147483648", "2023-11-14T22:13:20+00:00"},
		// git writes these +100:00, +01:60, +21474836:46 (its minutes
		// overflow an int): RFC 3339 cannot write them.
		{"committer a <b> 1700000000 +10000", ""},
		{"committer a <b> 1700000000 +00160", ""},
		{"committer a <b> 1700000000 +2147483646", ""},
		{"committer a <b> 1700000000 -2147483647", ""},
		// git has no date for these.
		{"committer a 100 +0100", ""},
		{"committer a <b 100 +0100", ""},
		{"committer a> <b 100 +0100", ""},
		{"committer a <b> 100", ""},
		{"committer a <b> -5 +0000", ""},
		{"committer a <b> +5 +0000", ""},
		{"committer a <b> 100 0100", ""},
		{"committer a <b> 100\v+0100", ""},
		{"committer a <b> 100\u00a0+0100", ""},
		{"committer a <b> 100 +0100\ncommitter x <y> junk", ""},
		// git shows 1970 for a timestamp past its own: no date either.
		{"committer a <b> 99999999999999999999 +0000", ""},
		{"committer a <b> 9223372036854775807 +0000", ""},
	} {
		obj := hdr + c.committer + "\n\nsubj\n"
		date, _, err := parseCommit([]byte(obj), commitEncoding([]byte(obj)))
		got := ""
		if err == nil {
			got = date.Format("2006-01-02T15:04:05-07:00")
		}
		if got != c.want {
			t.Errorf("%q: date %q (%v); want %q, as git log --format=%%cI", c.committer, got, err, c.want)
		}
	}
}
