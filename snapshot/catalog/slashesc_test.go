package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// TestSlashEscapeAsLibyaml: libyaml 0.2.5, which Jekyll reads front
// matter with, reads the escape \/ in a double-quoted scalar as '/'
// (YAML 1.2's, which it took up); yaml.v3 knows no such escape and
// refused the page: a one-line value of YAML flow with "cent\/os7" as
// "broken JSON", a multi-line spec_details or the envelope as "broken
// YAML front matter: found unknown escape character", where the site
// shows the specs, os cent/os7. A \/ elsewhere (a plain or a single-
// quoted scalar, after an escaped backslash) is text, as it was. libyaml
// 0.2.5's reading (PyYAML 6.0.3, CSafeLoader) of each front matter.
func TestSlashEscapeAsLibyaml(t *testing.T) {
	spec := func(os string) string {
		return fmt.Sprintf(`{hash: %q, "versions": ["1.0"], "variants": [], "compiler": "gcc@13.2.0", "os": %s, "platform": "linux", "target": "x86_64", "stacks": ["s"], "size": "-"}`, hashN(1), os)
	}
	meta := `{"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"s": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["s"], "targets": ["x86_64"], "versions": ["1.0"]}`
	page := func(title, sd string) []byte {
		return []byte(strings.Join([]string{"---", "title: " + title, "layout: cache # \"\\/\"", "categories: [package, develop]", "meta: " + meta, "spec_details:" + sd, "---", ""}, "\n"))
	}
	for os, want := range map[string]string{
		`"cent\/os7"`:                  "cent/os7",
		`"\/cent\/\/os7\/"`:            "/cent//os7/",
		`"cent\\/os7"`:                 `cent\/os7`,
		`"cent\\\/os7"`:                `cent\/os7`,
		`!!str "cent\/os7"`:            "cent/os7",
		`cent\/os7`:                    `cent\/os7`,
		`'cent\/os7'`:                  `cent\/os7`,
		`"cent\u002fos\x2f7"`:          "cent/os/7",
		`"cent\/os7\u00e9"`:            "cent/os7é",
		`"cent\/\u00e9\/os7"`:          "cent/é/os7",
		`"cent\` + "\n    " + `\/os7"`: "cent/os7",
	} {
		for _, title := range []string{`"zlib"`, `"zl\/ib"`} {
			sds := []string{"\n  - " + spec(os)}
			if !strings.Contains(os, "\n") {
				sds = append(sds, " ["+spec(os)+"]")
			}
			for _, sd := range sds {
				for _, parse := range bothPaths {
					pkg, _, _, err := parse("p.md", page(title, sd), false)
					if err != nil {
						t.Errorf("title: %s, spec_details: %q: %v; libyaml reads os %q", title, sd, err, want)
						continue
					}
					if got := pkg.Specs[0].OS; got != want {
						t.Errorf("title: %s, spec_details: %q: os %q; libyaml reads %q", title, sd, got, want)
					}
				}
			}
		}
	}
	// An escape \' after one \/ is refused as before, at its column in
	// the file; so is a value after them.
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", page(`"zlib"`, " ["+spec(`"c\/e\/n\'t"`)+"]"), false)
		checkErr(t, err, "p.md", 6, 136, `the escape \'`)
		sd := " [" + strings.Replace(spec(`"c\/e\/n"`), `"linux"`, `no`, 1) + "]"
		_, _, _, err = parse("p.md", page(`"zlib"`, sd), false)
		checkErr(t, err, "p.md", 6, len("spec_details:")+strings.Index(sd, `no`)+1, "as YAML 1.1")
	}
}
