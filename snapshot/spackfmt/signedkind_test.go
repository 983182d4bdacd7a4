package spackfmt

import (
	"strings"
	"testing"
)

// TestSignedArmourNamesTheFile (issue 35 class e: a message that names
// the wrong thing): the messages of a clear-signed file's armour name the
// kind of file its name says, where each said "spec file" whatever was
// read (an index, a lockfile, a manifest).
func TestSignedArmourNamesTheFile(t *testing.T) {
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{\"spec\":{\"_meta\":{\"version\":4},\"nodes\":[]}}\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for file, kind := range map[string]string{
		"build_cache/x.spec.json.sig":   "spec file",
		"x.spec.json":                   "spec file",
		"build_cache/index.json":        "index",
		"HEAD:_cache/index.json.gz":     "index",
		"env/spack.lock":                "lockfile",
		"a/x.spec.manifest.json":        "spec manifest",
		"v3/index/index.manifest.json":  "index manifest",
		`C:\mirror\other.manifest.json`: "manifest",
		"notes.txt":                     "file",
	} {
		for _, c := range []struct{ in, want string }{
			{"note\n" + signed, "a clear-signed " + kind + " starts with that line"},
			{signed + "x\n", "a signed " + kind + " holds one message"},
			{signed + signed, "a signed " + kind + " holds one message"},
			{strings.Replace(signed, "Hash: SHA512\n", "Hash: SHA512\nCharset: UTF-8\n", 1), "Spack reads a signed " + kind + " as"},
			{"  " + signed, "would read nothing from this " + kind},
		} {
			_, err := Decode(file, []byte(c.in))
			if err == nil || !strings.Contains(err.Error(), c.want) || kind != "spec file" && strings.Contains(err.Error(), "spec file") {
				t.Errorf("%s, %.20q…: %v; want %q", file, c.in, err, c.want)
			}
		}
	}
}
