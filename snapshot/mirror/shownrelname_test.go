package mirror_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestShownRelKeepsName (adversarial pass i25, class e): a file of the
// mirror named quoted past 80 bytes was cut at its head alone, and the
// file's name went with the cut: --view of 120 Cyrillic characters was
// told `no view …: "v3/manifests/index/\u0433…1b2e015b": not found`, no
// file named. The cut is inside the folders, the name kept after it.
func TestShownRelKeepsName(t *testing.T) {
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	view := strings.Repeat("\u0433", 120)
	_, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: view})
	if err == nil || !strings.Contains(err.Error(), `\u0433`+cutmark.Of("v3/manifests/index/"+view+"/index.manifest.json")+`/index.manifest.json": not found`) {
		t.Errorf("--view of 120 Cyrillic characters: %v; want its index manifest named, cut inside the folder", err)
	}
	spec := "v3/manifests/spec/" + strings.Repeat("\u0456", 40) + "/x-1.0-" + strings.Repeat("a", 32) + ".spec.manifest.json"
	for rel, want := range map[string]string{
		spec:                         "/x-1.0-" + strings.Repeat("a", 32) + `.spec.manifest.json"`,
		strings.Repeat("\u0456", 70): `\u0456"`, // no folder: its tail
		"v3/" + strings.Repeat("\u0456", 100) + "/" + strings.Repeat("z", 200): strings.Repeat("z", 20) + `"`,
	} {
		got := mirror.ShownRel(rel)
		if !strings.HasSuffix(got, want) || !strings.Contains(got, cutmark.Of(rel)) || len(got) > 400 || strings.ContainsRune(got, '\u0456') {
			t.Errorf("ShownRel(%q) = %s; want it quoted in ASCII, cut with its mark, ending %s", rel, got, want)
		}
	}
	if got := mirror.ShownRel("v3/" + strings.Repeat("\u0456", 40)); !strings.HasPrefix(got, `"v3/\u0456`) || strings.Contains(got, "…") {
		t.Errorf("ShownRel of 83 bytes, none to cut between head and name: %s; want it whole", got)
	}
}

// TestLongViewWithinLine (adversarial pass i25, class e): --view of
// 9,000 characters, a name longer than a folder's can be, was "stat
// …/v3/manifests/index/vvv…: file name too long", its path whole (9 KB,
// past the command's line cap of 8 KB), not that the mirror has no such
// view; and a file named as it is (printable ASCII) was named whole at
// any length. It is no view, its manifest named cut past 2 KB.
func TestLongViewWithinLine(t *testing.T) {
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	for _, view := range []string{strings.Repeat("v", 9000), strings.Repeat("\u0433", 9000)} {
		_, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: view})
		if err == nil || len(err.Error()) > 4<<10 || !strings.HasPrefix(err.Error(), "no view ") || !strings.HasSuffix(err.Error(), `/index.manifest.json: not found (its views: "gpu")`) && !strings.HasSuffix(err.Error(), `/index.manifest.json": not found (its views: "gpu")`) {
			t.Errorf("--view of 9,000 %.1q: a message of %d bytes (%.200s…); want at most 4 KB, no view, its manifest named", view, len(errText(err)), errText(err))
		}
	}
}

// TestShownRelCutOnlyShorter (adversarial pass i26, class e): ShownRel
// cut a quoted name past 80 bytes of it, whatever the cut saved: of
// v3/, 74 letters, г and /b (81 bytes), whole 88 bytes quoted, it gave
// 90, its г, the one character that made it quoted, cut out for the
// mark. A cut no shorter than the name whole is not made.
func TestShownRelCutOnlyShorter(t *testing.T) {
	for _, rel := range []string{
		"v3/" + strings.Repeat("a", 74) + "\u0433/b",
		"v3/manifests/index/" + strings.Repeat("x", 59) + "\u0433/a",
		strings.Repeat("a", 79) + "\u0433",
	} {
		got, whole := mirror.ShownRel(rel), strconv.QuoteToASCII(rel)
		if got != whole {
			t.Errorf("ShownRel(%q) = %s (%d bytes); want it whole, %s (%d bytes)", rel, got, len(got), whole, len(whole))
		}
	}
	// Where the cut saves bytes it is made, as before.
	rel := "v3/manifests/index/" + strings.Repeat("\u0433", 40) + "/index.manifest.json"
	if got := mirror.ShownRel(rel); !strings.Contains(got, cutmark.Of(rel)) || len(got) >= len(strconv.QuoteToASCII(rel)) {
		t.Errorf("ShownRel(%q) = %s; want it cut, shorter than whole", rel, got)
	}
}

// TestShownRelCutEdges (adversarial pass i26, class c): two of
// ShownRel's rules, each undone alone, failed no test: the head cut at
// a character's start, not inside one (undone, `\xd1` in the name), and
// a name of no folder, 81 to 120 bytes, cut to its tail (undone, named
// whole, 50 Cyrillic і in 302 bytes).
func TestShownRelCutEdges(t *testing.T) {
	rel := "v3/" + strings.Repeat("\u0456", 100) + "/a.json"
	if got := mirror.ShownRel(rel); strings.Contains(got, `\x`) || !strings.HasSuffix(got, `/a.json"`) || !strings.Contains(got, cutmark.Of(rel)) {
		t.Errorf("ShownRel(%q) = %s; want it cut between characters, no \\x, its name kept", rel, got)
	}
	rel = strings.Repeat("\u0456", 50)
	if got := mirror.ShownRel(rel); !strings.Contains(got, cutmark.Of(rel)) || !strings.HasSuffix(got, `\u0456"`) || len(got) >= len(strconv.QuoteToASCII(rel)) {
		t.Errorf("ShownRel of 50 Cyrillic і, no folder: %s; want it cut, its tail kept", got)
	}
}
