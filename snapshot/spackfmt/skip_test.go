package spackfmt

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Issue 31, part 3: the decoder skips what the report does not use (CPU
// features, external paths, counts), and a skipped value's syntax is
// checked as a JSON parser checks it. The skip checked only that brackets
// matched and strings ended: an index that Spack's json.load refuses
// (a missing comma or colon, a trailing comma, a bad literal, escape or
// number) was read.
func TestSkipChecksSyntax(t *testing.T) {
	const head = `{"database":{"version":"8","installs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"zlib","version":"1.3","x":`
	const tail = `},"in_buildcache":true}}}}`
	good := []string{`[1,2.5,-3e+2,0,true,false,null,"a\"b\\c\u00e9\n",{},[],{"a":[{"b":null}]}]`, `{"a" : 1 , "b":[ ]}`, `"x"`, `-0.0E1`}
	bad := []string{
		`[1 2]`, `{"a" 1}`, `{"a":1 "b":2}`, `[1,]`, `{"a":1,}`, `{,}`, `[,1]`, `{1:2}`, `{"a"}`,
		`[tru]`, `[nul]`, `[01]`, `[1.]`, `[.5]`, `[1e]`, `[-]`, `[+1]`, `["\x"]`, `["\u12g4"]`, "[\"a\tb\"]",
		`[1}`, `{"a":1]`, `[[1]`,
	}
	for _, v := range good {
		doc := head + v + tail
		if !json.Valid([]byte(doc)) {
			t.Fatalf("bad test: %s", v)
		}
		if _, err := Decode("index.json", []byte(doc)); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	for _, v := range bad {
		doc := head + v + tail
		if json.Valid([]byte(doc)) {
			t.Fatalf("bad test: %s is valid", v)
		}
		_, err := Decode("index.json", []byte(doc))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: read, want a syntax error (got %v)", v, err)
			continue
		}
		if e.Line != 1 || e.Col <= len(head) || !strings.HasPrefix(e.Path, "database.installs.") {
			t.Errorf("%s: %v: want an error in the skipped value", v, err)
		}
	}
}
