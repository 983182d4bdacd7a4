// Package revpath splits a REV:PATH argument where git does, for the
// loader that reads it (gitsrc) and the views that name its path (the
// feed's ids), which may not import the loader.
package revpath

// Split splits a REV:PATH argument where git does: at the first colon
// outside braces (so that HEAD@{2025-03-01 10:00}:x and :/ are read as
// git reads them). ok is false when there is no such colon or no
// revision before it (":path" names git's index, which a snapshot is
// not).
func Split(spec string) (rev, p string, ok bool) {
	depth := 0
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == ':' && depth == 0:
			if i == 0 {
				return "", "", false
			}
			return spec[:i], spec[i+1:], true
		}
	}
	return "", "", false
}
