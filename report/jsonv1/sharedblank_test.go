package jsonv1

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestSharedRefusalQuotesChange (issue 35 class e): a shared change
// refused by the laws was written with its kind, from and to bare, so
// an empty one read "causes.shared[0]:   →  is no change …", blanks
// where the change should be. Each is quoted, as the renamed roots'.
func TestSharedRefusalQuotesChange(t *testing.T) {
	for _, tc := range []struct {
		sc   diff.SharedCause
		want string
	}{
		{diff.SharedCause{Packages: []string{}, Groups: []int{}}, `"" "" → "" is no change that`},
		{diff.SharedCause{Kind: "version", From: "1.0", To: "2 0", Packages: []string{}, Groups: []int{}}, `"version" "1.0" → "2 0" is no change that`},
	} {
		r := spackGenReport(t)
		r.Causes.Shared = append(r.Causes.Shared, tc.sc)
		want := fmt.Sprintf("causes.shared[%d]: %s", len(r.Causes.Shared)-1, tc.want)
		if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v; want an error with %q", tc.sc, err, want)
		}
	}
}
