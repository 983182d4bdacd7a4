package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
)

// logText writes the terminal log: per step, newest first, the text
// report's headline and its package lines; then the series.
type logText struct {
	w     io.Writer
	o     LogOptions
	n     int    // steps so far
	steps *spill // their text, one piece each
}

func (l *logText) Kept() int64 { return l.steps.inMemory() }

func (l *logText) Step(r *diff.Report) error {
	o := l.o.Options
	l.n++
	o.Title = "step " + strconv.Itoa(l.n)
	if sub := l.o.Subjects[r.New.Rev]; sub != "" {
		o.Title += " · " + sub
	}
	var b bytes.Buffer
	if err := renderText(&b, r, o); err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = "  " + lines[i]
	}
	if l.steps == nil {
		l.steps = newSpill(l.o.spillAt)
	}
	_, err := l.steps.add([]byte(strings.Join(lines, "\n") + "\n"))
	return err
}

func (l *logText) Finish(s *diff.Series) error {
	defer l.steps.close()
	bw := bufio.NewWriterSize(l.w, 64<<10)
	var b strings.Builder
	n := len(s.Snapshots)
	labels := snapshotLabels(s.Snapshots)
	title := l.o.Title
	if title == "" {
		title = "cachediff log"
	}
	fmt.Fprintf(&b, "%s: %s → %s: %s, %s\n", paintStr(l.o.Color, "bold", plainText(title)), plainText(labels[0]), plainText(labels[n-1]),
		plural(n, "snapshot"), plural(l.n, "step"))
	if note := RevsNote(s.Revs); note != "" {
		b.WriteString(plainText(note) + "\n")
	}
	bw.WriteString(b.String())
	b.Reset()
	for k := l.n - 1; k >= 0; k-- {
		if err := l.steps.writePiece(bw, k); err != nil {
			return err
		}
	}
	label := func(i int) string { return plainText(labels[i]) }
	var came []string
	for _, p := range s.Timeline.Packages {
		if p.CameAndWent(n) {
			came = append(came, "  "+plainText(p.Name)+": "+runsText(p.Present, n, label))
		}
	}
	if came != nil {
		b.WriteString("packages that came and went:\n" + strings.Join(came, "\n") + "\n")
	}
	var lines, steady []string
	for _, p := range s.Timeline.Packages {
		if throughout(p, n) {
			steady = append(steady, plainText(p.Name+" "+versionList(p)))
			continue
		}
		for _, v := range p.Versions {
			lines = append(lines, "  "+plainText(p.Name)+" "+plainText(v.Version)+": in the cache "+runText(v.Span, n, label))
		}
	}
	if lines != nil {
		b.WriteString("timeline of versions:\n" + strings.Join(lines, "\n") + "\n")
	}
	if steady != nil {
		b.WriteString("the same versions in every snapshot: " + strings.Join(steady, ", ") + "\n")
	}
	bw.WriteString(b.String())
	return bw.Flush()
}
