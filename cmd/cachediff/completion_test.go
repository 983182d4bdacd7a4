package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestCompletionHasEveryFlag: each shell's script names every command and
// every flag of every command (long and short), and the values of the
// flags that have fixed ones: it is generated from the flag sets, and
// this checks that nothing is left out.
func TestCompletionHasEveryFlag(t *testing.T) {
	for shell, gen := range completions {
		var b bytes.Buffer
		if err := gen(&b); err != nil {
			t.Fatal(err)
		}
		script := b.String()
		for _, cmd := range commands {
			if cmd.name != "" && !strings.Contains(script, cmd.name) {
				t.Errorf("%s: no command %s", shell, cmd.name)
			}
			var o options
			fs := cmd.flagSet(&o)
			completionValues(fs)
			fs.VisitAll(func(f *pflag.Flag) {
				long, short := "--"+f.Name, "-"+f.Shorthand
				if shell == "fish" {
					long, short = "-l "+f.Name, "-s "+f.Shorthand
				}
				if !strings.Contains(script, long) {
					t.Errorf("%s: %s: no flag --%s", shell, cmd.name, f.Name)
				}
				if f.Shorthand != "" && !strings.Contains(script, short) {
					t.Errorf("%s: %s: no flag -%s", shell, cmd.name, f.Shorthand)
				}
				for _, v := range f.Annotations[annValues] {
					if !strings.Contains(script, v) {
						t.Errorf("%s: %s: --%s: no value %s", shell, cmd.name, f.Name, v)
					}
				}
			})
		}
		// The shell reads it without a syntax error, where it is installed.
		if path, err := exec.LookPath(shell); err == nil {
			file := filepath.Join(t.TempDir(), "completion")
			os.WriteFile(file, b.Bytes(), 0o644)
			if out, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		}
	}
}

// TestBashCompletion: the bash script completes subcommands, flags, the
// values of --format (also as --format=), --color= and --fail-on, and
// shells, as bash would call it; after -C DIR before the command's name
// too, the command's flags.
func TestBashCompletion(t *testing.T) {
	bash, file := bashScript(t)
	for _, tc := range []struct{ line, want string }{
		{"cachediff ren", "render"},
		{"cachediff --form", "--format"},
		{"cachediff -f j", "json"},
		{"cachediff --format=p", "patch"},
		{"cachediff --color=al", "always"},
		{"cachediff --color = al", "always"}, // as bash splits it
		{"cachediff --format =", "md\njson\ntext\npatch\nhtml\natom"},
		{"cachediff --color al", ""},
		{"cachediff --fail-on lost-s", "lost-stack"},
		{"cachediff render --fail", "--fail-on"},
		{"cachediff render --no-can", ""},
		{"cachediff completion z", "zsh"},
		{"cachediff help ve", "version"},
		{"cachediff old/ --ign", "--ignore"},
		// -C DIR before the command's name: the command's flags, not
		// the diff's (it offered --no-canonicalize to a log, and
		// nothing of render's).
		{"cachediff -C repo log --rev", "--revs"},
		{"cachediff --directory repo log --rev", "--revs"},
		{"cachediff -C = repo log --rev", "--revs"},
		{"cachediff --directory = repo log --rev", "--revs"},
		{"cachediff -Crepo log --rev", "--revs"},
	} {
		script := `source "$1"; COMP_WORDS=(` + tc.line + `); [[ "$2" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cachediff; printf '%s\n' "${COMPREPLY[@]}"`
		cmd := exec.Command(bash, "-c", script, "bash", file, tc.line)
		cmd.Dir = t.TempDir() // no file names to complete
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, out)
		}
		got := strings.TrimSpace(string(out))
		if got != tc.want {
			t.Errorf("%q: completes to %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestBashCompletionFileNames: file names come back whole, as written: a
// name with a space is one candidate, not two, and a name that is a
// pattern ("a*") is not expanded into the names it matches.
func TestBashCompletionFileNames(t *testing.T) {
	bash, file := bashScript(t)
	dir := t.TempDir()
	for _, name := range []string{"my report.md", "a*", "ab"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"cachediff", "my"}, "my report.md"},
		{[]string{"cachediff", "-o", "my"}, "my report.md"},
		{[]string{"cachediff", "render", "--template", "my"}, "my report.md"},
		{[]string{"cachediff", "old/", "a"}, "a*\nab"},
		{[]string{"cachediff", "log", "a"}, "a*\nab"},
	} {
		script := `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cachediff; printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort`
		cmd := exec.Command(bash, append([]string{"-c", script, "bash", file}, tc.words...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.words, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Errorf("%q: completes to %q, want %q", tc.words, got, tc.want)
		}
	}
}

// bashScript returns the bash program and a file holding the bash
// completion script; the test is skipped without bash.
func bashScript(t *testing.T) (bash, file string) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var b bytes.Buffer
	if err := bashCompletion(&b); err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "cachediff.bash")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return bash, file
}

// TestCompletionShellTypo (class e): cachediff completion BASH, or
// completion $SHELL (/bin/bash), said `unknown shell "/bin/bash": want
// bash, zsh or fish`, with no suggestion, as other names get. The shell
// meant is suggested. bsh (one edit from bash and from zsh) and fsh (from
// fish and zsh) got none either, a tie: it goes to the one that starts
// with the same letter.
func TestCompletionShellTypo(t *testing.T) {
	for arg, want := range map[string]string{"BASH": "bash", "/bin/bash": "bash", "/usr/bin/zsh": "zsh", "fishh": "fish", "bsh": "bash", "fsh": "fish"} {
		var stdout, stderr strings.Builder
		code := run([]string{"completion", arg}, &stdout, &stderr)
		if w := "(did you mean " + want + "?)"; code != exitTrouble || !strings.Contains(stderr.String(), w) {
			t.Errorf("completion %s: exit %d, stderr %q; want 2, holding %q", arg, code, stderr.String(), w)
		}
	}
	// A tie that no name breaks by its first letter suggests none: ash
	// is one edit from bash and from zsh.
	wantTroubleWithout(t, []string{"completion", "ash"}, "did you mean")
}
