package sandbox

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"
)

// This file bounds the functions of user templates (Limits.String,
// Limits.Items). Every function's result is checked: a string of more
// than Limits.String bytes, a list or dict of more than Limits.Items
// items is an error of that call, which text/template places at the
// template's line and column. That stops any growth, however it is made
// ({{ $s = cat $s $s }} in a loop doubles a string; so does b64enc, a
// third at a time) within one call of the limit. The functions that can
// make much more than they are given are checked before they run instead,
// from their arguments, since the value they would make may not fit in
// memory at all: sprig's repeat, until, untilStep, seq, indent, nindent,
// wrapWith, replace, regexReplaceAll (and its variants), join, the
// splitting functions (one string each per piece), the functions that
// gather their arguments (cat, concat, ...) and printf, whose widths and
// precisions pad (each element of a list or map argument) and whose
// argument indexes (%[1]s) repeat an argument.
//
// set and the merge functions refuse to make a dict that holds itself:
// printing it recurses until the process runs out of stack.
//
// What no check of one call can see (a list that holds itself a million
// times over, built a pair at a time, printed) is left to Limits.Memory.

// boundFuncs returns fm with every function checked against g's limits,
// and text/template's printf, print, println, html, js and urlquery
// replaced by checked ones (a FuncMap entry overrides a builtin of that
// name).
func (g *guard) boundFuncs(fm template.FuncMap) template.FuncMap {
	fm = clone(fm)
	fm["printf"] = g.printf
	fm["print"] = gather(g, fmt.Sprint)
	fm["println"] = gather(g, fmt.Sprintln)
	fm["html"] = gather(g, template.HTMLEscaper)
	fm["js"] = gather(g, template.JSEscaper)
	fm["urlquery"] = gather(g, template.URLQueryEscaper)
	for _, name := range []string{"cat", "quote", "squote"} {
		if f, ok := fm[name].(func(...any) string); ok {
			fm[name] = gather(g, f)
		}
	}
	g.precheck(fm)
	for _, name := range []string{"printf", "print", "println", "html", "js", "urlquery", "cat", "quote", "squote", "toString", "toStrings", "join", "sortAlpha"} {
		if fn, ok := fm[name]; ok {
			fm[name] = noAddrFunc(name, fn)
		}
	}
	out := make(template.FuncMap, len(fm)+1)
	for name, fn := range fm {
		out[name] = g.checked(fn)
	}
	out[shownFunc] = g.shown // unchecked: it returns what it is given
	g.funcs = out
	return out
}

// noAddrFunc is fn, a function named name that formats its arguments
// with fmt, failing instead when one of them would print a memory
// address (noAddr).
func noAddrFunc(name string, fn any) any {
	switch f := fn.(type) {
	case func(string, ...any) (string, error): // printf
		return func(format string, args ...any) (string, error) {
			if hasPointerVerb(format) {
				return "", errors.New("the verb %p prints a memory address, which differs from run to run")
			}
			if err := noAddr(name, args); err != nil {
				return "", err
			}
			return f(format, args...)
		}
	case func(...any) (string, error):
		return func(args ...any) (string, error) {
			if err := noAddr(name, args); err != nil {
				return "", err
			}
			return f(args...)
		}
	case func(any) string:
		return func(a any) (string, error) {
			if err := noAddr(name, []any{a}); err != nil {
				return "", err
			}
			return f(a), nil
		}
	case func(any) []string:
		return func(a any) ([]string, error) {
			if err := noAddr(name, []any{a}); err != nil {
				return nil, err
			}
			return f(a), nil
		}
	case func(string, any) (string, error):
		return func(sep string, a any) (string, error) {
			if err := noAddr(name, []any{a}); err != nil {
				return "", err
			}
			return f(sep, a)
		}
	}
	return fn
}

func clone(fm template.FuncMap) template.FuncMap {
	c := make(template.FuncMap, len(fm))
	for k, v := range fm {
		c[k] = v
	}
	return c
}

var errorType = reflect.TypeFor[error]()

