package diff

import "strings"

// changeOrder is the key that orders cause groups of the same size and
// package (Explain): their changes as report.ChangeText writes them, so
// that a report lists such groups in the order of their text. It is only
// compared, never shown: diff writes no text for people. TestChangeOrder
// and report's TestChangeText hold the two to the same strings.
func changeOrder(cs []Change) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		switch c.Kind {
		case "version":
			b.WriteString(c.From + " → " + c.To)
		case "added":
			b.WriteString("added (" + c.To + ")")
		case "removed":
			b.WriteString("removed (" + c.From + ")")
		case "recipe":
			b.WriteString("recipe changed")
		case "other":
			if c.From != c.To { // an edge's deptypes or virtuals
				b.WriteString(c.From + " → " + c.To)
			} else {
				b.WriteString("hash changed")
			}
		default:
			b.WriteString(c.Kind + " " + orNone(c.From) + " → " + orNone(c.To))
		}
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
