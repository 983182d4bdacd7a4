package catalog

// What SafeYAML, which Jekyll reads front matter with, reads a scalar as
// when it guesses the scalar's type: a port of safe_yaml 1.0.5's
// Transform.to_guessed_type (its ToInteger, ToFloat, ToNil, ToBoolean
// and ToDate, in that order). The site's Jekyll (4.3.2 with safe_yaml
// 1.0.5, by its Gemfile.lock) reads front matter with SafeYAML.load, as
// every upstream Jekyll 3 and 4 does (Debian's jekyll package is patched
// to read it with Psych.safe_load instead, which types otherwise). It is
// YAML 1.1's typing in SafeYAML's own words, and neither yaml.v3's (YAML
// 1.2) nor Psych's: 1e5, 0o17 and +017 are text to it and numbers to
// yaml.v3, 1,000 the number 1000 to it and text to yaml.v3, and
// 1:20 the float 80.0 (Psych's 4800); ._5 makes it fail (Ruby's Float()
// refuses the '_'). TestSafeYAMLGuess holds it to the answers of the
// Ruby code itself.

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// yaml11Kind is the type SafeYAML gives a scalar.
type yaml11Kind uint8

const (
	readText yaml11Kind = iota
	readInteger
	readFloat
	readNull
	readBoolean
	readDate
	readTime
	readFailure // SafeYAML raises: Jekyll reads none of the front matter
)

// yaml11Read is what SafeYAML reads a scalar's text as.
type yaml11Read struct {
	kind yaml11Kind
	// shown is Ruby's to_s of the value, which Liquid prints: 8 for 010,
	// 80.0 for 1:20, 1.0e+20, Infinity, "" for null. Not set for a time
	// (the site prints it in its build machine's zone) or a failure.
	shown string
	// maybe: the text starts with another character than those
	// TRANSFORMABLE_PREFIXES lists ('_', ',', a tab), which one version
	// of safe_yaml reads as text whatever follows; 1.0.5 may not.
	maybe bool
}

// what says what SafeYAML reads, for messages: "the number 8", "null
// (shown as nothing)".
func (r yaml11Read) what() string {
	var s string
	switch r.kind {
	case readInteger, readFloat:
		s = "the number " + shorten(r.shown, 40)
	case readBoolean:
		s = "the boolean " + r.shown
	case readNull:
		s = "null (shown as nothing)"
	case readDate:
		s = "the date " + r.shown
	case readTime:
		s = "a time"
	case readFailure:
		return "no value: SafeYAML fails on it (Ruby's Float() refuses a '_' that is not between two digits), so Jekyll reads none of the page's front matter"
	default:
		return "text"
	}
	if r.maybe {
		s += " (or text: a scalar that starts with '_', ',' or a tab is text to some versions of SafeYAML)"
	}
	return s
}

// safeYAMLReads returns what SafeYAML reads the text v of a scalar as
// when it guesses its type (a plain scalar, one with a tag but !!binary,
// or one reached through an alias).
func safeYAMLReads(v string) yaml11Read {
	r := safeYAMLGuess(v)
	if r.kind != readText && v != "" {
		// TRANSFORMABLE_PREFIXES: the first character but ' '.
		c := strings.TrimLeft(v, " ")
		r.maybe = c == "" || !strings.ContainsRune("-+0123456789.~OoYyNnTtFf:", rune(c[0]))
	}
	return r
}

// safeYAMLGuess is Transform.to_guessed_type without its gate on the
// first character.
func safeYAMLGuess(v string) yaml11Read {
	if r, ok := toInteger(v); ok {
		return r
	}
	if r, ok := toFloat(v); ok {
		return r
	}
	if len(v) <= 4 && (v == "" || v == "~" || asciiFold(v, "null")) {
		return yaml11Read{kind: readNull}
	}
	if len(v) <= 5 {
		for _, w := range [...]string{"yes", "on", "true", "no", "off", "false"} {
			if asciiFold(v, w) {
				return yaml11Read{kind: readBoolean, shown: strconv.FormatBool(w[0] != 'n' && w[0] != 'f' && w != "off")}
			}
		}
	}
	return toDate(v)
}

