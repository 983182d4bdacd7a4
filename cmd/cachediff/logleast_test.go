package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestLogTooSmallNamesLeast (class e): a log's --max-bytes too small
// names the least log's size, made of the table's newest row and a row
// that sums up the older steps; for a log of two steps that summary is
// longer than the one older row it replaces, and the whole table is the
// least: over three real weeks, "takes 1165 bytes" was named where a log
// of 1,143 bytes fit (--max-bytes 1143 to 1164 wrote it). The size named
// fits, and one byte less does not.
func TestLogTooSmallNamesLeast(t *testing.T) {
	const weeks = "../../testdata/real-series/"
	args := []string{"log", weeks + "develop-2025-03-02", weeks + "develop-2025-03-09", weeks + "develop-2025-03-16"}
	var stdout, stderr bytes.Buffer
	if code := run(append(args, "--max-bytes", "10"), &stdout, &stderr); code != exitTrouble {
		t.Fatalf("--max-bytes 10: exit %d, stderr %q", code, stderr.String())
	}
	m := regexp.MustCompile(`takes ([0-9]+) bytes`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("--max-bytes 10: no size named: %q", stderr.String())
	}
	least, _ := strconv.Atoi(m[1])
	stdout.Reset()
	stderr.Reset()
	if code := run(append(args, "--max-bytes", strconv.Itoa(least)), &stdout, &stderr); code == exitTrouble || stdout.Len() > least {
		t.Errorf("--max-bytes %d, the size named: exit %d, %d bytes, stderr %q", least, code, stdout.Len(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(append(args, "--max-bytes", strconv.Itoa(least-1)), &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "is too small") {
		t.Errorf("--max-bytes %d, a byte less than named: exit %d, %d bytes written; want it too small", least-1, code, stdout.Len())
	}
}
