//go:build unix

package html

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system, every
// thread), which contention from other processes does not inflate the
// way it does wall time.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
