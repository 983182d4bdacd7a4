package mirror

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/cachediff/cachediff/internal/atomicfile"
	"github.com/cachediff/cachediff/internal/linkword"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/dirsrc"
)

// HTTP fetches mirrors from URLs: https://, http:// and file://, the
// mirror roots `spack mirror add` takes. Its zero value is ready to use:
// net/http's transport, with the environment's proxy settings
// (HTTPS_PROXY, NO_PROXY) and TLS verification, and a cache in the user's
// cache folder.
//
// Downloads are cached by what names their content, so that a nightly
// run against an unchanged mirror downloads no blob: a v3 index blob by
// its checksum (verified on every read), build_cache/index.json by
// build_cache/index.json.hash, and a manifest by its ETag (asked again
// with If-None-Match: a 304 is the cached copy).
type HTTP struct {
	// Client makes the requests; nil: a client of its own (see HTTP).
	// A Client's own CheckRedirect replaces cachediff's redirect policy
	// (at most MaxRedirects, to http:// and https:// only, never from
	// https:// to http://); the Referer, and the Authorization header
	// on another host, are dropped whatever the policy, and a redirect
	// it refuses is told once, not tried again.
	Client *http.Client
	// CacheDir is the cache folder; "": os.UserCacheDir()/cachediff.
	CacheDir string
	// NoCache neither reads nor writes the cache.
	NoCache bool
	// Offline makes no request: what the cache lacks is an error.
	Offline bool
	// Timeout bounds each request, its body included; 0: no bound but
	// Stall's and Total's (a large index on a slow, steady link takes as
	// long as it takes).
	Timeout time.Duration
	// Stall and MinRate give up an answer that stalls: one that brings
	// fewer than MinRate bytes a second over Stall (its headers
	// included: no answer at all is a stall too), which is then tried
	// again as a broken connection is; 0: DefaultStall, DefaultMinRate.
	Stall   time.Duration
	MinRate int64
	// StallAfter, when set, is what the stall watchdog waits on for each
	// Stall, in place of time.After: a value on the channel it returns
	// is Stall gone by. It is asked for the first wait as a request
	// starts, and for each next once the last is checked. For tests,
	// which advance the time themselves.
	StallAfter func(time.Duration) <-chan time.Time
	// Total bounds the whole load of one mirror, retries included
	// (--download-timeout); 0: DefaultTotal.
	Total time.Duration
	// Retries is how many times a request that failed to connect, or got
	// a 5xx or a 429, is tried again, waiting Backoff, then twice as long
	// each time, or the Retry-After the server sent when longer (at most
	// MaxRetryAfter); 0: 3 (a negative number: none).
	Retries int
	// Backoff is the first wait before a retry; 0: half a second.
	Backoff time.Duration
	// MaxRetryAfter is the longest wait a 429 or 503's Retry-After is
	// honoured for; 0: DefaultMaxRetryAfter.
	MaxRetryAfter time.Duration
	// MaxRedirects bounds the redirects a request follows; 0: 10.
	MaxRedirects int
	// Progress, when set, is called as a download goes on: the file's
	// URL (without credentials), the bytes read, and the total (-1 when
	// unknown), and once more with done == total at its end, whether it
	// read whole or broke off.
	Progress func(name string, done, total int64)
	// Netrc is the .netrc file that gives credentials for a host the URL
	// gives none for; "": $NETRC, else ~/.netrc.
	Netrc string
	// Log, when set, is called for every request made, for tests:
	// method, URL path and status.
	Log func(method, path string, status int)
	// Retrying, when set, is told of each retry before its wait: the
	// file's URL (without credentials), why, the wait, and the attempt
	// it will be of how many, so that a run waiting on a mirror that
	// stalls (minutes, with Stall and the backoff) is seen to.
	Retrying func(msg string)
	// Warn, when set, is told once a mirror of what its cache could not
	// keep, which a later --offline run will not find: a cache folder
	// that cannot be written, or a file the server sent no ETag for
	// (a manifest is kept by its ETag only).
	Warn func(msg string)
}

// How long a download may take (HTTP's Stall, MinRate and Total): an
// answer that brings fewer than DefaultMinRate bytes a second over
// DefaultStall is given up, as curl's --speed-limit and --speed-time do,
// so that a server that answers nothing or drips a byte at a time holds a
// request for DefaultStall, not for ever; and the whole load of a mirror,
// retries included, is given up after DefaultTotal.
const (
	DefaultStall   = 30 * time.Second
	DefaultMinRate = 1024
	DefaultTotal   = 30 * time.Minute
)

// IsURL reports whether arg is a mirror URL.
func IsURL(arg string) bool {
	for _, s := range []string{"https://", "http://", "file://"} {
		if len(arg) >= len(s) && strings.EqualFold(arg[:len(s)], s) {
			return true
		}
	}
	return false
}

// Redact returns u without its password (and its query, which can hold a
// signed URL's token): what messages and reports show. A user name
// without a password is left out too: alone, it is the credential
// (https://TOKEN@host/, as access tokens are given), sent as the user
// name of Basic authentication.
func Redact(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(a URL that does not parse)"
	}
	p.RawQuery, p.Fragment = "", ""
	if p.Host == "" && p.User == nil {
		return redactNoHost(u)
	}
	if p.User != nil {
		// GitHub's https://TOKEN:x-oauth-basic@host/ gives the token as
		// the user name, beside a fixed word: that user name is the
		// credential too.
		if pass, _ := p.User.Password(); pass != "" && !strings.EqualFold(pass, "x-oauth-basic") {
			p.User = url.User(p.User.Username())
		} else {
			p.User = nil
		}
	}
	return p.String()
}

// redactNoHost is Redact of u, a URL with no host to net/url (three
// slashes, https:///user:TOKEN@host/x, or none, https:user:TOKEN@host):
// a user and password are then in its path or opaque part, the first
// part of which loses what comes before its last @.
func redactNoHost(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	i := strings.IndexByte(u, ':') + 1
	for i < len(u) && (u[i] == '/' || u[i] == '\\') {
		i++
	}
	end := strings.IndexAny(u[i:], "/\\")
	if end < 0 {
		end = len(u) - i
	}
	if at := strings.LastIndexByte(u[i:i+end], '@'); at >= 0 {
		return u[:i] + "…" + u[i+at+1:]
	}
	// A URL after a prefix of its own (git:HEAD:https://user:TOKEN@host/x):
	// the part after its // holds them.
	if j := strings.Index(u, "//"); j >= 0 {
		k := j + 2
		end := strings.IndexAny(u[k:], "/\\")
		if end < 0 {
			end = len(u) - k
		}
		if at := strings.LastIndexByte(u[k:k+end], '@'); at >= 0 {
			return u[:k] + "…" + u[k+at+1:]
		}
	}
	return u
}

