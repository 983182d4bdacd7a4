//go:build linux && !(mips || mipsle || mips64 || mips64le)

package main

import "syscall"

// extraDumpSignals are the platform's signals, besides those of every
// Unix, that end a Go program in the runtime's dump when kill sends them
// (TestSignalRemovesTemporary).
var extraDumpSignals = []syscall.Signal{syscall.SIGSTKFLT}
