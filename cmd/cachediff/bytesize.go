package main

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// byteSize is a flag value that is a number of bytes: 20000, or with a
// unit, 20k or 20kB (×1000), 64KiB (×1024), 1M or 1MB, 1MiB; the unit's
// case does not matter.
type byteSize int

// byteUnits are the units of byteSize, longest first.
var byteUnits = []struct {
	suffix string
	factor int64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"kb", 1000}, {"mb", 1000 * 1000}, {"k", 1000}, {"m", 1000 * 1000}, {"b", 1},
}

var errByteSize = errors.New("want a positive number of bytes: 20000, 20k (×1000) or 64KiB (×1024)")

// Set parses s.
func (b *byteSize) Set(s string) error {
	t := strings.ToLower(strings.TrimSpace(s))
	factor := int64(1)
	for _, u := range byteUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			t, factor = strings.TrimSpace(num), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt32/factor {
		return errByteSize
	}
	*b = byteSize(n * factor)
	return nil
}

// String returns the number of bytes.
func (b *byteSize) String() string { return strconv.Itoa(int(*b)) }

// Type names the kind of value for pflag.
func (b *byteSize) Type() string { return "bytes" }
