package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestLogManyStepsCollections: a log of many small snapshots, run as main
// runs it (its memory limit and its collections between steps), collects
// a few times, not once a step. It collected before every snapshot from
// the third, marking a heap that grows with the steps (the series), and
// its memory limit, set from the two snapshots held, sat under that heap,
// so the collector ran without end: 400 steps of small lockfiles took
// 1.4 s of CPU, 1,600 took 14 s (10x for 4x).
func TestLogManyStepsCollections(t *testing.T) {
	steps := 300
	dir := t.TempDir()
	args := []string{"log", "-q"}
	for s := range steps {
		var b strings.Builder
		b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
		for i := range 20 {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"hash":"%s","spec":"p%d"}`, lockHash(s, i), i)
		}
		b.WriteString(`],"concrete_specs":{`)
		for i := range 20 {
			if i > 0 {
				b.WriteByte(',')
			}
			v := 0
			if i == s%20 {
				v = s
			}
			fmt.Fprintf(&b, `"%s":{"name":"p%d","version":"1.%d","arch":{"platform":"linux","platform_os":"os%d","target":"x86_64"},"compiler":{"name":"gcc","version":"13.2.0"},"namespace":"builtin","parameters":{},"hash":"%s"}`,
				lockHash(s, i), i, v, s%7, lockHash(s, i))
		}
		b.WriteString("}}\n")
		p := filepath.Join(dir, fmt.Sprintf("s%05d", s), "spack.lock")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	keepMemorySettings(t)
	c := newCLI()
	c.stdin, c.stdout, c.stderr = strings.NewReader(""), io.Discard, io.Discard
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if code := c.run(args); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	runtime.ReadMemStats(&after)
	debug.SetMemoryLimit(math.MaxInt64)
	if n := after.NumGC - before.NumGC; n > uint32(steps/4) {
		t.Errorf("%d collections for a log of %d steps, want at most %d", n, steps, steps/4)
	}
}

// lockHash is a 32-character base32 hash for node i of snapshot s.
func lockHash(s, i int) string {
	h := fmt.Sprintf("%08d%08d", s, i)
	r := strings.NewReplacer("0", "a", "1", "b", "8", "c", "9", "d")
	return r.Replace(h + h)
}
