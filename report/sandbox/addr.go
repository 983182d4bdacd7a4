package sandbox

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"text/template/parse"
)

// A template's data is reached through pointers (the report, its gate,
// causes, specs, views), and fmt prints a pointer below the top of a
// value, a function or a channel, as its memory address: {{ . }},
// {{ .Report }}, printf "%v" or "%p" printed 0xc000... values, which
// differ from run to run and tell where the heap lies. A template gets
// the value as text only where it holds no such address (addrCheck): an
// action prints its value through shown, and the functions that format
// their arguments with fmt (printf, print, cat, toString, ...) check
// them first (noAddr).

// shownFunc is the name shown has among a template's functions; its
// errors are said without it, and without the place of its call
// (ownWords): "at <shown ".Report">: error calling shown: ", which the
// template does not hold.
const shownFunc = "shown"

// errAddr says why a value is not printed.
func errAddr(what string) error {
	return fmt.Errorf("%s holds pointers, which print as memory addresses that differ from run to run: print its fields instead", what)
}

// shown is what every action's pipeline ends with (instrument): v as it
// is when text/template prints it without an address, an error
// otherwise, which names the action (the guard's site). text/template
// prints what v points to (through every pointer), with its String or
// Error method, or that of its pointer when it is addressable; a value
// of a type only whose pointer has such a method is given as a pointer,
// so that it is printed with it as before (reached through a pointer,
// it was addressable; passed here, it is a copy).
func (g *guard) shown(v any) (any, error) {
	switch v.(type) {
	case nil:
		return nil, nil // printed as text/template prints it: <no value>
	case string, int, bool, float64, []string:
		return v, nil // the common values, which hold no address
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return v, nil // <nil>
		}
		rv = rv.Elem()
	}
	t := rv.Type()
	switch {
	case printsItself(t):
		return v, nil
	case printsItself(reflect.PointerTo(t)):
		if rv.CanAddr() {
			return v, nil
		}
		p := reflect.New(t)
		p.Elem().Set(rv)
		return p.Interface(), nil
	}
	if err := addrErr(addrCheck(rv, 0), g.action()); err != nil {
		return nil, err
	}
	return v, nil
}

// mayPrintAddr reports whether an action's pipeline may give a value
// that prints an address: not when it ends with a literal, or with a
// call of a function whose result cannot hold one (a string, a number:
// md, printf, len, eq, ...), which need not go through shown.
func (g *guard) mayPrintAddr(pipe *parse.PipeNode) bool {
	if len(pipe.Cmds) == 0 || len(pipe.Cmds[len(pipe.Cmds)-1].Args) == 0 {
		return true
	}
	switch n := pipe.Cmds[len(pipe.Cmds)-1].Args[0].(type) {
	case *parse.StringNode, *parse.NumberNode, *parse.BoolNode:
		return false
	case *parse.IdentifierNode:
		if fn, ok := g.funcs[n.Ident]; ok {
			t := reflect.TypeOf(fn)
			return t.Kind() != reflect.Func || t.NumOut() == 0 || mayHoldAddr(t.Out(0))
		}
		switch n.Ident {
		case "not", "eq", "ne", "lt", "le", "gt", "ge", "len": // text/template's, of a bool or an int
			return false
		}
	}
	return true
}

// action is the action the template is at, as written ({{ .Report }}),
// or "the value".
func (g *guard) action() string {
	i := g.at.Load()
	if i < 0 || int(i) >= len(g.sites) {
		return "the value"
	}
	a, ok := g.sites[i].node.(*parse.ActionNode)
	if !ok || len(a.Pipe.Cmds) == 0 {
		return "the value"
	}
	pipe := *a.Pipe
	pipe.Cmds = pipe.Cmds[:len(pipe.Cmds)-1] // without shown
	return "{{ " + pipe.String() + " }}"
}

var (
	stringerType  = reflect.TypeFor[fmt.Stringer]()
	formatterType = reflect.TypeFor[fmt.Formatter]()
)

// printsItself reports whether fmt prints a value of t with its own
// method (Format, Error or String).
func printsItself(t reflect.Type) bool {
	return t.Implements(formatterType) || t.Implements(errorType) || t.Implements(stringerType)
}

