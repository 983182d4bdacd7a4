package main

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestHugePagesAsked(t *testing.T) {
	const madvise, always, never = "always [madvise] never\n", "[always] madvise never\n", "always madvise [never]\n"
	const plenty, little = "MemTotal:       24000000 kB\nMemFree:         9000000 kB\nMemAvailable:   20000000 kB\n", "MemTotal: 2000000 kB\nMemAvailable: 900000 kB\n"
	for _, c := range []struct {
		godebug, thp, overcommit, meminfo string
		want                              bool
	}{
		{"", madvise, "0\n", plenty, true},
		{"", madvise, "1\n", plenty, true},
		{"", madvise, "2\n", plenty, false},
		{"", always, "0\n", plenty, false},
		{"", never, "0\n", plenty, false},
		{"", madvise, "0\n", little, false},
		{"", madvise, "0\n", "MemTotal: 24000000 kB\n", false},
		{"", madvise, "0\n", "MemAvailable: lots\n", false},
		{"", madvise, "0\n", "MemAvailable: 2000000 MB\n", false},
		{"disablethp=1", madvise, "0\n", plenty, false},
		{"gctrace=1, disablethp=1", madvise, "0\n", plenty, false},
		{"disablethp=0", madvise, "0\n", plenty, true},
		{"xdisablethp=1", madvise, "0\n", plenty, true},
	} {
		if got := hugePagesAsked(c.godebug, []byte(c.thp), []byte(c.overcommit), []byte(c.meminfo)); got != c.want {
			t.Errorf("hugePagesAsked(%q, %q, %q, %q) = %v, want %v", c.godebug, c.thp, c.overcommit, c.meminfo, got, c.want)
		}
	}
}

// The hugeHeap tests run in a fresh process, as the command's call does:
// in this one, other tests have left free heap memory that an allocation
// could take first, and a limit set here would hold for them too. The
// test binary runs again with hugeHeapChild naming the test to run.
const hugeHeapChild = "CACHEDIFF_HUGEHEAP_CHILD"

// inChild runs the test named in a fresh process, unless this is that
// process: then it returns true and the caller does the test's work.
func inChild(t *testing.T) bool {
	t.Helper()
	if os.Getenv(hugeHeapChild) == t.Name() {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), hugeHeapChild+"="+t.Name())
	out, err := cmd.CombinedOutput()
	switch {
	case strings.Contains(string(out), "--- SKIP: "+t.Name()):
		t.Skipf("in the child process:\n%s", out)
	case err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()):
		t.Fatalf("in the child process: %v\n%s", err, out)
	}
	return false
}

// TestHugeHeap checks that after hugeHeap the memory the heap grows into
// is marked for huge pages: its mapping's VmFlags hold "hg", after the
// collection that gave it back. (It checked a large allocation made after
// it, which may take free space of the heap's first arena first: under
// load it failed one run in about fifty.)
func TestHugeHeap(t *testing.T) {
	if !madviseHugePages() {
		t.Skip("transparent huge pages are not on madvise here, or the process is limited")
	}
	if !inChild(t) {
		return
	}
	marked := markHeap()
	if marked == 0 {
		t.Fatal("markHeap marked nothing")
	}
	b := make([]byte, 8<<20)
	b[0] = 1
	addr := uint64(marked)
	flags, ok := vmFlags(t, addr)
	if !ok {
		t.Fatalf("no mapping in /proc/self/smaps holds %#x", addr)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the heap at %#x is not marked for huge pages: VmFlags %q", addr, flags)
	}
}

// TestHugeHeapLimited: under a limit on the data segment (ulimit -d, as
// batch schedulers set), below what hugeHeap would reserve, hugeHeap does
// nothing, where reserving the memory would end the process.
func TestHugeHeapLimited(t *testing.T) {
	if !inChild(t) {
		return
	}
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &l); err != nil {
		t.Skip(err)
	}
	l.Cur = 200 << 20
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, &l); err != nil {
		t.Skip(err)
	}
	if madviseHugePages() {
		t.Error("madviseHugePages is true under ulimit -d")
	}
	hugeHeap() // must return, not end the process
	b := make([]byte, 8<<20)
	b[0] = 1
}

// vmFlags returns the VmFlags of the mapping of this process that holds
// addr.
func vmFlags(t *testing.T, addr uint64) (string, bool) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := strings.Cut(strings.Fields(line + " x")[0], "-"); ok {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				in = a <= addr && addr < b
				continue
			}
		}
		if in {
			if rest, ok := strings.CutPrefix(line, "VmFlags:"); ok {
				return strings.TrimSpace(rest), true
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return "", false
}
