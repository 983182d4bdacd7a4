package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/asnobody"
)

// TestStreams: what is written appears at the target only on Close, in
// one piece; until then the target is the old file.
func TestStreams(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "report.md")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	for _, part := range []string{"new ", "report"} {
		if _, err := f.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(target); string(data) != "old" {
			t.Fatalf("before Close the target holds %q", data)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // after Close: keeps the file
	if data, _ := os.ReadFile(target); string(data) != "new report" {
		t.Errorf("the target holds %q", data)
	}
	checkOnly(t, dir, "report.md")
}

// TestAbort: Abort leaves the old file and no temporary file.
func TestAbort(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "report.md")
	os.WriteFile(target, []byte("old"), 0o644)
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half a rep"))
	f.Abort()
	if err := f.Close(); err != nil {
		t.Errorf("Close after Abort: %v", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "old" {
		t.Errorf("the target holds %q", data)
	}
	checkOnly(t, dir, "report.md")
}

// TestLeavesNothing: when the last step, the rename, fails, the temporary
// file is removed and the target is untouched.
func TestLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "report.md")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("report"))
	if err := os.MkdirAll(filepath.Join(target, "sub"), 0o755); err != nil { // a folder: rename fails
		t.Fatal(err)
	}
	err = f.Close()
	if err == nil || !strings.HasPrefix(err.Error(), "writing "+target+": ") {
		t.Fatalf("error %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "report.md" || !entries[0].IsDir() {
		t.Errorf("the folder holds %v", entries)
	}
}

// TestKeepsMode: a replaced file keeps its mode, however restrictive.
func TestKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []fs.FileMode{0o600, 0o640, 0o664, 0o755} {
		target := filepath.Join(dir, "report-"+mode.String())
		os.WriteFile(target, []byte("old"), 0o600)
		os.Chmod(target, mode) // whatever the umask
		f, err := Create(target)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("new"))
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(target); err != nil || info.Mode().Perm() != mode {
			t.Errorf("mode %v after replacing a %v file (%v)", info.Mode().Perm(), mode, err)
		}
	}
}

// TestReadOnly: a file the user may not write (read-only, here) is
// refused and left as it was, although the folder would allow replacing
// it. As root, the test runs as nobody, since root may write anything.
func TestReadOnly(t *testing.T) {
	if !asnobody.Run(t) {
		return
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "report.md")
	if err := os.WriteFile(target, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	f, err := Create(target)
	if err == nil {
		f.Abort()
		t.Fatal("Create of a read-only file succeeded")
	}
	if want := "writing " + target + ": permission denied"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if data, _ := os.ReadFile(target); string(data) != "old" {
		t.Errorf("the target holds %q", data)
	}
	checkOnly(t, dir, "report.md")
}

// TestDirectory: a folder is refused by name.
func TestDirectory(t *testing.T) {
	dir := t.TempDir()
	if _, err := Create(dir); err == nil || err.Error() != "writing "+dir+": is a directory" {
		t.Errorf("error %v", err)
	}
}

// checkOnly fails unless dir holds exactly names.
func checkOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}

// TestLongName: a file named with up to 255 bytes (NAME_MAX) is written,
// as a shell's > writes it. Its temporary file was named "." + name +
// ".tmp-" + a number, up to 16 bytes longer, which the file system
// refused: cachediff -o NAME (253 bytes) said "file name too long". The
// temporary name holds the name cut; a character is not cut.
func TestLongName(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{
		strings.Repeat("a", 250) + ".md",
		strings.Repeat("é", 125) + ".md",                         // 250 bytes, each character two
		strings.Repeat("a", 238) + "é" + strings.Repeat("b", 14), // "é" across the cut
		"." + strings.Repeat("a", 254),
	} {
		target := filepath.Join(dir, name)
		if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
			t.Skipf("this file system takes no name of %d bytes: %v", len(name), err)
		}
		os.Remove(target)
		f, err := Create(target)
		if err != nil {
			t.Fatalf("a name of %d bytes: %v", len(name), err)
		}
		if _, err := f.Write([]byte("new")); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if data, err := os.ReadFile(target); err != nil || string(data) != "new" {
			t.Errorf("a name of %d bytes: %q, %v", len(name), data, err)
		}
		os.Remove(target)
	}
	checkOnly(t, dir)
	if b := tempBase(strings.Repeat("a", 238) + "é" + strings.Repeat("b", 14)); b != strings.Repeat("a", 238) {
		t.Errorf("tempBase cut to %q", b)
	}
}
