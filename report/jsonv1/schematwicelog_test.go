package jsonv1

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestSchemaTwiceNewerStepEitherOrder (issue 35 class e: the order of
// two values chose the message): a log whose "schema" is written twice
// and one of whose steps lists a feature of a newer cachediff names that
// feature whichever value is first. With the log's schema first,
// DecodeLog names it (stepsFeature, before the shape's refusal); with
// the other first ("cachediff/log/v2", "cachediff/v2" or
// "cachediff/v1"), decodeBytes refused the key twice and named no step.
func TestSchemaTwiceNewerStepEitherOrder(t *testing.T) {
	_, log := chainUpdJSON(t, 60)
	newer := bytes.Replace(log, []byte(`"based-sets"`), []byte(`"based-sets", "zz"`), 1)
	if bytes.Equal(newer, log) {
		t.Fatal("bad test: no step of the log lists based-sets")
	}
	const want = `steps[0].features[1]: "zz" is not a feature this cachediff reads`
	decode := func(data []byte) error {
		if IsLog(data) {
			_, err := DecodeLog(data)
			return err
		}
		_, err := DecodeBytes(data)
		return err
	}
	was := []byte(`"schema": "cachediff/log/v1",`)
	if err := decode(newer); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("bad test: the newer log alone: %v", err)
	}
	for _, other := range []string{"cachediff/log/v2", "cachediff/v2", "cachediff/v1"} {
		for _, values := range [][2]string{{"cachediff/log/v1", other}, {other, "cachediff/log/v1"}} {
			to := fmt.Sprintf(`"schema": %q, "schema": %q,`, values[0], values[1])
			err := decode(bytes.Replace(newer, was, []byte(to), 1))
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v; want an error with %q", to, err, want)
			}
		}
		// Without a newer feature, the key twice either way.
		for _, values := range [][2]string{{"cachediff/log/v1", other}, {other, "cachediff/log/v1"}} {
			to := fmt.Sprintf(`"schema": %q, "schema": %q,`, values[0], values[1])
			err := decode(bytes.Replace(log, was, []byte(to), 1))
			if err == nil || !strings.Contains(err.Error(), `key "schema" is there twice`) {
				t.Errorf("%s, no newer feature: %v; want the key twice", to, err)
			}
		}
	}
}
