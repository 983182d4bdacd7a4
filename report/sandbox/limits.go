package sandbox

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"
	"text/template/parse"
	"time"
)

// Limits bound what a user template (--template) may do. A template may
// come from a pull request and runs next to CI secrets, and text/template
// with sprig bounds nothing but recursion: {{ range 100000000000 }} never
// ends, {{ repeat 2000000000 "x" }} asks for gigabytes. Execute enforces
// these; a zero field takes its default (DefaultLimits). The defaults are
// sized for the largest catalogue cachediff is measured on (240,000 specs
// a side, docs/performance.md), where the JSON report of a week of full
// churn is about 0.5 GB and its lists hold a few hundred thousand items.
type Limits struct {
	// Time is how long the template may run. text/template cannot be
	// cancelled: Execute checks the clock before every node of the
	// template (see instrument) and gives up waiting after it.
	Time time.Duration
	// Output is the most bytes the template may write.
	Output int64
	// String is the longest string, in bytes, a function may make.
	String int
	// Items is the most elements of a list or entries of a dict a
	// function may make.
	Items int
	// Memory is the most memory the template may hold on top of what was
	// in use when it started (the report itself).
	Memory int64
}

// The default limits, and why.
const (
	// A template that writes a line per spec of a 240k-spec catalogue
	// runs for seconds (text/template takes about a microsecond a node);
	// a minute is ten times that, and still fails a CI job long before
	// the job's own timeout (6 hours on GitHub).
	defaultTime = time.Minute
	// 1 GiB is twice the JSON report of a 240k-spec week of full churn:
	// no reader of a template's output wants more, and a runner's disk
	// does not fill.
	defaultOutput = 1 << 30
	// 256 MiB holds the report as JSON (toJson ., 500 bytes a spec of
	// the two sides: 60 MB for a real 60k-spec week, 240 MB at 240k
	// specs; toPrettyJson .Packages twice that), and anything else a
	// report gives. One call of a function that makes more than it is
	// given (html, b64enc, plain) makes at most a few times that before
	// its result is checked; Memory stops those that build it bit by bit.
	defaultString = 256 << 20
	// 4,194,304 items is 16 times the specs of a 240k-spec catalogue: a
	// template can list every spec of both sides several times over.
	defaultItems = 1 << 22
	// 1 GiB beyond the report is more than any of the above needs, and
	// fits a CI runner (GitHub's smallest has 7 GB).
	defaultMemory = 1 << 30
)

// DefaultLimits returns the limits Execute applies to a zero Limits.
func DefaultLimits() Limits {
	return Limits{Time: defaultTime, Output: defaultOutput, String: defaultString, Items: defaultItems, Memory: defaultMemory}
}

// orDefaults fills the zero fields of l with the defaults.
func (l Limits) orDefaults() Limits {
	d := DefaultLimits()
	if l.Time <= 0 {
		l.Time = d.Time
	}
	if l.Output <= 0 {
		l.Output = d.Output
	}
	if l.String <= 0 {
		l.String = d.String
	}
	if l.Items <= 0 {
		l.Items = d.Items
	}
	if l.Memory <= 0 {
		l.Memory = d.Memory
	}
	return l
}

// The limits that stop a running template (LimitError.Limit). The limits
// on what one function makes (Limits.String, Limits.Items) are errors of
// that function call instead, placed by text/template itself.
const (
	LimitTime   = "time"
	LimitOutput = "output"
	LimitMemory = "memory"
)

// LimitError is a user template stopped by one of its Limits.
type LimitError struct {
	// Where is the template, line and column of the node the template was
	// running ("notes.tmpl:12:5"), or the template's name alone when it
	// had not reached its first node.
	Where string
	// Limit is the limit hit: LimitTime, LimitOutput or LimitMemory.
	Limit string
	// Max is that limit's value, written for people ("1m0s", "1 GiB").
	Max string
}

