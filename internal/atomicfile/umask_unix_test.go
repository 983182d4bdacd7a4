//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestUmask: a new file is created as a shell redirect creates it, 0666
// less the umask, not with a fixed mode.
func TestUmask(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ umask, want int }{{0o022, 0o644}, {0o002, 0o664}, {0o077, 0o600}, {0, 0o666}} {
		old := syscall.Umask(tc.umask)
		target := filepath.Join(dir, "report.md")
		os.Remove(target)
		f, err := Create(target)
		if err == nil {
			f.Write([]byte("report"))
			err = f.Close()
		}
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(target); err != nil || int(info.Mode().Perm()) != tc.want {
			t.Errorf("umask %03o: mode %v, want %03o", tc.umask, info.Mode().Perm(), tc.want)
		}
	}
}
