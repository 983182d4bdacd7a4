package mirror

import (
	"strconv"
	"strings"
	"testing"
)

// TestMediaTypeExact: Spack picks a manifest's blob by the media type it
// writes, compared as a string (application/vnd.spack.db.v8+json), the
// first that matches. cachediff read the version with strconv.Atoi, so
// "db.v08+json" and "db.v+8+json" passed as version 8: an index manifest
// listing an old blob under such a type before the new blob under
// db.v8+json showed cachediff the old index, one Spack never reads. The
// number is now spelled as Spack spells it, or the entry is not of the
// type.
func TestMediaTypeExact(t *testing.T) {
	oldSum, newSum := strings.Repeat("aa", 32), strings.Repeat("bb", 32)
	for _, odd := range []string{"08", "+8", "008", "8 ", " 8", "-0"} {
		m := &Manifest{Version: ManifestVersion, Data: []Entry{
			{MediaType: indexMediaPrefix + odd + mediaSuffix, Checksum: oldSum, ChecksumAlgorithm: "sha256", Compression: "none"},
			{MediaType: indexMediaPrefix + "8" + mediaSuffix, Checksum: newSum, ChecksumAlgorithm: "sha256", Compression: "none"},
		}}
		e, _, err := m.pick("m", "index", indexMediaPrefix, 6, 9)
		if err != nil || e.Checksum != newSum {
			t.Errorf("media type %q: picked %+v, %v; Spack reads the blob of application/vnd.spack.db.v8+json", m.Data[0].MediaType, e, err)
		}
	}
	for _, v := range []string{"6", "9"} {
		if n, ok := mediaVersion(indexMediaPrefix+v+mediaSuffix, indexMediaPrefix); !ok || strconv.Itoa(n) != v {
			t.Errorf("mediaVersion(%s) = %d, %v", v, n, ok)
		}
	}
}
