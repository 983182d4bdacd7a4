package mirror

import (
	"strings"
	"testing"
)

// TestSpecBlobVersionAsSpack (82nd adversarial pass): the spec file of a
// layout-v3 blob is read as a spec file on disk is, and as Spack reads
// it, int(spec._meta.version): "4", 4.0 and 4.5 are format 4. The blob's
// reader refused them all (a string, and numbers of no int), where the
// same file in a folder was read.
func TestSpecBlobVersionAsSpack(t *testing.T) {
	node := `{"name":"curl","version":"1","hash":"` + strings.Repeat("a", 32) + `"}`
	for _, v := range []string{"4", `"4"`, "4.0", "4e0", "4.5"} {
		got, nodes, err := specNodes([]byte(`{"spec":{"_meta":{"version":` + v + `},"nodes":[` + node + `]}}`))
		if err != nil || got != 4 || len(nodes) != 1 {
			t.Errorf("_meta.version %s: format %d, %v; want format 4, as Spack reads it", v, got, err)
		}
	}
	for _, v := range []string{"1e400", `"4.0"`, "true"} {
		if got, _, err := specNodes([]byte(`{"spec":{"_meta":{"version":` + v + `},"nodes":[` + node + `]}}`)); err == nil || !strings.Contains(err.Error(), "spec._meta.version") {
			t.Errorf("_meta.version %s: format %d, %v; want an error naming spec._meta.version", v, got, err)
		}
	}
}
