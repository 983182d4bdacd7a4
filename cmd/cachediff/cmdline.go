package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// wordRole is what one word of a command line is to pflag.
type wordRole uint8

const (
	// argWord is an argument among the flags.
	argWord wordRole = iota
	// flagWord is a flag (--stack, --stack=e4s, -t), or shorthands in
	// one word (-qt).
	flagWord
	// valueWord is the value of the flag word before it, given as the
	// word after it (--stack e4s, -qt t.tmpl, --title --).
	valueWord
	// dashesWord is the "--" that ends the flags.
	dashesWord
	// dashedWord is an argument after that "--".
	dashedWord
	// badWord is the word pflag refuses (an unknown flag, a flag's
	// value missing or refused), where it stops reading.
	badWord
	// unreadWord is a word after a badWord.
	unreadWord
)

// lineWord is one word of a command line and what pflag makes of it.
type lineWord struct {
	text string
	role wordRole
	// sets are the flags a flagWord (or badWord) gives a value, in
	// order (-qt T: quiet, then template), and values theirs; a
	// valueWord's are its flag's and itself.
	sets   []*pflag.Flag
	values []string
}

// cmdLine is a command's words as pflag reads them with the command's
// flags: which word is a flag, which is a flag's value, which is an
// argument, where "--" ends the flags and where a refused flag stops
// the parse. The checks and hints that look back at the words as typed
// (a flag that took the word after it, a "--" read as a value, a flag
// after the "--", a -h that asks for help) read them from here, so that
// they agree with the parse and with each other: each once walked the
// words its own way, and --title -- -- A B, -C= . log --title -h A B or
// -qt $T A B were read one way by pflag and another by a hint.
type cmdLine []lineWord

// readLine reads args as fs's Parse does (pflag v1's parseArgs, with
// interspersed arguments and no unknown flags allowed), and sets fs's
// flags as it does: a value the flag refuses (--max-bytes=x) stops the
// parse there, and the words after it are read by no one. fs is
// readLine's own, a flag set made for it: read without the values,
// --offline= A -h= was said to fail at -h=, which pflag never reached,
// and -C= . log --max-bytes=x --help A B showed the help, exit 0, where
// -C . log … is refused. TestReadLineAgreesWithPflag holds the two
// together.
func readLine(fs *pflag.FlagSet, args []string) cmdLine {
	line := make(cmdLine, len(args))
	for i, a := range args {
		line[i] = lineWord{text: a, role: unreadWord}
	}
	for i := 0; i < len(args); i++ {
		a, w := args[i], &line[i]
		switch {
		case len(a) < 2 || a[0] != '-':
			w.role = argWord
			continue
		case a == "--":
			w.role = dashesWord
			for j := i + 1; j < len(args); j++ {
				line[j].role = dashedWord
			}
			return line
		case a[1] == '-':
			name, value, joined := strings.Cut(a[2:], "=")
			f := fs.Lookup(name)
			if name == "" || name[0] == '-' || f == nil {
				w.role = badWord
				return line
			}
			w.role = flagWord
			switch {
			case joined:
			case f.NoOptDefVal != "":
				value = f.NoOptDefVal
			case i+1 < len(args):
				i++
				value = args[i]
				line[i] = lineWord{text: value, role: valueWord, sets: []*pflag.Flag{f}, values: []string{value}}
			default:
				w.role = badWord
			}
			w.sets, w.values = []*pflag.Flag{f}, []string{value}
			if w.role == badWord || fs.Set(f.Name, value) != nil {
				w.role = badWord
				return line
			}
		default:
			w.role = flagWord
			for s := a[1:]; s != ""; {
				if strings.HasPrefix(s, "test.") {
					// pflag passes by go test's own flags (-test.v),
					// and by the rest of a word of shorthands that
					// spells one (-qtest.v: quiet, and no more).
					break
				}
				f := fs.ShorthandLookup(s[:1])
				if f == nil {
					w.role = badWord
					return line
				}
				var value string
				switch {
				case len(s) > 2 && s[1] == '=':
					value, s = s[2:], ""
				case f.NoOptDefVal != "":
					value, s = f.NoOptDefVal, s[1:]
				case len(s) > 1:
					value, s = s[1:], ""
				case i+1 < len(args):
					i++
					value, s = args[i], ""
					line[i] = lineWord{text: value, role: valueWord, sets: []*pflag.Flag{f}, values: []string{value}}
				default:
					w.role = badWord
					return line
				}
				w.sets, w.values = append(w.sets, f), append(w.values, value)
				if fs.Set(f.Name, value) != nil {
					w.role = badWord
					return line
				}
			}
		}
	}
	return line
}

// gives reports whether the parse of line leaves the switch named name
// on (--help, -h, -qh, --help=true): the parse succeeds, and the last
// word that sets it sets it true. -C= . log --help=false A B showed the
// log's help, exit 0, where -C . log --help=false A B runs the log; and
// -C= . log --help --nope A B showed it where -C . log … is refused,
// for a word that sets the flag was all it looked for.
func (line cmdLine) gives(name string) bool {
	on := false
	for _, w := range line {
		switch w.role {
		case badWord:
			return false
		case flagWord:
			for i, f := range w.sets {
				if f.Name == name {
					on, _ = strconv.ParseBool(w.values[i])
				}
			}
		}
	}
	return on
}

// typed is the spelling of the flag name as its last giving in line
// typed it: "--" and its name, or "-" and its shorthand (-C, -qC).
// A message about the value names the flag as typed: --directory= A B
// said "-C: want a directory", of a flag never written so.
func (line cmdLine) typed(name string) string {
	spelt := "--" + name
	for _, w := range line {
		if w.role != flagWord {
			continue
		}
		for _, f := range w.sets {
			if f.Name == name {
				spelt = "--" + name
				if !strings.HasPrefix(w.text, "--") {
					spelt = "-" + f.Shorthand
				}
			}
		}
	}
	return spelt
}

// dashed is the words after the "--" that ended the flags.
func (line cmdLine) dashed() []string {
	var words []string
	for _, w := range line {
		if w.role == dashedWord {
			words = append(words, w.text)
		}
	}
	return words
}

// ended reports whether a "--" ended the flags.
func (line cmdLine) ended() bool {
	return slices.ContainsFunc(line, func(w lineWord) bool { return w.role == dashesWord })
}

// takesValue reports whether f takes a value that may be the word after
// it: no switch (--quiet) and no flag whose value is optional (--color).
func takesValue(f *pflag.Flag) bool {
	return f != nil && f.Value.Type() != "bool" && f.NoOptDefVal == ""
}