// Open returns the source of the mirror at rawURL.
func (h *HTTP) Open(rawURL string, o Options) (*Source, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("not a URL")
	}
	if strings.EqualFold(u.Scheme, "file") {
		if u.Host != "" && u.Host != "localhost" {
			return nil, fmt.Errorf("file URL of host %s: only the local host's files can be read", quoteField(u.Host))
		}
		if u.Path == "" {
			// "file://$MIRROR" with MIRROR unset: not the working folder.
			return nil, errors.New("a file URL with no path: name the mirror's folder, file:///path/to/mirror")
		}
		// Read as the folder is read given as a path: one that is not
		// there, or a file, said so (not "no index" of a stat below a
		// file), and a mirror's folder holding what no mirror holds
		// refused (its pages would be dropped without a word).
		// The folder is named as the mirror's files name a path
		// (shownFull): raw, file:///tmp/v%D0%B0 was "no such folder:
		// /tmp/vа", read as /tmp/va, its а Cyrillic; under a file
		// (ENOTDIR), or of a name too long (ENAMETOOLONG), it was the
		// system's "not a directory", "file name too long".
		// A loop of links (ELOOP) was "too many levels of symbolic
		// links", the system's words, and a FIFO "a file" to give
		// alone, which it is not.
		fi, err := os.Stat(u.Path)
		switch {
		case errors.Is(err, syscall.ELOOP):
			return nil, fmt.Errorf("no such folder: %s: %s", shownFull(u.Path), dirsrc.LoopMessage(u.Path))
		case notThere(err):
			// A folder linked to nothing (a mirror moved, its link
			// left) was "no such folder" alone, as of a typo.
			if at, to, ok := snapshot.BrokenLinkOn(u.Path); ok && at == filepath.Clean(u.Path) {
				return nil, fmt.Errorf("no such folder: %s: a broken symbolic link (to %s), which leads to no folder", shownFull(u.Path), linkword.Shown(to))
			} else if ok {
				return nil, fmt.Errorf("no such folder: %s: its path leads through %s, a broken symbolic link (to %s), which leads to no folder", shownFull(u.Path), shownFull(at), linkword.Shown(to))
			}
			return nil, fmt.Errorf("no such folder: %s", shownFull(u.Path))
		case err != nil:
			return nil, pathErr(err)
		case fi.Mode().IsRegular():
			return nil, fmt.Errorf("%s is a file, not a mirror's folder: a file URL names the root of a mirror; give the file's path, without file://, to read it alone", shownFull(u.Path))
		case !fi.IsDir():
			return nil, fmt.Errorf("%s is %s, not a mirror's folder: a file URL names the root of a mirror", shownFull(u.Path), dirsrc.FileKind(fi.Mode()))
		}
		if layout := DirLayout(u.Path); layout != "" {
			if rel := DirNotMirrorContent(u.Path); rel != "" {
				return nil, errors.New(MixedMessage(layout, rel))
			}
		}
		return Open(namedDir{Dir(u.Path), Redact(rawURL)}, o)
	}
	if u.Host == "" {
		return nil, errors.New("a URL without a host")
	}
	if h.Client == nil && !h.Offline {
		// A proxy setting net/http would drop, before any request.
		if err := proxySettingError(u); err != nil {
			return nil, err
		}
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		if u.RawPath != "" {
			u.RawPath += "/"
		}
	}
	total := h.Total
	if total <= 0 {
		total = DefaultTotal
	}
	ctx, cancel := context.WithTimeoutCause(context.Background(), total,
		fmt.Errorf("the whole download's time, %s, is up (--download-timeout)", total))
	st := &httpStore{h: h, base: u, name: Redact(rawURL), ctx: ctx, cancel: cancel}
	if !h.NoCache {
		dir := h.CacheDir
		if dir == "" {
			if d, err := os.UserCacheDir(); err == nil {
				dir = filepath.Join(d, "cachediff")
			}
		}
		st.cache = dir
	}
	if h.Offline && st.cache == "" {
		return nil, errors.New("--offline needs the cache, and there is none (--no-cache, or no cache folder)")
	}
	return Open(st, o)
}

// namedDir is a folder named by the URL it was given as.
type namedDir struct {
	Dir
	name string
}

func (d namedDir) Name() string { return d.name }

// httpStore is a mirror at a URL.
type httpStore struct {
	h      *HTTP
	base   *url.URL // ends in /
	name   string
	cache  string // "": none
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	v2hash string // build_cache/index.json.hash, once read
	unkept bool   // Warn was told of a cache that cannot be written
	// undropped: Warn was told of a mark that cannot be removed (after
	// unkept too: an older run's answer --offline reads instead).
	undropped bool
	untagged  bool     // Warn was told of a file sent without an ETag
	netrc     string   // the .netrc file read for credentials, if any
	cacheRead []string // the files read from the cache
}

// readFiles are the files on disk read (Source.Files): the .netrc file,
// and the files read from the cache.
func (s *httpStore) readFiles() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	files := slices.Clone(s.cacheRead)
	if s.netrc != "" {
		files = append(files, s.netrc)
	}
	return files
}

func (s *httpStore) Name() string { return s.name }

// List cannot list a folder over HTTP.
func (s *httpStore) List(string) ([]string, error) { return nil, ErrNoListing }

// Get fetches rel, from the cache when it has it.
func (s *httpStore) Get(rel string, limit int64) ([]byte, error) { return s.get1(rel, limit, false) }

// Probe is Get of a file looked for, that the mirror is read without
// (build_cache/index.json.hash: beside a layout-v3 mirror,
// warnBothLayouts; a v2 mirror's, ignored where it cannot be read):
// asked for once, not tried again after a 5xx, a 429 or a stall (which
// would wait the backoff, and stalls, out of the whole download's time,
// and tell each retry), since an answer that does not give it fails
// nothing.
func (s *httpStore) Probe(rel string, limit int64) ([]byte, error) { return s.get1(rel, limit, true) }

// get1 is Get; once, Probe's.
func (s *httpStore) get1(rel string, limit int64, once bool) ([]byte, error) {
	if !under(rel) {
		return nil, fmt.Errorf("%s: not a path in the mirror", rel)
	}
	key, byContent := s.contentKey(rel)
	tagKey := "etag/" + hashOf(s.base.String()+rel)
	if byContent {
		if data, ok := s.cached(key, limit); ok {
			if !s.h.Offline {
				// Read, by this run, from what another mirror or a
				// run before kept: what an older run found at this
				// URL (gone, refused, too big, another index kept by
				// its ETag) is not for --offline to tell.
				s.remove(tagKey + ".404")
				s.remove(tagKey + ".403")
				s.remove(tagKey + ".over")
				s.remove(tagKey + ".tagged")
			}
			return data, nil
		}
	}
	var etag string
	var old []byte
	if !byContent {
		etag, old, _ = s.cachedTagged(tagKey, limit)
	} else if s.h.Offline {
		// An index its .hash does not name, kept by its ETag (below).
		_, old, _ = s.cachedTagged(tagKey, limit)
	}
	// A file over limit bytes is kept by none of its keys: remembered
	// so, with the limit, for --offline (index.json.hash, over 1 KiB, is
	// ignored with a warning, and an offline run reads it so too): over
	// that limit is over any smaller one. One mark, whatever the limit,
	// that the next answer replaces or removes.
	overKey := tagKey + ".over"
	if s.h.Offline {
		_, absent := s.cached(tagKey+".404", 0)
		_, refused := s.cached(tagKey+".403", 0)
		mark, _ := s.cached(overKey, 20)
		was, err := strconv.ParseInt(string(mark), 10, 64)
		over := err == nil && limit <= was
		switch {
		case old != nil:
			return s.got(rel, old), nil
		case over:
			return nil, fmt.Errorf("%s: %w of %d bytes, as the cache remembers", s.url(rel, true), ErrTooBig, limit)
		case absent:
			return nil, fmt.Errorf("%s: %w (HTTP 404, as the cache remembers)", s.url(rel, true), ErrNotFound)
		case refused:
			return nil, forbidden{fmt.Sprintf("%s: HTTP 403, as the cache remembers", s.url(rel, true))}
		case s.heldOver(key, tagKey, limit):
			return nil, fmt.Errorf("%s: %w of %d bytes, as the cache holds it", s.url(rel, true), ErrTooBig, limit)
		}
		return nil, fmt.Errorf("%s: not in the cache, and --offline makes no request%s", s.url(rel, true), s.offlineHint(tagKey))
	}
	data, newTag, err := s.fetch(rel, etag, limit, once)
	switch {
	case errors.Is(err, errNotModified):
		return s.got(rel, old), nil
	case errors.Is(err, ErrNotFound):
		// A blob or an index named by its content too: what a run
		// before kept of it is not what this one found.
		s.store(tagKey+".404", nil)  // for --offline: absent, not unknown
		s.remove(tagKey + ".tagged") // and no longer what it was
		s.remove(tagKey + ".403")
		s.remove(overKey)
		return nil, err
	case errors.Is(err, ErrForbidden):
		s.store(tagKey+".403", nil) // for --offline: a bucket's answer for a missing file
		s.remove(tagKey + ".tagged")
		s.remove(tagKey + ".404")
		s.remove(overKey)
		return nil, err
	case errors.Is(err, ErrTooBig):
		s.store(overKey, []byte(strconv.FormatInt(limit, 10))) // for --offline: as too big as it was (a blob too)
		s.remove(tagKey + ".tagged")
		s.remove(tagKey + ".404")
		s.remove(tagKey + ".403")
		return nil, err
	case err != nil:
		return nil, err
	}
	s.got(rel, data)
	switch {
	case byContent && s.verifies(key, data):
		s.store(key, data)
		s.remove(tagKey + ".tagged")
		s.remove(tagKey + ".untagged")
	case newTag != "" && len(newTag) <= maxETag && !strings.ContainsAny(newTag, "\r\n"):
		// When byContent, not what its name says (an index.json its
		// stale .hash does not name, read all the same): kept by its
		// ETag, so that an --offline run reads what this one did.
		s.storeTagged(tagKey, newTag, data)
		s.remove(tagKey + ".untagged")
	case byContent && rel != v2Index:
		// A blob not what its name says, which fails the run: what a
		// run before kept is not what this one read.
		s.remove(tagKey + ".tagged")
	default:
		// Not kept: remembered, for --offline to say why.
		s.store(tagKey+".untagged", nil)
		s.remove(tagKey + ".tagged")
		s.warnUntagged(rel)
	}
	s.remove(tagKey + ".404") // it is there now
	s.remove(tagKey + ".403")
	s.remove(overKey)
	return data, nil
}

