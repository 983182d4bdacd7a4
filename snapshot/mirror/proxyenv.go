package mirror

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"

	"golang.org/x/net/http/httpproxy"
)

// proxySettingError returns an error when the proxy setting net/http
// would use for the mirror at u does not parse as a URL, else nil.
// net/http (httpproxy, which it vendors) drops a setting it cannot parse
// without a word, or reads it again after "http://" as another URL (a
// space in it: the host "http"), and a user behind a company's proxy
// then sees the mirror's DNS error, the connection made directly. The
// setting is the one net/http reads: HTTPS_PROXY, else https_proxy, for
// an https:// mirror; HTTP_PROXY, else http_proxy, for an http:// one,
// unless in a CGI handler (REQUEST_METHOD set), where net/http uses no
// HTTP_PROXY; none for a host NO_PROXY names, or the loopback. The value
// is never shown: it can hold a password.
func proxySettingError(u *url.URL) error {
	var name string
	switch u.Scheme {
	case "https":
		name = envAny("HTTPS_PROXY", "https_proxy")
	case "http":
		if os.Getenv("REQUEST_METHOD") != "" {
			return nil
		}
		name = envAny("HTTP_PROXY", "http_proxy")
	}
	if name == "" {
		return nil
	}
	wrong := proxyValueError(os.Getenv(name))
	if wrong == nil {
		return nil
	}
	// Whether the proxy is used for u at all, as net/http decides it
	// (NO_PROXY, the loopback): asked with a setting that parses.
	probe := httpproxy.Config{HTTPSProxy: "http://proxy.invalid", HTTPProxy: "http://proxy.invalid"}
	if no := envAny("NO_PROXY", "no_proxy"); no != "" {
		probe.NoProxy = os.Getenv(no)
	}
	if p, err := probe.ProxyFunc()(u); err != nil || p == nil {
		return nil
	}
	return fmt.Errorf("%s does not parse as a proxy's URL (%v): Go's net/http would ignore it, connecting to the mirror directly, or misread it, so it is refused; correct it (a password's @, :, %%, /, ?, # written %%40, %%3A, %%25, %%2F, %%3F, %%23) or unset it", name, wrong)
}

// envAny is the first of names that is set and not empty, as net/http
// reads a proxy's variables: the upper case first (Go 1.26's vendored
// httpproxy; golang.org/x/net's own FromEnvironment, since, reads the
// lower case first, and is not used for that reason), or "".
// TestProxyEnvPrecedence pins it to net/http's.
func envAny(names ...string) string {
	for _, n := range names {
		if os.Getenv(n) != "" {
			return n
		}
	}
	return ""
}

// proxyValueError says what is wrong with v, a proxy setting, as
// net/http reads it: a URL, or host[:port] ("proxy:3128"), read after
// "http://"; nil when it parses with a host. What it says holds nothing
// of the user information (the password) before the last @: when the
// value parses with that put in place of it, that is where the fault
// is.
func proxyValueError(v string) error {
	s := v
	if !hasScheme(v) {
		s = "http://" + v
	}
	const userFault = "in its user or password, before its last @: a % not followed by two hex digits, or a character not percent-encoded that must be: any but ASCII letters, digits and -._~!$&'()*+,;=: (a /, ?, #, space or quote)"
	scheme, rest, ok := strings.Cut(s, "://")
	if p, err := url.Parse(s); err == nil && p.Host != "" {
		// An @ past the host ("http://TOKEN/x@proxy:3128") is the user
		// information's, a /, ? or # in it not percent-encoded: what
		// comes before it, read as the host, would be dialled, sent to
		// DNS and shown.
		if i := strings.IndexAny(rest, "/?#"); ok && i >= 0 && strings.Contains(rest[i:], "@") {
			return errors.New(userFault)
		}
		return nil
	}
	if at := strings.LastIndex(rest, "@"); ok && at >= 0 {
		s = scheme + "://USER:PASSWORD" + rest[at:]
		if p, err := url.Parse(s); err == nil && p.Host != "" {
			return errors.New(userFault)
		}
	}
	p, err := url.Parse(s)
	switch {
	case err != nil:
		var escape url.EscapeError
		if errors.As(err, &escape) {
			return errors.New("a % not followed by two hex digits")
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // not the URL, quoted whole
		}
		// Nor the part of it the error quotes: a port, which is the
		// password when the @ before the host is left out or written
		// %40 ("http://alice:s3cret%40proxy:3128").
		return errors.New(unquoted(err.Error()))
	case p.Host == "":
		return errors.New("no host")
	}
	return nil
}

// hasScheme reports whether v, a proxy setting, begins with a scheme:
// one followed by "//" (net/http reads it as written, or, when it does
// not parse so, again after "http://", with the scheme for its host),
// or a proxy's scheme net/http knows ("http:/proxy:3128", which it
// reads again as the proxy http://http:). A "://" later ("proxy:3128/
// x://y") is no scheme: net/http reads it after "http://".
func hasScheme(v string) bool {
	scheme, rest, ok := strings.Cut(v, ":")
	if !ok || scheme == "" || !isLetter(scheme[0]) {
		return false
	}
	for i := 1; i < len(scheme); i++ {
		if c := scheme[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "socks5", "socks5h":
		return true
	}
	return strings.HasPrefix(rest, "//")
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// unquoted is msg, an error of url.Parse, without what it quotes
// ("invalid port \":s3cret\" after host": "invalid port after host").
func unquoted(msg string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			break
		}
		b.WriteString(strings.TrimRight(msg[:i], " "))
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			break // what is left is all quoted
		}
		msg = msg[i+len(q):]
	}
	return strings.TrimSpace(b.String())
}
