//go:build !unix

package catalog

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
