//go:build linux && (amd64 || arm64)

package dirsrc

import (
	"syscall"
	"unsafe"
)

// fstat is syscall.Fstat, made directly when c says so. Here (amd64,
// arm64) Go's syscall.Fstat is the fstat system call into Stat_t itself;
// elsewhere the call or its struct differ (fstat64 on 32-bit systems,
// none on loong64), and fstat_other.go leaves it to package syscall.
func (c calls) fstat(fd int, st *syscall.Stat_t) error {
	if !c {
		return syscall.Fstat(fd, st)
	}
	_, _, e := syscall.RawSyscall(syscall.SYS_FSTAT, uintptr(fd), uintptr(unsafe.Pointer(st)), 0)
	return errnoErr(e)
}