// asciiFold reports whether s is w (lower-case ASCII) in any case, as
// Ruby's downcase compares it (not Unicode folding: "ſ" is not "s").
func asciiFold(s, w string) bool {
	if len(s) != len(w) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// endZ returns s without one final newline: Ruby's \Z matches before it.
func endZ(s string) string { return strings.TrimSuffix(s, "\n") }

// isRubySpace is Ruby's \s.
func isRubySpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func trimRubySpace(s string) string {
	i, j := 0, len(s)
	for i < j && isRubySpace(s[i]) {
		i++
	}
	for j > i && isRubySpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitsOf returns the length of the run of bytes of s from i that ok
// holds for.
func runOf(s string, i int, ok func(byte) bool) int {
	n := 0
	for i+n < len(s) && ok(s[i+n]) {
		n++
	}
	return n
}

// sign returns the length of an optional '+' or '-' at s[i].
func sign(s string, i int) int {
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		return 1
	}
	return 0
}

// maxConverted is the most digits of another base than ten that
// integerRead writes in decimal: converting is not linear in their
// number, and a value that long is shown by its length.
const maxConverted = 1000

// integerRead is ToInteger's Integer() of s (a sign, then digits of
// base), in decimal. Decimal digits (no leading zero but "0") are their
// own text, with no conversion, so that a long one takes time in
// proportion to its length; more than maxConverted digits of another
// base are described, not converted (its decimal text is never the
// scalar's own, which holds a 0, 0x or 0b).
func integerRead(neg bool, digits string, base int) yaml11Read {
	if base == 10 {
		if neg && digits != "0" {
			return yaml11Read{kind: readInteger, shown: "-" + digits}
		}
		return yaml11Read{kind: readInteger, shown: digits}
	}
	if len(digits) > maxConverted {
		return yaml11Read{kind: readInteger, shown: fmt.Sprintf("written with %d base-%d digits", len(digits), base)}
	}
	var z big.Int
	z.SetString(digits, base)
	if neg {
		z.Neg(&z)
	}
	return yaml11Read{kind: readInteger, shown: z.String()}
}

// toInteger is ToInteger: it drops every '_' and ',' of v, then reads a
// decimal, 0-octal, 0x or 0b integer, or a signed or spaced hexadecimal
// (Parse::Hexadecimal) or base-60 one (Parse::Sexagesimal, a float).
func toInteger(v string) (yaml11Read, bool) {
	w := strings.Map(func(r rune) rune {
		if r == '_' || r == ',' {
			return -1
		}
		return r
	}, v)
	m := endZ(w)
	s := sign(m, 0)
	switch d := m[s:]; {
	case d == "0" || len(d) > 0 && '1' <= d[0] && d[0] <= '9' && runOf(d, 0, isDigit) == len(d):
		return integerRead(m[:s] == "-", d, 10), true
	case s == 0 && len(m) > 1 && m[0] == '0' && runOf(m, 1, func(c byte) bool { return '0' <= c && c <= '7' }) == len(m)-1:
		return integerRead(false, m[1:], 8), true
	case s == 0 && len(m) > 2 && m[0] == '0' && (m[1] == 'x' || m[1] == 'X') && runOf(m, 2, isHex) == len(m)-2:
		return integerRead(false, m[2:], 16), true
	case s == 0 && len(m) > 2 && m[0] == '0' && m[1] == 'b' && runOf(m, 2, func(c byte) bool { return c == '0' || c == '1' }) == len(m)-2:
		return integerRead(false, m[2:], 2), true
	}
	// Parse::Hexadecimal: \A\s*[-+]?0x[0-9a-fA-F_]+\s*\Z.
	t := trimRubySpace(w)
	s = sign(t, 0)
	if d := t[s:]; len(d) > 2 && d[0] == '0' && d[1] == 'x' && runOf(d, 2, isHex) == len(d)-2 {
		return integerRead(t[:s] == "-", d[2:], 16), true
	}
	if sexagesimal(w, false) {
		return sexagesimalValue(w), true
	}
	return yaml11Read{}, false
}

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// sexagesimal matches Parse::Sexagesimal's INTEGER_MATCHER (frac false),
// \A\s*[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\s*\Z, or its FLOAT_MATCHER, the
// same with \.[0-9_]* before the final \s*.
func sexagesimal(s string, frac bool) bool {
	i := runOf(s, 0, isRubySpace)
	i += sign(s, i)
	if i >= len(s) || !isDigit(s[i]) {
		return false
	}
	i += 1 + runOf(s, i+1, func(c byte) bool { return isDigit(c) || c == '_' })
	groups := 0
	for i < len(s) && s[i] == ':' {
		n := runOf(s, i+1, isDigit)
		if n == 0 || n > 2 || n == 2 && s[i+1] > '5' {
			return false
		}
		i += 1 + n
		groups++
	}
	if groups == 0 {
		return false
	}
	if frac {
		if i >= len(s) || s[i] != '.' {
			return false
		}
		i += 1 + runOf(s, i+1, func(c byte) bool { return isDigit(c) || c == '_' })
	}
	return runOf(s, i, isRubySpace) == len(s)-i
}

// sexagesimalValue is Parse::Sexagesimal.value: the parts between ':'
// times powers of 60, in floats, plus the fraction, negated when s starts
// with '-' (so -1:20 is 40.0, as SafeYAML reads it).
func sexagesimalValue(s string) yaml11Read {
	before, after, _ := strings.Cut(s, ".")
	whole := 0.0
	mult, m := big.NewInt(1), 1.0 // 60**k, and it as a float
	sixty := big.NewInt(60)
	for end := len(before); end >= 0; {
		// The parts between ':', from the last, read in place: a slice
		// of them all would take memory many times the text's.
		start := strings.LastIndexByte(before[:end], ':') + 1
		f, ok := rubyFloat(before[start:end])
		if !ok {
			return yaml11Read{kind: readFailure}
		}
		end = start - 1
		whole += f * m
		// Past float's range the multiplier is Infinity for good: the
		// exact power is not computed further, which would take time
		// quadratic in the number of parts.
		if !math.IsInf(m, 1) {
			mult.Mul(mult, sixty)
			m, _ = new(big.Float).SetInt(mult).Float64()
		}
	}
	if after != "" { // Ruby's split drops an empty last part
		f, ok := rubyFloat("." + after)
		if !ok {
			return yaml11Read{kind: readFailure}
		}
		whole += f
	}
	if s[0] == '-' {
		whole = -whole
	}
	return yaml11Read{kind: readFloat, shown: rubyFloatString(whole)}
}

// toFloat is ToFloat: \A[-+]?(?:\d[\d_]*)?\.[\d_]+(?:[eE][-+][\d]+)?\Z
// read by Float(), .inf and .nan in three cases each, or a base-60 float.
func toFloat(v string) (yaml11Read, bool) {
	m := endZ(v)
	i := sign(m, 0)
	if i < len(m) && isDigit(m[i]) {
		i += runOf(m, i, func(c byte) bool { return isDigit(c) || c == '_' })
	}
	if i < len(m) && m[i] == '.' {
		if n := runOf(m, i+1, func(c byte) bool { return isDigit(c) || c == '_' }); n > 0 {
			i += 1 + n
			if i+2 < len(m) && (m[i] == 'e' || m[i] == 'E') && (m[i+1] == '+' || m[i+1] == '-') && isDigit(m[i+2]) {
				i += 2 + runOf(m, i+2, isDigit)
			}
			if i == len(m) {
				f, ok := rubyFloat(v)
				if !ok {
					return yaml11Read{kind: readFailure}, true
				}
				return yaml11Read{kind: readFloat, shown: rubyFloatString(f)}, true
			}
		}
	}
	switch v {
	case ".inf", ".Inf", ".INF":
		return yaml11Read{kind: readFloat, shown: "Infinity"}, true
	case "-.inf", "-.Inf", "-.INF":
		return yaml11Read{kind: readFloat, shown: "-Infinity"}, true
	case ".nan", ".NaN", ".NAN":
		return yaml11Read{kind: readFloat, shown: "NaN"}, true
	}
	if sexagesimal(v, true) {
		return sexagesimalValue(v), true
	}
	return yaml11Read{}, false
}

// rubyFloat is Ruby's Float() of s, a decimal float with '_' between
// digits alone, and spaces around; false where it raises.
func rubyFloat(s string) (float64, bool) {
	s = trimRubySpace(s)
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && (i == 0 || i+1 == len(s) || !isDigit(s[i-1]) || !isDigit(s[i+1])) {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	if ne, ok := err.(*strconv.NumError); ok && ne.Err != strconv.ErrRange {
		return 0, false // out of range is Infinity or 0.0 to Ruby too
	}
	return f, true
}

// rubyFloatString is Ruby's Float#to_s: the shortest digits that read
// back, in fixed notation from 0.0001 to below 1e15, and up to 1e16
// when the number has a fraction (1.0e+15, 1.0e-05 otherwise), with
// ".0" on a whole number.
func rubyFloatString(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±XX
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	decpt := x + 1
	var s string
	switch {
	case 0 < decpt && (decpt <= 15 || decpt < len(digits)):
		// Ruby's flo_to_s: fixed when a '.' falls among the digits
		// (1750163514123428.2, 16 digits before it) or when zeros
		// padding a whole number stay within DBL_DIG (1.0e+15 not).
		if len(digits) <= decpt {
			s = digits + strings.Repeat("0", decpt-len(digits)) + ".0"
		} else {
			s = digits[:decpt] + "." + digits[decpt:]
		}
	case -4 < decpt && decpt <= 0:
		s = "0." + strings.Repeat("0", -decpt) + digits
	default:
		frac := digits[1:]
		if frac == "" {
			frac = "0"
		}
		esign := '+'
		if decpt-1 < 0 {
			esign = '-'
		}
		ee := decpt - 1
		if ee < 0 {
			ee = -ee
		}
		es := strconv.Itoa(ee)
		if len(es) < 2 {
			es = "0" + es
		}
		s = digits[:1] + "." + frac + "e" + string(esign) + es
	}
	if neg {
		s = "-" + s
	}
	return s
}

// toDate is ToDate: a yyyy-mm-dd date (Parse::Date's DATE_MATCHER) or a
// time (TIME_MATCHER) that Ruby's Date.parse or DateTime.parse reads,
// or else text (ToDate rescues their ArgumentError).
func toDate(v string) yaml11Read {
	m := endZ(v)
	if len(m) == 10 && m[4] == '-' && m[7] == '-' && runOf(m, 0, isDigit) == 4 && runOf(m, 5, isDigit) == 2 && runOf(m, 8, isDigit) == 2 {
		if civilDate(atoi(m[:4]), atoi(m[5:7]), atoi(m[8:])) {
			return yaml11Read{kind: readDate, shown: m}
		}
		return yaml11Read{}
	}
	if rubyTime(v) {
		return yaml11Read{kind: readTime}
	}
	return yaml11Read{}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// civilDate reports whether y-m-d is a date to Ruby's Date (its default
// calendar: Julian before 1582-10-15, whose ten days before do not
// exist, Gregorian from then).
func civilDate(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	julian := y < 1582 || y == 1582 && (m < 10 || m == 10 && d < 15)
	if y == 1582 && m == 10 && 5 <= d && d <= 14 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && (julian && y%4 == 0 || !julian && (y%4 == 0 && y%100 != 0 || y%400 == 0)) {
		days = 29
	}
	return d <= days
}

// rubyTime reports whether v matches Parse::Date's TIME_MATCHER,
// \A\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d{2}:\d{2}(?:\.\d*)?\s*(?:Z|[-+]\d{1,2}(?::?\d{2})?)?\Z,
// with a date, an hour (24:00:00 too), minutes and seconds (60 too) and
// a zone that is not a day exactly, which Ruby's Time refuses (DateTime.parse
// ignores one over a day).
func rubyTime(v string) bool {
	num := func(i, lo, hi int) (int, int) { // a run of lo to hi digits at i, and its end
		n := runOf(v, i, isDigit)
		if n < lo || n > hi {
			return -1, i
		}
		return atoi(v[i : i+n]), i + n
	}
	y, i := num(0, 4, 4)
	if y < 0 || i >= len(v) || v[i] != '-' {
		return false
	}
	mo, i := num(i+1, 1, 2)
	if mo < 0 || i >= len(v) || v[i] != '-' {
		return false
	}
	d, i := num(i+1, 1, 2)
	if d < 0 || i >= len(v) {
		return false
	}
	if v[i] == 'T' || v[i] == 't' {
		i++
	} else if n := runOf(v, i, isRubySpace); n > 0 {
		i += n
	} else {
		return false
	}
	h, i := num(i, 1, 2)
	if h < 0 || i >= len(v) || v[i] != ':' {
		return false
	}
	mi, i := num(i+1, 2, 2)
	if mi < 0 || i >= len(v) || v[i] != ':' {
		return false
	}
	sec, i := num(i+1, 2, 2)
	if sec < 0 {
		return false
	}
	if i < len(v) && v[i] == '.' {
		i += 1 + runOf(v, i+1, isDigit)
	}
	i += runOf(v, i, isRubySpace)
	zone := 0 // minutes
	if i < len(v) && v[i] == 'Z' {
		i++
	} else if i < len(v) && (v[i] == '+' || v[i] == '-') {
		n := runOf(v, i+1, isDigit)
		zh, zm, end := -1, 0, i+1+n
		switch {
		case (n == 1 || n == 2) && end < len(v) && v[end] == ':' && runOf(v, end+1, isDigit) == 2:
			zh, zm, end = atoi(v[i+1:end]), atoi(v[end+1:end+3]), end+3
		case n == 1 || n == 2:
			zh = atoi(v[i+1 : end])
		case n == 3 || n == 4:
			zh, zm = atoi(v[i+1:end-2]), atoi(v[end-2:end])
		}
		if zh < 0 {
			return false
		}
		i = end
		zone = zh*60 + zm
	}
	if i != len(v) && v[i:] != "\n" {
		return false
	}
	return civilDate(y, mo, d) && (h < 24 || h == 24 && mi == 0 && sec == 0) && mi <= 59 && sec <= 60 && zone != 24*60
}
