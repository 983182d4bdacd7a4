// Package lint holds checks over the whole repository's source that go vet
// does not make, run as tests.
package lint
