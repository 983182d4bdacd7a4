//go:build linux && !(mips || mipsle || mips64 || mips64le)

package main

import "syscall"

// SIGSTKFLT, Linux's (not MIPS's, which has none), sent by kill, ends a
// Go program in the runtime's dump as SIGILL does: --output's temporary
// file was left behind.
func init() { stopSignals = append(stopSignals, syscall.SIGSTKFLT) }
