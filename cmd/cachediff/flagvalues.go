package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Flag values of their own: sizes and lists of patterns.

// byteSize is a flag value that is a number of bytes: 20000, or with a
// unit, 20k or 20kB (×1000), 64KiB (×1024), 1M or 1MB, 1MiB, 1G or 1GB,
// 1GiB; the unit's case does not matter.
type byteSize int

// byteUnits are the units of byteSize, longest first.
var byteUnits = []struct {
	suffix string
	factor int64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"kb", 1000}, {"mb", 1000 * 1000}, {"gb", 1000 * 1000 * 1000},
	{"k", 1000}, {"m", 1000 * 1000}, {"g", 1000 * 1000 * 1000}, {"b", 1},
}

var errByteSize = errors.New("want a positive number of bytes: 20000, 20k (×1000) or 64KiB (×1024)")

// Set parses s.
func (b *byteSize) Set(s string) error {
	n, err := parseBytes(s, math.MaxInt32)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

// bigSize is a byteSize that can be over 2 GB (--max-download).
type bigSize int64

// Set parses s.
func (b *bigSize) Set(s string) error {
	n, err := parseBytes(s, math.MaxInt64)
	if err != nil {
		return err
	}
	*b = bigSize(n)
	return nil
}

// String returns the number of bytes.
func (b *bigSize) String() string { return strconv.FormatInt(int64(*b), 10) }

// Type names the kind of value for pflag.
func (b *bigSize) Type() string { return "bytes" }

// parseBytes parses a number of bytes as byteSize takes it, at most most.
func parseBytes(s string, most int64) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	factor := int64(1)
	for _, u := range byteUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			t, factor = strings.TrimSpace(num), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(t, "-") || err == nil && n > most/factor {
		return 0, fmt.Errorf("more than the most it takes, %d bytes (about %s)", most, aboutBytes(most))
	}
	if err != nil || n < 0 {
		return 0, errByteSize
	}
	return n * factor, nil
}

// String returns the number of bytes.
func (b *byteSize) String() string { return strconv.Itoa(int(*b)) }

// Type names the kind of value for pflag.
func (b *byteSize) Type() string { return "bytes" }

// decimal is a flag value that is a whole number written in base 10
// (--max-entries). pflag's int reads Go's bases: 010 was 8 (octal), 0x10
// 16, where --width 0100 is 100. strconv's error is returned as it is:
// flagError says "want a whole number" or "a number too large".
type decimal int

// Set parses s.
func (d *decimal) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, strconv.IntSize)
	if err != nil {
		return err
	}
	*d = decimal(n)
	return nil
}

// String returns the number.
func (d *decimal) String() string { return strconv.Itoa(int(*d)) }

// Type names the kind of value for pflag.
func (d *decimal) Type() string { return "int" }

// globList is a repeatable flag value of comma-separated glob patterns:
// the commas inside a character class ([k,x]) belong to the pattern.
type globList []string

// Set appends the patterns of s. An empty one in a value (a comma at an
// end, or two in a row) is refused: it matches no package, and was
// reported as --package "" matching none, with a hint at names that are
// close. A value of nothing is left to the checks of the command line
// (--package= llvm: the space after the =).
func (g *globList) Set(s string) error {
	if err := g.set(s); err != nil {
		return err
	}
	if s != "" && slices.Contains(*g, "") { // --package= alone: see spacedValue
		return errors.New("an empty pattern (a comma at an end, or two in a row) matches no package name: remove the comma")
	}
	return nil
}

func (g *globList) set(s string) error {
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // an escaped character, a comma too
		case '[':
			depth = 1
		case ']':
			depth = 0
		case ',':
			if depth == 0 {
				*g = append(*g, s[start:i])
				start = i + 1
			}
		}
	}
	*g = append(*g, s[start:])
	return nil
}

// String returns the patterns, comma-separated.
func (g *globList) String() string { return "[" + strings.Join(*g, ",") + "]" }

// Type names the kind of value for pflag.
func (g *globList) Type() string { return "globs" }

// wordList is a repeatable flag value of comma-separated words (kinds of
// change, facets, kinds of rows). pflag's string slice reads a value as
// one line of CSV, so a value with a line break lost all after it
// without a word ("any\n::error::x" read as "any"): here every part is
// kept and checked, a line break included.
type wordList []string

// Set appends the words of s ("" appends none, as pflag's slices do).
func (w *wordList) Set(s string) error {
	if s == "" {
		return nil
	}
	*w = append(*w, strings.Split(s, ",")...)
	return nil
}

// String returns the words, comma-separated.
func (w *wordList) String() string { return "[" + strings.Join(*w, ",") + "]" }

// Type names the kind of value for pflag.
func (w *wordList) Type() string { return "strings" }

// aboutBytes writes n bytes rounded to the largest binary unit it
// reaches: math.MaxInt32 is "2 GiB".
func aboutBytes(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"EiB", 1 << 60}, {"PiB", 1 << 50}, {"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size-u.size/100 {
			q := n / u.size
			if n%u.size >= u.size/2 {
				q++
			}
			return strconv.FormatInt(q, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
