package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// realTree is a real catalogue snapshot on disk.
const realTree = "../../testdata/real/develop-2025-03-30"

// TestOpenKinds: Open tells standard input, a folder, a page file and
// git:REV:PATH apart, by the argument alone where its spelling says.
func TestOpenKinds(t *testing.T) {
	page := filepath.Join(realTree, "gcc-runtime", "specs.md")
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	from, err := Load("", StdinName, Options{Stdin: strings.NewReader(string(data))}, snapshot.Options{})
	if err != nil || len(from.Packages) != 1 || from.Packages[0].File() != StdinFile || from.Path != StdinName {
		t.Fatalf("Load(-): %v, %v; want one package from %s", from, err, StdinFile)
	}
	disk, err := Load("", page, Options{}, snapshot.Options{})
	if err != nil || disk.Specs() != from.Specs() {
		t.Fatalf("Load(%s): %v; want the %d specs of standard input", page, err, from.Specs())
	}
	tree, err := Load("", realTree, Options{}, snapshot.Options{})
	if err != nil || len(tree.Packages) < 2 || tree.Rev != "" {
		t.Fatalf("Load(%s): %v", realTree, err)
	}
	// An explicit path is never a revision, even with a colon in it.
	if _, err := Load("", "./HEAD:missing", Options{}, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "no such file or directory") || strings.Contains(err.Error(), "REV:PATH") {
		t.Errorf("Load(./HEAD:missing): %v; want no such file, not a revision", err)
	}
	if _, err := Load("", "git:nocolon", Options{}, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), "want git:REV:PATH") {
		t.Errorf("Load(git:nocolon): %v; want the spelling asked for", err)
	}
}

// TestGuesses: FromGit and RegularFile, which a command asks before
// opening, agree with what the argument is.
func TestGuesses(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a:b"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		arg     string
		fromGit bool
		file    bool
	}{
		{"git:HEAD:x", true, false},
		{"HEAD:missing", true, false},
		{"a:b", false, true},
		{"-", false, false},
		{".", false, false},
		{"missing", false, false},
	} {
		if got := FromGit(dir, c.arg); got != c.fromGit {
			t.Errorf("FromGit(%q) = %v, want %v", c.arg, got, c.fromGit)
		}
		if size, got := RegularFile(dir, c.arg); got != c.file || got && size != 1 {
			t.Errorf("RegularFile(%q) = %d, %v; want %v", c.arg, size, got, c.file)
		}
	}
}

// TestUnreadURLSchemes (the 47th adversarial pass, issue 35): a URL of a
// scheme cachediff does not fetch was tried as REV:PATH, and refused as
// "unknown revision s3" (or "no such file or directory, and not REV:PATH
// either" outside a repository), with the argument quoted raw: s3:// and
// oci://, the schemes of Spack's own mirrors, got no word that they are
// not read, and a misspelt https:// printed the URL's password, which a
// mirror URL never shows. It is refused as a URL, named redacted, with
// what to give instead.
func TestUnreadURLSchemes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ arg, want string }{
		{"s3://spack-binaries/develop", "HTTPS endpoint"},
		{"S3://spack-binaries/develop", "HTTPS endpoint"},
		{"oci://ghcr.io/spack/cache", "an OCI registry's URL"},
		{"htps://user:s3cret@mirror.example.org/cache", "scheme htps://"},
		{"ftp://user:s3cret@mirror.example.org/cache", "scheme ftp://"},
	} {
		_, err := Load(dir, c.arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "https://") || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Load(%q): %v; want an error naming the URL without its password, saying %q and what cachediff reads", c.arg, err, c.want)
		}
	}
	// On disk, such a name is a path, as any other.
	if err := os.MkdirAll(filepath.Join(dir, "s3:", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir, "s3://b", Options{}, snapshot.Options{}); err == nil || strings.Contains(err.Error(), "S3 URL") {
		t.Errorf("Load(s3://b) with s3:/b on disk: %v; want it read as a folder (one without pages)", err)
	}
}

// TestOneSlashURL (81st adversarial pass): a mirror URL with one slash
// after its scheme (https:/host/..., what cleaning a joined path makes of
// https://) was read as a path, then as REV:PATH, and the message quoted
// it raw: its token (?token=) and its password went to the log. It is
// named as a URL with one slash, without either.
func TestOneSlashURL(t *testing.T) {
	dir := t.TempDir()
	for _, arg := range []string{
		"https:/mirror.example.org/cache/?token=s3cret",
		"HTTP:/user:s3cret@mirror.example.org/cache",
		"https:/mirror.example.org/cache#s3cret",
	} {
		_, err := Load(dir, arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), "one slash") || !strings.Contains(err.Error(), "mirror.example.org/cache") || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Load(%q): %v; want it named a URL of one slash, without its token or password", arg, err)
		}
	}
}

// TestMistypedURL (82nd adversarial pass): a mirror URL mistyped
// otherwise than with one slash (no slash: https:host/...; backslashes:
// https:\\host\...; no colon: https//host/...) was read as REV:PATH or a
// path, and the message quoted it raw, token and password included:
// "loading https:user:s3cret@host/x: unknown revision https". It is
// named as a mistyped URL, without either, once git does not resolve it.
func TestMistypedURL(t *testing.T) {
	dir := t.TempDir()
	for _, arg := range []string{
		"https:user:s3cret@mirror.example.org/cache",
		"https:mirror.example.org/cache?token=s3cret",
		`https:\\mirror.example.org\cache?token=s3cret`,
		"https//user:s3cret@mirror.example.org/cache",
		"HTTPS//s3cret@mirror.example.org/cache",
		"http//mirror.example.org/cache#s3cret",
	} {
		_, err := Load(dir, arg, Options{}, snapshot.Options{})
		if err == nil || !strings.Contains(err.Error(), "https://HOST/PATH") || !strings.Contains(err.Error(), "mirror.example.org") || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Load(%q): %v; want it named a mistyped URL, without its token or password", arg, err)
		}
	}
	// A path on disk of such a name is read as one.
	if err := os.MkdirAll(filepath.Join(dir, "https:mirror"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir, "https:mirror", Options{}, snapshot.Options{}); err != nil && strings.Contains(err.Error(), "mistyped") {
		t.Errorf("Load(https:mirror) with https:mirror on disk: %v; want it read as a folder", err)
	}
}

// TestURLLikeArgNamedRedacted (83rd adversarial pass): an argument that
// is a mirror URL mistyped otherwise (a space before it, pasted from a
// YAML file; https;// for https://; git: before it) is neither on disk
// nor a revision, and the message quoted it whole, with its password or
// token. It is named without what comes before an @ after //, nor its
// query.
func TestURLLikeArgNamedRedacted(t *testing.T) {
	dir := t.TempDir()
	for _, arg := range []string{
		" https://user:s3cret@mirror.example.org/cache",
		"https;//user:s3cret@mirror.example.org/cache",
		"git:https://user:s3cret@mirror.example.org/cache",
		"https:///user:s3cret@mirror.example.org/cache",
		" https://mirror.example.org/cache?token=s3cret",
	} {
		_, err := Load(dir, arg, Options{}, snapshot.Options{})
		if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "mirror.example.org") {
			t.Errorf("Load(%q): %v; want it named without its password or token", arg, err)
		}
	}
}
