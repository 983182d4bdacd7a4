package lfs

import "testing"

func TestMessage(t *testing.T) {
	pointer := "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
	if Message([]byte(pointer)) == "" {
		t.Errorf("a pointer is not recognised")
	}
	for _, s := range []string{"", "---\ntitle: x\n", `{"database": {}}`, "version 1\n"} {
		if m := Message([]byte(s)); m != "" {
			t.Errorf("%q: %q, want none", s, m)
		}
	}
}

// TestMessageEarlierVersions: git-lfs reads a pointer of Hawser's and of
// Git Media's version as v1, after leading white space too, and a
// checkout with LFS replaces it by the content: a Spack file holding one
// was told as JSON that starts with 'v'.
func TestMessageEarlierVersions(t *testing.T) {
	rest := "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
	for _, s := range []string{
		"version https://hawser.github.com/spec/v1\n" + rest,
		"version http://git-media.io/v/2\n" + rest,
		"\n version https://git-lfs.github.com/spec/v1\n" + rest,
	} {
		if Message([]byte(s)) == "" {
			t.Errorf("%q: not recognised as a pointer", s)
		}
	}
}
