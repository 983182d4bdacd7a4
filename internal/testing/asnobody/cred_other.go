//go:build !unix

package asnobody

import "syscall"

// credential is not needed where there is no root (os.Geteuid is -1).
func credential(uid, gid uint32) *syscall.SysProcAttr { return nil }
