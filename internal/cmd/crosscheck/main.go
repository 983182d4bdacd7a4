// Command crosscheck type-checks the module's packages, their tests
// included, for other systems (make cross): for each GOOS=... or
// GOARCH=... it is given, it loads every package the patterns name and
// all they import, the standard library too, as that system builds them
// (its build constraints, its _GOOS and _GOARCH files, its int and
// pointer sizes), and type-checks them from source. It compiles nothing:
// what go build ./... for the system would refuse in this module's Go
// (a name that is not there, a constant that overflows 32-bit int) it
// refuses at a fifth of the CPU. It prints each error once, sorted, as
// go build says it (a package's list and parse errors alone where it has
// any, a file's first parse error), and exits 1 when there is one, 2
// when the packages cannot be listed.
//
// Usage: crosscheck GOOS=darwin [GOARCH=386 ...] -- PATTERN...
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	i := slices.Index(args, "--")
	if i < 1 || i == len(args)-1 {
		fmt.Fprintln(stderr, "usage: crosscheck GOOS=... [GOARCH=...] -- PATTERN...")
		return 2
	}
	targets, patterns := args[:i], args[i+1:]
	status := 0
	for _, target := range targets {
		if !strings.HasPrefix(target, "GOOS=") && !strings.HasPrefix(target, "GOARCH=") {
			fmt.Fprintf(stderr, "crosscheck: %q is no GOOS=... or GOARCH=...\n", target)
			return 2
		}
		errs, n, err := check(target, patterns)
		if err != nil {
			fmt.Fprintf(stderr, "crosscheck %s: %v\n", target, err)
			return 2
		}
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
		fmt.Fprintf(stdout, "crosscheck %s: %d packages type-checked, tests included: %d errors\n", target, n, len(errs))
		if len(errs) > 0 {
			status = 1
		}
	}
	return status
}

// check type-checks the packages patterns name, with their tests and
// all they import, for target, and returns their errors, each once and
// sorted, and how many packages it checked.
func check(target string, patterns []string) ([]string, int, error) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: true,
		Env:   append(os.Environ(), target, "CGO_ENABLED=0"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, 0, err
	}
	seen := map[string]bool{}
	var errs []string
	n := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		n++
		for _, e := range said(p) {
			if s := shown(p, e); !seen[s] {
				seen[s] = true
				errs = append(errs, s)
			}
		}
	})
	slices.Sort(errs)
	return errs, n, nil
}

// said are the errors of p that go build would say: where p cannot be
// listed or a file of it parsed, those errors alone, and of a file's
// parse errors the first, as go vet says them; and no "could not
// import" of an import whose own errors are said. The type checker's
// errors follow from those (an import no module provides was said
// twice: its list error and p's "could not import"), and go/parser goes
// on past a syntax error: one missing ) was said 4 times.
func said(p *packages.Package) []packages.Error {
	early := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
		return e.Kind == packages.ListError || e.Kind == packages.ParseError
	})
	parsed := map[string]bool{}
	var out []packages.Error
	for _, e := range p.Errors {
		switch {
		case early && e.Kind == packages.TypeError:
			continue
		case e.Kind == packages.TypeError && importFailed(p, e.Msg):
			continue
		case e.Kind == packages.ParseError:
			file := posFile(e.Pos)
			if parsed[file] {
				continue
			}
			parsed[file] = true
		}
		out = append(out, e)
	}
	return out
}

// shown is e, an error of p, as go vet says it: one without a position
// (a package whose files a system's build constraints all exclude,
// imported by another) after the package's path, where packages writes
// "-: build constraints exclude all Go files in DIR", naming no package.
func shown(p *packages.Package, e packages.Error) string {
	if e.Pos != "" {
		return e.Error()
	}
	name := p.PkgPath
	if name == "" {
		name = p.ID
	}
	return name + ": " + e.Msg
}

// importFailed reports whether msg is go/types' "could not import PATH
// (...)" of an import of p that has errors of its own.
func importFailed(p *packages.Package, msg string) bool {
	rest, ok := strings.CutPrefix(msg, "could not import ")
	if !ok {
		return false
	}
	path, _, _ := strings.Cut(rest, " ")
	imp := p.Imports[path]
	return imp != nil && len(imp.Errors) > 0
}

// posFile is the file of pos, an error's position: file:line:col,
// file:line or file.
func posFile(pos string) string {
	for range 2 {
		i := strings.LastIndexByte(pos, ':')
		if i < 0 || strings.Trim(pos[i+1:], "0123456789") != "" || i == len(pos)-1 {
			break
		}
		pos = pos[:i]
	}
	return pos
}
