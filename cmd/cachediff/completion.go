package main

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/report"
)

// completionCommand writes a shell completion script, generated from the
// commands and their flag sets so that it cannot fall behind them.
var completionCommand = &command{
	name:     "completion",
	synopsis: "bash|zsh|fish",
	summary:  "write a shell completion script for bash, zsh or fish",
	about: `Writes a completion script for the shell named, made from cachediff's own
commands and flags: subcommands, flags, the values of --format, --color,
--fail-on and --ignore, and file names.`,
	examples: `source <(cachediff completion bash)            # bash, this session
cachediff completion bash > /etc/bash_completion.d/cachediff
cachediff completion zsh > "${fpath[1]}/_cachediff"    # zsh
cachediff completion fish > ~/.config/fish/completions/cachediff.fish`,
	run: func(c *cli, o *options, args []string) (int, error) {
		if len(args) != 1 {
			return exitTrouble, usageErrorf("completion: want one shell, bash, zsh or fish; got %s%s", nArgs(len(args)), dashesHint(o)) // completion bash -- -q
		}
		gen, ok := completions[args[0]]
		if !ok {
			// The nearest, of the name or of a path ($SHELL is
			// /bin/bash): BASH and /bin/bash got no suggestion.
			msg := fmt.Sprintf("completion: unknown shell %s: want bash, zsh or fish", quotedValue(args[0]))
			if near := closestName(path.Base(filepath.ToSlash(args[0])), []string{"bash", "zsh", "fish"}, nil); near != "" {
				msg += " (did you mean " + near + "?)"
			}
			return exitTrouble, usageErrorf("%s", msg)
		}
		if err := gen(c.stdout); err != nil {
			return exitTrouble, fmt.Errorf("writing the completion script: %w", err)
		}
		return exitSame, nil
	},
}

var completions = map[string]func(io.Writer) error{
	"bash": bashCompletion,
	"zsh":  zshCompletion,
	"fish": fishCompletion,
}

// Annotations of flags for completion: the values a flag takes, or that
// it takes a file name. A flag without either takes free text.
const (
	annValues = "cachediff_values"
	annFile   = "cachediff_file"
)

// flagValues marks the flag name of fs as taking one of values.
func flagValues(fs *pflag.FlagSet, name string, values ...string) {
	fs.SetAnnotation(name, annValues, values)
}

// fileFlag marks the flag name of fs as taking a file name.
func fileFlag(fs *pflag.FlagSet, name string) {
	fs.SetAnnotation(name, annFile, []string{"true"})
}

// completionValues sets the values of the flags that have fixed ones.
func completionValues(fs *pflag.FlagSet) {
	set := func(name string, values []string) { // unless the flag has its own
		if f := fs.Lookup(name); f != nil && f.Annotations[annValues] == nil {
			flagValues(fs, name, values...)
		}
	}
	var formats []string
	for _, f := range report.Formats() {
		formats = append(formats, f.Name)
	}
	set("format", formats)
	set("color", []string{"auto", "always", "never"})
	set("fail-on", diff.GateKindNames())
	set("ignore", diff.FacetNames())
	for _, name := range []string{"output", "template"} {
		if fs.Lookup(name) != nil {
			fileFlag(fs, name)
		}
	}
}

// compFlag is a flag as the scripts need it.
type compFlag struct {
	long, short string
	doc         string   // the first clause of the usage
	takesValue  bool     // false for booleans
	optional    bool     // the value may be left out (--color)
	values      []string // fixed values, if any
	file        bool     // a file name
}

// compCommand is a command as the scripts need it.
type compCommand struct {
	name, doc string
	flags     []compFlag
	args      string // what its arguments are: "files", "commands", "shells", "none"
}

// completionModel lists every command and its flags, in the help's order.
func completionModel() []compCommand {
	var out []compCommand
	for _, cmd := range commands {
		var o options
		fs := cmd.flagSet(&o)
		completionValues(fs)
		cc := compCommand{name: cmd.name, doc: cmd.summary, args: "files"}
		switch cmd.name { // by name: the commands refer to this function
		case "help":
			cc.args = "commands"
		case "completion":
			cc.args = "shells"
		case "version":
			cc.args = "none"
		}
		fs.VisitAll(func(f *pflag.Flag) {
			_, usage := pflag.UnquoteUsage(f)
			cf := compFlag{long: f.Name, short: f.Shorthand, doc: firstClause(usage),
				takesValue: f.Value.Type() != "bool", optional: f.NoOptDefVal != "" && f.Value.Type() != "bool",
				values: f.Annotations[annValues], file: f.Annotations[annFile] != nil}
			cc.flags = append(cc.flags, cf)
		})
		out = append(out, cc)
	}
	return out
}

