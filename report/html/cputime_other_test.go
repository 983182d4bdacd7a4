//go:build !unix

package html

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
