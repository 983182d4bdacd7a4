package catalog

import (
	"strings"
	"testing"
)

// TestSpecFieldsNeeded: a spec without one of the fields every spec has
// (hash, versions, variants, compiler, os, platform, target, stacks and
// size), or with one null, is an error at the spec, naming the first
// such field in that order and saying why, by the fast and the general
// path alike. The site's page of a package draws its table from each
// spec's fields (spec_details, written into the layout's script): a spec
// without variants, or with null ones, stops the table from being drawn,
// one without stacks is gone from the page's view of its stacks, and a
// string field missing or null shows "undefined" or "null". cachediff
// read such a spec as one with empty values, so a pull request that
// dropped one spec's "variants": [] emptied the package's page on the
// site and passed a gate with "no changes" (the 48th adversarial pass).
func TestSpecFieldsNeeded(t *testing.T) {
	h1, h2 := hashN(1), hashN(2)
	all := `"hash": "` + h1 + `", "versions": ["1.0"], "variants": ["+shared"], "compiler": "gcc@13.2.0", "os": "ubuntu24.04", "platform": "linux", "target": "x86_64_v3", "stacks": ["root"], "size": "-"`
	// without is all with the field k left out; with is all with k's
	// value replaced by v.
	without := func(k string) string {
		var kept []string
		for _, f := range strings.Split(all, ", ") {
			if !strings.HasPrefix(f, `"`+k+`": `) {
				kept = append(kept, f)
			}
		}
		return strings.Join(kept, ", ")
	}
	with := func(k, v string) string {
		var fs []string
		for _, f := range strings.Split(all, ", ") {
			if strings.HasPrefix(f, `"`+k+`": `) {
				f = `"` + k + `": ` + v
			}
			fs = append(fs, f)
		}
		return strings.Join(fs, ", ")
	}
	second := strings.Replace(all, h1, h2, 1)
	pre := "spec_details: ["
	for _, tc := range []struct {
		name  string
		specs string // the specs, without the brackets
		off   int    // of the bad spec in specs
		want  string
	}{
		{"no variants", "{" + without("variants") + "}", 0, `spec 1: no "variants": every spec has`},
		{"variants null", "{" + with("variants", "null") + "}", 0, `spec 1: variants: null: every spec has`},
		{"no stacks", "{" + without("stacks") + "}", 0, `spec 1: no "stacks"`},
		{"stacks null", "{" + with("stacks", "null") + "}", 0, `spec 1: stacks: null`},
		{"no size", "{" + without("size") + "}", 0, `spec 1: no "size"`},
		{"size null", "{" + with("size", "null") + "}", 0, `spec 1: size: null`},
		{"no versions", "{" + without("versions") + "}", 0, `spec 1: no "versions"`},
		{"no compiler", "{" + without("compiler") + "}", 0, `spec 1: no "compiler"`},
		{"os null", "{" + with("os", "null") + "}", 0, `spec 1: os: null`},
		{"no platform", "{" + without("platform") + "}", 0, `spec 1: no "platform"`},
		{"target null", "{" + with("target", "null") + "}", 0, `spec 1: target: null`},
		{"no hash", "{" + without("hash") + "}", 0, `spec 1: no "hash"`},
		{"no field", "{}", 0, `spec 1: no "hash"`},
		{"no field, spaced", "{ }", 0, `spec 1: no "hash"`},
		{"the second spec", "{" + all + "}, {" + strings.Replace(without("variants"), h1, h2, 1) + "}", len(all) + 4, `spec 2: no "variants"`},
		// Of several, the first in the order of the message, on every
		// run: not the order of the keys, nor of a map.
		{"no stacks nor variants", "{" + strings.Replace(without("variants"), `, "stacks": ["root"]`, "", 1) + "}", 0, `spec 1: no "variants"`},
		{"no size, compiler null", "{" + strings.Replace(with("compiler", "null"), `, "size": "-"`, "", 1) + "}", 0, `spec 1: compiler: null`},
		// A key in another case is another field (JavaScript's, and
		// the site's): the spec still has no variants.
		{"Variants", "{" + strings.Replace(all, `"variants"`, `"Variants"`, 1) + "}", 0, `spec 1: no "variants"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(head + pre + tc.specs + "]\n---\n")
			for _, parse := range bothPaths {
				_, _, _, err := parse("p.md", page, false)
				checkErr(t, err, "p.md", 5, len(pre)+tc.off+1, "spec_details: "+tc.want,
					"every spec has hash, versions, variants, compiler, os, platform, target, stacks and size, none null", "the site draws the package's table")
			}
		})
	}

	// Written as YAML, the same.
	yaml := head + "spec_details:\n  - hash: " + h1 + "\n    versions: ['1.0']\n    compiler: gcc@13.2.0\n    os: o\n    platform: p\n    target: t\n    stacks: [root]\n    size: '-'\n---\n"
	for _, parse := range bothPaths {
		_, _, _, err := parse("p.md", []byte(yaml), false)
		if err == nil || !strings.Contains(err.Error(), `spec_details: spec 1: no "variants": every spec has`) {
			t.Errorf("YAML spec without variants: %v", err)
		}
	}

	// What every spec has, with or without a tarball (null: none), and
	// with empty values, loads.
	for _, specs := range []string{
		"{" + all + "}, {" + second + "}",
		"{" + all + `, "tarball": "https://binaries.spack.io/x.spack"}`,
		"{" + all + `, "tarball": null}`,
		`{"hash": "` + h1 + `", "versions": [], "variants": [], "compiler": "", "os": "", "platform": "", "target": "", "stacks": [], "size": ""}`,
	} {
		page := []byte(head + pre + specs + "]\n" + oneMeta + "---\n")
		for _, parse := range bothPaths {
			pkg, _, _, err := parse("p.md", page, false)
			if err != nil {
				t.Errorf("%s: %v", specs, err)
				continue
			}
			if strings.Contains(specs, "null") && pkg.Specs[0].Tarball() != "" {
				t.Errorf("%s: tarball %q, want none", specs, pkg.Specs[0].Tarball())
			}
		}
	}
}
