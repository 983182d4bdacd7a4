package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestRenderRefusesRenamedRootOfTwoSpecs (74th adversarial pass, issue
// 35): causes.roots.renamed is a root written otherwise but concretized
// the same, one hash on both sides, so one package and one version. A
// saved report whose renamed root kept its hash but changed its version
// or its package (git@2.48.1/4sisx… as git 2.48.2 on the new side)
// rendered, exit 0, in a pair report and in a log. It is refused.
func TestRenderRefusesRenamedRootOfTwoSpecs(t *testing.T) {
	a, b, _ := respeltPair()
	paths := writeLockfiles(t, a, b)
	var out, stderr bytes.Buffer
	if code := run(append([]string{"-f", "json"}, paths...), &out, &stderr); code == 2 {
		t.Fatalf("diff: exit 2: %s", stderr.String())
	}
	for _, edit := range []func(m map[string]any){
		func(m map[string]any) { m["version"] = "999" },
		func(m map[string]any) { m["name"] = "zzz" },
		func(m map[string]any) { m["hash"] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
	} {
		var r map[string]any
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		ren, _ := r["causes"].(map[string]any)["roots"].(map[string]any)["renamed"].([]any)
		if len(ren) != 1 {
			t.Fatalf("causes.roots.renamed: %v, want one entry", ren)
		}
		edit(ren[0].(map[string]any)["new"].(map[string]any))
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "r.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		if code := run([]string{"render", p}, &bytes.Buffer{}, &stderr); code != 2 {
			t.Errorf("render of %v: exit %d, want 2", ren[0], code)
		}
	}
}
