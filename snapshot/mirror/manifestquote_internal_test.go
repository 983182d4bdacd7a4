package mirror

import (
	"strings"
	"testing"
)

// TestManifestFieldsQuotedApart (lead (c) of the pass over the loaders: a
// layout-v3 manifest of hostile media-type and checksum fields): the
// errors of a manifest's entry quoted its checksumAlgorithm whole (one of
// 500 bytes was an error of 500, of a MB one of a MB), and quoted each
// value as Go quotes a string, so that a lookalike read as the value it
// is not: an algorithm "shа256" (a Cyrillic а) "is not supported
// (cachediff verifies sha256)", a compression "gzіp" not gzip, a
// checksum of 64 a's, one Cyrillic, "is not 64 hex digits", and a media
// type ending "+jsоn" listed among the types of a manifest of no spec
// cachediff reads. A checksum in upper case, 64 hex digits, was said to
// be none. Each is quoted in ASCII, shortened, on one line.
func TestManifestFieldsQuotedApart(t *testing.T) {
	sum := strings.Repeat("a", 64)
	const okType = `"application/vnd.spack.spec.v5+json"`
	manifest := func(mediaType, compression, algorithm, checksum string) string {
		return `{"version":3,"data":[{"contentLength":10,"mediaType":` + mediaType + `,"compression":` + compression + `,"checksumAlgorithm":` + algorithm + `,"checksum":` + checksum + `}]}`
	}
	for _, c := range []struct{ name, manifest, want string }{
		{"long algorithm", manifest(okType, `"gzip"`, `"`+strings.Repeat("x", 500)+`"`, `"`+sum+`"`), `checksumAlgorithm "xxxx`},
		{"lookalike algorithm", manifest(okType, `"gzip"`, `"sh\u0430256"`, `"`+sum+`"`), `checksumAlgorithm "sh\u0430256" is not supported`},
		{"lookalike compression", manifest(okType, `"gz\u0456p"`, `"sha256"`, `"`+sum+`"`), `compression "gz\u0456p" is not supported`},
		{"lookalike checksum", manifest(okType, `"gzip"`, `"sha256"`, `"`+sum[1:]+`\u0430"`), `checksum "` + sum[1:] + `\u0430" is not 64 lower-case hex digits`},
		{"upper-case checksum", manifest(okType, `"gzip"`, `"sha256"`, `"`+strings.ToUpper(sum)+`"`), `is not 64 lower-case hex digits`},
		{"lookalike media type", manifest(`"application/vnd.spack.spec.v5+js\u043en"`, `"gzip"`, `"sha256"`, `"`+sum+`"`), `media types: "application/vnd.spack.spec.v5+js\u043en"`},
	} {
		m, err := DecodeManifest("m.json", []byte(c.manifest))
		if err == nil {
			_, _, err = m.pick("m.json", "spec", specMediaPrefix, 2, 6)
		}
		switch {
		case err == nil:
			t.Errorf("%s: read; want an error", c.name)
		case !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300 || strings.ContainsAny(err.Error(), "\n\u0430\u0456\u043e"):
			t.Errorf("%s: %q; want one line, in ASCII, of at most 300 bytes, holding %q", c.name, err, c.want)
		}
	}
}
