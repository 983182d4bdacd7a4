package main

import (
	"io"
	"os"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal of 60 columns and returns its terminal
// side, or nil when the system has none.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Logf("no pseudo-terminal: %v", err)
		return nil
	}
	t.Cleanup(func() { ptmx.Close() })
	// What is written to the terminal is read and dropped, as a terminal
	// shows it: a report larger than the pseudo-terminal's buffer (an
	// HTML page) blocked its writer.
	go io.Copy(io.Discard, ptmx)
	fd := int(ptmx.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Logf("no pseudo-terminal: %v", err)
		return nil
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Logf("no pseudo-terminal: %v", err)
		return nil
	}
	tty, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Logf("no pseudo-terminal: %v", err)
		return nil
	}
	t.Cleanup(func() { tty.Close() })
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 60}); err != nil {
		t.Fatal(err)
	}
	return tty
}