// A file the cache keeps by its ETag is one cache file: the data's
// sha256 (64 hex digits), the ETag, a newline, the data. (Two files, the
// data and its ETag, written one after the other, could pair one
// version's ETag with another's data when a run stopped between them, or
// two ran at once: a 304 to that ETag would then give the wrong version.
// The sha256 tells an entry cut short or damaged, read as absent: a 304
// would give it as current.)
const maxETag = 1024

// tagHead is the most bytes before a cache file's data: the sha256, the
// ETag and its newline.
const tagHead = 64 + maxETag + 1

// cachedTagged returns the ETag and the data the cache keeps for key.
func (s *httpStore) cachedTagged(key string, limit int64) (string, []byte, bool) {
	file, ok := s.cached(key+".tagged", min(limit, math.MaxInt64-tagHead)+tagHead)
	if !ok || len(file) < 64 {
		return "", nil, false
	}
	sum, rest := file[:64], file[64:]
	tag, data, ok := bytes.Cut(rest, []byte("\n"))
	if !ok || len(tag) == 0 || len(tag) > maxETag || int64(len(data)) > limit || sha256Hex(data) != string(sum) {
		return "", nil, false
	}
	return string(tag), data, true
}

// heldOver reports whether the cache holds the file of key (its content
// key, or "") or of tagKey (by its ETag) over limit bytes: kept by a run
// with a larger --max-download than this --offline one's.
func (s *httpStore) heldOver(key, tagKey string, limit int64) bool {
	if key != "" {
		fi, err := os.Lstat(filepath.Join(s.cache, filepath.FromSlash(key)))
		if err == nil && fi.Mode().IsRegular() && fi.Size() > limit {
			return true
		}
	}
	p := filepath.Join(s.cache, filepath.FromSlash(tagKey+".tagged"))
	if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() || fi.Size() <= limit {
		return false
	}
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	head := make([]byte, tagHead)
	n, _ := io.ReadFull(f, head)
	i := bytes.IndexByte(head[:n], '\n')
	return i > 0 && fi.Size()-int64(i)-1 > limit
}

// storeTagged keeps data and its ETag under key, in one file written at
// once; an ETag that a line cannot hold is not kept.
func (s *httpStore) storeTagged(key, etag string, data []byte) {
	if len(etag) > maxETag || strings.ContainsAny(etag, "\r\n") {
		return
	}
	s.store(key+".tagged", []byte(sha256Hex(data)+etag+"\n"), data)
}

// warnUntagged tells HTTP.Warn, once, that rel came without an ETag (or
// one a line of the cache cannot hold), so that it was not kept.
func (s *httpStore) warnUntagged(rel string) {
	s.mu.Lock()
	// A cache that cannot be written keeps nothing, ETag or not: said
	// once, by warnUnkept.
	told := s.untagged || s.unkept || s.h.Warn == nil || s.cache == ""
	s.untagged = true
	s.mu.Unlock()
	if !told {
		s.h.Warn(fmt.Sprintf("%s: the server sent no ETag (or one too long to keep), so the download cache keeps nothing of it, and --offline will not find it (a manifest is kept by its ETag only)", s.url(rel, true)))
	}
}

// warnUnkept tells HTTP.Warn, once, that the cache folder cannot be
// written (err).
func (s *httpStore) warnUnkept(err error) {
	s.warnCache(&s.unkept, err, "what is downloaded is not kept, and --offline will not find it")
}

// warnCache tells Warn, once for each flag, that the cache cannot be
// written (err), and what follows from it.
func (s *httpStore) warnCache(flag *bool, err error, follows string) {
	s.mu.Lock()
	told := *flag || s.h.Warn == nil
	*flag = true
	s.mu.Unlock()
	if !told {
		s.h.Warn(fmt.Sprintf("the download cache %s cannot be written (%v): %s", s.cache, pathErr(err), follows))
	}
}

// pathErr is the cause of err without the path a *fs.PathError names (a
// temporary file's random name): the same for every file of a folder.
func pathErr(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// offlineHint says why the cache lacks the file of tagKey, for
// --offline's error: the server sent no ETag
// for it, or the cache folder is missing or cannot be written; else
// where the cache is.
func (s *httpStore) offlineHint(tagKey string) string {
	if _, ok := s.cached(tagKey+".untagged", 0); ok {
		return ": when it was last downloaded, the server sent no ETag for it, and a manifest is kept by its ETag only"
	}
	fi, err := os.Stat(s.cache)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// Could a run have made it? Its nearest folder that is there
		// says.
		dir := filepath.Dir(s.cache)
		for {
			if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
				break
			}
			dir = filepath.Dir(dir)
		}
		if err := canWrite(dir); err != nil {
			return fmt.Sprintf(": the download cache %s does not exist, and cannot be made (%s: %v), so no run could keep it", s.cache, dir, err)
		}
		return fmt.Sprintf(": the download cache %s does not exist (no run kept a download there)", s.cache)
	case err == nil && !fi.IsDir():
		return fmt.Sprintf(": the download cache %s is not a folder", s.cache)
	case err != nil:
		return fmt.Sprintf(": the download cache %s cannot be read (%v)", s.cache, pathErr(err))
	}
	if err := canWrite(s.cache); err != nil {
		return fmt.Sprintf(": the download cache %s cannot be written (%v), so no run could keep it", s.cache, err)
	}
	return fmt.Sprintf(" (the download cache is %s)", s.cache)
}

// canWrite reports, by making a file there and removing it, whether a
// file can be made in the folder dir: the error's cause, or nil.
func canWrite(dir string) error {
	f, err := atomicfile.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return pathErr(err)
	}
	f.Close()
	os.Remove(f.Name())
	atomicfile.Release(f.Name())
	return nil
}

// removeMark and createTemp are os.Remove and atomicfile.CreateTemp;
// tests make a cache that cannot be written.
var (
	removeMark = os.Remove
	createTemp = atomicfile.CreateTemp
)

