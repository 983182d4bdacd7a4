package input

import "testing"

// TestSwappedRevPathHint (class e): a REV:PATH written the other way
// round, PATH:REV (_cache/develop:HEAD~1, as a path and its version are
// written elsewhere), said "unknown revision _cache/develop" alone. An
// argument whose REV git does not know and whose PATH is a revision git
// knows is told so, and how to write it, with git: kept; one whose PATH
// is no revision either gets no such hint.
func TestSwappedRevPathHint(t *testing.T) {
	checkLoadHints(t, "unknown revision _cache/develop", "unknown revision", "first", map[string]string{
		"_cache/develop:HEAD~1":     "unknown revision _cache/develop; 'HEAD~1' is a git revision: REV:PATH puts the revision first ('HEAD~1:_cache/develop')",
		"git:_cache/develop:HEAD":   "unknown revision _cache/develop; HEAD is a git revision: REV:PATH puts the revision first (git:HEAD:_cache/develop)",
		"_cache/develop:nosuch":     "",
		"git:_cache/develop:nosuch": "",
	})
}
