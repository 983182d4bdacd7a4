package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"text/template"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// address is what fmt prints of a pointer, a function or a channel.
var address = regexp.MustCompile(`0x[0-9a-f]{6,}`)

// TestTemplatePrintsNoAddress (issue 35, pass 115, class b): {{ . }},
// {{ .Report }}, a nested pointer or a list of them, printf "%v" or
// "%p" printed heap addresses (0xc000...), different from run to run
// and telling where the heap lies. Whatever a template prints, or the
// error it stops with, is the same bytes run after run and holds no
// address: each top-level field and method of the data, and each way of
// printing a value that holds pointers.
func TestTemplatePrintsNoAddress(t *testing.T) {
	texts := []string{
		`{{ . }}`, `{{ .Report }}`, `{{ printf "%p" .Report }}`, `{{ printf "%v" . }}`,
		`{{ printf "%+v" .Report }}`, `{{ printf "%d" .Report }}`, `{{ printf "%[1]p" .Packages }}`,
		`{{ print . }}`, `{{ println .Report }}`, `{{ cat .Report }}`, `{{ toString .Report }}`,
		`{{ toStrings (list .Report) }}`, `{{ join "," (list .Report) }}`, `{{ quote .Gate }}`,
		`{{ list .Report }}`, `{{ dict "r" .Report }}`, `{{ .View.Sections }}`,
		`{{ range .Packages }}{{ . }}{{ .Specs }}{{ range .Specs.Rebuilt }}{{ . }}{{ .Old }}{{ .Why }}{{ end }}{{ end }}`,
		`{{ range .Packages }}{{ range .Specs.Added }}{{ . }}{{ .More }}{{ end }}{{ end }}`,
	}
	typ := reflect.TypeFor[*data]()
	for i := range typ.NumMethod() {
		if m := typ.Method(i); m.Type.NumIn() == 1 {
			texts = append(texts, "{{ ."+m.Name+" }}")
		}
	}
	for _, f := range reflect.VisibleFields(typ.Elem()) {
		if f.IsExported() {
			texts = append(texts, "{{ ."+f.Name+" }}")
		}
	}
	r := reporttest.GenReport(3, 4)
	run := func(text string) string {
		tmpl, err := ParseTemplate("t.tmpl", text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var b bytes.Buffer
		if err := Execute(&b, tmpl, r, report.Options{}, Limits{}); err != nil {
			b.WriteString("error: " + err.Error())
		}
		return b.String()
	}
	for _, text := range texts {
		first := run(text)
		if a := address.FindString(first); a != "" {
			t.Errorf("%s printed an address, %s: %.300q", text, a, first)
		}
		prev := runtime.GOMAXPROCS(1)
		second := run(text)
		runtime.GOMAXPROCS(prev)
		if second != first {
			t.Errorf("%s printed %.200q, then %.200q", text, first, second)
		}
	}
}

// TestTemplatePrintsAsBefore: the check of what an action prints leaves
// what it printed as it was: a missing key is <no value>, a value with
// a String method of its pointer is printed with it, and values without
// pointers as fmt prints them.
func TestTemplatePrintsAsBefore(t *testing.T) {
	for text, want := range map[string]string{
		`{{ (dict "a" 1).b }}`:                                     "<no value>",
		`{{ $x := (dict "a" 1).b }}{{ $x }}`:                       "<no value>",
		`{{ first (list) }}`:                                       "<no value>",
		`{{ list 1 "a" }} {{ dict "k" (list 2) }}`:                 "[1 a] map[k:[2]]",
		`{{ .Schema }} {{ .Cut }} {{ printf "%5.2f|%q" 1.5 "x" }}`: report.Schema + " <nil>  1.50|\"x\"",
	} {
		got, err := execGen(t, text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
		}
		if got != want {
			t.Errorf("%s printed %q, want %q", text, got, want)
		}
	}
}

// TestShownPrintsAsTextTemplate: what an action prints through shown
// is what text/template printed, for values without an address: a
// pointer to a number, a record through its pointer, a nil pointer.
func TestShownPrintsAsTextTemplate(t *testing.T) {
	r := reporttest.GenReport(3, 4)
	for _, text := range []string{
		`{{ range .Packages }}{{ range .Specs.Rebuilt }}{{ with .Why }}{{ .Via }} {{ .Self }} {{ .Known }} {{ .Set }}{{ end }}{{ .Old.Hash }}{{ end }}{{ end }}`,
		`{{ range .Causes.Paths }}{{ .Next }} {{ . }}{{ end }}{{ .Summary }} {{ .Gate }} {{ .Old }} {{ .Cut }} {{ .Render }}`,
		`{{ range .Packages }}{{ .Name }} {{ .Versions }} {{ .Counts }} {{ .Status }}{{ end }}{{ .TextLines }} {{ .TextCauses }}`,
	} {
		tmpl, err := ParseTemplate("t.tmpl", text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var got, want bytes.Buffer
		if err := Execute(&got, tmpl, r, report.Options{}, Limits{}); err != nil {
			t.Errorf("%s: %v", text, err)
		}
		doc := report.NewDocument(r, report.Options{})
		if err := template.Must(template.New("t").Funcs(funcs(r)).Parse(text)).Execute(&want, newData(&doc)); err != nil {
			t.Fatalf("%s, text/template: %v", text, err)
		}
		if got.String() != want.String() {
			t.Errorf("%s printed %.300q, text/template %.300q", text, got.String(), want.String())
		}
	}
}

// TestDeepValuePrintsAsBefore (issue 35, pass 116, class b/e): a list
// of lists 51 deep, which holds no pointer, was refused as one that
// "holds pointers": the check's depth bound (a list is two levels, the
// list and its element's interface) was taken for an address, where
// text/template printed it. Deeper than the bound, the error says so.
func TestDeepValuePrintsAsBefore(t *testing.T) {
	const nest = `{{ $a := list 1 }}{{ range until 60 }}{{ $a = list $a }}{{ end }}`
	want := strings.Repeat("[", 61) + "1" + strings.Repeat("]", 61)
	for _, text := range []string{nest + `{{ $a }}`, nest + `{{ printf "%v" $a }}`, nest + `{{ toString $a }}`} {
		got, err := execGen(t, text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
		}
		if got != want {
			t.Errorf("%s printed %.100q, want %.100q", text, got, want)
		}
	}
	text := `{{ $a := list 1 }}{{ range until 2000 }}{{ $a = list $a }}{{ end }}{{ $a }}`
	if _, err := execGen(t, text); err == nil || strings.Contains(err.Error(), "pointers") || !strings.Contains(err.Error(), "deep") {
		t.Errorf("a list 2000 deep: %v, want an error that says it is too deep", err)
	}
}

// TestDeepAndAddrSaysOneThing (pass 117b): a dict that holds both a
// value nested past the depth bound and one with an address was
// refused as "too deep" or as "holds pointers" by which of its keys Go's
// map order came to first, which differs from run to run: the message
// of one template and report is the same on every run.
func TestDeepAndAddrSaysOneThing(t *testing.T) {
	text := `{{ $a := list 1 }}{{ range until 600 }}{{ $a = list $a }}{{ end }}` +
		`{{ $d := dict "a" $a "b" . "c" $a "d" . "e" $a "f" . }}{{ $d }}`
	tmpl, err := ParseTemplate("t.tmpl", text)
	if err != nil {
		t.Fatal(err)
	}
	rep := reporttest.GenReport(1, 2)
	seen := map[string]bool{}
	for range 40 {
		err := Execute(io.Discard, tmpl, rep, report.Options{}, Limits{})
		if err == nil {
			t.Fatal("a dict that holds the report printed")
		}
		seen[err.Error()] = true
	}
	if len(seen) != 1 {
		t.Errorf("%d messages over 40 runs, want one: %v", len(seen), seen)
	}
	for msg := range seen {
		if !strings.Contains(msg, "pointers") {
			t.Errorf("%s: want the message of an address, which no part of the value printed would hide", msg)
		}
	}
}

// TestDepthAsTheMessageCounts (pass 117b): a value was refused as
// nesting "more than 1000 levels deep" when it nested lists 501 deep:
// the bound counted each list twice (the list and its element's
// interface). Lists, dicts and records are what the message counts.
func TestDepthAsTheMessageCounts(t *testing.T) {
	for _, c := range []struct {
		deep int
		ok   bool
	}{{600, true}, {999, true}, {1001, false}} {
		text := fmt.Sprintf(`{{ $a := list 1 }}{{ range until %d }}{{ $a = list $a }}{{ end }}{{ $a }}`, c.deep-1)
		got, err := execGen(t, text)
		if c.ok && (err != nil || got != strings.Repeat("[", c.deep)+"1"+strings.Repeat("]", c.deep)) {
			t.Errorf("lists %d deep: %v, printed %.40q; want them printed", c.deep, err, got)
		}
		if !c.ok && (err == nil || !strings.Contains(err.Error(), "1000 levels")) {
			t.Errorf("lists %d deep: %v, want an error that says more than 1000 levels", c.deep, err)
		}
	}
}

// execGen runs the template text over a generated report of one
// package and two specs, and returns what it printed, and its error.
func execGen(t *testing.T, text string) (string, error) {
	t.Helper()
	tmpl, err := ParseTemplate("t.tmpl", text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var b bytes.Buffer
	err = Execute(&b, tmpl, reporttest.GenReport(1, 2), report.Options{}, Limits{})
	return b.String(), err
}