func (e *LimitError) Error() string {
	var what string
	switch e.Limit {
	case LimitTime:
		what = "ran for longer than " + e.Max + ", the time limit of a template"
	case LimitOutput:
		what = "would write more than " + e.Max + ", the output limit of a template"
	case LimitMemory:
		what = "held more than " + e.Max + " of memory, the memory limit of a template"
	}
	return fmt.Sprintf("template: %s: stopped: %s", e.Where, what)
}

// errStopped is what a check returns to text/template once the guard has
// stopped the template; Execute returns the guard's LimitError instead.
var errStopped = errors.New("stopped by a limit")

// guard enforces Limits on one execution of a user template.
type guard struct {
	lim  Limits
	name string // the template's name, for a stop before its first node

	stop   atomic.Bool  // set once a limit is hit: every check fails from then on
	reason atomic.Value // the *LimitError of the first limit hit
	at     atomic.Int64 // the last site the template reached, -1 before any
	sites  []site       // the sites of the ticks, by id
	marks  []byte       // the ticks' texts are empty slices of it (see instrument)

	tmpl  *template.Template // the clone being run, whose own "pkgdetails" the pkgdetails function runs
	funcs template.FuncMap   // the clone's functions (boundFuncs), which say what an action's last call returns
	out   *limitWriter
	ended chan struct{} // closed when the template has ended, stopped or not
}

// site is a node of the template a tick stands before.
type site struct {
	tree *parse.Tree
	node parse.Node
}

func newGuard(lim Limits, name string) *guard {
	g := &guard{lim: lim.orDefaults(), name: name, ended: make(chan struct{})}
	g.at.Store(-1)
	return g
}

// stopFor stops the template for limit (the first limit hit wins).
func (g *guard) stopFor(limit string) {
	where := g.name
	if i := g.at.Load(); i >= 0 && int(i) < len(g.sites) {
		s := g.sites[i]
		where, _ = s.tree.ErrorContext(s.node)
		if strings.Contains(g.name, "%") {
			where = strings.ReplaceAll(where, "%%", "%") // ParseTemplate's doubled percent signs
		}
	}
	var value string
	switch limit {
	case LimitTime:
		value = g.lim.Time.String()
	case LimitOutput:
		value = sizeString(g.lim.Output)
	case LimitMemory:
		value = sizeString(g.lim.Memory)
	}
	g.reason.CompareAndSwap(nil, &LimitError{Where: where, Limit: limit, Max: value})
	g.stop.Store(true)
}

// stopWait is how long run waits, once a limit is hit, for the template
// to reach its next check and end.
const stopWait = 100 * time.Millisecond

// memoryPoll is how often run measures the memory in use.
const memoryPoll = 10 * time.Millisecond

// run runs exec, the template's execution, in a goroutine of its own, and
// stops it when it runs out of time or memory. It returns exec's error, or
// the LimitError of the limit that stopped it.
//
// text/template cannot be cancelled. A stopped template ends at its next
// check (every node and every function call check; see instrument), which
// is at once for a loop however empty. A template busy in one long call
// (sprig's uniq is quadratic, fmt printing a list nested a thousand times
// over) cannot be stopped at all: after stopWait run returns without it,
// and the goroutine is abandoned, still running. That is acceptable here
// because the only caller of Execute that runs untrusted templates is the
// cachediff command, which exits as soon as Execute returns; an abandoned
// goroutine cannot write anything more (the output is closed to it). A
// long-lived program would have to run templates in a process of its own.
func (g *guard) run(exec func() error) error {
	done := make(chan error, 1)
	base := readMemory()
	go func() {
		defer close(g.ended)
		done <- exec()
	}()
	timer := time.NewTimer(g.lim.Time)
	defer timer.Stop()
	poll := time.NewTicker(memoryPoll)
	defer poll.Stop()
	for !g.stop.Load() {
		select {
		case err := <-done:
			return g.result(err)
		case <-timer.C:
			g.stopFor(LimitTime)
		case <-poll.C:
			if readMemory().over(base, g.lim.Memory) {
				g.stopFor(LimitMemory)
			}
		}
	}
	g.out.close()
	select {
	case err := <-done:
		return g.result(err)
	case <-time.After(stopWait):
		return g.result(errStopped) // abandoned: see above
	}
}

