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
