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

// TestLinkBaseUnparsedNotQuoted (issue 35, class e): --link-base
// https://x/%zz said `--link-base "(a URL that does not parse)": want
// an http:// or https:// URL`, Redact's words in quotes, as if they
// were the value given. They are said as words; a URL that parses is
// quoted as before.
func TestLinkBaseUnparsedNotQuoted(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--link-base", "https://x/%zz", "a.md", "b.md"}, "cachediff: --link-base (a URL that does not parse): want an http:// or https:// URL")
	wantTrouble(t, []string{"--link-base", "ftp://x/", "a.md", "b.md"}, `cachediff: --link-base "ftp://x/": want an http:// or https:// URL`)
}
