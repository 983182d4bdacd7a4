//go:build !unix

package snapshot

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