// remove deletes the cache file of key, if any.
func (s *httpStore) remove(key string) {
	if s.cache == "" {
		return
	}
	// One that stays tells --offline what an older run found: said, as
	// a file that cannot be kept is. Only a file that is there: a
	// read-only file system refuses to remove what is not there too
	// (EROFS), and --offline reads no folder in a mark's place. What
	// --offline reads (Dir.Get): a link inside the cache is followed.
	p := filepath.Join(s.cache, filepath.FromSlash(key))
	if err := removeMark(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		if fi, serr := os.Stat(p); serr == nil && fi.Mode().IsRegular() && Dir(s.cache).inside(key, p) == nil {
			s.warnCache(&s.undropped, err, "what an older run kept there cannot be dropped, and --offline may read that rather than what this run read")
		}
	}
}

// got notes what a file read tells of the others (the v2 index's hash
// names the index) and returns data.
func (s *httpStore) got(rel string, data []byte) []byte {
	if rel == v2IndexHash {
		s.mu.Lock()
		s.v2hash, _ = v2HashOf(data)
		s.mu.Unlock()
	}
	return data
}

// contentKey returns the cache key of a file named by its content: a
// blob (its checksum is its name), or build_cache/index.json once its
// .hash is known.
func (s *httpStore) contentKey(rel string) (string, bool) {
	if s.cache == "" {
		return "", false
	}
	if strings.HasPrefix(rel, "blobs/sha256/") && isHex64(rel[strings.LastIndexByte(rel, '/')+1:]) {
		return "blobs/sha256/" + rel[strings.LastIndexByte(rel, '/')+1:], true
	}
	if rel == v2Index {
		s.mu.Lock()
		h := s.v2hash
		s.mu.Unlock()
		if isHex64(h) {
			return "v2/" + h, true
		}
	}
	return "", false
}

// verifies reports whether data is what its content key names.
func (s *httpStore) verifies(key string, data []byte) bool {
	sum := sha256.Sum256(data)
	return strings.HasSuffix(key, "/"+hex.EncodeToString(sum[:]))
}

func hashOf(s string) string { return sha256Hex([]byte(s)) }

// sha256Hex is the sha256 of data in lower-case hex, as Spack and
// mirrors name content.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// cached returns the cached file of key.
func (s *httpStore) cached(key string, limit int64) ([]byte, bool) {
	if s.cache == "" {
		return nil, false
	}
	data, err := Dir(s.cache).Get(key, limit)
	if err != nil {
		return nil, false
	}
	s.mu.Lock()
	s.cacheRead = append(s.cacheRead, Dir(s.cache).path(key))
	s.mu.Unlock()
	if strings.HasPrefix(key, "blobs/") || strings.HasPrefix(key, "v2/") {
		if !s.verifies(key, data) {
			return nil, false // damaged: fetched again
		}
	}
	return data, true
}

// store writes the cache file of key, the parts one after the other,
// atomically; a cache that cannot be written is no error (the next run
// downloads again).
func (s *httpStore) store(key string, parts ...[]byte) {
	if s.cache == "" {
		return
	}
	p := filepath.Join(s.cache, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		s.warnUnkept(err)
		return
	}
	// Made through atomicfile, which a signal's handler has remove it
	// (os.CreateTemp's would be left in the cache for good).
	f, err := createTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		s.warnUnkept(err)
		return
	}
	var werr error
	for _, data := range parts {
		if _, err := f.Write(data); err != nil && werr == nil {
			werr = err
		}
	}
	cerr := f.Close()
	rerr := cmp.Or(werr, cerr)
	if rerr == nil {
		rerr = os.Rename(f.Name(), p)
	}
	if rerr != nil {
		os.Remove(f.Name())
		s.warnUnkept(rerr)
	}
	atomicfile.Release(f.Name()) // after the rename: until then a signal removes it
}

// url is the URL of rel; redacted for messages, and cut past
// snapshot.MaxPathShown bytes (shownURL).
func (s *httpStore) url(rel string, redacted bool) string {
	u := s.base.ResolveReference(&url.URL{Path: rel})
	// The mirror URL's query (a token: ?token=...) goes with every file's
	// request, as it went with the root's.
	u.RawQuery = s.base.RawQuery
	if redacted {
		return shownURL(Redact(u.String()))
	}
	return u.String()
}

// shownURL is u, a URL a message names, cut past snapshot.MaxPathShown
// bytes as a path is (snapshot.CutShown: its head and its tail, with the file's
// name, about the cut's mark). Whole, a file of a mirror whose URL is
// 28 KB was named in 28 KB, past the command's line cap of 8 KB, which
// cut the message before what was wrong.
// Each %-escape is kept whole or left out (CutShown).
func shownURL(u string) string {
	return snapshot.CutShown(u, snapshot.MaxPathShown, func(s string) string { return s })
}

// urlOf is the URL the errors of Get name rel by (urlNamed).
func (s *httpStore) urlOf(rel string) string { return s.url(rel, true) }

var errNotModified = errors.New("not modified")

// retryable is an error worth another try: a connection that failed or
// broke, a server error, or a rate limit (429); after is the wait the
// server asked for (Retry-After), if any.
type retryable struct {
	err   error
	after time.Duration
}

// DefaultMaxRetryAfter is the longest Retry-After honoured (HTTP's
// MaxRetryAfter): a server that asks for longer is tried again after it,
// and the retries' count still bounds how long a run waits.
const DefaultMaxRetryAfter = 5 * time.Second

// retryAfter is the wait a Retry-After header value asks for (seconds,
// or an HTTP date), at most most; 0 when there is none or it is not one.
func retryAfter(v string, now time.Time, most time.Duration) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.ParseUint(v, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		if n > uint64(most/time.Second) {
			return most
		}
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return max(0, min(d, most))
}

func (e retryable) Error() string { return e.err.Error() }
func (e retryable) Unwrap() error { return e.err }

// fetch GETs rel, retrying what is worth it (not once), with
// If-None-Match etag.
func (s *httpStore) fetch(rel, etag string, limit int64, once bool) ([]byte, string, error) {
	retries := s.h.Retries
	if retries == 0 {
		retries = 3
	}
	if once {
		retries = -1
	}
	wait := s.h.Backoff
	if wait <= 0 {
		wait = 500 * time.Millisecond
	}
	for try := 0; ; try++ {
		data, tag, err := s.get(rel, etag, limit)
		var r retryable
		if err != nil && errors.As(err, &r) && try < retries && s.ctx.Err() != nil {
			// Not tried again for the whole download's time (or a
			// signal), which ran out as this try failed: that is the
			// cause, as when it runs out in the wait below; the try's
			// own failure ("HTTP 503", "no answer for 30s") named a
			// fault that another try would have outlived.
			return nil, "", fmt.Errorf("%s: %w", s.url(rel, true), context.Cause(s.ctx))
		}
		if err == nil || !errors.As(err, &r) || try >= retries {
			if err != nil && errors.As(err, &r) && try > 0 {
				err = fmt.Errorf("%w (tried %d times)", err, try+1)
			}
			return data, tag, err
		}
		if s.h.Retrying != nil {
			name := s.url(rel, true)
			s.h.Retrying(fmt.Sprintf("%q: %s; trying again in %s (attempt %d of %d)", name, strings.TrimPrefix(err.Error(), name+": "), max(wait, r.after), try+2, retries+1))
		}
		select {
		case <-time.After(max(wait, r.after)):
		case <-s.ctx.Done():
			return nil, "", fmt.Errorf("%s: %w", s.url(rel, true), context.Cause(s.ctx))
		}
		wait *= 2
	}
}

