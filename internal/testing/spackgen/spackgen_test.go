package spackgen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/spack-gen")

// The files under testdata/spack-gen are what the generator writes, byte
// for byte (go test ./internal/spackgen -update rewrites them).
func TestDemoPairFiles(t *testing.T) {
	before, after, _ := DemoPair()
	for side, d := range map[string]*DAG{"old": before, "new": after} {
		var buf bytes.Buffer
		if err := d.WriteIndex(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", "..", "testdata", "spack-gen", side, "build_cache", "index.json")
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./internal/spackgen -update writes it)", err)
		}
		if !bytes.Equal(got, buf.Bytes()) {
			t.Errorf("%s differs from what the generator writes (go test ./internal/spackgen -update)", path)
		}
	}
}

// Same options, same DAG: the generator is deterministic.
func TestDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	if err := New(Options{Seed: 9, Packages: 100, Envs: 3}).WriteIndex(&a); err != nil {
		t.Fatal(err)
	}
	if err := New(Options{Seed: 9, Packages: 100, Envs: 3}).WriteIndex(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two runs differ")
	}
}
