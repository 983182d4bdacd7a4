package dirsrc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/cachediff/cachediff/internal/hugepage"
)

// dirent is one getdents64 record (struct linux_dirent64), padded to
// eight bytes as the kernel writes it.
func dirent(name string, typ byte) []byte {
	n := (19 + len(name) + 1 + 7) &^ 7
	b := make([]byte, n)
	binary.NativeEndian.PutUint16(b[16:18], uint16(n))
	b[18] = typ
	copy(b[19:], name)
	return b
}

// TestParseDirentsUnknownType: where the file system gives no type
// (DT_UNKNOWN, as ext2 without filetype, some network and FUSE file
// systems do), the type comes from lstat of the bare name (a full path
// could be too long where the folder's is not), an entry gone since the
// listing is left out, and another lstat error is the folder's.
func TestParseDirentsUnknownType(t *testing.T) {
	var recs []byte
	for _, r := range []struct {
		name string
		typ  byte
	}{{".", syscall.DT_DIR}, {"..", syscall.DT_DIR}, {"a", syscall.DT_REG}, {"b", syscall.DT_UNKNOWN},
		{"gone", syscall.DT_UNKNOWN}, {"c", syscall.DT_LNK}, {"d", syscall.DT_FIFO}} {
		recs = append(recs, dirent(r.name, r.typ)...)
	}
	var asked []string
	lstat := func(name string) (fs.FileMode, error) {
		asked = append(asked, name)
		if name == "gone" {
			return 0, &fs.PathError{Op: "lstat", Path: "x/" + name, Err: syscall.ENOENT}
		}
		return fs.ModeDir, nil
	}
	got, err := parseDirents(nil, recs, lstat)
	if err != nil {
		t.Fatal(err)
	}
	want := []dirEntry{{"a", 0}, {"b", fs.ModeDir}, {"c", fs.ModeSymlink}, {"d", fs.ModeNamedPipe}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !slices.Equal(asked, []string{"b", "gone"}) {
		t.Errorf("lstat was asked for %q, want the bare names [b gone]", asked)
	}
	denied := errors.New("permission denied")
	if _, err := parseDirents(nil, dirent("b", syscall.DT_UNKNOWN), func(string) (fs.FileMode, error) { return 0, denied }); err != denied {
		t.Errorf("an lstat error gave %v, want it returned", err)
	}
	bad := dirent("a", syscall.DT_REG)
	binary.NativeEndian.PutUint16(bad[16:18], 200) // longer than the buffer
	if _, err := parseDirents(nil, bad, lstat); err == nil {
		t.Error("a record longer than the buffer: no error")
	}
}

// TestReadFileCalls: readFile reads the same, and fails the same, with
// direct system calls and with the scheduler's: a file larger than the
// buffer given, an empty one, and errors that name the path for a
// missing file, a folder and a FIFO (refused after the fstat, without
// waiting for a writer).
func TestReadFileCalls(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("spec_details: [] \n"), 50000)
	for name, data := range map[string][]byte{"big": big, "empty": nil} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []calls{false, true} {
		for name, want := range map[string][]byte{"big": big, "empty": {}} {
			got, err := readFile(c, filepath.Join(dir, name), make([]byte, 0, 16))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("direct=%v: readFile(%s) = %d bytes, %v; want %d bytes", c, name, len(got), err, len(want))
			}
		}
		for _, name := range []string{"missing", ".", "fifo"} {
			path := filepath.Join(dir, name)
			_, err := readFile(c, path, nil)
			var pe *fs.PathError
			var nr NotRegularError
			switch {
			case name == "missing" && !(errors.As(err, &pe) && pe.Path == path && errors.Is(err, fs.ErrNotExist)):
				t.Errorf("direct=%v: readFile(missing): %v, want a not-exist error naming %s", c, err, path)
			case name != "missing" && !errors.As(err, &nr):
				t.Errorf("direct=%v: readFile(%s): %v, want a not-regular error", c, name, err)
			}
		}
	}
}

