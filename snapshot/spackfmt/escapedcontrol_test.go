package spackfmt

import (
	"strings"
	"testing"
)

// TestEscapedControlRefused (class a/b): a string of a spec written with
// an escape that gives a control character other than whitespace
// (\u0000, \u0001, \b, \u001b) was read as written, in every facet but
// a lockfile root's spec (f357a59c), and the diff joins a spec's
// spellings on NUL and \x01 where it keys them (its variants, its
// compiler beside them, its edges' names and versions): the variant
// "a=1\x00b=2" and the variants a=1 and b=2 read alike, as did the
// package names "a\x00b" and a, b. Each is refused, told at the escape,
// naming the place in the file and the string quoted; whitespace is
// read as written.
func TestEscapedControlRefused(t *testing.T) {
	const h, h2 = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez", "aqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	file := func(name, version, compiler, os, target, param, value, edge string) []byte {
		return []byte(`{"spec":{"_meta":{"version":4},"nodes":[` +
			`{"name":"` + name + `","version":"` + version + `","arch":{"platform":"linux","platform_os":"` + os + `","target":"` + target + `"},"compiler":{"name":"` + compiler + `","version":"9"},"parameters":{"` + param + `":` + value + `},"dependencies":[{"name":"` + edge + `","hash":"` + h2 + `","parameters":{"deptypes":["build"],"virtuals":[]}}],"hash":"` + h + `"},` +
			`{"name":"dep","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"parameters":{},"hash":"` + h2 + `"}]}}`)
	}
	plain := []string{"zlib", "1", "gcc", "rhel8", "x86_64", "v", `"a"`, "dep"}
	places := []string{"name", "version", "compiler.name", "arch.platform_os", "arch.target", "parameters", "parameters.v", "dependencies[0].name"}
	for i, at := range places {
		for _, c := range []struct{ esc, char string }{{`\u0000`, `\x00`}, {`\u0001`, `\x01`}, {`\b`, `\b`}, {`\u001b`, `\x1b`}, {`\n`, ""}, {`\t`, ""}, {`\u001f`, ""}} {
			args := append([]string(nil), plain...)
			if at == "parameters.v" {
				args[i] = `"a` + c.esc + `b"`
			} else {
				args[i] = plain[i][:1] + c.esc + plain[i][1:]
			}
			_, err := Decode("x.spec.json", file(args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7]))
			switch {
			case c.char == "":
				// Whitespace is read, or refused for what it makes
				// of the name (none here is a spec's own defect).
				if err != nil && strings.Contains(err.Error(), "control character") {
					t.Errorf("%s %s: %v; want whitespace read", at, c.esc, err)
				}
			case err == nil:
				t.Errorf("%s %s: read; want it refused", at, c.esc)
			case !strings.Contains(err.Error(), "spec.nodes[0]."+at+": ") || !strings.Contains(err.Error(), `holds the control character "`+c.char+`", written `+c.esc+`, which no spec Spack writes holds`) || strings.ContainsAny(err.Error(), "\x00\x01\b\x1b\n"):
				t.Errorf("%s %s: %v; want it told at spec.nodes[0].%s, quoted", at, c.esc, err, at)
			}
		}
	}
}
