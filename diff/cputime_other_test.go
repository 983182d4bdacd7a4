//go:build !unix

package diff_test

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
