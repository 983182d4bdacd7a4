package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSubjectCharsets (86th adversarial pass): a commit whose header names
// an encoding other than UTF-8 and Latin-1 (git commit with
// i18n.commitEncoding ISO-8859-15, Shift_JIS) has the subject git's %s
// gives, which git decodes by the header: log --revs printed
// "price \uFFFD 5" where git log prints "price € 5", and テスト as
// U+FFFDs.
func TestSubjectCharsets(t *testing.T) {
	repo := commitFiles(t, map[string]string{"c/x.md": "first\n"}, nil)
	for i, c := range []struct{ enc, msg string }{
		{"ISO-8859-15", "price \xa4 5 \xbd"},
		{"Shift_JIS", "\x83e\x83X\x83g"},
		{"latin1", "caf\xe9"},
	} {
		if err := os.WriteFile(filepath.Join(repo, "c", "x.md"), []byte{byte('a' + i)}, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "-c", "i18n.commitEncoding="+c.enc, "commit", "-q", "-a", "-m", c.msg); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series("HEAD~3..HEAD", "c", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range commits {
		if !c.Base {
			got = append(got, c.Subject)
		}
	}
	want := []string{"price € 5 œ", "テスト", "café"}
	if len(got) != len(want) {
		t.Fatalf("subjects %q; want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("subject %d: %q; want %q, as git log --format=%%s", i, got[i], want[i])
		}
	}
}
