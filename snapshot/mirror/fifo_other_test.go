//go:build !unix

package mirror_test

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs here") }
