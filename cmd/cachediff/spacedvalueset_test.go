package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestSpacedValueOfSetHinted (class e): a word refused as a flag after
// --NAME= of a flag of a set of values (--fail-on= -x, --format= -json)
// was told "as --fail-on's value, write --fail-on=-x", a value the flag
// then refuses. The hint says the word is no value of the flag, and
// gives what the flag takes, or the value with its dashes left off when
// that is one (--format=json); what it writes, pasted through bash -c,
// gets past the flags.
func TestSpacedValueOfSetHinted(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, c := range []struct {
		args  []string
		write string // the way the hint writes; "" for none, the values said
		takes string // what the hint says the flag takes, when it writes none
	}{
		{[]string{"--fail-on=", "-x", "A", "B"}, "", "which takes a comma-separated list of any, added-package,"},
		{[]string{"--format=", "-json", "A", "B"}, "--format=json", ""},
		{[]string{"--format=", "-m", "A", "B"}, "", "which takes md, json, text, patch, html or atom"},
		{[]string{"log", "--format=", "-md", "A", "B"}, "--format=md", ""},
		{[]string{"--fail-on=", "-any,removed-spec", "A", "B"}, "--fail-on='any,removed-spec'", ""},
		{[]string{"--ignore=", "--os", "A", "B"}, "--ignore=os", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		name := strings.TrimSuffix(c.args[len(c.args)-4], "=")
		if code != exitTrouble || !strings.Contains(line, "with nothing after its =, and is no value of "+name) {
			t.Errorf("%q: exit %d, %q; want exit %d and the word said no value of %s", c.args, code, line, exitTrouble, name)
			continue
		}
		if c.write == "" {
			if !strings.Contains(line, c.takes) || strings.Contains(line, "write") {
				t.Errorf("%q: %q; want it to say %q and write nothing", c.args, line, c.takes)
			}
			continue
		}
		if !strings.HasSuffix(line, ": as its value, write "+c.write) {
			t.Errorf("%q: %q; want it to write %s", c.args, line, c.write)
			continue
		}
		// Pasted through bash -c, the way is one word that the flags
		// read: the run goes on to the snapshots, A not there.
		out, err := exec.Command(bash, "-c", `printf '%s\n' `+c.write).Output()
		if err != nil {
			t.Fatal(err)
		}
		args := append(append([]string(nil), c.args[:len(c.args)-4]...), strings.TrimSuffix(string(out), "\n"), "A", "B")
		stderr.Reset()
		run(args, &stdout, &stderr)
		if strings.Contains(stderr.String(), "flag") || strings.Contains(stderr.String(), "unknown") {
			t.Errorf("%q, the hint pasted: %q; want the flags read", args, stderr.String())
		}
	}
}
