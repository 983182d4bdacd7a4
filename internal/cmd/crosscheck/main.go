// Command crosscheck type-checks the module's packages, their tests
// included, for other systems (make cross): for each GOOS=... or
// GOARCH=... it is given, it loads every package the patterns name and
// all they import, the standard library too, as that system builds them
// (its build constraints, its _GOOS and _GOARCH files, its int and
// pointer sizes), and type-checks them from source. It compiles nothing:
// what go build ./... for the system would refuse in this module's Go
// (a name that is not there, a constant that overflows 32-bit int) it
// refuses at a fifth of the CPU. It prints each error once, sorted, and
// exits 1 when there is one, 2 when the packages cannot be listed.
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
		for _, e := range p.Errors {
			if s := e.Error(); !seen[s] {
				seen[s] = true
				errs = append(errs, s)
			}
		}
	})
	slices.Sort(errs)
	return errs, n, nil
}
