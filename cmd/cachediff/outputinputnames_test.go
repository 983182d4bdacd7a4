package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputInputMessageReadsOneWay (issue 35 class a): "--output OUT:
// it is the input IN: writing the report would replace it" wrote both
// paths as they are, so that -o d/x with the input "d/y: it is the
// input d/z" and -o "d/x: it is the input d/y" with the input d/z (each
// a link of the other) said the one message "--output d/x: it is the
// input d/y: it is the input d/z: …". A path that could read as more of
// the message is quoted, as a warning's file is (report.FileItem).
func TestOutputInputMessageReadsOneWay(t *testing.T) {
	pairs := [][2]string{{"d/x", "d/y: it is the input d/z"}, {"d/x: it is the input d/y", "d/z"}}
	said := map[string][2]string{}
	for _, p := range pairs {
		t.Chdir(t.TempDir()) // each pair of paths as given, in a folder of its own
		out, in := p[0], p[1]
		for _, f := range []string{out, in} {
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(in, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(in, out); err != nil {
			t.Skip("no hard links here:", err)
		}
		err := refuseInputs(strings.NewReader(""), out, in)
		if err == nil {
			t.Fatalf("-o %q with the input %q: no error", out, in)
		}
		msg := err.Error()
		if other, ok := said[msg]; ok {
			t.Errorf("-o %q with the input %q and -o %q with the input %q say alike: %s", p[0], p[1], other[0], other[1], msg)
		}
		said[msg] = p
	}
}
