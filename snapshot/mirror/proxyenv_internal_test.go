package mirror

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestProxySettingUnparsedRefused (adversarial pass 93b): a proxy
// setting that does not parse as a URL (HTTPS_PROXY with "%zz" in it)
// net/http drops without a word, and connects directly: a user behind a
// company's proxy saw only a DNS error naming the mirror. The setting
// net/http would use for the mirror (upper case first, NO_PROXY and
// loopback honoured, HTTP_PROXY not in a CGI handler) is refused before
// any request, named, without its password.
func TestProxySettingUnparsedRefused(t *testing.T) {
	for _, v := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "REQUEST_METHOD"} {
		t.Setenv(v, "")
	}
	t.Setenv("HTTPS_PROXY", "http://alice:s3cret@proxy:80%zz")
	h := &HTTP{NoCache: true, Retries: -1, Total: 5 * time.Second}
	_, err := h.Open("https://mirror.invalid/", Options{})
	if err == nil || !strings.Contains(err.Error(), "HTTPS_PROXY") || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("HTTPS_PROXY=http://alice:s3cret@proxy:80%%zz: %v; want HTTPS_PROXY named as not parsing, without its password", err)
	}

	mirrorURL, _ := url.Parse("https://mirror.example/")
	plainURL, _ := url.Parse("http://mirror.example/")
	for _, c := range []struct {
		env    map[string]string
		u      *url.URL
		refuse string // the variable named, "" for none
	}{
		{map[string]string{"HTTPS_PROXY": "http://alice:s3cret@proxy:80%zz"}, mirrorURL, "HTTPS_PROXY"},
		{map[string]string{"https_proxy": "http://alice:s3cret@proxy host:80"}, mirrorURL, "https_proxy"},
		// Upper case first, when it is set.
		{map[string]string{"HTTPS_PROXY": "http://proxy:3128", "https_proxy": "http://a:b@proxy:80%zz"}, mirrorURL, ""},
		{map[string]string{"HTTPS_PROXY": "http://a:p#w@proxy:80"}, mirrorURL, "HTTPS_PROXY"},
		{map[string]string{"HTTPS_PROXY": "http://a:p/w@proxy:80"}, mirrorURL, "HTTPS_PROXY"},
		// Forms net/http reads.
		{map[string]string{"HTTPS_PROXY": "proxy:3128"}, mirrorURL, ""},
		{map[string]string{"HTTPS_PROXY": "[::1]:8080"}, mirrorURL, ""},
		{map[string]string{"HTTPS_PROXY": "socks5://a:p%40ss@[fe80::1]:1080"}, mirrorURL, ""},
		{map[string]string{"HTTPS_PROXY": "http://proxy:80x"}, mirrorURL, "HTTPS_PROXY"},
		// Not the mirror's scheme's, or not used for the mirror.
		{map[string]string{"HTTP_PROXY": "http://a:b@proxy:80%zz"}, mirrorURL, ""},
		{map[string]string{"HTTP_PROXY": "http://a:b@proxy:80%zz"}, plainURL, "HTTP_PROXY"},
		{map[string]string{"HTTP_PROXY": "http://a:b@proxy:80%zz", "REQUEST_METHOD": "GET"}, plainURL, ""},
		{map[string]string{"HTTPS_PROXY": "http://a:b@proxy:80%zz", "NO_PROXY": ".example"}, mirrorURL, ""},
		{map[string]string{"HTTPS_PROXY": "http://a:b@proxy:80%zz", "no_proxy": "*"}, mirrorURL, ""},
		{map[string]string{"HTTPS_PROXY": "http://a:b@proxy:80%zz"}, &url.URL{Scheme: "https", Host: "127.0.0.1:8443"}, ""},
	} {
		for _, v := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "REQUEST_METHOD"} {
			t.Setenv(v, c.env[v])
		}
		err := proxySettingError(c.u)
		switch {
		case c.refuse == "" && err != nil:
			t.Errorf("%v, %s: %v; want none", c.env, c.u, err)
		case c.refuse != "" && (err == nil || !strings.HasPrefix(err.Error(), c.refuse+" ")):
			t.Errorf("%v, %s: %v; want %s named", c.env, c.u, err, c.refuse)
		case err != nil && (strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "p#w") || strings.Contains(err.Error(), ":p")):
			t.Errorf("%v: %q shows the password", c.env, err)
		}
	}
}

