package jsonv1

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestOverridePathOfOneName (issue 35 class b): cachediff overrides a
// cause of a set's base only by a path of one name (a dependency's own
// change, or an edge change of the pair), shorter than any through the
// base. render read an override whose path was longer, a report the
// engine could not have written, and said the pairs of the set reach
// the cause by it: now refused, naming the path.
func TestOverridePathOfOneName(t *testing.T) {
	for _, names := range []int{2, 3} {
		t.Run(fmt.Sprint(names), func(t *testing.T) {
			r := chainHubReport(t, 60, 2)
			k, i := overrideSet(t, r)
			c := r.Causes
			set := slices.Clone(c.Sets[k])
			// The path goes first to the set's base's dependency (a
			// changed dependency of the pair), as every path of the
			// pair does, then to the override's cause.
			if set[0].SetBase == nil {
				t.Fatalf("set %d has no base first", k)
			}
			first := c.Paths[set[0].SetBase.Via].Name
			next := set[i].Path
			for x := range names - 1 {
				n, name := next, first
				if x < names-2 {
					name = fmt.Sprintf("z%d", x)
				}
				c.Paths = append(c.Paths, diff.PathLink{Name: name, Next: &n})
				next = len(c.Paths) - 1
			}
			set[i].Path = next
			c.Sets[k] = set
			want := fmt.Sprintf("causes.sets[%d][%d].path: a path of %d names: an override holds its cause by a path of one name", k, i, names)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%v; want an error with %q", err, want)
			}
		})
	}
}
