package sandbox

import (
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"
)

// printf is text/template's printf (fmt.Sprintf), checked before it runs
// (printfSize): fmt pads a verb to its width and precision (up to about
// ten million written, a million through *), each element of a list or
// map argument apart, and an argument index writes one argument as often
// as the format says, so "%999999[1]d" a hundred times asks for 100 MB,
// and a format made by repeat for any amount.
func (g *guard) printf(format string, args ...any) (string, error) {
	if err := g.checkString("would make", printfSize(format, args)); err != nil {
		return "", err
	}
	return fmt.Sprintf(format, args...), nil
}

// fmtMaxWidth is fmt's largest width or precision: a larger one is an
// error (%!(BADWIDTH)), not padding.
const fmtMaxWidth = 1e6

// printfSize estimates how long fmt.Sprintf(format, args...) is: the
// format, the strings among args, the width and precision of every verb
// that writes an argument (fmt pads nothing else: a verb without its
// argument is %!d(MISSING)), a few bytes a verb (such errors), and an
// argument again each time an index brings it back. It follows fmt's own
// reading of a format (doPrintf), so that * takes its width from the
// argument fmt takes it from, and a bad index is an error, not padding.
// It is not an upper bound of every verb's own formatting (%x doubles a
// string, %b writes 64 digits): those are linear in the arguments, and
// the result's check catches them. What it bounds is what a format can
// multiply.
func printfSize(format string, args []any) int {
	n := len(format) + stringsLen(args)
	used := make([]bool, len(args))
	end := len(format)
	argNum := 0
	for i := 0; i < end; {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			break
		}
		i += j + 1
		for i < end && strings.IndexByte("#0+- ", format[i]) >= 0 {
			i++
		}
		good := true // fmt's goodArgNum
		var afterIndex, ok bool
		argNum, i, afterIndex, ok = argNumber(argNum, format, i, len(args))
		good = good && ok
		var wid, prec int
		if i < end && format[i] == '*' {
			i++
			wid, argNum = intArg(args, argNum)
			wid = max(wid, -wid)
			afterIndex = false
		} else {
			var present bool
			wid, present, i = parseNum(format, i, end)
			if afterIndex && present { // "%[3]2d"
				good = false
			}
		}
		if i+1 < end && format[i] == '.' {
			i++
			if afterIndex { // "%[3].2d"
				good = false
			}
			argNum, i, afterIndex, ok = argNumber(argNum, format, i, len(args))
			good = good && ok
			if i < end && format[i] == '*' {
				i++
				prec, argNum = intArg(args, argNum)
				prec = max(prec, 0)
				afterIndex = false
			} else {
				prec, _, i = parseNum(format, i, end)
			}
		}
		if !afterIndex {
			argNum, i, _, ok = argNumber(argNum, format, i, len(args))
			good = good && ok
		}
		if i >= end {
			break
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		n += 16
		if verb == '%' || !good || argNum >= len(args) {
			continue // no padding, no argument
		}
		n += (wid + prec) * max(1, length(args[argNum])) // fmt pads each element of a list or map
		if used[argNum] {
			n += argSize(args[argNum])
		}
		used[argNum] = true
		argNum++
	}
	return n
}

// argSize is how much an argument written again adds at least: a
// string's length, two bytes an item of a list or dict.
func argSize(a any) int {
	switch a := a.(type) {
	case string:
		return len(a)
	case []byte:
		return len(a)
	}
	return 2 * length(a)
}

// intArg is fmt's intFromArg: the width or precision args[argNum] gives
// (0 when it gives none), and the next argument's number.
func intArg(args []any, argNum int) (int, int) {
	if argNum >= len(args) {
		return 0, argNum
	}
	v := reflect.ValueOf(args[argNum])
	w := 0
	switch {
	case v.CanInt():
		if i := v.Int(); i >= -fmtMaxWidth && i <= fmtMaxWidth {
			w = int(i)
		}
	case v.CanUint():
		if i := v.Uint(); i <= fmtMaxWidth {
			w = int(i)
		}
	}
	return w, argNum + 1
}

// parseNum is fmt's parsenum: the number at format[i:end], whether there
// is one, and where it ends. A number larger than fmt allows ends the
// format, as in fmt.
func parseNum(format string, i, end int) (int, bool, int) {
	n, present := 0, false
	for ; i < end && '0' <= format[i] && format[i] <= '9'; i++ {
		if n > fmtMaxWidth {
			return 0, false, end
		}
		n = n*10 + int(format[i]-'0')
		present = true
	}
	return n, present, i
}

// argNumber is fmt's argNumber: an argument index [n] at format[i:],
// which sets the argument the next verb (or *) takes. It returns the
// argument's number, where the format goes on, whether there was an
// index, and whether it was a good one (or none).
func argNumber(argNum int, format string, i, numArgs int) (int, int, bool, bool) {
	if i >= len(format) || format[i] != '[' {
		return argNum, i, false, true
	}
	// fmt's parseArgNumber: at least 3 bytes, [n].
	if len(format)-i < 3 {
		return argNum, i + 1, false, false
	}
	for j := i + 1; j < len(format); j++ {
		if format[j] == ']' {
			index, present, k := parseNum(format, i+1, j)
			if !present || k != j {
				return argNum, j + 1, false, false
			}
			if index-1 >= 0 && index-1 < numArgs {
				return index - 1, j + 1, true, true
			}
			return argNum, j + 1, true, false
		}
	}
	return argNum, i + 1, false, false
}
