package catalog

import "testing"

// TestNotFiniteYAML: a value of a multi-line YAML page that YAML reads
// as a number that is not finite (.inf, -.Inf, .NaN: JSON has no such
// number) is refused naming the value, its line and column, and that it
// is to be quoted. It said "spec_details: json: unsupported value: +Inf"
// at the key's line.
func TestNotFiniteYAML(t *testing.T) {
	for _, tc := range []struct{ value, want string }{
		{".inf", `".inf" is a number that is not finite to YAML (infinity)`},
		{"-.Inf", `"-.Inf" is a number that is not finite to YAML (minus infinity)`},
		{".NaN", `".NaN" is a number that is not finite to YAML (not a number)`},
	} {
		fields := "hash: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n    versions: [" + tc.value + "]\n"
		page := head + "meta: {\"num_specs\": 1}\nspec_details:\n  - " + fields + otherFieldsYAML(fields, "    ") + "---\n"
		_, _, _, err := parseGeneral("p.md", []byte(page), false)
		checkErr(t, err, "p.md", 8, 16, "spec_details: "+tc.want, "quote it")
	}
}
