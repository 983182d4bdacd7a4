package spackfmt

import (
	"errors"
	"testing"
)

// TestSpecFileVersionAsSpack (82nd adversarial pass): Spack reads a spec
// file's format as int(data["spec"]["_meta"]["version"]): a number with a
// fraction or an exponent (4.0, 4e0, 4.5) is cut to 4, and a string of a
// whole number ("4") is 4. cachediff refused the numbers as a bad
// version; Spack reads the file. A number past any int (1e400, which
// Python's json reads as inf) is an error, as Spack's int() raises.
func TestSpecFileVersionAsSpack(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	spec := func(v string) string {
		return `{"spec":{"_meta":{"version":` + v + `},"nodes":[{"name":"curl","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"` + a + `"}]}}`
	}
	for _, v := range []string{"4", `"4"`, `" 4"`, "4.0", "4e0", "4.5", "40e-1", "4.999"} {
		if set, err := Decode("curl.spec.json", []byte(spec(v))); err != nil || set.Version != 4 {
			t.Errorf("_meta.version %s: %v, want format 4, as Spack's int() reads it", v, err)
		}
	}
	for _, v := range []string{"1e400", "-1e400", `"4.0"`, "1.5", "7.2"} {
		_, err := Decode("curl.spec.json", []byte(spec(v)))
		var e *Error
		if !errors.As(err, &e) || e.Path != "spec._meta.version" {
			t.Errorf("_meta.version %s: %v, want an error at it", v, err)
		}
	}
	for _, c := range []struct {
		raw  string
		want int
	}{{"5", 5}, {`"5"`, 5}, {"5.0", 5}, {"5.7", 5}, {"5e0", 5}} {
		if v, err := SpecFileVersion([]byte(c.raw)); err != nil || v != c.want {
			t.Errorf("SpecFileVersion(%s) = %d, %v; want %d", c.raw, v, err, c.want)
		}
	}
	for _, raw := range []string{"1e400", `"5.0"`, "true", "null", `"x"`} {
		if v, err := SpecFileVersion([]byte(raw)); err == nil {
			t.Errorf("SpecFileVersion(%s) = %d; want an error", raw, v)
		}
	}
}
