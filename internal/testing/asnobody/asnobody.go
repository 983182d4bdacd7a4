// Package asnobody lets a test that needs an unprivileged user run as one
// when the tests run as root (CI containers do), so that permission checks
// are tested for real rather than skipped.
//
// It is for tests only: Run re-executes the test binary as the nobody user
// (uid and gid 65534) with only the calling test selected.
package asnobody

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// envVar names the test that the child process runs as nobody.
const envVar = "CACHEDIFF_ASNOBODY_TEST"

// Run reports whether the calling test should go on in this process: yes
// when it does not run as root, or when it is the child that Run started.
// As root, it re-runs the test as nobody, fails t if that run fails or
// skips, and returns false.
func Run(t *testing.T) bool {
	t.Helper()
	if os.Getenv(envVar) == t.Name() {
		if os.Geteuid() == 0 {
			t.Fatal("the child of asnobody.Run runs as root")
		}
		return true
	}
	if os.Geteuid() != 0 {
		return true
	}
	// The test binary sits in a folder only root may enter: copy it to one
	// that nobody can read.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "asnobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, filepath.Base(exe))
	if err := copyFile(bin, exe); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.v", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), envVar+"="+t.Name(), "HOME="+dir)
	cmd.SysProcAttr = credential(65534, 65534)
	out, err := cmd.CombinedOutput()
	t.Logf("as nobody:\n%s", out)
	if err != nil {
		t.Fatalf("the test as nobody: %v", err)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()+" ") {
		t.Fatalf("the test as nobody did not pass")
	}
	return false
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
