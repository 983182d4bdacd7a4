package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"gopkg.in/yaml.v3"

	. "github.com/cachediff/cachediff/snapshot"
)

// benchValues returns the spec_details and meta lines and the envelopes of
// the old tree of the 60k-spec benchmark pair.
func benchValues(b *testing.B) (specs, metas, envelopes [][]byte, size int64) {
	dir, _, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "old", "*", "specs.md"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		var env bytes.Buffer
		for _, l := range bytes.Split(data, []byte("\n")) {
			switch {
			case bytes.HasPrefix(l, []byte("spec_details: ")):
				specs = append(specs, l[len("spec_details: "):])
				size += int64(len(l))
			case bytes.HasPrefix(l, []byte("meta: ")):
				metas = append(metas, l[len("meta: "):])
			case bytes.HasPrefix(l, []byte("---")):
			default:
				env.Write(l)
				env.WriteByte('\n')
			}
		}
		envelopes = append(envelopes, env.Bytes())
	}
	return specs, metas, envelopes, size
}

// BenchmarkDecodeSpecs decodes every spec_details value of a 60k-spec tree
// on one goroutine: the fast scanner, the general path (encoding/json
// through a map per spec, which keeps unknown fields), and plain
// encoding/json into structs (which would drop unknown fields).
func BenchmarkDecodeSpecs(b *testing.B) {
	specs, _, _, size := benchValues(b)
	b.Run("scanner", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			in := newInterner()
			for _, v := range specs {
				if _, ok := fastSpecList(v, in); !ok {
					b.Fatal("gave up")
				}
			}
		}
	})
	b.Run("general", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range specs {
				var l specList
				if err := json.Unmarshal(v, &l); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("encoding-json-structs", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range specs {
				var l []Spec
				if err := json.Unmarshal(v, &l); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkDecodeMeta: the same for the meta values.
func BenchmarkDecodeMeta(b *testing.B) {
	_, metas, _, _ := benchValues(b)
	b.Run("scanner", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			in := newInterner()
			for _, v := range metas {
				if _, ok := fastMeta(v, in); !ok {
					b.Fatal("gave up")
				}
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range metas {
				var m meta
				if err := json.Unmarshal(v, &m); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkEnvelope decodes the envelopes (title, layout, categories) of a
// 60k-spec tree: the line matcher and yaml.v3.
func BenchmarkEnvelope(b *testing.B) {
	_, _, envs, _ := benchValues(b)
	b.Run("matcher", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range envs {
				var env envelope
				if !fastEnvelope(e, &env) {
					b.Fatalf("gave up on %q", e)
				}
			}
		}
	})
	b.Run("yaml.v3", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range envs {
				var env envelope
				if err := yaml.Unmarshal(e, &env); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