// lasting reports whether err, of a request that got no answer, would
// be the same again: a certificate that is not trusted, or not the
// host's, a host name that does not exist, an address that is none (a
// proxy's port 99999), a server that does not speak TLS at an
// https:// URL (it answered in plain HTTP, or in another protocol), or
// net/http's refusal of HTTP_PROXY in a CGI handler.
// Retried, it only delays the error, and "(tried 4 times)" tells of a
// passing fault.
func lasting(err error) bool {
	var verify *tls.CertificateVerificationError
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	if errors.As(err, &verify) || errors.As(err, &unknown) || errors.As(err, &host) || errors.As(err, &invalid) ||
		errors.Is(err, http.ErrSchemeMismatch) || errors.As(err, &record) {
		return true
	}
	var addr *net.AddrError // "invalid port", "missing port in address"
	if errors.As(err, &addr) {
		return true
	}
	if strings.HasPrefix(err.Error(), "refusing to use HTTP_PROXY value in CGI environment") {
		// net/http's (httpproxy's, unexported) refusal of HTTP_PROXY in a
		// CGI handler (REQUEST_METHOD set), for an http:// URL.
		return true
	}
	var dns *net.DNSError
	return errors.As(err, &dns) && dns.IsNotFound
}

// malformedAnswer is the words of err, when it is net/http's refusal of
// an answer that is no HTTP (a header line it does not read, a status
// line, or another protocol's greeting: an SSH server at the URL's
// port), the value it quotes cut to maxMalformedShown bytes (quoted in
// ASCII, snapshot.CutShown). Such an answer was tried 4 times, as a
// connection that broke is, though the same server answers so again;
// and a header line of 100 KB, quoted whole, ran each notice and the
// error past the command's line cap of 8 KB, which cut "(tried 4
// times)" and what to do off.
func malformedAnswer(err error) (string, bool) {
	var pe textproto.ProtocolError
	msg := err.Error()
	if errors.As(err, &pe) {
		msg = string(pe)
	} else if i := strings.Index(msg, "malformed HTTP "); i >= 0 {
		msg = msg[i:]
	} else {
		return "", false
	}
	if i := strings.IndexByte(msg, '"'); i >= 0 {
		if raw, err := strconv.Unquote(msg[i:]); err == nil {
			return msg[:i] + snapshot.CutShown(raw, maxMalformedShown, strconv.QuoteToASCII), true
		}
	}
	return shorten(msg), true
}

// headersOver is the bound net/http gives, when err is its refusal of
// an answer whose headers are longer (its MaxResponseHeaderBytes).
func headersOver(err error) (string, bool) {
	const said = "server response headers exceeded "
	msg := err.Error()
	i := strings.Index(msg, said)
	if i < 0 {
		return "", false
	}
	n, _, ok := strings.Cut(msg[i+len(said):], " bytes")
	if _, err := strconv.ParseInt(n, 10, 64); !ok || err != nil {
		return "", false
	}
	return n, true
}

// maxMalformedShown bounds the value a malformed answer's message quotes.
const maxMalformedShown = 256

// proxyRefusal returns the status code a proxy answered CONNECT with,
// the proxy's URL, redacted, and its reason phrase, when err, of req
// made with c, is such an answer: net/http gives it as the reason
// phrase alone ("Forbidden", "Bad Gateway"), which would read as the
// mirror's. transport's onProxyConnect keeps the code itself; for a
// Client of its own, the phrase is matched against net/http's
// (http.StatusText), which a proxy's own wording does not match. It
// returns "" when err is not one, or req went through no proxy.
func proxyRefusal(c *http.Client, req *http.Request, err error) (int, string, string) {
	var answer *proxyAnswer
	if errors.As(err, &answer) {
		return answer.code, answer.proxy, answer.reason
	}
	if req.URL.Scheme != "https" || errors.Unwrap(err) != nil {
		return 0, "", ""
	}
	code := 0
	for k := 100; k < 600 && code == 0; k++ {
		if t := http.StatusText(k); t != "" && t == err.Error() {
			code = k
		}
	}
	proxy := proxyFor(c, req)
	if code == 0 || proxy == "" {
		return 0, "", ""
	}
	return code, proxy, http.StatusText(code)
}

// proxyFor returns the URL, redacted, of the proxy that c sends req
// through, or "" for none (or a transport that does not say).
func proxyFor(c *http.Client, req *http.Request) string {
	t, ok := c.Transport.(*http.Transport)
	if c.Transport == nil {
		t, ok = http.DefaultTransport.(*http.Transport)
	}
	if !ok || t.Proxy == nil {
		return ""
	}
	u, err := t.Proxy(req)
	if err != nil || u == nil {
		return ""
	}
	return redactProxy(u)
}

// redactProxy is a proxy's URL for messages: its scheme, user and host,
// redacted. Not its path, which no proxy's URL needs, and which holds
// the password of an HTTPS_PROXY that does not parse as a URL (a space
// in it), read again by net/http after "http://": the host "http", and
// the path "//alice:PASSWORD@proxy%20host:8080".
func redactProxy(u *url.URL) string {
	return Redact((&url.URL{Scheme: u.Scheme, User: u.User, Host: u.Host}).String())
}

// speaksHTTP reports whether proxy, as proxyFor names it, is an HTTP
// proxy (http:// or https://), which can answer a request itself, and
// not a SOCKS one, or none.
func speaksHTTP(proxy string) bool {
	return strings.HasPrefix(proxy, "http://") || strings.HasPrefix(proxy, "https://")
}

// proxyAuthAdvice is what a proxy's 407 is told with: the proxy's URL
// with a user and password, in variable (HTTPS_PROXY for an https://
// mirror, HTTP_PROXY for an http:// one), in the proxy's own scheme: to
// an https:// proxy, http:// would send the password in the clear.
func proxyAuthAdvice(proxy, variable string) string {
	scheme := "http"
	if strings.HasPrefix(proxy, "https://") {
		scheme = "https"
	}
	return fmt.Sprintf(" (it wants a user and password it accepts, in its URL: %s=%s://USER:PASSWORD@HOST:PORT)", variable, scheme)
}

// proxyAnswer is a proxy's answer other than 200 to CONNECT, as
// onProxyConnect has it: net/http's error is the reason phrase alone,
// which a proxy can word as it likes ("407 authenticationrequired") or
// make long, while the code is what tells a refusal from a passing
// fault.
type proxyAnswer struct {
	code   int
	proxy  string // its URL, redacted
	reason string // shortened
	after  string // its Retry-After, as it came (a 429, a 503)
}

func (a *proxyAnswer) Error() string {
	return fmt.Sprintf("the proxy %s answered HTTP %d %s", a.proxy, a.code, a.reason)
}

// onProxyConnect is transport's OnProxyConnectResponse: an answer
// other than 200 is a proxyAnswer, with its code and the proxy that
// gave it (the one of the request that failed, after a redirect too).
func onProxyConnect(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	_, reason, _ := strings.Cut(resp.Status, " ")
	return &proxyAnswer{code: resp.StatusCode, proxy: redactProxy(proxy), reason: shorten(reason), after: resp.Header.Get("Retry-After")}
}

// trustHint says how to trust the authority of err, a certificate
// signed by one the system does not trust (a company's own, a
// TLS-inspecting proxy's), where Go reads the system's roots from
// files; else "". Go reads SSL_CERT_FILE in place of the system's
// bundle, but the system's folders (/etc/ssl/certs) still, unless
// SSL_CERT_DIR names others: the file is said to hold the system's
// bundle too, which is right either way, and not to replace it. Set
// already, the file it names is the one to add to.
func trustHint(err error) string {
	var unknown x509.UnknownAuthorityError
	if !errors.As(err, &unknown) || runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "windows" {
		return ""
	}
	if f := os.Getenv("SSL_CERT_FILE"); f != "" {
		// A file to add to, if it is one: not one that is not there, nor
		// /dev/null (Go reads neither, and no system's bundle then).
		if fi, err := os.Stat(f); err != nil || !fi.Mode().IsRegular() {
			return fmt.Sprintf(" (SSL_CERT_FILE=%s names no file: to trust an authority of your own, such as a company's proxy's, put its PEM certificate and the system's bundle in one file and name it in SSL_CERT_FILE)", quoteField(f))
		}
		return fmt.Sprintf(" (to trust an authority of your own, such as a company's proxy's, add its PEM certificate to the file SSL_CERT_FILE=%s names)", quoteField(f))
	}
	return " (to trust an authority of your own, such as a company's proxy's, put its PEM certificate and the system's bundle in one file and name it in SSL_CERT_FILE=FILE)"
}