// TestProxyEnvPrecedence pins proxySettingError's reading of the
// environment to net/http's own, which reads it once in a process (so
// in a process of its own here): of HTTPS_PROXY and https_proxy, and of
// NO_PROXY and no_proxy, the one it uses is the one checked.
// golang.org/x/net's httpproxy, since v0.5x, reads the lower case first,
// as a later Go's net/http may.
func TestProxyEnvPrecedence(t *testing.T) {
	if os.Getenv("CACHEDIFF_PROXY_ENV_HELPER") == "1" {
		u, _ := url.Parse("https://mirror.example/")
		p, err := http.ProxyFromEnvironment(&http.Request{URL: u})
		got := "direct"
		switch {
		case err != nil:
			got = "error " + err.Error()
		case p != nil:
			got = "proxy " + p.Host
		}
		probe := "direct"
		if name := envAny("HTTPS_PROXY", "https_proxy"); name != "" {
			q, _ := url.Parse(os.Getenv(name))
			probe = "proxy " + q.Host
			if proxySettingError(u) == nil {
				// A setting that parses is refused by none: asked with
				// one that does not, the answer is whether it is used.
				os.Setenv(name, "http://a:b@"+q.Host+"%zz")
				if proxySettingError(u) == nil {
					probe = "direct"
				}
			}
		}
		if got != probe {
			t.Fatalf("net/http: %s; proxySettingError reads the environment as: %s", got, probe)
		}
		return
	}
	for _, env := range [][]string{
		{"HTTPS_PROXY=http://upper.invalid:1", "https_proxy=http://lower.invalid:1"},
		{"HTTPS_PROXY=", "https_proxy=http://lower.invalid:1"},
		{"HTTPS_PROXY=http://upper.invalid:1", "NO_PROXY=other.example", "no_proxy=mirror.example"},
		{"HTTPS_PROXY=http://upper.invalid:1", "NO_PROXY=mirror.example", "no_proxy=other.example"},
		{"https_proxy=http://lower.invalid:1", "NO_PROXY=", "no_proxy=.example"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestProxyEnvPrecedence$")
		cmd.Env = []string{"CACHEDIFF_PROXY_ENV_HELPER=1"}
		for _, kv := range os.Environ() {
			if k, _, _ := strings.Cut(kv, "="); !strings.EqualFold(k, "https_proxy") && !strings.EqualFold(k, "no_proxy") && !strings.EqualFold(k, "http_proxy") && k != "REQUEST_METHOD" {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		cmd.Env = append(cmd.Env, env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v: %v\n%s", env, err, out)
		}
	}
}

// TestProxySettingCheckedAtRedirect (adversarial pass 94b): an http://
// mirror (the loopback's, reached directly) that redirects to https://:
// HTTPS_PROXY, which does not parse, was checked for no hop but the
// first, whose scheme is http, and net/http connected to the redirect's
// host directly, without a word. It is checked at each redirect
// followed, and refused naming the variable, without its password.
func TestProxySettingCheckedAtRedirect(t *testing.T) {
	for _, v := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "REQUEST_METHOD"} {
		t.Setenv(v, "")
	}
	t.Setenv("HTTPS_PROXY", "http://alice:s3cret@proxy:80%zz")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://mirror.invalid"+r.URL.Path, http.StatusFound)
	}))
	defer srv.Close()
	h := &HTTP{NoCache: true, Retries: -1, Total: 5 * time.Second}
	_, err := h.Open(srv.URL+"/mirror", Options{})
	if err == nil || !strings.Contains(err.Error(), "HTTPS_PROXY does not parse") || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("%v; want HTTPS_PROXY named as not parsing, without its password", err)
	}
}