// firstClause is the start of a flag's usage, up to its first colon,
// semicolon or parenthesis, for the shells' one-line descriptions.
func firstClause(s string) string {
	if i := strings.IndexAny(s, ":;("); i > 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// subcommands returns the names and summaries of the subcommands.
func subcommands(model []compCommand) (names, docs []string) {
	for _, c := range model {
		if c.name != "" {
			names, docs = append(names, c.name), append(docs, c.doc)
		}
	}
	return names, docs
}

// bashCompletion writes the bash script.
func bashCompletion(w io.Writer) error {
	model := completionModel()
	names, _ := subcommands(model)
	var b strings.Builder
	b.WriteString(`# bash completion for cachediff (cachediff completion bash).
# _cachediff_files adds the file names that start with $cur, one a line:
# COMPREPLY=($(compgen -f ...)) would split "my report.md" in two and
# expand a name like "*" as a pattern. (No mapfile: macOS has bash 3.2.)
_cachediff_files() {
    local f
    while IFS= read -r f; do
        COMPREPLY+=("$f")
    done < <(compgen -f -- "$cur")
}
_cachediff() {
    COMPREPLY=()
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmd= i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
`)
	fmt.Fprintf(&b, "            %s) cmd=${COMP_WORDS[i]}; break ;;\n", strings.Join(names, "|"))
	b.WriteString(`            -C|--directory)
                # -C DIR before the command's name (-C=DIR is split at
                # the = by bash: -C = DIR).
                [[ ${COMP_WORDS[i+1]} == = ]] && ((i++))
                ((i++)) ;;
            -*) ;;
            *) break ;;
        esac
    done
    # --flag=value: bash splits it at the = (COMP_WORDBREAKS), or not.
    local eq=
    if [[ $cur == = ]]; then
        cur= eq=1
    elif [[ $prev == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD-2]} eq=1
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*} cur=${cur#*=} eq=1
    fi
    case $cmd in
`)
	for _, c := range model {
		fmt.Fprintf(&b, "    %q)\n", c.name)
		b.WriteString("        case $prev in\n")
		for _, f := range c.flags {
			if !f.takesValue {
				continue
			}
			pat := "--" + f.long
			if f.short != "" {
				pat += "|-" + f.short
			}
			switch {
			case f.optional && f.values != nil: // only as --flag=value
				fmt.Fprintf(&b, "            %s) if [[ $eq ]]; then COMPREPLY=($(compgen -W %s -- \"$cur\")); return; fi ;;\n", pat, shellword.Quote(strings.Join(f.values, " ")))
			case f.values != nil:
				fmt.Fprintf(&b, "            %s) COMPREPLY=($(compgen -W %s -- \"$cur\")); return ;;\n", pat, shellword.Quote(strings.Join(f.values, " ")))
			case f.file:
				fmt.Fprintf(&b, "            %s) _cachediff_files; return ;;\n", pat)
			case !f.optional:
				fmt.Fprintf(&b, "            %s) return ;;\n", pat)
			}
		}
		b.WriteString("        esac\n")
		var flags []string
		for _, f := range c.flags {
			long := "--" + f.long
			if f.optional && f.values != nil {
				for _, v := range f.values {
					flags = append(flags, long+"="+v)
				}
			}
			flags = append(flags, long)
			if f.short != "" {
				flags = append(flags, "-"+f.short)
			}
		}
		fmt.Fprintf(&b, "        if [[ $cur == -* ]]; then\n            COMPREPLY=($(compgen -W %s -- \"$cur\")); return\n        fi\n", shellword.Quote(strings.Join(flags, " ")))
		switch c.args {
		case "commands":
			fmt.Fprintf(&b, "        COMPREPLY=($(compgen -W %s -- \"$cur\"))\n", shellword.Quote(strings.Join(names, " ")))
		case "shells":
			b.WriteString("        COMPREPLY=($(compgen -W 'bash zsh fish' -- \"$cur\"))\n")
		case "none":
			b.WriteString("        COMPREPLY=()\n")
		default:
			if c.name == "" {
				fmt.Fprintf(&b, "        if ((COMP_CWORD == 1)); then\n            COMPREPLY=($(compgen -W %s -- \"$cur\"))\n        fi\n", shellword.Quote(strings.Join(names, " ")))
			}
			b.WriteString("        _cachediff_files\n")
		}
		b.WriteString("        ;;\n")
	}
	b.WriteString(`    esac
}
complete -o filenames -o bashdefault -F _cachediff cachediff
`)
	_, err := io.WriteString(w, b.String())
	return err
}

// zshCompletion writes the zsh script.
func zshCompletion(w io.Writer) error {
	model := completionModel()
	names, docs := subcommands(model)
	var b strings.Builder
	b.WriteString("#compdef cachediff\n# zsh completion for cachediff (cachediff completion zsh).\n\n")
	for _, c := range model {
		fn := "_cachediff_main"
		if c.name != "" {
			fn = "_cachediff_" + c.name
		}
		fmt.Fprintf(&b, "%s() {\n    _arguments -s -S \\\n", fn)
		for _, f := range c.flags {
			doc := "[" + zshEscape(f.doc) + "]"
			arg := ""
			switch {
			case !f.takesValue:
			case f.values != nil:
				arg = ":" + f.long + ":(" + strings.Join(f.values, " ") + ")"
			case f.file:
				arg = ":file:_files"
			default:
				arg = ":" + f.long + ": "
			}
			long := "--" + f.long
			switch {
			case f.optional:
				long += "=-"
			case f.takesValue:
				long += "="
			}
			if f.short != "" {
				fmt.Fprintf(&b, "        '(-%s --%s)'{-%s,%s}'%s%s' \\\n", f.short, f.long, f.short, shQuoteBare(long), zshQuoteInner(doc), zshQuoteInner(arg))
			} else {
				fmt.Fprintf(&b, "        '%s%s%s' \\\n", zshQuoteInner(long), zshQuoteInner(doc), zshQuoteInner(arg))
			}
		}
		switch c.args {
		case "commands":
			fmt.Fprintf(&b, "        '1:command:(%s)'\n", strings.Join(names, " "))
		case "shells":
			b.WriteString("        '1:shell:(bash zsh fish)'\n")
		case "none":
			b.WriteString("        \n")
		default:
			if c.name == "" {
				b.WriteString("        '*:snapshot:_files'\n")
			} else {
				b.WriteString("        '*:file:_files'\n")
			}
		}
		b.WriteString("}\n\n")
	}
	b.WriteString("_cachediff() {\n    local -a commands\n    commands=(\n")
	for i, n := range names {
		fmt.Fprintf(&b, "        '%s:%s'\n", n, zshQuoteInner(zshEscape(docs[i])))
	}
	b.WriteString(`    )
    if (( CURRENT > 2 )); then
        case ${words[2]} in
`)
	fmt.Fprintf(&b, "        %s)\n", strings.Join(names, "|"))
	b.WriteString(`            local cmd=${words[2]}
            shift words
            (( CURRENT-- ))
            _cachediff_$cmd
            return ;;
        esac
    elif [[ ${words[CURRENT]} != -* ]]; then
        _describe -t commands 'cachediff command' commands
    fi
    _cachediff_main
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _cachediff "$@"
else
    compdef _cachediff cachediff
fi
`)
	_, err := io.WriteString(w, b.String())
	return err
}

// fishCompletion writes the fish script.
func fishCompletion(w io.Writer) error {
	model := completionModel()
	names, docs := subcommands(model)
	var b strings.Builder
	b.WriteString("# fish completion for cachediff (cachediff completion fish).\n")
	all := strings.Join(names, " ")
	for i, n := range names {
		fmt.Fprintf(&b, "complete -c cachediff -n %s -f -a %s -d %s\n", shellword.Quote("not __fish_seen_subcommand_from "+all), n, shellword.Quote(docs[i]))
	}
	for _, c := range model {
		cond := "not __fish_seen_subcommand_from " + all
		if c.name != "" {
			cond = "__fish_seen_subcommand_from " + c.name
		}
		for _, f := range c.flags {
			line := "complete -c cachediff -n " + shellword.Quote(cond)
			if f.short != "" {
				line += " -s " + f.short
			}
			line += " -l " + f.long
			switch {
			case !f.takesValue:
			case f.values != nil && f.optional:
				line += " -f -a " + shellword.Quote(strings.Join(f.values, " "))
			case f.values != nil:
				line += " -x -a " + shellword.Quote(strings.Join(f.values, " "))
			case f.file:
				line += " -r -F"
			default:
				line += " -x"
			}
			b.WriteString(line + " -d " + shellword.Quote(f.doc) + "\n")
		}
		switch c.args {
		case "commands":
			fmt.Fprintf(&b, "complete -c cachediff -n %s -f -a %s\n", shellword.Quote(cond), shellword.Quote(all))
		case "shells":
			fmt.Fprintf(&b, "complete -c cachediff -n %s -f -a 'bash zsh fish'\n", shellword.Quote(cond))
		case "none":
			fmt.Fprintf(&b, "complete -c cachediff -n %s -f\n", shellword.Quote(cond))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shQuoteBare returns s, which holds only flag characters, unquoted.
func shQuoteBare(s string) string {
	if strings.ContainsFunc(s, func(r rune) bool { return !slices.Contains([]rune("-=abcdefghijklmnopqrstuvwxyz0123456789"), r) }) {
		return shellword.Quote(s)
	}
	return s
}

// zshEscape escapes the characters _arguments gives a meaning to in a
// description: brackets and colons.
func zshEscape(s string) string {
	return strings.NewReplacer(`[`, `\[`, `]`, `\]`, `:`, `\:`).Replace(s)
}

// zshQuoteInner escapes s for the inside of a single-quoted zsh word.
func zshQuoteInner(s string) string {
	return strings.ReplaceAll(s, "'", `'\''`)
}
