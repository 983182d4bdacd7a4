// Package cputime reads the CPU time the test process has used, for the
// tests that hold a cost to a shape (4x the input, at most ~4.4x the
// time): contention from other processes inflates wall time, not CPU
// time.
package cputime

import "time"

// Process is the CPU time the process has used (user and system, every
// thread, the garbage collector's too), and false where the system does
// not say.
func Process() (time.Duration, bool) { return process() }
