package diff_test

import "testing"

// A spelling one side alone writes goes whole into the spelling first
// by name its roots reach, as its mirror is taken by the old spelling
// first by name (class b): rhel's curl e and curl@=1.0 f, ubuntu's
// curl@=1.0 g and curl h; now rhel's curl a and curl@1.0 c, ubuntu's
// curl@=1.0 b and curl@1.0 m. Old → new, curl took curl@1.0 first by
// name: h changed into m, f removed, c added; new → old, curl@1.0 went
// into curl@=1.0 as its first root by hash, c, reached it: c changed
// into f, m removed and h added. Now m is changed into h new → old.
func TestRootOneSidedSpellingByName(t *testing.T) {
	old := map[string][]twinSpec{
		"rhel":   {{"curl", "e", "curl", ""}, {"curl", "f", "curl@=1.0", ""}},
		"ubuntu": {{"curl", "g", "curl@=1.0", ""}, {"curl", "h", "curl", ""}},
	}
	cur := map[string][]twinSpec{
		"rhel":   {{"curl", "a", "curl", ""}, {"curl", "c", "curl@1.0", ""}},
		"ubuntu": {{"curl", "b", "curl@=1.0", ""}, {"curl", "m", "curl@1.0", ""}},
	}
	checkTwinRoots(t, old, cur, []string{
		"added c curl@1.0",
		"changed e>a curl>curl",
		"changed g>b curl@=1.0>curl@=1.0",
		"changed h>m curl>curl@1.0",
		"removed f curl@=1.0",
	})
}
