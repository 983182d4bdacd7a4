package gitsrc

import (
	"encoding/json"
	"testing"
)

// TestSubjectEncoding (85th adversarial pass): a commit's message is in
// the encoding its header names (git commit with i18n.commitEncoding),
// which git's %s turns into UTF-8: the subject of a Latin-1 commit was
// its raw bytes, which the text log printed as escapes (caf\xe9) and the
// JSON report as U+FFFD, so render of the JSON and the direct command
// disagreed. A Latin-1 message is decoded as git does; bytes that are
// no UTF-8 otherwise are U+FFFD, one each, as the JSON report writes
// them.
func TestSubjectEncoding(t *testing.T) {
	const head = "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n" +
		"author A <a@b> 1742126400 +0000\ncommitter C <c@d> 1742126400 +0000\n"
	for _, c := range []struct{ obj, want string }{
		{head + "encoding ISO-8859-1\n\ncaf\xe9 \xe8\n", "café è"},
		{head + "encoding latin1\n\nna\xefve\n", "naïve"},
		{head + "\ncaf\xe9 \xff\xfe x\n", "caf\ufffd \ufffd\ufffd x"},
		{head + "encoding UTF-8\n\ncafé\n", "café"},
	} {
		_, subject, err := parseCommit([]byte(c.obj), commitEncoding([]byte(c.obj)))
		if err != nil {
			t.Fatal(err)
		}
		if subject != c.want {
			t.Errorf("the subject of %q: %q; want %q", c.obj[len(head):], subject, c.want)
		}
		// What the JSON report keeps is what was read.
		var back string
		if b, err := json.Marshal(subject); err != nil || json.Unmarshal(b, &back) != nil || back != subject {
			t.Errorf("the subject %q is %q once written as JSON", subject, back)
		}
	}
}
