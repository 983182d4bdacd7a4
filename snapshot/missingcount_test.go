package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingCountsEveryFileNamingIt (issue 35 class e): a dependency
// no file of a folder holds warned "(nor in N more files naming it)"
// with N the other files whose own warning named it: a file whose
// decoder named its first 20 missing dependencies and counted this one
// in its rest was not counted, and the dependency two files lack read
// as one file's. Every file whose specs name it is counted.
func TestMissingCountsEveryFileNamingIt(t *testing.T) {
	gone := strings.Repeat("n", 32)
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.spec.json", renameFile(renameNode("a", hashN(1), `,"dependencies":[`+renameEdge("zgone", gone)+`]`)))
	for _, f := range []string{"b", "c"} {
		var edges []string
		for i := range 20 {
			edges = append(edges, renameEdge(fmt.Sprintf("%s%02d", f, i), hashN(1000+100*int(f[0]-'a')+i)))
		}
		edges = append(edges, renameEdge("zgone", gone))
		write(f+".spec.json", renameFile(renameNode(f, hashN(int(f[0]-'a')+2), `,"dependencies":[`+strings.Join(edges, ",")+`]`)))
	}
	s, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var told []string
	for _, w := range s.Warnings {
		if strings.Contains(w.Message, "zgone/nnnnnnn") {
			told = append(told, filepath.Base(w.File)+": "+w.Message)
		}
	}
	if len(told) != 1 || !strings.HasPrefix(told[0], "a.spec.json: ") || !strings.HasSuffix(told[0], " is not in the file (nor in 2 more files naming it)") {
		t.Errorf("warnings of zgone %q; want one, of a.spec.json, ending \" is not in the file (nor in 2 more files naming it)\"", told)
	}
}
