package mirror_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

func TestZZView(t *testing.T) {
	dir := oldV3(t)
	srv := newServer(t, dir)
	for _, mode := range []string{"bad", "500", "403", "big", "nojson"} {
		srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
			if !strings.Contains(r.URL.Path, "/index/") {
				return false
			}
			switch mode {
			case "bad":
				w.Write([]byte("{"))
			case "500":
				http.Error(w, "x", 500)
			case "403":
				http.Error(w, "x", 403)
			case "big":
				w.Write([]byte(strings.Repeat(" ", 2<<20)))
			case "nojson":
				w.Write([]byte(`{"mediaType":"x","layers":[]}`))
			}
			return true
		}
		for _, view := range []string{"g\u0435", "x%41", "a: b", " g", "%", strings.Repeat("v", 300)} {
			h := &mirror.HTTP{NoCache: true, Retries: -1}
			src, err := h.Open(srv.URL+"/", mirror.Options{View: view})
			if err == nil {
				_, err = snapshot.LoadFrom(src, snapshot.Options{})
			}
			m := fmt.Sprint(err)
			fmt.Printf("%s %q: %s\n", mode, view, strings.ReplaceAll(m, srv.URL, "URL"))
		}
	}
}