// checked returns fn with its result checked (checkValue): a function of
// the same arguments that returns the same value and an error. A function
// of a number or a bool is fn itself. The common kinds of functions are
// wrapped by closures of their own type, the others by reflection, which
// costs more than the call.
func (g *guard) checked(fn any) any {
	switch f := fn.(type) {
	case func(string) string:
		return func(a string) (string, error) { return g.made(f(a)) }
	case func(string, string) string:
		return func(a, b string) (string, error) { return g.made(f(a, b)) }
	case func(any) string:
		return func(a any) (string, error) { return g.made(f(a)) }
	case func(int, string) string:
		return func(a int, b string) (string, error) { return g.made(f(a, b)) }
	case func(int, int, string) string:
		return func(a, b int, c string) (string, error) { return g.made(f(a, b, c)) }
	case func(string) (string, error):
		return func(a string) (string, error) { return g.madeErr(f(a)) }
	case func(int, string) (string, error):
		return func(a int, b string) (string, error) { return g.madeErr(f(a, b)) }
	case func(string, string, string) (string, error):
		return func(a, b, c string) (string, error) { return g.madeErr(f(a, b, c)) }
	case func(any) (string, error):
		return func(a any) (string, error) { return g.madeErr(f(a)) }
	case func(string, any) (string, error):
		return func(a string, b any) (string, error) { return g.madeErr(f(a, b)) }
	case func(...any) (string, error):
		return func(a ...any) (string, error) { return g.madeErr(f(a...)) }
	case func(string, ...any) (string, error):
		return func(a string, b ...any) (string, error) { return g.madeErr(f(a, b...)) }
	}
	v := reflect.ValueOf(fn)
	t := v.Type()
	if t.Kind() != reflect.Func || t.NumOut() == 0 || t.NumOut() > 2 {
		return fn // not a function text/template can call: it says so
	}
	switch t.Out(0).Kind() {
	case reflect.String, reflect.Slice, reflect.Array, reflect.Map, reflect.Interface:
	default:
		return fn
	}
	in := make([]reflect.Type, t.NumIn())
	for i := range in {
		in[i] = t.In(i)
	}
	ft := reflect.FuncOf(in, []reflect.Type{t.Out(0), errorType}, t.IsVariadic())
	zero := reflect.Zero(t.Out(0))
	noErr := reflect.Zero(errorType)
	return reflect.MakeFunc(ft, func(args []reflect.Value) []reflect.Value {
		var out []reflect.Value
		if t.IsVariadic() {
			out = v.CallSlice(args)
		} else {
			out = v.Call(args)
		}
		if len(out) == 2 && !out[1].IsNil() {
			return []reflect.Value{zero, out[1]}
		}
		if err := g.checkValue(out[0]); err != nil {
			return []reflect.Value{zero, reflect.ValueOf(&err).Elem()}
		}
		return []reflect.Value{out[0], noErr}
	}).Interface()
}

// made checks a string a function made.
func (g *guard) made(s string) (string, error) {
	if len(s) > g.lim.String {
		return "", g.checkString("made", len(s))
	}
	return s, nil
}

// madeErr is made for a function that returns an error too.
func (g *guard) madeErr(s string, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return g.made(s)
}

// checkValue checks a function's result against the limits.
func (g *guard) checkValue(v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		return g.checkString("made", v.Len())
	case reflect.Slice, reflect.Array, reflect.Map:
		return g.checkItems("made", v.Len())
	case reflect.Interface:
		if !v.IsNil() {
			return g.checkValue(v.Elem())
		}
	}
	return nil
}

// checkString fails when a string of n bytes is more than a function may
// make; verb says whether it was made or would be.
func (g *guard) checkString(verb string, n int) error {
	if n > g.lim.String {
		return fmt.Errorf("it %s a string of %s bytes, and a template's strings are limited to %s",
			verb, countString(int64(n)), sizeString(int64(g.lim.String)))
	}
	return nil
}

// checkItems is checkString for a list or dict of n items.
func (g *guard) checkItems(verb string, n int) error {
	if n > g.lim.Items {
		return fmt.Errorf("it %s %s items, and a template's lists and dicts are limited to %s",
			verb, countString(int64(n)), countString(int64(g.lim.Items)))
	}
	return nil
}

// checkBig is checkString or checkItems for a size that may not fit an
// int.
func (g *guard) checkBig(n *big.Int, check func(string, int) error) error {
	if !n.IsInt64() {
		return check("would make", math.MaxInt)
	}
	return check("would make", int(n.Int64()))
}

