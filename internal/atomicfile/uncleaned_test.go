package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTempBesideFolderAsWritten (class e): the temporary file was made
// in the folder of the path cleaned (filepath.Join), where the system
// reads x/.. through x: of nox/../out.md, with no folder nox, Create
// made it in the current folder, and only the rename, after the whole
// report was written, failed ("rename .out.md.tmp-N nox/../out.md: no
// such file or directory"); of x/lnk/../out.md, lnk a link to another
// folder, the file was made in one folder and renamed into another
// (across file systems, refused at the end). It is made in the folder
// as written: Create refuses the first, and makes the second's
// temporary file beside the file it becomes.
func TestTempBesideFolderAsWritten(t *testing.T) {
	t.Chdir(t.TempDir())
	// As written: filepath.Join would clean it.
	if f, err := Create("nox/../out.md"); err == nil {
		f.Abort()
		t.Errorf("Create(nox/../out.md), no folder nox: no error; want it refused before anything is written")
	}
	if err := os.MkdirAll(filepath.Join("far", "in"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("x", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "far", "in"), filepath.Join("x", "lnk")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	f, err := Create("x/lnk/../out.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	if m, _ := filepath.Glob(filepath.Join("far", ".out.md.tmp-*")); len(m) != 1 {
		t.Errorf("temporary files beside far/out.md: %q; want one", m)
	}
}
