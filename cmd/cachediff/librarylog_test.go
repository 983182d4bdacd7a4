package main

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
)

// TestLibraryLogQuiet (adversarial pass 217b, issue 35 class e): a
// mirror's server that sends more bytes than the Content-Length of its
// answer (build_cache/index.json, read whole) made net/http write a line
// of its own on standard error, through the standard logger: "2026/12/04
// 14:24:21 Unsolicited response received on idle HTTP channel starting
// with "\n::error::..."; err=<nil>", in no format of cachediff's and of
// no use to the user. cachediff, a real process here (the standard
// logger is the process's), writes only its own lines.
func TestLibraryLogQuiet(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the child trusts the test server's certificate through SSL_CERT_FILE, which Go reads on Linux")
	}
	dir := t.TempDir()
	index, err := os.ReadFile("../../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "mirror")
	if err := mirrorgen.V2(root, index); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/build_cache/index.json" {
			mirrorgen.Handler(root, nil).ServeHTTP(w, r)
			return
		}
		c, bw, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		mu.Lock()
		conns = append(conns, c)
		mu.Unlock()
		// The index whole, as its Content-Length says, and then more.
		fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", len(index))
		bw.Write(index)
		bw.WriteString("\n::error::more than the Content-Length\r\n")
		bw.Flush()
	}))
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
		srv.Close()
	})
	ca := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	local := filepath.Join(dir, "index.json")
	if err := os.WriteFile(local, index, 0o644); err != nil {
		t.Fatal(err)
	}
	args, err := json.Marshal([]string{"--no-cache", "-q", local, srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLibraryLogChild$", "-test.count=1")
	cmd.Args[0] = "logchild" // not a command of TestMain's: the tests run
	cmd.Env = append(os.Environ(), logChildEnv+"="+string(args), "SSL_CERT_FILE="+ca, "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || !bytes.Contains(out, []byte("logchild: exit 0\n")) {
		t.Fatalf("the child: %v\n%s%s", err, out, stderr.Bytes())
	}
	for line := range strings.Lines(stderr.String()) {
		if !strings.HasPrefix(line, "cachediff: ") && !strings.HasPrefix(line, "  ") {
			t.Errorf("standard error holds a line not of cachediff's:\n%s", line)
		}
	}
}

// logChildEnv holds the arguments, as JSON, of the command that
// TestLibraryLogChild runs in the child process TestLibraryLogQuiet
// starts.
const logChildEnv = "CACHEDIFF_LOGCHILD_ARGS"

// TestLibraryLogChild is the child process of TestLibraryLogQuiet: it
// runs the command as main does (newCLI) and prints its exit code. It
// runs only there.
func TestLibraryLogChild(t *testing.T) {
	spec := os.Getenv(logChildEnv)
	if spec == "" {
		t.Skip("the child process of TestLibraryLogQuiet; it runs only under it")
	}
	var args []string
	if err := json.Unmarshal([]byte(spec), &args); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("logchild: exit %d\n", newCLI().run(args))
}