// mulAdd returns a*b + c for a, b, c >= 0, or math.MaxInt when that is
// more: a size, where any size that large is over every limit.
func mulAdd(a, b, c int) int {
	if a != 0 && b > (math.MaxInt-c)/a {
		return math.MaxInt
	}
	return a*b + c
}

// gather bounds a function that writes all of its arguments (cat, print,
// html, ...): the strings among them may not add up to more than a
// function may make (each may be the same string of Limits.String bytes).
func gather(g *guard, f func(...any) string) func(...any) (string, error) {
	return func(args ...any) (string, error) {
		if err := g.checkString("would make", stringsLen(args)); err != nil {
			return "", err
		}
		return f(args...), nil
	}
}

// stringsLen is the length of the strings (and byte slices) of args.
func stringsLen(args []any) int {
	n := 0
	for _, a := range args {
		switch a := a.(type) {
		case string:
			n += len(a)
		case []byte:
			n += len(a)
		}
	}
	return n
}

// precheck replaces the functions of fm that can make much more than
// they are given with versions that check first (see the top of this
// file). Each calls sprig's own, which its tests pin.
func (g *guard) precheck(fm template.FuncMap) {
	if f, ok := fm["repeat"].(func(int, string) string); ok {
		fm["repeat"] = func(count int, s string) (string, error) {
			if count > 0 {
				if err := g.checkString("would make", mulAdd(count, len(s), 0)); err != nil {
					return "", err
				}
			}
			return f(count, s), nil
		}
	}
	if f, ok := fm["until"].(func(int) []int); ok {
		fm["until"] = func(count int) ([]int, error) {
			step := 1
			if count < 0 {
				step = -1
			}
			if err := g.checkBig(steps(0, count, step), g.checkItems); err != nil {
				return nil, err
			}
			return f(count), nil
		}
	}
	if f, ok := fm["untilStep"].(func(int, int, int) []int); ok {
		fm["untilStep"] = func(start, stop, step int) ([]int, error) {
			if err := g.checkSteps(start, stop, step); err != nil {
				return nil, err
			}
			return f(start, stop, step), nil
		}
	}
	if f, ok := fm["seq"].(func(...int) string); ok {
		fm["seq"] = func(params ...int) (string, error) {
			if err := g.checkSeq(params); err != nil {
				return "", err
			}
			return f(params...), nil
		}
	}
	for name, lead := range map[string]int{"indent": 0, "nindent": 1} {
		if f, ok := fm[name].(func(int, string) string); ok {
			fm[name] = func(spaces int, s string) (string, error) {
				if spaces > 0 {
					// The pad goes before every line.
					lines := strings.Count(s, "\n") + 1
					if err := g.checkString("would make", mulAdd(spaces, lines, len(s)+lead)); err != nil {
						return "", err
					}
				}
				return f(spaces, s), nil
			}
		}
	}
	if f, ok := fm["wrapWith"].(func(int, string, string) string); ok {
		fm["wrapWith"] = func(length int, sep, s string) (string, error) {
			if err := g.checkString("would make", mulAdd(wrapBreaks(s, length), len(sep), len(s))); err != nil {
				return "", err
			}
			return f(length, sep, s), nil
		}
	}
	if f, ok := fm["replace"].(func(string, string, string) string); ok {
		fm["replace"] = func(old, repl, src string) (string, error) {
			if len(repl) > len(old) {
				n := strings.Count(src, old)
				if err := g.checkString("would make", mulAdd(n, len(repl)-len(old), len(src))); err != nil {
					return "", err
				}
			}
			return f(old, repl, src), nil
		}
	}
	if f, ok := fm["join"].(func(string, any) string); ok {
		fm["join"] = func(sep string, list any) (string, error) {
			if err := g.checkJoin(sep, list); err != nil {
				return "", err
			}
			return f(sep, list), nil
		}
	}
	// The splitting functions make a string (16 bytes and more) per piece,
	// however short: splitList "" of a 256 MiB string would take 4 GiB.
	if f, ok := fm["splitList"].(func(string, string) []string); ok {
		fm["splitList"] = func(sep, s string) ([]string, error) {
			if err := g.checkItems("would make", pieces(sep, s, -1)); err != nil {
				return nil, err
			}
			return f(sep, s), nil
		}
	}
	if f, ok := fm["split"].(func(string, string) map[string]string); ok {
		fm["split"] = func(sep, s string) (map[string]string, error) {
			if err := g.checkItems("would make", pieces(sep, s, -1)); err != nil {
				return nil, err
			}
			return f(sep, s), nil
		}
	}
	if f, ok := fm["splitn"].(func(string, int, string) map[string]string); ok {
		fm["splitn"] = func(sep string, n int, s string) (map[string]string, error) {
			if err := g.checkItems("would make", pieces(sep, s, n)); err != nil {
				return nil, err
			}
			return f(sep, n, s), nil
		}
	}
	// The regular-expression functions that find or split take a count:
	// asked for every match (-1), they are asked for one more than a list
	// may hold, and fail if they find it.
	for _, name := range []string{"regexFindAll", "regexSplit"} {
		if f, ok := fm[name].(func(string, string, int) []string); ok {
			fm[name] = func(re, s string, n int) ([]string, error) {
				l := f(re, s, g.clampCount(n))
				if err := g.checkFound(len(l)); err != nil {
					return nil, err
				}
				return l, nil
			}
		}
	}
	for _, name := range []string{"mustRegexFindAll", "mustRegexSplit"} {
		if f, ok := fm[name].(func(string, string, int) ([]string, error)); ok {
			fm[name] = func(re, s string, n int) ([]string, error) {
				l, err := f(re, s, g.clampCount(n))
				if err != nil {
					return l, err
				}
				if err := g.checkFound(len(l)); err != nil {
					return nil, err
				}
				return l, nil
			}
		}
	}
	for _, name := range []string{"regexReplaceAll", "regexReplaceAllLiteral"} {
		literal := name == "regexReplaceAllLiteral"
		if f, ok := fm[name].(func(string, string, string) string); ok {
			fm[name] = func(re, s, repl string) (string, error) {
				if err := g.checkReplace(re, s, repl, literal); err != nil {
					return "", err
				}
				return f(re, s, repl), nil
			}
		}
		if f, ok := fm["must"+strings.ToUpper(name[:1])+name[1:]].(func(string, string, string) (string, error)); ok {
			fm["must"+strings.ToUpper(name[:1])+name[1:]] = func(re, s, repl string) (string, error) {
				if err := g.checkReplace(re, s, repl, literal); err != nil {
					return "", err
				}
				return f(re, s, repl)
			}
		}
	}
	if f, ok := fm["concat"].(func(...any) any); ok {
		fm["concat"] = func(lists ...any) (any, error) {
			n := 0
			for _, l := range lists {
				n += length(l)
			}
			if err := g.checkItems("would make", n); err != nil {
				return nil, err
			}
			return f(lists...), nil
		}
	}
	if f, ok := fm["keys"].(func(...map[string]any) []string); ok {
		fm["keys"] = func(dicts ...map[string]any) ([]string, error) {
			n := 0
			for _, d := range dicts {
				n += len(d)
			}
			if err := g.checkItems("would make", n); err != nil {
				return nil, err
			}
			return f(dicts...), nil
		}
	}
	if f, ok := fm["set"].(func(map[string]any, string, any) map[string]any); ok {
		fm["set"] = func(d map[string]any, key string, value any) (map[string]any, error) {
			if reaches(value, d) {
				return nil, errSelf
			}
			return f(d, key, value), nil
		}
	}
	for _, name := range []string{"merge", "mergeOverwrite"} {
		if f, ok := fm[name].(func(map[string]any, ...map[string]any) any); ok {
			fm[name] = func(dst map[string]any, srcs ...map[string]any) (any, error) {
				v := f(dst, srcs...)
				if cyclic(dst) {
					return nil, errSelf
				}
				return v, nil
			}
		}
	}
	for _, name := range []string{"mustMerge", "mustMergeOverwrite"} {
		if f, ok := fm[name].(func(map[string]any, ...map[string]any) (any, error)); ok {
			fm[name] = func(dst map[string]any, srcs ...map[string]any) (any, error) {
				v, err := f(dst, srcs...)
				if err == nil && cyclic(dst) {
					return nil, errSelf
				}
				return v, err
			}
		}
	}
	fm["pkgdetails"] = func(doc *data, i int) (string, error) {
		return pkgDetailsTo(&capWriter{g: g}, g.tmpl, doc, i)
	}
}

