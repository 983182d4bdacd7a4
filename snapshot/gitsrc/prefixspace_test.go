package gitsrc

import (
	"path/filepath"
	"testing"
)

// TestSeriesInFolderOfSpaces (85th adversarial pass): log --revs RANGE
// PATH reads PATH from the current folder (-C DIR), whose path from the
// top git gives (rev-parse --show-prefix); its spaces were trimmed, and
// in a folder " x" the log read x/PATH, another folder, or said PATH
// does not exist. REV:PATH's ./PATH kept them.
func TestSeriesInFolderOfSpaces(t *testing.T) {
	repo := commitFiles(t, map[string]string{
		" x/_cache/develop/a.md": "in the folder of a space\n",
		"x/_cache/develop/b.md":  "in x\n",
	}, nil)
	r, err := OpenRepo(filepath.Join(repo, " x"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Series("HEAD", "_cache/develop", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Spec != got[0].ID+": x/_cache/develop" {
		t.Errorf("log --revs HEAD _cache/develop in the folder \" x\": %+v; want one snapshot of \" x/_cache/develop\"", got)
	}
}
