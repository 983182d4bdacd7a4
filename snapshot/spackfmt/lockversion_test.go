package spackfmt

import (
	"errors"
	"strings"
	"testing"
)

// TestLockfileVersionString (adversarial pass 78): a lockfile whose
// version is a string ("6") was read as version 6, where Spack looks its
// reader up by the number, finds none and refuses the file. It is an
// error at the version; the number is read.
func TestLockfileVersionString(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	lock := func(v string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":` + v + `,"specfile-version":5},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{"` + a + `":{"name":"curl","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"` + a + `"}}}`
	}
	_, err := Decode("spack.lock", []byte(lock(`"6"`)))
	var e *Error
	if !errors.As(err, &e) || e.Path != "_meta.lockfile-version" || !strings.Contains(e.Msg, "Spack refuses a lockfile whose version is a string") {
		t.Errorf(`lockfile-version "6": %v, want an error at it`, err)
	}
	if set, err := Decode("spack.lock", []byte(lock(`6`))); err != nil || set.Version != 6 {
		t.Errorf("lockfile-version 6: %v", err)
	}
}

// TestLockfileVersionFloat (81st adversarial pass): Spack looks a
// lockfile's reader up by its version (READER_CLS[v]), and in Python 6.0
// finds 6's: a version written 6.0 or 6e0 is read as 6, where it was
// refused as a bad version; 6.5 finds none, and is an error that says so.
func TestLockfileVersionFloat(t *testing.T) {
	const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	lock := func(v string) string {
		return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":` + v + `,"specfile-version":5},"roots":[{"hash":"` + a + `","spec":"curl"}],"concrete_specs":{"` + a + `":{"name":"curl","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":"` + a + `"}}}`
	}
	for _, v := range []string{"6.0", "6e0", "60e-1", "6.000"} {
		if set, err := Decode("spack.lock", []byte(lock(v))); err != nil || set.Version != 6 {
			t.Errorf("lockfile-version %s: %v, want version 6", v, err)
		}
	}
	for _, v := range []string{"6.5", "1e400", "-0.5"} {
		_, err := Decode("spack.lock", []byte(lock(v)))
		var e *Error
		if !errors.As(err, &e) || e.Path != "_meta.lockfile-version" || !strings.Contains(e.Msg, "not a whole number") {
			t.Errorf("lockfile-version %s: %v, want an error saying it is no whole number", v, err)
		}
	}
}