// errSelf is the error of set and merge on a dict that would hold itself.
var errSelf = errors.New("the dict would hold itself, and printing it would never end")

// steps is how many values untilStep(start, stop, step) makes: the i from
// start, by step, while i < stop (i > stop when counting down). A count
// too large for an int (overflow) is more than any limit.
func steps(start, stop, step int) *big.Int {
	if step == 0 || (stop < start) != (step < 0) || stop == start {
		return new(big.Int)
	}
	span := new(big.Int).Sub(big.NewInt(int64(stop)), big.NewInt(int64(start)))
	st := big.NewInt(int64(step))
	n, m := new(big.Int).QuoRem(span, st, new(big.Int))
	if m.Sign() != 0 {
		n.Add(n, big.NewInt(1))
	}
	return n
}

// checkSteps checks untilStep(start, stop, step): the number of values,
// and that i never overflows on its way to stop (sprig's loop would then
// never end: i wraps around and stays below stop).
func (g *guard) checkSteps(start, stop, step int) error {
	n := steps(start, stop, step)
	if err := g.checkBig(n, g.checkItems); err != nil {
		return err
	}
	last := new(big.Int).Mul(n, big.NewInt(int64(step)))
	last.Add(last, big.NewInt(int64(start))) // the i that ends the loop
	if !last.IsInt64() {
		return fmt.Errorf("its count runs past the largest integer, and would never end")
	}
	return nil
}