// maxRetryAfter is the longest Retry-After honoured: HTTP.MaxRetryAfter,
// or DefaultMaxRetryAfter.
func (s *httpStore) maxRetryAfter() time.Duration {
	if most := s.h.MaxRetryAfter; most > 0 {
		return most
	}
	return DefaultMaxRetryAfter
}

// get makes one request.
func (s *httpStore) get(rel, etag string, limit int64) ([]byte, string, error) {
	ctx, cancel := context.WithCancelCause(s.ctx)
	defer cancel(nil)
	if t := s.h.Timeout; t > 0 {
		var stop context.CancelFunc
		ctx, stop = context.WithTimeoutCause(ctx, t, fmt.Errorf("no whole answer within %s", t))
		defer stop()
	}
	w := s.watch(cancel)
	defer w.stop()
	name := s.url(rel, true)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url(rel, false), nil)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %v", name, err)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	// Asked for by name, gzip is not inflated by net/http (which would
	// inflate it past any bound on its ratio), but here (gunzip).
	req.Header.Set("Accept-Encoding", "gzip")
	if s.base.User == nil {
		if p := netrcPath(s.h.Netrc); p != "" {
			s.mu.Lock()
			s.netrc = p // read by name (readFiles)
			s.mu.Unlock()
			if user, pass, ok := netrcLogin(p, s.base.Hostname()); ok {
				req.SetBasicAuth(user, pass)
			}
		}
	}
	// Whether a connection was had: a request that failed without one
	// through a proxy failed at the proxy, or past it (CONNECT, TLS).
	// Per hop: after a redirect, the hop that failed is the last one
	// followed, and its proxy (if any) is its own, not the first hop's.
	var connected atomic.Bool
	var hop atomic.Pointer[http.Request]
	hop.Store(req)
	req = req.WithContext(httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) { connected.Store(true) }}))
	c := s.client()
	policy := c.CheckRedirect
	c.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		if err := policy(next, via); err != nil {
			if err == http.ErrUseLastResponse || errors.Is(err, errRedirect) || errors.Is(err, errTooManyRedirects) {
				return err
			}
			// A Client of one's own that refuses the redirect decided
			// so: the same again, not a fault to try 4 times.
			return fmt.Errorf("%w to %s: %w", errRedirect, Redact(next.URL.String()), err)
		}
		hop.Store(next)
		connected.Store(false)
		return nil
	}
	resp, err := c.Do(req)
	if err != nil {
		last := hop.Load()
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is named once, redacted
		}
		if ctx.Err() != nil {
			err = context.Cause(ctx) // why it was given up, not "context canceled"
		}
		if errors.Is(err, errTooManyRedirects) || errors.Is(err, errRedirect) {
			return nil, "", fmt.Errorf("%s: %v", name, err)
		}
		if strings.HasPrefix(err.Error(), "failed to parse Location header") {
			// net/http's error quotes the Location whole, and its query
			// can be a signed URL's signature or a token.
			return nil, "", fmt.Errorf("%s: %w to a Location that does not parse as a URL (not shown: it may hold a token); the mirror, or a proxy before it, is misconfigured", name, errRedirect)
		}
		if code, proxy, reason := proxyRefusal(c, last, err); proxy != "" {
			var answer *proxyAnswer
			errors.As(err, &answer) // nil for a Client of one's own
			// An answer without a reason ("HTTP/1.1 407") in the code's
			// own words.
			if strings.TrimSpace(reason) == "" {
				reason = http.StatusText(code)
			}
			err = fmt.Errorf("%s: the proxy %s did not open the connection to the mirror: %s", name, proxy, strings.TrimSpace(fmt.Sprintf("HTTP %d %s", code, reason)))
			if code == http.StatusProxyAuthRequired {
				err = fmt.Errorf("%w%s", err, proxyAuthAdvice(proxy, "HTTPS_PROXY"))
			}
			if code < 500 && code != http.StatusTooManyRequests { // 403, 407: the same again
				return nil, "", err
			}
			// A proxy that limits its rate asks for a wait as a
			// mirror does (usage.md: at least the Retry-After).
			if answer == nil {
				return nil, "", retryable{err: err}
			}
			return nil, "", retryable{err, retryAfter(answer.after, time.Now(), s.maxRetryAfter())}
		}
		via := "" // a proxy's answer that is no HTTP, or none, was told as the mirror's
		if proxy := proxyFor(c, last); proxy != "" && !connected.Load() {
			via = " (connecting through the proxy " + proxy + ")"
		}
		if m, ok := malformedAnswer(err); ok {
			return nil, "", fmt.Errorf("%s: an answer that is not well-formed HTTP (%s)%s: not tried again, as the same answer would come again", name, m, via)
		}
		if n, ok := headersOver(err); ok {
			// The same answer again, as a malformed one: it was asked
			// for 4 times, 1 MB of headers each, each notice saying
			// the connection broke.
			return nil, "", fmt.Errorf("%s: an answer whose headers are over %s bytes, more than cachediff reads%s: not tried again, as the same answer would come again", name, n, via)
		}
		if lasting(err) {
			return nil, "", fmt.Errorf("%s: %v%s%s", name, err, via, trustHint(err))
		}
		return nil, "", retryable{err: fmt.Errorf("%s: %v%s", name, err, via)}
	}
	defer func() {
		if resp.StatusCode != http.StatusOK {
			drain(resp.Body, cancel)
		}
		resp.Body.Close()
	}()
	w.headers.Store(true)
	if s.h.Log != nil {
		s.h.Log(http.MethodGet, req.URL.Path, resp.StatusCode)
	}
	switch {
	case resp.StatusCode == http.StatusNotModified && etag != "":
		return nil, "", errNotModified
	case resp.StatusCode == http.StatusNotFound:
		err := fmt.Errorf("%s: %w (HTTP 404)", name, ErrNotFound)
		if last := resp.Request; last != nil && !strings.EqualFold(last.URL.Hostname(), req.URL.Hostname()) {
			return nil, "", redirectedAway{err, last.URL.Hostname()}
		}
		return nil, "", err
	case resp.StatusCode == http.StatusForbidden:
		return nil, "", forbidden{fmt.Sprintf("%s: HTTP %s", name, shorten(resp.Status))}
	case resp.StatusCode == http.StatusUnauthorized:
		return nil, "", fmt.Errorf("%s: HTTP %s: %s", name, shorten(resp.Status), s.credentialsHint(req, resp.Request))
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return nil, "", retryable{fmt.Errorf("%s: HTTP %s", name, shorten(resp.Status)), retryAfter(resp.Header.Get("Retry-After"), time.Now(), s.maxRetryAfter())}
	case resp.StatusCode == http.StatusProxyAuthRequired && resp.Request.URL.Scheme == "http" && speaksHTTP(proxyFor(c, resp.Request)):
		// A proxy's own answer to an http:// mirror's request (no
		// CONNECT), told as an https:// mirror's is: the proxy of the
		// request answered, after a redirect too (from a host NO_PROXY
		// names to one it does not, or back). Not an https:// URL's:
		// its proxy's 407 is to CONNECT (proxyRefusal), and one in the
		// tunnel is the mirror's (or a TLS-inspecting proxy's), which
		// HTTP_PROXY would not change. Nor one through a SOCKS proxy,
		// which speaks no HTTP: the mirror's.
		proxy := proxyFor(c, resp.Request)
		return nil, "", fmt.Errorf("%s: the proxy %s answered HTTP %s%s", name, proxy, shorten(resp.Status), proxyAuthAdvice(proxy, "HTTP_PROXY"))
	case resp.StatusCode != http.StatusOK:
		return nil, "", fmt.Errorf("%s: HTTP %s", name, shorten(resp.Status))
	}
	// limit bounds the file, once inflated: gzip'd for the wire (a blob
	// stored gzip'd, compressed again), it may come a little longer
	// than it is (gzipBound).
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	wireLimit := limit
	if enc == "gzip" || enc == "x-gzip" {
		wireLimit = gzipBound(limit)
	}
	if resp.ContentLength > wireLimit {
		return nil, "", fmt.Errorf("%s: %d bytes, %w of %d", name, resp.ContentLength, ErrTooBig, limit)
	}
	var body io.Reader = &countReader{r: resp.Body, n: &w.n}
	if p := s.h.Progress; p != nil {
		pr := &progressReader{r: body, name: name, total: resp.ContentLength, report: p}
		body = pr
		defer pr.end()
	}
	// The buffer grows toward the length announced as the bytes arrive,
	// never ahead of them by more than 4 times: a length that lies (3 GB
	// announced, a few bytes sent) is no allocation of 3 GB, which a
	// memory limit (ulimit -v) or a 32-bit build dies of.
	data, err := readAllToward(body, make([]byte, 0, min(max(0, min(resp.ContentLength, wireLimit)), 64<<10)+1), wireLimit, resp.ContentLength)
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", retryable{err: fmt.Errorf("%s: %v", name, context.Cause(ctx))}
		}
		if errors.Is(err, ErrTooBig) {
			return nil, "", fmt.Errorf("%s: %w of %d bytes", name, ErrTooBig, limit)
		}
		if errors.Is(err, errOnlySpace) {
			return nil, "", fmt.Errorf("%s: %w", name, err) // sent again, it would be again
		}
		return nil, "", retryable{err: fmt.Errorf("%s: the answer broke off: %v", name, err)}
	}
	if resp.ContentLength >= 0 && int64(len(data)) != resp.ContentLength {
		return nil, "", retryable{err: fmt.Errorf("%s: %d bytes of the %d announced", name, len(data), resp.ContentLength)}
	}
	switch enc {
	case "", "identity":
	case "gzip", "x-gzip":
		if sentAsStored(rel, data) || s.hashedAsSent(rel, data) {
			// A blob stored gzip'd, labelled so as it is sent (a
			// bucket's metadata): its bytes are those its name
			// checksums, which Spack verifies as they come; so is a
			// v2 index.json stored gzip'd, whose .hash names them.
			if int64(len(data)) > limit {
				return nil, "", fmt.Errorf("%s: %w of %d bytes", name, ErrTooBig, limit)
			}
			break
		}
		if data, err = gunzip(data, limit); err != nil {
			return nil, "", fmt.Errorf("%s: the answer's Content-Encoding is gzip: %w", name, err)
		}
	default:
		return nil, "", fmt.Errorf("%s: Content-Encoding %s, which cachediff does not read (it asks for gzip)", name, quoteField(enc))
	}
	if isMarkup(data) {
		// No file of a mirror begins with '<' (JSON, a clear-signed
		// message, gzip): a web site's page, a login page, or a proxy's.
		if last := resp.Request; last != nil && !strings.EqualFold(last.URL.Hostname(), req.URL.Hostname()) {
			// A single sign-on's login page, or a proxy's: the URL may
			// well be the mirror's root.
			return nil, "", fmt.Errorf("%s: an HTML or XML page (Content-Type %s), not a file of a Spack mirror: the mirror redirected to %s, which answered it (a login page?)", name, quoteField(resp.Header.Get("Content-Type")), quoteField(last.URL.Hostname()))
		}
		return nil, "", fmt.Errorf("%s: an HTML or XML page (Content-Type %s), not a file of a Spack mirror: is the URL the mirror's root (where build_cache/ or v3/ is)?", name, quoteField(resp.Header.Get("Content-Type")))
	}
	return data, resp.Header.Get("ETag"), nil
}

