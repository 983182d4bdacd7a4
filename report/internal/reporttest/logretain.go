package reporttest

import (
	"fmt"
	"runtime"
	"testing"
)

// RetainedPerStep is the bytes a log writer holds per step until it is
// written, measured between a log of 1,000 steps and one of 4,000, each
// step a report of one rebuilt spec (OnePackage) between two snapshots
// named by their paths: what the writer holds however many steps came
// before. newWriter makes a writer that spills at once; the spill's
// temporary files go to a TMPDIR of the test's own. It also returns the
// bytes held after the few steps and after the many, for the message.
func RetainedPerStep[W LogWriter](t *testing.T, newWriter func() W) (per, few, many uint64) {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	retained := func(steps int) uint64 {
		l := newWriter()
		defer l.Close()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for k := range steps {
			r := OnePackage("ccache")
			r.Old.Path, r.New.Path = fmt.Sprintf("s%05d", k), fmt.Sprintf("s%05d", k+1)
			r.Old.Tag, r.New.Tag = "", ""
			if err := l.Step(r); err != nil {
				t.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(l)
		return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	const fewSteps, manySteps = 1000, 4000
	few, many = retained(fewSteps), retained(manySteps)
	per = (many - min(many, few)) / (manySteps - fewSteps)
	t.Logf("%d bytes a step (%d at %d steps, %d at %d)", per, few, fewSteps, many, manySteps)
	return per, few, many
}