// result is the error of an execution that ended with err: the limit that
// stopped it, if one did.
func (g *guard) result(err error) error {
	if r, ok := g.reason.Load().(*LimitError); ok && err != nil {
		return r
	}
	return err
}

// memory is a reading of the Go runtime's memory.
type memory struct {
	objects uint64 // heap objects, live or not yet swept
	live    uint64 // heap objects found live by the last collection
	stacks  uint64 // goroutine stacks
	gogc    int64  // the collector's GOGC; -1 when off
	limit   uint64 // the runtime's soft memory limit (math.MaxInt64: none)
}

var memorySamples = []string{"/memory/classes/heap/objects:bytes", "/gc/heap/live:bytes",
	"/memory/classes/heap/stacks:bytes", "/gc/gogc:percent", "/gc/gomemlimit:bytes"}

// readMemory reads the runtime's memory now.
func readMemory() memory {
	s := make([]metrics.Sample, len(memorySamples))
	for i, name := range memorySamples {
		s[i].Name = name
	}
	metrics.Read(s)
	get := func(i int) uint64 {
		if s[i].Value.Kind() == metrics.KindUint64 {
			return s[i].Value.Uint64()
		}
		return 0
	}
	// GOGC=off reads as -1, in a uint64.
	return memory{objects: get(0), live: get(1), stacks: get(2), gogc: int64(get(3)), limit: get(4)}
}

// maxStack is the most the goroutine stacks may grow while a template
// runs: a goroutine's stack past 1 GB ends the process (fmt printing a
// list nested millions deep recurses that far), so the template is
// stopped well before, whatever Limits.Memory.
const maxStack = 256 << 20

// over reports whether m, read while a template runs, holds more than
// limit bytes on top of base, read when it started. The heap is measured
// from everything allocated at the start (an upper bound of what was live
// then) to what the last collection found live: garbage the template
// made and dropped does not count, so a template that churns is not
// stopped. A collection comes late when the heap grows fast, so the heap
// as a whole is checked too, against what the collector lets it reach
// before it collects (GOGC), were the live heap at the limit. With the
// pace off (GOGC=off) only the runtime's soft memory limit starts a
// collection: the heap may reach it, or the budget if more; with neither
// no collection comes, the live heap is never read again, and what the
// template made is held, garbage or not: a template under GOGC=off
// without a memory limit held all it made, never stopped.
func (m memory) over(base memory, limit int64) bool {
	if m.stacks > base.stacks+maxStack {
		return true
	}
	budget := base.objects + uint64(limit)
	if m.live > budget {
		return true
	}
	if m.gogc < 0 {
		reach := budget
		if m.limit < math.MaxInt64 {
			reach = max(budget, m.limit)
		}
		return m.objects > reach+64<<20
	}
	return m.objects > budget+budget*uint64(m.gogc)/100+64<<20
}

// limitWriter is a user template's output: it counts the bytes against
// Limits.Output, and refuses every write once the template is stopped, so
// that an abandoned template writes nothing more.
type limitWriter struct {
	g      *guard
	w      io.Writer
	mu     sync.Mutex
	n      int64
	closed bool
}

func (lw *limitWriter) Write(p []byte) (int, error) {
	if id := lw.g.tickID(p); id >= 0 {
		lw.g.at.Store(int64(id))
		if lw.g.stop.Load() {
			return 0, errStopped
		}
		return 0, nil
	}
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.closed || lw.g.stop.Load() {
		return 0, errStopped
	}
	if int64(len(p)) > lw.g.lim.Output-lw.n {
		lw.g.stopFor(LimitOutput)
		lw.closed = true
		return 0, errStopped
	}
	n, err := lw.w.Write(p)
	lw.n += int64(n)
	return n, err
}

