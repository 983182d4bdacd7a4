package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestLinkBaseSecretNotShown (adversarial pass 122a): a --link-base
// refused (one slash, no scheme) was quoted whole, password included;
// and one accepted with a user and password wrote them into every
// package link of the report (a pull request's comment, a feed). It is
// refused, named without them.
func TestLinkBaseSecretNotShown(t *testing.T) {
	for _, base := range []string{
		"https:/user:s3cret@cache.example.org/package/?name=",
		"user:s3cret@cache.example.org/package/?name=",
		"https://user:s3cret@cache.example.org/package/?name=",
		"https://ghp_s3cret@cache.example.org/package/?name=",
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--link-base", base, "../../testdata/spack-gen/old", "../../testdata/spack-gen/new"}, &stdout, &stderr)
		if code != exitTrouble || strings.Contains(stdout.String()+stderr.String(), "s3cret") || !strings.Contains(stderr.String(), "--link-base") {
			t.Errorf("--link-base %s: exit %d, stderr %q; want it refused, named without its password or token", base, code, stderr.String())
		}
	}
}
