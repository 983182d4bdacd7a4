// Package race says whether the tests run under the race detector, which
// allocates for its own bookkeeping: the tests that hold the bytes a
// program allocates to a bound skip there (Enabled).
package race