// checkSeq checks seq's parameters as sprig's seq reads them: the number
// of values (untilStep's) and their length written out.
func (g *guard) checkSeq(p []int) error {
	var start, stop, step int
	switch len(p) {
	case 1:
		start, step = 1, 1
		if p[0] < start {
			step = -1
		}
		stop = p[0] + step
	case 2:
		start, step = p[0], 1
		if p[1] < start {
			step = -1
		}
		stop = p[1] + step
	case 3:
		start, step = p[0], p[1]
		inc := 1
		if p[2] < start {
			inc = -1
		}
		stop = p[2] + inc
	default:
		return nil
	}
	if err := g.checkSteps(start, stop, step); err != nil {
		return err
	}
	// Each value is at most as long as the longer of start and stop, and a
	// space.
	width := max(len(strconv.Itoa(start)), len(strconv.Itoa(stop))) + 1
	return g.checkString("would make", mulAdd(int(steps(start, stop, step).Int64()), width, 0))
}

// wrapBreaks is at most how many line breaks wrapWith length puts into s:
// goutils' WrapCustom moves on by at least 2 bytes at a break between
// words (it breaks at a space after a word), and by length at a break
// inside a long word.
func wrapBreaks(s string, length int) int {
	return len(s) / max(1, min(2, length))
}

// checkJoin checks join: the strings of list and a separator between
// each two.
func (g *guard) checkJoin(sep string, list any) error {
	v := reflect.ValueOf(list)
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return nil
	}
	n := v.Len()
	if n == 0 {
		return nil
	}
	total := mulAdd(n-1, len(sep), 0)
	switch l := list.(type) {
	case []string:
		for _, s := range l {
			total = mulAdd(1, total, len(s))
		}
	case []any:
		for _, e := range l {
			if s, ok := e.(string); ok {
				total = mulAdd(1, total, len(s))
			}
		}
	default:
		for i := range n {
			e := v.Index(i)
			for e.Kind() == reflect.Interface && !e.IsNil() {
				e = e.Elem()
			}
			if e.Kind() == reflect.String {
				total = mulAdd(1, total, e.Len())
			}
		}
	}
	return g.checkString("would make", total)
}

// pieces is how many strings strings.SplitN(s, sep, n) makes.
func pieces(sep, s string, n int) int {
	var p int
	if sep == "" {
		p = utf8.RuneCountInString(s)
	} else {
		p = strings.Count(s, sep) + 1
	}
	if n >= 0 {
		p = min(p, n)
	}
	return p
}

