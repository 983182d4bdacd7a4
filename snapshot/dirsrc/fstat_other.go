//go:build linux && !(amd64 || arm64)

package dirsrc

import "syscall"

// fstat is syscall.Fstat: see fstat_direct.go.
func (c calls) fstat(fd int, st *syscall.Stat_t) error { return syscall.Fstat(fd, st) }
