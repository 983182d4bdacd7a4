package jsonv1

import (
	"strings"
	"testing"
)

// TestDecodeLoneSurrogate: a \u escape of half a UTF-16 pair (\ud800
// alone, \udc00 first, \ud800 before another escape than a low half) is
// an error, as a string of invalid UTF-8 is: encoding/json silently read
// it as U+FFFD, so render showed package "gcc-\ufffdruntime", another
// name than the saved one. A whole pair (\ud83d\ude00) is one character.
func TestDecodeLoneSurrogate(t *testing.T) {
	data := string(jsonOf(t, fullReport(t)))
	const old = `"tag": "`
	at := strings.Index(data, old)
	if at < 0 {
		t.Fatalf("%q not in the report", old)
	}
	for _, esc := range []string{`\ud800`, `\uDBFFx`, `\udc00`, `\ud800\n`, `\ud800\u0041`, `\ud800\udbff`} {
		edited := data[:at+len(old)] + esc + data[at+len(old):]
		_, err := DecodeBytes([]byte(edited))
		if err == nil || !strings.Contains(err.Error(), "surrogate") {
			t.Errorf("a tag starting %s: %v, want an error of a lone surrogate", esc, err)
		}
	}
	edited := data[:at+len(old)] + `\ud83d\ude00` + data[at+len(old):]
	if _, err := DecodeBytes([]byte(edited)); err != nil {
		t.Errorf("a tag starting with a surrogate pair: %v", err)
	}
}
