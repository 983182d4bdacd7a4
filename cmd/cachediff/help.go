package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cachediff/cachediff/diff"
)

// helpCommand prints the help of a command.
var helpCommand = &command{
	name:     "help",
	synopsis: "[command]",
	summary:  "show the help of cachediff, or of a command",
	about:    `Shows the help of cachediff, or of the command named.`,
	run: func(c *cli, o *options, args []string) (int, error) {
		switch len(args) {
		case 0:
			return c.help(diffCommand)
		case 1:
			if cmd := lookupCommand(args[0]); cmd != nil {
				return c.help(cmd)
			}
			if args[0] == "diff" {
				// The command without a name, as git help diff: it
				// said no command "diff", want one of render, log, ….
				return c.help(diffCommand)
			}
			// diff among them, which help takes: "help dif" got no
			// suggestion, and a list that left out diff.
			names := append([]string{"diff"}, commandNames()...)
			msg := fmt.Sprintf("help: no command %s: want one of %s", quotedValue(args[0]), orList(names))
			if near := closestName(args[0], names, nil); near != "" {
				msg += " (did you mean " + near + "?)"
			}
			return exitTrouble, usageErrorf("%s", msg)
		}
		return exitTrouble, usageErrorf("help: want one command; got %s%s", nArgs(len(args)), dashesHint(o)) // help log -- -q
	},
}

// commandNames are the names of the subcommands.
func commandNames() []string {
	var names []string
	for _, c := range commands {
		if c.name != "" {
			names = append(names, c.name)
		}
	}
	return names
}

// synopsis is the usage lines of every command, the default first.
func synopsis() string {
	var b strings.Builder
	for i, c := range commands {
		if i == 0 {
			b.WriteString("Usage: ")
		} else {
			b.WriteString("       ")
		}
		b.WriteString("cachediff")
		if c.name != "" {
			b.WriteString(" " + c.name)
		}
		if c.synopsis != "" {
			b.WriteString(" " + c.synopsis)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// usage is cmd's help: usage, what it does, examples, its flags by group,
// and what cmd.after adds.
func usage(cmd *command, width int) string {
	var b strings.Builder
	if cmd == diffCommand {
		b.WriteString(synopsis())
	} else {
		// version has no synopsis: "Usage: cachediff version " ended in a space.
		fmt.Fprintf(&b, "%s\n", strings.TrimSpace("Usage: cachediff "+cmd.name+" "+cmd.synopsis))
	}
	b.WriteString("\n")
	paragraphs(&b, cmd.about, width)
	if cmd.examples != "" {
		b.WriteString("\nExamples:\n")
		for _, line := range strings.Split(cmd.examples, "\n") {
			b.WriteString("  " + line + "\n")
		}
	}
	for _, g := range flagHelp(cmd, width) {
		fmt.Fprintf(&b, "\n%s:\n%s", g.title, g.text)
	}
	if cmd.after != nil {
		cmd.after(&b, width)
	}
	return b.String()
}

// groupHelp is the help of one group of flags.
type groupHelp struct{ title, text string }

// maxFlagLeft is the widest a flag and its value's name may be to set the
// column of the flags' texts: a longer one (--template-timeout DURATION)
// has its text under it, so that the texts of the others keep their room.
const maxFlagLeft = 24

// flagHelp returns the help of cmd's flags by group, wrapped to width,
// all groups in the same columns; -h and --version are under "Other".
func flagHelp(cmd *command, width int) []groupHelp {
	var o options
	fs := cmd.flagSet(&o)
	var flags []*pflag.Flag
	var lefts []string
	col := 0
	fs.VisitAll(func(f *pflag.Flag) {
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		varname, _ := pflag.UnquoteUsage(f)
		switch {
		case f.NoOptDefVal != "" && varname != "":
			left += "[=" + varname + "]"
		case varname != "":
			left += " " + varname
		}
		flags, lefts = append(flags, f), append(lefts, left)
		if len(left) <= maxFlagLeft {
			col = max(col, len(left))
		}
	})
	col += 3
	var out []groupHelp
	i := 0
	add := func(title string, n int) {
		var b strings.Builder
		for ; n > 0; n-- {
			f := flags[i]
			_, text := pflag.UnquoteUsage(f)
			switch f.DefValue {
			case "", "false", "0", "[]":
			default:
				text += " (default " + f.DefValue + ")"
			}
			if len(lefts[i]) > col-3 { // its text on a line of its own
				fmt.Fprintf(&b, "%s\n%*s", lefts[i], col, "")
			} else {
				fmt.Fprintf(&b, "%-*s", col, lefts[i])
			}
			wrap(&b, text, col, width)
			i++
		}
		if b.Len() > 0 {
			out = append(out, groupHelp{title, b.String()})
		}
	}
	for _, g := range cmd.groups {
		count := pflag.NewFlagSet("", pflag.ContinueOnError)
		g.add(count, &options{})
		n := 0
		count.VisitAll(func(*pflag.Flag) { n++ })
		add(g.title, n)
	}
	add("Other", len(flags)-i)
	return out
}

// wrap writes text to b in lines of at most width columns after indent,
// the first line after first (already written), the others indented.
func wrap(b *strings.Builder, text string, indent, width int) {
	col := indent
	for i, word := range strings.Fields(text) {
		if i > 0 && col+1+len([]rune(word)) > width {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		} else if i > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(word)
		col += len([]rune(word))
	}
	b.WriteString("\n")
}

// paragraphs writes text to b wrapped to width: its paragraphs, separated
// by blank lines, each rewrapped; a line that starts with a space keeps
// its line breaks.
func paragraphs(b *strings.Builder, text string, width int) {
	for i, p := range strings.Split(text, "\n\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		wrap(b, p, 0, width)
	}
}

// gateKindsHelp lists the kinds of change of --fail-on.
func gateKindsHelp(b *strings.Builder, width int) {
	b.WriteString("\n")
	wrap(b, "Kinds of change for --fail-on (a kind is present when there is):", 0, width)
	for _, k := range diff.GateKinds() {
		fmt.Fprintf(b, "  %-16s ", k.Name)
		wrap(b, k.Doc, 19, width)
	}
}

// commandsHelp lists the subcommands.
func commandsHelp(b *strings.Builder, width int) {
	b.WriteString("\nCommands:\n")
	for _, c := range commands {
		if c.name != "" {
			fmt.Fprintf(b, "  %-11s ", c.name)
			wrap(b, c.summary, 14, width)
		}
	}
}
