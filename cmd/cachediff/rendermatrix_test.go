package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRenderLogMatrix (77th adversarial pass): a log saved as JSON with
// one set of flags and rendered with another is what "cachediff log"
// writes with both sets, with its exit status, or render refuses with
// exit 2 and a reason. Over the real weekly series forward, reversed,
// and from git with --revs.
//
// The whole matrix (918 comparisons, about two minutes) runs with
// CACHEDIFF_FULL_MATRIX=1; otherwise each render flag set runs once,
// against the saved flags and input that take turns, so that every one
// of each is compared (51 comparisons).
func TestRenderLogMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("a long matrix")
	}
	full := os.Getenv("CACHEDIFF_FULL_MATRIX") != ""
	weeks, err := filepath.Glob("../../testdata/real-series/develop-*")
	if err != nil || len(weeks) < 5 {
		t.Fatalf("the real series: %v, %d weeks", err, len(weeks))
	}
	reversed := make([]string, len(weeks))
	for i, w := range weeks {
		reversed[len(weeks)-1-i] = w
	}
	inputs := map[string][]string{"forward": weeks, "reversed": reversed}
	if gittest.Available() {
		var dirs []string
		for _, w := range weeks {
			a, err := filepath.Abs(w)
			if err != nil {
				t.Fatal(err)
			}
			dirs = append(dirs, a)
		}
		repo := filepath.Join(t.TempDir(), "catalogue")
		if _, err := gittest.Commits(repo, dirs...); err != nil {
			t.Fatal(err)
		}
		inputs["revs"] = []string{"-C", repo, "--revs", "main", "_cache/develop"}
	}
	saves := [][]string{nil, {"--package", "adept-utils"}, {"--stack", "aws-pcluster-x86_64_v4"}, {"--ignore", "compiler"}}
	for _, k := range []string{"any", "removed-spec"} {
		saves = append(saves, []string{"--fail-on", k})
	}
	var renders [][]string
	for _, f := range []string{"md", "text", "html", "atom", "json"} {
		renders = append(renders, []string{"-f", f})
		for _, k := range []string{"added-package", "removed-spec", "lost-compiler"} {
			renders = append(renders, []string{"-f", f, "--fail-on", k})
		}
		renders = append(renders,
			[]string{"-f", f, "--title", "Weekly <b>cache</b>"},
			[]string{"-f", f, "--link-base", "https://cache.spack.io/package/?name="},
			[]string{"-f", f, "--feed-id", "tag:example.org,2025:log"},
			[]string{"-f", f, "-q"},
			[]string{"-f", f, "--rows", "rebuilt"},
		)
	}
	renders = append(renders,
		[]string{"--max-bytes", "3000"},
		[]string{"--max-bytes", "3000", "--fail-on", "removed-spec"},
		[]string{"--github-comment"},
		[]string{"--github-comment", "--fail-on", "added-package"},
		[]string{"-f", "text", "--width", "40"},
		[]string{"-f", "text", "--width", "40", "--rows", "rebuilt"},
	)
	names := slices.Sorted(maps.Keys(inputs))
	held, refused, turn := 0, 0, 0
	for _, name := range names {
		in := inputs[name]
		for _, save := range saves {
			mine := turn // this input and save's turn among the render flags
			turn++
			var saved, stderr bytes.Buffer
			if code := run(append(append([]string{"log", "-f", "json"}, save...), in...), &saved, &stderr); code == 2 {
				t.Errorf("%s: log %v: %s", name, save, stderr.String())
				continue
			}
			p := filepath.Join(t.TempDir(), "log.json")
			if err := os.WriteFile(p, saved.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			for k, flags := range renders {
				if !full && (k+mine)%(len(saves)*len(names)) != 0 {
					continue
				}
				var rendered, direct, rerr, derr bytes.Buffer
				got := run(append([]string{"render", p}, flags...), &rendered, &rerr)
				// --fail-on given to render checks a new gate in place of the
				// saved one (docs/json.md): log with the render's kinds only.
				both := append(append(append([]string{"log"}, withoutGate(save, flags)...), flags...), in...)
				want := run(both, &direct, &derr)
				if got == 2 && want != 2 {
					if strings.TrimSpace(rerr.String()) == "" {
						t.Errorf("%s: render %v of log %v: exit 2 with no reason", name, flags, save)
					}
					refused++
					t.Logf("%s: render %v of log %v refused: %s", name, flags, save, strings.TrimSpace(rerr.String()))
					continue
				}
				if got != want {
					t.Errorf("%s: render %v of log %v: exit %d (%s), log exits %d (%s)", name, flags, save, got, rerr.String(), want, derr.String())
					continue
				}
				if !bytes.Equal(rendered.Bytes(), direct.Bytes()) {
					t.Errorf("%s: render %v of log %v is not what log %v writes:\n%s", name, flags, save, both, lineDiff(direct.Bytes(), rendered.Bytes()))
					continue
				}
				held++
			}
		}
	}
	t.Logf("%d comparisons held, %d refused", held, refused)
}

// withoutGate is save without its --fail-on when flags give one.
func withoutGate(save, flags []string) []string {
	for _, f := range flags {
		if f == "--fail-on" {
			var kept []string
			for i := 0; i < len(save); i++ {
				if save[i] == "--fail-on" {
					i++
					continue
				}
				kept = append(kept, save[i])
			}
			return kept
		}
	}
	return save
}