// drain reads what is left of body, an answer that is not the file (a
// 404's page, a 403's, a 5xx's), up to maxDrain bytes and for drainWait
// at most (cancel then gives the request up): net/http reuses a
// connection only for an answer read to its end, and closed unread, each
// probe's 404 (a v2 mirror's index manifest, layout.json) cost a
// connection of its own, with its TLS handshake: a v2 mirror's 4
// requests took 3 connections, not one.
func drain(body io.Reader, cancel context.CancelCauseFunc) {
	t := time.AfterFunc(drainWait, func() { cancel(errDrainWait) })
	defer t.Stop()
	io.CopyN(io.Discard, body, maxDrain)
}

// maxDrain and drainWait bound drain: an answer's page longer, or
// slower, closes its connection as before.
const (
	maxDrain  = 64 << 10
	drainWait = 250 * time.Millisecond
)

// errDrainWait is the cause a request is given up by when the rest of
// an answer that is not the file takes longer than drainWait.
var errDrainWait = errors.New("the rest of an answer that is not the file took too long")

// gzipBound is more than gzip makes of limit bytes, by any encoder: zlib
// writes what does not compress in stored blocks (5 bytes each up to
// 64 KiB, and 18 of header and trailer), and at worst (fixed Huffman
// codes, 9 bits a byte) one eighth more; a quarter more and 64 bytes is
// over either.
func gzipBound(limit int64) int64 {
	if limit > (math.MaxInt64-64)/5*4 {
		return math.MaxInt64
	}
	return limit + limit/4 + 64
}

// redirectedAway is an answer of another host than the mirror's, which
// the mirror redirected to: its 404 tells where the mirror's files were
// looked for.
type redirectedAway struct {
	err  error
	host string
}

func (e redirectedAway) Error() string { return e.err.Error() }
func (e redirectedAway) Unwrap() error { return e.err }

// sentAsStored reports whether rel is a blob, named by its sha256, and
// data is what that name checksums.
func sentAsStored(rel string, data []byte) bool {
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	if !strings.HasPrefix(rel, "blobs/sha256/") || !isHex64(name) {
		return false
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) == name
}

// hashedAsSent reports whether rel is the v2 index.json and data is what
// its index.json.hash, read before it, names: an index stored gzip'd
// (Spack reads the answer's bytes as they come), which inflated would
// fail its .hash, and be named otherwise than read from a folder.
func (s *httpStore) hashedAsSent(rel string, data []byte) bool {
	if rel != v2Index {
		return false
	}
	s.mu.Lock()
	h := s.v2hash
	s.mu.Unlock()
	return isHex64(h) && sha256Hex(data) == h
}

// isMarkup reports whether data begins, past white space and a BOM, with
// '<': HTML or XML, which no file of a mirror is.
func isMarkup(data []byte) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(data) > 0 && data[0] == '<'
}