// noAddr checks the arguments of fn, a function named name that formats
// them with fmt, before it is called: an argument that would print an
// address fails the call (verb %p, in printf's format, too).
func noAddr(name string, args []any) error {
	for _, a := range args {
		if a == nil {
			continue
		}
		if err := addrErr(addrCheck(reflect.ValueOf(a), 0), name+"'s argument"); err != nil {
			return err
		}
	}
	return nil
}

// hasPointerVerb reports whether a printf format has the verb %p, which
// prints any argument's address.
func hasPointerVerb(format string) bool {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("#0+- .*[]0123456789", format[j]) >= 0 {
			j++
		}
		if j < len(format) && format[j] == 'p' {
			return true
		}
		i = j // "%%" and every other verb
	}
	return false
}

// maxAddrDepth bounds addrCheck's descent (a dict that held itself
// would have none): a list of lists 1000 deep is printed, as
// text/template printed it; deeper is refused as too deep, not as
// holding an address. A level is a list, dict or record (an interface
// holding an element is none: its element cannot be an interface).
const maxAddrDepth = 1000

// What addrCheck finds of a value.
const (
	addrNone    = iota // fmt prints it without an address
	addrHeld           // it holds one
	addrTooDeep        // it nests deeper than maxAddrDepth
)

// addrErr is the error for what addrCheck found of what (an action, a
// function's argument), or nil.
func addrErr(found int, what string) error {
	switch found {
	case addrHeld:
		return errAddr(what)
	case addrTooDeep:
		return fmt.Errorf("%s nests lists, dicts or records more than %d levels deep, which cachediff does not print: print a part of it", what, maxAddrDepth)
	}
	return nil
}

// addrCheck says whether fmt prints v, an argument at depth 0 or an
// element or field below it, without a memory address: a pointer is
// printed as &{...} only at the top and to a struct, array, slice or map;
// a pointer below it, a function, a channel or an unsafe pointer is an
// address unless nil; fmt prints a value of an exported field with its
// own String, Error or Format method.
func addrCheck(v reflect.Value, depth int) int {
	if !v.IsValid() {
		return addrNone
	}
	if depth > maxAddrDepth {
		return addrTooDeep
	}
	t := v.Type()
	if !mayHoldAddr(t) {
		return addrNone
	}
	if v.CanInterface() && printsItself(t) {
		return addrNone // its method says what it prints
	}
	switch t.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return addrNone
		}
		// The interface a list's or dict's element is held in is no
		// level of its own: the message counts lists, dicts and records.
		return addrCheck(v.Elem(), depth)
	case reflect.Pointer:
		if v.IsNil() {
			return addrNone
		}
		switch t.Elem().Kind() {
		case reflect.Struct, reflect.Array, reflect.Slice, reflect.Map:
			if depth == 0 {
				return addrCheck(v.Elem(), depth+1)
			}
		}
		return addrHeld
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		if v.IsNil() {
			return addrNone
		}
		return addrHeld
	}
	// An address found anywhere is what is said, a part too deep only
	// where none is: a map's order differs from run to run, and the
	// first part found would make the message differ too.
	found := addrNone
	part := func(p reflect.Value) bool {
		switch addrCheck(p, depth+1) {
		case addrHeld:
			found = addrHeld
		case addrTooDeep:
			found = addrTooDeep
		}
		return found == addrHeld
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if part(v.Field(i)) {
				return addrHeld
			}
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			if part(v.Index(i)) {
				return addrHeld
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if part(it.Key()) || part(it.Value()) {
				return addrHeld
			}
		}
	}
	return found
}

// holdsAddr caches mayHoldAddr: reflect.Type to bool.
var holdsAddr sync.Map

// mayHoldAddr reports whether a value of t can hold a pointer, function,
// channel, unsafe pointer or interface: a value of any other type prints
// no address, and is not looked through.
func mayHoldAddr(t reflect.Type) bool {
	if b, ok := holdsAddr.Load(t); ok {
		return b.(bool)
	}
	b := typeHoldsAddr(t, map[reflect.Type]bool{})
	holdsAddr.Store(t, b)
	return b
}

func typeHoldsAddr(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false // already being looked at: its other parts say
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Interface:
		return true
	case reflect.Array, reflect.Slice:
		return typeHoldsAddr(t.Elem(), seen)
	case reflect.Map:
		return typeHoldsAddr(t.Key(), seen) || typeHoldsAddr(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if typeHoldsAddr(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