// TestDirectFS: system calls are direct on local file systems only, and
// the temporary folder's own file system gets what directFS says of it.
func TestDirectFS(t *testing.T) {
	for magic, want := range map[int64]bool{
		unix.EXT4_SUPER_MAGIC: true, unix.XFS_SUPER_MAGIC: true, unix.BTRFS_SUPER_MAGIC: true,
		unix.TMPFS_MAGIC: true, unix.OVERLAYFS_SUPER_MAGIC: true, 0x2fc12fc1: true,
		unix.NFS_SUPER_MAGIC: false, unix.FUSE_SUPER_MAGIC: false, unix.CIFS_SUPER_MAGIC: false,
		unix.SMB2_SUPER_MAGIC: false, unix.V9FS_MAGIC: false, 0: false,
	} {
		if got := directFS(magic); got != want {
			t.Errorf("directFS(%#x) = %v, want %v", magic, got, want)
		}
	}
	dir := t.TempDir()
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	if got, want := callsFor(dir), calls(directOK && directFS(int64(st.Type))); got != want {
		t.Errorf("callsFor(%s) = %v, want %v (file system %#x)", dir, got, want, st.Type)
	}
	if callsFor(filepath.Join(dir, "missing")) {
		t.Error("callsFor of a missing path: direct")
	}
}