// TestProxySettingQuotesNothing (adversarial pass 94b): url.Parse's
// errors quote the port, which is the password when the @ before the
// host is left out or percent-encoded
// ("http://alice:s3cret%40proxy:3128"): the check showed it, in the
// message that names the variable without its value.
func TestProxySettingQuotesNothing(t *testing.T) {
	for _, v := range []string{
		"http://alice:s3cret%40proxy:3128",
		"http://alice:s3cret",
		"alice:s3cret",
		"http://alice:s3cret@proxy:31 28",
		"http://s3cret%zz@",
		"http://[s3cret",
	} {
		err := proxyValueError(v)
		if err == nil {
			t.Errorf("%q: not refused", v)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), `"`) {
			t.Errorf("%q: %q quotes the value", v, err)
		}
	}
}

// TestProxySettingReadAsNetHTTP (adversarial pass 94b): what the check
// says of a value is what net/http does with it. "http:/proxy:3128"
// (one slash) net/http reads again after "http://", as the proxy
// http://http:, and the check, reading it so too, let it be;
// "proxy:3128/x://y" net/http reads as the proxy proxy:3128, and the
// check, seeing "://", refused it.
func TestProxySettingReadAsNetHTTP(t *testing.T) {
	for _, c := range []struct {
		v      string
		refuse bool
	}{
		{"http:/proxy:3128", true},
		{"HTTP:proxy:3128", true},
		{"socks5:proxy:1080", true},
		{"https:proxy", true},
		{"proxy:3128/x://y", false},
		{"proxy:3128", false},
		{"alice:s3cret@proxy:3128", false},
		{"HTTPS://proxy:3128/", false},
		{"socks5h://proxy:1080", false},
		{"http://alice:s3cret@proxy:3128", false},
	} {
		if err := proxyValueError(c.v); (err != nil) != c.refuse {
			t.Errorf("%q: %v; want refused: %v", c.v, err, c.refuse)
		}
	}
}

// TestProxySettingNamesTheCharacter (adversarial pass 95b): a password
// with a character its URL must percent-encode other than %, /, ? and #
// (a quote, a space, a backslash) was refused as holding "a % not
// followed by two hex digits, or a /, ? or # not percent-encoded",
// none of which it held. What is said covers it, without the password.
func TestProxySettingNamesTheCharacter(t *testing.T) {
	for _, v := range []string{`http://alice:s3"cret@proxy:3128`, `http://alice:s3 cret@proxy:3128`, `alice:s3\cret@proxy:3128`, "http://alice:s3{cret@proxy:3128"} {
		err := proxyValueError(v)
		if err == nil || !strings.Contains(err.Error(), "any but ASCII letters, digits and -._~!$&'()*+,;=:") || strings.Contains(err.Error(), "s3") {
			t.Errorf("%q: %v", v, err)
		}
	}
}

// TestProxySettingAtPastHost (adversarial pass 96b): a token or password
// with a /, ? or # not percent-encoded parses all the same when what
// comes before it makes a host ("http://s3cr/et@proxy:3128": the host
// s3cr; "http://alice:1234/x@proxy:3128": alice, port 1234). net/http
// then dials that host, its name sent to DNS and shown in the error
// (the proxy http://s3cr), and the check let it be: an @ past the host
// is the user information's, and refused as such.
func TestProxySettingAtPastHost(t *testing.T) {
	for _, v := range []string{
		"http://s3cr/et@proxy:3128",
		"http://s3cr?et@proxy:3128",
		"http://s3cr#et@proxy:3128",
		"s3cr/et@proxy:3128",
		"socks5://alice:1234/et@proxy:1080",
	} {
		err := proxyValueError(v)
		if err == nil || !strings.Contains(err.Error(), "in its user or password") || strings.Contains(err.Error(), "s3cr") || strings.Contains(err.Error(), "1234") {
			t.Errorf("%q: %v; want the user or password told, not shown", v, err)
		}
	}
	for _, v := range []string{"http://proxy:3128/", "http://alice:p%2Fw@proxy:3128", "http://alice@proxy:3128/x"} {
		if err := proxyValueError(v); err != nil {
			t.Errorf("%q: %v; want it read", v, err)
		}
	}
}
