package sandbox

import (
	"errors"
	"strings"
	"testing"
	"text/template"
)

// TestTemplateErrorSplitRules (issue 35, class c): rules of a89ad34a and
// 5e9871b1 that, each undone alone, failed no test: a message with no
// place ("template: NAME: …", text/template's when it runs no node)
// kept its name as written, not searched for Go types; a quote inside
// fail's words not taken as one that splits them, so that a word of
// 600 bytes with quotes is cut about its mark as any long word (split,
// each piece was short, and shown whole); index's words said in the
// template's terms, as len's are.
func TestTemplateErrorSplitRules(t *testing.T) {
	name := "x []diff.Package"
	err := withoutValue(template.ExecError{Name: name, Err: errors.New("template: " + name + `: "x" is an incomplete or empty template`)}, name)
	if !strings.HasPrefix(err.Error(), "template: "+name+": ") {
		t.Errorf("a message with no place: %q; want its name kept", err)
	}
	if msg := execError(t, `{{fail (repeat 200 "ab\"")}}`); !strings.Contains(msg, `error calling fail: ab"ab"`) || !strings.Contains(msg, "\u2026") || len(msg) > 600 {
		t.Errorf("a fail of a 600-byte word with quotes: %d bytes, %q; want it cut about its mark", len(msg), msg)
	}
	for _, c := range []struct{ text, want string }{
		{`{{index .Summary 1}}`, `error calling index: can't index item of a Summary`},
	} {
		if msg := execError(t, c.text); !strings.HasSuffix(msg, c.want) {
			t.Errorf("%s: %q; want it to end %q", c.text, msg, c.want)
		}
	}
}

// TestTemplateErrorNamesFunctionOnce (issue 35, class e): cachediff's
// own functions named themselves in their errors after text/template's
// "error calling NAME: ", which said it twice ("error calling paint:
// paint: unknown style"). Once; a fail's words that begin so are the
// template's, kept.
func TestTemplateErrorNamesFunctionOnce(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{{paint true "bold2" "x"}}`, `at <paint true "bold2" "x">: error calling paint: unknown style "bold2"`},
		{`{{pkgdetails . 99}}`, `at <pkgdetails . 99>: error calling pkgdetails: no package 99`},
		{`{{printf "%p" 1}}`, `at <printf "%p" 1>: error calling printf: the verb %p prints a memory address`},
		{`{{fail "fail: x"}}`, `error calling fail: fail: x`},
	} {
		if msg := execError(t, c.text); !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q; want %q", c.text, msg, c.want)
		}
	}
}