// TestWalkCalls: each folder's files get the calls its own file system
// allows (fstatfs of the folder as opened), a folder reached through a
// symbolic link included; a file reached through a link gets the
// scheduler's. The tree links to a folder of sysfs, which is never
// direct, and to a folder and a file on the temporary folder's system.
func TestWalkCalls(t *testing.T) {
	const sys = "/sys/kernel/mm/transparent_hugepage"
	if _, err := os.Stat(sys); err != nil {
		t.Skipf("no %s: %v", sys, err)
	}
	root, other := t.TempDir(), t.TempDir()
	for _, f := range []string{"zlib/specs.md", "zstd/specs.md"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(other, "specs.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"linked": other, "zstd/linked.md": filepath.Join(other, "specs.md"), "sys": sys} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	var st unix.Statfs_t
	if err := unix.Statfs(root, &st); err != nil {
		t.Fatal(err)
	}
	local := calls(directOK && directFS(int64(st.Type)))
	want := map[string]calls{"zlib/specs.md": local, "zstd/specs.md": local, "linked/specs.md": local, "zstd/linked.md": false}
	sysFiles := 0
	src := NewFolder(root)
	var last *Handle
	defer func() {
		if last != nil {
			last.Walked()
		}
	}()
	src.Walk(func(f File) {
		rel, _ := filepath.Rel(root, f.Name)
		h := f.Handle
		ok := h != nil
		var c calls
		if ok {
			c, last = h.c, h
		}
		switch w, listed := want[rel]; {
		case !ok || h.root == nil:
			t.Errorf("%s: Handle %v, want a *Handle with the open root", rel, f.Handle)
		case listed && c != w:
			t.Errorf("%s: direct %v, want %v", rel, c, w)
		case strings.HasPrefix(rel, "sys/") && f.Mode.IsRegular():
			sysFiles++
			if c {
				t.Errorf("%s (sysfs): direct", rel)
			}
		}
		delete(want, rel)
	})
	if len(want) > 0 {
		t.Errorf("not walked: %v", want)
	}
	if sysFiles == 0 {
		t.Errorf("no file walked under %s", sys)
	}
}

// TestOpenSameMount: a folder of the root's own mount is opened without
// an fstatfs of its own, and gets the root's calls; a link into another
// mount (sysfs) is not opened so, and the walk asks that folder's file
// system (TestWalkCalls checks its calls).
func TestOpenSameMount(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	const sys = "/sys/kernel/mm"
	if err := os.Symlink(sys, filepath.Join(root, "sys")); err != nil {
		t.Fatal(err)
	}
	fd := openRoot(root)
	if fd < 0 {
		t.Fatal("openRoot failed")
	}
	defer closeRoot(fd)
	m := newRootMount(fd)
	if !directOK {
		if m.known {
			t.Error("the root's calls taken for its folders where direct calls are not made")
		}
		return
	}
	if !m.known {
		t.Skip("no fstatfs of an O_PATH folder here")
	}
	var st unix.Statfs_t
	if err := unix.Statfs(root, &st); err != nil {
		t.Fatal(err)
	}
	if want := calls(directFS(int64(st.Type))); m.c != want {
		t.Errorf("root's calls %v, want %v (file system %#x)", m.c, want, st.Type)
	}
	sub, ok := openSameMount(fd, "zlib")
	if !ok {
		if noOpenat2.Load() {
			t.Skip("no openat2 here")
		}
		t.Fatal("zlib: not opened as on the root's mount")
	}
	unix.Close(sub)
	if _, err := os.Stat(sys); err == nil {
		if sub, ok := openSameMount(fd, "sys"); ok {
			unix.Close(sub)
			t.Errorf("a link to %s opened as on the root's mount", sys)
		}
		if noOpenat2.Load() {
			t.Error("a folder on another mount turned openat2 off")
		}
	}
	if _, ok := openSameMount(fd, "missing"); ok {
		t.Error("a missing folder opened")
	}
}

// TestBindMountedPage: a page that is a mount of its own (a sysfs file
// bind-mounted onto it) is read with the scheduler's calls, whatever its
// folder's file system allows; its neighbour keeps the direct ones. The
// test runs itself again in a mount namespace of its own (unshare -rm),
// and is skipped where that is not allowed.
func TestBindMountedPage(t *testing.T) {
	const sys = "/sys/kernel/mm/transparent_hugepage/enabled"
	if os.Getenv("CACHEDIFF_TEST_MOUNT_NAMESPACE") == "" {
		unshare, err := exec.LookPath("unshare")
		if err != nil {
			t.Skip("no unshare:", err)
		}
		cmd := exec.Command(unshare, "-rm", os.Args[0], "-test.run=^TestBindMountedPage$", "-test.v")
		cmd.Env = append(os.Environ(), "CACHEDIFF_TEST_MOUNT_NAMESPACE=1")
		out, err := cmd.CombinedOutput()
		switch {
		case bytes.Contains(out, []byte("--- FAIL")):
			t.Fatalf("in a mount namespace:\n%s", out)
		case bytes.Contains(out, []byte("--- SKIP")):
			t.Skipf("in a mount namespace:\n%s", out)
		case err != nil || !bytes.Contains(out, []byte("--- PASS")):
			t.Skipf("cannot run in a mount namespace of its own (%v):\n%s", err, out)
		}
		return
	}
	if _, err := os.Stat(sys); err != nil {
		t.Skipf("no %s: %v", sys, err)
	}
	root := t.TempDir()
	for _, f := range []string{"zlib/specs.md", "zstd/specs.md"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), []byte("---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := filepath.Join(root, "zlib/specs.md")
	if err := unix.Mount(sys, page, "", unix.MS_BIND, ""); err != nil {
		t.Skipf("bind mount of %s: %v", sys, err)
	}
	t.Cleanup(func() { unix.Unmount(page, 0) }) // before TempDir's cleanup removes it
	fd := openRoot(root)
	if fd < 0 {
		t.Fatal("openRoot failed")
	}
	defer closeRoot(fd)
	if m := newRootMount(fd); !m.c {
		t.Skip("no direct calls here (the race detector, or the temporary folder's file system)")
	}
	for rel, want := range map[string]calls{"zlib/specs.md": false, "zstd/specs.md": true} {
		f, c, err := openPage(true, fd, rel)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		unix.Close(f)
		if c != want && !noOpenat2.Load() {
			t.Errorf("%s: direct %v, want %v", rel, c, want)
		}
	}
	if noOpenat2.Load() {
		t.Skip("no openat2 here")
	}
	// And the whole read: the bind-mounted page's text, through the
	// scheduler's calls.
	got, err := readFileAt(true, fd, "zlib/specs.md", page, nil)
	if err != nil || !bytes.Contains(got, []byte("madvise")) && !bytes.Contains(got, []byte("never")) {
		t.Errorf("reading the bind-mounted page: %q, %v", got, err)
	}
}

// TestReadInOpenRoot: the files of a walk are read by their names in the
// root the walk opened, until the loader says it has read them
// (Walked); then by their whole paths.
func TestReadInOpenRoot(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "old")
	if err := os.MkdirAll(filepath.Join(root, "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "zlib", "specs.md"), []byte("page"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := NewFolder(root)
	var files []File
	src.Walk(func(f File) { files = append(files, f) })
	if len(files) != 2 {
		t.Fatalf("walked %d files, want the folder and its page", len(files))
	}
	page := files[1]
	// Renamed, the root is still the folder the walk opened: the page is
	// read in it, by its name there.
	if err := os.Rename(root, filepath.Join(dir, "moved")); err != nil {
		t.Fatal(err)
	}
	if got, err := src.Read(page.Name, page.Handle, nil); err != nil || string(got) != "page" {
		t.Fatalf("Read of %s after the root moved: %q, %v; want the page, read in the open root", page.Name, got, err)
	}
	page.Handle.Walked()
	page.Handle.Walked() // a second close does nothing
	if _, err := src.Read(page.Name, page.Handle, nil); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Read of %s once walked, the root moved: %v; want a not-exist error for the whole path", page.Name, err)
	}
}

// TestReadLargeFile reads a file large enough for readFile to advise
// huge pages (hugepage.Advise), which must change nothing of what it
// reads.
func TestReadLargeFile(t *testing.T) {
	want := make([]byte, hugepage.MinSize+12345)
	for i := range want {
		want[i] = byte(i * 7 >> 3)
	}
	path := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readFile(true, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes that differ from the %d written", len(got), len(want))
	}
}
