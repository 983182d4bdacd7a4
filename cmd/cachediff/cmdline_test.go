package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// lineWords is a pool of words for command lines: every flag of cmd in
// each spelling pflag reads (--name, --name=, --name=v, -x, -x=, -xv,
// shorthands run together), and the words that trip a parse (--, -, an
// empty word, unknown flags, go test's -test.v, alone and after a
// shorthand, a multibyte shorthand).
func lineWords(cmd *command) []string {
	var o options
	fs := cmd.flagSet(&o)
	words := []string{"--", "--", "-", "", "=", "A", "B", "-test.v", "---x", "--=x", "--nope", "-Z", "-é", "-h", "--help", "--version"}
	var shorts []string
	fs.VisitAll(func(f *pflag.Flag) {
		words = append(words, "--"+f.Name, "--"+f.Name+"=", "--"+f.Name+"=v", "--"+f.Name+"=--")
		if f.Shorthand != "" {
			s := f.Shorthand
			words = append(words, "-"+s, "-"+s+"=", "-"+s+"v", "-"+s+"=v")
			shorts = append(shorts, s)
		}
	})
	for _, a := range shorts {
		for _, b := range shorts {
			words = append(words, "-"+a+b, "-"+a+b+"=")
		}
		words = append(words, "-"+a+"test.v")
	}
	return words
}

// TestReadLineAgreesWithPflag holds readLine to pflag's own parse: over
// random command lines of each command's flags, the flags set and their
// values (pflag's ParseAll, setting each as Parse does, so that a value
// refused, --max-bytes=v, stops it), the arguments, where "--" ended the
// flags and whether the parse failed are the same.
func TestReadLineAgreesWithPflag(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, cmd := range commands {
		words := lineWords(cmd)
		for range 3000 {
			args := make([]string, r.IntN(7))
			for i := range args {
				args[i] = words[r.IntN(len(words))]
			}
			var o options
			fs := cmd.flagSet(&o)
			var set []string
			err := fs.ParseAll(args, func(f *pflag.Flag, v string) error {
				// As Parse sets a flag: a value refused (--max-bytes=v)
				// stops the parse.
				if err := fs.Set(f.Name, v); err != nil {
					return err
				}
				set = append(set, f.Name+"="+v)
				return nil
			})
			line := readLine(cmd.flagSet(&options{}), args)
			var got, gotArgs []string
			bad, at := false, -1
			for _, w := range line {
				switch w.role {
				case flagWord, badWord:
					for i, f := range w.sets {
						got = append(got, f.Name+"="+w.values[i])
					}
					bad = bad || w.role == badWord
				case argWord:
					gotArgs = append(gotArgs, w.text)
				case dashesWord:
					at = len(gotArgs)
				case dashedWord:
					gotArgs = append(gotArgs, w.text)
				}
			}
			if bad && len(got) > len(set) {
				// The parse stops at the bad word: what a refused
				// flag gave before it is pflag's business, not set.
				got = got[:len(set)]
			}
			wantArgs := fs.Args()
			if err != nil {
				wantArgs = nil
				gotArgs = nil
			}
			if !slices.Equal(got, set) || !slices.Equal(gotArgs, wantArgs) || bad != (err != nil) || err == nil && at != fs.ArgsLenAtDash() {
				t.Fatalf("%s %q:\nreadLine: flags %q, args %q, dash at %d, refused %v\npflag:    flags %q, args %q, dash at %d, error %v", cmdName(cmd), args, got, gotArgs, at, bad, set, wantArgs, fs.ArgsLenAtDash(), err)
			}
		}
	}
}

func cmdName(cmd *command) string {
	if cmd.name == "" {
		return "diff"
	}
	return fmt.Sprint(cmd.name)
}

// TestReadLineRoles pins the roles of words the checks read: a "--"
// that is a flag's value ends nothing, and the one after it does.
func TestReadLineRoles(t *testing.T) {
	var o options
	fs := diffCommand.flagSet(&o)
	line := readLine(fs, []string{"--title", "--", "-qt", "--", "--", "-q", "A"})
	var roles []wordRole
	for _, w := range line {
		roles = append(roles, w.role)
	}
	want := []wordRole{flagWord, valueWord, flagWord, valueWord, dashesWord, dashedWord, dashedWord}
	if !slices.Equal(roles, want) {
		t.Errorf("roles %v, want %v", roles, want)
	}
	if !slices.Equal(line.dashed(), []string{"-q", "A"}) || !line.ended() || line.gives("help") || !line.gives("quiet") {
		t.Errorf("dashed %q, ended %v, help %v, quiet %v", line.dashed(), line.ended(), line.gives("help"), line.gives("quiet"))
	}
}

// TestRefusedValueEndsTheReading: a value its flag refuses is where the
// parse stops, and so the checks that read the words after it: the
// error is of that flag, and a --help after it asks nothing. --offline=
// A -h= B said "-h=: the switch -h takes no empty value", of a word
// pflag never reached, and -C= . log --max-bytes=x --help A B showed
// the help, exit 0, where -C . log --max-bytes=x --help A B is refused.
func TestRefusedValueEndsTheReading(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"log", "--offline=", "A", "-h=", "B"}, `--offline ""`},
		{[]string{"--width=x", "A", "-q=", "B"}, `--width "x"`},
		{[]string{"-C=", ".", "log", "--max-bytes=x", "--help", "A", "B"}, `-C= .: the space`},
		{[]string{"-C", ".", "log", "--max-bytes=x", "--help", "A", "B"}, `--max-bytes "x"`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || stdout.Len() > 0 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stdout %.40q, stderr %q; want 2, nothing on standard output, an error holding %s", c.args, code, stdout.String(), stderr.String(), c.want)
		}
	}
}
