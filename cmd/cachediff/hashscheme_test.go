package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// A lockfile of version 3 against one of version 4 (Spack 0.17 against
// 0.18) has every spec under another hash, for no change of its own: the
// report says why in a warning, in a diff and in a log's step, and says
// nothing of it for two lockfiles on one side of the change.
func TestHashSchemeWarning(t *testing.T) {
	dir := t.TempDir()
	arch := `"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"}`
	write := func(name string, version int, hash string) string {
		var data string
		if version < 4 {
			data = fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},"roots":[{"hash":"k%[2]s","spec":"zlib"}],
"concrete_specs":{"k%[2]s":{"zlib":{"version":"1.3",%[3]s,"hash":"%[2]s"}}}}`, version, hash, arch)
		} else {
			data = fmt.Sprintf(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":%d},"roots":[{"hash":"%[2]s","spec":"zlib"}],
"concrete_specs":{"%[2]s":{"zlib":{"version":"1.3",%[3]s,"hash":"%[2]s"}}}}`, version, hash, arch)
		}
		p := filepath.Join(dir, name, "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	v2 := write("v2", 2, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2")
	v3 := write("v3", 3, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3")
	v4 := write("v4", 4, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa4")
	v6 := write("v6", 6, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa6")
	// A folder of two lockfiles, of versions 3 and 5, that hold one
	// package: it merges into one, which must not hide either version.
	write("mixed/a", 3, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3")
	write("mixed/b", 5, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa5")
	mixed := filepath.Join(dir, "mixed")
	write("mixed2/a", 5, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa5")
	write("mixed2/b", 3, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3")
	mixed2 := filepath.Join(dir, "mixed2")
	const says = "Spack 0.18 (lockfile version 4) made a spec's hash include its build dependencies and its recipe"
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"-f", "json", v3, v4}, true},
		{[]string{"-f", "json", v6, v2}, true},
		{[]string{"-f", "json", v2, v3}, false},
		{[]string{"-f", "json", v4, v6}, false},
		{[]string{"-f", "json", mixed, v6}, false},
		{[]string{"-f", "json", v2, mixed2}, false},
		{[]string{"log", "-f", "json", v2, v3, v4}, true},
		{[]string{"log", "-f", "json", v4, v6}, false},
	} {
		var out, errb bytes.Buffer
		code := run(tt.args, &out, &errb)
		if code == exitTrouble {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errb.String())
		}
		if got := strings.Contains(out.String(), says); got != tt.want {
			t.Errorf("%v: the warning said: %v, want %v\n%s", tt.args, got, tt.want, out.String())
		}
		if tt.want && strings.Count(out.String(), says) != 1 {
			t.Errorf("%v: the warning said %d times, want once", tt.args, strings.Count(out.String(), says))
		}
	}
}

// TestHashSchemeWarningShowsOldPath (class a/e): the warning named OLD's
// path as spelt, and every view writes a warning's message made visible
// (report.VisibleMessage), a newline as \n: the lockfiles under the
// folders "q\nr" of a newline and q\nr of a backslash were both "OLD
// (q\nr/spack.lock)". The path is named as a message names one
// (snapshot.ShownPath), as the same snapshot given twice is.
func TestHashSchemeWarningShowsOldPath(t *testing.T) {
	read := map[string]string{}
	for _, p := range []string{"q\nr/spack.lock", `q\nr/spack.lock`, "q/spack.lock"} {
		w, ok := hashSchemeWarning(p, "new/spack.lock", [2]int{3, 3}, [2]int{5, 5})
		if !ok {
			t.Fatalf("no warning of %q", p)
		}
		got := report.VisibleMessage(w.Message)
		if !strings.HasPrefix(got, "OLD ("+snapshot.ShownPath(p)+") is a lockfile of version 3") {
			t.Errorf("the path %q: %q; want it named %s", p, got, snapshot.ShownPath(p))
		}
		if other, dup := read[got]; dup {
			t.Errorf("the paths %q and %q read alike: %q", p, other, got)
		}
		read[got] = p
	}
}
