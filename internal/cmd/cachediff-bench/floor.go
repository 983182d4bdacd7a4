//go:build linux

package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// readFloor is the Go read-only floor (cachediff-bench read-floor DIR...):
// it lists each snapshot folder and reads every <package>/specs.md in
// full on GOMAXPROCS goroutines, as a loader that does nothing else
// would. Nothing is parsed; the byte count goes to standard output so
// that the reads cannot be skipped.
func readFloor(dirs []string) error {
	var paths []string
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if e.IsDir() {
				paths = append(paths, filepath.Join(d, e.Name(), "specs.md"))
			}
		}
	}
	var (
		mu    sync.Mutex
		total int64
		first error
		wg    sync.WaitGroup
	)
	next := make(chan string)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var n int64
			for p := range next {
				b, err := os.ReadFile(p)
				if err != nil && !os.IsNotExist(err) {
					mu.Lock()
					first = cmpErr(first, err)
					mu.Unlock()
				}
				n += int64(len(b))
			}
			mu.Lock()
			total += n
			mu.Unlock()
		})
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
	if first != nil {
		return first
	}
	_, err := fmt.Println(total)
	return err
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// machine describes where the numbers come from: cores, CPU model, Go,
// GOMAXPROCS, kernel and the date.
func machine() string {
	model := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	kernel := ""
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		kernel = ", Linux " + strings.TrimSpace(string(b))
	}
	load := ""
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			load = ", load average " + strings.Join(f[:3], " ")
		}
	}
	return fmt.Sprintf("%d cores (nproc), %s, %s, GOMAXPROCS %d%s, %s%s", runtime.NumCPU(), model, runtime.Version(),
		runtime.GOMAXPROCS(0), kernel, time.Now().UTC().Format("2006-01-02 15:04 UTC"), load)
}
