package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// versionCommand prints the version.
var versionCommand = &command{
	name:    "version",
	summary: "show the version of cachediff and the JSON schemas it writes and reads",
	about: `Shows the version of cachediff (its module version and the VCS revision it
was built from, as Go records them) and the JSON report schema it writes and
reads, with the features added within that schema that it writes and reads
(a report lists those it uses in "features").`,
	run: func(c *cli, o *options, args []string) (int, error) {
		if len(args) != 0 {
			return exitTrouble, usageErrorf("version: want no arguments; got %d%s", len(args), dashesHint(o)) // version -- -q
		}
		if _, err := fmt.Fprint(c.stdout, versionText()); err != nil {
			return exitTrouble, fmt.Errorf("writing the version: %w", err)
		}
		return exitSame, nil
	},
}

// versionText is what cachediff version prints: the module version and
// the VCS revision from the build information, and the schemas.
func versionText() string {
	version, revision := "(unknown)", ""
	if info, ok := debug.ReadBuildInfo(); ok {
		if v := info.Main.Version; v != "" {
			version = v
		}
		var modified bool
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if revision != "" && modified {
			revision += " (modified)"
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cachediff %s\n", version)
	if revision != "" {
		fmt.Fprintf(&b, "revision: %s\n", revision)
	}
	schemas := report.Schema + ", " + jsonv1.LogSchema // cachediff and cachediff log
	fmt.Fprintf(&b, "writes: %s\nreads: %s\n", schemas, schemas)
	// The features added within cachediff/v1 that a report may list in
	// "features" (docs/json.md): this cachediff writes and reads them.
	fmt.Fprintf(&b, "features: %s\n", strings.Join(report.Features, ", "))
	return b.String()
}
