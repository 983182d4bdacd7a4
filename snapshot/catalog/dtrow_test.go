package catalog

import (
	"testing"
)

// TestDTRowKey: a spec with a key DataTables reads from the row object
// (DT_RowClass, DT_RowAttr, ...) is an error at the key, by the fast and
// the general path alike. The site's table is DataTables fed the specs:
// "DT_RowClass": "hidden" hid the spec's row, and a pull request that
// added it passed a gate with "no changes".
func TestDTRowKey(t *testing.T) {
	h := hashN(1)
	pre := `spec_details: [{"hash": "` + h + `", `
	for _, val := range []string{`"DT_RowClass": "hidden"`, `"DT_RowAttr": {"hidden": ""}`, `"DT_R\u006fwId": "x"`} {
		page := []byte(head + pre + val + otherFields(val) + "}]\n---\n")
		for _, parse := range bothPaths {
			_, _, _, err := parse("p.md", page, false)
			checkErr(t, err, "p.md", 5, len(pre)+1, "spec 1: the key \"DT_Row", "DataTables")
		}
	}
	// A key that only starts alike in another case stays read.
	val := `"dt_rowclass": "hidden"`
	page := []byte(head + pre + val + otherFields(val) + "}]\n" + oneMeta + "---\n")
	for _, parse := range bothPaths {
		if _, _, _, err := parse("p.md", page, false); err != nil {
			t.Errorf("%s: %v", val, err)
		}
	}
}
