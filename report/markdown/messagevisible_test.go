package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestWarningMessageVisible: a warning's message quotes its input where
// it is made, and Markdown writes it as the text view and standard
// error do (report.Visible): a name quoted "x\ny" keeps its one
// backslash (rendered \n, not \\n as a value's would be), and a
// control or bidi character left raw is written as its escape, not as
// U+FFFD or a space. Its file is a value (report.VisibleInput).
func TestWarningMessageVisible(t *testing.T) {
	r := reporttest.OnePackage("zlib")
	r.Warnings = []snapshot.Warning{{File: "new/a\u202eb", Line: 2, Message: `name "x\ny" and` + " g\u202ecc\tand d\xffe"}}
	var buf bytes.Buffer
	if err := Markdown(&buf, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	want := `- new/a\\u202eb:2: name "x\\ny" and g\\u202ecc\\tand d\\xffe`
	if !strings.Contains(buf.String(), want) {
		t.Errorf("no %q in\n%s", want, buf.String())
	}
}
