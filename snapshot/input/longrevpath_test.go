package input

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLongRevPathQuotedOnce (issue 35, class e): a REV:PATH whose PATH
// is 5,000 bytes was refused for its length in a 5.2 KB message: the
// argument quoted whole after "loading", then its path again, shortened,
// in the reason. The argument is named once, shortened, and the reason
// says how long the path is.
func TestLongRevPathQuotedOnce(t *testing.T) {
	repo := catalogueRepo(t, "v0.23.0")
	long := strings.Repeat("a", 5000)
	runs := regexp.MustCompile("a{10,}") // the path, or a part of it
	for _, arg := range []string{RevPrefix + "HEAD:" + long, "HEAD:" + long, RevPrefix + "HEAD:_cache/" + long} {
		_, err := Load(repo, arg, Options{}, snapshot.Options{})
		if err == nil {
			t.Fatalf("%.20s…: loaded", arg)
		}
		msg := err.Error()
		if !strings.Contains(msg, "bytes long: no checkout holds a path over 4096 bytes") || len(msg) > 400 || len(runs.FindAllString(msg, -1)) > 1 {
			t.Errorf("%.20s…: %d bytes: %.600s; want the argument named once, shortened, and the path's length", arg, len(msg), msg)
		}
	}
}