// clampCount is the count to ask a finding or splitting function for,
// instead of n: at most one more than a list may hold.
func (g *guard) clampCount(n int) int {
	if n < 0 || n > g.lim.Items {
		return g.lim.Items + 1
	}
	return n
}

// checkFound checks the got items a finding or splitting function asked
// for clampCount's count gave: more than a list may hold means that it
// had more to give.
func (g *guard) checkFound(got int) error {
	if got > g.lim.Items {
		return fmt.Errorf("it would make more than %s items, and a template's lists and dicts are limited to %s",
			countString(int64(g.lim.Items)), countString(int64(g.lim.Items)))
	}
	return nil
}

// checkReplace checks a regular-expression replacement: each match of re
// in s becomes repl, where (unless literal) each $ may bring in a group
// of the match, at most the match again. Matches do not overlap, so that
// is at most len(s) + matches×len(repl) + dollars×len(s). The matches
// are counted only when the count of every position (len(s)+1) is too
// many.
func (g *guard) checkReplace(re, s, repl string, literal bool) error {
	dollars := 0
	if !literal {
		dollars = strings.Count(repl, "$")
	}
	bound := func(matches int) int {
		return mulAdd(matches, len(repl), mulAdd(dollars, len(s), len(s)))
	}
	if g.checkString("would make", bound(len(s)+1)) == nil {
		return nil
	}
	r, err := regexp.Compile(re)
	if err != nil {
		return nil // sprig's own call says so
	}
	matches := 0
	r.ReplaceAllStringFunc(s, func(string) string { matches++; return "" })
	return g.checkString("would make", bound(matches))
}

// length is the number of items of a list, 0 for anything else.
func length(l any) int {
	v := reflect.ValueOf(l)
	switch v.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return v.Len()
	}
	return 0
}

// reaches reports whether v is d or holds it, through the lists and dicts
// a template makes.
func reaches(v any, d map[string]any) bool {
	seen := map[any]bool{}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			p := reflect.ValueOf(v).UnsafePointer()
			if v == nil || seen[p] {
				return false
			}
			if p == reflect.ValueOf(d).UnsafePointer() {
				return true
			}
			seen[p] = true
			for _, e := range v {
				if walk(e) {
					return true
				}
			}
		case []any:
			if len(v) == 0 {
				return false
			}
			k := sliceKey{&v[0], len(v)}
			if seen[k] {
				return false
			}
			seen[k] = true
			for _, e := range v {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	return walk(v)
}

type sliceKey struct {
	first *any
	n     int
}

// cyclic reports whether d holds itself, or a list or dict in it holds
// itself.
func cyclic(d map[string]any) bool {
	const (
		open = 1
		done = 2
	)
	state := map[any]int{}
	var walk func(v any) bool
	walk = func(v any) bool {
		var key any
		var elems func(func(any) bool) bool
		switch v := v.(type) {
		case map[string]any:
			if v == nil {
				return false
			}
			key = reflect.ValueOf(v).UnsafePointer()
			elems = func(f func(any) bool) bool {
				for _, e := range v {
					if f(e) {
						return true
					}
				}
				return false
			}
		case []any:
			if len(v) == 0 {
				return false
			}
			key = sliceKey{&v[0], len(v)}
			elems = func(f func(any) bool) bool {
				for _, e := range v {
					if f(e) {
						return true
					}
				}
				return false
			}
		default:
			return false
		}
		switch state[key] {
		case open:
			return true
		case done:
			return false
		}
		state[key] = open
		if elems(walk) {
			return true
		}
		state[key] = done
		return false
	}
	return walk(d)
}

// capWriter is a strings.Builder that holds at most a string a function
// may make (pkgdetails' block).
type capWriter struct {
	g *guard
	b strings.Builder
}

func (w *capWriter) Write(p []byte) (int, error) {
	if w.g.tickID(p) >= 0 {
		// A tick of the block's own nodes: to the checking writer, which
		// stops a loop inside the block at the time limit as anywhere.
		return w.g.out.Write(p)
	}
	if err := w.g.checkString("would make", w.b.Len()+len(p)); err != nil {
		return 0, err
	}
	return w.b.Write(p)
}

func (w *capWriter) String() string { return w.b.String() }