// credentialsHint is what a 401 answer to req calls for: credentials,
// or others than those it carried. last is the request answered, which
// a redirect may have sent to another host, without the credentials.
func (s *httpStore) credentialsHint(req, last *http.Request) string {
	switch {
	case last != nil && !strings.EqualFold(last.URL.Hostname(), req.URL.Hostname()):
		return fmt.Sprintf("the mirror redirected to %s, which wants credentials: cachediff sends the mirror's credentials (of its URL or a .netrc file) to the mirror's host alone; give the mirror's URL on that host, with credentials for it", quoteField(last.URL.Hostname()))
	case s.base.User != nil:
		return "the credentials in the URL were refused"
	case req.Header.Get("Authorization") != "":
		return "the credentials of the .netrc file ($NETRC, else ~/.netrc) were refused"
	case s.base.RawQuery != "":
		return "the URL's query (a token?) was sent with each request, and refused: check it, or give credentials in the URL (https://USER:TOKEN@host/path) or in a .netrc file"
	}
	return "the mirror wants credentials: give them in the URL (https://USER:TOKEN@host/path) or in a .netrc file ($NETRC, else ~/.netrc: machine HOST login USER password TOKEN)"
}

var errTooManyRedirects = errors.New("too many redirects")

// ErrForbidden is the error of Store.Get for a file the server refuses
// (HTTP 403, wrapped). A public S3 bucket answers so for a file that is
// not there, to whom may not list the bucket: Open reads it as absent
// where it probes for a file of one layout, with a warning.
var ErrForbidden = errors.New("forbidden")

// forbidden is an HTTP 403 answer: ErrForbidden, its message the URL and
// the status.
type forbidden struct{ msg string }

func (e forbidden) Error() string        { return e.msg }
func (e forbidden) Is(target error) bool { return target == ErrForbidden }

// watchdog gives up a request that stalls: every Stall, it checks that
// the answer brought MinRate bytes a second since the last check, and
// cancels the request otherwise.
type watchdog struct {
	n       atomic.Int64 // bytes of the body read
	headers atomic.Bool  // the answer's headers came
	done    chan struct{}
}

// watch starts the watchdog of a request, which cancel gives up.
func (s *httpStore) watch(cancel context.CancelCauseFunc) *watchdog {
	stall, rate := s.h.Stall, s.h.MinRate
	if stall <= 0 {
		stall = DefaultStall
	}
	if rate <= 0 {
		rate = DefaultMinRate
	}
	least := max(1, int64(float64(rate)*stall.Seconds()))
	w := &watchdog{done: make(chan struct{})}
	after := s.h.StallAfter
	if after == nil {
		after = time.After
	}
	// The first wait is asked for here, before the request: each later
	// one after a check (in that order, for StallAfter's tests).
	next := after(stall)
	go func() {
		var last int64
		for {
			select {
			case <-w.done:
				return
			case <-next:
			}
			n := w.n.Load()
			switch {
			case n == 0 && !w.headers.Load():
				cancel(fmt.Errorf("no answer for %s: given up", stall))
				return
			case n-last < least:
				cancel(fmt.Errorf("fewer than %d bytes a second for %s: given up", rate, stall))
				return
			}
			last = n
			next = after(stall)
		}
	}()
	return w
}

func (w *watchdog) stop() { close(w.done) }

// countReader counts the bytes read through it into n.
type countReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countReader) Read(b []byte) (int, error) {
	k, err := c.r.Read(b)
	c.n.Add(int64(k))
	return k, err
}

// client is the HTTP client of the store: HTTP.Client, or one of
// transport; with the store's redirect policy (redirect) unless
// HTTP.Client has one of its own. Either way, a redirect sends no
// Referer: net/http's is the URL left, query included, and the mirror
// URL's query can be a token (?token=...), which another host must not
// be sent. Nor does a redirect to another host send the credentials of
// a .netrc file.
func (s *httpStore) client() *http.Client {
	c := &http.Client{Transport: transport()}
	if s.h.Client != nil {
		cc := *s.h.Client
		c = &cc
	}
	policy := c.CheckRedirect
	if policy == nil {
		policy = s.redirect
	}
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		req.Header.Del("Referer")
		if !strings.EqualFold(req.URL.Hostname(), via[0].URL.Hostname()) {
			// The credentials of a .netrc file are for the mirror's
			// host: net/http sends the header on to a subdomain of it
			// (as curl sends them to no other host). Credentials in
			// the URL net/http sends to no other host either.
			req.Header.Del("Authorization")
		}
		return policy(req, via)
	}
	return c
}

// maxHeaderBytes bounds the headers of an answer: a few hundred bytes in
// practice (net/http's own bound is 10 MB).
const maxHeaderBytes = 1 << 20

// transport is net/http's default transport (proxies from the
// environment, TLS verification), with headers bounded by
// maxHeaderBytes, and a proxy's answer to CONNECT kept whole
// (onProxyConnect).
var transport = sync.OnceValue(func() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxResponseHeaderBytes = maxHeaderBytes
	t.OnProxyConnectResponse = onProxyConnect
	return t
})

// errRedirect is the error of a redirect that is not followed.
var errRedirect = errors.New("redirected")

// redirect follows at most MaxRedirects redirects, and none that leads
// elsewhere than http:// or https:// (file:// would read the local
// disk), nor from https to http (which would send the request, and
// credentials with it, in the clear).
func (s *httpStore) redirect(req *http.Request, via []*http.Request) error {
	most := s.h.MaxRedirects
	if most <= 0 {
		most = 10
	}
	if len(via) > most {
		return fmt.Errorf("%w: stopped after %d", errTooManyRedirects, most)
	}
	to := strings.ToLower(req.URL.Scheme)
	switch {
	case to != "http" && to != "https":
		return fmt.Errorf("%w to %s: a mirror URL is followed to http:// and https:// only", errRedirect, Redact(req.URL.String()))
	case to == "http" && strings.EqualFold(via[len(via)-1].URL.Scheme, "https"):
		return fmt.Errorf("%w from https to %s: refused, as it would send the request (and any credentials) in the clear", errRedirect, Redact(req.URL.String()))
	}
	if s.h.Client == nil {
		// The proxy setting net/http uses for this hop, checked as the
		// mirror's is in Open: an http:// mirror redirecting to https://
		// (HTTPS_PROXY), or to a host NO_PROXY does not name.
		if err := proxySettingError(req.URL); err != nil {
			return fmt.Errorf("%w to %s: %v", errRedirect, Redact(req.URL.String()), err)
		}
	}
	return nil
}

// progressReader reports the bytes read, every 256 KB.
type progressReader struct {
	r           io.Reader
	name        string
	done, total int64
	last        int64
	report      func(string, int64, int64)
}

// end makes the last call, done == total: the download's end, whole or
// not (a terminal's progress line is cleared either way).
func (p *progressReader) end() { p.report(p.name, p.done, p.done) }

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.done += int64(n)
	if p.done-p.last >= 256<<10 {
		p.last = p.done
		p.report(p.name, p.done, p.total)
	}
	return n, err
}

// netrcPath is the .netrc file read for credentials: path, else
// $NETRC, else ~/.netrc ("" when there is no home folder).
func netrcPath(path string) string {
	if path == "" {
		path = os.Getenv("NETRC")
	}
	if path == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		path = filepath.Join(home, ".netrc")
	}
	return path
}

// netrcLogin returns the login and password of host in the .netrc file
// path: "machine HOST login L password P", or a "default" entry.
func netrcLogin(path, host string) (string, string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 1<<20))
	sc.Split(bufio.ScanWords)
	var words []string
	for sc.Scan() {
		words = append(words, sc.Text())
	}
	var login, pass string
	match, found := false, false
	for i := 0; i < len(words); i++ {
		switch words[i] {
		case "machine":
			if found {
				return login, pass, true
			}
			match = i+1 < len(words) && strings.EqualFold(words[i+1], host)
			i++
		case "default":
			if found {
				return login, pass, true
			}
			match = true
		case "login":
			if match && i+1 < len(words) {
				login, found = words[i+1], true
			}
			i++
		case "password":
			if match && i+1 < len(words) {
				pass, found = words[i+1], true
			}
			i++
		case "macdef":
			return login, pass, found // a macro runs to a blank line: stop
		}
	}
	return login, pass, found
}
