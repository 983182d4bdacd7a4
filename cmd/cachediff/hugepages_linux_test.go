package main

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

func TestHugePagesAsked(t *testing.T) {
	const madvise, always, never = "always [madvise] never\n", "[always] madvise never\n", "always madvise [never]\n"
	for _, c := range []struct {
		godebug, thp, overcommit string
		want                     bool
	}{
		{"", madvise, "0\n", true},
		{"", madvise, "1\n", true},
		{"", madvise, "2\n", false},
		{"", always, "0\n", false},
		{"", never, "0\n", false},
		{"disablethp=1", madvise, "0\n", false},
		{"gctrace=1, disablethp=1", madvise, "0\n", false},
		{"disablethp=0", madvise, "0\n", true},
		{"xdisablethp=1", madvise, "0\n", true},
	} {
		if got := hugePagesAsked(c.godebug, []byte(c.thp), []byte(c.overcommit)); got != c.want {
			t.Errorf("hugePagesAsked(%q, %q, %q) = %v, want %v", c.godebug, c.thp, c.overcommit, got, c.want)
		}
	}
}

// TestHugeHeap checks that after hugeHeap the memory the heap grows into
// is marked for huge pages: a large allocation made after it lies in a
// mapping whose VmFlags hold "hg". It runs in a fresh process, as the
// command's does: in this one, other tests have left free heap memory
// that the allocation could take first.
func TestHugeHeap(t *testing.T) {
	if os.Getenv(hugeHeapChild) == "1" {
		hugeHeapInChild(t)
		return
	}
	if !madviseHugePages() {
		t.Skip("transparent huge pages are not on madvise here")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHugeHeap$", "-test.v")
	cmd.Env = append(os.Environ(), hugeHeapChild+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestHugeHeap") {
		t.Fatalf("%v\n%s", err, out)
	}
}

const hugeHeapChild = "CACHEDIFF_HUGEHEAP_CHILD"

func hugeHeapInChild(t *testing.T) {
	hugeHeap()
	b := make([]byte, 8<<20)
	addr := uint64(uintptr(unsafe.Pointer(&b[0])))
	flags, ok := vmFlags(t, addr)
	if !ok {
		t.Fatalf("no mapping in /proc/self/smaps holds %#x", addr)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the heap at %#x is not marked for huge pages: VmFlags %q", addr, flags)
	}
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
