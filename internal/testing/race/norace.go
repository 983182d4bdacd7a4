//go:build !race

package race

// Enabled says this test binary runs under the race detector.
const Enabled = false
