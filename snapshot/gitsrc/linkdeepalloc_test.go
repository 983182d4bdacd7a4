package gitsrc

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestLinkWalkDeepAllocLinear: n links through n nested folders
// (snap/lK.json to ../deep/a/a/.../a/i.json) cost the walks their number
// times the square of the depth in bytes: each step joined its folder's
// path and the name anew, so that at twice n (4x the listing and the
// targets, the input) the walks allocated 7.5x the bytes (1.2 MB, 8.7 MB,
// 69 MB at n = 100, 200, 400). Each name is built in a buffer and kept
// once: at most 4.4x at 4x the input. Measured in bytes allocated.
func TestLinkWalkDeepAllocLinear(t *testing.T) {
	walks := func(n int) (input int, bytes uint64) {
		deep := strings.Repeat("a/", n)
		dirs := []string{"deep", "snap"}
		for k := 1; k <= n; k++ {
			dirs = append(dirs, "deep/"+deep[:2*k-1])
		}
		files := []File{{Path: "deep/" + deep + "i.json", Kind: Regular, OID: "F"}}
		for i := range n {
			files = append(files, File{Path: fmt.Sprintf("snap/l%d.json", i), Kind: Symlink, OID: "L"})
		}
		w := newLinkWalker("", files, dirs)
		w.targets["L"] = "../deep/" + deep + "i.json"
		for _, d := range dirs {
			input += len(d)
		}
		input += n * len(w.targets["L"])
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for _, f := range files[1:] {
			if l, state, _ := w.walk(f.Path); state != walkDone || l.typ != "blob" {
				t.Fatalf("%s: %s; want the file", f.Path, l.typ)
			}
		}
		runtime.ReadMemStats(&after)
		return input, after.TotalAlloc - before.TotalAlloc
	}
	in1, b1 := walks(100)
	in4, b4 := walks(200)
	t.Logf("input %d, %d bytes; walks %d, %d bytes", in1, in4, b1, b4)
	if ratio := float64(b4) / float64(b1); ratio > 4.4*float64(in4)/float64(4*in1) {
		t.Errorf("at %.1fx the input (%d bytes, %d), the walks allocated %.1fx the bytes (%d, %d); want at most 4.4x at 4x", float64(in4)/float64(in1), in1, in4, ratio, b1, b4)
	}
}
