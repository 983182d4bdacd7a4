package diff

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/quicktest"
)

// TestMain: under -short, the tests' process collects its garbage less
// often (quicktest.Collect).
func TestMain(m *testing.M) { quicktest.Main(m) }
