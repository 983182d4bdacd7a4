package mirror_test

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLongURLWithinLine (adversarial pass i25, class e): a mirror's URL
// was named whole in its messages, and a long one (28 KB) ran them past
// the command's line cap of 8 KB, which cut what was wrong: a file's
// URL in a server's refusal, and the root a URL ending in build_cache
// was told to give. The file's URL is cut about its mark, its name
// kept; the root, which cut would be no URL to paste, is said so.
func TestLongURLWithinLine(t *testing.T) {
	status := http.StatusForbidden
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", status)
	}))
	defer srv.Close()
	long := srv.URL + "/" + strings.Repeat("a", 28<<10)
	_, err := (&mirror.HTTP{NoCache: true}).Open(long, mirror.Options{})
	if err == nil || len(err.Error()) > 4<<10 || !strings.Contains(err.Error(), "a/v3/manifests/index/index.manifest.json: HTTP 403") {
		t.Errorf("a URL of 28 KB refused (HTTP 403): a message of %d bytes; want at most 4 KB, naming the file", len(errText(err)))
	}
	status = http.StatusNotFound
	_, err = (&mirror.HTTP{NoCache: true}).Open(long+"/build_cache", mirror.Options{})
	if err == nil || len(err.Error()) > 4<<10 || !strings.Contains(err.Error(), "above it (the URL given without /build_cache at its end, ") {
		t.Errorf("a URL of 28 KB ending in build_cache: a message of %d bytes (%.300s…); want at most 4 KB, the root said", len(errText(err)), errText(err))
	}
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestLongURLCutKeepsEscapes (adversarial pass i26, class e): a long
// URL was cut inside a %-escape, and what was left of it read as part
// of the mark or a name: a file:// root of 2 KB whose folders end in
// " x" was named "…/dd%20x/dd…16a4e3f40x/dd…", the 0 of a %20 after
// the mark's digits. The cut keeps each escape whole or leaves it out.
func TestLongURLCutKeepsEscapes(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusForbidden)
	}))
	defer srv.Close()
	cut := regexp.MustCompile(`(.)(.)…[0-9a-f]{8}(.)`)
	for shift := range 4 {
		long := srv.URL + "/" + strings.Repeat("a", shift) + strings.Repeat("a%20", 2000) + strings.Repeat("b", shift)
		_, err := (&mirror.HTTP{NoCache: true}).Open(long, mirror.Options{})
		m := cut.FindStringSubmatch(errText(err))
		if m == nil || m[1] == "%" || m[2] == "%" || m[2] == "2" && m[1] == "%" || !strings.Contains("a%b", m[3]) {
			t.Errorf("a URL of %d bytes of a%%20 cut: %.120q about its mark; want no escape cut", len(long), m)
		}
	}
}

// TestLongRootSpelledOtherwise (adversarial pass i26, class c): the
// root of a long URL ending in build_cache that the URL given does not
// begin with (a file:// URL typed with spaces, the root %20-escaped)
// is named cut, with its length, not as the URL given without what
// follows it, which it is not; undone alone, that rule failed no test
// ("the URL given without file:///…/build_cache at its end").
func TestLongRootSpelledOtherwise(t *testing.T) {
	dir := t.TempDir()
	for range 9 {
		dir = filepath.Join(dir, strings.Repeat("d", 250)+" x")
	}
	if err := mirrorgen.V2(dir, zlibIndex); err != nil {
		t.Fatal(err)
	}
	_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir+"/build_cache", mirror.Options{})
	if err == nil || len(err.Error()) > 6<<10 || strings.Contains(err.Error(), "the URL given without") || !regexp.MustCompile(`%20x, \d+ bytes, too long to show whole\)$`).MatchString(err.Error()) {
		t.Errorf("file:// of a build_cache/ 2.3 KB deep, its folders spaced: %.300q…; want its root named cut, its length told", errText(err))
	}
}
