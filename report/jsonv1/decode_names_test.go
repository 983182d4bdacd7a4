package jsonv1

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestDecodePackageNames: a report read back holds package names as
// loading checks them (snapshot.IsPackageName): one that is a path is
// refused, with the field it is in, as any other value a report cannot
// hold.
func TestDecodePackageNames(t *testing.T) {
	r := fullReport(t)
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	for _, name := range []string{"../../evil", "..", ".", "", "/etc", "a//b", "a/", "x/../y"} {
		r := fullReport(t)
		r.Packages[0].Name = name
		_, err := DecodeBytes(jsonOf(t, r))
		var ee *EnumError
		if !errors.As(err, &ee) || ee.Path != "packages[0].name" || !strings.Contains(err.Error(), fmt.Sprintf("%q", name)) {
			t.Errorf("name %q: %v, want an error at packages[0].name quoting it", name, err)
		}
	}
}
