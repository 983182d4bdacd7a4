package spackfmt

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

func gzipped(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func utf16Of(s string, bigEndian, bom bool) []byte {
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	var b []byte
	for _, u := range units {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// Issue 35: an index.json with a byte order mark, gzip-compressed or in
// UTF-16 was refused as "not 'ï'", "not '\x1f'" or "not 'ÿ'". Spack reads
// gzip'd indexes and spec files, and a UTF-8 byte order mark says
// nothing: both are read. UTF-16 is refused with a message naming it.
func TestEncodings(t *testing.T) {
	for _, name := range []string{"index.v8-layout2-unsigned-mixed.json", "spec.v5-libdwarf-m1.spec.json"} {
		plain, err := os.ReadFile(filepath.Join(fixtures, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := Decode(name, plain)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			how  string
			data []byte
		}{
			{"bom", append([]byte("\uFEFF"), plain...)},
			{"gzip", gzipped(t, plain)},
			{"gzip of bom", gzipped(t, append([]byte("\uFEFF"), plain...))},
			// Padded with zero bytes, which Spack's gzip.decompress skips:
			// refused before as a stream cut short.
			{"gzip padded with 8 zero bytes", append(gzipped(t, plain), make([]byte, 8)...)},
			{"gzip padded with 512 zero bytes", append(gzipped(t, plain), make([]byte, 512)...)},
		} {
			if k := Sniff(tt.data[:min(len(tt.data), 512)]); k != want.Kind {
				t.Errorf("%s, %s: Sniff = %v, want %v", name, tt.how, k, want.Kind)
			}
			got, err := Decode(name, tt.data)
			if err != nil {
				t.Errorf("%s, %s: %v", name, tt.how, err)
				continue
			}
			if len(got.Nodes) != len(want.Nodes) || line(got.Nodes[0]) != line(want.Nodes[0]) || got.Nodes[0].Line != want.Nodes[0].Line {
				t.Errorf("%s, %s: %d nodes, first %s at line %d; want %d, %s at line %d", name, tt.how,
					len(got.Nodes), line(got.Nodes[0]), got.Nodes[0].Line, len(want.Nodes), line(want.Nodes[0]), want.Nodes[0].Line)
			}
		}
		for _, tt := range []struct {
			how  string
			data []byte
			want string
		}{
			{"utf-16le", utf16Of(string(plain), false, true), "UTF-16 (little-endian"},
			{"utf-16be", utf16Of(string(plain), true, true), "UTF-16 (big-endian"},
			{"utf-16le without a mark", utf16Of(string(plain), false, false), "UTF-16 (little-endian"},
			{"gzip of utf-16", gzipped(t, utf16Of(string(plain), false, true)), "UTF-16"},
			// Two marks (p211b): sniffed as a page, it was refused as
			// one whose mark stands before its front matter.
			{"two byte order marks", append([]byte("\uFEFF\uFEFF"), plain...), "two byte order marks"},
			{"gzip of two byte order marks", gzipped(t, append([]byte("\uFEFF\uFEFF"), plain...)), "two byte order marks"},
		} {
			// Recognised, so that a file of any name gets the message.
			if k := Sniff(tt.data[:min(len(tt.data), 512)]); k != want.Kind {
				t.Errorf("%s, %s: Sniff = %v, want %v", name, tt.how, k, want.Kind)
			}
			_, err := Decode(name, tt.data)
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(e.Msg, tt.want) || !strings.Contains(e.Msg, "UTF-8") && !strings.Contains(e.Msg, "byte order mark") || e.Line != 1 {
				t.Errorf("%s, %s: %v; want %q at line 1", name, tt.how, err, tt.want)
			}
		}
	}
	// A broken gzip stream, and one that inflates past the bound.
	plain, _ := os.ReadFile(filepath.Join(fixtures, "index.v8-layout2-unsigned-mixed.json"))
	z := gzipped(t, plain)
	for _, tt := range []struct {
		how  string
		data []byte
		want string
	}{
		{"cut", z[:len(z)/2], "gzip"},
		{"text after the stream", append(append([]byte{}, z...), "\nlog line"...), fmt.Sprintf("data after the gzip stream that is not gzip, from offset %d of %d", len(z), len(z)+9)},
		{"corrupt", append(append([]byte{}, z[:10]...), bytes.Repeat([]byte{0xff}, 40)...), "gzip"},
		{"bomb", gzipped(t, append([]byte(`{"database":{"version":8,"installs":{}}}`), bytes.Repeat([]byte(" "), 3<<20)...)), "more than 2097152 bytes"},
	} {
		defer func(old int64) { maxInflated = old }(maxInflated)
		maxInflated = 2 << 20
		_, err := Decode("index.json", tt.data)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, tt.want) {
			t.Errorf("%s: %v; want %q", tt.how, err, tt.want)
		}
	}
}

// A key or a name of megabytes makes no message of megabytes: what a
// message quotes of the input (a record's key, a name, a version, the
// JSON path) is cut short.
func TestLongInputInMessages(t *testing.T) {
	long := strings.Repeat("k", 100000)
	for _, tt := range []struct {
		name, data string
		warn       bool
	}{
		{"record without a spec", `{"database":{"version":8,"installs":{"` + long + `":{"in_buildcache":true}}}}`, false},
		{"bad value under a long key", `{"database":{"version":8,"installs":{"` + long + `":{"spec":{"name":1}}}}}`, false},
		{"bad version", `{"database":{"version":"` + long + `"}}`, false},
		{"node without a hash", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"` + long + `"}]}}`, false},
		{"listed twice", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"` + long + `","hash":"h"},{"name":"` + long + `","hash":"h"}]}}`, false},
		{"dependency without a hash", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"a","hash":"h","dependencies":[{"name":"` + long + `"}]}]}}`, false},
		{"dependency not in the file", `{"spec":{"_meta":{"version":5},"nodes":[{"name":"` + long + `","hash":"h","dependencies":[{"name":"` + long + `","hash":"x"}]}]}}`, true},
	} {
		s, err := Decode("f", []byte(tt.data))
		msg := ""
		switch {
		case tt.warn && err == nil && len(s.Warnings) == 1:
			msg = s.Warnings[0].Message
		case !tt.warn && err != nil:
			msg = err.Error()
		default:
			t.Errorf("%s: %v, %v", tt.name, err, s)
			continue
		}
		if len(msg) > 1000 || !strings.Contains(msg, "…") {
			t.Errorf("%s: a message of %d bytes: %.200s", tt.name, len(msg), msg)
		}
	}
}
