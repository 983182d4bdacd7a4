package gitsrc

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestDashRevPathWayASCIIByID (class a, e): REV:PATH whose REV, a branch,
// begins with - was given its ref written in full raw and whole:
// -mаin:snap (its а Cyrillic) was told 'refs/heads/-mаin:snap', read
// as -main's, and a ref of 6 folders of 112 é beside a PATH of 2.4 KB a
// way of 8 KB, past the line's cap. The way is in ASCII, and one too
// long for the message is given by the id of the commit its ref reads
// now, measured with its PATH (dashHint's fit check measured the way
// without it: a ref of 2 folders of 112 ü beside a PATH of 2.4 KB was
// given its way cut in the PATH); each reads back through bash -c.
func TestDashRevPathWayASCIIByID(t *testing.T) {
	r := xCommits(t, 2)
	git := gitRunner(t, r)
	out, err := gittest.Git(r.dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	head := strings.TrimSpace(out)
	long := "-" + strings.Repeat(strings.Repeat("é", 112)+"/", 5) + strings.Repeat("é", 112)
	git("update-ref", "refs/heads/-m\u0430in", "HEAD")
	git("update-ref", "refs/heads/"+long, "HEAD")
	// A ref whose way alone fits, but not with its PATH: measured
	// without the PATH, the way was cut in it.
	mid := "-" + strings.Repeat("ü", 112) + "/" + strings.Repeat("ü", 112)
	git("update-ref", "refs/heads/"+mid, "HEAD")
	bash, _ := exec.LookPath("bash")
	path := strings.Repeat(strings.Repeat("p", 200)+"/", 12) + "snap"
	wayRe := regexp.MustCompile(`(\$'[^']*'|[0-9a-f]{12}:\S+)$`)
	for _, c := range []struct{ rev, path, want string }{
		{"-m\u0430in", "snap", "refs/heads/-m\u0430in:snap"},
		{long, path, head[:12] + ":" + path},
		{mid, path, head[:12] + ":" + path},
	} {
		_, err := r.Resolve(c.rev + ":" + c.path)
		if err == nil {
			t.Fatalf("Resolve(%.20q:…) took a revision beginning with -", c.rev)
		}
		msg := err.Error()
		if strings.ContainsFunc(msg, func(ch rune) bool { return ch >= utf8.RuneSelf && ch != '…' }) || len(msg) > maxMessage || strings.Contains(msg, "bytes more") {
			t.Errorf("Resolve(%.20q:…): %d bytes, %.300q; want the way in ASCII, whole, within %d bytes", c.rev, len(msg), msg, maxMessage)
			continue
		}
		m := wayRe.FindString(msg)
		if m == "" {
			t.Errorf("Resolve(%.20q:…): %.300q; want a way to paste at its end", c.rev, msg)
			continue
		}
		if bash == "" {
			continue
		}
		if got, err := exec.Command(bash, "-c", "printf %s "+m).Output(); err != nil || string(got) != c.want {
			t.Errorf("Resolve(%.20q:…)'s way %.100q pasted through bash -c reads %.100q (%v); want %.100q", c.rev, m, got, err, c.want)
		}
	}
}