// close refuses every write from now on, waiting for one in progress.
func (lw *limitWriter) close() {
	lw.mu.Lock()
	lw.closed = true
	lw.mu.Unlock()
}

// instrument puts a tick before every node of every template of t (the
// root and each define), and at the start of every empty branch (the body
// of {{ range 100000000000 }}{{ end }}), so that a running template
// passes a check at every step: the check stops it once a limit is hit,
// and says where it was. A tick is a text node of no text, which
// text/template writes to the output like any other (limitWriter.Write):
// a function call would cost more than the node it stands before. Each
// tick's empty text is a slice of its own of g.marks, by which Write
// tells which tick it is. The trees are copies: t's own, which its clones
// share, are left as they are.
func (g *guard) instrument(t *template.Template) error {
	var ticks []*parse.TextNode
	for _, tt := range t.Templates() {
		if tt.Tree == nil || tt.Tree.Root == nil {
			continue
		}
		tree := tt.Tree.Copy()
		g.list(tree, tree.Root, nil, &ticks)
		if _, err := t.AddParseTree(tt.Name(), tree); err != nil {
			return err
		}
	}
	g.marks = make([]byte, len(ticks))
	for id, n := range ticks {
		n.Text = g.marks[id:id]
	}
	return nil
}

// list puts ticks into l, a list of tree; owner is the node whose branch
// l is, which an empty l's tick stands for.
func (g *guard) list(tree *parse.Tree, l *parse.ListNode, owner parse.Node, ticks *[]*parse.TextNode) {
	if l == nil {
		return
	}
	tick := func(n parse.Node) parse.Node {
		g.sites = append(g.sites, site{tree, n})
		t := &parse.TextNode{NodeType: parse.NodeText, Pos: n.Position()}
		*ticks = append(*ticks, t)
		return t
	}
	nodes := make([]parse.Node, 0, 2*len(l.Nodes)+1)
	if len(l.Nodes) == 0 && owner != nil {
		nodes = append(nodes, tick(owner))
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.CommentNode:
			nodes = append(nodes, n)
			continue
		case *parse.IfNode:
			g.list(tree, n.List, n, ticks)
			g.list(tree, n.ElseList, n, ticks)
		case *parse.RangeNode:
			g.list(tree, n.List, n, ticks)
			g.list(tree, n.ElseList, n, ticks)
		case *parse.WithNode:
			g.list(tree, n.List, n, ticks)
			g.list(tree, n.ElseList, n, ticks)
		case *parse.ActionNode:
			if len(n.Pipe.Decl) == 0 && g.mayPrintAddr(n.Pipe) { // what it prints, through shown
				id := parse.NewIdentifier(shownFunc).SetTree(tree).SetPos(n.Pos)
				n.Pipe.Cmds = append(n.Pipe.Cmds, &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Pos, Args: []parse.Node{id}})
			}
		}
		nodes = append(nodes, tick(n), n)
	}
	l.Nodes = nodes
}

// tickID tells a tick's write (see instrument) from any other: the id of
// the tick, or -1.
func (g *guard) tickID(p []byte) int {
	if len(p) != 0 || cap(p) == 0 || cap(p) > len(g.marks) {
		return -1
	}
	id := len(g.marks) - cap(p)
	if &p[:1][0] != &g.marks[id] {
		return -1
	}
	return id
}

// sizeString writes n bytes for people: "256 MiB" when n is a whole number
// of KiB, MiB or GiB, else "1,234,567 bytes".
func sizeString(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d %s", n>>u.shift, u.name)
		}
	}
	return countString(n) + " bytes"
}

// countString writes n with thousands separators: 4,194,304.
func countString(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	var b []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}
