//go:build unix && !(linux && !(mips || mipsle || mips64 || mips64le))

package main

import "syscall"

// extraDumpSignals: none on this platform (signal_stkflt_test.go).
var extraDumpSignals []syscall.Signal
